#include "filters/spl/spl_checker.h"

#include <algorithm>
#include <chrono>

#include "filters/spl/finding_sink.h"
#include "filters/spl/name_checks.h"
#include "filters/spl/pipeline_walk.h"
#include "filters/spl/question_check.h"
#include "filters/spl/splunk_defaults.h"

namespace groundgate::filters::spl {
namespace {

bool blank(std::string_view s) {
  return s.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

}  // namespace

std::string_view to_string(SplError error) {
  switch (error) {
    case SplError::kNone:
      return "none";
    case SplError::kTooLong:
      return "too_long";
    case SplError::kEmpty:
      return "empty";
  }
  return "none";
}

std::shared_ptr<const SplMetadata> no_metadata() {
  static const auto empty = std::make_shared<const SplMetadata>();
  return empty;
}

SplChecker::SplChecker(std::shared_ptr<const SplMetadata> metadata, std::string_view question,
                       SplCheckerConfig config)
    : metadata_(metadata ? std::move(metadata) : no_metadata()),
      question_(question),
      config_(config) {}

void SplChecker::run(std::string_view query, SplVerdict& verdict) const {
  const SplMetadata& metadata = *metadata_;
  verdict.has_metadata = !metadata.empty();
  const Expansion expansion = expand_macros(query, metadata, &builtin_macros(), config_.expansion);
  FindingSink sink(query, expansion, verdict);
  if (expansion.truncated()) {
    sink.add_at_query(FindingType::kSyntax, "expansion_too_long",
                      "its macros expand beyond what the check reads", 0,
                      static_cast<std::uint32_t>(query.size()));
  }
  check_macro_calls(expansion, metadata, sink);
  const ParsedSearch parsed = parse_search(expansion.text(), config_.parse);
  for (const SyntaxIssue& issue : parsed.issues) {
    // An issue inside a definition the prompt gave is not the model's.
    if (sink.by_model(issue.begin, issue.begin + 1)) {
      sink.add(FindingType::kSyntax, issue.code, issue.reason, issue.begin,
               std::max(issue.begin + 1, issue.end));
    }
  }
  PipelineWalk walk(metadata, sink);
  walk.walk(parsed.pipeline);
  verdict.commands = walk.commands();
  if (!question_.empty()) check_question(question_, walk.constraints(), metadata, sink);

  for (std::size_t t = 0; t < kCheckTypes; ++t) {
    CheckReport& r = verdict.checks[t];
    if (r.state == CheckState::kFailed) continue;
    const auto type = static_cast<FindingType>(t);
    if (type == FindingType::kMisinterpretation && question_.empty()) {
      r = {CheckState::kNotRun, "no_question"};
    } else if (type != FindingType::kSyntax && metadata.empty()) {
      r = {CheckState::kNotRun, "no_metadata"};
    } else {
      r = {CheckState::kPassed, {}};
    }
  }
}

// Every contradicting finding's replacement applied, kept when the result checks clean.
void SplChecker::correct(std::string_view query, SplVerdict& verdict) const {
  std::vector<const Finding*> fixes;
  for (const Finding& f : verdict.findings) {
    if (f.label != Label::kContradicted) continue;
    if (!f.replacement) return;
    fixes.push_back(&f);
  }
  if (fixes.empty()) return;
  std::sort(fixes.begin(), fixes.end(),
            [](const Finding* a, const Finding* b) { return a->begin < b->begin; });
  std::string out;
  std::size_t at = 0;
  for (const Finding* f : fixes) {
    if (f->begin < at) return;  // overlapping fixes: not certain
    out.append(query.substr(at, f->begin - at));
    out += *f->replacement;
    at = f->end;
  }
  out.append(query.substr(at));
  SplVerdict again;
  run(out, again);
  if (again.label != Label::kContradicted) verdict.corrected = std::move(out);
}

SplCheck SplChecker::check(std::string_view query) const {
  const auto start = std::chrono::steady_clock::now();
  SplCheck out;
  if (query.size() > config_.max_query_bytes) {
    out.error = SplError::kTooLong;
  } else if (blank(query)) {
    out.error = SplError::kEmpty;
  } else {
    run(query, out.verdict);
    correct(query, out.verdict);
  }
  out.verdict.check_ns = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start)
          .count());
  return out;
}

}  // namespace groundgate::filters::spl
