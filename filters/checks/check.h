#pragma once
// The check interface: one shape for everything that judges a unit of an answer (a prose
// sentence, a fenced code block, the whole answer as a query, a tool call). A check answers
// with a verdict, or with work it must wait for (side requests to the stream's model) and the
// continuation that reads what comes back into the verdict. A job for a worker pool (a query run
// off the I/O thread) fits the same shape: work posted now, its result handed to a continuation
// on the stream's thread. Checks never see a socket or request JSON; the guard
// (filters/actions) holds the unit's text, runs the policy's checks in order, acts and audits.
// A new check is a folder under filters/checks/ and a line in check_table.cc.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "filters/model/model_calls.h"
#include "filters/stream/stream_filter.h"
#include "filters/text/code_block.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::checks {

// What a check judges: one piece of one choice's answer.
struct Unit {
  enum class Kind : std::uint8_t { kSentence, kCodeBlock, kWholeAnswer, kToolCall };
  Kind kind = Kind::kSentence;
  int choice = 0;
  // Its span in the choice's answer text (a tool call: its arguments'), and its text: the
  // sentence, the block with its fences, the answer, the call's arguments.
  std::size_t begin = 0;
  std::size_t end = 0;
  std::string_view text;
  // kCodeBlock: the block as read (language, code, whether it is whole).
  const text::CodeBlock* block = nullptr;
  // kToolCall: the tool, the call's position among the choice's calls.
  std::string_view tool;
  std::size_t call = 0;
  // kToolCall, kWholeAnswer: the text is only a prefix (over the bound).
  bool truncated = false;
};

// A unit's verdict as the guard acts on it: the verdict, and what its annotation says besides.
struct UnitVerdict {
  UnitVerdict() = default;
  // A verdict whose annotation says nothing besides it (the other members set by name).
  explicit UnitVerdict(verify::SentenceVerdict v) : verdict(std::move(v)) {}

  verify::SentenceVerdict verdict;
  // A structured answer's language ("sql"): the annotation's `kind`, with every finding.
  std::string_view kind;
  // A tool call's deciding argument ("items[0].sku").
  std::string argument;
  // What the policy does with an unsafe query (one that would change data), when the check
  // that judged it has a rule for that.
  std::optional<config::ActionConfig> unsafe_action;
  // A check's rewrite of the unit, checked by the engines (the judge's mitigation): what a
  // rewrite action sends in its place instead of the rule's.
  std::optional<std::string> rewrite;
};

struct Pending;

// Reads what came back for a pending unit (every request's answer, errors included, in the
// check's own request ids) into its verdict; or returns more work of the same check to wait
// for (a judge method's next round; a query's run on the database first, then check 5's
// requests to the model), whose continuation goes on from there.
using Continuation = std::function<std::optional<Pending>(std::vector<stream::SideAnswer> answers,
                                                          UnitVerdict& verdict)>;

// Work a unit's check waits for: side requests to the stream's model (or to the batch's own
// endpoint), or side jobs for the proxy's workers (stream_filter.h), answered together.
struct Pending {
  stream::SideRequestBatch batch;  // request ids are the check's own
  Continuation resume;
  // The unit's work waits for the end of its choice's answer (stream_first only: its text went
  // on already), when the check makes the work of all its units that waited so at once
  // (Check::gather); `batch` is empty until then.
  bool at_answer_end = false;
};

class Check {
 public:
  virtual ~Check() = default;

  // Whether this check judges `unit`, given what the checks before it said (`verdict`; null:
  // nothing yet). A first verdict comes from one check; later ones may refine it.
  virtual bool takes(const Unit& unit, const UnitVerdict* verdict) const = 0;
  // Judges `unit`: sets or refines `verdict`; or returns the work to wait for, whose
  // continuation finishes the verdict (the checks after this one run after it).
  virtual std::optional<Pending> check(const Unit& unit, std::optional<UnitVerdict>& verdict) = 0;

  // Work before the first unit that may take long (building a schema database), and its size
  // in bytes; it may run on another thread while nothing else calls the check.
  virtual std::size_t prepare_cost() const { return 0; }
  virtual void prepare() {}
  // The check may change text it judges: in `sentence` hold the answer waits for it.
  virtual bool holds_text() const { return false; }
  // The check has something of its own to judge against (a schema): an answer with no
  // retrieved context is not "no context" to a policy that checks nothing else.
  virtual bool has_own_context() const { return false; }
  // The largest answer the check judges whole, when it judges the whole answer as one unit.
  virtual std::optional<std::size_t> whole_answer_bound() const { return std::nullopt; }
  // The check judges tool calls (some of them).
  virtual bool checks_tool_calls() const { return false; }
  // Request members the check reads for itself and the upstream must not get.
  virtual void members_to_strip(std::vector<std::string>& names) const { (void)names; }
  // The proxy can send side requests for this stream, written and read by `calls`.
  virtual void serve(std::shared_ptr<const model::ModelCalls> calls) { (void)calls; }
  // The proxy runs side jobs for this stream on its workers; without, a check does its
  // blocking work itself, inline.
  virtual void serve_jobs() {}
  // The end of choice `choice`'s answer: the work of the units whose Pending waited for it
  // (at_answer_end), made together. It goes with the first of those units; their continuations
  // run in the order the units came, the first with the batch's answers, the others with none
  // (they read what the first one's answers said). Nullopt: no work (each unit resumes with no
  // answers, and says why).
  virtual std::optional<stream::SideRequestBatch> gather(int choice) {
    (void)choice;
    return std::nullopt;
  }
  // The retrieved context changed (passages the response brought).
  virtual void on_context_changed() {}
  // A member for the answer's summary ("judge", "metamorphic"), as {name, JSON}, or nothing.
  virtual std::optional<std::pair<std::string_view, std::string>> summary() const {
    return std::nullopt;
  }
  // What the check has to say about the stream (counts, fields: stream_filter.h).
  virtual void report(stream::StreamReport& report) const { (void)report; }
};

}  // namespace groundgate::filters::checks
