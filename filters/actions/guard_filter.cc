#include "filters/actions/guard_filter.h"

#include <simdjson.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <optional>
#include <utility>

#include "filters/actions/annotation_json.h"
#include "filters/actions/rewriter.h"
#include "filters/context/context_collector.h"
#include "filters/context/context_extractor.h"
#include "filters/text/code_block.h"
#include "filters/text/decimal_point.h"

namespace groundgate::filters::actions {
namespace {

using config::ActionKind;

constexpr std::size_t kMaxAuditBytes = 4096;

// Why a request's answer is not checked as prose, or empty: it asks for a JSON answer
// (chat `response_format`, Responses `text.format`: json_object or json_schema), which is data
// rather than claims; or it runs in the background without streaming (the Responses API answers
// at once with a queued response; the answer is fetched later, unguarded).
std::string_view unchecked_reason_of(std::string_view body, bool verify_json) {
  const bool json_format =
      !verify_json && (body.find("\"response_format\"") != std::string_view::npos ||
                       body.find("\"format\"") != std::string_view::npos);
  const bool background = body.find("\"background\"") != std::string_view::npos;
  if (!json_format && !background) return {};
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (parser.parse(body.data(), body.size()).get(doc) != simdjson::SUCCESS) return {};
  std::string_view type;
  if (json_format &&
      (doc["response_format"]["type"].get(type) == simdjson::SUCCESS ||
       doc.at_pointer("/text/format/type").get(type) == simdjson::SUCCESS) &&
      (type == "json_object" || type == "json_schema")) {
    return "json_response";
  }
  bool in_background = false;
  bool stream = false;
  if (background && doc["background"].get(in_background) == simdjson::SUCCESS && in_background &&
      !(doc["stream"].get(stream) == simdjson::SUCCESS && stream)) {
    return "background";
  }
  return {};
}

bool changes_text(ActionKind kind) {
  return kind == ActionKind::kBlock || kind == ActionKind::kRewrite;
}

// A sentence no engine could look at: on_error decides (decide()).
verify::SentenceVerdict unverified_verdict(const text::StreamSentence& sentence,
                                           verify::VerifyError error) {
  verify::SentenceVerdict verdict;
  verdict.answer_begin = sentence.span.begin;
  verdict.answer_end = sentence.span.end;
  verdict.error = error;
  return verdict;
}

std::string threshold_annotation(int choice, std::uint64_t not_supported, std::uint64_t checked,
                                 const config::AnswerThresholdConfig& t) {
  std::string out = R"({"type":"answer_threshold","choice":)";
  out += std::to_string(choice);
  out += ",\"not_supported\":" + std::to_string(not_supported);
  out += ",\"checked\":" + std::to_string(checked);
  char share[32];
  std::snprintf(share, sizeof share, "%.3f", t.max_share);
  out += ",\"max_share\":";
  out += share;
  out += ",\"action\":\"";
  out += to_string(t.action);
  out += "\"}";
  return out;
}

}  // namespace

void GuardFilter::Arrivals::note(std::size_t end, Clock::time_point at) {
  ring_[next_] = {end, at};
  next_ = (next_ + 1) % kSize;
  count_ = std::min(count_ + 1, kSize);
}

GuardFilter::Clock::time_point GuardFilter::Arrivals::of(std::size_t offset) const {
  // Oldest to newest: the first delta that ended past `offset` brought that byte. When the
  // entry that did has been overwritten, the oldest kept one stands in (a shorter hold).
  const std::size_t first = (next_ + kSize - count_) % kSize;
  for (std::size_t i = 0; i < count_; ++i) {
    const auto& [end, at] = ring_[(first + i) % kSize];
    if (end > offset) return at;
  }
  return count_ == 0 ? Clock::now() : ring_[(next_ + kSize - 1) % kSize].second;
}

GuardFilter::GuardFilter(std::shared_ptr<const GuardConfig> config, std::string_view request_body,
                         std::string* forwarded_body, bool audit_content)
    : config_(std::move(config)), audit_content_(audit_content) {
  const Clock::time_point start = Clock::now();
  tally_.set_rule(config_->rule);
  unchecked_reason_ = unchecked_reason_of(request_body, config_->verify_json_responses);
  context::ExtractedContext extracted = context::extract_context(request_body, config_->context);
  if (forwarded_body != nullptr && !extracted.forwarded_body.empty()) {
    *forwarded_body = std::move(extracted.forwarded_body);
  }
  request_unreadable_ = !extracted.readable;
  question_ = std::move(extracted.question);
  passages_ = extracted.passages.size();
  context_bytes_ = extracted.bytes;
  context_truncated_ = extracted.truncated;
  unreadable_ = std::move(extracted.unreadable);
  // A JSON answer is not checked, but its tool calls may be. Only prose needs the context.
  if (config_->prose && (unchecked_reason_.empty() || config_->verify_tool_calls)) {
    unindexed_ = std::move(extracted.passages);
  }
  if (config_->verify_tool_calls)
    tool_schema_ = verify::ToolSchemaValues::from_request(request_body);
  if (config_->sql) {
    sql_ = std::make_unique<SqlGuard>(config_->sql, request_body, forwarded_body, question_);
  }
  if (config_->judge) {
    judge_ = std::make_unique<SentenceJudge>(*config_->judge,
                                             config_->verify->thresholds.unsupported, question_);
  }
  if (sql_ && sql_->metamorphic_enabled()) {
    // The variants are the request as it goes upstream, its question rewritten.
    const bool stripped = forwarded_body != nullptr && !forwarded_body->empty();
    sql_->metamorphic().set_request(std::string(stripped ? *forwarded_body : request_body));
  }
  for (const verify::CodeLanguage& language : config_->code_languages) {
    if (std::unique_ptr<verify::CodeChecker> checker = language.make(request_body)) {
      code_checkers_.emplace_back(language.name, std::move(checker));
    }
  }
  tally_.add_prepare(Clock::now() - start);
}

std::size_t GuardFilter::prepare_cost() const {
  return (unindexed_.empty() ? 0 : context_bytes_) + (sql_ ? sql_->prepare_cost() : 0);
}

void GuardFilter::prepare() {
  if (sql_ && sql_->prepare_cost() > 0) {
    const Clock::time_point start = Clock::now();
    sql_->prepare();
    tally_.add_prepare(Clock::now() - start);
  }
  if (unindexed_.empty()) return;
  const Clock::time_point start = Clock::now();
  std::shared_ptr<const index::ContextIndex> index =
      config_->cache ? config_->cache->get_or_build(unindexed_)
                     : index::ContextIndex::build(std::move(unindexed_));
  unindexed_.clear();
  // Passages with no sentence in them (only spaces, only markup) are no context either.
  if (index && !index->pieces().empty()) index_ = std::move(index);
  tally_.add_prepare(Clock::now() - start);
}

GuardFilter::Choice* GuardFilter::choice_for(int index) {
  // Every choice the chain takes is verified (each holds a verifier): the chain's bound,
  // kMaxChainChoices, bounds the memory. Held to it here too, to be safe on its own.
  if (index < 0 || index >= stream::kMaxChainChoices) return nullptr;
  const auto at = static_cast<std::size_t>(index);
  if (at >= choices_.size()) choices_.resize(at + 1);
  if (!choices_[at]) {
    auto choice = std::make_unique<Choice>();
    if (request_unreadable_) {
      choice->unverifiable = verify::VerifyError::kRequestUnreadable;
    } else if (index_ && config_->prose) {
      choice->verifier = std::make_unique<verify::SentenceVerifier>(
          config_->verify, index_, question_, static_cast<std::uint32_t>(index));
    }
    choices_[at] = std::move(choice);
  }
  return choices_[at].get();
}

bool GuardFilter::holds(const Choice& choice) const {
  if (config_->hold != config::HoldMode::kSentence) return false;
  // What is not verified is blocked, and any sentence may turn out so (budget, length, code).
  if (config_->on_error == config::OnError::kClosed) return true;
  if (choice.verifier) return true;
  // A query may come, and it is held until checked.
  if (sql_ && choice.unverifiable == verify::VerifyError::kNone) return true;
  // Nothing here is verified: only the no_context action could change the text (an
  // unverifiable choice, or one whose context could not be read, is only annotated);
  // otherwise holding it would only add latency.
  return choice.unverifiable == verify::VerifyError::kNone && unreadable_.empty() &&
         changes_text(config_->actions.no_context.kind);
}

void GuardFilter::mark_incomplete_context(std::optional<verify::SentenceVerdict>& verdict,
                                          std::size_t begin, std::size_t end) const {
  if (unreadable_.empty()) return;
  if (!verdict) {
    verdict.emplace();
    verdict->answer_begin = begin;
    verdict->answer_end = end;
  } else if (!verdict->ok() || !verdict->claims || verdict->label != verify::Label::kUnsupported) {
    return;  // support and contradiction found in what was read stand
  }
  verdict->error = verify::VerifyError::kContextUnreadable;
}

bool GuardFilter::only_reports() const {
  // The config loader refuses actions that change text in stream_first, and act() and
  // on_tool_call() turn them into annotations, so nothing here holds, replaces or stops.
  return config_->hold == config::HoldMode::kStreamFirst;
}

void GuardFilter::on_text(const stream::TextEvent& event, stream::ChoiceOutput& out) {
  if (stopped_) return;
  prepare();  // nothing left to do when the proxy prepared the chain
  if (!unchecked_reason_.empty()) {
    out.release(event.pending.size());
    return;
  }
  Choice* choice = choice_for(event.choice);
  if (choice == nullptr) {  // the chain never passes such an index; held to its own bound
    out.stop("guard.choice_out_of_range");
    stopped_ = true;
    return;
  }
  if (sql_ && sql_->whole_answer()) return on_whole_answer(*choice, event, out);

  const bool holding = holds(*choice);
  const std::size_t end = event.offset + event.pending.size();
  std::vector<text::StreamSentence> done;
  if (end > choice->fed && choice->fed >= event.offset) {
    // Arrival times only measure how long held text waited: text that goes on at once needs none.
    if (holding) choice->arrivals.note(end, Clock::now());
    done = choice->segmenter.feed(event.pending.substr(choice->fed - event.offset));
    choice->fed = end;
  }
  if (event.end_of_choice && !choice->finished) {
    std::vector<text::StreamSentence> rest = choice->segmenter.finish();
    done.insert(done.end(), std::make_move_iterator(rest.begin()),
                std::make_move_iterator(rest.end()));
    choice->finished = true;
  }

  if (!holding) out.release(event.pending.size());
  std::size_t cursor = event.offset;  // first byte of pending not yet handed on
  // False once stopped, or when the unit waits for check 5's answers (holds_for_answers()).
  const auto hand_on = [&](const text::StreamSentence& sentence) {
    // The whitespace or list marker before a held sentence goes (or is dropped) with it.
    const std::size_t gap =
        holding && sentence.span.begin > cursor ? sentence.span.begin - cursor : 0;
    if (!act(*choice, event.choice, sentence, event.pending.substr(cursor - event.offset, gap),
             holding, out) ||
        holds_for_answers()) {
      return false;
    }
    if (holding) cursor = sentence.span.end;
    choice->decided_until = sentence.span.end;
    return true;
  };
  // Held text the chain had to force out (over its pending bound) was not checked before it
  // went: what follows it is checked on its own.
  if (holding) choice->decided_until = std::max(choice->decided_until, cursor);
  std::vector<text::StreamSentence>& units = choice->undecided;
  units.insert(units.end(), std::make_move_iterator(done.begin()),
               std::make_move_iterator(done.end()));
  for (std::size_t i = 0; i < units.size(); ++i) {
    const text::StreamSentence& sentence = units[i];
    // Decided already (eagerly): skip it; if only its start was, the rest stands on its own.
    if (sentence.span.end <= choice->decided_until) continue;
    const bool started = sentence.span.begin < choice->decided_until;
    if (!hand_on(started ? remainder(sentence, choice->decided_until) : sentence)) {
      // A unit waiting for side answers stays first, to be decided when they are in.
      units.erase(units.begin(), units.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
  }
  units.clear();
  if (!event.end_of_choice) {
    const std::string_view tail =
        holding ? event.pending.substr(cursor - event.offset) : event.pending;
    std::optional<text::StreamSentence> sentence = eager_sentence(*choice, tail);
    if (sentence && sentence->span.begin >= choice->decided_until && !hand_on(*sentence)) return;
  }
  if (holding && event.end_of_choice && end > cursor) out.release(end - cursor);
}

std::optional<text::StreamSentence> GuardFilter::eager_sentence(const Choice& choice,
                                                                std::string_view tail) {
  // The segmenter confirms a sentence end only when the next text arrives (an abbreviation, a
  // decimal or an initial could continue it), which would hold every sentence one token
  // longer. Where the end already looks final, ask a copy of the segmenter what it decides if
  // the most common continuation follows. A number before the full stop can still be a
  // decimal, unless it is a year, a score or a time.
  std::size_t n = tail.size();
  while (n > 0 && std::isspace(static_cast<unsigned char>(tail[n - 1])) != 0)
    --n;
  while (n > 0 && (tail[n - 1] == '"' || tail[n - 1] == '\'' || tail[n - 1] == ')'))
    --n;
  if (n == 0) return std::nullopt;
  const char end = tail[n - 1];
  if (end != '.' && end != '!' && end != '?') return std::nullopt;
  if (end == '.' && text::full_stop_may_be_decimal_point(tail.substr(0, n - 1)))
    return std::nullopt;
  text::IncrementalSegmenter probe = choice.segmenter;
  std::vector<text::StreamSentence> out = probe.feed(" The");
  if (out.size() != 1) return std::nullopt;
  return std::move(out.front());
}

text::StreamSentence GuardFilter::remainder(const text::StreamSentence& sentence,
                                            std::size_t from) {
  text::StreamSentence rest;
  std::size_t skip = from - sentence.span.begin;
  while (skip < sentence.text.size() &&
         std::isspace(static_cast<unsigned char>(sentence.text[skip])) != 0) {
    ++skip;
  }
  rest.span = sentence.span;
  rest.span.begin += skip;
  rest.text = sentence.text.substr(skip);
  return rest;
}

bool GuardFilter::act(Choice& choice, int index, const text::StreamSentence& sentence,
                      std::string_view gap, bool holding, stream::ChoiceOutput& out,
                      std::optional<verify::SentenceVerdict> verdict) {
  const std::size_t length = gap.size() + sentence.span.end - sentence.span.begin;
  const bool code = sentence.span.kind == text::SentenceKind::kCodeBlock;
  if (!verdict && !code && !config_->prose && choice.unverifiable == verify::VerifyError::kNone) {
    // The policy checks only SQL: prose passes, counted unchecked.
    tally_.record_unchecked_sentence();
    if (holding) out.release(length);
    return true;
  }
  const Clock::time_point arrived =
      holding ? choice.arrivals.of(sentence.span.end - 1) : Clock::time_point{};
  if (choice.unverifiable != verify::VerifyError::kNone) {
    verdict = unverified_verdict(sentence, choice.unverifiable);
  } else if (verdict) {
    // Checked already (the whole answer as a query).
  } else if (code) {
    verdict = take_judged(index, sentence);
    if (!verdict) {
      verdict = check_code(sentence);  // code is a claim too; no context needed to judge it
      if (awaits_check5(index, sentence, verdict, holding)) return true;
    }
  } else {
    verdict = take_judged(index, sentence);
    if (!verdict) {
      if (choice.verifier) verdict = choice.verifier->verify(sentence.text, sentence.span.begin);
      mark_incomplete_context(verdict, sentence.span.begin, sentence.span.end);
      if (awaits_judge(index, sentence, verdict, holding)) return true;
    }
  }
  const verify::SentenceVerdict* v = verdict ? &*verdict : nullptr;
  const bool query = v != nullptr && v->query;
  Decision decision = decide(*config_, v);
  // Text already sent can only be reported on.
  if (!holding && changes_text(decision.action.kind)) decision.action.kind = ActionKind::kAnnotate;

  // The answer-level threshold (on prose): this sentence would take the share over it.
  const bool checked = v != nullptr && v->ok() && v->claims && !query;
  const bool not_supported = checked && v->label != verify::Label::kSupported;
  const config::AnswerThresholdConfig& t = config_->answer;
  const std::uint64_t n = tally_.checked() + (checked ? 1 : 0);
  const std::uint64_t bad = tally_.not_supported() + (not_supported ? 1 : 0);
  const bool over = checked && t.max_share < 1.0 && n >= t.min_sentences &&
                    static_cast<double>(bad) > t.max_share * static_cast<double>(n);
  const bool threshold_blocks = over && holding && t.action == ActionKind::kBlock;

  const bool blocks = threshold_blocks || decision.action.kind == ActionKind::kBlock;
  std::optional<Rewrite> rewrite;
  if (!blocks && decision.action.kind == ActionKind::kRewrite) {
    verify::SentenceVerdict none;  // no context: rewrite kinds that need no verdict
    none.answer_begin = sentence.span.begin;
    none.answer_end = sentence.span.end;
    none.label = verify::Label::kUnsupported;
    rewrite = rewrite_sentence(sentence.text, v != nullptr ? *v : none, decision.action.rewrite,
                               config_->rewrite, index_.get());
  }
  const bool blocked = decision.action.kind == ActionKind::kBlock;
  if (query) {
    tally_.record_query(decision, v, rewrite.has_value(), blocked);
  } else {
    tally_.record(decision, v, rewrite.has_value(), blocked);
  }
  audit(decision, sentence.text);
  if (decision.action.kind != ActionKind::kPass || threshold_blocks) {
    SentenceAnnotation a;
    a.choice = index;
    a.begin = sentence.span.begin;
    a.end = sentence.span.end;
    a.decision = &decision;
    a.verdict = v != nullptr && v->no_context ? nullptr : v;
    a.sql = query;
    if (rewrite) a.applied_rewrite = to_string(rewrite->kind);
    out.annotate(sentence_annotation(a));
  }
  if (over && (!threshold_annotated_ || threshold_blocks)) {
    threshold_annotated_ = true;
    out.annotate(threshold_annotation(index, bad, n, t));
    if (threshold_blocks) tally_.record_threshold(decision.action.kind != ActionKind::kBlock);
  }
  if (blocks) {
    const bool by_threshold = decision.action.kind != ActionKind::kBlock;
    out.stop(by_threshold ? std::string("guard.answer_threshold")
                          : "guard." + std::string(decision.label));
    stopped_ = true;
    return false;
  }
  if (holding) release(length, gap, rewrite, arrived, out);
  return true;
}

void GuardFilter::release(std::size_t length, std::string_view gap,
                          const std::optional<Rewrite>& rewrite, Clock::time_point arrived,
                          stream::ChoiceOutput& out) {
  if (rewrite) {
    // A dropped unit takes its leading space along; any other rewrite keeps it.
    out.replace(length, rewrite->text.empty() ? std::string() : std::string(gap) + rewrite->text);
  } else {
    out.release(length);
  }
  tally_.record_hold(Clock::now() - arrived);
}

void GuardFilter::audit(const Decision& decision, std::string_view text) {
  if (!audit_content_ || decision.action.kind == ActionKind::kPass ||
      flagged_.size() >= kMaxAuditBytes) {
    return;
  }
  if (!flagged_.empty()) flagged_ += " | ";
  flagged_ += decision.label;
  flagged_ += ": ";
  flagged_.append(text, 0, kMaxAuditBytes - std::min(kMaxAuditBytes, flagged_.size()));
}

void GuardFilter::on_whole_answer(Choice& choice, const stream::TextEvent& event,
                                  stream::ChoiceOutput& out) {
  const bool holding = holds(choice);
  const std::size_t end = event.offset + event.pending.size();
  const std::size_t limit = sql_->max_query_bytes();
  if (end > choice.fed && choice.fed >= event.offset) {
    if (holding) choice.arrivals.note(end, Clock::now());
    const std::string_view fresh = event.pending.substr(choice.fed - event.offset);
    // One byte over the bound is enough to know the answer is too long to check.
    choice.answer.append(fresh.substr(0, limit + 1 - std::min(limit + 1, choice.answer.size())));
    choice.fed = end;
  }
  text::StreamSentence unit;
  if (std::optional<verify::SentenceVerdict> judged = take_judged(event.choice, unit)) {
    unit.span = text::Sentence{0, end, text::SentenceKind::kCodeBlock};
    unit.text = choice.answer;
    act(choice, event.choice, unit, {}, holding, out, std::move(judged));
    return;
  }
  if (choice.finished) {  // decided: what follows goes on (the verdict covered it)
    out.release(event.pending.size());
    return;
  }
  const bool too_long = choice.answer.size() > limit;
  if (!event.end_of_choice && !too_long) {
    if (!holding) out.release(event.pending.size());
    return;
  }
  choice.finished = true;
  std::optional<verify::SentenceVerdict> query =
      too_long ? sql_->too_long(0, end) : sql_->check_answer(choice.answer);
  unit.span = text::Sentence{0, end, text::SentenceKind::kCodeBlock};
  unit.text = choice.answer;
  if (!holding) out.release(event.pending.size());
  if (awaits_check5(event.choice, unit, query, holding)) return;
  // Held, the pending text is the whole answer so far (max_query_bytes is below the chain's
  // pending bound): it goes on, changed or not, as one unit.
  act(choice, event.choice, unit, {}, holding, out, std::move(query));
}

bool GuardFilter::awaits_check5(int index, const text::StreamSentence& unit,
                                std::optional<verify::SentenceVerdict>& verdict, bool holding) {
  if (!sql_ || !verdict || !verdict->query) return false;
  std::optional<stream::SideRequestBatch> batch = sql_->metamorphic().take_batch();
  if (!batch) return false;
  awaited_.push_back(AwaitedUnit{index, unit, std::move(*verdict), holding, false, std::nullopt});
  batch_ = std::move(batch);
  return true;
}

bool GuardFilter::awaits_judge(int index, const text::StreamSentence& unit,
                               std::optional<verify::SentenceVerdict>& verdict, bool holding) {
  if (!judge_ || !verdict || !index_ || !judge_->in_band(*verdict)) return false;
  const std::optional<std::uint64_t> request = judge_->ask(*verdict, unit.text, *index_);
  if (!request) return false;
  awaited_.push_back(AwaitedUnit{index, unit, std::move(*verdict), holding, false, request});
  return true;
}

std::optional<verify::SentenceVerdict> GuardFilter::take_judged(int index,
                                                                const text::StreamSentence& unit) {
  // The whole answer (no unit given) or the unit that waited. Only a held unit stays here
  // answered: one in stream_first is decided as its answers come in.
  const auto it = std::find_if(awaited_.begin(), awaited_.end(), [&](const AwaitedUnit& a) {
    return a.answered && a.choice == index;
  });
  if (it == awaited_.end()) return std::nullopt;
  if (!unit.text.empty() && it->unit.span.end != unit.span.end) {
    // A sentence judged as it looked at its end, which the text after it made part of a longer
    // one ("5 p.m. and ..."): that one is checked afresh.
    if (it->judge_request && unit.span.begin <= it->unit.span.begin &&
        unit.span.end > it->unit.span.end) {
      awaited_.erase(it);
    }
    return std::nullopt;
  }
  std::optional<verify::SentenceVerdict> judged = std::move(it->verdict);
  awaited_.erase(it);
  return judged;
}

void GuardFilter::serve_side_requests(model::Api api) {
  if (sql_) sql_->metamorphic().serve(api);
  if (judge_) judge_->serve(api);
}

std::optional<stream::SideRequestBatch> GuardFilter::take_side_requests() {
  // Check 5's batch, then the judge's: the chain takes batches until none is left.
  if (batch_) return std::exchange(batch_, std::nullopt);
  if (judge_) return judge_->take_batch();
  return std::nullopt;
}

bool GuardFilter::holds_for_answers() const {
  return !stopped_ && std::any_of(awaited_.begin(), awaited_.end(),
                                  [](const AwaitedUnit& a) { return a.holding && !a.answered; });
}

void GuardFilter::judge_awaited(std::vector<stream::SideAnswer> answers) {
  bool judged = false;
  for (AwaitedUnit& a : awaited_) {
    if (a.answered || !a.judge_request ||
        !SentenceJudge::answers_request(answers, *a.judge_request)) {
      continue;
    }
    judge_->judge(answers, *a.judge_request, a.verdict);
    a.answered = judged = true;
  }
  if (judged) return;
  // Not the judge's: check 5's, whose query waits alone. (Answers that carry no id asked for
  // fail the oldest sentence with the judge: nothing waits forever.)
  const auto check5 = std::find_if(awaited_.begin(), awaited_.end(), [](const AwaitedUnit& a) {
    return !a.answered && !a.judge_request;
  });
  if (check5 != awaited_.end() && sql_) {
    sql_->metamorphic().judge(std::move(answers), check5->verdict);
    check5->answered = true;
    return;
  }
  const auto oldest = std::find_if(awaited_.begin(), awaited_.end(), [](const AwaitedUnit& a) {
    return !a.answered && a.judge_request;
  });
  if (oldest == awaited_.end() || !judge_) return;
  judge_->judge(answers, *oldest->judge_request, oldest->verdict);
  oldest->answered = true;
}

namespace {

// What act() says of a query decided outside a text call: annotations and a stop only (its
// text went on already).
class OutcomeOutput final : public stream::ChoiceOutput {
 public:
  explicit OutcomeOutput(stream::FilterOutcome& outcome) : outcome_(outcome) {}
  void release(std::size_t) override {}
  void replace(std::size_t, std::string_view) override {}
  void stop(std::string_view reason) override { outcome_.stop_reason = reason; }
  void annotate(std::string json_object) override {
    outcome_.annotations.push_back(std::move(json_object));
  }

 private:
  stream::FilterOutcome& outcome_;
};

}  // namespace

void GuardFilter::on_side_answers(std::vector<stream::SideAnswer> answers,
                                  stream::FilterOutcome& outcome) {
  judge_awaited(std::move(answers));
  if (stopped_) return;
  // stream_first: the text went on; the verdicts follow as annotations. (A held unit is
  // decided when the chain offers its text again.)
  OutcomeOutput out(outcome);
  for (auto it = awaited_.begin(); it != awaited_.end() && !stopped_;) {
    if (!it->answered || it->holding) {
      ++it;
      continue;
    }
    AwaitedUnit awaited = std::move(*it);
    it = awaited_.erase(it);
    if (Choice* choice = choice_for(awaited.choice)) {
      act(*choice, awaited.choice, awaited.unit, {}, false, out, std::move(awaited.verdict));
    }
  }
}

verify::SentenceVerdict GuardFilter::check_code(const text::StreamSentence& unit) {
  const text::CodeBlock block = text::read_code_block(unit.text, unit.span.cut);
  if (verify::CodeChecker* checker = checker_for(block)) {
    verify::SentenceVerdict verdict = checker->check(block, unit.span.begin, unit.span.end);
    verdict.answer_begin = unit.span.begin;
    verdict.answer_end = unit.span.end;
    return verdict;
  }
  return unverified_verdict(unit, verify::VerifyError::kNoChecker);
}

verify::CodeChecker* GuardFilter::checker_for(const text::CodeBlock& block) {
  if (sql_ && SqlGuard::reads(block)) return sql_.get();
  for (const auto& [language, checker] : code_checkers_) {
    if (language == block.language) return checker.get();
  }
  return nullptr;
}

stream::ToolCallInterest GuardFilter::tool_call_interest() const {
  const bool checks = config_->verify_tool_calls || (sql_ && sql_->checks_tool_calls());
  if (checks && config_->hold == config::HoldMode::kSentence) {
    return stream::ToolCallInterest::kHold;
  }
  return stream::ToolCallInterest::kInspect;
}

void GuardFilter::on_tool_call(const stream::ToolCallEvent& event,
                               stream::ToolCallOutcome& outcome) {
  if (stopped_) return;
  // A tool whose argument is a query (sql.tool_arguments) gets the SQL checks.
  std::optional<verify::SentenceVerdict> query;
  if (sql_) query = sql_->check_tool_call(event);
  const bool sql = query.has_value();
  if (!sql && !config_->verify_tool_calls) {
    tally_.record_tool_call(nullptr, nullptr, false);
    return;
  }
  prepare();
  std::optional<verify::ToolCallVerdict> checked;
  if (!sql && index_) {
    verify::SentenceVerifier verifier(config_->verify, index_, question_,
                                      static_cast<std::uint32_t>(event.choice));
    checked = verify::check_tool_call(verifier, event.name, event.arguments, event.truncated,
                                      tool_schema_);
  }
  std::optional<verify::SentenceVerdict> verdict = std::move(query);
  if (checked) verdict = std::move(checked->verdict);
  // A query is checked against the schema; the context's unread parts are prose's concern.
  if (!sql) mark_incomplete_context(verdict, 0, 0);
  const verify::SentenceVerdict* v = verdict ? &*verdict : nullptr;
  Decision decision = decide(*config_, v);
  // A call is run or not: no rule rewrites it, so a rewrite blocks; what went out already
  // (stream_first) can only be reported on.
  if (decision.action.kind == ActionKind::kRewrite) decision.action.kind = ActionKind::kBlock;
  const bool holding = tool_call_interest() == stream::ToolCallInterest::kHold;
  if (!holding && changes_text(decision.action.kind)) decision.action.kind = ActionKind::kAnnotate;
  const bool blocks = decision.action.kind == ActionKind::kBlock;
  tally_.record_tool_call(&decision, v, blocks);
  if (decision.action.kind != ActionKind::kPass) {
    SentenceAnnotation a;
    a.choice = event.choice;
    a.decision = &decision;
    a.verdict = v != nullptr && v->no_context ? nullptr : v;
    a.tool_call = true;
    a.call = event.call;
    a.name = event.name;
    a.sql = sql;
    if (checked) a.argument = checked->argument;
    outcome.annotations.push_back(sentence_annotation(a));
  }
  if (blocks) {
    outcome.stop_reason = "guard.tool_call." + std::string(decision.label);
    stopped_ = true;
  }
}

void GuardFilter::on_context(const std::vector<stream::RetrievedPassage>& passages) {
  if (stopped_ || !config_->prose) return;  // only prose is checked against the context
  prepare();
  const Clock::time_point start = Clock::now();
  context::ExtractedContext added;
  added.bytes = context_bytes_;
  context::ContextCollector collector(config_->context, added);
  for (const stream::RetrievedPassage& passage : passages)
    collector.add_tool_result(passage.text, passage.title, passage.id);
  if (added.passages.empty()) return;
  context_truncated_ = context_truncated_ || added.truncated;
  context_bytes_ = added.bytes;
  std::vector<context::Passage> all;
  if (index_) all = index_->passages();
  for (context::Passage& passage : added.passages)
    all.push_back(std::move(passage));
  passages_ = all.size();
  std::shared_ptr<const index::ContextIndex> index =
      config_->cache ? config_->cache->get_or_build(all)
                     : index::ContextIndex::build(std::move(all));
  if (index && !index->pieces().empty()) {
    index_ = std::move(index);
    for (std::size_t i = 0; i < choices_.size(); ++i) {
      Choice* choice = choices_[i].get();
      if (choice == nullptr || choice->unverifiable != verify::VerifyError::kNone) continue;
      choice->verifier = std::make_unique<verify::SentenceVerifier>(
          config_->verify, index_, question_, static_cast<std::uint32_t>(i));
    }
  }
  tally_.add_prepare(Clock::now() - start);
}

void GuardFilter::on_unverified(const stream::UnverifiedInput& input,
                                stream::FilterOutcome& outcome) {
  if (stopped_) return;
  Decision decision = decide_unverified(*config_);
  // Text already sent (stream_first) can only be reported on.
  if (only_reports() && changes_text(decision.action.kind)) {
    decision.action.kind = ActionKind::kAnnotate;
  }
  const bool blocks = decision.action.kind == ActionKind::kBlock;
  tally_.record_input(decision, blocks);
  outcome.annotations.push_back(unverified_annotation(input, decision));
  if (blocks) {
    outcome.stop_reason = "guard.unverified";
    stopped_ = true;
  }
}

void GuardFilter::on_answer_end(std::vector<std::string>& annotations) {
  prepare();  // an answer with no text still says whether there was context
  SummaryAnnotation summary = tally_.summary(config_->policy, context_state(), unchecked_reason_);
  summary.context_truncated = context_truncated_;
  summary.context_unreadable = !unreadable_.empty();
  if (sql_) summary.metamorphic = sql_->metamorphic().summary_json();
  if (judge_) summary.judge = judge_->summary_json();
  annotations.push_back(summary_annotation(summary));
}

void GuardFilter::on_stream_end(stream::StreamReport& report) {
  prepare();
  if (sql_) sql_->report(report);
  if (judge_) judge_->report(report);
  tally_.report(report, context_state(), unchecked_reason_);
  report.fields.emplace_back("guard.context_passages", std::to_string(passages_));
  report.fields.emplace_back("guard.context_bytes", std::to_string(context_bytes_));
  report.fields.emplace_back("guard.context_truncated", context_truncated_ ? "true" : "false");
  if (!unreadable_.empty()) {
    std::string what;
    for (const std::string& part : unreadable_)
      what += (what.empty() ? "" : "; ") + part;
    report.fields.emplace_back("guard.context_unreadable", std::move(what));
  }
  if (audit_content_ && !flagged_.empty()) report.fields.emplace_back("guard.flagged", flagged_);
}

}  // namespace groundgate::filters::actions
