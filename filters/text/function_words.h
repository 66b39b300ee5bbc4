#pragma once
// Function words that several engines test tokens against, one table per meaning.
// An engine that needs a wider set tests its own table too; it never copies these words.

#include "filters/text/word_table.h"

namespace groundgate::filters::text {

// The forms of "be". The clitics "'s" and "'re" are not here: "'s" is also "has" and the
// possessive, so only a caller that has ruled those out counts them.
inline constexpr auto kBeForms =
    word_table("is", "are", "was", "were", "be", "been", "being", "am");

// The other auxiliaries and the modals, full forms only.
inline constexpr auto kAuxiliaryVerbs =
    word_table("has", "have", "had", "do", "does", "did", "will", "would", "can", "could", "may",
               "might", "must", "shall", "should");

// The third-person personal pronouns, each word in one table: the subject forms, the object
// forms that are no subject form or determiner ("it" and "her" are listed once), and the
// possessive determiners.
inline constexpr auto kSubjectPronouns = word_table("he", "she", "it", "they");
inline constexpr auto kObjectPronouns = word_table("him", "them");
inline constexpr auto kPossessiveDeterminers = word_table("his", "her", "its", "their");

}  // namespace groundgate::filters::text
