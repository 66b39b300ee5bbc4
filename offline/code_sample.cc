#include "offline/code_sample.h"

#include "filters/verdict/json_string.h"

namespace groundgate::offline {

std::string_view optional_string(simdjson::dom::element sample, std::string_view key) {
  std::string_view value;
  return sample[key].get_string().get(value) == simdjson::SUCCESS ? value : std::string_view();
}

bool read_code_sample(simdjson::dom::element sample, std::string_view code_key, CodeSample& out,
                      std::string& error) {
  out.id = optional_string(sample, "id");
  out.question = optional_string(sample, "question");
  out.variant = optional_string(sample, "variant");
  if (sample[code_key].get_string().get(out.code) != simdjson::SUCCESS) {
    error = "no \"" + std::string(code_key) + "\" string";
    return false;
  }
  if (sample["label"].get_int64().get(out.label) != simdjson::SUCCESS) {
    error = "no integer \"label\"";
    return false;
  }
  return true;
}

std::string prediction_start(const CodeSample& sample, bool flagged) {
  std::string json = "{\"id\":";
  filters::verdict::append_json_string(json, sample.id);
  json += flagged ? ",\"hallucinated\":true" : ",\"hallucinated\":false";
  json += ",\"label\":" + std::to_string(sample.label);
  return json;
}

}  // namespace groundgate::offline
