#pragma once
// One access log line. Content-free by construction: there is no field for a header, a
// body, a prompt or an answer, and the path loses its query string (it can carry keys).

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace groundgate::proxy::observability {

struct AccessLogRecord {
  std::chrono::system_clock::time_point start_time;  // when the request arrived
  std::string request_id;
  std::string route;
  std::string upstream;
  std::string model;
  std::string method;
  std::string path;  // to_json() drops anything from '?' or '#' on
  int status = 0;
  bool stream = false;
  std::optional<double> ttfb_ms;  // none when no upstream response started
  double duration_ms = 0;
  std::uint64_t bytes_in = 0;   // from the client
  std::uint64_t bytes_out = 0;  // to the client
  std::string error;            // error_kind_name(), empty when none
  // Fields from later engines (verdict counts, policy action...), under "extra".
  std::vector<std::pair<std::string, std::string>> extra;

  // One JSON object, no newline. Strings are truncated to a bound (at a UTF-8 boundary),
  // invalid UTF-8 becomes U+FFFD, so the line is always valid JSON.
  std::string to_json() const;
};

}  // namespace groundgate::proxy::observability
