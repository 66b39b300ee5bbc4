#include "offline/synthetic_set.h"

#include <string>

#include "filters/score/training/perturbations.h"
#include "filters/text/lexicon.h"
#include "filters/verdict/json_string.h"

namespace groundgate::offline {

std::optional<TrainingSetInput> synthetic_set(const std::vector<TrainingSetInput>& sets,
                                              std::string& error) {
  const filters::text::Lexicon::LoadResult loaded = filters::text::Lexicon::shared();
  if (!loaded.lexicon) {
    error = "WordNet, for the rewordings: " + loaded.error;
    return std::nullopt;
  }
  const filters::text::Lexicon* lexicon = loaded.lexicon.get();
  TrainingSetInput out;
  out.name = "synthetic";
  out.synthetic = true;
  for (std::size_t s = 0; s < sets.size(); ++s) {
    const std::vector<std::size_t> groups = source_groups(sets[s].samples);
    for (std::size_t i = 0; i < sets[s].samples.size(); ++i) {
      if (groups[i] != i) continue;  // one source, its context made into answers once
      const Sample& source = sets[s].samples[i];
      for (std::size_t p = 0; p < source.context.size(); ++p) {
        const auto answers =
            filters::score::training::synthetic_answers(source.context[p], {}, lexicon);
        for (std::size_t k = 0; k < answers.size(); ++k) {
          Sample sample;
          sample.id = sets[s].name + '/' + source.id + '/' + std::to_string(p) + '/' +
                      std::to_string(k) + '/' + std::string(answers[k].change);
          sample.dataset = "synthetic";
          sample.context = {answers[k].context};
          sample.answer = answers[k].answer;
          sample.label = answers[k].unfaithful ? 1 : 0;
          sample.sentence_truth = true;
          if (answers[k].unfaithful) sample.unfaithful.emplace_back(0, sample.answer.size());
          out.samples.push_back(std::move(sample));
          out.origins.push_back({s, i});
        }
      }
    }
  }
  return out;
}

std::string synthetic_jsonl(const TrainingSetInput& set) {
  using filters::verdict::append_json_string;
  std::string out;
  for (const Sample& sample : set.samples) {
    out += "{\"id\":";
    append_json_string(out, sample.id);
    out += ",\"dataset\":\"synthetic\",\"task\":\"qa\",\"context\":[";
    append_json_string(out, sample.context.empty() ? std::string() : sample.context.front());
    out += "],\"answer\":";
    append_json_string(out, sample.answer);
    out += sample.label == 1 ? ",\"label\":1}\n" : ",\"label\":0}\n";
  }
  return out;
}

}  // namespace groundgate::offline
