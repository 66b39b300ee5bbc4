#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::text {

// WordNet (Debian `wordnet-base` data files) held in memory, immutable after load, so one
// instance is shared by every thread (the WordNet C library keeps global state and is not).
// Words are looked up lowercased with spaces or underscores for multi-word lemmas.
class Lexicon {
 public:
  enum class Pos : std::uint8_t { kNoun, kVerb, kAdjective, kAdverb, kAny };

  struct LoadResult {
    std::shared_ptr<const Lexicon> lexicon;  // null on error
    std::string error;
  };

  static constexpr std::string_view kDefaultDir = "/usr/share/wordnet";

  // Reads data.{noun,verb,adj,adv} and {noun,verb,adj,adv}.exc from `dir`.
  static LoadResult load(const std::string& dir);
  // The process-wide lexicon: loaded on first call, the same instance afterwards. A failed
  // load is retried by the next call.
  static LoadResult shared(const std::string& dir = std::string(kDefaultDir));

  // Base forms of `word` known to WordNet (WordNet's morphy: exception lists, then detachment
  // rules), the word itself included when it is a lemma. Views live as long as the lexicon.
  std::vector<std::string_view> lemmas(std::string_view word, Pos pos = Pos::kAny) const;
  bool contains(std::string_view word) const;

  // Some lemma of `a` and some lemma of `b` share a synset.
  bool are_synonyms(std::string_view a, std::string_view b, Pos pos = Pos::kAny) const;
  // The words of the synsets of `word`'s lemmas (its lemmas included), each once: are_synonyms(a,
  // b) holds exactly when a lemma of `b` is among synonyms(a). Lets a caller that checks one
  // word against many look the word up once. Views live as long as the lexicon.
  std::vector<std::string_view> synonyms(std::string_view word, Pos pos = Pos::kAny) const;
  // Antonym pointers ('!') between synsets of their lemmas; for adjectives also indirect
  // antonyms through similar-to ('&'): "huge" ~ "large" ! "small" ~ "tiny".
  bool are_antonyms(std::string_view a, std::string_view b, Pos pos = Pos::kAny) const;
  // WordNet words as the lexicon numbers them, sorted: a set built once and tested against
  // many words.
  struct WordSet {
    std::vector<std::uint32_t> ids;
    bool empty() const { return ids.empty(); }
    bool contains(std::uint32_t id) const;
  };
  // A sense of `a` and a sense of `b` are opposed synsets: an antonym pointer joins two of their
  // words, not necessarily these two ("prohibit" and "permit": WordNet opposes "forbid" to
  // "permit", and "prohibit" is "forbid" in that sense). Wider than are_antonyms(); still a
  // pair of senses, unlike a synonym of an antonym in any sense ("big" is "bad" in one sense,
  // the opposite of "good" in another).
  bool have_opposed_senses(std::string_view a, std::string_view b, Pos pos = Pos::kAny) const;
  // Every word w with are_antonyms(word, w): the words the antonym pointers of `word`'s senses
  // name and, for an adjective, the satellites of an opposed head synset. Lets a caller that
  // checks one word against many look its opposites up once.
  WordSet opposites(std::string_view word, Pos pos = Pos::kAny) const;
  // A lemma of `word` is in `set`: has_lemma_in(b, opposites(a)) holds exactly when
  // are_antonyms(a, b).
  bool has_lemma_in(std::string_view word, const WordSet& set) const;
  // A synset of `word`'s lemmas holds a word of `set` or an inflected form of one: `word` is a
  // synonym of one of them ("banned" of "forbidden", whose base is in opposites("permitted")).
  // has_synonym_in(b, opposites(a)) holds exactly when are_antonyms(a, s) for a synonym s of b.
  bool has_synonym_in(std::string_view word, const WordSet& set, Pos pos = Pos::kAny) const;
  // Some synset of `a`'s lemmas that holds a lemma of `b` too has an antonym pointer: `a` is `b`
  // in a sense that has opposites ("close down" is "close" as the opposite of "open").
  bool share_opposed_sense(std::string_view a, std::string_view b, Pos pos = Pos::kAny) const;
  // Derivationally related forms ('+'; and pertainyms '\', "rapidly" ~ "rapid") of the
  // word's lemmas: "founder" -> "found", "establishment" -> "establish".
  std::vector<std::string_view> derivations(std::string_view word) const;
  bool are_derivationally_related(std::string_view a, std::string_view b) const;
  // The words of the head synsets that the satellite senses of adjective `word` are similar to
  // ('&'): "western" -> "west", "huge" -> "large". A head is the adjective synset that has the
  // antonym; a satellite has none of its own.
  std::vector<std::string_view> adjective_heads(std::string_view word) const;
  // Noun `word` is a kind or an instance of noun `general` within `max_depth` hypernym steps.
  bool is_kind_of(std::string_view word, std::string_view general, int max_depth = 3) const;

  std::size_t word_count() const { return word_offsets_.size() - 1; }
  std::size_t synset_count() const { return synset_pos_.size(); }
  std::size_t memory_bytes() const;

  // Only load() builds one; public for std::make_shared.
  Lexicon() = default;

 private:
  using Id = std::uint32_t;
  static constexpr Id kNone = 0xFFFFFFFFu;

  struct Pointer {
    Id target;  // synset
    std::uint8_t type;
    std::uint8_t source_word;  // 1-based index in the source synset; 0 = whole synset
    std::uint8_t target_word;
  };
  struct Exception {
    Id form;
    Id base;
    Pos pos;
  };
  enum PointerType : std::uint8_t { kAntonym, kHypernym, kSimilar, kDerivation, kPertainym };
  Id find(std::string_view word) const;
  // Morphy itself; lemma_ids() answers repeated words from a small per-thread cache.
  std::vector<Id> lookup_lemma_ids(std::string_view word, Pos pos) const;
  std::string_view word(Id id) const;
  std::vector<Id> lemma_ids(std::string_view word, Pos pos) const;
  bool has_pos(Id word, Pos pos) const;
  // Synsets of the word's lemmas, each with the word's 1-based position in the synset.
  std::vector<std::pair<Id, std::uint8_t>> senses(std::string_view word, Pos pos) const;
  std::vector<Id> derivation_ids(std::string_view word) const;
  bool points_to_antonym(Id synset) const;  // the synset has an antonym pointer
  bool synset_holds(Id synset, std::span<const Id> lemmas) const;  // one of them is its word
  // The words of the synsets, each once, in order.
  std::vector<std::string_view> words_of(std::span<const Id> synsets) const;

  // Interned strings: word i is pool_[word_offsets_[i], word_offsets_[i + 1]).
  std::string pool_;
  std::vector<Id> word_offsets_{0};
  std::vector<Id> hash_slots_;  // open addressing, kNone = empty
  // word -> synsets (CSR)
  std::vector<Id> word_synset_offsets_{0};
  std::vector<Id> word_synsets_;
  // synset -> words and pointers (CSR)
  std::vector<Pos> synset_pos_;
  std::vector<Id> synset_word_offsets_{0};
  std::vector<Id> synset_words_;
  std::vector<Id> synset_pointer_offsets_{0};
  std::vector<Pointer> pointers_;
  std::vector<Exception> exceptions_;  // sorted by form
  // Tells this lexicon's entries in the per-thread lemma cache from another's (never 0).
  std::uint64_t uid_ = 0;
};

}  // namespace groundgate::filters::text
