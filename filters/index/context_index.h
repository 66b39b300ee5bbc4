#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "filters/context/passage.h"
#include "filters/index/indexed_entity.h"
#include "filters/index/term_dictionary.h"
#include "filters/text/entities.h"
#include "filters/text/sentence_segmenter.h"

namespace groundgate::filters::index {

// The request's context cut into sentence pieces, with a BM25 index over the stems of their
// content words. Built once per distinct context and shared read-only (see ContextIndexCache).
class ContextIndex {
 public:
  struct Options {
    float k1 = 1.2f;
    float b = 0.75f;
    bool entities = true;  // typed entities per piece, for the verifiers' entity checks
  };

  static constexpr std::uint32_t kNoHeading = std::numeric_limits<std::uint32_t>::max();

  // One sentence of a passage.
  struct Piece {
    std::uint32_t passage = 0;
    std::uint32_t begin = 0;  // byte span in the passage's text
    std::uint32_t end = 0;
    std::uint32_t terms_begin = 0;  // span in the piece-term array, in text order
    std::uint32_t terms_end = 0;
    std::uint32_t entities_begin = 0;  // span in the entity array
    std::uint32_t entities_end = 0;
    // First piece of the pronoun chain this piece ends: a piece that refers back with a
    // pronoun ("She formed it in 1989.") continues the one before it in the same passage.
    std::uint32_t chain_begin = 0;
    // The title over this piece ("Finding Dory ." before "Directed by Andrew Stanton ..."):
    // the nearest heading before it in its passage, or kNoHeading.
    std::uint32_t heading = kNoHeading;
    text::SentenceKind kind = text::SentenceKind::kProse;
  };

  // A number or time of the context, unpacked for text::compare(), and the piece it is in.
  struct Value {
    text::Entity entity;
    std::uint32_t piece = 0;
  };

  struct Hit {
    std::uint32_t piece = 0;
    std::uint32_t passage = 0;
    std::uint32_t begin = 0;  // byte span in the passage's text
    std::uint32_t end = 0;
    float score = 0;
  };

  static std::shared_ptr<const ContextIndex> build(std::vector<context::Passage> passages,
                                                   const Options& options);
  static std::shared_ptr<const ContextIndex> build(std::vector<context::Passage> passages) {
    return build(std::move(passages), Options{});
  }

  // The index's own analysis of a query: Snowball stems of its content words, in order.
  static std::vector<std::string> query_terms(std::string_view text);

  // The k best pieces by BM25, best first; ties go to the earlier piece. Pieces sharing no
  // term with the query are never returned. Repeated query terms count once.
  std::vector<Hit> top_k(std::span<const std::string> query_terms, std::size_t k) const;
  std::vector<Hit> top_k(std::string_view query_text, std::size_t k) const {
    std::vector<std::string> terms = query_terms(query_text);
    return top_k(terms, k);
  }

  const std::vector<context::Passage>& passages() const { return passages_; }
  std::span<const Piece> pieces() const { return pieces_; }
  std::string_view piece_text(const Piece& piece) const {
    return std::string_view(passages_[piece.passage].text)
        .substr(piece.begin, piece.end - piece.begin);
  }
  std::span<const TermId> piece_terms(const Piece& piece) const {
    return std::span<const TermId>(piece_terms_)
        .subspan(piece.terms_begin, piece.terms_end - piece.terms_begin);
  }
  // Entities of a piece, packed; offsets in bytes of its passage's text.
  std::span<const IndexedEntity> piece_entities(const Piece& piece) const {
    return std::span<const IndexedEntity>(entities_).subspan(
        piece.entities_begin, piece.entities_end - piece.entities_begin);
  }
  // Every entity of the context, in piece order, and the piece each belongs to.
  std::span<const IndexedEntity> entities() const { return entities_; }
  std::uint32_t piece_of_entity(std::size_t entity) const;
  // The same, unpacked for text::compare().
  std::vector<text::Entity> unpacked_entities(const Piece& piece) const;
  // The context's numbers and times, unpacked once here rather than per answer, in piece
  // order; a number that labels a source ("passage 2:") states no value and is left out.
  std::span<const Value> values() const { return values_; }
  text::Entity unpack(const IndexedEntity& entity, std::uint32_t passage) const {
    return unpack_entity(entity, passages_[passage].text, entity_strings_);
  }
  const TermDictionary& terms() const { return dictionary_; }
  std::uint32_t document_frequency(TermId term) const {
    return posting_offsets_[term + 1] - posting_offsets_[term];
  }
  float idf(TermId term) const { return idf_[term]; }
  // The pieces holding `term`, ascending.
  std::span<const std::uint32_t> postings(TermId term) const {
    return std::span<const std::uint32_t>(posting_pieces_)
        .subspan(posting_offsets_[term], posting_offsets_[term + 1] - posting_offsets_[term]);
  }
  // The term is a word of a name somewhere in the context ("Mookychick", "Stoller"): lets a
  // capital at an answer's sentence start count as a name.
  bool names(TermId term) const {
    return std::binary_search(name_terms_.begin(), name_terms_.end(), term);
  }
  // Pieces `a` and `b` speak of the same thing: the same piece, or one pronoun chain.
  bool same_window(std::uint32_t a, std::uint32_t b) const {
    if (a > b) std::swap(a, b);
    return pieces_[b].chain_begin <= a;
  }
  // The heading over piece `p`, or kNoHeading: a title speaks of everything under it.
  std::uint32_t heading_of(std::uint32_t p) const { return pieces_[p].heading; }

  std::size_t context_bytes() const { return context_bytes_; }
  std::size_t memory_bytes() const;

  // Only build() makes one; public for std::make_shared.
  ContextIndex() = default;

 private:
  // Builds an index's passages, pieces, terms and entities (context_index.cc).
  class Builder;
  void build_postings();

  Options options_;
  std::vector<context::Passage> passages_;
  std::size_t context_bytes_ = 0;
  std::vector<Piece> pieces_;
  TermDictionary dictionary_;
  std::vector<TermId> piece_terms_;
  std::vector<IndexedEntity> entities_;
  TermDictionary entity_strings_;  // name keys and currencies
  std::vector<Value> values_;
  // Postings of term t: [posting_offsets_[t], posting_offsets_[t + 1]) in the two arrays,
  // ordered by piece.
  std::vector<std::uint32_t> posting_offsets_;
  std::vector<std::uint32_t> posting_pieces_;
  std::vector<std::uint16_t> posting_tf_;
  std::vector<float> idf_;
  std::vector<TermId> name_terms_;  // sorted, unique
  float average_length_ = 0;
};

}  // namespace groundgate::filters::index
