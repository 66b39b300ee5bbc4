#include "filters/text/change_direction.h"

#include "filters/text/word_table.h"

namespace groundgate::filters::text {
namespace {

constexpr auto kRiseWords =
    word_table("increase", "increased", "increases", "increasing", "grew", "grow", "grows", "grown",
               "growing", "growth", "rose", "rise", "rises", "risen", "rising", "up", "higher",
               "gain", "gained", "gains", "soared", "jumped", "surged", "climbed", "doubled",
               "tripled", "improved", "expanded", "expands", "created", "creates", "create");
constexpr auto kFallWords = word_table(
    "decrease", "decreased", "decreases", "decreasing", "decline", "declined", "declines",
    "declining", "fell", "fall", "falls", "fallen", "falling", "drop", "dropped", "drops",
    "reduction", "reduced", "down", "lower", "plunged", "slumped", "tumbled", "shrank", "shrink",
    "shrinks", "shrunk", "loss", "lost", "slid", "contracted", "halved");

}  // namespace

ChangeDirection change_direction(std::string_view norm) {
  if (kRiseWords.contains(norm)) return ChangeDirection::kRise;
  if (kFallWords.contains(norm)) return ChangeDirection::kFall;
  return ChangeDirection::kNone;
}

}  // namespace groundgate::filters::text
