#include "filters/text/writing_request.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>

namespace groundgate::filters::text {
namespace {

constexpr std::array<std::string_view, 9> kWritingVerbs = {"summarize", "summarise",  "write",
                                                           "rewrite",   "paraphrase", "draft",
                                                           "compose",   "outline",    "condense"};
constexpr std::array<std::string_view, 6> kGivingVerbs = {"give",    "provide",  "create",
                                                          "produce", "generate", "prepare"};
constexpr std::array<std::string_view, 5> kWritingNouns = {"summary", "overview", "synopsis",
                                                           "abstract", "recap"};
// How many words after a verb of giving may come before its noun ("give me a short summary").
constexpr std::size_t kNounWithin = 4;
constexpr std::size_t kWordsRead = 1 + 1 + kNounWithin;  // "please", the verb, then the window

bool among(std::string_view word, const auto& list) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

bool is_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// The first `kWordsRead` words, lowercased ASCII letters only ("Summarize:" -> "summarize").
std::array<std::string, kWordsRead> leading_words(std::string_view text) {
  std::array<std::string, kWordsRead> words;
  std::size_t n = 0, i = 0;
  while (i < text.size() && n < kWordsRead) {
    while (i < text.size() && !is_letter(text[i]))
      ++i;
    while (i < text.size() && is_letter(text[i]))
      words[n] += lower(text[i++]);
    if (!words[n].empty()) ++n;
  }
  return words;
}

}  // namespace

bool asks_for_writing(std::string_view question) {
  if (question.find('?') != std::string_view::npos) return false;
  const std::array<std::string, kWordsRead> words = leading_words(question);
  const std::size_t verb = words[0] == "please" ? 1 : 0;
  if (among(words[verb], kWritingVerbs)) return true;
  if (!among(words[verb], kGivingVerbs)) return false;
  return std::any_of(words.begin() + verb + 1, words.end(),
                     [](const std::string& w) { return among(w, kWritingNouns); });
}

}  // namespace groundgate::filters::text
