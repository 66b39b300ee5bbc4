#include "filters/text/lexicon.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <tuple>
#include <unordered_map>

namespace groundgate::filters::text {
namespace {

using Id = std::uint32_t;
using Pos = Lexicon::Pos;

constexpr std::array<std::string_view, 4> kPosNames = {"noun", "verb", "adj", "adv"};
constexpr std::array<Pos, 4> kAllPos = {Pos::kNoun, Pos::kVerb, Pos::kAdjective, Pos::kAdverb};

struct Rule {
  std::string_view suffix;
  std::string_view ending;
};
// WordNet's morphy detachment rules (morph.c), per part of speech.
constexpr std::array<Rule, 8> kNounRules = {{{"s", ""},
                                             {"ses", "s"},
                                             {"xes", "x"},
                                             {"zes", "z"},
                                             {"ches", "ch"},
                                             {"shes", "sh"},
                                             {"men", "man"},
                                             {"ies", "y"}}};
constexpr std::array<Rule, 8> kVerbRules = {{{"s", ""},
                                             {"ies", "y"},
                                             {"es", "e"},
                                             {"es", ""},
                                             {"ed", "e"},
                                             {"ed", ""},
                                             {"ing", "e"},
                                             {"ing", ""}}};
constexpr std::array<Rule, 4> kAdjectiveRules = {
    {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}}};

std::span<const Rule> rules_for(Pos pos) {
  switch (pos) {
    case Pos::kNoun:
      return kNounRules;
    case Pos::kVerb:
      return kVerbRules;
    case Pos::kAdjective:
      return kAdjectiveRules;
    default:
      return {};
  }
}

bool pos_matches(Pos filter, Pos pos) {
  return filter == Pos::kAny || filter == pos;
}

std::string normalize(std::string_view word) {
  while (!word.empty() && (word.front() == ' ' || word.front() == '\t'))
    word.remove_prefix(1);
  while (!word.empty() && (word.back() == ' ' || word.back() == '\t'))
    word.remove_suffix(1);
  std::string out(word);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c == ' ') c = '_';
  }
  return out;
}

std::size_t hash_word(std::string_view word) {
  return std::hash<std::string_view>{}(word);
}

// Recently looked-up words and their lemmas, per thread (the lexicon stays immutable and
// lock-free): the verifiers ask about the same words for every evidence piece and answer
// word, and morphy costs several hash probes and string copies per word. Direct-mapped and
// bounded; longer words and words with many lemmas are not cached.
constexpr std::size_t kLemmaCacheSlots = 2048;
constexpr std::size_t kCachedWordBytes = 23;
constexpr std::size_t kCachedLemmas = 5;
struct LemmaSlot {
  std::uint64_t lexicon = 0;  // uid of the lexicon; 0 = empty
  std::uint8_t pos = 0;
  std::uint8_t length = 0;
  std::uint8_t count = 0;
  char word[kCachedWordBytes] = {};
  Id ids[kCachedLemmas] = {};
};
std::atomic<std::uint64_t> next_uid{1};

LemmaSlot& lemma_slot(std::uint64_t lexicon, std::string_view word, Pos pos) {
  thread_local std::unique_ptr<LemmaSlot[]> slots;
  if (!slots) slots = std::make_unique<LemmaSlot[]>(kLemmaCacheSlots);
  const std::size_t h =
      hash_word(word) ^ (lexicon * 0x9E3779B97F4A7C15ull) ^ (static_cast<std::size_t>(pos) << 7);
  return slots[h & (kLemmaCacheSlots - 1)];
}

// Splits one line into space-separated fields without allocating.
class Fields {
 public:
  explicit Fields(std::string_view line) : rest_(line) {}
  std::string_view next() {
    while (!rest_.empty() && rest_.front() == ' ')
      rest_.remove_prefix(1);
    std::size_t end = rest_.find(' ');
    std::string_view field = rest_.substr(0, end);
    rest_.remove_prefix(end == std::string_view::npos ? rest_.size() : end);
    return field;
  }

 private:
  std::string_view rest_;
};

bool parse_number(std::string_view field, std::uint32_t& out, int base) {
  if (field.empty()) return false;
  auto [ptr, ec] = std::from_chars(field.data(), field.data() + field.size(), out, base);
  return ec == std::errc() && ptr == field.data() + field.size();
}

int pos_index(char c) {
  switch (c) {
    case 'n':
      return 0;
    case 'v':
      return 1;
    case 'a':
    case 's':
      return 2;
    case 'r':
      return 3;
    default:
      return -1;
  }
}

struct RawPointer {
  int pos_file;
  std::uint32_t offset;
  std::uint8_t type;
  std::uint8_t source_word;
  std::uint8_t target_word;
};

// Everything load() collects before it packs the lexicon into flat arrays.
struct Builder {
  std::vector<std::string> buffers;  // file contents; interned views point into them
  std::unordered_map<std::string_view, Id> ids;
  std::vector<std::string_view> words;
  std::array<std::vector<std::uint32_t>, 4> file_offsets;  // synset byte offsets per file
  std::array<Id, 4> file_first_synset{};
  std::vector<Pos> synset_pos;
  std::vector<Id> synset_word_offsets{0};
  std::vector<Id> synset_words;
  std::vector<Id> synset_pointer_offsets{0};
  std::vector<RawPointer> pointers;

  Id intern(std::string_view word) {
    auto [it, inserted] = ids.emplace(word, static_cast<Id>(words.size()));
    if (inserted) words.push_back(word);
    return it->second;
  }
};

std::string read_file(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open " + path;
    return {};
  }
  in.seekg(0, std::ios::end);
  std::string text(static_cast<std::size_t>(std::max<std::streamoff>(in.tellg(), 0)), '\0');
  in.seekg(0);
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (!in) {
    error = "cannot read " + path;
    return {};
  }
  // WordNet is ASCII; lemmas are matched lowercased.
  for (char& c : text) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return text;
}

// Pointer kinds kept, numbered in Lexicon::PointerType order; the others are not used.
int pointer_type(std::string_view symbol) {
  if (symbol == "!") return 0;                    // antonym
  if (symbol == "@" || symbol == "@i") return 1;  // hypernym, instance hypernym
  if (symbol == "&") return 2;                    // similar to
  if (symbol == "+") return 3;                    // derivationally related form
  if (symbol == "\\") return 4;                   // pertainym / derived from adjective
  return -1;
}

// One synset line of a data.* file: offset lex_filenum ss_type w_cnt (word lex_id)+ p_cnt
// (symbol offset pos source/target)* ... | gloss
std::string parse_data_line(std::string_view line, int file, Builder& b) {
  Fields f(line);
  std::uint32_t offset = 0;
  if (!parse_number(f.next(), offset, 10)) return "bad synset offset";
  f.next();  // lexicographer file
  std::string_view type = f.next();
  if (type.size() != 1 || pos_index(type[0]) != file) return "bad synset type";
  std::uint32_t word_count = 0;
  if (!parse_number(f.next(), word_count, 16) || word_count == 0) return "bad word count";
  for (std::uint32_t i = 0; i < word_count; ++i) {
    std::string_view word = f.next();
    f.next();  // lex_id
    // Adjective syntactic markers: "galore(ip)".
    if (std::size_t paren = word.find('('); paren != std::string_view::npos && paren > 0) {
      word = word.substr(0, paren);
    }
    if (word.empty()) return "empty word";
    b.synset_words.push_back(b.intern(word));
  }
  std::uint32_t pointer_count = 0;
  if (!parse_number(f.next(), pointer_count, 10)) return "bad pointer count";
  for (std::uint32_t i = 0; i < pointer_count; ++i) {
    std::string_view symbol = f.next();
    std::uint32_t target = 0;
    if (!parse_number(f.next(), target, 10)) return "bad pointer offset";
    std::string_view pos = f.next();
    std::uint32_t source_target = 0;
    if (!parse_number(f.next(), source_target, 16)) return "bad pointer source/target";
    int kind = pointer_type(symbol);
    if (kind < 0) continue;
    if (pos.size() != 1 || pos_index(pos[0]) < 0) return "bad pointer part of speech";
    b.pointers.push_back({pos_index(pos[0]), target, static_cast<std::uint8_t>(kind),
                          static_cast<std::uint8_t>(source_target >> 8),
                          static_cast<std::uint8_t>(source_target & 0xFF)});
  }
  b.file_offsets[file].push_back(offset);
  b.synset_pos.push_back(kAllPos[file]);
  b.synset_word_offsets.push_back(static_cast<Id>(b.synset_words.size()));
  b.synset_pointer_offsets.push_back(static_cast<Id>(b.pointers.size()));
  return {};
}

std::string parse_data_file(const std::string& path, int file, Builder& b) {
  std::string error;
  b.buffers.push_back(read_file(path, error));
  if (!error.empty()) return error;
  b.file_first_synset[file] = static_cast<Id>(b.synset_pos.size());
  std::string_view text = b.buffers.back();
  std::size_t line_number = 0;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    ++line_number;
    if (line.empty() || line.front() == ' ') continue;  // licence header
    std::string line_error = parse_data_line(line, file, b);
    if (!line_error.empty()) {
      return path + ":" + std::to_string(line_number) + ": " + line_error;
    }
  }
  if (b.file_offsets[file].empty()) return path + ": no synsets";
  return {};
}

// The exception lists (`noun.exc`, ...): each line an inflected form and its base forms, as
// (form, base, part of speech), the words interned in `b`. An error when a file cannot be read.
std::string read_exceptions(const std::string& dir, Builder& b,
                            std::vector<std::tuple<Id, Id, Pos>>& out) {
  for (int file = 0; file < 4; ++file) {
    std::string error;
    b.buffers.push_back(read_file(dir + "/" + std::string(kPosNames[file]) + ".exc", error));
    if (!error.empty()) return error;
    std::string_view text = b.buffers.back();
    while (!text.empty()) {
      std::size_t end = text.find('\n');
      Fields f(text.substr(0, end));
      text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
      std::string_view form = f.next();
      if (form.empty()) continue;
      for (std::string_view base = f.next(); !base.empty(); base = f.next()) {
        out.emplace_back(b.intern(form), b.intern(base), kAllPos[file]);
      }
    }
  }
  return {};
}

// Open addressing over the words' hashes: a power of two at least twice the words, `empty`
// where no word is.
std::vector<Id> hash_slots(std::span<const std::string_view> words, Id empty) {
  std::size_t slots = 1;
  while (slots < words.size() * 2)
    slots <<= 1;
  std::vector<Id> out(slots, empty);
  for (Id id = 0; id < words.size(); ++id) {
    std::size_t slot = hash_word(words[id]) & (slots - 1);
    while (out[slot] != empty)
      slot = (slot + 1) & (slots - 1);
    out[slot] = id;
  }
  return out;
}

// The inverse of a synset -> words index (CSR: `offsets`, `words`): word -> synsets, by
// counting, then filling.
void invert_index(std::span<const Id> offsets, std::span<const Id> words, std::size_t word_count,
                  std::vector<Id>& inverse_offsets, std::vector<Id>& inverse) {
  std::vector<Id> counts(word_count + 1, 0);
  for (Id w : words)
    ++counts[w + 1];
  for (std::size_t i = 1; i < counts.size(); ++i)
    counts[i] += counts[i - 1];
  inverse_offsets = counts;
  inverse.resize(words.size());
  for (Id s = 0; s + 1 < offsets.size(); ++s) {
    for (Id i = offsets[s]; i < offsets[s + 1]; ++i)
      inverse[counts[words[i]]++] = s;
  }
}

}  // namespace

Lexicon::LoadResult Lexicon::load(const std::string& dir) {
  Builder b;
  for (int file = 0; file < 4; ++file) {
    std::string error = parse_data_file(dir + "/data." + std::string(kPosNames[file]), file, b);
    if (!error.empty()) return {nullptr, error};
  }
  std::vector<std::tuple<Id, Id, Pos>> exceptions;
  if (std::string error = read_exceptions(dir, b, exceptions); !error.empty()) {
    return {nullptr, error};
  }

  auto lexicon = std::make_shared<Lexicon>();
  Lexicon& lx = *lexicon;
  // Strings into one pool, found by open addressing.
  for (std::string_view w : b.words) {
    lx.pool_.append(w);
    lx.word_offsets_.push_back(static_cast<Id>(lx.pool_.size()));
  }
  lx.hash_slots_ = hash_slots(b.words, kNone);
  // Pointers: (file, byte offset) -> synset id.
  lx.pointers_.reserve(b.pointers.size());
  for (const RawPointer& p : b.pointers) {
    const auto& offsets = b.file_offsets[p.pos_file];
    auto it = std::lower_bound(offsets.begin(), offsets.end(), p.offset);
    if (it == offsets.end() || *it != p.offset) {
      return {nullptr, "pointer to unknown synset " + std::to_string(p.offset) + " in data." +
                           std::string(kPosNames[p.pos_file])};
    }
    Id target = b.file_first_synset[p.pos_file] + static_cast<Id>(it - offsets.begin());
    lx.pointers_.push_back({target, p.type, p.source_word, p.target_word});
  }
  lx.synset_pos_ = std::move(b.synset_pos);
  lx.synset_word_offsets_ = std::move(b.synset_word_offsets);
  lx.synset_words_ = std::move(b.synset_words);
  lx.synset_pointer_offsets_ = std::move(b.synset_pointer_offsets);
  invert_index(lx.synset_word_offsets_, lx.synset_words_, b.words.size(), lx.word_synset_offsets_,
               lx.word_synsets_);
  lx.exceptions_.reserve(exceptions.size());
  for (auto [form, base, pos] : exceptions)
    lx.exceptions_.push_back({form, base, pos});
  std::sort(lx.exceptions_.begin(), lx.exceptions_.end(),
            [](const Exception& x, const Exception& y) { return x.form < y.form; });
  lx.pool_.shrink_to_fit();
  lx.uid_ = next_uid.fetch_add(1);
  return {std::move(lexicon), {}};
}

Lexicon::LoadResult Lexicon::shared(const std::string& dir) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Lexicon>> loaded;
  std::lock_guard lock(mutex);
  if (auto it = loaded.find(dir); it != loaded.end()) return {it->second, {}};
  LoadResult result = load(dir);
  if (result.lexicon) loaded.emplace(dir, result.lexicon);
  return result;
}

std::size_t Lexicon::memory_bytes() const {
  return sizeof(*this) + pool_.capacity() + word_offsets_.capacity() * sizeof(Id) +
         hash_slots_.capacity() * sizeof(Id) + word_synset_offsets_.capacity() * sizeof(Id) +
         word_synsets_.capacity() * sizeof(Id) + synset_pos_.capacity() * sizeof(Pos) +
         synset_word_offsets_.capacity() * sizeof(Id) + synset_words_.capacity() * sizeof(Id) +
         synset_pointer_offsets_.capacity() * sizeof(Id) + pointers_.capacity() * sizeof(Pointer) +
         exceptions_.capacity() * sizeof(Exception);
}

std::string_view Lexicon::word(Id id) const {
  return std::string_view(pool_).substr(word_offsets_[id],
                                        word_offsets_[id + 1] - word_offsets_[id]);
}

Lexicon::Id Lexicon::find(std::string_view w) const {
  if (w.empty() || hash_slots_.empty()) return kNone;
  std::size_t mask = hash_slots_.size() - 1;
  for (std::size_t slot = hash_word(w) & mask; hash_slots_[slot] != kNone;
       slot = (slot + 1) & mask) {
    if (word(hash_slots_[slot]) == w) return hash_slots_[slot];
  }
  return kNone;
}

bool Lexicon::has_pos(Id w, Pos pos) const {
  for (Id i = word_synset_offsets_[w]; i < word_synset_offsets_[w + 1]; ++i) {
    if (pos_matches(pos, synset_pos_[word_synsets_[i]])) return true;
  }
  return false;
}

std::vector<Lexicon::Id> Lexicon::lemma_ids(std::string_view raw, Pos pos) const {
  if (raw.size() > kCachedWordBytes || uid_ == 0) return lookup_lemma_ids(raw, pos);
  LemmaSlot& slot = lemma_slot(uid_, raw, pos);
  if (slot.lexicon == uid_ && slot.pos == static_cast<std::uint8_t>(pos) &&
      std::string_view(slot.word, slot.length) == raw) {
    return std::vector<Id>(slot.ids, slot.ids + slot.count);
  }
  std::vector<Id> out = lookup_lemma_ids(raw, pos);
  if (out.size() <= kCachedLemmas) {
    slot.lexicon = uid_;
    slot.pos = static_cast<std::uint8_t>(pos);
    slot.length = static_cast<std::uint8_t>(raw.size());
    std::copy(raw.begin(), raw.end(), slot.word);
    slot.count = static_cast<std::uint8_t>(out.size());
    std::copy(out.begin(), out.end(), slot.ids);
  }
  return out;
}

std::vector<Lexicon::Id> Lexicon::lookup_lemma_ids(std::string_view raw, Pos pos) const {
  std::vector<Id> out;
  std::string w = normalize(raw);
  if (w.empty()) return out;
  auto add = [&](Id id, Pos p) {
    if (id != kNone && has_pos(id, p) && std::find(out.begin(), out.end(), id) == out.end()) {
      out.push_back(id);
    }
  };
  Id self = find(w);
  for (Pos p : kAllPos) {
    if (!pos_matches(pos, p)) continue;
    if (self != kNone) {
      auto it = std::lower_bound(exceptions_.begin(), exceptions_.end(), self,
                                 [](const Exception& e, Id id) { return e.form < id; });
      for (; it != exceptions_.end() && it->form == self; ++it) {
        if (it->pos == p) add(it->base, p);
      }
      add(self, p);
    }
    for (const Rule& rule : rules_for(p)) {
      if (w.size() <= rule.suffix.size() || !w.ends_with(rule.suffix)) continue;
      std::string candidate = w.substr(0, w.size() - rule.suffix.size());
      candidate.append(rule.ending);
      add(find(candidate), p);
    }
  }
  return out;
}

std::vector<std::string_view> Lexicon::lemmas(std::string_view w, Pos pos) const {
  std::vector<std::string_view> out;
  for (Id id : lemma_ids(w, pos))
    out.push_back(word(id));
  return out;
}

bool Lexicon::contains(std::string_view w) const {
  return !lemma_ids(w, Pos::kAny).empty();
}

std::vector<std::pair<Lexicon::Id, std::uint8_t>> Lexicon::senses(std::string_view w,
                                                                  Pos pos) const {
  std::vector<std::pair<Id, std::uint8_t>> out;
  for (Id lemma : lemma_ids(w, pos)) {
    for (Id i = word_synset_offsets_[lemma]; i < word_synset_offsets_[lemma + 1]; ++i) {
      Id s = word_synsets_[i];
      if (!pos_matches(pos, synset_pos_[s])) continue;
      for (Id j = synset_word_offsets_[s]; j < synset_word_offsets_[s + 1]; ++j) {
        if (synset_words_[j] == lemma) {
          out.emplace_back(s, static_cast<std::uint8_t>(j - synset_word_offsets_[s] + 1));
          break;
        }
      }
    }
  }
  return out;
}

bool Lexicon::are_synonyms(std::string_view a, std::string_view b, Pos pos) const {
  std::vector<Id> targets = lemma_ids(b, pos);
  if (targets.empty()) return false;
  for (auto [s, unused] : senses(a, pos)) {
    if (synset_holds(s, targets)) return true;
  }
  return false;
}

bool Lexicon::synset_holds(Id synset, std::span<const Id> lemmas) const {
  for (Id j = synset_word_offsets_[synset]; j < synset_word_offsets_[synset + 1]; ++j) {
    if (std::find(lemmas.begin(), lemmas.end(), synset_words_[j]) != lemmas.end()) return true;
  }
  return false;
}

std::vector<std::string_view> Lexicon::words_of(std::span<const Id> synsets) const {
  std::vector<Id> ids;
  for (Id s : synsets) {
    for (Id j = synset_word_offsets_[s]; j < synset_word_offsets_[s + 1]; ++j) {
      if (std::find(ids.begin(), ids.end(), synset_words_[j]) == ids.end())
        ids.push_back(synset_words_[j]);
    }
  }
  std::vector<std::string_view> out;
  out.reserve(ids.size());
  for (Id id : ids)
    out.push_back(word(id));
  return out;
}

std::vector<std::string_view> Lexicon::synonyms(std::string_view w, Pos pos) const {
  std::vector<Id> synsets;
  for (auto [s, unused] : senses(w, pos))
    synsets.push_back(s);
  return words_of(synsets);
}

bool Lexicon::are_antonyms(std::string_view a, std::string_view b, Pos pos) const {
  // WordNet's antonyms are pairs of words, not of synsets: "large"/"small", never "big"/"small"
  // or one word's other senses. An adjective satellite reaches them through its head synset
  // ("huge" → large ↔ "small"; a head stands for all its words, position 0), on one side only:
  // two hops ("brief" → short ↔ long ← "far") join words too loosely to contradict.
  using Sense = std::pair<Id, std::uint8_t>;
  auto with_heads = [&](std::vector<Sense> out) {
    const std::size_t n = out.size();
    for (std::size_t i = 0; i < n; ++i) {
      const Id s = out[i].first;
      if (synset_pos_[s] != Pos::kAdjective) continue;
      for (Id p = synset_pointer_offsets_[s]; p < synset_pointer_offsets_[s + 1]; ++p) {
        if (pointers_[p].type == kSimilar) out.emplace_back(pointers_[p].target, 0);
      }
    }
    return out;
  };
  auto same_word = [](std::uint8_t x, std::uint8_t y) { return x == 0 || y == 0 || x == y; };
  auto antonym_pointer = [&](std::span<const Sense> from, std::span<const Sense> to) {
    for (auto [s, word] : from) {
      for (Id p = synset_pointer_offsets_[s]; p < synset_pointer_offsets_[s + 1]; ++p) {
        const Pointer& ptr = pointers_[p];
        if (ptr.type != kAntonym || !same_word(ptr.source_word, word)) continue;
        for (auto [t, target_word] : to) {
          if (t == ptr.target && same_word(ptr.target_word, target_word)) return true;
        }
      }
    }
    return false;
  };
  const std::vector<Sense> a_senses = senses(a, pos);
  const std::vector<Sense> b_senses = senses(b, pos);
  if (a_senses.empty() || b_senses.empty()) return false;
  return antonym_pointer(with_heads(a_senses), b_senses) ||
         antonym_pointer(a_senses, with_heads(b_senses));
}

bool Lexicon::have_opposed_senses(std::string_view a, std::string_view b, Pos pos) const {
  const std::vector<std::pair<Id, std::uint8_t>> a_senses = senses(a, pos),
                                                 b_senses = senses(b, pos);
  auto points_to = [&](Id from, Id to) {
    for (Id p = synset_pointer_offsets_[from]; p < synset_pointer_offsets_[from + 1]; ++p) {
      if (pointers_[p].type == kAntonym && pointers_[p].target == to) return true;
    }
    return false;
  };
  for (const auto& [s, unused_a] : a_senses) {
    for (const auto& [t, unused_b] : b_senses) {
      if (points_to(s, t) || points_to(t, s)) return true;
    }
  }
  return false;
}

Lexicon::WordSet Lexicon::opposites(std::string_view w, Pos pos) const {
  // The words b for which are_antonyms(w, b) finds a pointer, one direction at a time.
  WordSet out;
  auto add_synset = [&](Id s, std::uint8_t position) {
    const Id first = synset_word_offsets_[s];
    if (position != 0) {
      if (first + position - 1 < synset_word_offsets_[s + 1])
        out.ids.push_back(synset_words_[first + position - 1]);
      return;
    }
    for (Id j = first; j < synset_word_offsets_[s + 1]; ++j)
      out.ids.push_back(synset_words_[j]);
  };
  auto similar_to = [&](Id from, Id to) {
    for (Id p = synset_pointer_offsets_[from]; p < synset_pointer_offsets_[from + 1]; ++p) {
      if (pointers_[p].type == kSimilar && pointers_[p].target == to) return true;
    }
    return false;
  };
  auto antonyms_of = [&](Id s, std::uint8_t position, auto&& on_target) {
    for (Id p = synset_pointer_offsets_[s]; p < synset_pointer_offsets_[s + 1]; ++p) {
      const Pointer& ptr = pointers_[p];
      if (ptr.type == kAntonym &&
          (ptr.source_word == 0 || position == 0 || ptr.source_word == position))
        on_target(ptr);
    }
  };
  for (auto [s, position] : senses(w, pos)) {
    // w's sense (or, for a satellite, its head) points at b's sense: "huge" → large ! "small".
    antonyms_of(s, position, [&](const Pointer& ptr) {
      add_synset(ptr.target, ptr.target_word);
      // w's own sense points at the head of b's satellite: "large" ! small ~ "tiny".
      for (Id q = synset_pointer_offsets_[ptr.target]; q < synset_pointer_offsets_[ptr.target + 1];
           ++q) {
        const Id satellite = pointers_[q].target;
        if (pointers_[q].type == kSimilar && synset_pos_[satellite] == Pos::kAdjective &&
            similar_to(satellite, ptr.target))
          add_synset(satellite, 0);
      }
    });
    if (synset_pos_[s] != Pos::kAdjective) continue;
    for (Id p = synset_pointer_offsets_[s]; p < synset_pointer_offsets_[s + 1]; ++p) {
      if (pointers_[p].type != kSimilar) continue;
      antonyms_of(pointers_[p].target, 0,
                  [&](const Pointer& ptr) { add_synset(ptr.target, ptr.target_word); });
    }
  }
  std::sort(out.ids.begin(), out.ids.end());
  out.ids.erase(std::unique(out.ids.begin(), out.ids.end()), out.ids.end());
  return out;
}

bool Lexicon::WordSet::contains(std::uint32_t id) const {
  return std::binary_search(ids.begin(), ids.end(), id);
}

bool Lexicon::has_lemma_in(std::string_view w, const WordSet& set) const {
  if (set.empty()) return false;
  const std::vector<Id> ids = lemma_ids(w, Pos::kAny);
  return std::any_of(ids.begin(), ids.end(), [&](Id id) { return set.contains(id); });
}

bool Lexicon::has_synonym_in(std::string_view w, const WordSet& set, Pos pos) const {
  if (set.empty()) return false;
  auto in_set = [&](Id id) { return set.contains(id); };
  for (auto [s, unused] : senses(w, pos)) {
    for (Id j = synset_word_offsets_[s]; j < synset_word_offsets_[s + 1]; ++j) {
      // A synonym is read as are_antonyms reads a word, through its base forms too: "banned"
      // has "forbidden", whose base "forbid" is the opposite of "permit".
      const Id synonym = synset_words_[j];
      if (in_set(synonym)) return true;
      const std::vector<Id> bases = lemma_ids(word(synonym), Pos::kAny);
      if (std::any_of(bases.begin(), bases.end(), in_set)) return true;
    }
  }
  return false;
}

bool Lexicon::points_to_antonym(Id synset) const {
  for (Id p = synset_pointer_offsets_[synset]; p < synset_pointer_offsets_[synset + 1]; ++p) {
    if (pointers_[p].type == kAntonym) return true;
  }
  return false;
}

bool Lexicon::share_opposed_sense(std::string_view a, std::string_view b, Pos pos) const {
  const std::vector<Id> targets = lemma_ids(b, pos);
  if (targets.empty()) return false;
  for (auto [s, unused] : senses(a, pos)) {
    if (points_to_antonym(s) && synset_holds(s, targets)) return true;
  }
  return false;
}

std::vector<Lexicon::Id> Lexicon::derivation_ids(std::string_view w) const {
  std::vector<Id> out;
  for (auto [s, position] : senses(w, Pos::kAny)) {
    for (Id p = synset_pointer_offsets_[s]; p < synset_pointer_offsets_[s + 1]; ++p) {
      const Pointer& ptr = pointers_[p];
      if (ptr.type != kDerivation && ptr.type != kPertainym) continue;
      if (ptr.source_word != 0 && ptr.source_word != position) continue;
      Id first = synset_word_offsets_[ptr.target];
      Id last = synset_word_offsets_[ptr.target + 1];
      if (ptr.target_word != 0) {
        if (first + ptr.target_word > last) continue;
        first += ptr.target_word - 1;
        last = first + 1;
      }
      for (Id j = first; j < last; ++j) {
        if (std::find(out.begin(), out.end(), synset_words_[j]) == out.end()) {
          out.push_back(synset_words_[j]);
        }
      }
    }
  }
  return out;
}

std::vector<std::string_view> Lexicon::derivations(std::string_view w) const {
  std::vector<std::string_view> out;
  for (Id id : derivation_ids(w))
    out.push_back(word(id));
  return out;
}

std::vector<std::string_view> Lexicon::adjective_heads(std::string_view w) const {
  std::vector<Id> heads;
  for (auto [s, unused] : senses(w, Pos::kAdjective)) {
    if (points_to_antonym(s)) continue;  // a head itself
    for (Id p = synset_pointer_offsets_[s]; p < synset_pointer_offsets_[s + 1]; ++p) {
      if (pointers_[p].type == kSimilar && points_to_antonym(pointers_[p].target))
        heads.push_back(pointers_[p].target);
    }
  }
  return words_of(heads);
}

bool Lexicon::are_derivationally_related(std::string_view a, std::string_view b) const {
  std::vector<Id> targets = lemma_ids(b, Pos::kAny);
  for (Id id : derivation_ids(a)) {
    if (std::find(targets.begin(), targets.end(), id) != targets.end()) return true;
  }
  return false;
}

bool Lexicon::is_kind_of(std::string_view w, std::string_view general, int max_depth) const {
  std::vector<Id> targets = lemma_ids(general, Pos::kNoun);
  if (targets.empty()) return false;
  std::vector<Id> frontier, seen;
  for (auto [s, unused] : senses(w, Pos::kNoun))
    frontier.push_back(s);
  for (int depth = 0; depth < max_depth && !frontier.empty(); ++depth) {
    std::vector<Id> next;
    for (Id s : frontier) {
      for (Id p = synset_pointer_offsets_[s]; p < synset_pointer_offsets_[s + 1]; ++p) {
        if (pointers_[p].type != kHypernym) continue;
        Id up = pointers_[p].target;
        if (std::find(seen.begin(), seen.end(), up) != seen.end()) continue;
        seen.push_back(up);
        next.push_back(up);
        for (Id j = synset_word_offsets_[up]; j < synset_word_offsets_[up + 1]; ++j) {
          if (std::find(targets.begin(), targets.end(), synset_words_[j]) != targets.end()) {
            return true;
          }
        }
      }
    }
    frontier = std::move(next);
  }
  return false;
}

}  // namespace groundgate::filters::text
