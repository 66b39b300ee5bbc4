#pragma once

#include <cstdint>
#include <string>

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
};

const char* source_name(Passage::Source source);

}  // namespace groundgate::filters::context
