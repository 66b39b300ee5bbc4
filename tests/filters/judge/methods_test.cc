// Each method's protocol: the calls it makes, in which rounds, with which prompts and sampling,
// and what it concludes from the answers.
#include <gtest/gtest.h>

#include "filters/judge/debate_method.h"
#include "filters/judge/label_method.h"
#include "filters/judge/mitigation.h"
#include "filters/judge/nli_method.h"
#include "filters/judge/triplet_method.h"

namespace groundgate::filters::judge {
namespace {

using verdict::HallucinationType;
using verdict::Label;

constexpr const char* kContext = "Refunds are accepted within 14 days of purchase.";

CallAnswer ok(std::string text) {
  CallAnswer a;
  a.status = CallStatus::kOk;
  a.text = std::move(text);
  return a;
}

CallAnswer failed(CallStatus status, std::string error) {
  CallAnswer a;
  a.status = status;
  a.error = std::move(error);
  return a;
}

SentenceInput sentence(std::string text = "Refunds are accepted within 30 days.") {
  return SentenceInput{7, std::move(text), "How long do I have?", kContext};
}

bool has(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// Runs `task` to its end, answering each round with `answer(call)`; returns every call made.
template <typename Answer>
std::vector<std::vector<Call>> run(JudgeTask& task, Answer answer) {
  std::vector<std::vector<Call>> rounds;
  while (!task.done()) {
    std::vector<Call> calls = task.next_calls();
    if (calls.empty()) break;
    std::vector<CallAnswer> answers;
    for (const Call& c : calls)
      answers.push_back(answer(c));
    rounds.push_back(std::move(calls));
    task.take_answers(answers);
  }
  return rounds;
}

TEST(LabelMethod, OneCallWithTheEvidenceTheQuestionAndTheSentenceFenced) {
  LabelTask task(sentence());
  const auto rounds = run(task, [](const Call&) {
    return ok("VERDICT: CONTRADICTED\nQUOTE: \"accepted within 14 days\"");
  });
  ASSERT_EQ(1u, rounds.size());
  ASSERT_EQ(1u, rounds[0].size());
  const Call& c = rounds[0][0];
  EXPECT_EQ(0.0, c.temperature);
  EXPECT_GT(c.max_tokens, 0u);
  EXPECT_TRUE(has(c.instructions, "SUPPORTED or CONTRADICTED or UNSUPPORTED"));
  EXPECT_TRUE(has(c.prompt, std::string(kContext) + "\n</context id=")) << c.prompt;
  EXPECT_TRUE(has(c.prompt, "How long do I have?\n</question id=")) << c.prompt;
  EXPECT_TRUE(has(c.prompt, "Refunds are accepted within 30 days.\n</sentence id=")) << c.prompt;
  ASSERT_TRUE(task.done());
  const Judgement& j = task.judgements().at(0);
  ASSERT_TRUE(j.decided()) << j.error;
  EXPECT_EQ(7u, j.unit);
  EXPECT_EQ(Label::kContradicted, j.label);
  EXPECT_EQ(HallucinationType::kDetailedInformationModification, j.type);
  EXPECT_EQ(std::vector<std::string>{"accepted within 14 days"}, j.quotes);
  EXPECT_EQ(1u, task.calls_made());
}

TEST(LabelMethod, AFailedCallOrGarbageIsNoVerdict) {
  LabelTask timed_out(sentence());
  run(timed_out, [](const Call&) { return failed(CallStatus::kTimeout, "timeout"); });
  EXPECT_EQ("judge call timeout: timeout", timed_out.judgements().at(0).error);

  LabelTask garbage(sentence());
  garbage.next_calls();
  std::vector<CallAnswer> answers{ok("SUPPORTED")};
  garbage.take_answers(answers);
  EXPECT_EQ(CallStatus::kGarbage, answers[0].status);
  EXPECT_TRUE(has(garbage.judgements().at(0).error, "unreadable judge answer"));
}

NliInput nli_input() {
  NliInput in;
  in.unit = 3;
  in.sentence = "The bridge opened in 1932 and cost $5 million.";
  in.passages = {"The bridge opened in 1932.", "It cost $4 million to build."};
  in.claims = {{"The bridge opened in 1932.", {0}}, {"The bridge cost $5 million.", {1, 0}}};
  return in;
}

TEST(NliMethod, PiecesAndTheirPassagesInOneCall) {
  NliTask task(nli_input());
  const auto rounds = run(task, [](const Call&) {
    return ok("1: ENTAILMENT \"The bridge opened in 1932\"\n2: CONTRADICTION \"cost $4 million\"");
  });
  ASSERT_EQ(1u, rounds.size());
  const std::string& p = rounds[0][0].prompt;
  EXPECT_TRUE(has(p, "n=\"1\">\nThe bridge opened in 1932.\n</evidence id=")) << p;
  EXPECT_TRUE(has(p, "n=\"2\">\nIt cost $4 million to build.\n</evidence id=")) << p;
  EXPECT_TRUE(has(p, "The bridge cost $5 million.\n</claim id=")) << p;
  EXPECT_TRUE(has(p, "Evidence for claim 2: passages 2, 1")) << p;
  const Judgement& j = task.judgements().at(0);
  ASSERT_TRUE(j.decided()) << j.error;
  EXPECT_EQ(Label::kContradicted, j.label);
  EXPECT_EQ(std::vector<std::string>{"cost $4 million"}, j.quotes);  // what it rests on
  EXPECT_EQ("\"pieces\":[\"entailment\",\"contradiction\"]", j.detail);
}

TEST(NliMethod, SupportedOnlyWhenEveryPieceIsEntailedWithAQuote) {
  NliTask neutral(nli_input());
  run(neutral, [](const Call&) { return ok("1: ENTAILMENT \"opened in 1932\"\n2: NEUTRAL"); });
  EXPECT_EQ(Label::kUnsupported, neutral.judgements().at(0).label);
  EXPECT_TRUE(neutral.judgements().at(0).quotes.empty());

  NliTask all(nli_input());
  run(all, [](const Call&) {
    return ok("1: ENTAILMENT \"opened in 1932\"\n2: ENTAILMENT \"cost $4 million\"");
  });
  EXPECT_EQ(Label::kSupported, all.judgements().at(0).label);
  EXPECT_EQ(2u, all.judgements().at(0).quotes.size());

  NliTask unquoted(nli_input());
  run(unquoted, [](const Call&) { return ok("1: ENTAILMENT\n2: ENTAILMENT \"cost $4 million\""); });
  EXPECT_EQ("claim 1 is entailment without a quote", unquoted.judgements().at(0).error);
}

std::vector<SourceTriplet> sources() {
  return {{{"refunds", "are accepted within", "14 days"}, "Refunds are accepted within 14 days."},
          {{"the store", "opens at", "9 am"}, "The store opens at 9 am."}};
}

TEST(TripletMethod, TheBatchInOneCallInTheThesisForm) {
  TripletTask task({{1, {{"refunds", "are accepted within", "30 days"}}},
                    {2, {{"the store", "opens at", "9 am"}, {"the store", "sells", "bikes"}}}},
                   sources());
  const auto rounds = run(task, [](const Call&) {
    return ok(
        "[REFERRED TRIPLETS]\n"
        "triplet_idx_1: (source triplets #1) -> 14, not 30\n"
        "triplet_idx_2: (source triplets #2) -> same\n"
        "triplet_idx_3: None -> not stated\n"
        "[FINAL ANSWER]\n1:False\n2:True\n3:False\n");
  });
  ASSERT_EQ(1u, rounds.size());
  const std::string& p = rounds[0][0].prompt;
  EXPECT_TRUE(has(p,
                  "1. (refunds; are accepted within; 30 days)\n2. (the store; opens at; 9 "
                  "am)\n3. (the store; sells; bikes)\n</answer_triplets id="))
      << p;
  EXPECT_TRUE(has(p, "#1 (refunds; are accepted within; 14 days)\n#2 (the store; opens at; 9 am)"))
      << p;
  EXPECT_TRUE(has(rounds[0][0].instructions, "[REFERRED TRIPLETS]"));
  const auto& js = task.judgements();
  ASSERT_EQ(2u, js.size());
  EXPECT_EQ(Label::kContradicted, js[0].label);
  EXPECT_EQ(HallucinationType::kDetailedInformationModification, js[0].type);
  EXPECT_EQ(std::vector<std::string>{"Refunds are accepted within 14 days."}, js[0].quotes);
  // Unit 2: one True triplet citing #2, one False citing nothing: absolute fabrication.
  EXPECT_EQ(Label::kUnsupported, js[1].label);
  EXPECT_EQ(HallucinationType::kAbsoluteFabrication, js[1].type);
  EXPECT_TRUE(js[1].quotes.empty());
  EXPECT_EQ("\"triplets\":[\"true\",\"false\"]", js[1].detail);
}

TEST(TripletMethod, SupportNeedsACitationAndMissingVerdictsFailClosed) {
  TripletTask uncited({{1, {{"the store", "opens at", "9 am"}}}}, sources());
  run(uncited,
      [](const Call&) { return ok("[REFERRED TRIPLETS]\n1: None\n[FINAL ANSWER]\n1:True"); });
  EXPECT_TRUE(has(uncited.judgements().at(0).error, "cites no source triplet"));

  TripletTask missing({{1, {{"the store", "opens at", "9 am"}, {"a", "b", "c"}}}}, sources());
  run(missing,
      [](const Call&) { return ok("[REFERRED TRIPLETS]\n1: #2\n[FINAL ANSWER]\n1:True"); });
  EXPECT_EQ(Label::kUnsupported, missing.judgements().at(0).label);
  EXPECT_EQ("\"triplets\":[\"true\",\"missing\"]", missing.judgements().at(0).detail);

  TripletTask garbage({{1, {{"a", "b", "c"}}}, {2, {{"d", "e", "f"}}}}, sources());
  garbage.next_calls();
  std::vector<CallAnswer> answers{ok("1:True")};
  garbage.take_answers(answers);
  EXPECT_EQ(CallStatus::kGarbage, answers[0].status);
  ASSERT_EQ(2u, garbage.judgements().size());
  EXPECT_FALSE(garbage.judgements()[1].decided());
}

TEST(TripletTaxonomy, PlacesFalseTripletsByWhatTheyCite) {
  const std::vector<TripletText> src{{"Jobs", "founded", "Apple"},
                                     {"Apple", "was founded in", "1976"}};
  EXPECT_EQ(HallucinationType::kDetailedInformationModification,
            classify_false_triplet({"Apple", "was founded in", "1977"}, src, {2}).type);
  EXPECT_EQ(HallucinationType::kContextualFabrication,
            classify_false_triplet({"Jobs", "left", "Apple"}, src, {1}).type);
  EXPECT_EQ(Label::kUnsupported, classify_false_triplet({"Jobs", "left", "Apple"}, src, {1}).label);
  EXPECT_EQ(HallucinationType::kAbsoluteFabrication,
            classify_false_triplet({"Wozniak", "designed", "the Apple I"}, src, {}).type);
  EXPECT_EQ(HallucinationType::kAbsoluteFabrication,
            classify_false_triplet({"Wozniak", "designed", "the Apple I"}, src, {1}).type);
}

// A scripted debate: explanations, then judgements by the order of the explanations and the
// temperature.
struct DebateScript {
  std::string hallucinated_first = "VERDICT: CONTRADICTED\nQUOTE: \"accepted within 14 days\"";
  std::string faithful_first = "VERDICT: CONTRADICTED\nQUOTE: \"accepted within 14 days\"";
  std::vector<std::string> tie_break;  // in call order
  std::size_t tie_break_next = 0;

  CallAnswer operator()(const Call& c) {
    if (has(c.instructions, "Your side: assume the sentence is HALLUCINATED"))
      return ok("EXPLAIN-H: the context says 14 days.");
    if (has(c.instructions, "Your side: assume the sentence is FAITHFUL"))
      return ok("EXPLAIN-F: refunds are accepted.");
    if (c.temperature > 0) return ok(tie_break.at(tie_break_next++));
    const bool h_first = c.prompt.find("EXPLAIN-H") < c.prompt.find("EXPLAIN-F");
    return ok(h_first ? hallucinated_first : faithful_first);
  }
};

QuoteIndex context() {
  QuoteIndex q;
  q.add(kContext);
  return q;
}

TEST(DebateMethod, ExplanationsThenTwoJudgementsInSwappedOrder) {
  const QuoteIndex ctx = context();
  DebateTask task(sentence(), ctx);
  DebateScript script;
  const auto rounds = run(task, std::ref(script));
  ASSERT_EQ(2u, rounds.size());
  ASSERT_EQ(2u, rounds[0].size());
  EXPECT_TRUE(has(rounds[0][0].instructions, "assume the sentence is HALLUCINATED"));
  EXPECT_TRUE(has(rounds[0][1].instructions, "assume the sentence is FAITHFUL"));
  ASSERT_EQ(2u, rounds[1].size());
  const std::string& a = rounds[1][0].prompt;
  const std::string& b = rounds[1][1].prompt;
  EXPECT_LT(a.find("EXPLAIN-H"), a.find("EXPLAIN-F"));
  EXPECT_LT(b.find("EXPLAIN-F"), b.find("EXPLAIN-H"));
  EXPECT_LT(a.find("assuming the sentence is hallucinated"),
            a.find("assuming the sentence is faithful"));
  // The explanations are data: fenced.
  EXPECT_TRUE(has(a, "EXPLAIN-H: the context says 14 days.\n</first id=")) << a;
  EXPECT_EQ(0.0, rounds[1][0].temperature);
  const Judgement& j = task.judgements().at(0);
  ASSERT_TRUE(j.decided()) << j.error;
  EXPECT_EQ(Label::kContradicted, j.label);
  EXPECT_EQ("\"votes\":[\"contradicted\",\"contradicted\"],\"rounds\":2", j.detail);
  EXPECT_EQ(4u, task.calls_made());
}

TEST(DebateMethod, DisagreementTakesThreeMoreAtHalfTemperatureAndTheMajorityWins) {
  const QuoteIndex ctx = context();
  DebateTask task(sentence(), ctx);
  DebateScript script;
  script.faithful_first = "VERDICT: SUPPORTED\nQUOTE: \"Refunds are accepted\"";
  script.tie_break = {"VERDICT: UNSUPPORTED\nQUOTE: none",
                      "VERDICT: SUPPORTED\nQUOTE: \"Refunds are accepted\"",
                      "VERDICT: CONTRADICTED\nQUOTE: \"within 14 days\""};
  const auto rounds = run(task, std::ref(script));
  ASSERT_EQ(3u, rounds.size());
  ASSERT_EQ(3u, rounds[2].size());
  for (const Call& c : rounds[2])
    EXPECT_EQ(kTieBreakTemperature, c.temperature);
  const std::string& first = rounds[2][0].prompt;
  const std::string& second = rounds[2][1].prompt;
  EXPECT_LT(first.find("EXPLAIN-H"), first.find("EXPLAIN-F"));
  EXPECT_LT(second.find("EXPLAIN-F"), second.find("EXPLAIN-H"));
  // 3 hallucinated (2 contradicted, 1 unsupported) to 2 faithful.
  const Judgement& j = task.judgements().at(0);
  ASSERT_TRUE(j.decided()) << j.error;
  EXPECT_EQ(Label::kContradicted, j.label);
  EXPECT_EQ(7u, task.calls_made());
  EXPECT_EQ((std::vector<std::string>{"accepted within 14 days", "within 14 days"}), j.quotes);
}

TEST(DebateMethod, BrokenJudgementsDoNotVoteAndATieFails) {
  const QuoteIndex ctx = context();
  DebateTask task(sentence(), ctx);
  DebateScript script;
  script.faithful_first = "VERDICT: SUPPORTED\nQUOTE: \"Refunds are accepted\"";
  script.tie_break = {"garbage", "VERDICT: SUPPORTED\nQUOTE: \"Refunds are accepted\"",
                      "VERDICT: UNSUPPORTED"};
  run(task, std::ref(script));
  EXPECT_EQ("the debate is tied, 2 to 2", task.judgements().at(0).error);
}

TEST(DebateMethod, AQuoteNotInTheContextMakesAJudgementInvalid) {
  const QuoteIndex ctx = context();
  DebateTask task(sentence(), ctx);
  DebateScript script;
  script.faithful_first = "VERDICT: SUPPORTED\nQUOTE: \"accepted within 30 days\"";
  run(task, std::ref(script));
  EXPECT_TRUE(has(task.judgements().at(0).error, "not in the context"))
      << task.judgements().at(0).error;
  EXPECT_EQ(4u, task.calls_made());
}

TEST(DebateMethod, AFailedExplanationEndsIt) {
  const QuoteIndex ctx = context();
  DebateTask task(sentence(), ctx);
  task.next_calls();
  std::vector<CallAnswer> answers{ok("fine"), failed(CallStatus::kHttpError, "status 503")};
  task.take_answers(answers);
  ASSERT_TRUE(task.done());
  EXPECT_EQ("judge call http_error: status 503", task.judgements().at(0).error);
  EXPECT_TRUE(task.next_calls().empty());
}

TEST(Mitigation, TheRewriteFromTheReference) {
  MitigationTask task(sentence());
  const auto rounds = run(task, [](const Call&) {
    return ok(
        "[Reason]\n14 days, not 30.\n[Correct Sentence]\nx\n[Final Sentence]\nRefunds are "
        "accepted within 14 days.");
  });
  ASSERT_EQ(1u, rounds.size());
  EXPECT_TRUE(has(rounds[0][0].prompt, std::string(kContext) + "\n</reference id="));
  EXPECT_EQ("Refunds are accepted within 14 days.", task.judgements().at(0).rewrite);

  MitigationTask nothing(sentence());
  run(nothing,
      [](const Call&) { return ok("[Reason]\nCorrect\n[Correct Sentence]\n[Final Sentence]\n"); });
  EXPECT_EQ("the judge found nothing to fix", nothing.judgements().at(0).error);
}

}  // namespace
}  // namespace groundgate::filters::judge
