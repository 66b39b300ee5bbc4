#pragma once
// One model call of the judge, as the methods see it: the messages and sampling asked for, and
// what came back. The proxy writes the request in the judge endpoint's API shape and reads the
// answer (filters/model); the methods never see bytes on the wire.

#include <cstdint>
#include <string>
#include <string_view>

namespace groundgate::filters::judge {

struct Call {
  std::string instructions;  // the system message
  std::string prompt;        // the user message
  double temperature = 0;
  std::uint32_t max_tokens = 0;  // the answer's bound; 0: the endpoint's own
};

// How a call ended, as the metrics count it (groundgate_judge_calls_total{outcome}).
enum class CallStatus : std::uint8_t {
  kOk,          // an answer in the form the method asked for
  kTimeout,     // no answer within the judge's timeout
  kFailed,      // no response: connect, TLS, a broken or oversized response
  kHttpError,   // a response with a non-2xx status
  kUnreadable,  // a 2xx body that is no model answer of the endpoint's API
  kGarbage,     // a model answer whose text is not in the form the method asked for
  kCancelled,   // the stream ended first (not the judge's fault)
};
inline constexpr std::size_t kCallStatusCount = 7;

std::string_view to_string(CallStatus status);
// A failure of the judge's endpoint or model (what opens the circuit breaker); kOk and
// kCancelled are not.
bool is_failure(CallStatus status);

struct Usage {
  std::uint64_t input_tokens = 0;
  std::uint64_t output_tokens = 0;
};

struct CallAnswer {
  CallStatus status = CallStatus::kFailed;
  std::string text;   // the model's text (kOk, kGarbage)
  std::string error;  // why there is no usable answer, for people
  Usage usage;        // as the answer's `usage` reports it (0 when it has none)
};

}  // namespace groundgate::filters::judge
