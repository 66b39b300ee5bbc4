#include "filters/redact/phrase_redactor.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "filters/stream/filter_chain.h"

namespace groundgate::filters::redact {
namespace {

config::RedactConfig redact_config(std::vector<std::string> phrases, bool case_insensitive = true) {
  config::RedactConfig config;
  config.phrases = std::move(phrases);
  config.replacement = "[R]";
  config.case_insensitive = case_insensitive;
  return config;
}

stream::FilterChain redacting_chain(const config::RedactConfig& config) {
  std::vector<std::unique_ptr<stream::StreamFilter>> filters;
  filters.push_back(std::make_unique<PhraseRedactor>(PhraseMatcher::compile(config)));
  return stream::FilterChain(std::move(filters));
}

// Feeds the deltas through a chain with one redactor and returns everything it emitted.
std::string redact_deltas(const config::RedactConfig& config,
                          const std::vector<std::string_view>& deltas) {
  stream::FilterChain chain = redacting_chain(config);
  std::string out;
  for (std::string_view delta : deltas)
    out += chain.on_delta(0, delta).text;
  out += chain.on_choice_end(0).text;
  return out;
}

char fold(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// The definition, written the slow way: at each position the longest phrase wins.
std::string reference_redact(const config::RedactConfig& config, std::string_view text) {
  std::string out;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t best = 0;
    for (const std::string& phrase : config.phrases) {
      if (phrase.empty() || phrase.size() <= best || phrase.size() > text.size() - pos) continue;
      bool same = true;
      for (std::size_t k = 0; k < phrase.size() && same; ++k) {
        same = config.case_insensitive ? fold(phrase[k]) == fold(text[pos + k])
                                       : phrase[k] == text[pos + k];
      }
      if (same) best = phrase.size();
    }
    if (best == 0) {
      out += text[pos++];
    } else {
      out += config.replacement;
      pos += best;
    }
  }
  return out;
}

// A ChoiceOutput that records the hook's answers, to test the filter without a chain.
class RecordingOutput : public stream::ChoiceOutput {
 public:
  void release(std::size_t n) override { ops.push_back("release " + std::to_string(n)); }
  void replace(std::size_t n, std::string_view text) override {
    ops.push_back("replace " + std::to_string(n) + " " + std::string(text));
  }
  void stop(std::string_view reason) override { ops.push_back("stop " + std::string(reason)); }
  void annotate(std::string json_object) override { ops.push_back("annotate " + json_object); }
  std::vector<std::string> ops;
};

TEST(PhraseRedactor, HookReleasesAroundMatchesAndHoldsAPossiblePhraseStart) {
  PhraseRedactor redactor(PhraseMatcher::compile(redact_config({"secret", "pass"})));
  RecordingOutput out;
  redactor.on_text({.choice = 0, .pending = "my pass and sec", .offset = 0, .end_of_choice = false},
                   out);
  // "sec" could still become "secret": it stays pending.
  EXPECT_EQ((std::vector<std::string>{"release 3", "replace 4 [R]", "release 5"}), out.ops);

  RecordingOutput end;
  redactor.on_text({.choice = 0, .pending = "sec", .offset = 12, .end_of_choice = true}, end);
  EXPECT_EQ((std::vector<std::string>{"release 3"}), end.ops);
}

TEST(PhraseRedactor, RedactsWholeText) {
  const auto config = redact_config({"password", "secret"});
  EXPECT_EQ("my [R] is [R].", redact_deltas(config, {"my password is secret."}));
}

TEST(PhraseRedactor, HoldsOnlyWhatCanStartAPhrase) {
  stream::FilterChain chain = redacting_chain(redact_config({"secret"}));
  EXPECT_EQ("this is a ", chain.on_delta(0, "this is a sec").text);
  EXPECT_EQ("secx ", chain.on_delta(0, "x ").text);  // "secx" diverged: nothing left to hold
  EXPECT_EQ("plain text, ", chain.on_delta(0, "plain text, ").text);
  EXPECT_EQ("", chain.on_delta(0, "s").text);
  EXPECT_EQ("[R]!", chain.on_delta(0, "ecret!").text);
}

TEST(PhraseRedactor, CompletedPhraseGoesOutWithoutWaitingForTheEnd) {
  stream::FilterChain chain = redacting_chain(redact_config({"secret"}));
  EXPECT_EQ("the ", chain.on_delta(0, "the secr").text);
  EXPECT_EQ("[R]", chain.on_delta(0, "et").text);
  EXPECT_EQ("", chain.on_choice_end(0).text);
}

TEST(PhraseRedactor, PhraseAtTheVeryEnd) {
  const auto config = redact_config({"secret", "secrets"});
  stream::FilterChain chain = redacting_chain(config);
  EXPECT_EQ("ends with ", chain.on_delta(0, "ends with secret").text);  // "secrets" may follow
  EXPECT_EQ("[R]", chain.on_choice_end(0).text);
  EXPECT_EQ("ends with [R]", redact_deltas(config, {"ends with secrets"}));
}

TEST(PhraseRedactor, UnfinishedPrefixIsReleasedAtEndOfChoice) {
  stream::FilterChain chain = redacting_chain(redact_config({"secret"}));
  EXPECT_EQ("a ", chain.on_delta(0, "a secr").text);
  EXPECT_EQ("secr", chain.on_choice_end(0).text);
  EXPECT_EQ(0u, chain.counters().end_leftover_releases);  // the filter let go by itself
}

TEST(PhraseRedactor, CaseInsensitiveOnlyWhenConfigured) {
  EXPECT_EQ("a [R] b [R]", redact_deltas(redact_config({"Secret"}), {"a SECRET b secret"}));
  EXPECT_EQ("a SECRET b [R]",
            redact_deltas(redact_config({"secret"}, false), {"a SECRET b secret"}));
  // ASCII folding only: the bytes of "é" must match as they are.
  EXPECT_EQ("[R] CAFÉ", redact_deltas(redact_config({"café"}), {"CAFé CAFÉ"}));
}

TEST(PhraseRedactor, OverlappingPhrasesPreferTheLongestMatchStartingEarliest) {
  const auto config = redact_config({"ab", "abcd", "bcdef"});
  EXPECT_EQ("[R]ef", redact_deltas(config, {"abcdef"}));
  EXPECT_EQ("[R]cx", redact_deltas(config, {"abcx"}));
  EXPECT_EQ("x[R]g", redact_deltas(config, {"xbcdefg"}));
  EXPECT_EQ("[R][R]", redact_deltas(config, {"abab"}));
}

TEST(PhraseRedactor, NoPhrasesPassesEverything) {
  const auto config = redact_config({"", ""});
  EXPECT_TRUE(PhraseMatcher::compile(config)->empty());
  stream::FilterChain chain = redacting_chain(config);
  EXPECT_EQ("anything", chain.on_delta(0, "anything").text);
}

struct Case {
  std::vector<std::string> phrases;
  bool case_insensitive;
  std::string text;
};

const std::vector<Case> kCases = {
    {{"password", "secret"}, true, "The PassWord is secret, not a secretary pass."},
    {{"ab", "abcd", "bcdef", "cd"}, true, "xabcdefabcabcdabcdeabab"},
    {{"aaa", "aa"}, false, "aaaaaaa aa a"},
    {{"café", "naïve"}, true, "Un CAFé naïve, un cafe naïv"},
    {{"end", "ending"}, true, "the END of the endin"},
    {{"a b", "b c d"}, true, "a b c d b c d a"},
};

TEST(PhraseRedactor, EverySplitIntoTwoDeltasMatchesTheWholeText) {
  for (const Case& c : kCases) {
    const auto config = redact_config(c.phrases, c.case_insensitive);
    const std::string whole = redact_deltas(config, {c.text});
    ASSERT_EQ(reference_redact(config, c.text), whole) << c.text;
    const std::string_view text = c.text;
    for (std::size_t i = 0; i <= text.size(); ++i) {
      ASSERT_EQ(whole, redact_deltas(config, {text.substr(0, i), text.substr(i)}))
          << c.text << " split at " << i;
    }
  }
}

TEST(PhraseRedactor, EverySplitIntoThreeDeltasMatchesTheWholeText) {
  for (const Case& c : kCases) {
    const auto config = redact_config(c.phrases, c.case_insensitive);
    const std::string whole = redact_deltas(config, {c.text});
    const std::string_view text = c.text;
    for (std::size_t i = 0; i <= text.size(); ++i) {
      for (std::size_t j = i; j <= text.size(); ++j) {
        ASSERT_EQ(whole,
                  redact_deltas(config, {text.substr(0, i), text.substr(i, j - i), text.substr(j)}))
            << c.text << " split at " << i << "," << j;
      }
    }
  }
}

TEST(PhraseRedactor, ByteByByteMatchesTheWholeText) {
  for (const Case& c : kCases) {
    const auto config = redact_config(c.phrases, c.case_insensitive);
    std::vector<std::string_view> bytes;
    const std::string_view text = c.text;
    for (std::size_t i = 0; i < text.size(); ++i)
      bytes.push_back(text.substr(i, 1));
    EXPECT_EQ(redact_deltas(config, {c.text}), redact_deltas(config, bytes)) << c.text;
  }
}

}  // namespace
}  // namespace groundgate::filters::redact
