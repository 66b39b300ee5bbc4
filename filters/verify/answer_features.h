#pragma once
// The numbers the learned scorer reads for a whole answer: its sentences' scores (the worst,
// the mean, how many look unfaithful) and the engines' worst label. Built sentence by sentence,
// so a stream and a whole answer give the same numbers.
// Only what its sentences say: what kind of answer or request it is (how many sentences, a
// question or none, a JSON context) would let the model learn each kind of data's share of
// hallucinated answers, which is no evidence about this answer and does not carry over to data
// of another kind.

#include <array>
#include <cstddef>
#include <string_view>

namespace groundgate::filters::verify {

struct SentenceVerdict;

// X(name, direction): one feature; see sentence_features.h for the direction.
// clang-format off
#define GG_ANSWER_FEATURES(X)                                                                \
  X(p_max, 1) X(p_mean, 1) X(p_top2, 1) X(over_half, 1) X(noisy_or, 1) X(p_min, 1)           \
  X(over_half_share, 1) X(rule_worst, 1)
// clang-format on

enum class AnswerFeature : std::size_t {
#define GG_FEATURE_ENUM(name, direction) k_##name,
  GG_ANSWER_FEATURES(GG_FEATURE_ENUM)
#undef GG_FEATURE_ENUM
      kCount
};

inline constexpr std::size_t kAnswerFeatureCount = static_cast<std::size_t>(AnswerFeature::kCount);
using AnswerFeatures = std::array<float, kAnswerFeatureCount>;

const std::array<std::string_view, kAnswerFeatureCount>& answer_feature_names();
const std::array<int, kAnswerFeatureCount>& answer_feature_directions();

// Sentence verdicts of one answer (choice), in order, reduced to the answer's features.
class AnswerAggregate {
 public:
  // A verified sentence (ok()); its probability of being unfaithful is the scorer's, or its
  // missing support (1 - score) without a scorer.
  void add(const SentenceVerdict& verdict);
  AnswerFeatures features() const;
  std::size_t checked() const { return checked_; }
  double weakest() const { return 1 - top_[0]; }  // the lowest score of a checked sentence

 private:
  std::size_t checked_ = 0;  // sentences with a claim
  double sum_ = 0;
  double top_[2] = {0, 0};  // the two highest p, highest first
  double min_ = 1;
  double all_faithful_ = 1;  // product of (1 - p)
  std::size_t over_half_ = 0;
  int rule_worst_ = 0;  // severity of the engines' worst label (before the scorer)
};

}  // namespace groundgate::filters::verify
