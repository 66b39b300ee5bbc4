#include "filters/verify/answer_features.h"

#include <algorithm>

#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::verify {

const std::array<std::string_view, kAnswerFeatureCount>& answer_feature_names() {
  static constexpr std::array<std::string_view, kAnswerFeatureCount> kNames = {
#define GG_FEATURE_NAME(name, direction) #name,
      GG_ANSWER_FEATURES(GG_FEATURE_NAME)
#undef GG_FEATURE_NAME
  };
  return kNames;
}

const std::array<int, kAnswerFeatureCount>& answer_feature_directions() {
  static constexpr std::array<int, kAnswerFeatureCount> kDirections = {
#define GG_FEATURE_DIRECTION(name, direction) direction,
      GG_ANSWER_FEATURES(GG_FEATURE_DIRECTION)
#undef GG_FEATURE_DIRECTION
  };
  return kDirections;
}

void AnswerAggregate::add(const SentenceVerdict& verdict) {
  const auto& f = verdict.features;
  if (!verdict.claims) return;
  ++checked_;
  const double p = verdict.unfaithful.value_or(1 - verdict.score);
  sum_ += p;
  if (p > top_[0]) {
    top_[1] = top_[0];
    top_[0] = p;
  } else if (p > top_[1]) {
    top_[1] = p;
  }
  min_ = std::min(min_, p);
  all_faithful_ *= 1 - p;
  over_half_ += p > 0.5;
  rule_worst_ = std::max(
      rule_worst_, static_cast<int>(f[static_cast<std::size_t>(SentenceFeature::k_rule_label)]));
}

AnswerFeatures AnswerAggregate::features() const {
  AnswerFeatures f{};
  auto at = [&](AnswerFeature which) -> float& { return f[static_cast<std::size_t>(which)]; };
  const double n = static_cast<double>(checked_);
  at(AnswerFeature::k_p_max) = static_cast<float>(top_[0]);
  at(AnswerFeature::k_p_mean) = checked_ == 0 ? 0 : static_cast<float>(sum_ / n);
  at(AnswerFeature::k_p_top2) =
      checked_ == 0 ? 0 : static_cast<float>(checked_ == 1 ? top_[0] : (top_[0] + top_[1]) / 2);
  at(AnswerFeature::k_over_half) = static_cast<float>(over_half_);
  at(AnswerFeature::k_noisy_or) = checked_ == 0 ? 0 : static_cast<float>(1 - all_faithful_);
  at(AnswerFeature::k_p_min) = checked_ == 0 ? 0 : static_cast<float>(min_);
  at(AnswerFeature::k_over_half_share) =
      checked_ == 0 ? 0 : static_cast<float>(static_cast<double>(over_half_) / n);
  at(AnswerFeature::k_rule_worst) = static_cast<float>(rule_worst_);
  return f;
}

}  // namespace groundgate::filters::verify
