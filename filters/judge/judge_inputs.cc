#include "filters/judge/judge_inputs.h"

#include <algorithm>

namespace groundgate::filters::judge {
namespace {

constexpr std::size_t kTopEvidence = 3;  // HSP's top-k, and the triplets engine's
constexpr std::size_t kMaxClaims = 8;
constexpr std::size_t kMaxSourceTriplets = 32;

// [begin, end) of `text` widened to `width` bytes around its middle, within the text.
std::pair<std::size_t, std::size_t> window(std::size_t begin, std::size_t end, std::size_t size,
                                           std::size_t width) {
  if (end - begin >= width) return {begin, begin + width};
  const std::size_t spare = width - (end - begin);
  std::size_t from = begin - std::min(begin, spare / 2);
  std::size_t to = std::min(size, end + (spare - (begin - from)));
  from = to - std::min(to, width);
  return {from, to};
}

// Moves a cut to the nearest UTF-8 character start at or before it.
std::size_t char_start(std::string_view text, std::size_t at) {
  while (at > 0 && at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80)
    --at;
  return at;
}

// The claim of a finding: its span of the sentence (which starts at `offset` of the answer).
std::string_view finding_text(std::string_view sentence, std::size_t offset,
                              const verify::Finding& f) {
  if (f.answer_begin < offset || f.answer_end <= f.answer_begin) return {};
  const std::size_t begin = f.answer_begin - offset;
  if (begin >= sentence.size()) return {};
  return sentence.substr(begin, std::min(f.answer_end - f.answer_begin, sentence.size() - begin));
}

TripletText text_of(const triplet::Triplet& t) {
  TripletText out{t.subject, t.relation, t.object};
  if (t.negated && out.relation.find("not") == std::string::npos &&
      out.relation.find("n't") == std::string::npos)
    out.relation = "not " + out.relation;
  for (const triplet::Qualifier& q : t.qualifiers) {
    if (!out.object.empty()) out.object += ' ';
    out.object += q.preposition + " " + q.text;
  }
  return out;
}

}  // namespace

std::string judge_evidence(const verify::SentenceVerdict& verdict, const index::ContextIndex& index,
                           std::size_t max_bytes) {
  const auto& passages = index.passages();
  // The cited span of each passage, in the order first cited.
  std::vector<verify::Evidence> cited;
  for (const verify::Finding& f : verdict.findings) {
    if (!f.evidence || f.evidence->passage >= passages.size()) continue;
    auto at = std::find_if(cited.begin(), cited.end(), [&](const verify::Evidence& e) {
      return e.passage == f.evidence->passage;
    });
    if (at == cited.end()) {
      cited.push_back(*f.evidence);
    } else {
      at->begin = std::min(at->begin, f.evidence->begin);
      at->end = std::max(at->end, f.evidence->end);
    }
  }
  std::string out;
  if (cited.empty()) {
    for (const context::Passage& p : passages) {
      if (out.size() >= max_bytes) break;
      if (!out.empty()) out += "\n\n";
      const std::string_view text = p.text;
      out += text.substr(
          0, char_start(text, std::min(text.size(), max_bytes - std::min(max_bytes, out.size()))));
    }
    return out;
  }
  const std::size_t share = max_bytes / cited.size();
  for (const verify::Evidence& e : cited) {
    const std::string_view text = passages[e.passage].text;
    const std::size_t end = std::min<std::size_t>(e.end, text.size());
    const std::size_t begin = std::min<std::size_t>(e.begin, end);
    auto [from, to] = window(begin, end, text.size(), share);
    from = char_start(text, from);
    to = char_start(text, to);
    if (!out.empty()) out += "\n\n";
    if (from > 0) out += "...";
    out += text.substr(from, to - from);
    if (to < text.size()) out += "...";
  }
  return out;
}

SentenceInput sentence_input(std::uint64_t unit, std::string_view sentence,
                             std::string_view question, const verify::SentenceVerdict& verdict,
                             const index::ContextIndex& index, std::size_t context_bytes) {
  return SentenceInput{unit, std::string(sentence), std::string(question),
                       judge_evidence(verdict, index, context_bytes)};
}

NliInput nli_input(std::uint64_t unit, std::string_view sentence,
                   const verify::SentenceVerdict& verdict, const index::ContextIndex& index,
                   std::size_t context_bytes) {
  NliInput in;
  in.unit = unit;
  in.sentence = std::string(sentence);
  for (const verify::Finding& f : verdict.findings) {
    if (f.engine != verify::Engine::kSemanticPieces || f.abstains) continue;
    const std::string_view text = finding_text(sentence, verdict.answer_begin, f);
    const bool seen = std::any_of(in.claims.begin(), in.claims.end(),
                                  [&](const NliInput::Claim& c) { return c.text == text; });
    if (!text.empty() && !seen && in.claims.size() < kMaxClaims)
      in.claims.push_back({std::string(text), {}});
  }
  if (in.claims.empty()) in.claims.push_back({std::string(sentence), {}});
  std::size_t budget = context_bytes;
  for (NliInput::Claim& claim : in.claims) {
    for (const index::ContextIndex::Hit& hit : index.top_k(claim.text, kTopEvidence)) {
      const std::string_view text = index.piece_text(index.pieces()[hit.piece]);
      auto at = std::find(in.passages.begin(), in.passages.end(), text);
      if (at == in.passages.end()) {
        if (text.size() > budget) continue;
        budget -= text.size();
        at = in.passages.insert(in.passages.end(), std::string(text));
      }
      claim.passages.push_back(static_cast<std::size_t>(at - in.passages.begin()));
    }
  }
  return in;
}

std::optional<TripletInput> triplet_input(std::uint64_t unit, std::string_view sentence,
                                          const index::ContextIndex& index,
                                          const triplet::TripletExtractor& extractor,
                                          triplet::TripletCache* cache, std::size_t context_bytes) {
  TripletInput in;
  in.unit.unit = unit;
  for (const triplet::Triplet& t :
       extractor.extract_sentence(sentence, {}, triplet::TripletExtractor::Source::kAnswer)
           .triplets)
    in.unit.triplets.push_back(text_of(t));
  if (in.unit.triplets.empty()) return std::nullopt;
  std::size_t budget = context_bytes;
  for (const index::ContextIndex::Hit& hit : index.top_k(sentence, kTopEvidence)) {
    const std::string_view text = index.piece_text(index.pieces()[hit.piece]);
    if (text.size() > budget) continue;
    budget -= text.size();
    std::shared_ptr<const triplet::SentenceTriplets> triplets =
        cache != nullptr ? cache->find(text) : nullptr;
    if (!triplets) {
      triplets = std::make_shared<const triplet::SentenceTriplets>(
          extractor.extract_sentence(text, {}, triplet::TripletExtractor::Source::kContext));
      if (cache != nullptr) cache->insert(text, triplets);
    }
    for (const triplet::Triplet& t : triplets->triplets) {
      if (in.sources.size() == kMaxSourceTriplets) break;
      in.sources.push_back({text_of(t), std::string(text)});
    }
  }
  return in;
}

}  // namespace groundgate::filters::judge
