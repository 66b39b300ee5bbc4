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
  TermId intern(std::string_view term) { return intern(term, hash(term)); }
  // The same, with `term_hash` == hash(term) known already (a caller's cache keeps it).
  TermId intern(std::string_view term, std::uint32_t term_hash);
  TermId find(std::string_view term) const;
  static std::uint32_t hash(std::string_view term);
  // Room for `terms` terms before the table grows (each growth rehashes every term).
  void reserve(std::size_t terms);
  std::string_view term(TermId id) const {
    return std::string_view(pool_).substr(offsets_[id], offsets_[id + 1] - offsets_[id]);
  }
  std::size_t size() const { return offsets_.size() - 1; }
  std::size_t memory_bytes() const;
  void shrink_to_fit();

 private:
  void rehash(std::size_t slot_count);

  std::string pool_;
  std::vector<std::uint32_t> offsets_{0};
  std::vector<TermId> slots_;
};

}  // namespace groundgate::filters::index
