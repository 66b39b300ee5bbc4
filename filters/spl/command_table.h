#pragma once
// Splunk's search commands (data/commands.tsv, with its sources): what kind each is and what it
// does to fields when the guard has no grammar for its arguments.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace groundgate::filters::spl {

enum class CommandType : std::uint8_t {
  kGenerating,  // must start its search (a few take append=true to follow another)
  kStreaming,
  kTransforming,
  kDataset,
  kOrchestrating,
};

enum class FieldEffect : std::uint8_t {
  kGrammar,  // read by command_grammar
  kKeep,     // input fields pass through, plus `adds`
  kOpen,     // may add fields nobody can list
};

struct CommandInfo {
  std::string_view name;  // canonical (an alias's target)
  CommandType type = CommandType::kStreaming;
  FieldEffect effect = FieldEffect::kKeep;
  std::vector<std::string_view> adds;
};

class CommandTable {
 public:
  static const CommandTable& get();
  // ASCII case ignored; null for a name Splunk does not know.
  const CommandInfo* find(std::string_view name) const;
  // Every name (aliases included), lower case: candidates for "did you mean".
  std::span<const std::string> names() const { return names_; }

 private:
  CommandTable();
  std::vector<std::string> names_;
  std::vector<CommandInfo> infos_;                      // parallel to names_
  std::unordered_map<std::string, std::size_t> index_;  // lower-case name -> position
};

}  // namespace groundgate::filters::spl
