#pragma once
// A metric family: one name, HELP, TYPE and label names, and one child per label-value set.
// with() returns a reference that stays valid for the life of the family: cache it and the
// hot path is a lone atomic increment. Creating a child takes a mutex; looking one up takes
// it shared. Past max_children, new label sets share one "_overflow" child and are counted.

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "proxy/observability/counter.h"

namespace groundgate::proxy::observability {

// The label value every label of the overflow child carries.
inline constexpr std::string_view kOverflowLabelValue = "_overflow";
// Longer label values go to the overflow child: they are almost surely not a bounded set.
inline constexpr std::size_t kMaxLabelValueBytes = 256;

class MetricFamilyBase {
 public:
  MetricFamilyBase(std::string name, std::string help, std::string_view type,
                   std::vector<std::string> label_names, std::size_t max_children)
      : name_(std::move(name)),
        help_(std::move(help)),
        type_(type),
        label_names_(std::move(label_names)),
        max_children_(max_children) {}
  virtual ~MetricFamilyBase() = default;
  MetricFamilyBase(const MetricFamilyBase&) = delete;
  MetricFamilyBase& operator=(const MetricFamilyBase&) = delete;

  const std::string& name() const { return name_; }
  const std::vector<std::string>& label_names() const { return label_names_; }
  std::size_t max_children() const { return max_children_; }

  // HELP and TYPE lines, then one sample block per child.
  void write_text(std::string& out) const;

 protected:
  virtual void write_samples(std::string& out) const = 0;

 private:
  std::string name_;
  std::string help_;
  std::string_view type_;
  std::vector<std::string> label_names_;
  std::size_t max_children_;
};

// Orders stored label-value vectors and looks them up by string_views without allocating.
struct LabelValuesLess {
  using is_transparent = void;
  template <typename A, typename B>
  bool operator()(const A& a, const B& b) const {
    return std::lexicographical_compare(
        a.begin(), a.end(), b.begin(), b.end(),
        [](std::string_view x, std::string_view y) { return x < y; });
  }
};

template <typename Child>
class MetricFamily : public MetricFamilyBase {
 public:
  Child& with(std::initializer_list<std::string_view> label_values) {
    return with(std::span<const std::string_view>(label_values.begin(), label_values.size()));
  }

  Child& with(std::span<const std::string_view> label_values) {
    if (!acceptable(label_values)) return overflow();
    {
      std::shared_lock lock(mutex_);
      if (auto it = children_.find(label_values); it != children_.end()) return *it->second;
    }
    std::unique_lock lock(mutex_);
    if (auto it = children_.find(label_values); it != children_.end()) return *it->second;
    if (children_.size() >= max_children()) {
      lock.unlock();
      return overflow();
    }
    std::vector<std::string> key(label_values.begin(), label_values.end());
    auto [it, inserted] = children_.emplace(std::move(key), make_child());
    return *it->second;
  }

  // Children created so far, the overflow child not included.
  std::size_t size() const {
    std::shared_lock lock(mutex_);
    return children_.size();
  }

 protected:
  MetricFamily(std::string name, std::string help, std::string_view type,
               std::vector<std::string> label_names, std::size_t max_children,
               Counter* overflow_count)
      : MetricFamilyBase(std::move(name), std::move(help), type, std::move(label_names),
                         max_children),
        overflow_count_(overflow_count) {}

  virtual std::unique_ptr<Child> make_child() const = 0;
  virtual void write_child(std::string& out, std::span<const std::string> label_values,
                           const Child& child) const = 0;

 private:
  bool acceptable(std::span<const std::string_view> label_values) const {
    if (label_values.size() != label_names().size()) return false;
    return std::none_of(label_values.begin(), label_values.end(),
                        [](std::string_view v) { return v.size() > kMaxLabelValueBytes; });
  }

  Child& overflow() {
    if (overflow_count_ != nullptr) overflow_count_->inc();
    std::unique_lock lock(mutex_);
    if (!overflow_) overflow_ = make_child();
    return *overflow_;
  }

  void write_samples(std::string& out) const override {
    std::shared_lock lock(mutex_);
    for (const auto& [values, child] : children_)
      write_child(out, values, *child);
    if (overflow_) {
      const std::vector<std::string> values(label_names().size(), std::string(kOverflowLabelValue));
      write_child(out, values, *overflow_);
    }
  }

  mutable std::shared_mutex mutex_;
  std::map<std::vector<std::string>, std::unique_ptr<Child>, LabelValuesLess> children_;
  std::unique_ptr<Child> overflow_;
  Counter* overflow_count_;
};

}  // namespace groundgate::proxy::observability
