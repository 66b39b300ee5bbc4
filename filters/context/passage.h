#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "filters/table/table.h"

namespace groundgate::filters::context {

// One retrieved passage the answer must be grounded in; evidence offsets refer to `text`.
struct Passage {
  enum class Source : std::uint8_t {
    kTool,
    kContextField,
    kDocumentsField,
    kTaggedBlock,
    kSystemMessage,
    kQuestion,
  };

  std::string text;
  std::string title;
  std::string id;
  Source source = Source::kContextField;
  bool weak = false;  // the question: answers restate it, but it proves nothing
  // How the passage is read. A JSON value or a table is read as facts, one per line, and
  // `text` is their rendering (context/structured_facts.h): a record's facts all speak of
  // that record, a table's rows each of their own.
  enum class Shape : std::uint8_t { kProse, kRecord, kTable };
  Shape shape = Shape::kProse;
  // A record's yes/no facts ({"OutdoorSeating": false}), for the polarity of claims about them.
  struct Flag {
    std::string group;  // words of the object of flags it belongs to ("Business Parking"), or ""
    std::string name;   // its own words ("garage")
    bool value = false;
  };
  std::vector<Flag> flags;
  // Its tables (and a JSON value's arrays of records) keyed by row and column; cell spans
  // in `text`.
  std::vector<table::Table> tables;
};

const char* source_name(Passage::Source source);

}  // namespace groundgate::filters::context
