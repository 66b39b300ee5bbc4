#include "filters/triplet/linkage.h"

#include <cctype>

namespace groundgate::filters::triplet {

std::string_view link_type(std::string_view label) {
  std::size_t n = 0;
  while (n < label.size() && std::isupper(static_cast<unsigned char>(label[n])))
    ++n;
  return label.substr(0, n);
}

std::string_view link_subscript(std::string_view label) {
  return label.substr(link_type(label).size());
}

std::string word_base(std::string_view form) {
  if (const std::size_t mark = form.find('['); mark != std::string_view::npos && mark > 0) {
    form = form.substr(0, mark);
  }
  // The subscript follows the last dot, and is made of letters and dashes: "v-d", "n-u".
  if (const std::size_t dot = form.rfind('.');
      dot != std::string_view::npos && dot > 0 && dot + 1 < form.size()) {
    bool subscript = true;
    for (const char c : form.substr(dot + 1)) {
      if (!std::islower(static_cast<unsigned char>(c)) && c != '-' && c != '#') subscript = false;
    }
    if (subscript) form = form.substr(0, dot);
  }
  std::string out(form);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace groundgate::filters::triplet
