#include "proxy/sse/sse_writer.h"

#include "proxy/sse/line_end.h"

namespace groundgate::proxy::sse {
namespace {

// Calls emit(line) for each line of `text`; LF, CRLF and lone CR all end a line, as a reader
// would split them.
template <typename Emit>
void for_each_line(std::string_view text, Emit emit) {
  std::size_t start = 0;
  while (true) {
    const std::size_t end = find_line_end(text, start);
    if (end == text.size()) {
      emit(text.substr(start));
      return;
    }
    emit(text.substr(start, end - start));
    start = end + 1;
    if (text[end] == '\r' && start < text.size() && text[start] == '\n') ++start;
  }
}

void append_field(std::string& out, std::string_view name, std::string_view value) {
  out.append(name);
  out.append(": ");
  out.append(value);
  out.push_back('\n');
}

}  // namespace

void SseWriter::append_data(std::string& out, std::string_view payload, std::string_view type,
                            std::string_view id) {
  // A field value cannot carry a line break; drop any so the block stays well formed.
  auto single_line = [&out](std::string_view name, std::string_view value) {
    out.append(name);
    out.append(": ");
    for_each_line(value, [&out](std::string_view line) { out.append(line); });
    out.push_back('\n');
  };
  if (!type.empty()) single_line("event", type);
  if (!id.empty()) single_line("id", id);
  for_each_line(payload, [&out](std::string_view line) { append_field(out, "data", line); });
  out.push_back('\n');
}

void SseWriter::append_comment(std::string& out, std::string_view text) {
  for_each_line(text, [&out](std::string_view line) {
    out.append(": ");
    out.append(line);
    out.push_back('\n');
  });
  out.push_back('\n');
}

void SseWriter::append_error(std::string& out, std::string_view error_json) {
  append_data(out, error_json);
}

}  // namespace groundgate::proxy::sse
