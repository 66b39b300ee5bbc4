#pragma once
// Command line of gg_load_client.

#include <cstdint>
#include <string>

namespace groundgate::bench::load {

struct LoadOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 0;
  unsigned streams = 1000;
  double duration_s = 20;  // measured window, after the ramp
  double ramp_s = 2;       // streams open evenly spread over this
  unsigned threads = 1;
  std::string label = "load";
  std::string body_file;     // the request's JSON body; empty: a built-in streamed request
  std::string api = "chat";  // chat: POST /v1/chat/completions; responses: POST /v1/responses
};

struct LoadOptionsParse {
  LoadOptions options;
  std::string error;  // empty: ok
};

LoadOptionsParse parse_load_options(int argc, char** argv);

inline constexpr const char* kLoadUsage =
    "usage: gg_load_client --target HOST:PORT [--streams N] [--duration S] [--ramp S] "
    "[--threads N] [--label NAME] [--body-file FILE] [--api chat|responses]\n";

}  // namespace groundgate::bench::load
