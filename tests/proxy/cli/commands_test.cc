// The groundgate commands as a user runs them: exit codes, located config errors, and the
// JSON that check, eval and triplets print.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "tests/proxy/cli/child_process.h"
#include "tests/proxy/cli/scripted_model.h"

namespace groundgate::testing {
namespace {

class CommandsTest : public ::testing::Test {
 protected:
  std::string file(const std::string& name, const std::string& text) {
    const std::string path = dir_ + "/" + name;
    write_file(path, text);
    return path;
  }
  // Two labelled answers on one context: a faithful one ("a") and one with a wrong year ("b").
  std::string acme_samples() {
    return file(
        "data.jsonl",
        R"({"id":"a","question":"When was Acme founded?","context":["Acme was founded in 2011 in Oslo."],"answer":"Acme was founded in 2011.","label":0})"
        "\n"
        R"({"id":"b","question":"When was Acme founded?","context":["Acme was founded in 2011 in Oslo."],"answer":"Acme was founded in 1994.","label":1})"
        "\n");
  }
  std::string dir_ = make_temp_dir();
};

TEST_F(CommandsTest, ValidateAcceptsTheExampleConfig) {
  const CommandResult r =
      run_groundgate({"validate", "-c", GG_SOURCE_DIR "/config/examples/openai.yaml"});
  EXPECT_EQ(0, r.exit_code) << r.err;
  EXPECT_NE(std::string::npos, r.out.find(": ok")) << r.out;
}

TEST_F(CommandsTest, ValidatePrintsEveryErrorWithItsLocationAndExitsOne) {
  const std::string path = file("bad.yaml",
                                "listen: 127.0.0.1:8080\n"
                                "upstreams:\n"
                                "  a:\n"
                                "    url: ftp://x\n"
                                "    connect_timout: 2s\n"
                                "routes: []\n");
  const CommandResult r = run_groundgate({"validate", "-c", path});
  EXPECT_EQ(1, r.exit_code);
  EXPECT_NE(std::string::npos, r.err.find("bad.yaml:4:10: upstreams.a.url")) << r.err;
  EXPECT_NE(std::string::npos,
            r.err.find("bad.yaml:5:5: upstreams.a: unknown key 'connect_timout'"))
      << r.err;
  EXPECT_NE(std::string::npos, r.err.find("bad.yaml:6:9: routes")) << r.err;
}

TEST_F(CommandsTest, CheckPrintsTheContradictionWithItsEvidenceAndCorrection) {
  const std::string context = file("context.txt",
                                   "Acme Cloud was founded in 2011 in Oslo. Refunds are issued "
                                   "within 14 days of a cancellation.");
  const std::string answer = file(
      "answer.txt", "Acme Cloud was founded in Oslo. Refunds take 30 days after a cancellation.");
  // The default: the scorer labels the sentence, the engine's finding is its reason.
  const CommandResult r = run_groundgate({"check", "--context", context, "--answer", answer});
  ASSERT_EQ(0, r.exit_code) << r.err;
  EXPECT_NE(std::string::npos, r.out.find(R"("verdict":"hallucinated")")) << r.out;
  EXPECT_NE(std::string::npos, r.out.find(R"("supported":1)")) << r.out;
  EXPECT_NE(std::string::npos, r.out.find(R"("code":"entity_mismatch")")) << r.out;
  EXPECT_NE(std::string::npos, r.out.find(R"("correction":"14 days")")) << r.out;
  // The engines' own labels.
  const CommandResult rules =
      run_groundgate({"check", "--context", context, "--answer", answer, "--scorer", "off"});
  ASSERT_EQ(0, rules.exit_code) << rules.err;
  EXPECT_NE(std::string::npos, rules.out.find(R"("contradicted":1)")) << rules.out;
}

TEST_F(CommandsTest, CheckAgainstAnEmptyContextSaysNoContext) {
  const std::string context = file("empty.txt", " \n");
  const std::string answer = file("answer.txt", "Refunds take 30 days.");
  const CommandResult r = run_groundgate({"check", "--context", context, "--answer", answer});
  ASSERT_EQ(0, r.exit_code) << r.err;
  EXPECT_NE(std::string::npos, r.out.find(R"("verdict":"no_context","hallucinated":false)"))
      << r.out;
  EXPECT_NE(std::string::npos, r.out.find(R"("verdicts":[)")) << r.out;
  EXPECT_EQ(std::string::npos, r.out.find(R"("label")")) << r.out;
}

TEST_F(CommandsTest, CheckWithoutAnAnswerPrintsUsage) {
  const CommandResult r = run_groundgate({"check", "--context", "x"});
  EXPECT_EQ(2, r.exit_code);
  EXPECT_NE(std::string::npos, r.err.find("usage: groundgate check")) << r.err;
}

// A small labelled set: each source (city, year) gives a faithful answer and one with the
// year changed, so the engines' value conflicts separate the classes.
std::string training_data(const std::string& place_prefix) {
  std::string out;
  for (int i = 0; i < 24; ++i) {
    const std::string place = place_prefix + std::to_string(i);
    const std::string year = std::to_string(1900 + i);
    const std::string wrong = std::to_string(1950 + i);
    const std::string context = "The museum in " + place + " opened in " + year +
                                ". It holds paintings and maps of the region.";
    for (int hallucinated = 0; hallucinated < 2; ++hallucinated) {
      out += R"({"id":")" + place + std::to_string(hallucinated) +
             R"(","question":"When did the museum open?","context":[")" + context +
             R"("],"answer":"The museum in )" + place + " opened in " +
             (hallucinated ? wrong : year) + R"(.","label":)" + std::to_string(hallucinated) +
             "}\n";
    }
  }
  return out;
}

TEST_F(CommandsTest, TrainWritesAModelThatEvalAndTheConfigLoad) {
  const std::string first = file("first.jsonl", training_data("Alton"));
  const std::string second = file("second.jsonl", training_data("Brill"));
  const std::string model = dir_ + "/model.json";
  const std::string report = dir_ + "/report.md";
  const CommandResult r =
      run_groundgate({"train", first, second, "--out", model, "--folds", "3", "--report", report});
  ASSERT_EQ(0, r.exit_code) << r.err;
  std::ifstream in(model);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(0u, text.find(R"({"format":"groundgate-scorer/1")")) << text.substr(0, 200);
  EXPECT_NE(std::string::npos, text.find("groundgate train first.jsonl second.jsonl")) << text;
  std::ifstream report_in(report);
  std::string table((std::istreambuf_iterator<char>(report_in)), std::istreambuf_iterator<char>());
  EXPECT_NE(std::string::npos, table.find("| first | 48 |")) << table;

  // The same data gives the same model, byte for byte.
  const std::string again = dir_ + "/again.json";
  ASSERT_EQ(0, run_groundgate({"train", first, second, "--out", again, "--folds", "3"}).exit_code);
  std::ifstream again_in(again);
  EXPECT_EQ(text, std::string((std::istreambuf_iterator<char>(again_in)),
                              std::istreambuf_iterator<char>()));

  // Another split of the sources: its seed is in the command the model file records.
  const std::string seeded = dir_ + "/seeded.json";
  ASSERT_EQ(0, run_groundgate(
                   {"train", first, second, "--out", seeded, "--folds", "3", "--fold-seed", "b"})
                   .exit_code);
  std::ifstream seeded_in(seeded);
  const std::string seeded_text((std::istreambuf_iterator<char>(seeded_in)),
                                std::istreambuf_iterator<char>());
  EXPECT_NE(std::string::npos,
            seeded_text.find("groundgate train first.jsonl second.jsonl --fold-seed b"))
      << seeded_text.substr(0, 300);

  // Flag thresholds chosen on each set as scored by a model trained on the other: recorded,
  // and the model still separates the classes.
  const std::string unseen = dir_ + "/unseen.json";
  ASSERT_EQ(0, run_groundgate({"train", first, second, "--out", unseen, "--folds", "3",
                               "--flags-from-other-sets"})
                   .exit_code);
  std::ifstream unseen_in(unseen);
  const std::string unseen_text((std::istreambuf_iterator<char>(unseen_in)),
                                std::istreambuf_iterator<char>());
  EXPECT_NE(std::string::npos,
            unseen_text.find("groundgate train first.jsonl second.jsonl --flags-from-other-sets"))
      << unseen_text.substr(0, 300);
  const CommandResult unseen_scored = run_groundgate({"eval", second, "--scorer", unseen});
  ASSERT_EQ(0, unseen_scored.exit_code) << unseen_scored.err;
  EXPECT_NE(std::string::npos, unseen_scored.out.find("balanced_accuracy=1.000"))
      << unseen_scored.out;

  const CommandResult scored = run_groundgate({"eval", first, "--scorer", model});
  ASSERT_EQ(0, scored.exit_code) << scored.err;
  EXPECT_NE(std::string::npos, scored.out.find("balanced_accuracy=1.000")) << scored.out;
  const CommandResult broken = run_groundgate({"eval", first, "--scorer", report});
  EXPECT_EQ(2, broken.exit_code) << broken.out;
  EXPECT_NE(std::string::npos, broken.err.find("scorer model")) << broken.err;
}

TEST_F(CommandsTest, EvalScoresLabelledSamplesAndWritesOneLinePerSample) {
  const std::string data = acme_samples();
  const std::string out = dir_ + "/pred.jsonl";
  const CommandResult r = run_groundgate({"eval", data, "--out", out});
  ASSERT_EQ(0, r.exit_code) << r.err;
  EXPECT_NE(std::string::npos, r.out.find("n=2  hallucinated=1  faithful=1")) << r.out;
  EXPECT_NE(std::string::npos, r.out.find("balanced_accuracy=1.000")) << r.out;
  const CommandResult lines = run_groundgate({"eval", data, "--verifiers", "nonsense"});
  EXPECT_EQ(2, lines.exit_code) << lines.out;

  std::ifstream in(out);
  std::string first, second, extra;
  ASSERT_TRUE(std::getline(in, first));
  ASSERT_TRUE(std::getline(in, second));
  EXPECT_FALSE(std::getline(in, extra));
  EXPECT_NE(std::string::npos, first.find(R"({"id":"a","hallucinated":false,"score":)")) << first;
  EXPECT_NE(std::string::npos, second.find(R"({"id":"b","hallucinated":true,"score":)")) << second;
  EXPECT_EQ(std::string::npos, second.find(R"("pieces":[{"label":"supported")")) << second;
  EXPECT_NE(std::string::npos, second.find(R"("code":"entity_mismatch")")) << second;
}

// `--judge-upstream`: the sentences in the band go to the judge model, whose labels decide;
// here a judge that has it backwards labels the faithful answer's sentence unsupported (the
// answer's verdict is the answer model's, from its sentences' probabilities). The wrong
// founding year lines up with the context sentence that says otherwise: the evidence settles
// it, the judge is not asked.
TEST_F(CommandsTest, EvalWithAJudgeAsksItAboutTheSentencesInTheBand) {
  ScriptedModel judge(R"yaml(
- model: "judge-model"
  match: "acme was founded in 2011."
  answer: "VERDICT: UNSUPPORTED\nQUOTE: none"
)yaml");
  const std::string data = acme_samples();
  const std::string out = dir_ + "/judged.jsonl";
  const CommandResult r =
      run_groundgate({"eval", data, "--judge-upstream", judge.url(), "--judge-model", "judge-model",
                      "--judge-band", "0,1", "--judge-timeout", "10000", "--out", out});
  ASSERT_EQ(0, r.exit_code) << r.err;
  EXPECT_NE(std::string::npos,
            r.out.find("judge: asked=1  decided=1  changed=1  rejected=0  failed=0  cached=0"))
      << r.out;
  EXPECT_NE(std::string::npos, r.out.find("judge cost: calls=1  input_tokens=")) << r.out;
  std::ifstream in(out);
  std::string first, second;
  ASSERT_TRUE(std::getline(in, first));
  ASSERT_TRUE(std::getline(in, second));
  EXPECT_NE(std::string::npos, first.find(R"("pieces":[{"label":"unsupported")")) << first;
  EXPECT_NE(std::string::npos, first.find(R"("engine":"judge")")) << first;
  EXPECT_NE(std::string::npos, second.find(R"("pieces":[{"label":"contradicted")")) << second;
  EXPECT_EQ(std::string::npos, second.find(R"("engine":"judge")")) << second;
  // An option of the judge without its upstream is an error, not a run without it.
  const CommandResult alone = run_groundgate({"eval", data, "--judge-model", "m"});
  EXPECT_EQ(2, alone.exit_code) << alone.out;
  EXPECT_NE(std::string::npos, alone.err.find("--judge-model needs --judge-upstream")) << alone.err;
}

TEST_F(CommandsTest, TripletsPrintsOneJsonLinePerClause) {
  const std::string text = file("text.txt", "Marie Curie discovered polonium and radium.");
  const CommandResult r = run_groundgate({"triplets", text});
  ASSERT_EQ(0, r.exit_code) << r.err;
  EXPECT_NE(std::string::npos, r.out.find(R"("subject":"Marie Curie")")) << r.out;
  EXPECT_NE(std::string::npos, r.out.find(R"("object":"polonium")")) << r.out;
  EXPECT_NE(std::string::npos, r.out.find(R"("object":"radium")")) << r.out;
}

}  // namespace
}  // namespace groundgate::testing
