#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace groundgate::filters::triplet {

// The link-grammar English dictionary: loaded once, read-only afterwards and shared by every
// thread (the library supports concurrent parses on one dictionary; each parse needs its own
// Parse_Options, see LinkParser).
class LinkDictionary {
 public:
  struct LoadResult {
    std::shared_ptr<const LinkDictionary> dictionary;  // null on error
    std::string error;
  };

  // Debian's location (link-grammar-dictionaries-en): one directory per language.
  static constexpr std::string_view kDefaultDataDir = "/usr/share/link-grammar";

  // Loads the dictionary of `language` ("en") from `data_dir`/`language`. Silences the
  // library's diagnostics on stderr.
  static LoadResult load(const std::string& data_dir, const std::string& language);
  // The process-wide English dictionary of `data_dir`: loaded on the first call for that
  // directory, the same instance afterwards. A failed load is retried by the next call.
  static LoadResult shared(const std::string& data_dir = std::string(kDefaultDataDir));

  ~LinkDictionary();
  LinkDictionary(const LinkDictionary&) = delete;
  LinkDictionary& operator=(const LinkDictionary&) = delete;

  // The library's `Dictionary` handle, as an opaque pointer (keeps its header out of ours).
  void* handle() const { return handle_; }
  double load_milliseconds() const { return load_milliseconds_; }

  // Only load() builds one; public for std::make_shared.
  LinkDictionary(void* handle, double load_milliseconds)
      : handle_(handle), load_milliseconds_(load_milliseconds) {}

 private:
  void* handle_;
  double load_milliseconds_;
};

}  // namespace groundgate::filters::triplet
