#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "filters/index/context_index.h"
#include "filters/semantic_piece/answer_verifier.h"

namespace groundgate::filters::semantic_piece {

// Builds an index over passages and verifies answers with WordNet loaded.
class VerifierTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto loaded = text::Lexicon::shared();
    ASSERT_TRUE(loaded.lexicon) << loaded.error;
    options_.lexicon = loaded.lexicon;
  }

  void context(std::vector<std::string> texts) {
    std::vector<context::Passage> passages;
    for (std::string& t : texts) {
      context::Passage p;
      p.text = std::move(t);
      passages.push_back(std::move(p));
    }
    index_ = index::ContextIndex::build(std::move(passages));
  }

  std::vector<Verdict> verify(std::string_view answer, std::string_view question = {}) {
    return verify_answer(index_, question, answer, options_);
  }

  // The verdict of a one-piece answer.
  Verdict only(std::string_view answer, std::string_view question = {}) {
    std::vector<Verdict> v = verify(answer, question);
    EXPECT_EQ(v.size(), 1u) << answer;
    return v.empty() ? Verdict{} : v.front();
  }

  // `answer` is one contradicted piece whose correction is the evidence's `evidence_text`.
  void expect_corrected(std::string_view answer, std::string_view evidence_text) {
    const Verdict v = only(answer);
    EXPECT_EQ(v.label, Label::kContradicted) << answer << ": " << v.reason;
    ASSERT_TRUE(v.correction) << answer;
    EXPECT_EQ(v.correction->evidence_text, evidence_text) << answer;
  }

  // `answer` is one piece, contradicted for `code` by a context sentence it lines up with.
  void expect_aligned_conflict(std::string_view answer, ReasonCode code) {
    const Verdict v = only(answer);
    EXPECT_EQ(v.label, Label::kContradicted) << answer << ": " << v.reason;
    EXPECT_EQ(v.reason_code, code) << answer;
    EXPECT_TRUE(v.signals.aligned_conflict) << answer;
  }

  std::shared_ptr<const index::ContextIndex> index_;
  VerifierOptions options_;
};

}  // namespace groundgate::filters::semantic_piece
