#pragma once
// Synthetic training answers for the scorer, made from context text the way FactCC (Kryściński
// et al., 2020) makes them: a sentence of a passage, checked against a small context of its
// neighbours, is a faithful answer as it stands and an unfaithful one after one change that
// alters what it states: a number changed, a negation added or taken away, a name swapped for
// another name of the same context. The labelled data sets hold mostly long answers in long
// contexts, where an engine's conflict is often a false alarm; these pairs show the scorer the
// short answer in a short context, where a clean conflict is the error itself. With a lexicon,
// a sentence also comes as a paraphrase (a word replaced by a WordNet synonym), faithful too,
// and half the changed sentences are changed paraphrases: a word the context words differently
// is then in both classes, so the scorer does not learn that every unfaithful answer is a copy.
// Where one of its values can be written another way ("25%" as "25 percent", "2 weeks" as "14
// days"), the sentence also comes restated, faithful: a value the context writes differently is
// no sign of a changed one.
// Deterministic: every choice follows from a hash of the text.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::text {
class Lexicon;
struct Token;
}  // namespace groundgate::filters::text

namespace groundgate::filters::score::training {

struct SyntheticAnswer {
  std::string context;  // the sentence with its neighbours in the passage
  std::string answer;   // the sentence, as it stands or changed
  bool unfaithful = false;
  std::string_view change = "none";  // "none", "restated", "synonym", "number", "negation", "name"
};

struct PerturbOptions {
  std::size_t neighbours = 2;   // sentences kept on each side of the answer's
  std::size_t per_passage = 1;  // sentences of one passage made into answer pairs
  std::size_t min_words = 6;    // an answer sentence's length in words, at least
  std::size_t max_words = 40;   // and at most
};

// For up to `per_passage` prose sentences of `passage` that one change applies to: the sentence
// as a faithful answer and the changed one as an unfaithful answer, both with the same context.
// The change is a number's where the sentence has one, else one of the others by the hash.
// A passage that is JSON or a table gives none.
// With `lexicon`, also the paraphrase (see above).
std::vector<SyntheticAnswer> synthetic_answers(std::string_view passage,
                                               const PerturbOptions& options = {},
                                               const text::Lexicon* lexicon = nullptr);

// A content word (not a name, a number or a function word) replaced by a one-word WordNet
// synonym of another stem; nullopt where none has one.
std::optional<std::string> paraphrase(std::string_view sentence, const text::Lexicon& lexicon,
                                      std::uint64_t seed);

// The changes, each nullopt where it does not apply. `seed` picks among the candidates.
// A number written in digits becomes another (a year by a few years, a count by a step that
// keeps its size, a decimal in its last digit).
std::optional<std::string> change_number(std::string_view sentence, std::uint64_t seed);
// A number token of `sentence` written another way as change_number() writes it; nullopt for a
// number it cannot change (too long, not digits).
std::optional<std::string> changed_number(const text::Token& token, std::string_view sentence,
                                          std::uint64_t seed);
// The hash every choice of the synthetic answers and the minimal pairs follows.
std::uint64_t text_hash(std::string_view s, std::uint64_t seed = 0);
// "is" becomes "is not" (the first auxiliary or form of "be" after the subject); a sentence
// with a "not", "never" or "-n't" loses it instead.
std::optional<std::string> flip_negation(std::string_view sentence);
// A name of the sentence replaced by another name `context` mentions and the sentence does not.
std::optional<std::string> swap_name(std::string_view sentence, std::string_view context,
                                     std::uint64_t seed);

}  // namespace groundgate::filters::score::training
