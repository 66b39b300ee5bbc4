#pragma once
// Why a side check (SQL check 5, the judge) was not run on a unit it was for: counted per
// machine-readable reason for the summary, so that no skip is silent.

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

namespace groundgate::filters::checks {

class SkipReasons {
 public:
  void add(std::string_view reason);
  bool empty() const { return counts_.empty(); }
  std::size_t total() const;
  // `"skipped":N` and, when any, `,"skip_reasons":{"reason":n,...}`: summary JSON members.
  std::string json_members() const;
  const std::map<std::string, std::size_t, std::less<>>& counts() const { return counts_; }

 private:
  std::map<std::string, std::size_t, std::less<>> counts_;
};

}  // namespace groundgate::filters::checks
