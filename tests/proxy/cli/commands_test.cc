// The groundgate commands as a user runs them: exit codes, located config errors, and the
// JSON that check, eval and triplets print.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "tests/proxy/cli/child_process.h"

namespace groundgate::testing {
namespace {

class CommandsTest : public ::testing::Test {
 protected:
  std::string file(const std::string& name, const std::string& text) {
    const std::string path = dir_ + "/" + name;
    write_file(path, text);
    return path;
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

TEST_F(CommandsTest, EvalScoresLabelledSamplesAndWritesOneLinePerSample) {
  const std::string data = file(
      "data.jsonl",
      R"({"id":"a","question":"When was Acme founded?","context":["Acme was founded in 2011 in Oslo."],"answer":"Acme was founded in 2011.","label":0})"
      "\n"
      R"({"id":"b","question":"When was Acme founded?","context":["Acme was founded in 2011 in Oslo."],"answer":"Acme was founded in 1994.","label":1})"
      "\n");
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
