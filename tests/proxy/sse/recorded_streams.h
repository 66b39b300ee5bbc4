#pragma once
// The recorded upstream streams the SSE and stream tests replay: chat completions streams in
// tests/data/streams (GG_STREAMS_DIR) and Responses API streams in tests/data/responses_streams
// (GG_RESPONSES_STREAMS_DIR), each a `.sse` file holding the bytes an upstream sent; and a
// whole stream (recorded, or what the proxy made of one) read back as events.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "proxy/sse/sse_parser.h"

namespace groundgate::proxy::sse::test_streams {

// The bytes of the file at `path` (empty when it cannot be read).
inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The recorded streams of `dir` (its `.sse` files), in the order of their names.
inline std::vector<std::filesystem::path> stream_files(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> paths;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".sse") paths.push_back(entry.path());
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

// The file names of the recorded streams of `dir`, in order.
inline std::vector<std::string> stream_names(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const std::filesystem::path& path : stream_files(dir))
    names.push_back(path.filename().string());
  return names;
}

// The recorded stream `name` of `dir`; a test failure when it is empty.
inline std::string read_stream(const std::filesystem::path& dir, const std::string& name) {
  std::string text = read_file(dir / name);
  EXPECT_FALSE(text.empty()) << name;
  return text;
}

// The events of a whole stream; a test failure when it does not parse or ends inside an event.
inline std::vector<SseEvent> whole_stream_events(std::string_view text, std::size_t max_event) {
  SseParser parser(max_event);
  std::vector<SseEvent> events;
  EXPECT_EQ(SseParser::State::kOk, parser.feed(text, events));
  EXPECT_TRUE(parser.buffered().empty()) << "output ends inside an event";
  return events;
}

}  // namespace groundgate::proxy::sse::test_streams
