#include "filters/triplet/triplet.h"

#include <algorithm>

namespace groundgate::filters::triplet {

void normalise_voice(Triplet& t, bool passive) {
  if (passive) {
    const auto agent = std::find_if(t.qualifiers.begin(), t.qualifiers.end(),
                                    [](const Qualifier& q) { return q.preposition == "by"; });
    if (agent != t.qualifiers.end() && t.object.empty()) {
      t.object = std::move(t.subject);
      t.subject = agent->text;
      t.qualifiers.erase(agent);
    } else {
      t.passive = true;
    }
  }
  if (t.object.empty() && !t.qualifiers.empty()) {
    t.particle = t.qualifiers.front().preposition;
    t.object = t.qualifiers.front().text;
    t.relation += " " + t.particle;
    t.qualifiers.erase(t.qualifiers.begin());
  }
}

}  // namespace groundgate::filters::triplet
