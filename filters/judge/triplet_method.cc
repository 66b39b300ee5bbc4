#include "filters/judge/triplet_method.h"

#include <algorithm>
#include <optional>

#include "filters/judge/answer_parsers.h"
#include "filters/judge/prompts.h"

namespace groundgate::filters::judge {
namespace {

constexpr std::uint32_t kTokensPerTriplet = 80;  // its reasoning line and its verdict line
constexpr std::uint32_t kBaseTokens = 40;

// The judgement of one unit's triplets, `first` its first triplet's position in the batch.
Judgement judge_unit(const TripletUnit& unit, std::size_t first,
                     const std::vector<TripletLine>& lines,
                     const std::vector<SourceTriplet>& sources,
                     const std::vector<TripletText>& source_texts) {
  Judgement j;
  j.unit = unit.unit;
  j.label = Label::kSupported;
  std::vector<std::size_t> rests_on;  // cited sources the verdict rests on
  std::vector<std::size_t> contradicting;
  std::optional<TripletType> worst;
  j.detail = "\"triplets\":[";
  for (std::size_t i = 0; i < unit.triplets.size(); ++i) {
    const TripletLine& line = lines[first + i];
    if (i > 0) j.detail += ',';
    j.detail += line.supported ? "\"true\"" : line.missing ? "\"missing\"" : "\"false\"";
    if (line.supported) {
      if (line.cited.empty()) {
        return failed_judgement(unit.unit, "triplet " + std::to_string(first + i + 1) +
                                               " is True and cites no source triplet");
      }
      rests_on.insert(rests_on.end(), line.cited.begin(), line.cited.end());
      continue;
    }
    const TripletType t = classify_false_triplet(unit.triplets[i], source_texts, line.cited);
    // The worst label decides, with the type of the first False triplet that has it.
    if (!worst || verdict::severity(t.label) > verdict::severity(worst->label)) worst = t;
    if (t.label == Label::kContradicted) contradicting.push_back(t.source);
  }
  j.detail += ']';
  if (worst) {
    j.label = worst->label;
    j.type = worst->type;
    rests_on = contradicting;  // an unsupported verdict rests on nothing
  }
  for (std::size_t k : rests_on) {
    const std::string& sentence = sources[k - 1].sentence;
    if (std::find(j.quotes.begin(), j.quotes.end(), sentence) == j.quotes.end())
      j.quotes.push_back(sentence);
  }
  if (j.label == Label::kContradicted)
    j.reason = "a detail differs from source triplet #" + std::to_string(contradicting.front());
  return j;
}

}  // namespace

std::vector<Call> TripletTask::next_calls() {
  if (asked_ || done()) return {};
  asked_ = true;
  std::string answer_lines;
  std::size_t n = 0;
  for (const TripletUnit& u : units_) {
    for (const TripletText& t : u.triplets)
      answer_lines += std::to_string(++n) + ". " + triplet_line(t) + "\n";
  }
  std::string source_lines;
  for (std::size_t k = 0; k < sources_.size(); ++k)
    source_lines += "#" + std::to_string(k + 1) + " " + triplet_line(sources_[k].triplet) + "\n";
  Messages m = prompt(PromptId::kTriplets)
                   .render({data_slot("answer_triplets", std::move(answer_lines)),
                            data_slot("source_triplets", std::move(source_lines))});
  const auto tokens = static_cast<std::uint32_t>(kBaseTokens + kTokensPerTriplet * n);
  return round({Call{std::move(m.system), std::move(m.user), 0.0, tokens}});
}

void TripletTask::fail_all(const std::string& why) {
  std::vector<Judgement> out;
  for (const TripletUnit& u : units_)
    out.push_back(failed_judgement(u.unit, why));
  finish(std::move(out));
}

void TripletTask::take_answers(std::vector<CallAnswer>& answers) {
  if (answers.size() != 1) return fail_all("judge answers missing");
  CallAnswer& a = answers[0];
  if (a.status != CallStatus::kOk) return fail_all(call_failed(0, a).error);
  std::size_t n = 0;
  for (const TripletUnit& u : units_)
    n += u.triplets.size();
  std::string error;
  std::optional<std::vector<TripletLine>> lines = parse_triplets(a.text, n, sources_.size(), error);
  if (!lines) {
    a.status = CallStatus::kGarbage;
    return fail_all("unreadable judge answer: " + error);
  }
  std::vector<TripletText> source_texts;
  for (const SourceTriplet& s : sources_)
    source_texts.push_back(s.triplet);
  std::vector<Judgement> out;
  std::size_t first = 0;
  for (const TripletUnit& u : units_) {
    out.push_back(judge_unit(u, first, *lines, sources_, source_texts));
    first += u.triplets.size();
  }
  finish(std::move(out));
}

}  // namespace groundgate::filters::judge
