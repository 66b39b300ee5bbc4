#include "filters/checks/request_context.h"

#include "filters/context/context_collector.h"
#include "filters/context/context_extractor.h"

namespace groundgate::filters::checks {

RequestContext::RequestContext(const request::RequestView& request,
                               const context::ContextOptions& options,
                               std::shared_ptr<index::ContextIndexCache> cache, bool index_wanted)
    : options_(options), cache_(std::move(cache)) {
  context::ExtractedContext extracted = context::extract_context(request, options);
  request_unreadable_ = !extracted.readable;
  request_error_ = request.error;
  question_ = std::move(extracted.question);
  passages_ = extracted.passages.size();
  bytes_ = extracted.bytes;
  truncated_ = extracted.truncated;
  unreadable_ = std::move(extracted.unreadable);
  if (index_wanted) unindexed_ = std::move(extracted.passages);
}

std::size_t RequestContext::prepare_cost() const {
  return unindexed_.empty() ? 0 : bytes_;
}

void RequestContext::prepare() {
  if (unindexed_.empty()) return;
  std::shared_ptr<const index::ContextIndex> index =
      cache_ ? cache_->get_or_build(unindexed_) : index::ContextIndex::build(std::move(unindexed_));
  unindexed_.clear();
  // Passages with no sentence in them (only spaces, only markup) are no context either.
  if (index && !index->pieces().empty()) {
    index_ = std::move(index);
    ++generation_;
  }
}

bool RequestContext::add_retrieved(const std::vector<stream::RetrievedPassage>& passages) {
  prepare();
  context::ExtractedContext added;
  added.bytes = bytes_;
  context::ContextCollector collector(options_, added);
  for (const stream::RetrievedPassage& passage : passages)
    collector.add_tool_result(passage.text, passage.title, passage.id);
  if (added.passages.empty()) return false;
  truncated_ = truncated_ || added.truncated;
  bytes_ = added.bytes;
  std::vector<context::Passage> all;
  if (index_) all = index_->passages();
  for (context::Passage& passage : added.passages)
    all.push_back(std::move(passage));
  passages_ = all.size();
  std::shared_ptr<const index::ContextIndex> index =
      cache_ ? cache_->get_or_build(all) : index::ContextIndex::build(std::move(all));
  if (index && !index->pieces().empty()) {
    index_ = std::move(index);
    ++generation_;
  }
  return true;
}

void RequestContext::mark_incomplete(std::optional<verify::SentenceVerdict>& verdict,
                                     std::size_t begin, std::size_t end) const {
  if (unreadable_.empty()) return;
  if (!verdict) {
    verdict.emplace();
    verdict->answer_begin = begin;
    verdict->answer_end = end;
  } else if (!verdict->ok() || !verdict->claims || verdict->label == verify::Label::kSupported ||
             verdict->label == verify::Label::kContradicted) {
    return;  // support and contradiction found in what was read stand
  }
  verdict->error = verify::VerifyError::kContextUnreadable;
}

}  // namespace groundgate::filters::checks
