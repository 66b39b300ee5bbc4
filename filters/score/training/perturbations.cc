#include "filters/score/training/perturbations.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <span>
#include <utility>

#include "filters/score/training/minimal_pairs.h"
#include "filters/text/entities.h"
#include "filters/text/function_words.h"
#include "filters/text/lexicon.h"
#include "filters/text/sentence_segmenter.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/tokenizer.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::score::training {
namespace {

using text::Token;
using text::TokenKind;

std::string replaced(std::string_view text, std::size_t begin, std::size_t end,
                     std::string_view with) {
  std::string out(text.substr(0, begin));
  out += with;
  out += text.substr(end);
  return out;
}

bool plain_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= '0' && c <= '9') || c == ',' || c == '.';
  });
}

std::string grouped(std::uint64_t v) {
  std::string digits = std::to_string(v);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// The last digit moved by 1 to 8: "3.6" → "3.9".
std::optional<std::string> changed_decimal(std::string_view surface, std::uint64_t seed) {
  const std::size_t last = surface.find_last_of("0123456789");
  if (last == std::string_view::npos) return std::nullopt;
  std::string out(surface);
  out[last] = static_cast<char>('0' + (out[last] - '0' + 1 + seed % 8) % 10);
  return out;
}

// A year by one to nine years, a one-digit count to another, a larger count by one to four
// steps of its second digit's place ("14" → "16", "3500" → "3300").
std::optional<std::string> changed_integer(const Token& token, std::uint64_t seed) {
  std::uint64_t v = 0;
  const std::string& digits = token.norm;
  if (digits.size() > 15) return std::nullopt;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc{} || end != digits.data() + digits.size()) return std::nullopt;
  const bool down = (seed >> 8) & 1;
  std::uint64_t changed = 0;
  if (v >= 1000 && v <= 2100 && !token.has(text::kGrouped)) {
    const std::uint64_t years = 1 + seed % 9;
    changed = down ? v - years : v + years;
  } else if (v < 10) {
    changed = (v + 1 + seed % 8) % 10;
  } else {
    std::uint64_t step = 1;
    while (step * 100 <= v)
      step *= 10;
    const std::uint64_t by = step * (1 + seed % 4);
    changed = down && by < v ? v - by : v + by;
  }
  if (changed == v) return std::nullopt;
  return token.has(text::kGrouped) ? grouped(changed) : std::to_string(changed);
}

// "isn't" → "is": the contraction's auxiliary, or "" for a form this table does not know.
std::string_view without_not(std::string_view lower) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 16> kForms{{
      {"isn't", "is"},
      {"aren't", "are"},
      {"wasn't", "was"},
      {"weren't", "were"},
      {"doesn't", "does"},
      {"don't", "do"},
      {"didn't", "did"},
      {"hasn't", "has"},
      {"haven't", "have"},
      {"hadn't", "had"},
      {"can't", "can"},
      {"couldn't", "could"},
      {"won't", "will"},
      {"wouldn't", "would"},
      {"shouldn't", "should"},
      {"mustn't", "must"},
  }};
  for (const auto& [with, without] : kForms) {
    if (with == lower) return without;
  }
  return {};
}

bool is_auxiliary(std::string_view lower) {
  return (text::kBeForms.contains(lower) && lower != "be" && lower != "been" && lower != "being") ||
         text::kAuxiliaryVerbs.contains(lower);
}

bool is_name(const text::Entity& e) {
  return !e.key.empty() &&
         (e.type == text::EntityType::kName || e.type == text::EntityType::kLocation ||
          e.type == text::EntityType::kPersonalInfo);
}

std::size_t word_count(std::span<const Token> tokens) {
  return static_cast<std::size_t>(std::count_if(
      tokens.begin(), tokens.end(), [](const Token& t) { return t.kind == TokenKind::kWord; }));
}

bool looks_structured(std::string_view passage) {
  const std::size_t first = passage.find_first_not_of(" \t\r\n");
  return first == std::string_view::npos || passage[first] == '{' || passage[first] == '[';
}

}  // namespace

std::uint64_t text_hash(std::string_view s, std::uint64_t seed) {
  std::uint64_t h = 1469598103934665603ull ^ (seed * 0x9e3779b97f4a7c15ull);
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h ^ (h >> 29);
}

std::optional<std::string> changed_number(const Token& token, std::string_view sentence,
                                          std::uint64_t seed) {
  if (!plain_digits(token.surface(sentence))) return std::nullopt;
  return token.has(text::kDecimal) ? changed_decimal(token.surface(sentence), seed)
                                   : changed_integer(token, seed);
}

std::optional<std::string> paraphrase(std::string_view sentence, const text::Lexicon& lexicon,
                                      std::uint64_t seed) {
  const std::vector<Token> tokens = text::tokenize(sentence);
  std::vector<std::pair<const Token*, std::string_view>> candidates;
  for (const Token& t : tokens) {
    if (t.kind != TokenKind::kWord || t.has(text::kCapitalized) || t.has(text::kContraction) ||
        t.norm.size() < 4 || !text::is_content_word(t))
      continue;
    const std::string own_stem = text::stem(t.norm);
    for (std::string_view synonym : lexicon.synonyms(t.norm)) {
      if (synonym.size() < 3 || synonym.find_first_of(" _-") != std::string_view::npos ||
          text::stem(synonym) == own_stem || text::is_stopword(synonym))
        continue;
      candidates.emplace_back(&t, synonym);
    }
  }
  if (candidates.empty()) return std::nullopt;
  const auto& [token, synonym] = candidates[seed % candidates.size()];
  return replaced(sentence, token->begin, token->end, synonym);
}

std::optional<std::string> change_number(std::string_view sentence, std::uint64_t seed) {
  const std::vector<Token> tokens = text::tokenize(sentence);
  std::vector<const Token*> candidates;
  for (const Token& t : tokens) {
    if (t.kind == TokenKind::kNumber && !t.has(text::kOrdinal) && !t.has(text::kDecade) &&
        plain_digits(t.surface(sentence)))
      candidates.push_back(&t);
  }
  if (candidates.empty()) return std::nullopt;
  const Token& token = *candidates[seed % candidates.size()];
  const auto changed = changed_number(token, sentence, seed / candidates.size());
  if (!changed) return std::nullopt;
  return replaced(sentence, token.begin, token.end, *changed);
}

std::optional<std::string> flip_negation(std::string_view sentence) {
  const std::vector<Token> tokens = text::tokenize(sentence);
  // A negation before one of these denies a focus, a quantifier or a degree ("not only", "not
  // all", "not much"), or meets another ("not failed"): taking it away or adding one would not
  // simply turn the statement round.
  static constexpr auto kNoFlip = text::word_table(
      "only", "just", "merely", "simply", "least", "all", "every", "always", "necessarily",
      "entirely", "completely", "fully", "equally", "exactly", "much", "more", "less", "quite",
      "fail", "failed", "fails", "lack", "lacks", "lacked", "unable", "no", "nothing", "never");
  auto focus_after = [&](std::size_t i) {
    return i + 1 < tokens.size() && kNoFlip.contains(tokens[i + 1].norm);
  };
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.norm == "not" || t.norm == "never" || t.norm == "n't") {
      if (focus_after(i)) return std::nullopt;
      return replaced(sentence, tokens[i - 1].end, t.end, "");
    }
    if (t.has(text::kContraction)) {
      const std::string_view base = without_not(t.norm);
      if (!base.empty()) {
        if (focus_after(i)) return std::nullopt;
        std::string with(base);
        if (t.has(text::kCapitalized)) with[0] = static_cast<char>(with[0] - 'a' + 'A');
        return replaced(sentence, t.begin, t.end, with);
      }
    }
  }
  static constexpr auto kConditions = text::word_table("if", "unless", "whether");
  // A clause of a condition states no fact to turn round ("if there is swelling, ...").
  if (!tokens.empty() && kConditions.contains(tokens.front().norm)) return std::nullopt;
  for (std::size_t i = 1; i + 1 < tokens.size(); ++i) {
    if (kConditions.contains(tokens[i].norm)) return std::nullopt;
    // A capitalised auxiliary inside the sentence is a title's word ("I Will Always Love You").
    if (tokens[i].kind == TokenKind::kWord && is_auxiliary(tokens[i].norm) &&
        !tokens[i].has(text::kCapitalized) && tokens[i + 1].kind == TokenKind::kWord) {
      if (focus_after(i)) return std::nullopt;
      return replaced(sentence, tokens[i].end, tokens[i].end, " not");
    }
  }
  return std::nullopt;
}

std::optional<std::string> swap_name(std::string_view sentence, std::string_view context,
                                     std::uint64_t seed) {
  std::vector<text::Entity> own = text::extract_entities(sentence);
  std::erase_if(own, [](const text::Entity& e) { return !is_name(e); });
  if (own.empty()) return std::nullopt;
  const text::Entity& name = own[seed % own.size()];
  std::vector<text::Entity> others = text::extract_entities(context);
  std::erase_if(others, [&](const text::Entity& e) {
    if (!is_name(e)) return true;
    return std::any_of(own.begin(), own.end(), [&](const text::Entity& o) {
      return o.key.find(e.key) != std::string::npos || e.key.find(o.key) != std::string::npos;
    });
  });
  if (others.empty()) return std::nullopt;
  // A name of the same kind where the context has one (a person for a person).
  std::vector<const text::Entity*> same;
  for (const text::Entity& e : others) {
    if (e.type == name.type && e.subtype == name.subtype) same.push_back(&e);
  }
  const std::uint64_t choice = seed / own.size();
  const text::Entity& other =
      same.empty() ? others[choice % others.size()] : *same[choice % same.size()];
  return replaced(sentence, name.begin, name.end, other.text);
}

std::vector<SyntheticAnswer> synthetic_answers(std::string_view passage,
                                               const PerturbOptions& options,
                                               const text::Lexicon* lexicon) {
  std::vector<SyntheticAnswer> out;
  if (looks_structured(passage) || options.per_passage == 0) return out;
  const std::vector<text::Sentence> sentences = text::SentenceSegmenter::split(passage);
  // The candidates in the order of their text's hash: which ones are taken does not depend on
  // where they stand.
  std::vector<std::pair<std::uint64_t, std::size_t>> order;
  for (std::size_t i = 0; i < sentences.size(); ++i) {
    const text::Sentence& s = sentences[i];
    if (s.kind != text::SentenceKind::kProse || s.cut) continue;
    const std::string_view sentence = passage.substr(s.begin, s.end - s.begin);
    const std::size_t words = word_count(text::tokenize(sentence));
    if (words < options.min_words || words > options.max_words) continue;
    order.emplace_back(text_hash(sentence), i);
  }
  std::sort(order.begin(), order.end());
  std::size_t taken = 0;
  for (const auto& [hash, i] : order) {
    if (taken == options.per_passage) break;
    const std::size_t first = i >= options.neighbours ? i - options.neighbours : 0;
    const std::size_t last = std::min(sentences.size() - 1, i + options.neighbours);
    const std::string context(
        passage.substr(sentences[first].begin, sentences[last].end - sentences[first].begin));
    const std::string_view copy =
        passage.substr(sentences[i].begin, sentences[i].end - sentences[i].begin);
    const std::optional<std::string> reworded =
        lexicon ? paraphrase(copy, *lexicon, hash) : std::nullopt;
    // Half the changes are made to the paraphrase, where there is one.
    const std::string_view sentence = reworded && (hash >> 16) % 2 ? *reworded : copy;
    std::vector<std::pair<std::string_view, std::string>> changes;
    if (auto changed = change_number(sentence, hash)) changes.emplace_back("number", *changed);
    if (auto changed = flip_negation(sentence)) changes.emplace_back("negation", *changed);
    if (auto changed = swap_name(sentence, context, hash)) changes.emplace_back("name", *changed);
    if (changes.empty()) continue;
    // A value changed where the sentence has one: the commonest error, and the one a
    // negation-heavy mix would under-teach.
    auto& [change, changed] = changes.front().first == "number"
                                  ? changes.front()
                                  : changes[(hash >> 32) % changes.size()];
    out.push_back({context, std::string(copy), false, "none"});
    if (auto restated_value = restated(copy))
      out.push_back({context, std::move(*restated_value), false, "restated"});
    if (reworded) out.push_back({context, *reworded, false, "synonym"});
    out.push_back({context, std::move(changed), true, change});
    ++taken;
  }
  return out;
}

}  // namespace groundgate::filters::score::training
