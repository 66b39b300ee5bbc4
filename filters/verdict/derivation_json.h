#pragma once
// A derivation as JSON, the same in annotations, `groundgate check` and eval predictions:
// {"expression":"(a - b) / b * 100","result":"24.41%","operands":[{"name":"a","passage":0,
// "begin":151,"end":159,"text":"$1,496.5","key":"Total sales, 2019"}, …]}.

#include <string>

#include "filters/verdict/verdict_labels.h"

namespace groundgate::filters::verdict {

void append_json(std::string& out, const Derivation& d);

}  // namespace groundgate::filters::verdict
