#pragma once

#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

#include "filters/text/tokenizer.h"

namespace groundgate::filters::text {

// A clause as a byte span of the sentence, trimmed; the joining word and comma are left out.
struct Clause {
  std::size_t begin = 0;
  std::size_t end = 0;

  friend bool operator==(const Clause&, const Clause&) = default;
};

// Splits a sentence into clauses that stand alone: at semicolons, and at ", and", ", but",
// ", while", ", whereas", ", yet", ", so" or a bare "and"/"but" when both sides look like a
// clause (a subject-like start and a verb). "salt and pepper" stays whole. A sentence with no
// split point comes back as one clause.
std::vector<Clause> split_clauses(std::string_view sentence);
std::vector<Clause> split_clauses(std::string_view sentence, std::span<const Token> tokens);

}  // namespace groundgate::filters::text
