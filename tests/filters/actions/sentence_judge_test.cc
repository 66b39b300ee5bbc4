// The judge (policy `judge:`): a sentence the scorer is unsure of is put to a model as a side
// request in the shape of the app's API; its one-word answer decides the sentence's label. A
// held sentence waits for it; a failed call leaves the scorer's label; the summary says how
// many were asked, decided, failed and skipped, and why.
#include "filters/checks/judge/sentence_judge.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include "filters/actions/guard_config.h"
#include "filters/verdict/json_string.h"
#include "tests/filters/actions/guard_test_support.h"

namespace groundgate::filters::actions {
namespace {

using checks::judge_band;
using checks::judge_prompt;
using checks::judged_label;
using checks::kJudgeInstructions;
using testing::contains;
using testing::field_of;

const std::string kFirst = "Her album Cool Parent was released in 2015.";
const std::string kSecond = " Goertz won a Grammy in 2019.";

// Every checked sentence goes to the judge (the band is all probabilities).
config::PolicyConfig judged_policy(config::HoldMode hold, std::size_t max_sentences = 4) {
  config::PolicyConfig p;
  p.name = "judged";
  p.verifiers = {"semantic_pieces"};
  p.hold = hold;
  p.judge = config::JudgeConfig{};
  p.judge->model = "judge-model";
  p.judge->band = config::JudgeConfig::Band{0, 1};
  p.judge->max_sentences = max_sentences;
  if (hold == config::HoldMode::kSentence) {
    p.actions.unsupported = {config::ActionKind::kBlock};
    p.actions.contradicted = {config::ActionKind::kBlock};
  }
  return p;
}

std::string chat_answer(std::string_view text) {
  std::string out = R"({"choices":[{"index":0,"message":{"role":"assistant","content":)";
  verdict::append_json_string(out, text);
  return out + "}}]}";
}

std::vector<stream::SideAnswer> answer(const stream::SideBatch& batch, std::string_view text,
                                       std::size_t request = 0) {
  return {{batch.batch.requests.at(request).id, 200, chat_answer(text), ""}};
}

struct Fixture {
  explicit Fixture(config::HoldMode hold, std::size_t max_sentences = 4)
      : p(judged_policy(hold, max_sentences)) {
    chain = testing::guard_chain(p, testing::request_with_context());
    chain.serve_side_requests(
        groundgate::testing::model_calls_for(testing::request_with_context()));
  }
  std::string summary() {
    for (std::string& a : chain.answer_end())
      if (contains(a, R"("type":"summary")")) return a;
    return {};
  }
  config::PolicyConfig p;
  stream::FilterChain chain;
};

TEST(JudgeRequest, IsAChatCompletionOfTheJudgeModelNotStreamed) {
  config::JudgeConfig c;
  c.model = "judge-model";
  const std::string body = groundgate::testing::model_calls_for("{}")->ask(
      c.model, kJudgeInstructions,
      judge_prompt("It opened in 1990.", "When did it open?", "Opened 1991."));
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(body).get(doc), simdjson::SUCCESS) << body;
  EXPECT_EQ(std::string_view(doc["model"]), "judge-model");
  EXPECT_FALSE(bool(doc["stream"]));
  const std::string_view user = doc["messages"].at(1)["content"];
  EXPECT_TRUE(contains(user, "Opened 1991.")) << user;
  EXPECT_TRUE(contains(user, "Question: When did it open?")) << user;
  EXPECT_TRUE(contains(user, "Sentence: It opened in 1990.")) << user;
  EXPECT_TRUE(contains(std::string_view(doc["messages"].at(0)["content"]), "one word"));
}

TEST(JudgeRequest, IsAResponsesRequestNotStoredForTheResponsesApi) {
  config::JudgeConfig c;
  c.model = "judge-model";
  const std::string body =
      groundgate::testing::model_calls_for("{}", proxy::openai::EndpointKind::kResponses)
          ->ask(c.model, kJudgeInstructions,
                judge_prompt("It opened in 1990.", "", "Opened 1991."));
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_EQ(parser.parse(body).get(doc), simdjson::SUCCESS) << body;
  EXPECT_FALSE(bool(doc["store"]));
  EXPECT_FALSE(bool(doc["stream"]));
  EXPECT_TRUE(contains(std::string_view(doc["input"]), "Sentence: It opened in 1990."));
  EXPECT_FALSE(contains(std::string_view(doc["input"]), "Question:"));
}

TEST(JudgedLabel, IsTheAnswersFirstWordWhenItIsALabel) {
  EXPECT_EQ(judged_label("SUPPORTED"), verify::Label::kSupported);
  EXPECT_EQ(judged_label("Unsupported."), verify::Label::kUnsupported);
  EXPECT_EQ(judged_label("\n**Contradicted**: the context says 1991."),
            verify::Label::kContradicted);
  // Anything else is no verdict: "Not supported" is not "supported".
  EXPECT_EQ(judged_label("Not supported"), std::nullopt);
  EXPECT_EQ(judged_label("The sentence is supported."), std::nullopt);
  EXPECT_EQ(judged_label(""), std::nullopt);
}

TEST(JudgeEvidence, IsAWindowAroundTheCitedPiecesWithinTheBound) {
  std::vector<context::Passage> passages(2);
  passages[0].text = std::string(500, 'a') + " Opened in 1991. " + std::string(500, 'b');
  passages[1].text = "Unrelated passage.";
  auto index = index::ContextIndex::build(passages);
  verify::SentenceVerdict v;
  verify::Finding f;
  f.evidence = verify::Evidence{0, 501, 516};
  v.findings.push_back(f);
  const std::string evidence = judge::judge_evidence(v, *index, 100);
  EXPECT_LE(evidence.size(), 100u + 6);  // the window and "..." on each side
  EXPECT_TRUE(contains(evidence, "Opened in 1991.")) << evidence;
  EXPECT_FALSE(contains(evidence, "Unrelated")) << evidence;
  // No evidence cited: the context's first bytes.
  const std::string first = judge::judge_evidence(verify::SentenceVerdict{}, *index, 50);
  EXPECT_EQ(first, std::string(50, 'a'));
}

// The scorer's thresholds, `doubtful` up to `unsupported` (equal: no doubt band).
score::Thresholds at(double doubtful, double unsupported) {
  score::Thresholds t;
  t.doubtful = doubtful;
  t.unsupported = unsupported;
  return t;
}

TEST(JudgeBand, IsTheConfiguredOneElseTheScorersDoubtBand) {
  config::JudgeConfig c;
  config::JudgeConfig::Band b = judge_band(c, at(0.25, 0.6));
  EXPECT_DOUBLE_EQ(b.low, 0.25);
  EXPECT_DOUBLE_EQ(b.high, 0.6);
  // A model without a doubt band: its threshold +- 0.15, within [0, 1].
  b = judge_band(c, at(0.25, 0.25));
  EXPECT_DOUBLE_EQ(b.low, 0.10);
  EXPECT_DOUBLE_EQ(b.high, 0.40);
  b = judge_band(c, at(0.05, 0.05));
  EXPECT_DOUBLE_EQ(b.low, 0.0);
  EXPECT_DOUBLE_EQ(b.high, 0.20);
  c.band = config::JudgeConfig::Band{0.3, 0.7};
  b = judge_band(c, at(0.25, 0.6));
  EXPECT_DOUBLE_EQ(b.low, 0.3);
  EXPECT_DOUBLE_EQ(b.high, 0.7);
}

TEST(SentenceJudge, AHeldSentenceWaitsForTheJudgeWhoseLabelDecides) {
  Fixture f(config::HoldMode::kSentence);
  std::string text = f.chain.on_delta(0, kFirst + kSecond).text;
  EXPECT_EQ(text, "");  // the first sentence waits for the judge
  EXPECT_TRUE(f.chain.holds_for_answers());
  std::vector<stream::SideBatch> batches = f.chain.take_side_requests();
  ASSERT_EQ(batches.size(), 1u);
  ASSERT_EQ(batches[0].batch.requests.size(), 1u);
  EXPECT_TRUE(contains(batches[0].batch.requests[0].body, "Sentence: " + kFirst));
  EXPECT_TRUE(contains(batches[0].batch.requests[0].body, "Cool Parent was released in 2015"));

  stream::SideAnswersOutput out = f.chain.on_side_answers(0, answer(batches[0], "SUPPORTED"));
  ASSERT_EQ(out.released.size(), 1u);
  text += out.released[0].output.text;
  EXPECT_EQ(text, kFirst);
  // The second sentence, ended by the choice's end, goes to the judge too: it says unsupported,
  // which this policy blocks.
  text += f.chain.on_choice_end(0).text;
  batches = f.chain.take_side_requests();
  ASSERT_EQ(batches.size(), 1u);
  EXPECT_TRUE(contains(batches[0].batch.requests[0].body, "Sentence: Goertz won a Grammy"));
  out = f.chain.on_side_answers(0, answer(batches[0], "Unsupported"));
  EXPECT_TRUE(f.chain.stopped());
  EXPECT_EQ(f.chain.stop_reason(), "guard.unsupported");
  for (const auto& r : out.released)
    EXPECT_FALSE(contains(r.output.text, "Grammy")) << r.output.text;
  const std::string summary = f.summary();
  EXPECT_TRUE(contains(summary, R"("judge":{"asked":2,"decided":2)")) << summary;
  EXPECT_TRUE(contains(summary, R"("failed":0)")) << summary;
  const std::optional<std::string> field = field_of(f.chain.report(), "guard.judge");
  ASSERT_TRUE(field.has_value());
  EXPECT_TRUE(contains(*field, R"("asked":2)")) << *field;
}

// A sentence that lines up with a context sentence saying otherwise is settled by the evidence,
// whatever the scorer's probability: the judge is not asked (even with a band of everything).
TEST(SentenceJudge, AnAlignedContradictionIsNotTheJudgesToSettle) {
  Fixture f(config::HoldMode::kSentence);
  f.chain.on_delta(0, "Her album Cool Parent was released in 2016.");
  f.chain.on_choice_end(0);
  EXPECT_TRUE(f.chain.take_side_requests().empty());
  EXPECT_TRUE(f.chain.stopped());
}

TEST(SentenceJudge, AFailedCallLeavesTheScorersLabelAndIsCounted) {
  Fixture f(config::HoldMode::kSentence);
  f.chain.on_delta(0, kFirst);
  std::string text = f.chain.on_choice_end(0).text;
  std::vector<stream::SideBatch> batches = f.chain.take_side_requests();
  ASSERT_EQ(batches.size(), 1u);
  stream::SideAnswersOutput out =
      f.chain.on_side_answers(0, {{batches[0].batch.requests[0].id, 0, "", "timeout"}});
  ASSERT_EQ(out.released.size(), 1u);
  text += out.released[0].output.text;
  EXPECT_EQ(text, kFirst);  // the scorer found it supported
  const std::string summary = f.summary();
  EXPECT_TRUE(contains(summary, R"("asked":1,"decided":0,"changed":0,"failed":1)")) << summary;
  EXPECT_TRUE(contains(summary, "judge call failed: timeout")) << summary;
}

TEST(SentenceJudge, AnswersToNoRequestAskedFailTheSentenceThatWaits) {
  // Nothing waits forever: answers that carry no id the guard asked for end the wait, as a
  // failed call.
  Fixture f(config::HoldMode::kSentence);
  f.chain.on_delta(0, kFirst);
  std::string text = f.chain.on_choice_end(0).text;
  ASSERT_EQ(f.chain.take_side_requests().size(), 1u);
  ASSERT_TRUE(f.chain.holds_for_answers());
  const stream::SideAnswersOutput out =
      f.chain.on_side_answers(0, {{12345, 200, chat_answer("CONTRADICTED"), ""}});
  ASSERT_EQ(out.released.size(), 1u);
  text += out.released[0].output.text;
  EXPECT_EQ(text, kFirst);  // the scorer's label stands
  EXPECT_TRUE(contains(f.summary(), R"("failed":1,"last_failure":"no answer")")) << f.summary();
}

TEST(SentenceJudge, AnAnswerThatIsNoLabelIsAFailure) {
  Fixture f(config::HoldMode::kSentence);
  f.chain.on_delta(0, kFirst);
  f.chain.on_choice_end(0);
  std::vector<stream::SideBatch> batches = f.chain.take_side_requests();
  ASSERT_EQ(batches.size(), 1u);
  f.chain.on_side_answers(0, answer(batches[0], "I cannot tell."));
  const std::string summary = f.summary();
  EXPECT_TRUE(contains(summary, R"("failed":1)")) << summary;
  EXPECT_TRUE(contains(summary, "judge answer is not a label")) << summary;
}

TEST(SentenceJudge, SentencesOverTheBudgetAreSkippedAndCounted) {
  Fixture f(config::HoldMode::kSentence, 1);
  std::string text = f.chain.on_delta(0, kFirst + kSecond).text;
  std::vector<stream::SideBatch> batches = f.chain.take_side_requests();
  ASSERT_EQ(batches.size(), 1u);
  stream::SideAnswersOutput out = f.chain.on_side_answers(0, answer(batches[0], "supported"));
  text += out.released.at(0).output.text;
  text += f.chain.on_choice_end(0).text;
  EXPECT_TRUE(f.chain.take_side_requests().empty());  // the second is the scorer's alone
  const std::string summary = f.summary();
  EXPECT_TRUE(contains(summary, R"("asked":1)")) << summary;
  EXPECT_TRUE(contains(summary, R"("skipped":1,"skip_reasons":{"max_sentences":1})")) << summary;
}

TEST(SentenceJudge, WithoutSideRequestsEverySentenceInTheBandIsSkippedAndCounted) {
  config::PolicyConfig p = judged_policy(config::HoldMode::kSentence);
  stream::FilterChain chain = testing::guard_chain(p, testing::request_with_context());
  std::string text = chain.on_delta(0, kFirst).text;
  text += chain.on_choice_end(0).text;
  EXPECT_EQ(text, kFirst);
  std::string summary;
  for (std::string& a : chain.answer_end())
    if (contains(a, R"("type":"summary")")) summary = a;
  EXPECT_TRUE(contains(summary, R"("skip_reasons":{"no_side_requests":1})")) << summary;
}

TEST(SentenceJudge, InStreamFirstTheJudgesVerdictFollowsAsAnAnnotation) {
  Fixture f(config::HoldMode::kStreamFirst);
  std::string text = f.chain.on_delta(0, kSecond.substr(1)).text;
  text += f.chain.on_choice_end(0).text;
  EXPECT_EQ(text, kSecond.substr(1));  // the text went on at once
  std::vector<stream::SideBatch> batches = f.chain.take_side_requests();
  ASSERT_EQ(batches.size(), 1u);
  stream::SideAnswersOutput out = f.chain.on_side_answers(0, answer(batches[0], "CONTRADICTED"));
  std::string all;
  for (const std::string& a : out.annotations)
    all += a;
  EXPECT_TRUE(contains(all, R"("label":"contradicted")")) << all;
  EXPECT_TRUE(contains(all, R"("engine":"judge")")) << all;
  EXPECT_FALSE(f.chain.stopped());
}

TEST(SentenceJudge, InStreamFirstEverySentenceInTheBandIsOutWithTheJudgeAtOnce) {
  Fixture f(config::HoldMode::kStreamFirst);
  std::string text = f.chain.on_delta(0, kFirst).text;
  std::vector<stream::SideBatch> first = f.chain.take_side_requests();
  ASSERT_EQ(first.size(), 1u);
  EXPECT_TRUE(contains(first[0].batch.requests.at(0).body, "Sentence: " + kFirst));
  // The first is out while the second streams and goes to the judge too.
  text += f.chain.on_delta(0, kSecond).text;
  text += f.chain.on_choice_end(0).text;
  EXPECT_EQ(text, kFirst + kSecond);
  std::vector<stream::SideBatch> second = f.chain.take_side_requests();
  ASSERT_EQ(second.size(), 1u);
  EXPECT_TRUE(contains(second[0].batch.requests.at(0).body, "Sentence: Goertz won a Grammy"));
  EXPECT_NE(first[0].batch.requests.at(0).id, second[0].batch.requests.at(0).id);
  EXPECT_TRUE(f.chain.awaits_answers());

  // Answered in the other order: each answer decides its own sentence.
  stream::SideAnswersOutput out = f.chain.on_side_answers(0, answer(second[0], "CONTRADICTED"));
  std::string all;
  for (const std::string& a : out.annotations)
    all += a;
  EXPECT_TRUE(contains(all, R"("offset":[44,72],"label":"contradicted")")) << all;
  out = f.chain.on_side_answers(0, answer(first[0], "SUPPORTED"));
  EXPECT_TRUE(out.annotations.empty());  // supported: nothing to say
  EXPECT_FALSE(f.chain.awaits_answers());
  const std::string summary = f.summary();
  EXPECT_TRUE(contains(summary, R"("judge":{"asked":2,"decided":2,"changed":)")) << summary;
  EXPECT_FALSE(contains(summary, "skip_reasons\":{\"")) << summary;
}

TEST(SentenceJudge, SentencesEndedInOneDeltaAreAskedInOneBatch) {
  Fixture f(config::HoldMode::kStreamFirst);
  f.chain.on_delta(0, kFirst + kSecond + " More text");
  std::vector<stream::SideBatch> batches = f.chain.take_side_requests();
  ASSERT_EQ(batches.size(), 1u);
  ASSERT_EQ(batches[0].batch.requests.size(), 2u);
  EXPECT_EQ(batches[0].batch.limits.fan_out, 2u);
  std::vector<stream::SideAnswer> answers = answer(batches[0], "unsupported", 0);
  answers.push_back(answer(batches[0], "supported", 1).front());
  const stream::SideAnswersOutput out = f.chain.on_side_answers(0, std::move(answers));
  std::string all;
  for (const std::string& a : out.annotations)
    all += a;
  EXPECT_TRUE(contains(all, R"("offset":[0,43],"label":"unsupported")")) << all;
  EXPECT_FALSE(contains(all, R"("offset":[44,)")) << all;  // the second: supported
}

}  // namespace
}  // namespace groundgate::filters::actions
