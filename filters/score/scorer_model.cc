#include "filters/score/scorer_model.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace groundgate::filters::score {
namespace {

constexpr std::size_t kMaxFeatures = 256;

bool read_number(simdjson::dom::element e, std::string_view key, double& out) {
  return e[key].get(out) == simdjson::SUCCESS;
}

// False, with an error naming the key that is missing or not `what`.
bool needs(std::string& error, std::string_view key, std::string_view what) {
  error = "needs \"" + std::string(key) + "\": " + std::string(what);
  return false;
}

}  // namespace

double Calibration::probability(double margin) const {
  return 1.0 / (1.0 + std::exp(-(a * margin + b)));
}

bool LearnedModel::load(simdjson::dom::element model, std::span<const std::string_view> known,
                        std::string& error) {
  simdjson::dom::array names, trees, calibration;
  if (model["features"].get(names) != simdjson::SUCCESS)
    return needs(error, "features", "an array of feature names");
  if (!read_number(model, "base_margin", base_margin_))
    return needs(error, "base_margin", "a number");
  if (model["trees"].get(trees) != simdjson::SUCCESS)
    return needs(error, "trees", "an array of trees");
  if (model["calibration"].get(calibration) != simdjson::SUCCESS)
    return needs(error, "calibration", "[a, b]");
  gather_.clear();
  for (simdjson::dom::element name : names) {
    std::string_view text;
    if (name.get(text) != simdjson::SUCCESS) {
      error = "a feature name is not a string";
      return false;
    }
    const auto at = std::find(known.begin(), known.end(), text);
    if (at == known.end()) {
      error = "the model reads a feature this build does not compute: " + std::string(text);
      return false;
    }
    gather_.push_back(static_cast<std::size_t>(at - known.begin()));
  }
  if (gather_.empty() || gather_.size() > kMaxFeatures) {
    error = "a model needs 1 to 256 features";
    return false;
  }
  double ab[2] = {};
  std::size_t n = 0;
  for (simdjson::dom::element v : calibration) {
    if (n == 2 || v.get(ab[n]) != simdjson::SUCCESS) {
      error = "calibration is [a, b]";
      return false;
    }
    ++n;
  }
  if (n != 2) {
    error = "calibration is [a, b]";
    return false;
  }
  calibration_ = Calibration{ab[0], ab[1]};
  return trees_.load(trees, gather_.size(), error);
}

double LearnedModel::probability(std::span<const float> features) const {
  std::array<float, kMaxFeatures> x{};
  for (std::size_t i = 0; i < gather_.size(); ++i)
    x[i] = features[gather_[i]];
  return calibration_.probability(base_margin_ +
                                  trees_.margin(std::span<const float>(x.data(), gather_.size())));
}

std::shared_ptr<const ScorerModel> ScorerModel::parse(
    std::string_view json, std::span<const std::string_view> sentence_names,
    std::span<const std::string_view> answer_names, std::string& error) {
  error.clear();
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (auto e = parser.parse(json.data(), json.size()).get(doc); e) {
    error = std::string("not JSON: ") + simdjson::error_message(e);
    return nullptr;
  }
  std::string_view format;
  if (doc["format"].get(format) != simdjson::SUCCESS || format != "groundgate-scorer/1") {
    error = "format is not groundgate-scorer/1";
    return nullptr;
  }
  auto model = std::make_shared<ScorerModel>();
  simdjson::dom::element part;
  if (doc["sentence"].get(part) != simdjson::SUCCESS ||
      !model->sentence.load(part, sentence_names, error)) {
    error = "sentence model: " + (error.empty() ? std::string("missing") : error);
    return nullptr;
  }
  if (doc["answer"].get(part) != simdjson::SUCCESS ||
      !model->answer.load(part, answer_names, error)) {
    error = "answer model: " + (error.empty() ? std::string("missing") : error);
    return nullptr;
  }
  simdjson::dom::element t;
  if (doc["thresholds"].get(t) != simdjson::SUCCESS) {
    needs(error, "thresholds", "an object");
    return nullptr;
  }
  Thresholds& th = model->thresholds;
  const std::pair<std::string_view, double*> thresholds[] = {
      {"unsupported", &th.unsupported},
      {"contradicted", &th.contradicted},
      {"contradicted_clean", &th.contradicted_clean},
      {"contradicted_polarity", &th.contradicted_polarity},
      {"answer", &th.answer},
  };
  for (const auto& [key, out] : thresholds) {
    if (!read_number(t, key, *out)) {
      needs(error, key, "a number");
      error = "thresholds: " + error;
      return nullptr;
    }
  }
  // Optional (models before the doubt band have none): no band, the unsupported threshold.
  th.doubtful = th.unsupported;
  if (t["doubtful"].error() != simdjson::NO_SUCH_FIELD &&
      (!read_number(t, "doubtful", th.doubtful) || th.doubtful > th.unsupported)) {
    error = "thresholds: doubtful must be a number no higher than unsupported";
    return nullptr;
  }
  return model;
}

}  // namespace groundgate::filters::score
