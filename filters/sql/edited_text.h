#pragma once
// A text with replacements applied, whose positions map back to the original's: the schema
// check re-prepares a query with each unambiguous fix applied, to find the next error, and
// reports every error at its place in the query as written.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::sql {

class EditedText {
 public:
  explicit EditedText(std::string_view original) : original_(original) {}

  // Replaces [begin, end) of the original; false when it overlaps an earlier replacement.
  bool replace(std::size_t begin, std::size_t end, std::string_view text);
  // The text with every replacement applied.
  std::string text() const;
  // The original position of position `at` of text(); a position inside a replacement maps
  // to the start of what it replaced.
  std::size_t to_original(std::size_t at) const;
  bool edited() const { return !edits_.empty(); }

 private:
  struct Edit {
    std::size_t begin;
    std::size_t end;
    std::string text;
  };
  std::string_view original_;
  std::vector<Edit> edits_;  // sorted by begin, not overlapping
};

}  // namespace groundgate::filters::sql
