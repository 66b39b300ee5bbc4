// The SPL guard on arbitrary bytes. The first byte picks what the rest is: a search checked
// against a fixed prompt (with macros that take arguments, nest and loop), a question and a
// search, an spl_metadata document or prose that fixed searches are checked against, or an
// answer whose searches are found. Every finding must point inside its search, a correction
// must differ from the search, and nothing may crash or run unbounded.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "filters/spl/metadata_file.h"
#include "filters/spl/metadata_json.h"
#include "filters/spl/metadata_text.h"
#include "filters/spl/spl_checker.h"
#include "filters/spl/spl_extraction.h"

namespace spl = groundgate::filters::spl;

namespace {

constexpr std::string_view kPrompt = R"json({
  "indexes": {"main": {"xmlwineventlog": {"XmlWinEventLog:Security": ["EventCode", "user", "dest"]}},
              "cloud": {"aws:cloudtrail": ["eventName", "src_ip", "user"]}},
  "macros": {"win": "sourcetype=xmlwineventlog `nested`", "nested": "EventCode=4624",
             "loop": "x `loop`", "ctime(1)": {"definition": "convert ctime($f$)", "arguments": ["f"]},
             "two(2)": {"definition": "eval $a$=$b$", "arguments": ["a", "b"]}},
  "lookups": {"admins": ["user", "team"]}, "datamodels": {"Custom": ["Things.name"]}
})json";

constexpr std::string_view kSearches[] = {
    "`win` user=* | stats count by user, dest | `ctime(firstTime)` | lookup admins user OUTPUT "
    "team",
    "| tstats count from datamodel=Endpoint.Processes where Processes.process_name=cmd.exe by "
    "Processes.dest | `drop_dm_object_name(Processes)` | where count > 1 | head 5",
    "index=cloud sourcetype=aws:cloudtrail eventName=ConsoleLogin earliest=-1d | table user",
};

const std::shared_ptr<const spl::SplMetadata>& prompt() {
  static const std::shared_ptr<const spl::SplMetadata> m =
      spl::metadata_from_json(kPrompt).metadata;
  return m;
}

void check(const std::shared_ptr<const spl::SplMetadata>& metadata, std::string_view question,
           std::string_view query) {
  spl::SplCheckerConfig config;
  config.max_query_bytes = 8192;
  const spl::SplChecker checker(metadata, question, config);
  const spl::SplCheck c = checker.check(query);
  for (const spl::Finding& f : c.verdict.findings) {
    if (f.begin > f.end || f.end > query.size()) std::abort();
  }
  if (c.verdict.corrected && *c.verdict.corrected == query) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 16384) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  switch (data[0] % 5) {
    case 0:
      check(prompt(), "", text);
      break;
    case 1: {
      const std::size_t line = text.find('\n');
      if (line == std::string_view::npos) return 0;
      check(prompt(), text.substr(0, line), text.substr(line + 1));
      break;
    }
    case 2: {
      const spl::MetadataJson json = spl::metadata_from_json(text);
      if (!json.metadata) return 0;
      for (std::string_view q : kSearches)
        check(json.metadata, "who logged in", q);
      break;
    }
    case 3: {
      auto metadata = std::make_shared<spl::SplMetadata>();
      spl::add_metadata_text(text, *metadata);
      for (std::string_view q : kSearches)
        check(metadata, "", q);
      break;
    }
    default: {
      for (const spl::SplSpan& s : spl::find_spl(text)) {
        if (s.begin > s.end || s.end > text.size()) std::abort();
        check(prompt(), "", text.substr(s.begin, s.end - s.begin));
      }
      break;
    }
  }
  return 0;
}
