#pragma once
// Word tests the semantic-piece verifier's files share.

#include <string_view>

#include "filters/text/entities.h"

namespace groundgate::filters::semantic_piece {

// Numbers and dates are checked by value; names and other words by their words.
inline bool is_value_entity(const text::Entity& e) {
  return e.type == text::EntityType::kTime || e.type == text::EntityType::kNumber;
}

// Answer particles carry no claim of their own ("Yes, ...", "No, ...").
inline bool is_particle(std::string_view norm) {
  return norm == "yes" || norm == "no" || norm == "yeah";
}

}  // namespace groundgate::filters::semantic_piece
