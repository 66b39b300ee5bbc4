#pragma once
// `method: triplets` (the OIE thesis, seed 001): the triplets of a batch of sentences judged
// against the triplets of their evidence in one call, with the thesis's best prompt (detailed
// rules and a chain of thought that names the source triplets each answer triplet rests on;
// prompts/triplets.v1.txt). A triplet is True only when its reasoning cites a source triplet
// (the evidence: that triplet's sentence of the context); False ones are placed in the thesis's
// taxonomy by what they cite (triplet_taxonomy.h). A sentence is supported when all its
// triplets are True, contradicted when a False one changed a detail of a cited source triplet,
// otherwise unsupported.

#include <cstdint>
#include <string>
#include <vector>

#include "filters/judge/judge_task.h"
#include "filters/judge/triplet_taxonomy.h"

namespace groundgate::filters::judge {

// A source triplet and the sentence of the context it was read from.
struct SourceTriplet {
  TripletText triplet;
  std::string sentence;
};

// A sentence's triplets, to judge.
struct TripletUnit {
  std::uint64_t unit = 0;
  std::vector<TripletText> triplets;  // at least one
};

class TripletTask final : public JudgeTask {
 public:
  TripletTask(std::vector<TripletUnit> units, std::vector<SourceTriplet> sources)
      : units_(std::move(units)), sources_(std::move(sources)) {}
  std::vector<Call> next_calls() override;
  void take_answers(std::vector<CallAnswer>& answers) override;

 private:
  // Every unit's judgement when none could be read.
  void fail_all(const std::string& why);

  std::vector<TripletUnit> units_;
  std::vector<SourceTriplet> sources_;
  bool asked_ = false;
};

}  // namespace groundgate::filters::judge
