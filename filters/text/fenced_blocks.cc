#include "filters/text/fenced_blocks.h"

#include "filters/text/sentence_segmenter.h"

namespace groundgate::filters::text {

std::vector<FencedBlock> fenced_blocks(std::string_view answer) {
  const std::vector<Sentence> units = SentenceSegmenter::split(answer);
  std::vector<FencedBlock> out;
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (units[i].kind != SentenceKind::kCodeBlock) continue;
    const std::size_t begin = units[i].begin;
    while (units[i].cut && i + 1 < units.size() && units[i + 1].kind == SentenceKind::kCodeBlock)
      ++i;
    out.push_back({begin, read_code_block(answer.substr(begin, units[i].end - begin))});
  }
  return out;
}

std::optional<CodeSpan> whole_answer_code(std::string_view answer) {
  constexpr std::string_view kSpace = " \t\r\n";
  std::size_t begin = 0, end = answer.size();
  while (begin < end && kSpace.find(answer[begin]) != std::string_view::npos)
    ++begin;
  while (end > begin && kSpace.find(answer[end - 1]) != std::string_view::npos)
    --end;
  if (begin == end) return std::nullopt;
  // A fence around it: the answer is that block (read as one, however long).
  const FencedBlock b{begin, read_code_block(answer.substr(begin, end - begin))};
  if (b.block.opened) return CodeSpan{b.code_begin(), b.code_end(), b.block.closed};
  return CodeSpan{begin, end, true};
}

}  // namespace groundgate::filters::text
