#include "offline/input_text.h"

#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace groundgate::offline {

std::optional<std::string> read_input(const std::string& path) {
  if (path == "-") return std::string(std::istreambuf_iterator<char>(std::cin), {});
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace groundgate::offline
