#pragma once
// What the generation prompt said exists: indexes, sourcetypes, sources, fields, lookups (with
// their fields), macros (with their definitions) and data models (with their fields), and,
// when known, which index holds which sourcetype and source with which fields (a `stream`).
// Built from a request's `spl_metadata` JSON, from its context text, or from a policy's file
// (metadata_json.h, metadata_text.h); read-only once built. A kind with no name at all is
// unknown: names of that kind cannot be checked (closed world per kind, as the paper's
// definition reads: absent from the prompt).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace groundgate::filters::spl {

// The kinds of name a query uses. Index, sourcetype and source are compared ignoring ASCII
// case (Splunk matches their values so); the others exactly.
enum class Kind : std::uint8_t {
  kIndex,
  kSourcetype,
  kSource,
  kField,
  kLookup,
  kMacro,
  kDataModel,
};
inline constexpr std::size_t kKinds = 7;

std::string_view to_string(Kind kind);
bool folds_case(Kind kind);

// Hashing that looks strings up by string_view, without building a std::string.
struct StringHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using StringSet = std::unordered_set<std::string, StringHash, std::equal_to<>>;
template <typename T>
using StringMap = std::unordered_map<std::string, T, StringHash, std::equal_to<>>;

// Names of one kind, in the order first seen, with a fast exact (or case-folded) look-up.
class NameSet {
 public:
  explicit NameSet(bool fold_case = false) : fold_(fold_case) {}
  // False when the name was there already.
  bool add(std::string_view name);
  bool contains(std::string_view name) const;
  bool empty() const { return names_.empty(); }
  std::size_t size() const { return names_.size(); }
  std::span<const std::string> names() const { return names_; }

 private:
  std::string key(std::string_view name) const;
  bool fold_ = false;
  std::vector<std::string> names_;
  StringSet keys_;
};

struct MacroDefinition {
  std::string name;
  std::string definition;
  std::vector<std::string> arguments;  // names substituted as $name$
};

// One place events live: an index, a sourcetype and a source (any may be empty: unknown) and
// the fields its events carry (`fields_known` false: not listed).
struct Stream {
  std::string index;
  std::string sourcetype;
  std::string source;
  std::vector<std::string> fields;
  bool fields_known = false;
};

class SplMetadata {
 public:
  SplMetadata();

  // Adds a name of `kind` (macros and lookups also via the calls below).
  void add(Kind kind, std::string_view name);
  void add_macro(MacroDefinition macro);
  // A macro the prompt names without its definition: known, never expanded.
  void add_macro_name(std::string_view name);
  // `fields` empty: the lookup's fields are not known.
  void add_lookup(std::string_view name, std::vector<std::string> fields);
  void add_datamodel(std::string_view name, std::vector<std::string> fields);
  // Adds the stream and its names (index, sourcetype, source, fields) to the flat lists.
  void add_stream(Stream stream);
  // Words the prompt's prose mentions (context text): weak support for a field name.
  void add_mentioned_word(std::string_view word);
  void merge(const SplMetadata& other);

  const NameSet& names(Kind kind) const { return names_[static_cast<std::size_t>(kind)]; }
  // Fields given on their own, not as a stream's: fields of every stream as far as anyone knows.
  const NameSet& loose_fields() const { return loose_fields_; }
  bool knows(Kind kind) const { return !names(kind).empty(); }
  bool empty() const;
  bool mentioned(std::string_view word) const { return mentioned_.contains(word); }

  // The macro of that name taking `arguments` arguments; null when there is none.
  const MacroDefinition* find_macro(std::string_view name, std::size_t arguments) const;
  bool has_macro_definition(std::string_view name) const { return macros_.contains(name); }
  // Null when the lookup is unknown; an empty list when its fields are not known.
  const std::vector<std::string>* lookup_fields(std::string_view name) const;
  const std::vector<std::string>* datamodel_fields(std::string_view name) const;
  std::span<const Stream> streams() const { return streams_; }
  bool stream_has_field(std::size_t stream, std::string_view field) const {
    return stream_fields_[stream].contains(field);
  }

 private:
  std::vector<NameSet> names_;
  NameSet loose_fields_;
  StringMap<std::vector<MacroDefinition>> macros_;
  StringMap<std::vector<std::string>> lookups_;
  StringMap<std::vector<std::string>> datamodels_;
  std::vector<Stream> streams_;
  std::vector<StringSet> stream_fields_;  // parallel to streams_
  StringSet mentioned_;
};

// Whether `value` (which may hold `*` wildcards) matches `name`, ASCII case ignored when `fold`.
bool glob_match(std::string_view pattern, std::string_view name, bool fold);

}  // namespace groundgate::filters::spl
