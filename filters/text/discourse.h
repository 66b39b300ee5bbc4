#pragma once

#include <span>
#include <string_view>

#include "filters/text/tokenizer.h"

namespace groundgate::filters::text {

// Answers talk about their sources as well as about the world: "Here is a concise summary of
// the passage:", "The article does not mention the budget", "According to the document, ...".
// Such words state what the source says or how the answer is framed; they are no claim to
// find in the source, and a negation next to them ("does not mention") is about the source.

// The clause names the source it draws on ("the passage", "the provided text", "the article").
bool names_source(std::span<const Token> clause);

// The number at byte `at` of `text` numbers a source ("passage 3", "Document 2", "[1]"): a
// citation, not a value the answer claims.
bool numbers_a_source(std::string_view text, std::size_t at);

// A clause that only greets, thanks, wishes well, offers more help or says the answer does not
// know ("Bye now.", "Thanks for asking!", "I hope this helps.", "Let me know if you have any
// other questions.", "I'm not sure."): it says nothing about the world a source could hold.
// Every word of it is a function word or such a word, and it holds no number and no name.
bool is_phatic(std::span<const Token> clause);

// A question the answer puts to its reader, offering more or asking for what it needs ("Would
// you like more details about the expense process?", "Could you tell me which country you are
// travelling to?", "Is there anything else I can help with?"): it ends with a question mark,
// opens with an auxiliary or modal followed by "you" or "I" (or "Is there anything", "Anything
// else") and holds no number, no name and no clause of its own. It asks; it states nothing a
// source could hold. "Did you know ...?", "Can you believe ...?", "Should I remind you that
// ...?" and "Do you need directions to the museum, which is next to the Eiffel Tower?" state
// what they ask about and are not such questions.
bool asks_the_reader(std::span<const Token> clause);

// The answer's writer denies something of itself ("I am unable to answer ...", "I don't have
// the figures"): a negation cue close after "I". What it denies is the writer's knowing, not a
// fact of the world; "I believe the museum is not open" still denies a fact.
bool speaks_of_itself(std::span<const Token> clause);

// A word that frames or reports rather than claims, in a clause that names its source:
// "summary", "concise", "mentions", "describes", "provided", "according", ...
bool is_framing_word(std::string_view lower_word);

}  // namespace groundgate::filters::text
