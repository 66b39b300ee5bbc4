#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::context {

// Context pasted into a message between tags: <context>…</context>, <documents>…</documents>,
// <document title="…" id="…">…</document>. Tag names match case-insensitively.
class TaggedBlocks {
 public:
  struct Block {
    std::size_t begin = 0;  // byte span of the passage text inside the tags
    std::size_t end = 0;
    std::string title;
    std::string id;
  };
  struct Span {
    std::size_t begin = 0;
    std::size_t end = 0;
  };

  // Innermost blocks become passages: a <documents> wrapper yields one block per <document>
  // (plus any loose text between them). A <document> with <document_content> and <source>
  // children (a common prompt layout) yields the content, with the source as id.
  static TaggedBlocks find(std::string_view text, const std::vector<std::string>& tags);

  // `text` without the outermost blocks, tags included (for the question and the system
  // message's own text).
  std::string remainder(std::string_view text) const;

  const std::vector<Block>& blocks() const { return blocks_; }
  const std::vector<Span>& outer() const { return outer_; }
  const std::vector<std::string>& warnings() const { return warnings_; }

 private:
  std::vector<Block> blocks_;
  std::vector<Span> outer_;
  std::vector<std::string> warnings_;
};

}  // namespace groundgate::filters::context
