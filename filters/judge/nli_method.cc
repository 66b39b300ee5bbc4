#include "filters/judge/nli_method.h"

#include <array>

#include "filters/judge/answer_parsers.h"
#include "filters/judge/prompts.h"

namespace groundgate::filters::judge {
namespace {

constexpr std::uint32_t kTokensPerClaim = 120;
constexpr std::uint32_t kBaseTokens = 40;

std::string_view relation_name(Relation r) {
  static constexpr std::array<std::string_view, 3> kNames{"entailment", "neutral", "contradiction"};
  return kNames[static_cast<std::size_t>(r)];
}

std::string evidence_note(std::size_t n, const std::vector<std::size_t>& passages) {
  std::string out = "Evidence for claim " + std::to_string(n) + ": ";
  if (passages.empty()) return out + "none";
  out += passages.size() == 1 ? "passage " : "passages ";
  for (std::size_t i = 0; i < passages.size(); ++i) {
    if (i > 0) out += ", ";
    out += std::to_string(passages[i] + 1);
  }
  return out;
}

// The sentence's judgement from its pieces' relations (the paper's rule, quotes required).
Judgement judge_pieces(std::uint64_t unit, const std::vector<NliLine>& lines) {
  Judgement j;
  j.unit = unit;
  bool contradiction = false;
  bool neutral = false;
  for (const NliLine& line : lines) {
    contradiction = contradiction || line.relation == Relation::kContradiction;
    neutral = neutral || line.relation == Relation::kNeutral;
  }
  j.label = contradiction ? Label::kContradicted
            : neutral     ? Label::kUnsupported
                          : Label::kSupported;
  j.type = type_of(j.label);
  j.detail = "\"pieces\":[";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) j.detail += ',';
    j.detail += '"';
    j.detail += relation_name(lines[i].relation);
    j.detail += '"';
    // The verdict rests on the contradicted pieces, or on every entailed one.
    const bool rests_on = contradiction ? lines[i].relation == Relation::kContradiction : !neutral;
    if (!rests_on) continue;
    if (lines[i].quote.empty()) {
      return failed_judgement(unit, "claim " + std::to_string(i + 1) + " is " +
                                        std::string(relation_name(lines[i].relation)) +
                                        " without a quote");
    }
    j.quotes.push_back(lines[i].quote);
    if (contradiction && j.reason.empty())
      j.reason = "claim " + std::to_string(i + 1) + " contradicted";
  }
  j.detail += ']';
  return j;
}

}  // namespace

std::vector<Call> NliTask::next_calls() {
  if (asked_ || done()) return {};
  asked_ = true;
  std::vector<Slot::Item> passages;
  for (const std::string& p : input_.passages)
    passages.push_back({p, {}});
  std::vector<Slot::Item> claims;
  for (std::size_t i = 0; i < input_.claims.size(); ++i)
    claims.push_back({input_.claims[i].text, evidence_note(i + 1, input_.claims[i].passages)});
  Messages m = prompt(PromptId::kNli)
                   .render({data_slot("sentence", input_.sentence),
                            list_slot("passages", "evidence", std::move(passages)),
                            list_slot("claims", "claim", std::move(claims))});
  const auto tokens =
      static_cast<std::uint32_t>(kBaseTokens + kTokensPerClaim * input_.claims.size());
  return round({Call{std::move(m.system), std::move(m.user), 0.0, tokens}});
}

void NliTask::take_answers(std::vector<CallAnswer>& answers) {
  if (answers.size() != 1) {
    finish(failed_judgement(input_.unit, "judge answers missing"));
    return;
  }
  CallAnswer& a = answers[0];
  if (a.status != CallStatus::kOk) {
    finish(call_failed(input_.unit, a));
    return;
  }
  std::string error;
  std::optional<std::vector<NliLine>> lines = parse_nli(a.text, input_.claims.size(), error);
  if (!lines) {
    a.status = CallStatus::kGarbage;
    finish(failed_judgement(input_.unit, "unreadable judge answer: " + error));
    return;
  }
  finish(judge_pieces(input_.unit, *lines));
}

}  // namespace groundgate::filters::judge
