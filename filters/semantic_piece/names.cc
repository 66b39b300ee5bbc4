#include "filters/semantic_piece/names.h"

#include <algorithm>

namespace groundgate::filters::semantic_piece {

std::vector<std::string> question_name_words(std::span<const text::Entity> question_entities) {
  std::vector<std::string> out;
  for (const text::Entity& e : question_entities) {
    if (e.type == text::EntityType::kTime || e.type == text::EntityType::kNumber) continue;
    for (text::Token& t : text::tokenize(e.text))
      out.push_back(std::move(t.norm));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool missed_name(const index::ContextIndex& index, const text::Token& t, index::TermId term,
                 std::span<const text::Entity> entities,
                 std::span<const std::string> question_words) {
  if (!t.has(text::kCapitalized) || term == index::kNoTerm) return false;
  const bool in_entity = std::any_of(entities.begin(), entities.end(), [&](const text::Entity& e) {
    return t.begin >= e.begin && t.end <= e.end;
  });
  if (in_entity) return false;
  return index.names(term) ||
         std::binary_search(question_words.begin(), question_words.end(), t.norm);
}

}  // namespace groundgate::filters::semantic_piece
