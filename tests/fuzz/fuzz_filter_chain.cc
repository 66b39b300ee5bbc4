// Streams a random text through a chain with the phrase redactor, in random deltas, on two
// interleaved choices, and checks the output equals redacting the whole text at once.

#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filters/redact/phrase_matcher.h"
#include "filters/redact/phrase_redactor.h"
#include "filters/stream/filter_chain.h"

namespace {

using groundgate::config::RedactConfig;
using groundgate::filters::redact::PhraseMatcher;
using groundgate::filters::redact::PhraseRedactor;
using groundgate::filters::stream::FilterChain;
using groundgate::filters::stream::StreamFilter;

// A small alphabet makes phrase hits and partial matches frequent; high bytes stay raw.
std::string random_text(FuzzedDataProvider& data, std::size_t max_length) {
  static constexpr std::string_view kAlphabet = "abcAB ";
  std::string text = data.ConsumeRandomLengthString(max_length);
  for (char& c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0xC0) c = kAlphabet[byte % kAlphabet.size()];
  }
  return text;
}

char fold(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// The definition, the slow way: at each position the longest phrase starting there wins.
std::string reference_redact(const RedactConfig& config, std::string_view text) {
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

FilterChain redacting_chain(const std::shared_ptr<const PhraseMatcher>& matcher) {
  std::vector<std::unique_ptr<StreamFilter>> filters;
  filters.push_back(std::make_unique<PhraseRedactor>(matcher));
  return FilterChain(std::move(filters));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  FuzzedDataProvider data(bytes, size);
  RedactConfig config;
  config.case_insensitive = data.ConsumeBool();
  config.replacement = random_text(data, 4);
  const int phrase_count = data.ConsumeIntegralInRange(0, 6);
  for (int i = 0; i < phrase_count; ++i)
    config.phrases.push_back(random_text(data, 6));
  const std::string split_seed = data.ConsumeBytesAsString(data.ConsumeIntegralInRange(0, 64));
  const std::string text = random_text(data, 512);

  const std::shared_ptr<const PhraseMatcher> matcher = PhraseMatcher::compile(config);
  FilterChain whole_chain = redacting_chain(matcher);
  std::string whole = whole_chain.on_delta(0, text).text;
  whole += whole_chain.on_choice_end(0).text;
  if (whole != reference_redact(config, text)) __builtin_trap();

  // Choice 0 gets the seeded splits, choice 1 one byte at a time, interleaved.
  FilterChain chain = redacting_chain(matcher);
  std::string out[2];
  std::size_t pos[2] = {0, 0};
  std::size_t seed_index = 0;
  bool last_empty = false;
  while (pos[0] < text.size() || pos[1] < text.size()) {
    if (pos[0] < text.size()) {
      // Empty deltas are allowed, but never twice in a row, so that the loop ends.
      std::size_t length = text.size();
      if (!split_seed.empty()) {
        length = static_cast<unsigned char>(split_seed[seed_index++ % split_seed.size()]) % 16;
        if (length == 0 && last_empty) length = 1;
      }
      const std::string_view delta = std::string_view(text).substr(pos[0], length);
      out[0] += chain.on_delta(0, delta).text;
      pos[0] += delta.size();
      last_empty = delta.empty();
    }
    if (pos[1] < text.size()) {
      out[1] += chain.on_delta(1, std::string_view(text).substr(pos[1], 1)).text;
      ++pos[1];
    }
  }
  out[0] += chain.on_choice_end(0).text;
  out[1] += chain.on_choice_end(1).text;
  if (out[0] != whole || out[1] != whole) __builtin_trap();
  const auto& counters = chain.counters();
  if (counters.clamped_calls != 0 || counters.end_leftover_releases != 0 ||
      counters.forced_releases != 0 || chain.stopped()) {
    __builtin_trap();
  }
  return 0;
}
