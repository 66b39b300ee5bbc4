// Input: context \0 question \0 answer; the first byte seeds the delta split. The verifier must
// never crash, keep offsets inside the answer and the evidence passage, and give the same
// verdicts for the split as for the whole answer.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "filters/index/context_index.h"
#include "filters/semantic_piece/answer_verifier.h"

namespace sp = groundgate::filters::semantic_piece;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto lexicon = groundgate::filters::text::Lexicon::shared().lexicon;
  if (size < 1) return 0;
  const unsigned seed = data[0];
  std::string_view input(reinterpret_cast<const char*>(data + 1), size - 1);
  std::string_view parts[3];
  for (int i = 0; i < 2; ++i) {
    const std::size_t zero = input.find('\0');
    parts[i] = input.substr(0, zero);
    input = zero == std::string_view::npos ? std::string_view() : input.substr(zero + 1);
  }
  parts[2] = input;
  std::vector<groundgate::filters::context::Passage> passages(1);
  passages[0].text = std::string(parts[0]);
  auto index = groundgate::filters::index::ContextIndex::build(std::move(passages));
  sp::VerifierOptions options;
  options.lexicon = lexicon;
  const std::string_view answer = parts[2];

  const std::vector<sp::Verdict> whole = sp::verify_answer(index, parts[1], answer, options);
  sp::AnswerVerifier verifier(index, parts[1], options);
  std::vector<sp::Verdict> split;
  std::size_t step = 1 + seed % 13;
  for (std::size_t at = 0; at < answer.size(); at += step) {
    for (sp::Verdict& v : verifier.on_delta(answer.substr(at, step)))
      split.push_back(v);
  }
  for (sp::Verdict& v : verifier.finish())
    split.push_back(v);
  if (split != whole) std::abort();
  for (const sp::Verdict& v : whole) {
    if (v.answer_begin > v.answer_end || v.answer_end > answer.size()) std::abort();
    if (v.score < 0 || v.score > 1) std::abort();
    if (v.evidence && v.evidence->end > index->passages()[v.evidence->passage].text.size()) {
      std::abort();
    }
  }
  return 0;
}
