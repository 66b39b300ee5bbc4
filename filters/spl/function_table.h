#pragma once
// SPL's functions (data/functions.tsv, with its sources): those eval and where take, and those
// the statistical commands take.

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::spl {

class FunctionTable {
 public:
  static const FunctionTable& get();
  // Exact lower-case names as SPL wants them (`perc95` matches `perc#`).
  bool is_eval(std::string_view name) const;
  bool is_stats(std::string_view name) const;
  std::span<const std::string> eval_names() const { return eval_; }
  std::span<const std::string> stats_names() const { return stats_; }

 private:
  FunctionTable();
  static bool contains(const std::vector<std::string>& names, std::string_view name);
  std::vector<std::string> eval_;
  std::vector<std::string> stats_;  // names ending in '#' take digits there
};

}  // namespace groundgate::filters::spl
