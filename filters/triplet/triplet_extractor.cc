#include "filters/triplet/triplet_extractor.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>

#include "filters/text/clause_splitter.h"
#include "filters/text/entities.h"
#include "filters/text/function_words.h"
#include "filters/text/sentence_segmenter.h"
#include "filters/text/tokenizer.h"
#include "filters/triplet/fallback_extractor.h"
#include "filters/triplet/linkage_reader.h"

namespace groundgate::filters::triplet {

namespace {

constexpr std::size_t kMaxConjunctWords = 4;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// "he" → antecedent; "its revenue" → "<antecedent>'s revenue".
bool resolve_pronoun(std::string& argument, std::string_view antecedent) {
  if (antecedent.empty()) return false;
  const std::size_t space = argument.find(' ');
  const std::string first = lower(argument.substr(0, space));
  if (space == std::string::npos && is_subject_pronoun(first)) {
    argument = std::string(antecedent);
    return true;
  }
  if (space != std::string::npos && text::kPossessiveDeterminers.contains(first)) {
    argument = std::string(antecedent) + "'s" + argument.substr(space);
    return true;
  }
  return false;
}

// Whether byte `at` of a phrase lies inside one of its typed values: the comma of "£9,347,087",
// "7,000 miles" or "September 1, 1989" separates no conjuncts.
bool inside_value(const std::vector<text::Entity>& values, std::size_t at) {
  return std::any_of(values.begin(), values.end(),
                     [at](const text::Entity& e) { return e.begin < at && at < e.end; });
}

// "polonium and radium", "A, B and C" → the conjuncts, when each is a short phrase.
std::vector<std::string> split_conjuncts(const std::string& phrase) {
  if (phrase.find(',') == std::string::npos && phrase.find(" and ") == std::string::npos) {
    return {phrase};
  }
  // The text layer's values (money, quantities, dates) stay whole.
  const std::vector<text::Entity> values = text::extract_entities(phrase);
  std::vector<std::string> parts;
  std::size_t start = 0;
  const auto push = [&](std::size_t end) {
    std::string part = phrase.substr(start, end - start);
    while (!part.empty() && (part.back() == ' ' || part.back() == ','))
      part.pop_back();
    while (!part.empty() && part.front() == ' ')
      part.erase(part.begin());
    parts.push_back(std::move(part));
  };
  for (std::size_t i = 0; i < phrase.size(); ++i) {
    if (inside_value(values, i)) continue;
    if (phrase.compare(i, 5, " and ") == 0) {
      push(i);
      start = i + 5;
      i += 4;
    } else if (phrase[i] == ',') {
      push(i);
      start = i + 1;
    }
  }
  if (parts.empty()) return {phrase};
  push(phrase.size());
  for (const auto& p : parts) {
    const auto words = std::count(p.begin(), p.end(), ' ') + 1;
    if (p.empty() || static_cast<std::size_t>(words) > kMaxConjunctWords) return {phrase};
  }
  return parts;
}

void split_conjunctions(std::vector<Triplet>& triplets) {
  std::vector<Triplet> out;
  for (const Triplet& t : triplets) {
    for (const std::string& s : split_conjuncts(t.subject)) {
      for (const std::string& o :
           t.object.empty() ? std::vector<std::string>{std::string()} : split_conjuncts(t.object)) {
        Triplet c = t;
        c.subject = s;
        c.object = o;
        out.push_back(std::move(c));
      }
    }
  }
  triplets = std::move(out);
}

}  // namespace

bool is_subject_pronoun(std::string_view lower_word) {
  return text::kSubjectPronouns.contains(lower_word) ||
         text::kObjectPronouns.contains(lower_word) || lower_word == "we";
}

TripletExtractor::TripletExtractor(std::shared_ptr<const LinkDictionary> dictionary,
                                   std::shared_ptr<const text::Lexicon> lexicon, Options options)
    : dictionary_(std::move(dictionary)), lexicon_(std::move(lexicon)), options_(options) {}

SentenceTriplets TripletExtractor::extract_sentence(std::string_view sentence,
                                                    std::string_view previous_subject,
                                                    Source source) const {
  SentenceTriplets result;
  result.end = sentence.size();
  std::string antecedent(previous_subject);
  std::optional<LinkParser> parser;
  const std::vector<text::Token> tokens = text::tokenize(sentence);
  for (const text::Clause& clause : text::split_clauses(sentence, tokens)) {
    const std::string_view clause_text = sentence.substr(clause.begin, clause.end - clause.begin);
    clauses_.fetch_add(1, std::memory_order_relaxed);
    const std::vector<text::Token> clause_tokens = text::tokenize(clause_text);
    std::vector<Triplet> rules = extract_by_rules(clause_text, clause_tokens, lexicon_.get());
    std::vector<Triplet> triplets;
    const bool use_parser = options_.use_parser && dictionary_ != nullptr;
    if (use_parser && options_.rules_first && rules_suffice(clause_tokens, rules, lexicon_.get())) {
      rules_.fetch_add(1, std::memory_order_relaxed);
      triplets = std::move(rules);
    } else {
      if (use_parser) {
        if (!parser) parser.emplace(dictionary_, options_.parser);
        const std::size_t max_words =
            source == Source::kContext ? options_.context_max_words : options_.parser.max_words;
        const LinkParser::Result parse = parser->parse(clause_text, max_words);
        if (parse.status == LinkParser::Status::kParsed) {
          triplets = read_triplets(parse.linkage, clause_text);
        }
        if (parse.status == LinkParser::Status::kTooLong &&
            parse.words <= options_.parser.max_words) {
          result.context_limited = true;
        }
      }
      if (!triplets.empty()) {
        parsed_.fetch_add(1, std::memory_order_relaxed);
      } else {
        fallbacks_.fetch_add(1, std::memory_order_relaxed);
        result.fallback = true;
        triplets = std::move(rules);
      }
    }
    split_conjunctions(triplets);
    for (Triplet& t : triplets) {
      t.begin += clause.begin;
      t.end += clause.begin;
      for (Qualifier& q : t.qualifiers) {
        q.begin += clause.begin;
        q.end += clause.begin;
      }
      resolve_pronoun(t.object, antecedent);
      t.subject_resolved = resolve_pronoun(t.subject, antecedent);
      if (t.subject_resolved) continue;
      const std::string first = lower(t.subject.substr(0, t.subject.find(' ')));
      // "its revenue" names no antecedent until its pronoun is resolved.
      const bool pronominal =
          is_subject_pronoun(first) || text::kPossessiveDeterminers.contains(first);
      if (!pronominal && result.subject.empty()) result.subject = t.subject;
    }
    if (!result.subject.empty()) antecedent = result.subject;
    result.triplets.insert(result.triplets.end(), std::make_move_iterator(triplets.begin()),
                           std::make_move_iterator(triplets.end()));
  }
  if (result.subject.empty()) result.subject = std::string(previous_subject);
  sentences_.fetch_add(1, std::memory_order_relaxed);
  if (result.fallback) fallback_sentences_.fetch_add(1, std::memory_order_relaxed);
  return result;
}

std::vector<SentenceTriplets> TripletExtractor::extract_text(std::string_view text) const {
  std::vector<SentenceTriplets> out;
  std::string previous;
  for (const text::Sentence& s : text::SentenceSegmenter::split(text)) {
    SentenceTriplets st = extract_sentence(text.substr(s.begin, s.end - s.begin), previous);
    st.begin = s.begin;
    st.end = s.end;
    previous = st.subject;
    out.push_back(std::move(st));
  }
  return out;
}

void TripletExtractor::resolve_previous(SentenceTriplets& triplets,
                                        std::string_view previous_subject) {
  if (previous_subject.empty()) return;
  for (Triplet& t : triplets.triplets) {
    resolve_pronoun(t.object, previous_subject);
    if (resolve_pronoun(t.subject, previous_subject)) t.subject_resolved = true;
  }
  if (triplets.subject.empty()) triplets.subject = std::string(previous_subject);
}

TripletExtractor::Stats TripletExtractor::stats() const {
  Stats s;
  s.sentences = sentences_.load(std::memory_order_relaxed);
  s.fallback_sentences = fallback_sentences_.load(std::memory_order_relaxed);
  s.clauses = clauses_.load(std::memory_order_relaxed);
  s.parsed = parsed_.load(std::memory_order_relaxed);
  s.rules = rules_.load(std::memory_order_relaxed);
  s.fallbacks = fallbacks_.load(std::memory_order_relaxed);
  return s;
}

}  // namespace groundgate::filters::triplet
