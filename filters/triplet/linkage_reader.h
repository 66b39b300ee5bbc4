#pragma once

#include <string_view>
#include <vector>

#include "filters/triplet/linkage.h"
#include "filters/triplet/triplet.h"

namespace groundgate::filters::triplet {

// Triplets from a complete linkage of `sentence`: subject (S, SI; relative pronouns resolved
// through MX/R), verb chain (I, PP, Pg, Pv: passive, N/never: negation), objects (O, copula
// Ost, Pa adjective), prepositional qualifiers (MV → J/IN/ON), by-agents of passives turned
// active, one triplet per conjunct (SJ, VJ). Pronouns are left for the caller to resolve.
std::vector<Triplet> read_triplets(const Linkage& linkage, std::string_view sentence);

}  // namespace groundgate::filters::triplet
