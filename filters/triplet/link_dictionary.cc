#include "filters/triplet/link_dictionary.h"

#include <link-grammar/link-includes.h>

#include <chrono>
#include <map>
#include <mutex>

namespace groundgate::filters::triplet {

namespace {

// The library reports through a global handler; the data path does no I/O, so drop them.
void drop_message(lg_errinfo*, void*) {}

}  // namespace

LinkDictionary::LoadResult LinkDictionary::load(const std::string& data_dir,
                                                const std::string& language) {
  static std::once_flag handler_once;
  std::call_once(handler_once, [] { lg_error_set_handler(drop_message, nullptr); });
  // The library keeps the data directory in a global: loads are serialized here.
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  const auto start = std::chrono::steady_clock::now();
  dictionary_set_data_dir(data_dir.c_str());
  Dictionary dictionary = dictionary_create_lang(language.c_str());
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (dictionary == nullptr) {
    return {nullptr,
            "link-grammar: cannot load the '" + language + "' dictionary from " + data_dir};
  }
  return {std::make_shared<const LinkDictionary>(dictionary, ms), {}};
}

LinkDictionary::LoadResult LinkDictionary::shared(const std::string& data_dir) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const LinkDictionary>> loaded;
  std::lock_guard lock(mutex);
  if (auto it = loaded.find(data_dir); it != loaded.end()) return {it->second, {}};
  LoadResult result = load(data_dir, "en");
  if (result.dictionary) loaded.emplace(data_dir, result.dictionary);
  return result;
}

LinkDictionary::~LinkDictionary() {
  dictionary_delete(static_cast<Dictionary>(handle_));
}

}  // namespace groundgate::filters::triplet
