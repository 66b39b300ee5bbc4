#pragma once
// Settings of the mock upstream (`groundgate mock-upstream`).

#include <cstdint>
#include <string>

namespace groundgate::proxy::mock {

struct MockOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 0;              // 0: the system picks one (see MockUpstream::port())
  double tokens_per_second = 20;  // per choice; 0 or negative: as fast as possible
  std::string script_file;        // empty: script_yaml, else canned answers only
  std::string script_yaml;        // the script's text, used when script_file is empty
  bool stamp = false;             // system_fingerprint "gg-ts-<steady_clock ns>" on every chunk
  std::string record_file;        // non-empty: every completion request appended as a JSON line
  bool keep_requests = false;     // MockUpstream::requests() returns them (tests)
};

}  // namespace groundgate::proxy::mock
