#include "proxy/cli/args.h"

#include <algorithm>

namespace groundgate::proxy::cli {

namespace {

bool is_option(std::string_view arg) {
  return arg.size() >= 2 && arg[0] == '-';
}

bool contains(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

Args::Args(int argc, char** argv, int first, std::vector<std::string> flags,
           std::vector<std::string> lists) {
  for (int i = first; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (!is_option(arg)) {
      positional_.emplace_back(arg);
      continue;
    }
    std::string name(arg.substr(arg.starts_with("--") ? 2 : 1));
    std::optional<std::string> inline_value;
    if (auto eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name.resize(eq);
    }
    if (contains(flags, name)) {
      options_.emplace(name, inline_value.value_or("true"));
      continue;
    }
    if (contains(lists, name) && !inline_value) {
      const int before = i;
      while (i + 1 < argc && !is_option(argv[i + 1]))
        options_.emplace(name, argv[++i]);
      if (i == before) {
        error_ = "option " + std::string(arg) + " needs a value";
        return;
      }
      continue;
    }
    if (inline_value) {
      options_.emplace(name, *inline_value);
    } else if (i + 1 < argc) {
      options_.emplace(name, argv[++i]);
    } else {
      error_ = "option " + std::string(arg) + " needs a value";
      return;
    }
  }
}

std::optional<std::string> Args::value(std::string_view name) const {
  auto [begin, end] = options_.equal_range(name);
  if (begin == end) return std::nullopt;
  return std::prev(end)->second;
}

std::vector<std::string> Args::values(std::string_view name) const {
  std::vector<std::string> out;
  auto [begin, end] = options_.equal_range(name);
  for (auto it = begin; it != end; ++it)
    out.push_back(it->second);
  return out;
}

bool Args::flag(std::string_view name) const {
  return options_.find(name) != options_.end();
}

}  // namespace groundgate::proxy::cli
