#include "filters/judge/judge_call.h"

#include <array>

namespace groundgate::filters::judge {

std::string_view to_string(CallStatus status) {
  static constexpr std::array<std::string_view, kCallStatusCount> kNames{
      "ok", "timeout", "failed", "http_error", "unreadable", "garbage", "cancelled"};
  return kNames[static_cast<std::size_t>(status)];
}

bool is_failure(CallStatus status) {
  return status != CallStatus::kOk && status != CallStatus::kCancelled;
}

}  // namespace groundgate::filters::judge
