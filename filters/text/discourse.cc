#include "filters/text/discourse.h"

#include <algorithm>
#include <string>

#include "filters/text/negation.h"
#include "filters/text/stopwords.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::text {
namespace {

// Nouns that name the retrieved material itself. "text" and "source" alone are too common in
// the world's sense ("text messages", "a source said"); they count after "the provided/given".
constexpr auto kSourceNouns = word_table("article", "articles", "document", "documents", "excerpt",
                                         "excerpts", "passage", "passages", "snippet", "snippets");
constexpr auto kQualifiedSourceNouns =
    word_table("context", "information", "source", "sources", "text", "texts");
constexpr auto kSourceQualifiers = word_table("provided", "given", "above", "following");

// Words of a request or answer that talk about the text rather than the world.
constexpr auto kFramingWords = word_table(
    "above", "according", "addition", "additionally", "article", "articles", "based", "brief",
    "briefly", "concise", "concisely", "context", "core", "cover", "covered", "covers", "describe",
    "described", "describes", "detail", "detailed", "details", "discuss", "discussed", "discusses",
    "document", "documents", "excerpt", "explicitly", "following", "given", "information", "key",
    "mention", "mentioned", "mentions", "note", "overview", "passage", "passages", "points",
    "provide", "provided", "provides", "snippet", "solely", "source", "sources", "specific",
    "specified", "specifies", "specify", "state", "stated", "states", "summarise", "summarize",
    "summary", "text");

// The words of greetings, thanks, wishes, offers of help and of not knowing.
constexpr auto kPhaticWords = word_table(
    "absolutely", "again", "anything", "apologies", "apologize", "ask", "asking", "assist",
    "assistance", "best", "bye", "certainly", "cheers", "clarification", "clarify", "course", "day",
    "else", "enjoy", "farewell", "feel", "free", "further", "glad", "good", "goodbye", "great",
    "greetings", "happy", "hello", "help", "helped", "helpful", "helps", "hesitate", "hey", "hi",
    "hope", "hopefully", "know", "let", "luck", "need", "nice", "now", "okay", "ok", "other",
    "please", "pleased", "pleasure", "question", "questions", "reach", "regards", "sorry", "sure",
    "thank", "thanks", "today", "welcome", "wish", "wishes", "wonderful");
constexpr std::size_t kMaxPhaticTokens = 20;

}  // namespace

bool is_phatic(std::span<const Token> clause) {
  if (clause.size() > kMaxPhaticTokens) return false;
  bool phatic = false;
  for (std::size_t i = 0; i < clause.size(); ++i) {
    const Token& t = clause[i];
    if (t.kind == TokenKind::kNumber) return false;
    if (t.kind != TokenKind::kWord) continue;
    if (kPhaticWords.contains(t.norm)) {
      phatic = true;
      continue;
    }
    if (!is_stopword(t.norm) || (i > 0 && t.has(kCapitalized) && t.norm != "i")) return false;
  }
  return phatic;
}

bool asks_the_reader(std::span<const Token> clause) {
  static constexpr auto kOpeners =
      word_table("would", "could", "can", "do", "shall", "should", "may", "are", "have");
  static constexpr auto kPersons = word_table("you", "i", "we");
  std::size_t last = clause.size();
  while (last > 0 && clause[last - 1].kind == TokenKind::kPunctuation &&
         clause[last - 1].norm != "?")
    --last;
  if (last < 3 || clause[last - 1].norm != "?") return false;
  if (std::any_of(clause.begin(), clause.end(),
                  [](const Token& t) { return t.kind == TokenKind::kNumber; }))
    return false;
  std::size_t first = 0;
  while (first < last && clause[first].kind != TokenKind::kWord)
    ++first;
  if (first + 1 >= last) return false;
  const std::string_view opener = clause[first].norm, next = clause[first + 1].norm;
  // "Did you know ...?", "Can you believe ...?" tell what they ask about; a clause inside the
  // question ("… that the museum was founded by Napoleon?", "… the museum, which is next to
  // the Eiffel Tower?") or a name states something of its own.
  static constexpr auto kTelling =
      word_table("know", "realise", "realize", "aware", "remember", "recall", "believe", "imagine",
                 "notice", "think", "guess", "considered", "heard", "remind");
  static constexpr auto kStating = word_table("that", "since", "because", "if", "as");
  static constexpr auto kRelative = word_table("which", "who", "whom", "whose", "when", "where");
  if (opener == "did") return false;
  for (std::size_t i = first + 1; i < last; ++i) {
    const Token& t = clause[i];
    if (t.kind != TokenKind::kWord) continue;
    const bool relative = kRelative.contains(t.norm) && clause[i - 1].norm == ",";
    const bool telling = i == first + 2 && kTelling.contains(t.norm);  // "Can you believe"
    if (telling || kStating.contains(t.norm) || relative || (t.has(kCapitalized) && t.norm != "i"))
      return false;
  }
  if (kOpeners.contains(opener) && kPersons.contains(next)) return true;
  return (opener == "is" && next == "there" && first + 2 < last &&
          clause[first + 2].norm == "anything") ||
         (opener == "anything" && next == "else");
}

bool names_source(std::span<const Token> clause) {
  for (std::size_t i = 0; i < clause.size(); ++i) {
    const Token& t = clause[i];
    if (t.kind != TokenKind::kWord) continue;
    if (kSourceNouns.contains(t.norm)) return true;
    if (!kQualifiedSourceNouns.contains(t.norm)) continue;
    const bool qualified_before = i > 0 && kSourceQualifiers.contains(clause[i - 1].norm);
    const bool qualified_after =
        i + 1 < clause.size() && kSourceQualifiers.contains(clause[i + 1].norm);
    if (qualified_before || qualified_after) return true;
  }
  return false;
}

bool numbers_a_source(std::string_view text, std::size_t at) {
  if (at > 0 && text[at - 1] == '[') return true;  // "[1]"
  std::size_t end = at;
  while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t'))
    --end;
  std::size_t begin = end;
  while (begin > 0 && ((text[begin - 1] >= 'a' && text[begin - 1] <= 'z') ||
                       (text[begin - 1] >= 'A' && text[begin - 1] <= 'Z')))
    --begin;
  if (begin == end || end - begin > 10) return false;
  std::string word(text.substr(begin, end - begin));
  for (char& c : word)
    c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return kSourceNouns.contains(word) || kQualifiedSourceNouns.contains(word);
}

bool speaks_of_itself(std::span<const Token> clause) {
  static constexpr auto kFirstPerson = word_table("i", "i'm", "i've", "i'd", "i'll");
  // The cue follows the pronoun closely: "I am unable", "I do not", "I'm not sure".
  static constexpr std::size_t kReach = 3;
  for (std::size_t i = 0; i < clause.size(); ++i) {
    if (clause[i].kind != TokenKind::kWord || !kFirstPerson.contains(clause[i].norm)) continue;
    // After a capitalised word inside the clause, "I" is a numeral of a name ("World War I").
    const bool numeral = i > 1 && clause[i - 1].kind == TokenKind::kWord &&
                         clause[i - 1].has(kCapitalized) && clause[i].norm == "i";
    if (numeral) continue;
    // Inside a quotation, "I" is the one quoted.
    const bool quoted = std::any_of(clause.begin(), clause.begin() + i, [](const Token& t) {
      return t.norm == "\"" || t.norm == "\u201c" || t.norm == "``" || t.norm == "`" ||
             t.norm == "'";
    });
    if (quoted) return false;
    const std::size_t end = std::min(clause.size(), i + 1 + kReach);
    if (has_negation_cue(clause.subspan(i + 1, end - i - 1))) return true;
  }
  return false;
}

bool is_framing_word(std::string_view lower_word) {
  return kFramingWords.contains(lower_word);
}

}  // namespace groundgate::filters::text
