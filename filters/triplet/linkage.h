#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::triplet {

// A link-grammar parse copied out of the library: words with their byte spans in the parsed
// sentence and the labelled links between them.
struct Linkage {
  struct Word {
    std::string form;  // dictionary form: "founded.v-d", "Jobs[!]", "LEFT-WALL"
    std::size_t begin = 0;
    std::size_t end = 0;
  };
  struct Link {
    std::string label;  // "Ss*s", "MVp", "Pv"
    std::uint16_t left = 0;
    std::uint16_t right = 0;
  };

  std::vector<Word> words;
  std::vector<Link> links;
};

// The connector type of a label, its leading capitals: "Ss*s" → "S", "MVp" → "MV".
std::string_view link_type(std::string_view label);
// The subscript after the type: "Ss*s" → "s*s", "Pv" → "v".
std::string_view link_subscript(std::string_view label);
// A word's form without the dictionary subscript or guess mark, lowercase: "founded.v-d" →
// "founded", "Jobs[!]" → "jobs"; "." and "U.S." stay whole.
std::string word_base(std::string_view form);

}  // namespace groundgate::filters::triplet
