#pragma once

#include <cstdint>
#include <string_view>

#include "filters/index/term_dictionary.h"
#include "filters/text/entities.h"

namespace groundgate::filters::index {

// A text::Entity packed for the index (about 70 bytes instead of 180 plus three strings):
// the surface text is the passage span, name keys and currencies are interned.
struct IndexedEntity {
  double value = 0;
  double low = 0;
  double high = 0;
  double second = 0;
  text::DateValue date;
  std::uint32_t begin = 0;  // byte span in the passage's text
  std::uint32_t end = 0;
  TermId key = kNoTerm;  // in the index's entity-string dictionary
  TermId currency = kNoTerm;
  text::EntityType type = text::EntityType::kName;
  text::EntitySubtype subtype = text::EntitySubtype::kOther;
  text::Unit unit = text::Unit::kNone;
  text::Qualifier qualifier = text::Qualifier::kExact;
  bool converted = false;
};

IndexedEntity pack_entity(const text::Entity& entity, TermDictionary& strings);
// `passage_text` is the text the entity's offsets refer to.
text::Entity unpack_entity(const IndexedEntity& entity, std::string_view passage_text,
                           const TermDictionary& strings);

}  // namespace groundgate::filters::index
