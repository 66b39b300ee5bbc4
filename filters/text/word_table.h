#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace groundgate::filters::text {

// A constant list of words, found by first byte: the extractors ask about almost every token
// whether it is one of a few dozen words, and most tokens start with a byte no listed word
// starts with (one table read), the rest compare with the words of that byte only, shortest
// first, up to the first longer one. Built at compile time; find() gives the word's position
// in the list it was made from. Every filters/ word list is one of these.
template <std::size_t N>
class WordTable {
  static_assert(N > 0 && N < 256, "positions and bucket bounds fit a byte");

 public:
  constexpr explicit WordTable(const std::array<std::string_view, N>& words) {
    for (std::size_t i = 0; i < N; ++i)
      order_[i] = static_cast<std::uint8_t>(i);
    // By first byte, then length; ties in list order: a word listed twice is found at its
    // first position.
    std::sort(order_.begin(), order_.end(), [&](std::uint8_t a, std::uint8_t b) {
      if (first_byte(words[a]) != first_byte(words[b]))
        return first_byte(words[a]) < first_byte(words[b]);
      if (words[a].size() != words[b].size()) return words[a].size() < words[b].size();
      return a < b;
    });
    for (std::size_t i = 0; i < N; ++i)
      sorted_[i] = words[order_[i]];
    for (std::size_t i = N; i-- > 0;) {
      const std::uint8_t f = first_byte(sorted_[i]);
      if (end_[f] == 0) end_[f] = static_cast<std::uint8_t>(i + 1);
      begin_[f] = static_cast<std::uint8_t>(i);
    }
  }

  // Position of `w` in the list; -1 when it is not listed (or empty).
  constexpr int find(std::string_view w) const {
    if (w.empty()) return -1;
    const std::uint8_t f = first_byte(w);
    for (std::size_t i = begin_[f]; i < end_[f] && sorted_[i].size() <= w.size(); ++i) {
      if (sorted_[i].size() == w.size() && sorted_[i] == w) return order_[i];
    }
    return -1;
  }
  constexpr bool contains(std::string_view w) const { return find(w) >= 0; }

 private:
  static constexpr std::uint8_t first_byte(std::string_view w) {
    return w.empty() ? 0 : static_cast<std::uint8_t>(w[0]);
  }

  std::array<std::string_view, N> sorted_{};  // grouped by first byte
  std::array<std::uint8_t, N> order_{};       // position in the original list
  std::array<std::uint8_t, 256> begin_{};     // [begin, end) of each first byte in sorted_
  std::array<std::uint8_t, 256> end_{};
};

template <typename... W>
constexpr WordTable<sizeof...(W)> word_table(W... words) {
  return WordTable<sizeof...(W)>(std::array<std::string_view, sizeof...(W)>{words...});
}

}  // namespace groundgate::filters::text
