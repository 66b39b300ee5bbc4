#pragma once
// A context index over plain-text passages, one per string, as the engines' tests build them.

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "filters/context/passage.h"
#include "filters/index/context_index.h"

namespace groundgate::testing {

inline std::shared_ptr<const filters::index::ContextIndex> index_of(
    std::vector<std::string> texts) {
  std::vector<filters::context::Passage> passages;
  for (std::string& t : texts) {
    filters::context::Passage p;
    p.text = std::move(t);
    passages.push_back(std::move(p));
  }
  return filters::index::ContextIndex::build(std::move(passages));
}

}  // namespace groundgate::testing
