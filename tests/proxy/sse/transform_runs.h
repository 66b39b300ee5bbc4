#pragma once
// The stream transform fed an upstream's bytes in pieces, as the tests of every API shape
// drive it.

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filters/stream/filter_chain.h"
#include "proxy/sse/sse_transform.h"

namespace groundgate::proxy::sse::test_streams {

// A fresh filter chain for each run (an empty function: no chain).
using ChainFactory = std::function<std::unique_ptr<filters::stream::FilterChain>()>;

// What a run made: the client's bytes, the transform's counters, whether it stopped the
// stream, and the status of each piece fed.
struct Outcome {
  std::string out;
  SseTransformCounters counters;
  bool stopped = false;
  std::vector<openai::Status> statuses;
};

// `input` fed to `transform` in pieces cut at `cuts` (ascending; the last piece runs to the
// end), then finished (`complete`: the upstream ended the stream cleanly).
inline Outcome feed_in_pieces(SseTransform& transform, std::string_view input,
                              std::vector<std::size_t> cuts, bool complete) {
  Outcome result;
  std::size_t at = 0;
  cuts.push_back(input.size());
  for (std::size_t cut : cuts) {
    result.statuses.push_back(transform.feed(input.substr(at, cut - at), result.out));
    at = cut;
  }
  transform.finish(complete, result.out);
  result.counters = transform.counters();
  result.stopped = transform.stopped();
  return result;
}

// What take() and check() per piece, as the relay calls them, made: what take() returned (sent
// before the filters saw it) and everything in order.
struct TwoSteps {
  std::string sent_first;
  std::string out;
};

// `input` in two pieces cut at `cut`, each through take() then check(), then finished.
inline TwoSteps take_and_check_in_two(SseTransform& transform, std::string_view input,
                                      std::size_t cut) {
  TwoSteps result;
  for (std::string_view piece : {input.substr(0, cut), input.substr(cut)}) {
    std::string now;
    EXPECT_TRUE(transform.take(piece, now).ok);
    result.sent_first += now;
    result.out += now;
    transform.check(result.out);
  }
  transform.finish(true, result.out);
  return result;
}

}  // namespace groundgate::proxy::sse::test_streams
