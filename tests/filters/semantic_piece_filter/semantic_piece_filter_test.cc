// The semantic-piece stream filter: stream_first releases everything at once, verdicts become
// report counts and fields, and they equal the whole-answer verifier's.
#include "filters/semantic_piece/semantic_piece_filter.h"

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "filters/semantic_piece/answer_summary.h"
#include "filters/stream/filter_chain.h"

namespace groundgate::filters::semantic_piece {
namespace {

constexpr const char* kGoertz =
    "Allison Beth \"Allie\" Goertz (born March 2, 1991) is an American musician. Goertz is known "
    "for her satirical songs based on various pop culture topics.";

// A chat request carrying kGoertz in the `context` extension field.
std::string request_with_context(std::string_view extra = "") {
  return std::string(R"({"model":"m","stream":true,)") + std::string(extra) + R"("context":")" +
         R"(Allison Beth \"Allie\" Goertz (born March 2, 1991) is an American )"
         R"(musician. Goertz is known for her satirical songs based on various pop culture )"
         R"(topics.","messages":[{"role":"user","content":"Who is Allie Goertz?"}]})";
}

std::uint64_t count_of(const stream::StreamReport& report, std::string_view key) {
  for (const auto& [name, value] : report.counts) {
    if (name == key) return value;
  }
  ADD_FAILURE() << "no count " << key;
  return 0;
}

std::optional<std::string> field_of(const stream::StreamReport& report, std::string_view key) {
  for (const auto& [name, value] : report.fields) {
    if (name == key) return value;
  }
  return std::nullopt;
}

class SemanticPieceFilterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto loaded = text::Lexicon::shared();
    ASSERT_TRUE(loaded.lexicon) << loaded.error;
    config_ = std::make_shared<SemanticPieceFilterConfig>();
    config_->verifier.lexicon = loaded.lexicon;
    config_->cache = std::make_shared<index::ContextIndexCache>(8u << 20);
  }

  // A chain with just the filter, made for `body`.
  stream::FilterChain chain(std::string_view body, std::string* forwarded = nullptr) {
    std::vector<std::unique_ptr<stream::StreamFilter>> filters;
    filters.push_back(std::make_unique<SemanticPieceFilter>(config_, body, forwarded));
    return stream::FilterChain(std::move(filters));
  }

  // Streams `deltas` as choice 0 and returns the report; the client text must be unchanged.
  stream::StreamReport run(std::string_view body, const std::vector<std::string>& deltas) {
    stream::FilterChain c = chain(body);
    std::string sent, emitted;
    for (const std::string& d : deltas) {
      sent += d;
      stream::ChainOutput out = c.on_delta(0, d);
      EXPECT_EQ(d, out.text) << "stream_first releases every delta at once";
      EXPECT_TRUE(out.annotations.empty());
      emitted += out.text;
    }
    emitted += c.on_choice_end(0).text;
    EXPECT_EQ(sent, emitted);
    return c.report();
  }

  std::shared_ptr<SemanticPieceFilterConfig> config_;
};

TEST_F(SemanticPieceFilterTest, SupportedAnswerIsGrounded) {
  auto report = run(request_with_context(), {"Allie Goertz was born", " on 2 March 1991."});
  EXPECT_EQ(1u, count_of(report, "semantic_pieces.supported"));
  EXPECT_EQ(0u, count_of(report, "semantic_pieces.unsupported"));
  EXPECT_EQ(0u, count_of(report, "semantic_pieces.contradicted"));
  EXPECT_EQ(0u, count_of(report, "semantic_pieces.no_context"));
  EXPECT_EQ("grounded", field_of(report, "semantic_pieces.verdict"));
  EXPECT_EQ("1", field_of(report, "semantic_pieces.sentences"));
  EXPECT_EQ("1", field_of(report, "semantic_pieces.passages"));
  EXPECT_EQ("false", field_of(report, "semantic_pieces.context_truncated"));
  EXPECT_NE(std::nullopt, field_of(report, "semantic_pieces.verify_us"));
  EXPECT_NE(std::nullopt, field_of(report, "semantic_pieces.prepare_us"));
  EXPECT_EQ(std::to_string(std::string_view(kGoertz).size()),
            field_of(report, "semantic_pieces.context_bytes"));
}

TEST_F(SemanticPieceFilterTest, ChangedDateIsContradictedAndFlagsTheAnswer) {
  auto report = run(request_with_context(),
                    {"Allie Goertz is an American musician.", " She was born on March 2, 1994."});
  EXPECT_EQ(1u, count_of(report, "semantic_pieces.supported"));
  EXPECT_EQ(1u, count_of(report, "semantic_pieces.contradicted"));
  EXPECT_EQ("hallucinated", field_of(report, "semantic_pieces.verdict"));
  EXPECT_EQ("1.000", field_of(report, "semantic_pieces.score"));
}

// The answer-level verdict from the filter's tallies is summarize() of the whole answer's
// verdicts, for any split into deltas and any answer rule.
TEST_F(SemanticPieceFilterTest, SameVerdictsAsTheWholeAnswerVerifier) {
  const std::vector<std::string> answers = {
      "Allie Goertz was born on 2 March 1991. She is known for satirical songs.",
      "Goertz is a Canadian painter. She was born in 1994 and sings opera.",
      "Allie Goertz is an American musician. She won three Grammy awards in 2010.",
      "Sure!",
  };
  std::mt19937 random(11);
  for (double share : {0.0, 0.4, 1.0}) {
    config_->verifier.rule.max_unsupported_share = share;
    const std::string body = request_with_context();
    const auto extracted_index = config_->cache->get_or_build(std::vector<context::Passage>{
        context::Passage{kGoertz, "", "", context::Passage::Source::kContextField, false}});
    for (const std::string& answer : answers) {
      const std::vector<Verdict> whole =
          verify_answer(extracted_index, "Who is Allie Goertz?", answer, config_->verifier);
      const AnswerSummary expected = summarize(whole, config_->verifier.rule);
      std::vector<std::string> deltas;
      for (std::size_t at = 0; at < answer.size();) {
        const std::size_t n = 1 + random() % 9;
        deltas.push_back(answer.substr(at, n));
        at += n;
      }
      auto report = run(body, deltas);
      EXPECT_EQ(expected.supported, count_of(report, "semantic_pieces.supported")) << answer;
      EXPECT_EQ(expected.unsupported, count_of(report, "semantic_pieces.unsupported")) << answer;
      EXPECT_EQ(expected.contradicted, count_of(report, "semantic_pieces.contradicted")) << answer;
      const char* verdict = expected.pieces == 0    ? "no_claims"
                            : expected.hallucinated ? "hallucinated"
                                                    : "grounded";
      EXPECT_EQ(verdict, field_of(report, "semantic_pieces.verdict")) << answer << " " << share;
      if (expected.pieces > 0) {
        char score[16];
        std::snprintf(score, sizeof score, "%.3f", expected.hallucination_score);
        EXPECT_EQ(score, field_of(report, "semantic_pieces.score")) << answer;
      }
    }
  }
}

TEST_F(SemanticPieceFilterTest, NoContextCountsSentencesAndVerifiesNothing) {
  auto report =
      run(R"({"model":"m","messages":[{"role":"user","content":"Hi?"}]})",
          {"Paris is the capital of France. It has", " 2 million people.\n\n```\ncode();\n```"});
  EXPECT_EQ(2u, count_of(report, "semantic_pieces.no_context")) << "the code block is no claim";
  EXPECT_EQ(0u, count_of(report, "semantic_pieces.supported"));
  EXPECT_EQ(0u, count_of(report, "semantic_pieces.unsupported"));
  EXPECT_EQ("no_context", field_of(report, "semantic_pieces.verdict"));
  EXPECT_EQ("0", field_of(report, "semantic_pieces.passages"));
  EXPECT_EQ(std::nullopt, field_of(report, "semantic_pieces.score"));
}

TEST_F(SemanticPieceFilterTest, NotJsonIsNoContextNeverACrash) {
  auto report = run("{not json", {"Some answer."});
  EXPECT_EQ(1u, count_of(report, "semantic_pieces.no_context"));
}

TEST_F(SemanticPieceFilterTest, ToolMessagesAreContext) {
  const std::string body =
      R"({"model":"m","messages":[{"role":"user","content":"Who?"},)"
      R"({"role":"tool","tool_call_id":"c1","content":"Allie Goertz was born March 2, 1991."}]})";
  auto report = run(body, {"Allie Goertz was born on March 2, 1994."});
  EXPECT_EQ(1u, count_of(report, "semantic_pieces.contradicted"));
}

TEST_F(SemanticPieceFilterTest, ExtensionFieldsAreStrippedFromTheForwardedBody) {
  std::string forwarded;
  chain(request_with_context(), &forwarded);
  EXPECT_FALSE(forwarded.empty());
  EXPECT_EQ(std::string::npos, forwarded.find("\"context\"")) << forwarded;
  EXPECT_NE(std::string::npos, forwarded.find("Who is Allie Goertz?")) << forwarded;

  config_->context.keep_extension_fields = true;
  std::string kept;
  chain(request_with_context(), &kept);
  EXPECT_TRUE(kept.empty()) << "empty: forward the original unchanged";
}

TEST_F(SemanticPieceFilterTest, ContextOverTheLimitIsTruncatedAndSaysSo) {
  config_->context.max_bytes = 40;
  auto report = run(request_with_context(), {"Allie Goertz is an American musician."});
  EXPECT_EQ("true", field_of(report, "semantic_pieces.context_truncated"));
  // Cut at a character boundary at or before the limit.
  const std::string bytes = field_of(report, "semantic_pieces.context_bytes").value_or("");
  EXPECT_GT(std::stoul(bytes.empty() ? "0" : bytes), 30u);
  EXPECT_LE(std::stoul(bytes.empty() ? "0" : bytes), 40u);
}

TEST_F(SemanticPieceFilterTest, IndexIsSharedAcrossStreamsThroughTheCache) {
  run(request_with_context(), {"Allie Goertz is an American musician."});
  run(request_with_context(), {"Allie Goertz is an American musician."});
  const auto stats = config_->cache->stats();
  EXPECT_EQ(1u, stats.misses);
  EXPECT_EQ(1u, stats.hits);
}

TEST_F(SemanticPieceFilterTest, ChoicesAreVerifiedApartAndUnfinishedOnesAtStreamEnd) {
  stream::FilterChain c = chain(request_with_context());
  c.on_delta(0, "Allie Goertz is an American musician.");
  c.on_delta(1, "Allie Goertz was born on March 2, 1994");  // broken off: no choice end
  c.on_choice_end(0);
  auto report = c.report();
  EXPECT_EQ(1u, count_of(report, "semantic_pieces.supported"));
  EXPECT_EQ(1u, count_of(report, "semantic_pieces.contradicted"));
  EXPECT_EQ("hallucinated", field_of(report, "semantic_pieces.verdict"));
  EXPECT_EQ("2", field_of(report, "semantic_pieces.sentences"));
}

TEST_F(SemanticPieceFilterTest, ChoicesPastTheLimitPassUncheckedAndAreCounted) {
  config_->max_choices = 1;
  stream::FilterChain c = chain(request_with_context());
  EXPECT_EQ("Allie Goertz was born in 1994.", c.on_delta(1, "Allie Goertz was born in 1994.").text);
  c.on_delta(0, "Allie Goertz is an American musician.");
  c.on_choice_end(0);
  c.on_choice_end(1);
  auto report = c.report();
  EXPECT_EQ(1u, count_of(report, "semantic_pieces.supported"));
  EXPECT_EQ(0u, count_of(report, "semantic_pieces.contradicted"));
  EXPECT_EQ("1", field_of(report, "semantic_pieces.unchecked_choices"));
}

TEST_F(SemanticPieceFilterTest, WorksWithoutACache) {
  config_->cache = nullptr;
  auto report = run(request_with_context(), {"Allie Goertz was born on 2 March 1991."});
  EXPECT_EQ(1u, count_of(report, "semantic_pieces.supported"));
}

}  // namespace
}  // namespace groundgate::filters::semantic_piece
