#include "filters/actions/rewriter.h"

#include <gtest/gtest.h>

namespace groundgate::filters::actions {
namespace {

using config::RewriteKind;

verify::SentenceVerdict contradicted(std::size_t begin, std::string_view sentence) {
  verify::SentenceVerdict v;
  v.label = verify::Label::kContradicted;
  v.answer_begin = begin;
  v.answer_end = begin + sentence.size();
  return v;
}

verify::Finding with_correction(std::size_t b, std::size_t e, std::string text) {
  verify::Finding f;
  f.label = verify::Label::kContradicted;
  f.score = 0;
  f.correction = verify::Correction{b, e, std::move(text)};
  return f;
}

TEST(Rewriter, CorrectReplacesOnlyTheValue) {
  const std::string_view s = "Turnout rose to 32% last year.";
  verify::SentenceVerdict v = contradicted(100, s);
  v.findings.push_back(with_correction(116, 119, "30%"));
  Rewrite r = rewrite_sentence(s, v, RewriteKind::kCorrect, {}, nullptr);
  EXPECT_EQ("Turnout rose to 30% last year.", r.text);
  EXPECT_EQ(RewriteKind::kCorrect, r.kind);
}

TEST(Rewriter, DisagreeingCorrectionsAreAmbiguous) {
  const std::string_view s = "Turnout rose to 32% last year.";
  verify::SentenceVerdict v = contradicted(0, s);
  v.findings.push_back(with_correction(16, 19, "30%"));
  v.findings.push_back(with_correction(16, 19, "31%"));
  config::RewriteConfig c;
  c.fallback = RewriteKind::kDrop;
  Rewrite r = rewrite_sentence(s, v, RewriteKind::kCorrect, c, nullptr);
  EXPECT_EQ("", r.text);
  EXPECT_EQ(RewriteKind::kDrop, r.kind);
}

TEST(Rewriter, CorrectionOutsideTheSentenceIsIgnored) {
  const std::string_view s = "Turnout rose to 32%.";
  verify::SentenceVerdict v = contradicted(50, s);
  v.findings.push_back(with_correction(10, 13, "30%"));
  config::RewriteConfig c;
  c.notice = "[n]";
  EXPECT_EQ("[n]", rewrite_sentence(s, v, RewriteKind::kCorrect, c, nullptr).text);
}

TEST(Rewriter, CiteWithoutEvidenceAppendsTheCaveat) {
  verify::SentenceVerdict v = contradicted(0, "X.");
  config::RewriteConfig c;
  c.caveat = "(unverified)";
  EXPECT_EQ("X. (unverified)", rewrite_sentence("X.", v, RewriteKind::kCite, c, nullptr).text);
}

}  // namespace
}  // namespace groundgate::filters::actions
