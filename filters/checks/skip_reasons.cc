#include "filters/checks/skip_reasons.h"

#include "filters/verdict/json_string.h"

namespace groundgate::filters::checks {

void SkipReasons::add(std::string_view reason) {
  auto at = counts_.find(reason);
  if (at == counts_.end()) at = counts_.emplace(std::string(reason), 0).first;
  ++at->second;
}

std::size_t SkipReasons::total() const {
  std::size_t n = 0;
  for (const auto& [reason, count] : counts_)
    n += count;
  return n;
}

std::string SkipReasons::json_members() const {
  std::string out = "\"skipped\":" + std::to_string(total());
  if (counts_.empty()) return out;
  out += ",\"skip_reasons\":{";
  bool first = true;
  for (const auto& [reason, n] : counts_) {
    if (!first) out += ',';
    first = false;
    verdict::append_json_string(out, reason);
    out += ':' + std::to_string(n);
  }
  return out + "}";
}

}  // namespace groundgate::filters::checks
