#include "filters/checks/spl/spl_check.h"

#include <algorithm>

#include "filters/checks/query_tool.h"
#include "filters/checks/query_verdict.h"
#include "filters/spl/metadata_file.h"
#include "filters/spl/metadata_json.h"
#include "filters/spl/metadata_text.h"
#include "filters/spl/spl_extraction.h"
#include "filters/verdict/json_string.h"
#include "filters/verdict/verdict_labels.h"

namespace groundgate::filters::checks {
namespace {

using verify::HallucinationType;

HallucinationType type_of(spl::FindingType type) {
  switch (type) {
    case spl::FindingType::kSyntax:
      return HallucinationType::kSyntax;
    case spl::FindingType::kFabrication:
      return HallucinationType::kFabrication;
    case spl::FindingType::kMixed:
      return HallucinationType::kMixed;
    case spl::FindingType::kMisaligned:
      return HallucinationType::kMisaligned;
    case spl::FindingType::kMisinterpretation:
      return HallucinationType::kMisinterpretation;
    case spl::FindingType::kUnverified:
      return HallucinationType::kUnverified;
  }
  return HallucinationType::kSyntax;
}

// A finding's degree of support: 1 supported, 0.5 unsupported, 0 contradicted.
double score_of(verify::Label label) {
  return 1.0 - 0.5 * verdict::severity(label);
}

// The worse of two labels.
verify::Label worse(verify::Label a, verify::Label b) {
  return verdict::severity(a) >= verdict::severity(b) ? a : b;
}

std::size_t names_in(const spl::SplMetadata& metadata) {
  std::size_t n = 0;
  for (std::size_t k = 0; k < spl::kKinds; ++k)
    n += metadata.names(static_cast<spl::Kind>(k)).size();
  return n;
}

}  // namespace

std::shared_ptr<const SplCheckConfig> compile_spl_check(const config::SplConfig& settings) {
  auto out = std::make_shared<SplCheckConfig>();
  out->settings = settings;
  if (!settings.metadata_file.empty()) {
    spl::MetadataFile file = spl::load_metadata_file(settings.metadata_file);
    out->policy_metadata = std::move(file.metadata);
    out->error = std::move(file.error);
  }
  return out;
}

verify::Finding guard_finding(const spl::Finding& f, std::size_t offset) {
  return query_finding(f, offset, verify::Engine::kSpl, score_of(f.label), type_of(f.type));
}

SplCheck::SplCheck(std::shared_ptr<const SplCheckConfig> config,
                   const request::RequestView& request, std::string_view question)
    : config_(std::move(config)), question_(question) {
  if (!config_->settings.metadata_from_request) return;
  if (const request::ExtensionMember* member = request.extension(kSplMetadataMember)) {
    member_ = *member;
  }
  // Retrieved metadata arrives as text anywhere the app writes its prompt; the model's own
  // earlier answers are never evidence.
  for (const request::ContextField& field : request.context_fields) {
    for (const request::Document& document : field.documents)
      texts_.push_back(document.text);
  }
  for (const request::Turn& turn : request.turns) {
    if (turn.role != request::Role::kAssistant) texts_.push_back(turn.text);
  }
}

void SplCheck::members_to_strip(std::vector<std::string>& names) const {
  if (!config_->settings.keep_metadata_field) names.emplace_back(kSplMetadataMember);
}

bool SplCheck::takes(const Unit& unit, const UnitVerdict* verdict) const {
  if (verdict != nullptr) return false;
  switch (unit.kind) {
    case Unit::Kind::kCodeBlock:
      return unit.block != nullptr && spl::is_spl_block(unit.block->language, unit.block->code);
    case Unit::Kind::kWholeAnswer:
      return whole_answer_bound().has_value();
    case Unit::Kind::kToolCall:
      return find_query_tool(config_->settings.tool_arguments, unit.tool) != nullptr;
    case Unit::Kind::kSentence:
      break;
  }
  return false;
}

std::optional<Pending> SplCheck::check(const Unit& unit, std::optional<UnitVerdict>& verdict) {
  verdict = UnitVerdict{check_unit(unit), "spl", {}, std::nullopt};
  return std::nullopt;
}

std::optional<std::size_t> SplCheck::whole_answer_bound() const {
  if (config_->settings.answer != config::SplConfig::Answer::kWhole) return std::nullopt;
  return config_->settings.max_query_bytes;
}

std::size_t SplCheck::prepare_cost() const {
  if (checker_) return 0;
  std::size_t bytes = member_ ? member_->value.size() : 0;
  for (const std::string& text : texts_)
    bytes += text.size();
  return bytes;
}

void SplCheck::prepare() {
  if (checker_) return;
  auto metadata = std::make_shared<spl::SplMetadata>();
  if (config_->policy_metadata) {
    metadata->merge(*config_->policy_metadata);
    sources_.emplace_back("policy");
  }
  if (member_) {
    // A string is a document of its own (JSON or prose); any other value is the JSON form.
    std::shared_ptr<spl::SplMetadata> read;
    std::string error;
    if (member_->string) {
      spl::MetadataFile document = spl::metadata_from_document(member_->value);
      read = std::move(document.metadata);
      error = std::move(document.error);
    } else {
      spl::MetadataJson json = spl::metadata_from_json(member_->value);
      read = std::move(json.metadata);
      error = std::move(json.error);
    }
    if (read) {
      metadata->merge(*read);
      sources_.emplace_back("request");
    } else {
      metadata_unreadable_ = true;
      warnings_.push_back("`spl_metadata`: " + error);
    }
    member_.reset();
  }
  const std::size_t before = names_in(*metadata);
  for (const std::string& text : texts_)
    spl::add_metadata_text(text, *metadata);
  texts_.clear();
  if (names_in(*metadata) > before) sources_.emplace_back("text");
  metadata_names_ = names_in(*metadata);
  spl::SplCheckerConfig checker;
  checker.max_query_bytes = config_->settings.max_query_bytes;
  checker_ = std::make_unique<spl::SplChecker>(std::move(metadata), question_, checker);
}

verify::SentenceVerdict SplCheck::unchecked(std::size_t begin, std::size_t end,
                                            verify::VerifyError error) {
  ++searches_;
  return query_unit_verdict(begin, end, error);
}

verify::SentenceVerdict SplCheck::check_unit(const Unit& unit) {
  prepare();
  // What the search must be checked against is missing: names could not be told from
  // fabrications, so nothing is said of them (on_error decides).
  if (!config_->error.empty()) {
    return unchecked(unit.begin, unit.end, verify::VerifyError::kEngineMissing);
  }
  if (metadata_unreadable_) {
    return unchecked(unit.begin, unit.end, verify::VerifyError::kContextUnreadable);
  }
  switch (unit.kind) {
    case Unit::Kind::kCodeBlock: {
      const text::CodeBlock& block = *unit.block;
      // The block went on past the unit's bound: this part alone is not the search.
      if (block.cut || !block.opened) {
        return unchecked(unit.begin, unit.end, verify::VerifyError::kTooLong);
      }
      verify::SentenceVerdict v = unchecked(unit.begin, unit.end, verify::VerifyError::kNone);
      check_search(block.code, unit.begin + block.code_begin, v);
      return v;
    }
    case Unit::Kind::kWholeAnswer:
      if (unit.truncated) return unchecked(0, unit.end, verify::VerifyError::kTooLong);
      return check_text(unit.text, 0, 0, unit.text.size());
    case Unit::Kind::kToolCall:
    case Unit::Kind::kSentence:
      break;
  }
  if (unit.truncated) return unchecked(0, unit.text.size(), verify::VerifyError::kTooLong);
  std::string error;
  const std::optional<std::string> search =
      query_of_call(config_->settings.tool_arguments, unit.tool, unit.text, error);
  if (!search) return unchecked(0, 0, verify::VerifyError::kUnparsable);
  verify::SentenceVerdict v = unchecked(0, search->size(), verify::VerifyError::kNone);
  check_search(*search, 0, v);
  return v;
}

verify::SentenceVerdict SplCheck::check_text(std::string_view text, std::size_t offset,
                                             std::size_t begin, std::size_t end) {
  verify::SentenceVerdict v = unchecked(begin, end, verify::VerifyError::kNone);
  for (const spl::SplSpan& span : spl::find_spl(text)) {
    check_search(text.substr(span.begin, span.end - span.begin), offset + span.begin, v);
    if (!v.ok()) break;
  }
  return v;
}

void SplCheck::check_search(std::string_view search, std::size_t offset,
                            verify::SentenceVerdict& v) {
  const spl::SplCheck c = checker_->check(search);
  v.verify_ns += c.verdict.check_ns;
  if (c.error == spl::SplError::kTooLong) {
    v.error = verify::VerifyError::kTooLong;
    return;
  }
  if (c.error == spl::SplError::kEmpty) return;  // no search: nothing claimed
  const bool first = !v.claims;
  v.claims = true;
  v.label = first ? c.verdict.label : worse(v.label, c.verdict.label);
  const std::size_t from = v.findings.size();
  for (const spl::Finding& f : c.verdict.findings)
    v.findings.push_back(guard_finding(f, offset));
  if (v.findings.size() > from) ++flagged_;
  if (const spl::Finding* d = c.verdict.decisive()) {
    const std::size_t at = from + static_cast<std::size_t>(d - c.verdict.findings.data());
    if (!v.decisive || score_of(d->label) < v.score) {
      v.decisive = at;
      v.score = score_of(d->label);
    }
    if (c.verdict.corrected && d->label == spl::Label::kContradicted) {
      v.findings[at].correction =
          verify::Correction{offset, offset + search.size(), *c.verdict.corrected};
    }
  }
  // Nothing to check names against, and nothing found: no_context (the policy's action).
  v.no_context = (first || v.no_context) && !c.verdict.has_metadata && v.findings.empty();
}

std::optional<std::pair<std::string_view, std::string>> SplCheck::summary() const {
  if (searches_ == 0) return std::nullopt;
  std::string json = "{\"searches\":" + std::to_string(searches_) +
                     ",\"flagged\":" + std::to_string(flagged_) + ",\"metadata\":[";
  for (std::size_t i = 0; i < sources_.size(); ++i) {
    if (i > 0) json += ',';
    verdict::append_json_string(json, sources_[i]);
  }
  json += "]}";
  return std::pair<std::string_view, std::string>{"spl", std::move(json)};
}

void SplCheck::report(stream::StreamReport& report) const {
  report.fields.emplace_back("spl.searches", std::to_string(searches_));
  if (searches_ == 0) return;
  report.fields.emplace_back("spl.flagged", std::to_string(flagged_));
  report.fields.emplace_back("spl.metadata_names", std::to_string(metadata_names_));
  std::string sources;
  for (const std::string& s : sources_)
    sources += (sources.empty() ? "" : ",") + s;
  report.fields.emplace_back("spl.metadata", sources.empty() ? "none" : sources);
  if (!config_->error.empty()) report.fields.emplace_back("spl.error", config_->error);
  for (const std::string& w : warnings_)
    report.fields.emplace_back("spl.warning", w);
}

}  // namespace groundgate::filters::checks
