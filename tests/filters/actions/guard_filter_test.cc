// The guard filter: hold modes, every action, on_error, thresholds, JSON answers, choices.
#include "filters/actions/guard_filter.h"

#include <gtest/gtest.h>

#include "tests/filters/actions/guard_test_support.h"

namespace groundgate::filters::actions {
namespace {

using config::ActionConfig;
using config::ActionKind;
using config::RewriteKind;
using namespace testing;

constexpr std::string_view kGood = "Allie Goertz is an American musician.";
constexpr std::string_view kWrongDate = " She was born on March 2, 1994.";
constexpr std::string_view kInvented = " She won three Grammy awards in Toronto.";

std::string answer(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts)
    out += p;
  return out;
}

TEST(GuardFilter, StreamFirstReleasesAtOnceAndAnnotatesAfter) {
  config::PolicyConfig p = sentence_policy();
  p.hold = config::HoldMode::kStreamFirst;
  const std::string text = answer({kGood, kWrongDate});
  GuardRun r = run(p, request_with_context(), split(text, 5));
  EXPECT_EQ(text, r.text);
  for (std::size_t i = 0; i < r.emitted_at.size(); ++i)
    EXPECT_EQ(std::min(text.size(), (i + 1) * 5), r.emitted_at[i]) << "delta " << i;
  ASSERT_EQ(2u, r.annotations.size());
  EXPECT_TRUE(contains(r.annotations[0], R"("label":"contradicted","action":"annotate")"))
      << r.annotations[0];
  EXPECT_TRUE(contains(r.annotations[0], R"("reason":"answer says March 2, 1994)"))
      << r.annotations[0];
  EXPECT_TRUE(contains(r.annotations[0], R"("offset":[38,68])")) << r.annotations[0];
  EXPECT_TRUE(contains(r.annotations[0], R"("evidence":{"passage":0,"offset":[0,)"))
      << r.annotations[0];
  EXPECT_TRUE(contains(r.annotations[1], R"({"type":"summary","policy":"test")"));
  EXPECT_TRUE(contains(r.annotations[1], R"("verdict":"hallucinated")")) << r.annotations[1];
  EXPECT_TRUE(contains(r.annotations[1], R"("checked":2)")) << r.annotations[1];
  EXPECT_EQ(1u, count_of(r.report, "verdicts.supported"));
  EXPECT_EQ(1u, count_of(r.report, "verdicts.contradicted"));
  EXPECT_EQ(1u, count_of(r.report, "actions.annotate"));
  EXPECT_EQ("hallucinated", field_of(r.report, "guard.verdict"));
  EXPECT_EQ("2", field_of(r.report, "guard.checked"));
}

TEST(GuardFilter, OnlyStreamFirstOnlyReports) {
  // The proxy then sends each chunk before the guard sees it (SseTransform::take).
  config::PolicyConfig p = sentence_policy();
  EXPECT_FALSE(guard_chain(p, request_with_context()).only_reports());
  p.hold = config::HoldMode::kStreamFirst;
  EXPECT_TRUE(guard_chain(p, request_with_context()).only_reports());
}

TEST(GuardFilter, SentenceHoldReleasesOnlyVerifiedSentencesAtEverySplit) {
  const std::string text = answer({kGood, " Goertz is known for satirical songs.", " Hi"});
  for (std::size_t size = 1; size <= text.size(); ++size) {
    GuardRun r = run(sentence_policy(), request_with_context(), split(text, size));
    ASSERT_EQ(text, r.text) << "delta size " << size;
    for (std::size_t i = 0; i < r.emitted_at.size(); ++i) {
      const std::size_t arrived = std::min(text.size(), (i + 1) * size);
      // Nothing beyond the last complete sentence that has arrived has gone out.
      EXPECT_LE(r.emitted_at[i], arrived);
      if (arrived < kGood.size()) {
        EXPECT_EQ(0u, r.emitted_at[i]) << "size " << size;
      }
    }
  }
}

TEST(GuardFilter, AFinishedSentenceGoesWithoutWaitingForTheNextToken) {
  stream::FilterChain chain = guard_chain(sentence_policy(), request_with_context());
  EXPECT_EQ("", chain.on_delta(0, "Allie Goertz is an American").text);
  EXPECT_EQ(kGood, chain.on_delta(0, " musician.").text);
  // A year, a score or a time ends its sentence: no decimal follows them.
  EXPECT_EQ("", chain.on_delta(0, " Her album came out in 2015").text);
  EXPECT_EQ(" Her album came out in 2015.", chain.on_delta(0, ".").text);
  EXPECT_EQ(" Goertz won 4-1.", chain.on_delta(0, " Goertz won 4-1.").text);
  EXPECT_EQ(" She left at 14:00.", chain.on_delta(0, " She left at 14:00.").text);
  // Any other number before a full stop may have its decimals still to come: that end waits
  // for the next token.
  EXPECT_EQ("", chain.on_delta(0, " It sold 2.").text);
  EXPECT_EQ("", chain.on_delta(0, "5 million").text);
  EXPECT_EQ("", chain.on_delta(0, " copies for $1,250.").text);
  EXPECT_EQ(" It sold 2.5 million copies for $1,250.", chain.on_delta(0, " Then").text);
  EXPECT_EQ(" Then", chain.on_choice_end(0).text);
}

TEST(GuardFilter, AnAbbreviationDoesNotEndTheSentenceEarly) {
  stream::FilterChain chain = guard_chain(sentence_policy(), request_with_context());
  EXPECT_EQ("", chain.on_delta(0, "Goertz met Dr.").text);
  EXPECT_EQ("", chain.on_delta(0, " Smith").text);
  std::string rest = chain.on_delta(0, ".").text;
  rest += chain.on_choice_end(0).text;
  EXPECT_EQ("Goertz met Dr. Smith.", rest);
}

TEST(GuardFilter, BlockNeverSendsAByteOfTheSentenceAtAnySplit) {
  config::PolicyConfig p = sentence_policy();
  p.actions.contradicted = ActionConfig{ActionKind::kBlock};
  const std::string text = answer({kGood, kWrongDate, " More text."});
  for (std::size_t size = 1; size <= text.size(); ++size) {
    GuardRun r = run(p, request_with_context(), split(text, size));
    ASSERT_TRUE(r.stopped) << size;
    EXPECT_EQ("guard.contradicted", r.stop_reason);
    EXPECT_EQ(kGood, r.text) << "delta size " << size;
    EXPECT_FALSE(contains(r.text, "1994"));
    ASSERT_GE(r.annotations.size(), 2u);
    EXPECT_TRUE(contains(r.annotations[0], R"("label":"contradicted","action":"block")"));
    EXPECT_TRUE(contains(r.annotations.back(), R"("block":1)")) << r.annotations.back();
  }
}

TEST(GuardFilter, RewriteCorrectSubstitutesTheEvidenceValue) {
  config::PolicyConfig p = sentence_policy();
  p.actions.contradicted = ActionConfig{ActionKind::kRewrite, RewriteKind::kCorrect};
  GuardRun r = run(p, request_with_context(), split(answer({kGood, kWrongDate}), 7));
  EXPECT_EQ(answer({kGood, " She was born on March 2, 1991."}), r.text);
  ASSERT_FALSE(r.annotations.empty());
  EXPECT_TRUE(contains(r.annotations[0], R"("action":"rewrite","rewrite":"correct")"))
      << r.annotations[0];
  EXPECT_EQ(1u, count_of(r.report, "actions.rewrite"));
}

TEST(GuardFilter, RewriteDropReplaceAndCite) {
  config::PolicyConfig p = sentence_policy();
  p.actions.unsupported = ActionConfig{ActionKind::kRewrite, RewriteKind::kDrop};
  const std::string text = answer({kGood, kInvented});
  EXPECT_EQ(kGood, run(p, request_with_context(), split(text, 4)).text);

  p.actions.unsupported.rewrite = RewriteKind::kReplace;
  p.rewrite.notice = "[removed]";
  EXPECT_EQ(answer({kGood, " [removed]"}), run(p, request_with_context(), split(text, 4)).text);

  p.actions.unsupported.rewrite = RewriteKind::kCite;
  p.actions.supported = ActionConfig{ActionKind::kRewrite, RewriteKind::kCite};
  GuardRun cited = run(p, request_with_context(), split(text, 4));
  EXPECT_TRUE(cited.text.starts_with(std::string(kGood) + " [source 1: \"Allison Beth Goertz"))
      << cited.text;
  EXPECT_TRUE(cited.text.ends_with(std::string(kInvented) + " " + p.rewrite.caveat)) << cited.text;
}

TEST(GuardFilter, CorrectFallsBackWhenNoUnambiguousValue) {
  config::PolicyConfig p = sentence_policy();
  p.actions.unsupported = ActionConfig{ActionKind::kRewrite, RewriteKind::kCorrect};
  p.rewrite.fallback = RewriteKind::kReplace;
  p.rewrite.notice = "[removed]";
  GuardRun r = run(p, request_with_context(), {answer({kGood, kInvented})});
  EXPECT_EQ(answer({kGood, " [removed]"}), r.text);
  EXPECT_TRUE(contains(r.annotations[0], R"("rewrite":"replace")")) << r.annotations[0];
}

TEST(GuardFilter, NoContextPassesAndSaysNothingWasChecked) {
  const std::string text = answer({kGood, kWrongDate});
  GuardRun r = run(sentence_policy(), request_without_context(), split(text, 3));
  EXPECT_EQ(text, r.text);
  // Nothing could change this text, so it was not held.
  EXPECT_EQ(3u, r.emitted_at[0]);
  ASSERT_EQ(1u, r.annotations.size());
  EXPECT_TRUE(contains(r.annotations[0], R"("verdict":"no_context")")) << r.annotations[0];
  EXPECT_TRUE(contains(r.annotations[0], R"("unchecked":2,"unchecked_reason":"no_context")"))
      << r.annotations[0];
  EXPECT_EQ(2u, count_of(r.report, "verdicts.no_context"));
}

TEST(GuardFilter, ASummaryOverTruncatedContextSaysSo) {
  config::PolicyConfig p = sentence_policy();
  p.context.max_bytes = 60;  // the first sentence of the context only
  GuardRun cut = run(p, request_with_context(), split(kGood, 4));
  ASSERT_FALSE(cut.annotations.empty());
  EXPECT_TRUE(contains(cut.annotations.back(), R"("context_truncated":true)"))
      << cut.annotations.back();
  EXPECT_EQ("true", field_of(cut.report, "guard.context_truncated"));
  GuardRun whole = run(sentence_policy(), request_with_context(), split(kGood, 4));
  ASSERT_FALSE(whole.annotations.empty());
  EXPECT_FALSE(contains(whole.annotations.back(), "context_truncated")) << whole.annotations.back();
}

TEST(GuardFilter, NoContextCanBlock) {
  config::PolicyConfig p = sentence_policy();
  p.actions.no_context = ActionConfig{ActionKind::kBlock};
  GuardRun r = run(p, request_without_context(), split(kGood, 4));
  EXPECT_TRUE(r.stopped);
  EXPECT_EQ("guard.no_context", r.stop_reason);
  EXPECT_EQ("", r.text);
}

TEST(GuardFilter, OnErrorOpenReleasesMarkedUnverified) {
  config::PolicyConfig p = sentence_policy();
  p.max_sentence_bytes = 20;  // every sentence here is longer: it cannot be checked
  p.actions.contradicted = ActionConfig{ActionKind::kBlock};
  const std::string text = answer({kGood, kWrongDate});
  GuardRun r = run(p, request_with_context(), split(text, 6));
  EXPECT_FALSE(r.stopped);
  EXPECT_EQ(text, r.text);
  ASSERT_EQ(3u, r.annotations.size());
  EXPECT_TRUE(contains(r.annotations[0], R"("label":"unverified","action":"annotate")"));
  EXPECT_TRUE(contains(r.annotations[0], R"("error":"sentence_too_long")")) << r.annotations[0];
  EXPECT_TRUE(contains(r.annotations[2], R"("verdict":"unverified")")) << r.annotations[2];
  EXPECT_EQ(2u, count_of(r.report, "verdicts.unverified"));
}

TEST(GuardFilter, OnErrorClosedBlocksWhenTheBudgetIsExceeded) {
  config::PolicyConfig p = sentence_policy();
  p.verify_budget_us = 1;  // no check finishes in a microsecond
  p.on_error = config::OnError::kClosed;
  GuardRun r = run(p, request_with_context(), split(answer({kGood, kWrongDate}), 6));
  EXPECT_TRUE(r.stopped);
  EXPECT_EQ("guard.unverified", r.stop_reason);
  EXPECT_EQ("", r.text);
  EXPECT_TRUE(contains(r.annotations[0], R"("error":"over_budget")")) << r.annotations[0];
}

TEST(GuardFilter, AnswerThresholdBlocksWhenTooMuchIsUnsupported) {
  config::PolicyConfig p = sentence_policy();
  p.answer.max_share = 0.4;
  p.answer.min_sentences = 2;
  const std::string text = answer({kGood, kInvented, " Goertz is an American musician."});
  GuardRun r = run(p, request_with_context(), split(text, 9));
  EXPECT_TRUE(r.stopped);
  EXPECT_EQ("guard.answer_threshold", r.stop_reason);
  EXPECT_EQ(kGood, r.text);  // the sentence that crossed the threshold was not sent
  bool threshold = false;
  for (const std::string& a : r.annotations)
    threshold = threshold || contains(a, R"({"type":"answer_threshold")");
  EXPECT_TRUE(threshold);
}

TEST(GuardFilter, JsonAnswersPassUnverifiedUnlessAsked) {
  const std::string text = R"({"name": "Goertz", "born": 1994})";
  const std::string body = request_with_context(R"("response_format":{"type":"json_object"},)");
  config::PolicyConfig p = sentence_policy();
  p.actions.contradicted = ActionConfig{ActionKind::kBlock};
  GuardRun r = run(p, body, split(text, 5));
  EXPECT_EQ(text, r.text);
  ASSERT_EQ(1u, r.annotations.size());
  EXPECT_TRUE(contains(r.annotations[0], R"("verdict":"unchecked")")) << r.annotations[0];
  EXPECT_TRUE(contains(r.annotations[0], R"("unchecked_reason":"json_response")"));
  p.verify_json_responses = true;
  EXPECT_FALSE(contains(run(p, body, {text}).annotations.back(), R"("verdict":"unchecked")"));
}

TEST(GuardFilter, ChoicesAreVerifiedIndependently) {
  config::PolicyConfig p = sentence_policy();
  p.actions.contradicted = ActionConfig{ActionKind::kRewrite, RewriteKind::kCorrect};
  stream::FilterChain chain = guard_chain(p, request_with_context());
  std::string zero, one;
  const std::string a = answer({kGood, kWrongDate});
  const std::string b = answer({" She was born on March 2, 1991.", kGood});
  for (std::size_t i = 0; i < std::max(a.size(), b.size()); i += 4) {
    if (i < a.size()) zero += chain.on_delta(0, a.substr(i, 4)).text;
    if (i < b.size()) one += chain.on_delta(1, b.substr(i, 4)).text;
  }
  zero += chain.on_choice_end(0).text;
  one += chain.on_choice_end(1).text;
  EXPECT_EQ(answer({kGood, " She was born on March 2, 1991."}), zero);
  EXPECT_EQ(b, one);
  std::vector<std::string> summary = chain.answer_end();
  ASSERT_EQ(1u, summary.size());
  EXPECT_TRUE(contains(summary[0], R"("checked":4)")) << summary[0];
}

TEST(GuardFilter, EveryChoiceTheChainTakesIsVerified) {
  config::PolicyConfig p = sentence_policy();
  p.actions.contradicted = ActionConfig{ActionKind::kBlock};
  const int last = stream::kMaxChainChoices - 1;
  stream::FilterChain chain = guard_chain(p, request_with_context());
  EXPECT_EQ(kGood, chain.on_delta(last, kGood).text);
  EXPECT_EQ("", chain.on_delta(last, kWrongDate).text);
  chain.on_choice_end(last);
  EXPECT_TRUE(chain.stopped());
  EXPECT_EQ("guard.contradicted", chain.stop_reason());
  // Past the bound the chain takes no text (the proxy's decoder refuses such chunks first).
  stream::FilterChain past = guard_chain(p, request_with_context());
  EXPECT_EQ("", past.on_delta(last + 1, kGood).text);
  EXPECT_EQ("chain.choice_out_of_range", past.stop_reason());
}

// Request bodies simdjson refuses: a lone surrogate escape (JSON.stringify of text cut inside
// an emoji) and nesting past the parser's depth limit.
std::vector<std::string> unreadable_requests() {
  std::string deep = request_with_context(R"("metadata":)");
  const std::string nesting = std::string(2000, '[') + std::string(2000, ']') + ",";
  deep.insert(deep.find(R"("metadata":)") + 11, nesting);
  return {request_with_context(R"("user":"cut \ud83d",)"), deep};
}

TEST(GuardFilter, AnUnreadableRequestLeavesEverySentenceUnverified) {
  const std::string text = answer({kGood, kWrongDate});
  for (const std::string& body : unreadable_requests()) {
    config::PolicyConfig p = sentence_policy();
    p.actions.contradicted = ActionConfig{ActionKind::kBlock};
    p.on_error = config::OnError::kClosed;
    GuardRun closed = run(p, body, split(text, 4));
    EXPECT_TRUE(closed.stopped);
    EXPECT_EQ("guard.unverified", closed.stop_reason);
    EXPECT_EQ("", closed.text);
    ASSERT_EQ(2u, closed.annotations.size());
    EXPECT_TRUE(contains(closed.annotations[0], R"("action":"block","error":"request_unreadable")"))
        << closed.annotations[0];
    EXPECT_TRUE(contains(closed.annotations[1], R"("verdict":"unverified")"))
        << closed.annotations[1];
    EXPECT_TRUE(contains(closed.annotations[1], R"("unchecked_reason":"request_unreadable")"));
    EXPECT_EQ("unverified", field_of(closed.report, "guard.verdict"));

    p.on_error = config::OnError::kOpen;
    GuardRun open = run(p, body, split(text, 4));
    EXPECT_FALSE(open.stopped);
    EXPECT_EQ(text, open.text);
    ASSERT_EQ(3u, open.annotations.size());
    EXPECT_TRUE(contains(open.annotations[1], R"("label":"unverified","action":"annotate")"))
        << open.annotations[1];
    EXPECT_TRUE(contains(open.annotations[2], R"("verdict":"unverified")")) << open.annotations[2];
    EXPECT_EQ(2u, count_of(open.report, "verdicts.unverified"));
    EXPECT_EQ("2", field_of(open.report, "guard.unchecked"));
  }
}

TEST(GuardFilter, InputItCannotCheckFollowsOnError) {
  config::PolicyConfig p = sentence_policy();
  stream::FilterChain open = guard_chain(p, request_with_context());
  const std::vector<std::string> notes = open.on_unverified({-1, "upstream_event_undecodable", 17});
  EXPECT_FALSE(open.stopped());
  ASSERT_EQ(1u, notes.size());
  EXPECT_EQ(
      R"({"type":"verdict","label":"unverified","action":"annotate","error":"upstream_event_undecodable","bytes":17})",
      notes[0]);
  EXPECT_EQ(kGood, open.on_delta(0, kGood).text);
  const std::vector<std::string> summary = open.answer_end();
  EXPECT_TRUE(contains(summary.at(0), R"("verdict":"unverified")")) << summary[0];
  EXPECT_TRUE(contains(summary.at(0), R"("unverified":1)")) << summary[0];

  p.on_error = config::OnError::kClosed;
  stream::FilterChain closed = guard_chain(p, request_with_context());
  EXPECT_EQ(kGood, closed.on_delta(0, kGood).text);
  closed.on_unverified({0, "held_over_bound", 5, 37});
  EXPECT_TRUE(closed.stopped());
  EXPECT_EQ("guard.unverified", closed.stop_reason());
  EXPECT_EQ(1u, count_of(closed.report(), "actions.block"));

  // What went out already (stream_first) can only be reported on.
  p.hold = config::HoldMode::kStreamFirst;
  p.on_error = config::OnError::kOpen;
  stream::FilterChain first = guard_chain(p, request_with_context());
  first.on_unverified({-1, "content_encoding", 3});
  EXPECT_FALSE(first.stopped());
}

TEST(GuardFilter, HoldAndVerifyTimesAreObserved) {
  GuardRun r =
      run(sentence_policy(), request_with_context(), split(answer({kGood, kWrongDate}), 5));
  std::size_t hold = 0, verify = 0;
  for (const auto& [name, samples] : r.report.observations) {
    if (name == "hold_seconds") hold = samples.size();
    if (name == "verify_seconds") verify = samples.size();
  }
  EXPECT_EQ(2u, hold);
  EXPECT_EQ(2u, verify);
  EXPECT_NE(std::nullopt, field_of(r.report, "guard.held_ms_max"));
  EXPECT_EQ("1", field_of(r.report, "guard.context_passages"));
}

TEST(GuardFilter, ACodeBlockIsAUnitAndUnverifiedWithoutAChecker) {
  const std::string text = "Goertz is a musician.\n```\nborn = 1994\n```\nShe is a musician.";
  config::PolicyConfig p = sentence_policy();
  p.actions.contradicted = ActionConfig{ActionKind::kBlock};
  GuardRun open = run(p, request_with_context(), split(text, 3));
  EXPECT_FALSE(open.stopped);
  EXPECT_EQ(text, open.text);
  ASSERT_FALSE(open.annotations.empty());
  EXPECT_TRUE(contains(open.annotations[0], R"("offset":[22,41],"label":"unverified")"))
      << open.annotations[0];
  EXPECT_TRUE(contains(open.annotations[0], R"("action":"annotate","error":"code_block")"));
  EXPECT_TRUE(contains(open.annotations.back(), R"("verdict":"unverified")"))
      << open.annotations.back();
  EXPECT_EQ(1u, count_of(open.report, "verdicts.unverified"));

  p.on_error = config::OnError::kClosed;
  for (std::size_t size : {1u, 3u, 7u, 100u}) {
    GuardRun closed = run(p, request_with_context(), split(text, size));
    EXPECT_TRUE(closed.stopped);
    EXPECT_EQ("guard.unverified", closed.stop_reason);
    EXPECT_EQ("Goertz is a musician.", closed.text) << size;  // not a byte of the code
  }
}

TEST(GuardFilter, AnUnclosedFenceMakesTheRestUnverifiedCode) {
  const std::string text = "Goertz is a musician.\n```\nShe was born on March 2, 1994.";
  config::PolicyConfig p = sentence_policy();
  p.on_error = config::OnError::kClosed;
  GuardRun r = run(p, request_with_context(), split(text, 4));
  EXPECT_TRUE(r.stopped);
  EXPECT_EQ("Goertz is a musician.", r.text);
  EXPECT_FALSE(contains(r.text, "1994"));
  EXPECT_TRUE(contains(r.annotations.at(0), R"("error":"code_block")")) << r.annotations[0];
}

// A check of its own (a folder and a line in checks/check_table.cc, for a real one): says
// whether a SQL block's code names a column the request's `schema` member has.
class ColumnCheck : public checks::Check {
 public:
  explicit ColumnCheck(std::string schema) : schema_(std::move(schema)) {}
  bool takes(const checks::Unit& unit, const checks::UnitVerdict* verdict) const override {
    return verdict == nullptr && unit.kind == checks::Unit::Kind::kCodeBlock &&
           unit.block->language == "sql";
  }
  std::optional<checks::Pending> check(const checks::Unit& unit,
                                       std::optional<checks::UnitVerdict>& verdict) override {
    verify::SentenceVerdict v;
    v.claims = true;
    v.answer_begin = unit.begin;
    v.answer_end = unit.end;
    const std::string_view code = unit.block->code;
    const std::size_t at = code.find("SELECT ");
    const std::string column(code.substr(at + 7, code.find(' ', at + 7) - at - 7));
    const bool known = unit.block->whole() && schema_.find(column) != std::string::npos;
    v.label = known ? verify::Label::kSupported : verify::Label::kContradicted;
    v.score = known ? 1 : 0;
    verdict = checks::UnitVerdict(std::move(v));
    return std::nullopt;
  }

 private:
  std::string schema_;
};

TEST(GuardFilter, ACodeLanguageWithACheckIsCheckedByIt) {
  config::PolicyConfig p = sentence_policy();
  p.actions.contradicted = ActionConfig{ActionKind::kBlock};
  p.on_error = config::OnError::kClosed;
  auto compiled = std::make_shared<GuardConfig>(*compile_guard(p, nullptr));
  compiled->checks.insert(
      compiled->checks.begin(),
      {"columns", [](const checks::StreamSetup& setup) -> std::unique_ptr<checks::Check> {
         const request::ExtensionMember* schema = setup.request.extension("schema");
         return std::make_unique<ColumnCheck>(schema != nullptr ? schema->value : "");
       }});
  const std::string body = request_with_context(R"("schema":"refund_days",)");
  const auto chain_for = [&] {
    std::vector<std::unique_ptr<stream::StreamFilter>> filters;
    filters.push_back(std::make_unique<GuardFilter>(compiled, groundgate::testing::view_of(body)));
    return stream::FilterChain(std::move(filters));
  };
  const std::string good = "```sql\nSELECT refund_days FROM t;\n```";
  stream::FilterChain ok = chain_for();
  std::string out = ok.on_delta(0, good).text;
  out += ok.on_choice_end(0).text;
  EXPECT_FALSE(ok.stopped());
  EXPECT_EQ(good, out);

  stream::FilterChain bad = chain_for();
  EXPECT_EQ("", bad.on_delta(0, "```sql\nSELECT invented FROM t;\n```\n").text);
  bad.on_choice_end(0);
  EXPECT_TRUE(bad.stopped());
  EXPECT_EQ("guard.contradicted", bad.stop_reason());

  // Another language has no checker: unverified, and closed blocks it.
  stream::FilterChain other = chain_for();
  other.on_delta(0, "```bash\necho 30\n```\n");
  other.on_choice_end(0);
  EXPECT_TRUE(other.stopped());
  EXPECT_EQ("guard.unverified", other.stop_reason());
}

stream::ToolCallEvent tool_call(std::string_view arguments, std::string_view name = "find_album") {
  return stream::ToolCallEvent{0, 0, name, arguments, false};
}

TEST(GuardFilter, ToolCallsAreCountedButNotVerifiedUnlessAsked) {
  config::PolicyConfig p = sentence_policy();
  p.actions.unsupported = ActionConfig{ActionKind::kBlock};
  stream::FilterChain chain = guard_chain(p, request_with_context());
  EXPECT_EQ(stream::ToolCallInterest::kInspect, chain.tool_call_interest());
  EXPECT_TRUE(chain.on_tool_call(tool_call(R"({"artist":"Taylor Swift"})")).empty());
  EXPECT_FALSE(chain.stopped());
  const std::vector<std::string> summary = chain.answer_end();
  ASSERT_EQ(1u, summary.size());
  EXPECT_TRUE(contains(summary[0], R"("tool_calls":1,"tool_calls_checked":0)")) << summary[0];
  EXPECT_EQ("1", field_of(chain.report(), "guard.tool_calls"));
}

TEST(GuardFilter, AToolCallWithAnInventedArgumentIsBlockedBeforeItGoesOut) {
  config::PolicyConfig p = sentence_policy();
  p.verify_tool_calls = true;
  p.actions.unsupported = ActionConfig{ActionKind::kBlock};
  stream::FilterChain chain = guard_chain(p, request_with_context());
  EXPECT_EQ(stream::ToolCallInterest::kHold, chain.tool_call_interest());
  const auto annotations =
      chain.on_tool_call(tool_call(R"({"artist":"Allison Goertz","album":"Midnight Rain"})"));
  EXPECT_TRUE(chain.stopped());
  EXPECT_EQ("guard.tool_call.unsupported", chain.stop_reason());
  ASSERT_EQ(1u, annotations.size());
  EXPECT_TRUE(contains(annotations[0], R"({"type":"tool_call","choice":0,"call":0,)"
                                       R"("name":"find_album","argument":"album",)"
                                       R"("label":"unsupported","action":"block")"))
      << annotations[0];
  const auto summary = chain.answer_end();
  EXPECT_TRUE(contains(summary.at(0), R"("tool_calls":1,"tool_calls_checked":1)")) << summary[0];
  EXPECT_EQ(1u, count_of(chain.report(), "actions.block"));
}

TEST(GuardFilter, AToolCallGroundedInTheContextPasses) {
  config::PolicyConfig p = sentence_policy();
  p.verify_tool_calls = true;
  p.actions.unsupported = ActionConfig{ActionKind::kRewrite, RewriteKind::kDrop};
  stream::FilterChain chain = guard_chain(p, request_with_context());
  EXPECT_TRUE(
      chain.on_tool_call(tool_call(R"({"artist":"Allison Beth Goertz","album":"Cool Parent"})"))
          .empty());
  EXPECT_FALSE(chain.stopped());
  // A call cannot be rewritten by rule: a rewrite action blocks it.
  const auto annotations = chain.on_tool_call(tool_call(R"({"released":"2019"})"));
  EXPECT_TRUE(chain.stopped());
  ASSERT_EQ(1u, annotations.size());
  EXPECT_TRUE(contains(annotations[0], R"("label":"unsupported","action":"block")"))
      << annotations[0];
}

TEST(GuardFilter, ToolCallsOfAJsonAnswerAreStillVerified) {
  config::PolicyConfig p = sentence_policy();
  p.verify_tool_calls = true;
  p.actions.unsupported = ActionConfig{ActionKind::kBlock};
  const std::string body = request_with_context(R"("response_format":{"type":"json_object"},)");
  stream::FilterChain chain = guard_chain(p, body);
  EXPECT_TRUE(chain.on_tool_call(tool_call(R"({"album":"Cool Parent"})")).empty());
  EXPECT_FALSE(chain.stopped());
  chain.on_tool_call(tool_call(R"({"album":"Midnight Rain"})"));
  EXPECT_EQ("guard.tool_call.unsupported", chain.stop_reason());
}

TEST(GuardFilter, InStreamFirstAToolCallIsOnlyReportedOn) {
  config::PolicyConfig p = sentence_policy();
  p.hold = config::HoldMode::kStreamFirst;
  p.verify_tool_calls = true;
  p.actions.unsupported = ActionConfig{ActionKind::kBlock};
  stream::FilterChain chain = guard_chain(p, request_with_context());
  EXPECT_EQ(stream::ToolCallInterest::kInspect, chain.tool_call_interest());
  const auto annotations = chain.on_tool_call(tool_call(R"({"album":"Midnight Rain"})"));
  EXPECT_FALSE(chain.stopped());
  ASSERT_EQ(1u, annotations.size());
  EXPECT_TRUE(contains(annotations[0], R"("label":"unsupported","action":"annotate")"));
}

TEST(GuardFilter, ToolCallsFollowOnErrorAndNoContext) {
  config::PolicyConfig p = sentence_policy();
  p.verify_tool_calls = true;
  p.on_error = config::OnError::kClosed;
  stream::FilterChain broken = guard_chain(p, request_with_context());
  const auto annotations = broken.on_tool_call(tool_call(R"({"album":"Cool)"));
  EXPECT_TRUE(broken.stopped());
  EXPECT_EQ("guard.tool_call.unverified", broken.stop_reason());
  EXPECT_TRUE(contains(annotations.at(0), R"("error":"unparsable_arguments")"));
  p.actions.no_context = ActionConfig{ActionKind::kBlock};
  stream::FilterChain none = guard_chain(p, request_without_context());
  none.on_tool_call(tool_call(R"({"album":"Cool Parent"})"));
  EXPECT_EQ("guard.tool_call.no_context", none.stop_reason());
}

}  // namespace
}  // namespace groundgate::filters::actions
