#include "proxy/observability/access_log.h"

#include <gtest/gtest.h>
#include <simdjson.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace groundgate::proxy::observability {
namespace {

using namespace std::chrono_literals;

simdjson::dom::element parse(simdjson::dom::parser& parser, const std::string& line) {
  simdjson::dom::element doc;
  const auto error = parser.parse(line).get(doc);
  EXPECT_EQ(error, simdjson::SUCCESS) << simdjson::error_message(error) << "\n" << line;
  return doc;
}

template <typename Json>  // dom::element or dom::object
std::string string_field(Json doc, const char* key) {
  std::string_view value;
  const auto error = doc[key].get_string().get(value);
  EXPECT_EQ(error, simdjson::SUCCESS) << key;
  return std::string(value);
}

AccessLogRecord sample_record() {
  AccessLogRecord r;
  r.start_time =
      std::chrono::system_clock::time_point(1714564800123ms);  // 2024-05-01T12:00:00.123Z
  r.request_id = "req-1";
  r.route = "chat";
  r.upstream = "openai";
  r.model = "gpt-4o-mini";
  r.method = "POST";
  r.path = "/v1/chat/completions";
  r.status = 200;
  r.stream = true;
  r.ttfb_ms = 12.3456;
  r.duration_ms = 1500.25;
  r.bytes_in = 1234;
  r.bytes_out = 56789;
  return r;
}

TEST(AccessLogRecordTest, ProducesOneJsonObjectWithEveryField) {
  const std::string line = sample_record().to_json();
  EXPECT_EQ(line.find('\n'), std::string::npos);
  simdjson::dom::parser parser;
  simdjson::dom::element doc = parse(parser, line);
  EXPECT_EQ(string_field(doc, "ts"), "2024-05-01T12:00:00.123Z");
  EXPECT_EQ(string_field(doc, "request_id"), "req-1");
  EXPECT_EQ(string_field(doc, "route"), "chat");
  EXPECT_EQ(string_field(doc, "upstream"), "openai");
  EXPECT_EQ(string_field(doc, "model"), "gpt-4o-mini");
  EXPECT_EQ(string_field(doc, "method"), "POST");
  EXPECT_EQ(string_field(doc, "path"), "/v1/chat/completions");
  EXPECT_EQ(string_field(doc, "error"), "");
  EXPECT_EQ(uint64_t(doc["status"]), 200u);
  EXPECT_EQ(bool(doc["stream"]), true);
  EXPECT_DOUBLE_EQ(double(doc["ttfb_ms"]), 12.346);
  EXPECT_DOUBLE_EQ(double(doc["duration_ms"]), 1500.25);
  EXPECT_EQ(uint64_t(doc["bytes_in"]), 1234u);
  EXPECT_EQ(uint64_t(doc["bytes_out"]), 56789u);
  EXPECT_TRUE(doc["extra"].error() == simdjson::NO_SUCH_FIELD);
}

TEST(AccessLogRecordTest, EscapesEverythingThatNeedsIt) {
  AccessLogRecord r = sample_record();
  r.model = "quote\" backslash\\ newline\n tab\t cr\r ctl\x01 del\x7f é 🙂";
  r.route = std::string("nul\0byte", 8);
  r.request_id = "bad utf8 \xff\xfe end, truncated \xe2\x82";
  r.extra = {{"verdicts", "3 \"unsupported\""}, {"key\nwith newline", "v"}};
  const std::string line = r.to_json();
  simdjson::dom::parser parser;
  simdjson::dom::element doc = parse(parser, line);
  EXPECT_EQ(string_field(doc, "model"), r.model);
  EXPECT_EQ(string_field(doc, "route"), r.route);
  EXPECT_EQ(string_field(doc, "request_id"),
            "bad utf8 \xef\xbf\xbd\xef\xbf\xbd end, truncated \xef\xbf\xbd\xef\xbf\xbd");
  simdjson::dom::object extra;
  ASSERT_EQ(doc["extra"].get_object().get(extra), simdjson::SUCCESS);
  EXPECT_EQ(string_field(extra, "verdicts"), "3 \"unsupported\"");
  EXPECT_EQ(string_field(extra, "key\nwith newline"), "v");
}

TEST(AccessLogRecordTest, PathLosesItsQueryString) {
  AccessLogRecord r = sample_record();
  r.path = "/v1/chat/completions?api_key=sk-secret&x=1";
  const std::string line = r.to_json();
  EXPECT_EQ(line.find("sk-secret"), std::string::npos) << line;
  simdjson::dom::parser parser;
  EXPECT_EQ(string_field(parse(parser, line), "path"), "/v1/chat/completions");
  r.path = "/a#frag?x";
  EXPECT_EQ(string_field(parse(parser, r.to_json()), "path"), "/a");
}

TEST(AccessLogRecordTest, MissingTtfbAndNonFiniteNumbersAreNull) {
  AccessLogRecord r = sample_record();
  r.ttfb_ms.reset();
  r.duration_ms = std::numeric_limits<double>::infinity();
  simdjson::dom::parser parser;
  simdjson::dom::element doc = parse(parser, r.to_json());
  EXPECT_TRUE(doc["ttfb_ms"].is_null());
  EXPECT_TRUE(doc["duration_ms"].is_null());
}

TEST(AccessLogRecordTest, LongFieldsAreCutBetweenCharacters) {
  AccessLogRecord r = sample_record();
  std::string model;
  for (int i = 0; i < 5000; ++i)
    model += "é";        // two bytes each
  model.insert(0, "x");  // so a byte bound falls mid-character
  r.model = model;
  for (int i = 0; i < 100; ++i)
    r.extra.emplace_back("k" + std::to_string(i), "v");
  simdjson::dom::parser parser;
  simdjson::dom::element doc = parse(parser, r.to_json());
  const std::string cut = string_field(doc, "model");
  EXPECT_LT(cut.size(), 1024u);
  EXPECT_GT(cut.size(), 100u);
  EXPECT_EQ(model.compare(0, cut.size(), cut), 0);
  simdjson::dom::object extra;
  ASSERT_EQ(doc["extra"].get_object().get(extra), simdjson::SUCCESS);
  EXPECT_LT(extra.size(), 100u);
}

class AccessLogFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("gg_access_log_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::filesystem::path dir_;
};

TEST_F(AccessLogFileTest, WritesOneParseableLinePerRecord) {
  const std::string path = (dir_ / "access.log").string();
  {
    AccessLogOpenResult opened = AccessLog::open({.path = path});
    ASSERT_TRUE(opened.log) << opened.error;
    for (int i = 0; i < 200; ++i) {
      AccessLogRecord r = sample_record();
      r.request_id = "req-" + std::to_string(i);
      r.model = "line\nbreak";
      opened.log->write(r);
    }
    EXPECT_EQ(opened.log->dropped(), 0u);
  }  // destruction drains the queue

  std::ifstream in(path);
  std::string line;
  std::vector<std::string> ids;
  simdjson::dom::parser parser;
  while (std::getline(in, line)) {
    simdjson::dom::element doc = parse(parser, line);
    ids.push_back(string_field(doc, "request_id"));
    EXPECT_EQ(string_field(doc, "model"), "line\nbreak");
  }
  ASSERT_EQ(ids.size(), 200u);
  EXPECT_EQ(ids.front(), "req-0");
  EXPECT_EQ(ids.back(), "req-199");
}

TEST_F(AccessLogFileTest, AFullQueueDropsLinesAndCountsThem) {
  const std::string path = (dir_ / "small_queue.log").string();
  constexpr int kRecords = 5000;
  std::uint64_t dropped = 0;
  {
    AccessLogOpenResult opened = AccessLog::open({.path = path, .queue_size = 2});
    ASSERT_TRUE(opened.log) << opened.error;
    for (int i = 0; i < kRecords; ++i)
      opened.log->write(sample_record());
    dropped = opened.log->dropped();  // final: overruns happen when a line is enqueued
  }
  std::ifstream in(path);
  std::string line;
  std::uint64_t written = 0;
  while (std::getline(in, line))
    ++written;
  EXPECT_EQ(written + dropped, std::uint64_t{kRecords});
}

TEST_F(AccessLogFileTest, FailedWritesCountAsDropped) {
  AccessLogOpenResult opened = AccessLog::open({.path = "/dev/full"});
  ASSERT_TRUE(opened.log) << opened.error;
  for (int i = 0; i < 10; ++i)
    opened.log->write(sample_record());
  // The writer thread fails asynchronously; wait for it, bounded.
  for (int i = 0; i < 500 && opened.log->dropped() < 10; ++i)
    std::this_thread::sleep_for(10ms);
  EXPECT_EQ(opened.log->dropped(), 10u);
}

TEST_F(AccessLogFileTest, UnopenablePathIsAnErrorValue) {
  // A directory cannot be opened as the log file, even by root.
  AccessLogOpenResult opened = AccessLog::open({.path = dir_.string()});
  EXPECT_FALSE(opened.log);
  EXPECT_NE(opened.error.find("access log"), std::string::npos) << opened.error;
}

}  // namespace
}  // namespace groundgate::proxy::observability
