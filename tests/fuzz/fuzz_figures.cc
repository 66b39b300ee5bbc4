// Input: question \0 answer \0 passage \0 passage …; the first byte picks the options. The
// context is read as the proxy reads it (tables — pipe, HTML, CSV, JSON records — keyed by row
// and column), then every figure of the answer's lines is checked. Must never crash, keep
// every span inside its text (a figure's inside its sentence, a cell's and a derivation
// operand's inside its passage), give a correction only with a contradiction, and give the
// same verdicts twice.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "filters/figures/figure_checker.h"
#include "filters/index/context_index.h"
#include "filters/text/entities.h"
#include "filters/text/tokenizer.h"

namespace figures = groundgate::filters::figures;
namespace text = groundgate::filters::text;
using groundgate::filters::context::Passage;
using groundgate::filters::index::ContextIndex;

namespace {

constexpr std::size_t kMaxPassages = 4;

bool inside(const groundgate::filters::verdict::Evidence& e, const ContextIndex& index) {
  return e.passage < index.passages().size() && e.begin <= e.end &&
         e.end <= index.passages()[e.passage].text.size();
}

bool same(const groundgate::filters::verdict::Derivation& a,
          const groundgate::filters::verdict::Derivation& b) {
  if (a.expression != b.expression || a.result != b.result ||
      a.operands.size() != b.operands.size()) {
    return false;
  }
  for (std::size_t k = 0; k < a.operands.size(); ++k) {
    const auto& x = a.operands[k];
    const auto& y = b.operands[k];
    if (x.name != y.name || !(x.evidence == y.evidence) || x.text != y.text || x.key != y.key)
      return false;
  }
  return true;
}

void check_tables(const ContextIndex& index) {
  for (const Passage& p : index.passages()) {
    for (const auto& t : p.tables) {
      for (const auto& c : t.cells) {
        if (c.row >= t.rows.size() || c.column >= t.columns.size()) std::abort();
        if (c.span.begin > c.span.end || c.span.end > p.text.size()) std::abort();
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::uint8_t flags = data[0];
  std::string_view input(reinterpret_cast<const char*>(data + 1), size - 1);
  std::vector<std::string_view> parts;
  while (parts.size() < 2 + kMaxPassages) {
    const std::size_t zero = input.find('\0');
    parts.push_back(input.substr(0, zero));
    if (zero == std::string_view::npos) break;
    input.remove_prefix(zero + 1);
  }
  if (parts.size() < 3) return 0;
  std::vector<Passage> passages;
  for (std::size_t i = 2; i < parts.size(); ++i) {
    Passage p;
    p.text = std::string(parts[i]);
    passages.push_back(std::move(p));
  }
  const auto index = ContextIndex::build(std::move(passages));
  check_tables(*index);

  figures::FigureOptions options;
  options.arithmetic = (flags & 1) == 0;
  const figures::FigureChecker checker(index, parts[0], options);
  std::string_view answer = parts[1];
  while (!answer.empty()) {  // one sentence a line
    const std::size_t nl = answer.find('\n');
    const std::string_view sentence = answer.substr(0, nl);
    answer = nl == std::string_view::npos ? std::string_view() : answer.substr(nl + 1);
    const std::vector<text::Token> tokens = text::tokenize(sentence);
    const std::vector<text::Entity> entities = text::extract_entities(sentence, tokens);
    std::vector<figures::FigureVerdict> first, second;
    checker.check(sentence, tokens, entities, first);
    checker.check(sentence, tokens, entities, second);
    if (first.size() != second.size()) std::abort();
    for (std::size_t k = 0; k < first.size(); ++k) {
      const figures::FigureVerdict& v = first[k];
      if (v.begin > v.end || v.end > sentence.size()) std::abort();
      if (!same(v.derivation, second[k].derivation) || v.correction != second[k].correction) {
        std::abort();
      }
      if (!v.correction.empty() && v.outcome != figures::FigureVerdict::Outcome::kContradicted) {
        std::abort();
      }
      for (const auto& o : v.derivation.operands) {
        if (!inside(o.evidence, *index)) std::abort();
      }
    }
  }
  return 0;
}
