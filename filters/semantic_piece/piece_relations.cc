// PieceVerifier's relation checks: where the context speaks of a clause's names and values
// (anchors), who the clause speaks of (subjects), and whether the context relates them.
#include <algorithm>

#include "filters/semantic_piece/clause_words.h"
#include "filters/semantic_piece/names.h"
#include "filters/semantic_piece/piece_verifier.h"
#include "filters/text/discourse.h"
#include "filters/text/function_words.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Entity;
using text::EntityMatch;
using text::EntityType;
using text::Token;

// Anchors compared in one clause at most; longer lists are cut (bounded work).
constexpr std::size_t kMaxAnchors = 12;

bool is_spelled_one(std::string_view text) {
  return text == "one" || text == "One" || text == "ONE";
}

}  // namespace

std::vector<PieceVerifier::Anchor> PieceVerifier::anchors(
    std::string_view sentence, std::span<const Entity> entities, std::span<const std::string> stems,
    std::span<const index::TermId> terms, std::span<const Token* const> stem_tokens) const {
  std::vector<Anchor> out;
  for (const Entity& e : entities) {
    if (out.size() == kMaxAnchors) break;
    // Ordinals ("first") qualify something else; they are no party to a relation. Nor is a
    // number that cites a source ("passage 2", "[1]"), nor the word "one", as often a
    // determiner or a pronoun as a count ("one of the best", "in one hand"); the value checks
    // still compare it.
    if (e.subtype == text::EntitySubtype::kOrdinal) continue;
    if (is_value_entity(e) && text::numbers_a_source(sentence, e.begin)) continue;
    if (is_spelled_one(sentence.substr(e.begin, e.end - e.begin))) continue;
    Anchor a;
    a.text = sentence.substr(e.begin, e.end - e.begin);
    if (is_value_entity(e)) {
      // Only a context value of its kind can be the same (the context's values are numbers
      // and times, never names).
      for (const ContextEntity& c : context_entities()) {
        if (c.entity.subtype == e.subtype && (a.pieces.empty() || a.pieces.back() != c.piece) &&
            compare(e, c.entity) == EntityMatch::kSame) {
          a.pieces.push_back(c.piece);
        }
      }
    } else {
      // A name is where its rarest word is: "Stanford University" where "Stanford" is. A
      // name the context does not write in full ("Lorenzo Sotomayor Collazo" beside "Javier
      // Sotomayor") is someone else: where the context speaks of the question's unnamed one.
      index::TermId rarest = index::kNoTerm;
      bool partly_absent = false;
      for (std::size_t i = 0; i < stems.size(); ++i) {
        const Token& t = *stem_tokens[i];
        if (t.begin < e.begin || t.end > e.end) continue;
        if (terms[i] == index::kNoTerm) {
          partly_absent = true;
          continue;
        }
        if (rarest == index::kNoTerm ||
            index_->document_frequency(terms[i]) <= index_->document_frequency(rarest)) {
          rarest = terms[i];
        }
      }
      if (partly_absent && !unnamed_subject_pieces().empty()) {
        a.pieces = unnamed_subject_pieces();
      } else if (rarest != index::kNoTerm) {
        std::span<const std::uint32_t> pieces = index_->postings(rarest);
        a.pieces.assign(pieces.begin(), pieces.end());
        add_short_form_pieces(e.key, a.pieces);
      }
    }
    a.is_name = !is_value_entity(e);
    if (!a.pieces.empty()) out.push_back(std::move(a));
  }
  // A capital the extractor could not call a name (at a sentence start: "Mookychick is ...").
  for (std::size_t i = 0; i < stem_tokens.size() && out.size() < kMaxAnchors; ++i) {
    const Token& t = *stem_tokens[i];
    if (!missed_name(*index_, t, terms[i], entities, question_name_words_)) continue;
    std::span<const std::uint32_t> pieces = index_->postings(terms[i]);
    out.push_back({t.surface(sentence), {pieces.begin(), pieces.end()}, true});
  }
  return out;
}

namespace {

bool is_upper_ascii(char c) {
  return c >= 'A' && c <= 'Z';
}
bool is_word_byte(char c) {
  return (c >= 'a' && c <= 'z') || is_upper_ascii(c) || (c >= '0' && c <= '9') ||
         static_cast<unsigned char>(c) >= 0x80;
}

// `text` writes `word` (lowercase ASCII) capitalised and on its own: not inside a longer
// name, so neither the word before nor the word after is capitalised ("Richards served",
// not "Keith Richards" or "Richards Bay").
bool writes_alone(std::string_view text, std::string_view word) {
  for (std::size_t at = 0; at + word.size() <= text.size(); ++at) {
    if (!is_upper_ascii(text[at]) || text[at] - 'A' + 'a' != word[0] ||
        text.compare(at + 1, word.size() - 1, word.substr(1)) != 0) {
      continue;
    }
    const std::size_t end = at + word.size();
    if ((at > 0 && is_word_byte(text[at - 1])) || (end < text.size() && is_word_byte(text[end])))
      continue;
    std::size_t before = at;
    while (before > 0 && text[before - 1] == ' ')
      --before;
    std::size_t word_start = before;
    while (word_start > 0 && is_word_byte(text[word_start - 1]))
      --word_start;
    if (word_start < before && is_upper_ascii(text[word_start])) continue;
    std::size_t after = end;
    while (after < text.size() && text[after] == ' ')
      ++after;
    if (after < text.size() && is_upper_ascii(text[after])) continue;
    return true;
  }
  return false;
}

// Pieces of one term looked at for a short form, at most (bounded work per name).
constexpr std::size_t kMaxShortFormPieces = 32;

}  // namespace

void PieceVerifier::add_short_form_pieces(std::string_view key,
                                          std::vector<std::uint32_t>& pieces) const {
  const std::size_t space = key.rfind(' ');
  if (space == std::string_view::npos) return;
  const std::string_view last = key.substr(space + 1);
  if (last.size() < 3 ||
      !std::all_of(last.begin(), last.end(), [](char c) { return c >= 'a' && c <= 'z'; })) {
    return;
  }
  const index::TermId term = index_->terms().find(text::stem(last));
  if (term == index::kNoTerm || !index_->names(term)) return;
  std::span<const std::uint32_t> found = index_->postings(term);
  if (found.size() > kMaxShortFormPieces) return;
  const std::size_t before = pieces.size();
  for (const std::uint32_t p : found) {
    if (writes_alone(index_->piece_text(index_->pieces()[p]), last)) pieces.push_back(p);
  }
  if (pieces.size() == before) return;
  std::sort(pieces.begin(), pieces.end());
  pieces.erase(std::unique(pieces.begin(), pieces.end()), pieces.end());
}

const std::vector<std::uint32_t>& PieceVerifier::unnamed_subject_pieces() const {
  if (unnamed_ready_) return unnamed_;
  unnamed_ready_ = true;
  const auto pieces = index_->pieces();
  for (std::uint32_t p = 0; p < pieces.size(); ++p) {
    const bool opens_passage = p == 0 || pieces[p - 1].passage != pieces[p].passage;
    if (opens_passage) {
      // The piece's first word, lowercased; no tokenizer run per passage.
      const std::string_view text = index_->piece_text(pieces[p]);
      std::size_t at = 0;
      while (at < text.size() && (text[at] == ' ' || text[at] == '"' || text[at] == '\''))
        ++at;
      char word[6] = {};
      std::size_t n = 0;
      for (; at < text.size() && n < sizeof word; ++at, ++n) {
        const char c = text[at];
        if (c >= 'A' && c <= 'Z') {
          word[n] = static_cast<char>(c - 'A' + 'a');
        } else if (c >= 'a' && c <= 'z') {
          word[n] = c;
        } else {
          break;
        }
      }
      const std::string_view first(word, n);
      const bool pronoun = n < sizeof word && (text::kSubjectPronouns.contains(first) ||
                                               text::kPossessiveDeterminers.contains(first));
      if (pronoun) unnamed_.push_back(p);
    } else if (!unnamed_.empty() && index_->same_window(unnamed_.back(), p)) {
      unnamed_.push_back(p);
    }
  }
  return unnamed_;
}

bool PieceVerifier::composed_name(const Entity& e) const {
  // A name's words, without the function words names share ("University of X").
  auto words_of = [](std::string_view key) {
    std::vector<std::string_view> out;
    while (!key.empty()) {
      const std::size_t space = key.find(' ');
      std::string_view w = key.substr(0, space);
      if (w != "of" && w != "the" && w != "and") out.push_back(w);
      if (space == std::string_view::npos) break;
      key.remove_prefix(space + 1);
    }
    return out;
  };
  const std::vector<std::string_view> words = words_of(e.key);
  if (words.size() < 2) return false;
  auto all_in = [&](std::string_view key) {
    const std::vector<std::string_view> other = words_of(key);
    return std::all_of(words.begin(), words.end(), [&](std::string_view w) {
      return std::find(other.begin(), other.end(), w) != other.end();
    });
  };
  for (const Entity& q : question_entities_) {
    if (all_in(q.key)) return false;
  }
  // Any writing of the name holds its rarest word: only the pieces of that word are read.
  const std::vector<std::uint32_t> pieces = name_pieces(*index_, e.text);
  if (pieces.empty()) return false;  // no word in the context: the missing-name check's case
  const std::vector<Token> name_tokens = text::tokenize(e.text);
  std::vector<std::string_view> run;
  for (const Token& t : name_tokens) {
    if (t.kind == text::TokenKind::kWord || t.kind == text::TokenKind::kNumber)
      run.push_back(t.norm);
  }
  for (std::uint32_t piece : pieces) {
    const index::ContextIndex::Piece& p = index_->pieces()[piece];
    // Verbatim, the usual case.
    if (index_->piece_text(p).find(e.text) != std::string_view::npos) return false;
    // A context name that holds all its words ("Barack Obama" for "Barack Hussein Obama").
    for (const index::IndexedEntity& c : index_->piece_entities(p)) {
      if (c.type != EntityType::kTime && c.type != EntityType::kNumber &&
          all_in(index_->unpack(c, p.passage).key))
        return false;
    }
    // Its words in a row, past punctuation, where the extractor cut the context's name
    // otherwise ("Chris '' Eubank Jr.").
    std::vector<const Token*> words;
    for (const Token& t : readings_.tokens(piece)) {
      if (t.kind == text::TokenKind::kWord || t.kind == text::TokenKind::kNumber)
        words.push_back(&t);
    }
    for (std::size_t i = 0; i + run.size() <= words.size(); ++i) {
      std::size_t k = 0;
      while (k < run.size() && words[i + k]->norm == run[k])
        ++k;
      if (k == run.size()) return false;
    }
  }
  return true;
}

bool PieceVerifier::together(const Anchor& a, const Anchor& b) const {
  // For each piece of one, the nearest piece of the other at or before it; or the title
  // over it, which speaks of everything under it.
  auto reaches = [&](const Anchor& x, const Anchor& y) {
    for (std::uint32_t q : y.pieces) {
      auto it = std::upper_bound(x.pieces.begin(), x.pieces.end(), q);
      if (it != x.pieces.begin() && index_->same_window(*(it - 1), q)) return true;
      const std::uint32_t title = index_->heading_of(q);
      if (title != index::ContextIndex::kNoHeading &&
          std::binary_search(x.pieces.begin(), x.pieces.end(), title))
        return true;
    }
    return false;
  };
  return reaches(a, b) || reaches(b, a);
}

std::vector<PieceVerifier::Anchor> PieceVerifier::subjects(std::span<const Anchor> anchors,
                                                           std::string_view sentence,
                                                           std::span<const Token> tokens) const {
  std::vector<Anchor> out;
  // The clause's first word, past answer particles, "only" and an article ("No, only the ...").
  static constexpr auto kSkippedWords = text::word_table("only", "the", "a", "an");
  auto skipped = [](const Token& t) {
    return t.kind != text::TokenKind::kWord || is_particle(t.norm) ||
           kSkippedWords.contains(t.norm);
  };
  std::size_t first = 0;
  while (first < tokens.size() && skipped(tokens[first]))
    ++first;
  if (first == tokens.size()) return out;
  const std::size_t word = tokens[first].begin;
  auto offset = [&](const Anchor& a) {
    return static_cast<std::size_t>(a.text.data() - sentence.data());
  };
  if (!anchors.empty() && anchors.front().is_name && word >= offset(anchors.front()) &&
      word < offset(anchors.front()) + anchors.front().text.size()) {
    // The opening name, and the names joined to it by "and", "&" or commas.
    out.push_back(anchors.front());
    for (std::size_t i = 1; i < anchors.size() && anchors[i].is_name; ++i) {
      const std::size_t gap_begin = offset(anchors[i - 1]) + anchors[i - 1].text.size();
      const std::size_t gap_end = offset(anchors[i]);
      const bool joined = std::all_of(tokens.begin(), tokens.end(), [&](const Token& t) {
        return t.end <= gap_begin || t.begin >= gap_end || t.norm == "and" || t.norm == "&" ||
               t.norm == ",";
      });
      if (!joined) break;
      out.push_back(anchors[i]);
    }
    return out;
  }
  // "Both are American authors.", "Yes, both documentaries are ...": the question's names.
  if (tokens[first].norm != "both" && tokens[first].norm != "each") return out;
  for (const Entity& q : question_entities_) {
    if (is_value_entity(q)) continue;
    Anchor a{std::string_view(q.text), name_pieces(*index_, q.text), true};
    if (!a.pieces.empty()) out.push_back(std::move(a));
  }
  if (out.size() < 2) out.clear();
  return out;
}

std::optional<std::pair<std::string_view, std::string_view>> PieceVerifier::unrelated(
    std::span<const Anchor> anchors) const {
  if (anchors.size() < 2) return std::nullopt;
  std::vector<std::size_t> group(anchors.size());
  for (std::size_t i = 0; i < group.size(); ++i)
    group[i] = i;
  auto root = [&](std::size_t i) {
    while (group[i] != i)
      i = group[i] = group[group[i]];
    return i;
  };
  for (std::size_t i = 0; i < anchors.size(); ++i) {
    for (std::size_t j = i + 1; j < anchors.size(); ++j) {
      if (root(i) != root(j) && together(anchors[i], anchors[j])) group[root(j)] = root(i);
    }
  }
  for (std::size_t j = 1; j < anchors.size(); ++j) {
    if (root(j) != root(0)) return std::pair{anchors[0].text, anchors[j].text};
  }
  return std::nullopt;
}

}  // namespace groundgate::filters::semantic_piece
