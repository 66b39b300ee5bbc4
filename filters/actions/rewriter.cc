#include "filters/actions/rewriter.h"

#include <algorithm>

#include "filters/text/utf8.h"

namespace groundgate::filters::actions {
namespace {

using config::RewriteKind;

constexpr std::size_t kMaxCitedBytes = 200;

// The correction of a contradicted finding that lies inside the sentence; null when there is
// none or two findings disagree on what to substitute (not unambiguous).
const verify::Correction* unambiguous_correction(const verify::SentenceVerdict& v) {
  const verify::Correction* found = nullptr;
  for (const verify::Finding& f : v.findings) {
    if (f.label != verify::Label::kContradicted || !f.correction) continue;
    const verify::Correction& c = *f.correction;
    if (c.answer_begin < v.answer_begin || c.answer_end > v.answer_end ||
        c.answer_begin >= c.answer_end) {
      continue;
    }
    if (found != nullptr &&
        (found->answer_begin != c.answer_begin || found->answer_end != c.answer_end ||
         found->evidence_text != c.evidence_text)) {
      return nullptr;
    }
    found = &c;
  }
  return found;
}

std::string cite(std::string_view sentence, const verify::SentenceVerdict& v,
                 const config::RewriteConfig& config, const index::ContextIndex* index) {
  std::string out(sentence);
  const verify::Finding* f = v.decisive_finding();
  if (v.label == verify::Label::kSupported && f != nullptr && f->evidence && index != nullptr &&
      f->evidence->passage < index->passages().size()) {
    const std::string& passage = index->passages()[f->evidence->passage].text;
    const std::size_t begin = std::min<std::size_t>(f->evidence->begin, passage.size());
    const std::size_t end = std::min<std::size_t>(f->evidence->end, passage.size());
    std::string_view quote = std::string_view(passage).substr(begin, end - begin);
    bool cut = false;
    if (quote.size() > kMaxCitedBytes) {
      quote = quote.substr(0, text::align_to_char_start(quote, kMaxCitedBytes));
      cut = true;
    }
    out += " [source " + std::to_string(f->evidence->passage + 1) + ": \"";
    out += quote;
    out += cut ? "…\"]" : "\"]";
    return out;
  }
  out += ' ';
  out += config.caveat;
  return out;
}

}  // namespace

Rewrite rewrite_sentence(std::string_view sentence, const verify::SentenceVerdict& verdict,
                         RewriteKind kind, const config::RewriteConfig& config,
                         const index::ContextIndex* index) {
  if (kind == RewriteKind::kCorrect) {
    const verify::Correction* c = unambiguous_correction(verdict);
    if (c == nullptr) {
      const RewriteKind fallback =
          config.fallback == RewriteKind::kCorrect ? RewriteKind::kReplace : config.fallback;
      return rewrite_sentence(sentence, verdict, fallback, config, index);
    }
    std::string out(sentence.substr(0, c->answer_begin - verdict.answer_begin));
    out += c->evidence_text;
    out += sentence.substr(c->answer_end - verdict.answer_begin);
    return {std::move(out), RewriteKind::kCorrect};
  }
  switch (kind) {
    case RewriteKind::kDrop:
      return {std::string(), kind};
    case RewriteKind::kReplace:
      return {config.notice, kind};
    case RewriteKind::kCite:
      return {cite(sentence, verdict, config, index), kind};
    case RewriteKind::kCorrect:
      break;
  }
  return {config.notice, RewriteKind::kReplace};
}

}  // namespace groundgate::filters::actions
