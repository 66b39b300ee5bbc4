#pragma once
// Gradient-boosted trees trained with XGBoost's C library (Debian's libxgboost-dev), for
// `groundgate train` only: the proxy evaluates the trees itself (score::TreeEnsemble). One
// thread, exact splits, row samples drawn from fixed seeds: the same data gives the same trees
// on every machine.

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace groundgate::filters::score::training {

struct GbdtParams {
  std::size_t rounds = 200;
  std::size_t max_depth = 3;
  double learning_rate = 0.1;
  double min_child_weight = 5;
  double lambda = 1;  // L2 on leaf values
  // Per feature: +1 the margin may only rise with it, -1 only fall, 0 free. Empty: all free.
  std::vector<int> monotone;
  // Bagging: `bags` boosters, each grown with its own seed on a `subsample` share of the rows
  // per tree, their margins averaged. Trees fitted greedily to every row change shape with a
  // few changed rows; the mean of several drawn samples moves less (1: one booster, all rows).
  std::size_t bags = 1;
  double subsample = 1;
};

// Rows of a dense feature matrix, row-major, `columns` wide.
struct TrainingSet {
  std::size_t columns = 0;
  std::vector<float> x;
  std::vector<float> y;       // 0 or 1
  std::vector<float> weight;  // one per row; empty: all 1
  std::size_t rows() const { return y.size(); }
};

class GbdtModel {
 public:
  GbdtModel() = default;
  GbdtModel(GbdtModel&& other) noexcept;
  GbdtModel& operator=(GbdtModel&& other) noexcept;
  GbdtModel(const GbdtModel&) = delete;
  GbdtModel& operator=(const GbdtModel&) = delete;
  ~GbdtModel();

  // Trains on `data`; false and `error` when its sizes disagree (x, y, weight, monotone), the
  // bagging parameters are out of range or XGBoost refuses.
  bool train(const TrainingSet& data, const GbdtParams& params, std::string& error);
  // Margins (log-odds) for rows of `x` (row-major, the training set's width): the mean of the
  // bags'.
  std::vector<double> margins(std::span<const float> x, std::size_t columns) const;
  // The trees in the model file's format: a JSON array of trees, each an array of nodes,
  // [feature, threshold, yes, no] or [leaf], children after their parent. Every bag's trees,
  // each leaf divided by the number of bags: their sum is the mean of the bags' margins.
  std::string trees_json(std::string& error) const;

 private:
  void free_boosters();
  std::vector<void*> boosters_;
};

}  // namespace groundgate::filters::score::training
