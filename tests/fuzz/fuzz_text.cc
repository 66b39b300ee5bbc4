// Segmentation and entity extraction on arbitrary bytes: never crash, spans inside the input,
// streaming segmentation identical to whole-text segmentation for a data-chosen split.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "filters/text/clause_splitter.h"
#include "filters/text/entities.h"
#include "filters/text/incremental_segmenter.h"
#include "filters/text/sentence_segmenter.h"
#include "filters/text/tokenizer.h"
#include "filters/text/utf8.h"

namespace text = groundgate::filters::text;

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  // First byte seeds the delta sizes; the rest is the text.
  std::uint32_t seed = data[0] * 2654435761u + 1;
  const std::string_view input(reinterpret_cast<const char*>(data + 1), size - 1);

  const auto whole = text::SentenceSegmenter::split(input);
  std::size_t prev_end = 0;
  for (const auto& s : whole) {
    check(s.begin >= prev_end && s.begin < s.end && s.end <= input.size());
    prev_end = s.end;
  }

  text::IncrementalSegmenter seg;
  std::vector<text::Sentence> streamed;
  for (std::size_t pos = 0; pos < input.size();) {
    seed = seed * 1103515245u + 12345u;
    const std::size_t n = 1 + (seed >> 16) % 17;
    for (auto& s : seg.feed(input.substr(pos, n))) {
      check(s.text == input.substr(s.span.begin, s.span.end - s.span.begin));
      streamed.push_back(s.span);
    }
    // The unfinished sentence, a bounded lookahead and the last delta.
    check(seg.buffered_bytes() <= text::kMaxSentenceBytes + 160);
    pos += n;
  }
  for (auto& s : seg.finish())
    streamed.push_back(s.span);
  check(streamed == whole);

  for (const auto& t : text::tokenize(input))
    check(t.begin < t.end && t.end <= input.size());
  check(text::is_valid_utf8(text::repair_utf8(input)));

  std::vector<text::Entity> all;
  for (const auto& s : whole) {
    const std::string_view sentence = input.substr(s.begin, s.end - s.begin);
    for (auto& e : text::extract_entities(sentence)) {
      check(e.begin <= e.end && e.end <= sentence.size());
      if (all.size() < 64) all.push_back(std::move(e));
    }
    for (const auto& c : text::split_clauses(sentence)) {
      check(c.begin < c.end && c.end <= sentence.size());
    }
  }
  for (const auto& a : all) {
    for (const auto& b : all) {
      // Symmetric by construction; a mismatch means a comparison bug.
      check(text::compare(a, b) == text::compare(b, a));
    }
  }
  return 0;
}
