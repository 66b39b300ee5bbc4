#pragma once
// The text of a file the offline commands are given, `-` meaning standard input.

#include <optional>
#include <string>

namespace groundgate::offline {

// Nullopt when the file cannot be read.
std::optional<std::string> read_input(const std::string& path);

}  // namespace groundgate::offline
