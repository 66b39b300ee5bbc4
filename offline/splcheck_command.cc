// `groundgate splcheck`: checks the Splunk searches of a file (a search, or an answer with
// ```spl blocks) against the metadata a prompt gave, and prints the findings as JSON.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>

#include "filters/spl/metadata_file.h"
#include "filters/spl/spl_checker.h"
#include "filters/spl/spl_extraction.h"
#include "filters/spl/spl_verdict_json.h"
#include "filters/verdict/json_string.h"
#include "offline/commands.h"
#include "offline/input_text.h"
#include "proxy/cli/args.h"

namespace groundgate::offline {
namespace {

namespace spl = filters::spl;

constexpr std::string_view kUsage =
    "usage: groundgate splcheck [--metadata FILE]... [--question TEXT] QUERY_FILE|-\n"
    "  FILE: the prompt's metadata, as spl_metadata JSON or as prose (indexes, sourcetypes,\n"
    "    sources, fields, macros, lookups, data models are read from it); several are merged\n"
    "  QUERY_FILE: a search, or an answer whose ```spl blocks are checked\n"
    "  --question: the user's question (constraints it did not ask for are flagged)\n"
    "  exit: 0 every search supported, 3 a finding, 1 a file could not be read, 2 usage\n";

}  // namespace

std::string_view splcheck_usage() {
  return kUsage;
}

int splcheck_command(int argc, char** argv, int first) {
  Args args(argc, argv, first, {});
  if (!args.error().empty() || args.positional().size() != 1) {
    if (!args.error().empty())
      std::fprintf(stderr, "groundgate splcheck: %s\n", args.error().c_str());
    std::fputs(kUsage.data(), stderr);
    return 2;
  }
  auto metadata = std::make_shared<spl::SplMetadata>();
  for (const std::string& path : args.values("metadata")) {
    const spl::MetadataFile file = spl::load_metadata_file(path);
    if (!file.metadata) {
      std::fprintf(stderr, "groundgate splcheck: %s\n", file.error.c_str());
      return 1;
    }
    metadata->merge(*file.metadata);
  }
  const std::optional<std::string> text = read_input(args.positional().front());
  if (!text) {
    std::fprintf(stderr, "groundgate splcheck: cannot read %s\n",
                 args.positional().front().c_str());
    return 1;
  }
  const spl::SplChecker checker(metadata, args.value("question").value_or(""));
  bool clean = true;
  std::string json = "{\"searches\":[";
  const std::vector<spl::SplSpan> spans = spl::find_spl(*text);
  for (std::size_t i = 0; i < spans.size(); ++i) {
    const spl::SplSpan& span = spans[i];
    const spl::SplCheck check =
        checker.check(std::string_view(*text).substr(span.begin, span.end - span.begin));
    json += i > 0 ? ",\n  {\"kind\":\"spl\",\"offset\":[" : "\n  {\"kind\":\"spl\",\"offset\":[";
    json += std::to_string(span.begin) + "," + std::to_string(span.end) + "]";
    if (check.error != spl::SplError::kNone) {
      json += ",\"label\":\"unverified\",\"error\":";
      filters::verdict::append_json_string(json, spl::to_string(check.error));
      clean = false;
    } else {
      spl::append_verdict_members(json, check.verdict, {span.begin, true});
      char timing[48];
      std::snprintf(timing, sizeof timing, ",\"check_us\":%.1f",
                    static_cast<double>(check.verdict.check_ns) / 1e3);
      json += timing;
      clean = clean && check.verdict.findings.empty();
    }
    if (!span.complete) json += ",\"complete\":false";
    json += '}';
  }
  json += "\n],\"metadata\":{";
  for (std::size_t k = 0; k < spl::kKinds; ++k) {
    const auto kind = static_cast<spl::Kind>(k);
    if (k > 0) json += ',';
    filters::verdict::append_json_string(json, spl::to_string(kind));
    json += ':' + std::to_string(metadata->names(kind).size());
  }
  json += ",\"streams\":" + std::to_string(metadata->streams().size()) + "}}\n";
  std::fputs(json.c_str(), stdout);
  return clean ? 0 : 3;
}

}  // namespace groundgate::offline
