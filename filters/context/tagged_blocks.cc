#include "filters/context/tagged_blocks.h"

#include <optional>

namespace groundgate::filters::context {
namespace {

// Nesting deeper than this is kept as text: bounds work and stack on hostile input.
constexpr int kMaxNesting = 4;
// An opening tag's attributes longer than this are not a tag (bounds the scan per '<').
constexpr std::size_t kMaxTagBytes = 1024;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

char lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

bool iequals_at(std::string_view text, std::size_t pos, std::string_view name) {
  if (text.size() - pos < name.size()) return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (lower(text[pos + i]) != lower(name[i])) return false;
  }
  return true;
}

struct Tag {
  std::size_t begin = 0;  // '<'
  std::size_t end = 0;    // after '>'
  std::string_view name;
  std::string_view attributes;
  bool closing = false;
  bool self_closing = false;
};

// The tag starting at text[pos] == '<' when its name is one of `names`.
template <typename Names>
std::optional<Tag> parse_tag(std::string_view text, std::size_t pos, const Names& names) {
  std::size_t p = pos + 1;
  bool closing = p < text.size() && text[p] == '/';
  if (closing) ++p;
  for (std::string_view name : names) {
    if (name.empty() || !iequals_at(text, p, name)) continue;
    std::size_t q = p + name.size();
    if (q >= text.size() || !(text[q] == '>' || text[q] == '/' || is_space(text[q]))) continue;
    std::size_t limit = std::min(text.size(), q + kMaxTagBytes);
    for (std::size_t i = q; i < limit; ++i) {
      char c = text[i];
      if (c == '"' || c == '\'') {
        std::size_t close = text.substr(0, limit).find(c, i + 1);
        if (close == std::string_view::npos) return std::nullopt;
        i = close;
      } else if (c == '<') {
        return std::nullopt;
      } else if (c == '>') {
        std::string_view attributes = text.substr(q, i - q);
        bool self_closing = !attributes.empty() && attributes.back() == '/';
        return Tag{pos, i + 1, name, attributes, closing, self_closing};
      }
    }
    return std::nullopt;
  }
  return std::nullopt;
}

// The closing tag that matches an opening `name` tag ending at `from`.
std::optional<Tag> find_close(std::string_view text, std::size_t from, std::string_view name) {
  const std::string_view names[] = {name};
  int depth = 1;
  std::size_t pos = from;
  while ((pos = text.find('<', pos)) != std::string_view::npos) {
    std::optional<Tag> tag = parse_tag(text, pos, names);
    if (!tag) {
      ++pos;
      continue;
    }
    if (tag->closing) {
      if (--depth == 0) return tag;
    } else if (!tag->self_closing) {
      ++depth;
    }
    pos = tag->end;
  }
  return std::nullopt;
}

struct Found {
  Tag open;
  std::size_t inner_end = 0;
  std::size_t outer_end = 0;
  bool closed = false;
};

// The next complete (or unclosed) block of one of `tags` in text[pos, text.size()).
std::optional<Found> next_block(std::string_view text, std::size_t pos,
                                const std::vector<std::string>& tags) {
  while ((pos = text.find('<', pos)) != std::string_view::npos) {
    std::optional<Tag> open = parse_tag(text, pos, tags);
    if (!open || open->closing || open->self_closing) {
      ++pos;
      continue;
    }
    std::optional<Tag> close = find_close(text, open->end, open->name);
    if (close) return Found{*open, close->begin, close->end, true};
    return Found{*open, text.size(), text.size(), false};
  }
  return std::nullopt;
}

void attribute_values(std::string_view attributes, std::string& title, std::string& id) {
  std::size_t i = 0;
  while (i < attributes.size()) {
    while (i < attributes.size() && (is_space(attributes[i]) || attributes[i] == '/'))
      ++i;
    std::size_t key_begin = i;
    while (i < attributes.size() && attributes[i] != '=' && !is_space(attributes[i]))
      ++i;
    std::string key(attributes.substr(key_begin, i - key_begin));
    for (char& c : key)
      c = lower(c);
    while (i < attributes.size() && is_space(attributes[i]))
      ++i;
    if (i >= attributes.size() || attributes[i] != '=') continue;
    ++i;
    while (i < attributes.size() && is_space(attributes[i]))
      ++i;
    std::string_view value;
    if (i < attributes.size() && (attributes[i] == '"' || attributes[i] == '\'')) {
      std::size_t close = attributes.find(attributes[i], i + 1);
      if (close == std::string_view::npos) close = attributes.size();
      value = attributes.substr(i + 1, close - i - 1);
      i = close + 1;
    } else {
      std::size_t value_begin = i;
      while (i < attributes.size() && !is_space(attributes[i]))
        ++i;
      value = attributes.substr(value_begin, i - value_begin);
    }
    if (title.empty() && (key == "title" || key == "name")) title = value;
    if (id.empty() && (key == "id" || key == "source" || key == "index")) id = value;
  }
}

TaggedBlocks::Span trim(std::string_view text, std::size_t begin, std::size_t end) {
  while (begin < end && is_space(text[begin]))
    ++begin;
  while (end > begin && is_space(text[end - 1]))
    --end;
  return {begin, end};
}

// The inner span of the first <name>…</name> child in text[begin, end).
std::optional<TaggedBlocks::Span> child(std::string_view text, std::size_t begin, std::size_t end,
                                        std::string_view name) {
  const std::string_view names[] = {name};
  std::string_view scope = text.substr(0, end);
  for (std::size_t pos = begin; (pos = scope.find('<', pos)) != std::string_view::npos; ++pos) {
    std::optional<Tag> open = parse_tag(scope, pos, names);
    if (!open || open->closing || open->self_closing) continue;
    std::optional<Tag> close = find_close(scope, open->end, name);
    if (!close) return std::nullopt;
    return TaggedBlocks::Span{open->end, close->begin};
  }
  return std::nullopt;
}

class Collector {
 public:
  Collector(std::string_view text, const std::vector<std::string>& tags,
            std::vector<TaggedBlocks::Block>& blocks, std::vector<std::string>& warnings)
      : text_(text), tags_(tags), blocks_(blocks), warnings_(warnings) {}

  // A block's content: its nested blocks, or the whole of it when it has none.
  void content(std::size_t begin, std::size_t end, const std::string& title, const std::string& id,
               int depth) {
    std::string_view scope = text_.substr(0, end);
    std::size_t gap = begin;
    bool nested = false;
    std::optional<Found> found;
    while (depth < kMaxNesting && gap < end && (found = next_block(scope, gap, tags_))) {
      nested = true;
      leaf(gap, found->open.begin, title, id);
      note_unclosed(*found);
      std::string inner_title, inner_id;
      attribute_values(found->open.attributes, inner_title, inner_id);
      content(found->open.end, found->inner_end, inner_title, inner_id, depth + 1);
      gap = found->outer_end;
    }
    if (!nested) {
      document_layout(begin, end, title, id);
    } else {
      leaf(gap, end, title, id);
    }
  }

  void note_unclosed(const Found& found) {
    if (!found.closed) {
      warnings_.push_back("unclosed <" + std::string(found.open.name) +
                          "> tag: its block runs to the end of the text");
    }
  }

 private:
  void document_layout(std::size_t begin, std::size_t end, const std::string& title,
                       const std::string& id) {
    std::optional<TaggedBlocks::Span> body = child(text_, begin, end, "document_content");
    if (!body) {
      leaf(begin, end, title, id);
      return;
    }
    std::string source_id = id;
    if (source_id.empty()) {
      if (std::optional<TaggedBlocks::Span> source = child(text_, begin, end, "source")) {
        TaggedBlocks::Span s = trim(text_, source->begin, source->end);
        source_id = text_.substr(s.begin, s.end - s.begin);
      }
    }
    leaf(body->begin, body->end, title, source_id);
  }

  void leaf(std::size_t begin, std::size_t end, const std::string& title, const std::string& id) {
    TaggedBlocks::Span span = trim(text_, begin, end);
    if (span.begin < span.end) blocks_.push_back({span.begin, span.end, title, id});
  }

  std::string_view text_;
  const std::vector<std::string>& tags_;
  std::vector<TaggedBlocks::Block>& blocks_;
  std::vector<std::string>& warnings_;
};

}  // namespace

TaggedBlocks TaggedBlocks::find(std::string_view text, const std::vector<std::string>& tags) {
  TaggedBlocks result;
  Collector collector(text, tags, result.blocks_, result.warnings_);
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::optional<Found> found = next_block(text, pos, tags);
    if (!found) break;
    collector.note_unclosed(*found);
    result.outer_.push_back({found->open.begin, found->outer_end});
    std::string title, id;
    attribute_values(found->open.attributes, title, id);
    collector.content(found->open.end, found->inner_end, title, id, 1);
    pos = found->outer_end;
  }
  return result;
}

std::string TaggedBlocks::remainder(std::string_view text) const {
  std::string out;
  std::size_t pos = 0;
  for (const Span& span : outer_) {
    if (span.begin > pos) out.append(text.substr(pos, span.begin - pos));
    pos = std::max(pos, span.end);
  }
  if (pos < text.size()) out.append(text.substr(pos));
  return out;
}

}  // namespace groundgate::filters::context
