#pragma once
// What the verification engines say about one answer sentence: every engine's findings (one per
// clause piece or per claim), merged into one label by the policy's combine rule.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/semantic_piece/clause_signals.h"
#include "filters/verdict/verdict_labels.h"
#include "filters/verify/sentence_features.h"

namespace groundgate::filters::verify {

using verdict::Correction;
using verdict::Derivation;
using verdict::Evidence;
using verdict::HallucinationType;
using verdict::is_flag;
using verdict::Label;

// kFigures: the sentence's figures against the context's tables and numbers (filters/figures).
// kSql: the SQL guard's checks on a query (filters/sql), in the same vocabulary. kJudge: the
// policy's judge model, asked about a sentence the scorer was unsure of (filters/actions).
// kSpl: the SPL guard's checks on a search (filters/spl).
enum class Engine : std::uint8_t { kSemanticPieces, kTriplets, kFigures, kSql, kJudge, kSpl };
inline constexpr std::size_t kEngineCount = 6;

std::string_view to_string(Engine engine);

// One engine's verdict on one piece (clause) or claim (triplet) of the sentence.
struct Finding {
  Engine engine = Engine::kSemanticPieces;
  Label label = Label::kSupported;
  double score = 1;              // degree of support: 1 fully supported, 0 contradicted
  std::size_t answer_begin = 0;  // byte span in the full answer text
  std::size_t answer_end = 0;
  std::optional<Evidence> evidence;
  std::string reason;     // for people: "answer says 32%, evidence says 30%"
  std::string_view code;  // the engine's reason code name ("entity_mismatch", ...)
  HallucinationType type = HallucinationType::kNone;
  std::optional<Correction> correction;
  // Figures: how the context gives the figure (a cell read off, or the arithmetic over its
  // figures), or the value a contradicted figure should have.
  std::optional<Derivation> derivation;
  bool abstains = false;                  // the piece holds nothing to check ("Yes.", no claim)
  semantic_piece::ClauseSignals signals;  // semantic pieces: what the clause's checks measured
};

// Why a sentence has no verdict from the engines.
enum class VerifyError : std::uint8_t {
  kNone,
  kTooLong,            // over the policy's max_sentence_bytes: not checked (bounded work)
  kOverBudget,         // the check took longer than the policy's per-sentence budget
  kEngineMissing,      // an engine the policy names could not be loaded (e.g. no dictionary)
  kUnparsable,         // a tool call's arguments are not JSON
  kRequestUnreadable,  // the request body did not parse: its context could not be read
  kNoChecker,          // a code block in a language the policy has no checker for
  // Part of the request's context could not be read (a file, an item stored upstream) and the
  // rest does not support the sentence: it may be supported by what could not be read.
  kContextUnreadable,
  // A check stopped short of its end and found nothing against the unit (a query that ran to
  // its time cap, a run the client's leaving cut): what it did not check may be wrong.
  kCheckIncomplete,
  // No worker could take the check's blocking part (every worker busy, the queue full): it
  // did not run.
  kOverloaded,
};

std::string_view to_string(VerifyError error);

struct SentenceVerdict {
  Label label = Label::kSupported;
  double score = 1;              // the weakest finding's score
  std::size_t answer_begin = 0;  // the sentence's byte span in the full answer text
  std::size_t answer_end = 0;
  std::vector<Finding> findings;
  // Index into findings of the one that decided the label (the worst); none when all abstain.
  std::optional<std::size_t> decisive;
  bool claims = false;  // some finding did not abstain
  VerifyError error = VerifyError::kNone;
  std::uint64_t verify_ns = 0;  // time the engines took on this sentence
  SentenceFeatures features{};  // what the scorer read (filled when the sentence was checked)
  // A query's verdict (the SQL guard's, engine kSql), not a prose sentence's.
  bool query = false;
  // Nothing to check it against (a query with no schema, and nothing found): no_context.
  bool no_context = false;
  // A query whose every finding is of a kind too imprecise to act on (the SQL intent kinds
  // below precision 0.8): its action is at most annotate.
  bool annotate_only = false;
  // The scorer's calibrated probability that the sentence is unfaithful to the context; unset
  // without a scorer. `score` is then 1 minus it.
  std::optional<double> unfaithful;
  // The request asks for writing (text::asks_for_writing): the answer words what the context
  // says in its own way, so low word coverage alone is doubt at any coverage
  // (rests_on_rewording).
  bool own_words = false;

  bool ok() const { return error == VerifyError::kNone; }
  // Some finding says the query would change something or reach outside the data.
  bool unsafe() const;
  const Finding* decisive_finding() const { return decisive ? &findings[*decisive] : nullptr; }
};

}  // namespace groundgate::filters::verify
