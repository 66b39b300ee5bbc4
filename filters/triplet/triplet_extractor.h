#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "filters/text/lexicon.h"
#include "filters/triplet/link_dictionary.h"
#include "filters/triplet/link_parser.h"
#include "filters/triplet/triplet.h"

namespace groundgate::filters::triplet {

// Text → triplets. Each clause (text::split_clauses) is read by the rules first; a plain clause
// keeps that reading, any other is parsed with link-grammar when it fits the parser's limits
// and read with read_triplets(); when the parse gives no claim, the rule reading stands (a
// fallback), so no clause goes unchecked. Pronoun subjects
// (he, she, it, they; its/their/his/her + noun) become the previous subject. Thread-safe: the
// dictionary and lexicon are shared read-only, each call has its own parse options.
class TripletExtractor {
 public:
  struct Options {
    LinkParser::Options parser;
    // Context (evidence) clauses are parsed only up to this many words, answer clauses up to
    // parser.max_words. A parse of 9-12 words costs 1-5 ms and up to three evidence
    // sentences come with each answer sentence. On the dev sets, 8 instead of 12 changed 10
    // of 2,438 sentence labels and no score went down; a lower answer limit costs recall.
    std::size_t context_max_words = 8;
    bool use_parser = true;  // false: rules only (also when no dictionary is given)
    // Parse only the clauses whose rule reading is doubtful (rules_suffice): most plain
    // clauses then cost microseconds instead of milliseconds.
    bool rules_first = true;
  };

  struct Stats {
    std::uint64_t sentences = 0;
    std::uint64_t fallback_sentences = 0;  // some clause fell back (SentenceTriplets::fallback)
    std::uint64_t clauses = 0;
    std::uint64_t parsed = 0;     // read from a complete linkage
    std::uint64_t rules = 0;      // read by the rules by choice: the parser was not needed
    std::uint64_t fallbacks = 0;  // the parser failed (too long, no linkage, timeout): rules
  };

  // Whose sentence it is: the answer's claims or the context's evidence (parse limits).
  enum class Source : std::uint8_t { kAnswer, kContext };

  // `dictionary` and `lexicon` may be null: rules only, and suffix rules for verbs.
  TripletExtractor(std::shared_ptr<const LinkDictionary> dictionary,
                   std::shared_ptr<const text::Lexicon> lexicon, Options options);

  // The triplets of one sentence; `previous_subject` resolves its pronouns. Spans are bytes
  // of `sentence`.
  SentenceTriplets extract_sentence(std::string_view sentence, std::string_view previous_subject,
                                    Source source = Source::kAnswer) const;
  // Every sentence of `text`, pronouns resolved sentence to sentence. Spans of the sentences
  // are bytes of `text`, those of the triplets bytes of their sentence.
  std::vector<SentenceTriplets> extract_text(std::string_view text) const;

  // Resolves the pronouns that `extract_sentence(sentence, {})` left open (those before the
  // sentence names its own subject) to `previous_subject`: the same triplets as
  // extract_sentence(sentence, previous_subject), from a cached context-free extraction.
  static void resolve_previous(SentenceTriplets& triplets, std::string_view previous_subject);

  Stats stats() const;
  const text::Lexicon* lexicon() const { return lexicon_.get(); }
  const Options& options() const { return options_; }

 private:
  std::shared_ptr<const LinkDictionary> dictionary_;
  std::shared_ptr<const text::Lexicon> lexicon_;
  Options options_;
  mutable std::atomic<std::uint64_t> sentences_{0};
  mutable std::atomic<std::uint64_t> fallback_sentences_{0};
  mutable std::atomic<std::uint64_t> clauses_{0};
  mutable std::atomic<std::uint64_t> rules_{0};
  mutable std::atomic<std::uint64_t> parsed_{0};
  mutable std::atomic<std::uint64_t> fallbacks_{0};
};

// A pronoun that stands for the previous sentence's subject.
bool is_subject_pronoun(std::string_view lower_word);

}  // namespace groundgate::filters::triplet
