#pragma once
// Where the checks put findings: spans of the expanded search are moved to the query's (a
// span inside a macro's definition becomes the macro call's), and a replacement is kept only
// for a span the model wrote byte for byte.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "filters/spl/macro_expansion.h"
#include "filters/spl/spl_verdict.h"
#include "filters/text/name_distance.h"

namespace groundgate::filters::spl {

class FindingSink {
 public:
  FindingSink(std::string_view query, const Expansion& expansion, SplVerdict& verdict)
      : query_(query), expansion_(expansion), verdict_(verdict) {}

  std::string_view query() const { return query_; }
  std::string_view expanded() const { return expansion_.text(); }
  // Whether the model wrote expanded()[begin, end) itself.
  bool by_model(std::uint32_t begin, std::uint32_t end) const {
    return expansion_.written_by_model(begin, end);
  }

  // A finding at expanded()[begin, end). Misinterpretation and unverified are unsupported; the
  // rest contradict.
  void add(FindingType type, std::string_view code, std::string reason, std::uint32_t begin,
           std::uint32_t end, std::optional<std::string> replacement = std::nullopt);
  // The closest of `candidates` to `word` as a typo of it ("did you mean"), if any. Bounded:
  // after kMaxSuggestions searches for one search, none (its later findings go without).
  std::optional<text::NameSuggestion> suggest(std::string_view word,
                                              std::span<const std::string> candidates);

  // A finding at query()[begin, end).
  void add_at_query(FindingType type, std::string_view code, std::string reason,
                    std::uint32_t begin, std::uint32_t end,
                    std::optional<std::string> replacement = std::nullopt);

 private:
  static constexpr std::size_t kMaxSuggestions = 8;

  std::string_view query_;
  const Expansion& expansion_;
  SplVerdict& verdict_;
  std::size_t suggestions_ = 0;
};
// " ; did you mean `x`?" or "".
std::string did_you_mean(const std::optional<text::NameSuggestion>& suggestion);
// `value` written as `original` was: quoted when it was (or must be).
std::string written_like(std::string_view original, std::string_view value);

}  // namespace groundgate::filters::spl
