#include "filters/semantic_piece/names.h"

#include <algorithm>

#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"

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

const text::Entity* alternative_after_or(std::span<const text::Token> question_tokens,
                                         std::span<const text::Entity> question_entities) {
  const text::Entity* out = nullptr;
  for (std::size_t i = 0; i + 1 < question_tokens.size(); ++i) {
    if (question_tokens[i].norm != "or") continue;
    const std::size_t next = question_tokens[i + 1].begin;
    for (const text::Entity& e : question_entities) {
      const bool name = e.type != text::EntityType::kTime && e.type != text::EntityType::kNumber;
      if (name && e.begin == next) out = &e;
    }
  }
  return out;
}

std::vector<std::uint32_t> name_pieces(const index::ContextIndex& index, std::string_view name) {
  index::TermId rarest = index::kNoTerm;
  for (const text::Token& t : text::tokenize(name)) {
    if (!text::is_content_word(t)) continue;
    const index::TermId term = index.terms().find(text::stem(t.norm));
    if (term == index::kNoTerm) continue;
    if (rarest == index::kNoTerm ||
        index.document_frequency(term) <= index.document_frequency(rarest))
      rarest = term;
  }
  if (rarest == index::kNoTerm) return {};
  std::span<const std::uint32_t> pieces = index.postings(rarest);
  return {pieces.begin(), pieces.end()};
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
