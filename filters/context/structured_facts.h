#pragma once
// Context that is data, not prose — a JSON tool result or record, a Markdown or CSV table —
// read as facts: one short line per value, its key path in words, so that the engines can
// check "offers free Wi-Fi" against {"WiFi": "free"} and "open 11 AM to 9 PM on Mondays"
// against {"hours": {"Monday": "11:0-21:0"}}.
//
// JSON: a member's last two keys become words ("BusinessParking" → "Business Parking",
// "review_stars" → "review stars"), then the value: strings as written (long ones as the prose they
// are), numbers, clock times padded ("11:0" → "11:00"), true as "yes", false as a negated line ("no
// Business Parking garage."), null and empty values left out (unknown is not "none"), lists
// of plain values joined. Strings a Python dump left quoted ("u'free'") are unquoted, and
// "True"/"False"/"None"/"yes"/"no" strings read as the values they spell.
// A yes/no value is also kept as a flag: its key's words, and those of its parent object when
// that object holds only yes/no values (a group: "Ambience", "BusinessParking").
// Tables (pipe/Markdown, HTML, CSV/TSV; filters/table): each body row becomes one line
// "header: value; header: value." and the table is kept keyed by row and column, its cells'
// spans in the facts; an array of JSON records is kept as a table too.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/context/passage.h"

namespace groundgate::filters::context {

struct Facts {
  std::string text;                                // one fact per line, each ending with ".\n"
  Passage::Shape shape = Passage::Shape::kRecord;  // a JSON value: kRecord; tables: kTable
  std::vector<Passage::Flag> flags;                // JSON: its yes/no values and their keys
  std::vector<table::Table> tables;                // cell spans in `text`
};

// The facts of `text` when it is a JSON object or array, or holds a Markdown table or is CSV
// or tab-separated; nullopt for prose. Bounded: at most `max_bytes` of facts (the rest cut).
std::optional<Facts> read_as_facts(std::string_view text, std::size_t max_bytes = 1u << 20);

}  // namespace groundgate::filters::context
