#pragma once
// What a stream's checks know of its request, shared by them (the prose check, the tool-call
// check, the judge, the SQL check's question): the retrieved context (extracted at once,
// indexed by prepare(), the index cached across requests by content), the question, and what
// could not be read. Passages the response itself brings join the context for what follows.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "filters/context/context_options.h"
#include "filters/context/passage.h"
#include "filters/index/context_index.h"
#include "filters/index/context_index_cache.h"
#include "filters/request/request_view.h"
#include "filters/stream/stream_filter.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::checks {

class RequestContext {
 public:
  // `index_wanted`: some check will read the context (else it is counted, never indexed).
  // `cache`: the snapshot's index cache (null: the index is built here).
  RequestContext(const request::RequestView& request, const context::ContextOptions& options,
                 std::shared_ptr<index::ContextIndexCache> cache, bool index_wanted);

  // Bytes of context still to index (0: nothing to do), and the indexing.
  std::size_t prepare_cost() const;
  void prepare();
  // Passages the response brought (a search the API ran) join the context, within its
  // max_bytes, and the index is built again. False when none was added.
  bool add_retrieved(const std::vector<stream::RetrievedPassage>& passages);

  // The request could not be read at all (and why): nothing in it is evidence.
  bool request_unreadable() const { return request_unreadable_; }
  const std::string& request_error() const { return request_error_; }
  const std::string& question() const { return question_; }
  // The indexed context; null when there is none (or prepare() has not run).
  const std::shared_ptr<const index::ContextIndex>& index() const { return index_; }
  // Parts of the request that may hold context and could not be read.
  const std::vector<std::string>& unreadable() const { return unreadable_; }
  bool truncated() const { return truncated_; }
  std::size_t bytes() const { return bytes_; }
  std::size_t passages() const { return passages_; }
  // Bumped whenever the index changes: verifiers made for an older one are made again.
  std::uint64_t generation() const { return generation_; }

  // Part of the context could not be read: a sentence the rest does not support (or any
  // sentence, with no readable context) is unverified, and on_error decides. Support and
  // contradiction found in what was read stand.
  void mark_incomplete(std::optional<verify::SentenceVerdict>& verdict, std::size_t begin,
                       std::size_t end) const;

 private:
  const context::ContextOptions& options_;
  std::shared_ptr<index::ContextIndexCache> cache_;
  std::vector<context::Passage> unindexed_;  // the context until prepare() indexes it
  std::shared_ptr<const index::ContextIndex> index_;
  std::string question_;
  std::vector<std::string> unreadable_;
  std::string request_error_;
  bool request_unreadable_ = false;
  bool truncated_ = false;
  std::size_t bytes_ = 0;
  std::size_t passages_ = 0;
  std::uint64_t generation_ = 0;
};

}  // namespace groundgate::filters::checks
