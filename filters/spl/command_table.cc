#include "filters/spl/command_table.h"

#include "filters/spl/spl_data.h"
#include "filters/spl/spl_lexer.h"
#include "filters/spl/tsv_rows.h"
#include "filters/text/utf8.h"

namespace groundgate::filters::spl {
namespace {

CommandType parse_type(std::string_view s) {
  if (s == "generating") return CommandType::kGenerating;
  if (s == "transforming") return CommandType::kTransforming;
  if (s == "dataset") return CommandType::kDataset;
  if (s == "orchestrating") return CommandType::kOrchestrating;
  return CommandType::kStreaming;
}

FieldEffect parse_effect(std::string_view s) {
  if (s == "grammar") return FieldEffect::kGrammar;
  if (s == "open") return FieldEffect::kOpen;
  return FieldEffect::kKeep;
}

}  // namespace

CommandTable::CommandTable() {
  for (const auto& row : tsv_rows(data::kCommands)) {
    if (row.size() < 5) continue;
    CommandInfo info;
    info.name = row[4] == "-" ? row[0] : row[4];
    info.type = parse_type(row[1]);
    info.effect = parse_effect(row[2]);
    info.adds = split_list(row[3], ',');
    index_.emplace(text::ascii_lower(row[0]), names_.size());
    names_.push_back(text::ascii_lower(row[0]));
    infos_.push_back(std::move(info));
  }
}

const CommandTable& CommandTable::get() {
  static const CommandTable table;
  return table;
}

const CommandInfo* CommandTable::find(std::string_view name) const {
  if (name.size() > 64) return nullptr;
  const auto it = index_.find(text::ascii_lower(name));
  return it == index_.end() ? nullptr : &infos_[it->second];
}

}  // namespace groundgate::filters::spl
