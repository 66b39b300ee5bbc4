#include "filters/stream/filter_chain.h"

#include <cctype>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace groundgate::filters::stream {
namespace {

// What a filter saw on one call, for asserting offsets and the end flag.
struct Seen {
  int choice;
  std::string pending;
  std::size_t offset;
  bool end_of_choice;
};

// Holds text until a '.', then releases through the last one; releases all at end of choice.
class SentenceHold : public StreamFilter {
 public:
  explicit SentenceHold(std::vector<Seen>* seen = nullptr) : seen_(seen) {}
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    if (seen_)
      seen_->push_back(
          {event.choice, std::string(event.pending), event.offset, event.end_of_choice});
    if (event.end_of_choice) return out.release(event.pending.size());
    const auto dot = event.pending.rfind('.');
    if (dot != std::string_view::npos) out.release(dot + 1);
  }

 private:
  std::vector<Seen>* seen_;
};

class Uppercase : public StreamFilter {
 public:
  explicit Uppercase(std::vector<Seen>* seen = nullptr) : seen_(seen) {}
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    if (seen_)
      seen_->push_back(
          {event.choice, std::string(event.pending), event.offset, event.end_of_choice});
    std::string upper(event.pending);
    for (char& c : upper)
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    out.replace(event.pending.size(), upper);
  }

 private:
  std::vector<Seen>* seen_;
};

class StopOnWord : public StreamFilter {
 public:
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    if (event.pending.find("bad") != std::string_view::npos) {
      out.annotate(R"({"stopped":"bad"})");
      out.stop("test.bad_word");
      out.release(event.pending.size());  // ignored: the stream is over
      return;
    }
    out.release(event.pending.size());
  }
};

// Releases up to "bad", then stops: the released part was checked and goes on.
class ReleaseThenStop : public StreamFilter {
 public:
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    const std::size_t at = event.pending.find("bad");
    if (at == std::string_view::npos) return;  // holds everything until it decides
    out.release(at);
    out.stop("test.bad_word");
  }
};

// Holds text until a full stop, then releases through it.
class HoldToFullStop : public StreamFilter {
 public:
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    const std::size_t at = event.pending.rfind('.');
    if (at != std::string_view::npos) out.release(at + 1);
  }
};

class Annotator : public StreamFilter {
 public:
  explicit Annotator(std::string tag) : tag_(std::move(tag)) {}
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    out.annotate("{\"tag\":\"" + tag_ + "\",\"offset\":" + std::to_string(event.offset) + "}");
    out.release(event.pending.size());
  }

 private:
  std::string tag_;
};

// Misbehaves: never lets go of anything, even at the end of the choice.
class HoldAll : public StreamFilter {
 public:
  void on_text(const TextEvent&, ChoiceOutput&) override {}
};

// Holds everything it gets; says what it makes of text forced past it: stops the stream when
// `closed` (as a guard under on_error: closed), else lets it go annotated.
class HoldAllVerifier : public StreamFilter {
 public:
  explicit HoldAllVerifier(bool closed, std::vector<UnverifiedInput>* seen = nullptr)
      : closed_(closed), seen_(seen) {}
  void on_text(const TextEvent&, ChoiceOutput&) override {}
  void on_unverified(const UnverifiedInput& input, FilterOutcome& outcome) override {
    if (seen_ != nullptr) seen_->push_back(input);
    outcome.annotations.push_back("{\"unverified\":\"" + std::string(input.reason) + "\"}");
    if (closed_) outcome.stop_reason = "test.unverified";
  }

 private:
  bool closed_;
  std::vector<UnverifiedInput>* seen_;
};

// Misbehaves: asks for more than it holds.
class Greedy : public StreamFilter {
 public:
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    out.release(1);
    out.replace(event.pending.size() + 100, "!");
  }
};

template <typename... Filters>
FilterChain make_chain(std::unique_ptr<Filters>... filters) {
  std::vector<std::unique_ptr<StreamFilter>> list;
  (list.push_back(std::move(filters)), ...);
  return FilterChain(std::move(list));
}

TEST(FilterChain, NoFiltersPassesThrough) {
  FilterChain chain;
  EXPECT_TRUE(chain.empty());
  EXPECT_EQ("abc", chain.on_delta(0, "abc").text);
  EXPECT_EQ("", chain.on_choice_end(0).text);
  EXPECT_FALSE(chain.stopped());
}

TEST(FilterChain, DefaultFilterReleasesEverything) {
  FilterChain chain = make_chain(std::make_unique<StreamFilter>());
  EXPECT_FALSE(chain.empty());
  EXPECT_EQ("Hello", chain.on_delta(0, "Hello").text);
  EXPECT_EQ(" world", chain.on_delta(0, " world").text);
  EXPECT_EQ("", chain.on_choice_end(0).text);
}

TEST(FilterChain, HoldsAndLaterReleasesWithOffsets) {
  std::vector<Seen> seen;
  FilterChain chain = make_chain(std::make_unique<SentenceHold>(&seen));
  EXPECT_EQ("", chain.on_delta(0, "Hello ").text);
  EXPECT_EQ("Hello world.", chain.on_delta(0, "world. Next").text);
  EXPECT_EQ("", chain.on_delta(0, " one").text);
  EXPECT_EQ(" Next one", chain.on_choice_end(0).text);

  ASSERT_EQ(4u, seen.size());
  EXPECT_EQ("Hello ", seen[0].pending);
  EXPECT_EQ(0u, seen[0].offset);
  EXPECT_EQ("Hello world. Next", seen[1].pending);
  EXPECT_EQ(0u, seen[1].offset);
  EXPECT_EQ(" Next one", seen[2].pending);
  EXPECT_EQ(12u, seen[2].offset);
  EXPECT_FALSE(seen[2].end_of_choice);
  EXPECT_EQ(" Next one", seen[3].pending);
  EXPECT_EQ(12u, seen[3].offset);
  EXPECT_TRUE(seen[3].end_of_choice);
  EXPECT_EQ(0u, chain.counters().end_leftover_releases);
}

TEST(FilterChain, ReplaceSubstitutesText) {
  FilterChain chain = make_chain(std::make_unique<Uppercase>());
  EXPECT_EQ("ABC", chain.on_delta(0, "abc").text);
  EXPECT_EQ("D E", chain.on_delta(0, "d e").text);
}

TEST(FilterChain, OutputOfOneFilterIsInputOfTheNext) {
  std::vector<Seen> hold_seen;
  std::vector<Seen> upper_seen;
  FilterChain chain = make_chain(std::make_unique<SentenceHold>(&hold_seen),
                                 std::make_unique<Uppercase>(&upper_seen));
  EXPECT_EQ("", chain.on_delta(0, "one ").text);
  EXPECT_EQ("ONE TWO.", chain.on_delta(0, "two. thr").text);
  EXPECT_EQ("", chain.on_delta(0, "ee").text);
  EXPECT_EQ(" THREE", chain.on_choice_end(0).text);

  // The second filter is not called while the first holds everything; its offsets count
  // its own input, the first filter's output.
  ASSERT_EQ(2u, upper_seen.size());
  EXPECT_EQ("one two.", upper_seen[0].pending);
  EXPECT_EQ(0u, upper_seen[0].offset);
  EXPECT_EQ(" three", upper_seen[1].pending);
  EXPECT_EQ(8u, upper_seen[1].offset);
  EXPECT_TRUE(upper_seen[1].end_of_choice);
}

TEST(FilterChain, TextReleasedBeforeTheStopGoesOnThroughLaterFilters) {
  FilterChain chain =
      make_chain(std::make_unique<ReleaseThenStop>(), std::make_unique<HoldToFullStop>());
  ChainOutput out = chain.on_delta(0, "One. Two thr");
  EXPECT_EQ("", out.text);
  out = chain.on_delta(0, "ee. A bad one.");
  EXPECT_TRUE(chain.stopped());
  // The second filter releases through its last full stop; " A " stays held and is dropped.
  EXPECT_EQ("One. Two three.", out.text);
  EXPECT_EQ("", chain.on_choice_end(0).text);
}

TEST(FilterChain, AnswerEndCollectsOnce) {
  class Summary : public StreamFilter {
   public:
    void on_answer_end(std::vector<std::string>& annotations) override {
      annotations.push_back(R"({"summary":1})");
    }
  };
  FilterChain chain = make_chain(std::make_unique<Summary>(), std::make_unique<StreamFilter>());
  EXPECT_EQ(std::vector<std::string>{R"({"summary":1})"}, chain.answer_end());
  EXPECT_TRUE(chain.answer_end().empty());
}

TEST(FilterChain, StopEndsTheStream) {
  FilterChain chain = make_chain(std::make_unique<StreamFilter>(), std::make_unique<StopOnWord>());
  EXPECT_EQ("fine ", chain.on_delta(0, "fine ").text);
  ChainOutput out = chain.on_delta(0, "a bad word");
  EXPECT_EQ("", out.text);
  ASSERT_EQ(1u, out.annotations.size());
  EXPECT_EQ(R"({"stopped":"bad"})", out.annotations[0]);
  EXPECT_TRUE(chain.stopped());
  EXPECT_EQ("test.bad_word", chain.stop_reason());
  EXPECT_EQ("", chain.on_delta(0, "more").text);
  EXPECT_EQ("", chain.on_delta(1, "other choice").text);
  EXPECT_EQ("", chain.on_choice_end(0).text);
}

TEST(FilterChain, CollectsAnnotationsInFilterOrder) {
  FilterChain chain =
      make_chain(std::make_unique<Annotator>("first"), std::make_unique<Annotator>("second"));
  ChainOutput out = chain.on_delta(0, "abc");
  EXPECT_EQ("abc", out.text);
  ASSERT_EQ(2u, out.annotations.size());
  EXPECT_EQ(R"({"tag":"first","offset":0})", out.annotations[0]);
  EXPECT_EQ(R"({"tag":"second","offset":0})", out.annotations[1]);
  out = chain.on_delta(0, "de");
  ASSERT_EQ(2u, out.annotations.size());
  EXPECT_EQ(R"({"tag":"first","offset":3})", out.annotations[0]);
}

TEST(FilterChain, LeftoverAtEndOfChoiceIsReleasedAndCounted) {
  FilterChain chain = make_chain(std::make_unique<HoldAll>(), std::make_unique<Uppercase>());
  EXPECT_EQ("", chain.on_delta(0, "kept ").text);
  EXPECT_EQ("", chain.on_delta(0, "back").text);
  EXPECT_EQ("KEPT BACK", chain.on_choice_end(0).text);
  EXPECT_EQ(1u, chain.counters().end_leftover_releases);
  EXPECT_EQ(9u, chain.counters().end_leftover_bytes);
  EXPECT_EQ("", chain.on_choice_end(0).text);
  EXPECT_EQ(1u, chain.counters().end_leftover_releases);
}

TEST(FilterChain, PendingOverTheBoundIsForcedOut) {
  std::vector<std::unique_ptr<StreamFilter>> filters;
  filters.push_back(std::make_unique<HoldAll>());
  FilterChain chain(std::move(filters), ChainLimits{.max_pending = 8});
  EXPECT_EQ("", chain.on_delta(0, "01234567").text);  // exactly at the bound: still held
  EXPECT_EQ("012345678", chain.on_delta(0, "8").text);
  EXPECT_EQ(1u, chain.counters().forced_releases);
  EXPECT_EQ(9u, chain.counters().forced_release_bytes);
  EXPECT_EQ("", chain.on_delta(0, "9").text);
  EXPECT_EQ("9", chain.on_choice_end(0).text);
}

TEST(FilterChain, TextForcedPastAFilterIsItsToDecide) {
  std::vector<UnverifiedInput> seen;
  std::vector<std::unique_ptr<StreamFilter>> filters;
  filters.push_back(std::make_unique<HoldAllVerifier>(/*closed=*/false, &seen));
  FilterChain open(std::move(filters), ChainLimits{.max_pending = 8});
  EXPECT_EQ("", open.on_delta(0, "0123").text);
  ChainOutput out = open.on_delta(0, "45678");
  EXPECT_EQ("012345678", out.text);
  ASSERT_EQ(1u, out.annotations.size());
  EXPECT_EQ(R"({"unverified":"held_over_bound"})", out.annotations[0]);
  EXPECT_EQ("", open.on_delta(0, "9").text);
  out = open.on_choice_end(0);
  EXPECT_EQ("9", out.text);
  EXPECT_EQ(R"({"unverified":"held_at_end"})", out.annotations.at(0));
  ASSERT_EQ(2u, seen.size());
  EXPECT_EQ(0, seen[0].choice);
  EXPECT_EQ(0u, seen[0].offset);
  EXPECT_EQ(9u, seen[0].bytes);
  EXPECT_EQ(9u, seen[1].offset);
  EXPECT_EQ(1u, seen[1].bytes);

  // A filter that stops instead: the forced text is dropped, and nothing follows.
  filters.clear();
  filters.push_back(std::make_unique<StreamFilter>());
  filters.push_back(std::make_unique<HoldAllVerifier>(/*closed=*/true));
  FilterChain closed(std::move(filters), ChainLimits{.max_pending = 8});
  out = closed.on_delta(0, "012345678");
  EXPECT_EQ("", out.text);
  EXPECT_TRUE(closed.stopped());
  EXPECT_EQ("test.unverified", closed.stop_reason());
  EXPECT_EQ(R"({"unverified":"held_over_bound"})", out.annotations.at(0));
  EXPECT_EQ("", closed.on_choice_end(0).text);
  EXPECT_EQ(0u, closed.counters().forced_releases);

  filters.clear();
  filters.push_back(std::make_unique<HoldAllVerifier>(/*closed=*/true));
  FilterChain at_end(std::move(filters));
  EXPECT_EQ("", at_end.on_delta(0, "held").text);
  EXPECT_EQ("", at_end.on_choice_end(0).text);
  EXPECT_TRUE(at_end.stopped());
}

TEST(FilterChain, ReleaseHeldFlushesEveryChoiceInOrder) {
  std::vector<UnverifiedInput> seen;
  FilterChain chain =
      make_chain(std::make_unique<HoldAllVerifier>(false, &seen), std::make_unique<Uppercase>());
  EXPECT_EQ("", chain.on_delta(3, "three").text);
  EXPECT_EQ("", chain.on_delta(1, "one").text);
  const std::vector<HeldRelease> released = chain.release_held("flush_test");
  ASSERT_EQ(2u, released.size());
  EXPECT_EQ(1, released[0].choice);
  EXPECT_EQ("ONE", released[0].output.text);  // later filters still see it as text
  EXPECT_EQ(R"({"unverified":"flush_test"})", released[0].output.annotations.at(0));
  EXPECT_EQ(3, released[1].choice);
  EXPECT_EQ("THREE", released[1].output.text);
  EXPECT_TRUE(chain.release_held("again").empty());  // nothing held any more
  EXPECT_EQ(2u, chain.counters().flushed_releases);
  EXPECT_EQ(8u, chain.counters().flushed_bytes);
  // Offsets go on after the flushed text.
  EXPECT_EQ("", chain.on_delta(1, " more").text);
  EXPECT_EQ(" MORE", chain.on_choice_end(1).text);
  EXPECT_EQ(3u, seen.back().offset);
}

TEST(FilterChain, UnverifiedInputIsAskedOfEveryFilterUntilOneStops) {
  std::vector<UnverifiedInput> seen;
  FilterChain open =
      make_chain(std::make_unique<StreamFilter>(), std::make_unique<HoldAllVerifier>(false, &seen));
  const std::vector<std::string> annotations =
      open.on_unverified({-1, "upstream_event_undecodable", 42});
  EXPECT_FALSE(open.stopped());
  EXPECT_EQ(std::vector<std::string>{R"({"unverified":"upstream_event_undecodable"})"},
            annotations);
  ASSERT_EQ(1u, seen.size());
  EXPECT_EQ(42u, seen[0].bytes);

  FilterChain closed = make_chain(std::make_unique<HoldAllVerifier>(true),
                                  std::make_unique<HoldAllVerifier>(false, &seen));
  closed.on_unverified({-1, "content_encoding", 1});
  EXPECT_TRUE(closed.stopped());
  EXPECT_EQ("test.unverified", closed.stop_reason());
  EXPECT_EQ(1u, seen.size());  // the later filter was not asked
  EXPECT_TRUE(closed.on_unverified({-1, "again", 1}).empty());
}

TEST(FilterChain, OverconsumptionIsClampedAndCounted) {
  FilterChain chain = make_chain(std::make_unique<Greedy>());
  EXPECT_EQ("a!", chain.on_delta(0, "abc").text);
  EXPECT_EQ(1u, chain.counters().clamped_calls);
  EXPECT_EQ("x!", chain.on_delta(0, "xy").text);
  EXPECT_EQ(2u, chain.counters().clamped_calls);
}

TEST(FilterChain, ChoicesInterleavedKeepSeparateState) {
  std::vector<Seen> seen;
  FilterChain chain = make_chain(std::make_unique<SentenceHold>(&seen));
  EXPECT_EQ("", chain.on_delta(2, "Two ").text);  // choices may appear in any order
  EXPECT_EQ("", chain.on_delta(0, "Zero ").text);
  EXPECT_EQ("Two done.", chain.on_delta(2, "done.").text);
  EXPECT_EQ("Zero done.", chain.on_delta(0, "done. x").text);
  EXPECT_EQ("", chain.on_delta(2, " y").text);
  EXPECT_EQ(" y", chain.on_choice_end(2).text);
  EXPECT_EQ(" x", chain.on_choice_end(0).text);

  ASSERT_EQ(7u, seen.size());
  EXPECT_EQ(2, seen[4].choice);
  EXPECT_EQ(9u, seen[4].offset);
  EXPECT_EQ(0, seen[6].choice);
  EXPECT_EQ(10u, seen[6].offset);
}

TEST(FilterChain, ChoiceOutOfRangeStopsTheStream) {
  FilterChain chain = make_chain(std::make_unique<StreamFilter>());
  // An answer's choices and as many again for the text beside them (chat's reasoning).
  EXPECT_EQ("ok", chain.on_delta(kMaxChainChoices - 1, "ok").text);
  EXPECT_EQ("", chain.on_delta(kMaxChainChoices, "too many").text);
  EXPECT_TRUE(chain.stopped());
  EXPECT_EQ("chain.choice_out_of_range", chain.stop_reason());
  EXPECT_EQ(1u, chain.counters().rejected_choices);

  FilterChain negative = make_chain(std::make_unique<StreamFilter>());
  EXPECT_EQ("", negative.on_delta(-1, "x").text);
  EXPECT_TRUE(negative.stopped());
}

TEST(FilterChain, MovesWithItsState) {
  FilterChain chain = make_chain(std::make_unique<SentenceHold>());
  EXPECT_EQ("", chain.on_delta(0, "held").text);
  FilterChain moved = std::move(chain);
  EXPECT_EQ("held.", moved.on_delta(0, ".").text);
}

}  // namespace
}  // namespace groundgate::filters::stream
