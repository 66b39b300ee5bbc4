#include "filters/semantic_piece/semantic_piece_filter.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "filters/context/context_extractor.h"

namespace groundgate::filters::semantic_piece {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::string_view kPrefix = "semantic_pieces.";
constexpr int kMaxTrackedChoices = 1024;

std::string key(std::string_view name) {
  std::string out(kPrefix);
  out.append(name);
  return out;
}

std::string micros(std::chrono::nanoseconds t) {
  return std::to_string(std::chrono::duration_cast<std::chrono::microseconds>(t).count());
}

// Adds the time the enclosing scope takes to `total`.
class Stopwatch {
 public:
  explicit Stopwatch(std::chrono::nanoseconds& total) : total_(total), start_(Clock::now()) {}
  ~Stopwatch() { total_ += Clock::now() - start_; }
  Stopwatch(const Stopwatch&) = delete;
  Stopwatch& operator=(const Stopwatch&) = delete;

 private:
  std::chrono::nanoseconds& total_;
  Clock::time_point start_;
};

}  // namespace

SemanticPieceFilter::SemanticPieceFilter(std::shared_ptr<const SemanticPieceFilterConfig> config,
                                         std::string_view request_body, std::string* forwarded_body)
    : config_(std::move(config)) {
  Stopwatch watch(prepare_time_);
  context::ExtractedContext extracted = context::extract_context(request_body, config_->context);
  if (forwarded_body != nullptr && !extracted.forwarded_body.empty()) {
    *forwarded_body = std::move(extracted.forwarded_body);
  }
  context_bytes_ = extracted.bytes;
  passages_ = extracted.passages.size();
  truncated_ = extracted.truncated;
  question_ = std::move(extracted.question);
  if (extracted.passages.empty()) return;
  std::shared_ptr<const index::ContextIndex> index =
      config_->cache ? config_->cache->get_or_build(extracted.passages)
                     : index::ContextIndex::build(std::move(extracted.passages));
  // Passages with no sentence in them (only spaces, only markup) are no context either.
  if (index && !index->pieces().empty()) index_ = std::move(index);
}

SemanticPieceFilter::Choice* SemanticPieceFilter::choice_for(int index) {
  // The chain bounds choice indices already; this bound keeps the filter safe on its own.
  if (index < 0 || index >= kMaxTrackedChoices) return nullptr;
  const auto at = static_cast<std::size_t>(index);
  if (at >= choices_.size()) choices_.resize(at + 1);
  if (!choices_[at]) {
    auto choice = std::make_unique<Choice>();
    if (index >= config_->max_choices) {
      ++unchecked_choices_;
      choice->finished = true;
    } else if (index_) {
      choice->verifier = std::make_unique<AnswerVerifier>(index_, question_, config_->verifier,
                                                          static_cast<std::uint32_t>(index));
    } else {
      choice->sentences = std::make_unique<text::IncrementalSegmenter>();
    }
    choices_[at] = std::move(choice);
  }
  return choices_[at].get();
}

void SemanticPieceFilter::on_text(const stream::TextEvent& event, stream::ChoiceOutput& out) {
  // stream_first: the client gets the text now; the check only reports.
  out.release(event.pending.size());
  Choice* choice = choice_for(event.choice);
  if (choice == nullptr || choice->finished) return;
  feed(*choice, event.pending, event.end_of_choice);
}

void SemanticPieceFilter::feed(Choice& choice, std::string_view delta, bool end) {
  Stopwatch watch(verify_time_);
  if (choice.verifier) {
    if (!delta.empty()) count(choice, choice.verifier->on_delta(delta));
    if (end) {
      count(choice, choice.verifier->finish());
      sentences_ += choice.verifier->sentences_verified();
      choice.finished = true;
    }
    return;
  }
  std::vector<text::StreamSentence> done;
  if (!delta.empty()) done = choice.sentences->feed(delta);
  if (end) {
    std::vector<text::StreamSentence> rest = choice.sentences->finish();
    done.insert(done.end(), std::make_move_iterator(rest.begin()),
                std::make_move_iterator(rest.end()));
    choice.finished = true;
  }
  // The same sentences the verifier would check: code blocks are not claims.
  choice.no_context += static_cast<std::uint64_t>(std::count_if(
      done.begin(), done.end(),
      [](const text::StreamSentence& s) { return s.span.kind != text::SentenceKind::kCodeBlock; }));
}

void SemanticPieceFilter::count(Choice& choice, const std::vector<Verdict>& verdicts) {
  for (const Verdict& v : verdicts) {
    switch (v.label) {
      case Label::kSupported:
        ++choice.tally.supported;
        break;
      case Label::kUnsupported:
        ++choice.tally.unsupported;
        break;
      case Label::kContradicted:
        ++choice.tally.contradicted;
        break;
    }
    choice.tally.weakest = std::min(choice.tally.weakest, v.score);
  }
}

void SemanticPieceFilter::on_stream_end(stream::StreamReport& report) {
  // A stream broken off mid-answer: the client has the text, so what is there is checked.
  for (const std::unique_ptr<Choice>& choice : choices_) {
    if (choice && !choice->finished) feed(*choice, {}, true);
  }

  Tally total;
  std::uint64_t no_context = 0;
  bool hallucinated = false;
  double score = 0;
  for (const std::unique_ptr<Choice>& choice : choices_) {
    if (!choice) continue;
    const Tally& t = choice->tally;
    total.supported += t.supported;
    total.unsupported += t.unsupported;
    total.contradicted += t.contradicted;
    no_context += choice->no_context;
    // The answer rule per choice, as summarize() applies it to the choice's verdicts.
    const std::uint64_t pieces = t.supported + t.unsupported + t.contradicted;
    if (pieces == 0) continue;
    const double unsupported_share = static_cast<double>(t.unsupported) / pieces;
    const double choice_score =
        t.contradicted > 0 ? 1.0
                           : std::clamp(0.5 * unsupported_share + 0.5 * (1 - t.weakest), 0.0, 1.0);
    const AnswerRule& rule = config_->verifier.rule;
    hallucinated = hallucinated || (rule.flag_contradicted && t.contradicted > 0) ||
                   (t.unsupported > 0 && unsupported_share > rule.max_unsupported_share);
    score = std::max(score, choice_score);
  }

  report.counts.emplace_back(key("supported"), total.supported);
  report.counts.emplace_back(key("unsupported"), total.unsupported);
  report.counts.emplace_back(key("contradicted"), total.contradicted);
  report.counts.emplace_back(key("no_context"), no_context);

  const std::uint64_t pieces = total.supported + total.unsupported + total.contradicted;
  std::string verdict = "no_claims";
  if (!index_) {
    verdict = "no_context";
  } else if (pieces > 0) {
    verdict = hallucinated ? "hallucinated" : "grounded";
  }
  report.fields.emplace_back(key("verdict"), std::move(verdict));
  if (pieces > 0) {
    char text[16];
    std::snprintf(text, sizeof text, "%.3f", score);
    report.fields.emplace_back(key("score"), text);
  }
  report.fields.emplace_back(key("sentences"), std::to_string(sentences_));
  report.fields.emplace_back(key("verify_us"), micros(verify_time_));
  report.fields.emplace_back(key("prepare_us"), micros(prepare_time_));
  report.fields.emplace_back(key("passages"), std::to_string(passages_));
  report.fields.emplace_back(key("context_bytes"), std::to_string(context_bytes_));
  report.fields.emplace_back(key("context_truncated"), truncated_ ? "true" : "false");
  if (unchecked_choices_ > 0) {
    report.fields.emplace_back(key("unchecked_choices"), std::to_string(unchecked_choices_));
  }
}

}  // namespace groundgate::filters::semantic_piece
