// Triplet extraction on arbitrary bytes: the parser (with its input cleaning), the linkage
// reader and the rule-based fallback never crash, and every span lies inside its sentence.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string_view>

#include "filters/triplet/link_dictionary.h"
#include "filters/triplet/triplet_extractor.h"

namespace triplet = groundgate::filters::triplet;

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

const triplet::TripletExtractor& extractor() {
  // No WordNet here: the fuzzer's time goes to the parser and the rules.
  static const triplet::TripletExtractor instance(triplet::LinkDictionary::shared().dictionary,
                                                  nullptr, {});
  return instance;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 512) return 0;  // one or two sentences; longer inputs only repeat the work
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  for (const auto& sentence : extractor().extract_text(input)) {
    check(sentence.begin <= sentence.end && sentence.end <= input.size());
    const std::size_t length = sentence.end - sentence.begin;
    for (const auto& t : sentence.triplets) {
      check(t.begin <= t.end && t.end <= length);
      for (const auto& q : t.qualifiers)
        check(q.begin <= q.end && q.end <= length);
    }
  }
  return 0;
}
