#include "proxy/openai/response_id.h"

#include <simdjson.h>

namespace groundgate::proxy::openai {

namespace od = simdjson::ondemand;

std::string response_id(std::string_view json) {
  // Bounded: an id is short, and a body without one is not read to its end for it.
  constexpr std::size_t kMaxIdBytes = 256;
  const simdjson::padded_string padded(json);
  od::parser parser;
  od::document doc;
  if (parser.iterate(padded).get(doc) != simdjson::SUCCESS) return {};
  od::object object;
  if (doc.get_object().get(object) != simdjson::SUCCESS) return {};
  std::string_view id;
  if (object.find_field_unordered("id").get_string().get(id) != simdjson::SUCCESS) return {};
  return id.size() <= kMaxIdBytes ? std::string(id) : std::string();
}

}  // namespace groundgate::proxy::openai
