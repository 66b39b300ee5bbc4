#include "filters/index/context_index.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "filters/context/structured_facts.h"
#include "filters/index/stem_cache.h"
#include "filters/table/stated_scale.h"
#include "filters/text/discourse.h"
#include "filters/text/function_words.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/tokenizer.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::index {
namespace {

constexpr std::uint16_t kMaxTf = std::numeric_limits<std::uint16_t>::max();

// Third-person pronouns, or a definite description opening the sentence ("The film was
// directed by ..."), point back to the previous sentence's subject.
bool refers_back(std::span<const text::Token> tokens) {
  if (tokens.size() >= 2 && (tokens[0].norm == "the" || tokens[0].norm == "this") &&
      tokens[1].kind == text::TokenKind::kWord && !tokens[1].has(text::kCapitalized)) {
    return true;
  }
  return std::any_of(tokens.begin(), tokens.end(), [](const text::Token& t) {
    const std::string_view w = t.norm;
    return t.kind == text::TokenKind::kWord &&
           (text::kSubjectPronouns.contains(w) || text::kObjectPronouns.contains(w) ||
            text::kPossessiveDeterminers.contains(w));
  });
}

// A title: a markdown heading, or a piece that is a short run of two or more capitalised
// words ("Finding Dory .", "University of Mississippi", "Poseidon (film) .") with nothing but
// joining words between them, and no comma (a list of names), question or exclamation. What
// follows it, up to the next title, speaks of what it names.
bool is_title(std::span<const text::Token> tokens, text::SentenceKind kind) {
  if (kind == text::SentenceKind::kHeading) return true;
  static constexpr auto kJoining =
      text::word_table("of", "the", "and", "in", "on", "for", "at", "to", "a", "an", "de", "la",
                       "le", "von", "van", "del", "du", "vs");
  static constexpr std::size_t kMaxWords = 8;
  std::size_t words = 0;
  int parentheses = 0;
  for (const text::Token& t : tokens) {
    if (t.kind == text::TokenKind::kWord || t.kind == text::TokenKind::kNumber) {
      const bool opening = words == 0;
      if (++words > kMaxWords) return false;
      if (parentheses > 0 || t.kind == text::TokenKind::kNumber) continue;
      if (t.has(text::kCapitalized)) continue;
      if (opening || !kJoining.contains(t.norm)) return false;
      continue;
    }
    if (t.norm == "(")
      ++parentheses;
    else if (t.norm == ")")
      --parentheses;
    else if (t.norm == "?" || t.norm == "!" || t.norm == ";" || t.norm == ",")
      return false;
  }
  return words >= 2;
}

// The parts of a hyphenated word ("bolton-born", "ex-Port", "Franco-Ottoman"), each a word
// of two or more letters that is no stopword: an answer names "Bolton" and "Port Vale" on
// their own. Calls `add` with each part's norm.
template <typename Add>
void hyphen_parts(const text::Token& token, Add add) {
  if (token.kind != text::TokenKind::kWord || !token.has(text::kHyphenated)) return;
  std::string_view rest = token.norm;
  while (!rest.empty()) {
    const std::size_t dash = rest.find('-');
    const std::string_view part = rest.substr(0, dash);
    const bool letters = part.size() >= 2 && std::all_of(part.begin(), part.end(), [](char c) {
                           return (c >= 'a' && c <= 'z') || static_cast<unsigned char>(c) >= 0x80;
                         });
    if (letters && !text::is_stopword(part)) add(part);
    if (dash == std::string_view::npos) break;
    rest.remove_prefix(dash + 1);
  }
}

// A table whose headers state no scale is in the scale its passage states, else in the one
// the whole context states (reports put "(in millions)" in the sentence before a table);
// where two scales are stated, which applies is unknown and the table keeps none.
void fill_table_scales(std::vector<context::Passage>& passages) {
  std::optional<double> context_scale;
  for (context::Passage& passage : passages) {
    for (table::Table& t : passage.tables) {
      if (t.scale != 0) continue;
      t.scale = table::only_stated_scale(passage.text);
      if (t.scale != 0) continue;
      if (!context_scale) {
        std::string all;
        for (const context::Passage& p : passages) {
          all += p.text;
          all += '\n';
        }
        context_scale = table::only_stated_scale(all);
      }
      t.scale = *context_scale;
    }
  }
}

// Prose passages that are facts in another form (key: value lines, a table) are indexed as
// those facts.
void read_prose_as_facts(std::vector<context::Passage>& passages) {
  for (context::Passage& passage : passages) {
    if (passage.shape != context::Passage::Shape::kProse) continue;
    if (auto facts = context::read_as_facts(passage.text)) {
      passage.text = std::move(facts->text);
      passage.shape = facts->shape;
      passage.flags = std::move(facts->flags);
      passage.tables = std::move(facts->tables);
    }
  }
}

}  // namespace

std::vector<std::string> ContextIndex::query_terms(std::string_view query) {
  std::vector<std::string> out;
  for (const text::Token& token : text::tokenize(query)) {
    if (text::is_content_word(token)) out.push_back(text::stem(token.norm));
  }
  return out;
}

// The passages' sentences become pieces: their content words' terms (with hyphenated parts
// and solid spellings), their entities and values, the chain of sentences they speak of.
class ContextIndex::Builder {
 public:
  Builder(ContextIndex& index, const Options& options)
      : index_(index), options_(options), stems_(index.dictionary_) {}

  void add_passage(std::uint32_t p) {
    const std::string& text = index_.passages_[p].text;
    index_.context_bytes_ += text.size();
    // Offsets are 32-bit; the extractor bounds context far below that.
    if (text.size() > std::numeric_limits<std::uint32_t>::max()) return;
    tokens_.clear();
    text::tokenize(text, tokens_);
    token_terms_.assign(tokens_.size(), kNoTerm);
    std::size_t t = 0;
    const auto passage_first = static_cast<std::uint32_t>(index_.pieces_.size());
    heading_ = kNoHeading;
    for (const text::Sentence& sentence : text::SentenceSegmenter::split(text))
      add_piece(p, passage_first, sentence, t);
  }

  // Which terms are words of a name.
  void finish() {
    for (TermId term = 0; term < name_term_.size(); ++term) {
      if (name_term_[term]) index_.name_terms_.push_back(term);
    }
  }

 private:
  // `t`: the first token not before the sentence; after it on return.
  void add_piece(std::uint32_t p, std::uint32_t passage_first, const text::Sentence& sentence,
                 std::size_t& t) {
    Piece piece;
    piece.passage = p;
    piece.begin = static_cast<std::uint32_t>(sentence.begin);
    piece.end = static_cast<std::uint32_t>(sentence.end);
    piece.kind = sentence.kind;
    while (t < tokens_.size() && tokens_[t].begin < sentence.begin)
      ++t;
    const std::size_t first_token = t;
    piece.terms_begin = static_cast<std::uint32_t>(index_.piece_terms_.size());
    for (; t < tokens_.size() && tokens_[t].begin < sentence.end; ++t)
      add_terms(t);
    piece.terms_end = static_cast<std::uint32_t>(index_.piece_terms_.size());
    const auto self = static_cast<std::uint32_t>(index_.pieces_.size());
    const std::span<const text::Token> sentence_tokens(tokens_.data() + first_token,
                                                       t - first_token);
    piece.entities_begin = static_cast<std::uint32_t>(index_.entities_.size());
    const bool opens_with_name =
        options_.entities && t > first_token && add_entities(p, self, first_token, t);
    piece.entities_end = static_cast<std::uint32_t>(index_.entities_.size());
    // A sentence that opens with a name speaks of that name: its pronouns ("Reggie Yates
    // ... best known from his roles") point to it, not back to the previous sentence.
    // A record's facts all speak of the record.
    const bool record = index_.passages_[p].shape == context::Passage::Shape::kRecord;
    piece.chain_begin = record ? passage_first
                        : self > passage_first && !opens_with_name && refers_back(sentence_tokens)
                            ? index_.pieces_.back().chain_begin
                            : self;
    piece.heading = heading_;
    if (!record && is_title(sentence_tokens, sentence.kind)) heading_ = self;
    index_.pieces_.push_back(piece);
  }

  // The terms of token t, when it is a content word.
  void add_terms(std::size_t t) {
    if (!text::is_content_word(tokens_[t])) return;
    token_terms_[t] = stems_.term(tokens_[t].norm);
    index_.piece_terms_.push_back(token_terms_[t]);
    hyphen_parts(tokens_[t],
                 [&](std::string_view part) { index_.piece_terms_.push_back(stems_.term(part)); });
    if (const std::string solid = text::solid_spelling(tokens_[t]); !solid.empty())
      index_.piece_terms_.push_back(stems_.term(solid));
  }

  // The entities of tokens [first, end) of passage p (piece `self`): times and numbers are
  // values too, the other entities' words name terms. True when the sentence opens with a name.
  bool add_entities(std::uint32_t p, std::uint32_t self, std::size_t first, std::size_t end) {
    const std::string& text = index_.passages_[p].text;
    const std::span<const text::Token> sentence_tokens(tokens_.data() + first, end - first);
    bool opens_with_name = false;
    // The sentence's tokens carry passage offsets, so its entities do too.
    for (const text::Entity& e : text::extract_entities(text, sentence_tokens, entity_buffers_)) {
      opens_with_name = opens_with_name ||
                        (e.begin == sentence_tokens.front().begin &&
                         e.type != text::EntityType::kTime && e.type != text::EntityType::kNumber);
      index_.entities_.push_back(pack_entity(e, index_.entity_strings_));
      if (e.type == text::EntityType::kTime || e.type == text::EntityType::kNumber) {
        if (!text::numbers_a_source(text, e.begin)) index_.values_.push_back({e, self});
        continue;
      }
      mark_name_terms(e, first, end);
    }
    return opens_with_name;
  }

  void mark_name_terms(const text::Entity& e, std::size_t first, std::size_t end) {
    for (std::size_t w = first; w < end; ++w) {
      if (tokens_[w].begin >= e.end) break;  // tokens are in text order
      const TermId term = token_terms_[w];
      if (tokens_[w].begin < e.begin || tokens_[w].end > e.end || term == kNoTerm) continue;
      if (term >= name_term_.size()) name_term_.resize(index_.dictionary_.size());
      name_term_[term] = true;
    }
  }

  ContextIndex& index_;
  const Options& options_;
  StemCache stems_;
  std::vector<text::Token> tokens_;
  // Term of each token of the passage (kNoTerm: no content word), so that a name's words are
  // not stemmed and looked up a second time; and which terms are words of a name.
  std::vector<TermId> token_terms_;
  std::vector<bool> name_term_;
  text::EntityBuffers entity_buffers_;
  std::uint32_t heading_ = kNoHeading;  // the passage's last title so far
};

std::shared_ptr<const ContextIndex> ContextIndex::build(std::vector<context::Passage> passages,
                                                        const Options& options) {
  auto index = std::make_shared<ContextIndex>();
  index->options_ = options;
  index->passages_ = std::move(passages);
  read_prose_as_facts(index->passages_);
  fill_table_scales(index->passages_);
  // Sized from the text once instead of grown by doubling: English context holds about one
  // distinct stem per 18-26 bytes (Wikipedia text the fewer, news the more), one name key or
  // currency per 45 or more and one content word per 8 (a dictionary rehashes every term
  // when it grows; the term array is trimmed to fit at the end).
  std::size_t bytes = 0;
  for (const context::Passage& passage : index->passages_)
    bytes += passage.text.size();
  index->dictionary_.reserve(bytes / 18);
  index->piece_terms_.reserve(bytes / 8);
  index->entity_strings_.reserve(bytes / 48);
  Builder builder(*index, options);
  for (std::uint32_t p = 0; p < index->passages_.size(); ++p)
    builder.add_passage(p);
  builder.finish();
  index->build_postings();
  return index;
}

void ContextIndex::build_postings() {
  std::size_t term_count = dictionary_.size();
  // (term, piece, tf) per distinct term of each piece, then a counting sort by term. A
  // term's entry in the current piece is found through its last piece (no sort per piece);
  // each term's entries come in piece order either way.
  struct Entry {
    TermId term;
    std::uint32_t piece;
    std::uint16_t tf;
  };
  std::vector<Entry> entries;
  entries.reserve(piece_terms_.size());
  constexpr std::uint32_t kNoPiece = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> last_piece(term_count, kNoPiece);
  std::vector<std::uint32_t> last_entry(term_count, 0);
  std::size_t total_length = 0;
  for (std::uint32_t i = 0; i < pieces_.size(); ++i) {
    std::span<const TermId> terms = piece_terms(pieces_[i]);
    total_length += terms.size();
    for (const TermId term : terms) {
      if (last_piece[term] == i) {
        std::uint16_t& tf = entries[last_entry[term]].tf;
        if (tf < kMaxTf) ++tf;
        continue;
      }
      last_piece[term] = i;
      last_entry[term] = static_cast<std::uint32_t>(entries.size());
      entries.push_back({term, i, 1});
    }
  }
  posting_offsets_.assign(term_count + 1, 0);
  for (const Entry& e : entries)
    ++posting_offsets_[e.term + 1];
  for (std::size_t t = 1; t <= term_count; ++t)
    posting_offsets_[t] += posting_offsets_[t - 1];
  posting_pieces_.resize(entries.size());
  posting_tf_.resize(entries.size());
  std::vector<std::uint32_t> fill(posting_offsets_.begin(), posting_offsets_.end() - 1);
  for (const Entry& e : entries) {
    std::uint32_t at = fill[e.term]++;
    posting_pieces_[at] = e.piece;
    posting_tf_[at] = e.tf;
  }
  // idf depends on the document frequency alone: one logarithm per frequency, not per term.
  double n = static_cast<double>(pieces_.size());
  std::vector<float> idf_of_df(pieces_.size() + 1);
  for (std::size_t d = 0; d < idf_of_df.size(); ++d) {
    const double df = static_cast<double>(d);
    idf_of_df[d] = static_cast<float>(std::log(1.0 + (n - df + 0.5) / (df + 0.5)));
  }
  idf_.resize(term_count);
  for (TermId t = 0; t < term_count; ++t)
    idf_[t] = idf_of_df[document_frequency(t)];
  average_length_ = pieces_.empty() ? 0.f : static_cast<float>(total_length) / pieces_.size();
  dictionary_.shrink_to_fit();
  entities_.shrink_to_fit();
  entity_strings_.shrink_to_fit();
  values_.shrink_to_fit();
  piece_terms_.shrink_to_fit();
  pieces_.shrink_to_fit();
}

std::vector<ContextIndex::Hit> ContextIndex::top_k(std::span<const std::string> query,
                                                   std::size_t k) const {
  std::vector<Hit> hits;
  if (k == 0 || pieces_.empty()) return hits;
  std::vector<TermId> ids;
  for (const std::string& term : query) {
    TermId id = dictionary_.find(term);
    if (id != kNoTerm && std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  }
  std::vector<float> scores(pieces_.size(), 0.f);
  std::vector<std::uint32_t> touched;
  const float k1 = options_.k1;
  const float b = options_.b;
  const float average = average_length_ > 0 ? average_length_ : 1.f;
  for (TermId id : ids) {
    for (std::uint32_t at = posting_offsets_[id]; at < posting_offsets_[id + 1]; ++at) {
      std::uint32_t piece = posting_pieces_[at];
      float tf = posting_tf_[at];
      float length = static_cast<float>(pieces_[piece].terms_end - pieces_[piece].terms_begin);
      float norm = k1 * (1.f - b + b * length / average);
      if (scores[piece] == 0.f) touched.push_back(piece);
      scores[piece] += idf_[id] * tf * (k1 + 1.f) / (tf + norm);
    }
  }
  auto better = [&](std::uint32_t x, std::uint32_t y) {
    return scores[x] != scores[y] ? scores[x] > scores[y] : x < y;
  };
  std::size_t n = std::min(k, touched.size());
  std::partial_sort(touched.begin(), touched.begin() + n, touched.end(), better);
  for (std::size_t i = 0; i < n; ++i) {
    const Piece& piece = pieces_[touched[i]];
    hits.push_back({touched[i], piece.passage, piece.begin, piece.end, scores[touched[i]]});
  }
  return hits;
}

std::uint32_t ContextIndex::piece_of_entity(std::size_t entity) const {
  // The last piece whose entities start at or before `entity`.
  auto it = std::upper_bound(pieces_.begin(), pieces_.end(), entity,
                             [](std::size_t e, const Piece& p) { return e < p.entities_begin; });
  return static_cast<std::uint32_t>(it - pieces_.begin()) - 1;
}

std::vector<text::Entity> ContextIndex::unpacked_entities(const Piece& piece) const {
  std::vector<text::Entity> out;
  for (const IndexedEntity& e : piece_entities(piece))
    out.push_back(unpack(e, piece.passage));
  return out;
}

std::size_t ContextIndex::memory_bytes() const {
  std::size_t bytes = sizeof(*this) + passages_.capacity() * sizeof(context::Passage);
  for (const context::Passage& p : passages_) {
    for (const std::string* str : {&p.text, &p.title, &p.id}) {
      if (str->capacity() > std::string().capacity()) bytes += str->capacity();
    }
  }
  bytes += entities_.capacity() * sizeof(IndexedEntity) + entity_strings_.memory_bytes();
  bytes += values_.capacity() * sizeof(Value);
  for (const Value& v : values_) {
    for (const std::string* str : {&v.entity.text, &v.entity.currency, &v.entity.key}) {
      if (str->capacity() > std::string().capacity()) bytes += str->capacity();
    }
  }
  return bytes + pieces_.capacity() * sizeof(Piece) + dictionary_.memory_bytes() +
         piece_terms_.capacity() * sizeof(TermId) +
         posting_offsets_.capacity() * sizeof(std::uint32_t) +
         posting_pieces_.capacity() * sizeof(std::uint32_t) +
         posting_tf_.capacity() * sizeof(std::uint16_t) + idf_.capacity() * sizeof(float) +
         name_terms_.capacity() * sizeof(TermId);
}

}  // namespace groundgate::filters::index
