#pragma once
// The SPL guard as a check (issue 32): per stream, the metadata a Splunk search may use (the
// request's `spl_metadata` member and its text, a policy's file), the user's question, and the
// checks of filters/spl on each search of the answer -- a fenced ```spl/```splunk block, the
// whole answer (`spl.answer: whole`), or a tool call's argument (`spl.tool_arguments`) --
// answered in the verdict vocabulary prose and SQL use (`kind: "spl"`), so that decisions,
// actions, annotations, the audit record and metrics are the guard's own.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "filters/checks/check.h"
#include "filters/request/request_view.h"
#include "filters/spl/spl_checker.h"
#include "filters/spl/spl_metadata.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::checks {

// The request member that carries structured metadata (spl/metadata_json.h).
inline constexpr std::string_view kSplMetadataMember = "spl_metadata";

// A policy's SPL settings, compiled once per config snapshot.
struct SplCheckConfig {
  config::SplConfig settings;
  std::shared_ptr<const spl::SplMetadata> policy_metadata;  // null: the policy has no file
  std::string error;  // the policy's metadata file could not be read: every search unverified
};

std::shared_ptr<const SplCheckConfig> compile_spl_check(const config::SplConfig& settings);

// A finding of the SPL checks as the guard's (offsets moved by `offset` into the answer).
verify::Finding guard_finding(const spl::Finding& finding, std::size_t offset);

class SplCheck final : public Check {
 public:
  // Keeps what the request gives for the metadata (read by prepare()). `question`: the user's
  // last message as the context extraction read it.
  SplCheck(std::shared_ptr<const SplCheckConfig> config, const request::RequestView& request,
           std::string_view question);

  // A fenced block in SPL (or unlabelled, starting like a search), the whole answer in `whole`
  // mode, a call of a tool the policy names.
  bool takes(const Unit& unit, const UnitVerdict* verdict) const override;
  // The search's verdict (`query` set): label, findings of engine kSpl typed by the taxonomy
  // (with the corrected search as the decisive finding's correction when every error has one
  // certain fix), `no_context` when there was no metadata and nothing was found, an error when
  // it could not be checked.
  std::optional<Pending> check(const Unit& unit, std::optional<UnitVerdict>& verdict) override;

  // Bytes of metadata still to read (the request's member and text), and the reading.
  std::size_t prepare_cost() const override;
  void prepare() override;
  bool holds_text() const override { return true; }       // any answer may hold a search
  bool has_own_context() const override { return true; }  // the metadata
  std::optional<std::size_t> whole_answer_bound() const override;
  bool checks_tool_calls() const override { return !config_->settings.tool_arguments.empty(); }
  // `spl_metadata` goes upstream only where the policy keeps it.
  void members_to_strip(std::vector<std::string>& names) const override;
  std::optional<std::pair<std::string_view, std::string>> summary() const override;
  void report(stream::StreamReport& report) const override;

 private:
  verify::SentenceVerdict check_unit(const Unit& unit);
  // The searches of `text` ([begin, end) of the answer, `text` starting at `offset`): each
  // fenced block, else the whole text; one verdict over them.
  verify::SentenceVerdict check_text(std::string_view text, std::size_t offset, std::size_t begin,
                                     std::size_t end);
  // One search at `offset` of the answer into `v`.
  void check_search(std::string_view search, std::size_t offset, verify::SentenceVerdict& v);
  verify::SentenceVerdict unchecked(std::size_t begin, std::size_t end, verify::VerifyError error);

  std::shared_ptr<const SplCheckConfig> config_;
  std::string question_;
  // What prepare() reads: the request's `spl_metadata` (JSON text, or a string's text) and the
  // request's text (context fields, every turn but the model's own).
  std::optional<request::ExtensionMember> member_;
  std::vector<std::string> texts_;
  std::unique_ptr<spl::SplChecker> checker_;
  bool metadata_unreadable_ = false;  // `spl_metadata` was given and could not be read
  std::vector<std::string> sources_;  // where the metadata came from: policy, request, text
  std::vector<std::string> warnings_;
  std::size_t searches_ = 0;
  std::size_t flagged_ = 0;  // searches with a finding that does not abstain
  std::size_t metadata_names_ = 0;
};

}  // namespace groundgate::filters::checks
