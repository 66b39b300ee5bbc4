#include "filters/spl/spl_metadata.h"

#include <algorithm>

#include "filters/text/utf8.h"

namespace groundgate::filters::spl {
namespace {}  // namespace

std::string_view to_string(Kind kind) {
  switch (kind) {
    case Kind::kIndex:
      return "index";
    case Kind::kSourcetype:
      return "sourcetype";
    case Kind::kSource:
      return "source";
    case Kind::kField:
      return "field";
    case Kind::kLookup:
      return "lookup";
    case Kind::kMacro:
      return "macro";
    case Kind::kDataModel:
      return "datamodel";
  }
  return "field";
}

bool folds_case(Kind kind) {
  return kind == Kind::kIndex || kind == Kind::kSourcetype || kind == Kind::kSource;
}

std::string NameSet::key(std::string_view name) const {
  return fold_ ? text::ascii_lower(name) : std::string(name);
}

bool NameSet::add(std::string_view name) {
  if (name.empty() || !keys_.insert(key(name)).second) return false;
  names_.emplace_back(name);
  return true;
}

bool NameSet::contains(std::string_view name) const {
  return fold_ ? keys_.contains(key(name)) : keys_.contains(name);
}

SplMetadata::SplMetadata() {
  names_.reserve(kKinds);
  for (std::size_t i = 0; i < kKinds; ++i)
    names_.emplace_back(folds_case(static_cast<Kind>(i)));
}

void SplMetadata::add(Kind kind, std::string_view name) {
  names_[static_cast<std::size_t>(kind)].add(name);
  if (kind == Kind::kField) loose_fields_.add(name);
}

void SplMetadata::add_macro(MacroDefinition macro) {
  add(Kind::kMacro, macro.name);
  std::vector<MacroDefinition>& same = macros_[macro.name];
  for (MacroDefinition& m : same) {
    if (m.arguments.size() == macro.arguments.size()) {
      m = std::move(macro);  // the last definition of a name and arity wins, as in macros.conf
      return;
    }
  }
  same.push_back(std::move(macro));
}

void SplMetadata::add_macro_name(std::string_view name) {
  add(Kind::kMacro, name);
}

void SplMetadata::add_lookup(std::string_view name, std::vector<std::string> fields) {
  add(Kind::kLookup, name);
  std::vector<std::string>& known = lookups_[std::string(name)];
  for (std::string& f : fields) {
    if (std::find(known.begin(), known.end(), f) == known.end()) known.push_back(std::move(f));
  }
}

void SplMetadata::add_datamodel(std::string_view name, std::vector<std::string> fields) {
  add(Kind::kDataModel, name);
  std::vector<std::string>& known = datamodels_[std::string(name)];
  for (std::string& f : fields) {
    if (std::find(known.begin(), known.end(), f) == known.end()) known.push_back(std::move(f));
  }
}

void SplMetadata::add_stream(Stream stream) {
  add(Kind::kIndex, stream.index);
  add(Kind::kSourcetype, stream.sourcetype);
  add(Kind::kSource, stream.source);
  for (const std::string& f : stream.fields)
    names_[static_cast<std::size_t>(Kind::kField)].add(f);
  stream_fields_.emplace_back(stream.fields.begin(), stream.fields.end());
  streams_.push_back(std::move(stream));
}

void SplMetadata::add_mentioned_word(std::string_view word) {
  if (!word.empty()) mentioned_.emplace(word);
}

void SplMetadata::merge(const SplMetadata& other) {
  for (std::size_t k = 0; k < kKinds; ++k) {
    if (k == static_cast<std::size_t>(Kind::kMacro) ||
        k == static_cast<std::size_t>(Kind::kLookup) ||
        k == static_cast<std::size_t>(Kind::kDataModel)) {
      continue;  // with their definitions below
    }
    for (const std::string& n : other.names_[k].names())
      names_[k].add(n);
  }
  for (const std::string& n : other.loose_fields_.names())
    loose_fields_.add(n);
  for (const std::string& name : other.names(Kind::kMacro).names())
    add(Kind::kMacro, name);
  for (const auto& [name, list] : other.macros_) {
    for (const MacroDefinition& m : list)
      add_macro(m);
  }
  for (const std::string& name : other.names(Kind::kLookup).names())
    add_lookup(name, *other.lookup_fields(name));
  for (const std::string& name : other.names(Kind::kDataModel).names())
    add_datamodel(name, *other.datamodel_fields(name));
  streams_.insert(streams_.end(), other.streams_.begin(), other.streams_.end());
  stream_fields_.insert(stream_fields_.end(), other.stream_fields_.begin(),
                        other.stream_fields_.end());
  mentioned_.insert(other.mentioned_.begin(), other.mentioned_.end());
}

bool SplMetadata::empty() const {
  return std::all_of(names_.begin(), names_.end(), [](const NameSet& s) { return s.empty(); });
}

const MacroDefinition* SplMetadata::find_macro(std::string_view name, std::size_t arguments) const {
  const auto it = macros_.find(name);
  if (it == macros_.end()) return nullptr;
  for (const MacroDefinition& m : it->second) {
    if (m.arguments.size() == arguments) return &m;
  }
  return nullptr;
}

const std::vector<std::string>* SplMetadata::lookup_fields(std::string_view name) const {
  const auto it = lookups_.find(name);
  return it == lookups_.end() ? nullptr : &it->second;
}

const std::vector<std::string>* SplMetadata::datamodel_fields(std::string_view name) const {
  const auto it = datamodels_.find(name);
  return it == datamodels_.end() ? nullptr : &it->second;
}

bool glob_match(std::string_view pattern, std::string_view name, bool fold_case) {
  // Iterative wildcard match with one backtrack point: linear in practice, never recursive.
  std::size_t p = 0, n = 0, star = std::string_view::npos, mark = 0;
  const auto eq = [&](char a, char b) {
    return fold_case ? text::ascii_lower(a) == text::ascii_lower(b) : a == b;
  };
  while (n < name.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = n;
    } else if (p < pattern.size() && eq(pattern[p], name[n])) {
      ++p;
      ++n;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      n = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*')
    ++p;
  return p == pattern.size();
}

}  // namespace groundgate::filters::spl
