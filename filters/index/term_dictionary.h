#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::index {

using TermId = std::uint32_t;
inline constexpr TermId kNoTerm = 0xFFFFFFFFu;

// Interned terms: one string pool and an open-addressing table of ids, no node per term.
class TermDictionary {
 public:
  TermId intern(std::string_view term);
  TermId find(std::string_view term) const;
  std::string_view term(TermId id) const {
    return std::string_view(pool_).substr(offsets_[id], offsets_[id + 1] - offsets_[id]);
  }
  std::size_t size() const { return offsets_.size() - 1; }
  std::size_t memory_bytes() const;
  void shrink_to_fit();

 private:
  void grow();

  std::string pool_;
  std::vector<std::uint32_t> offsets_{0};
  std::vector<TermId> slots_;
};

}  // namespace groundgate::filters::index
