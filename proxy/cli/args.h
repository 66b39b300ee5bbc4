#pragma once
// A small command-line option reader: `--name value`, `--name=value`, `-c value`, `--flag`, and
// `--name a b c` for options that take several values.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::proxy::cli {

class Args {
 public:
  // `flags` are options that take no value; `lists` take every argument after them up to the
  // next option (`--context a.txt b.txt`, or once per value); every other option takes one.
  Args(int argc, char** argv, int first, std::vector<std::string> flags,
       std::vector<std::string> lists = {});

  std::optional<std::string> value(std::string_view name) const;  // last occurrence
  std::vector<std::string> values(std::string_view name) const;   // every occurrence
  bool flag(std::string_view name) const;
  const std::vector<std::string>& positional() const { return positional_; }
  const std::string& error() const { return error_; }  // empty: parsed

 private:
  std::multimap<std::string, std::string, std::less<>> options_;
  std::vector<std::string> positional_;
  std::string error_;
};

}  // namespace groundgate::proxy::cli
