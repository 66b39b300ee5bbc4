#include "offline/training_report.h"

#include "offline/confusion.h"

namespace groundgate::offline {
const std::string_view kReportTableHeader =
    "| set | answers | bal. acc. | precision | recall | F1 | faithful flagged | sentence bal. acc. "
    "| sentence precision | sentence recall | answers with a contradiction, precision |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|\n";

// Per set: answers flagged by a flagged sentence, or by the answer threshold with every sentence
// in doubt (as the proxy's summary decides, verify::apply_rule), sentences at the unsupported
// threshold, and the answers holding a contradicted sentence.
std::string report_rows(const std::vector<TrainingSetInput>& sets, const Table& t,
                        const ScoredTable& p, const std::function<bool(std::size_t)>& use_answer) {
  std::string out;
  const std::vector<AnswerMarks> marks = mark_answers(t, p.sentence_p, p.thresholds);
  for (std::size_t s = 0; s < sets.size(); ++s) {
    Confusion answers, sentences;
    bool any = false;
    for (std::size_t r = 0; r < t.sentences.size(); ++r) {
      const SentenceRow& row = t.sentences[r];
      if (t.answers[row.answer].set != s || !use_answer(row.answer)) continue;
      if (t.answers[row.answer].sentence_truth)
        sentences.add(flagged(row, p.sentence_p[r], p.thresholds), row.unfaithful);
    }
    Confusion contradictions;
    for (std::size_t a = 0; a < t.answers.size(); ++a) {
      if (t.answers[a].set != s || !use_answer(a)) continue;
      any = true;
      const bool likely = p.answer_p[a] >= p.thresholds.answer && marks[a].all_in_doubt;
      answers.add(marks[a].flagged || likely, t.answers[a].hallucinated);
      if (marks[a].contradicted) contradictions.add(true, t.answers[a].hallucinated);
    }
    if (!any) continue;
    out += printf_string("| %s | %zu | %.3f | %.3f | %.3f | %.3f | %.3f | ", sets[s].name.c_str(),
                         answers.total(), answers.balanced_accuracy(), answers.precision(),
                         answers.recall(), answers.f1(), 1 - answers.specificity());
    out += sentences.total() > 0
               ? printf_string("%.3f | %.3f | %.3f | ", sentences.balanced_accuracy(),
                               sentences.precision(), sentences.recall())
               : std::string("— | — | — | ");
    out += contradictions.tp + contradictions.fp > 0
               ? printf_string("%zu, %.3f |\n", contradictions.tp + contradictions.fp,
                               contradictions.precision())
               : std::string("0, — |\n");
  }
  return out;
}

}  // namespace groundgate::offline
