#include "filters/spl/metadata_file.h"

#include <fstream>
#include <sstream>

#include "filters/spl/metadata_json.h"
#include "filters/spl/metadata_text.h"

namespace groundgate::filters::spl {

namespace {
constexpr std::size_t kMaxFileBytes = 16u << 20;
}  // namespace

MetadataFile metadata_from_document(std::string_view text) {
  MetadataFile out;
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && text[first] == '{') {
    MetadataJson json = metadata_from_json(text);
    out.metadata = std::move(json.metadata);
    out.error = std::move(json.error);
    return out;
  }
  out.metadata = std::make_shared<SplMetadata>();
  add_metadata_text(text, *out.metadata);
  return out;
}

MetadataFile load_metadata_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {nullptr, "cannot read " + path};
  std::ostringstream text;
  text << in.rdbuf();
  const std::string s = text.str();
  if (s.size() > kMaxFileBytes) return {nullptr, path + " is over 16 MiB"};
  MetadataFile out = metadata_from_document(s);
  if (!out.error.empty()) out.error = path + ": " + out.error;
  return out;
}

}  // namespace groundgate::filters::spl
