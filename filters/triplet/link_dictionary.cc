#include "filters/triplet/link_dictionary.h"

#include <link-grammar/link-includes.h>

#include <chrono>
#include <mutex>

namespace groundgate::filters::triplet {

namespace {

// The library reports through a global handler; the data path does no I/O, so drop them.
void drop_message(lg_errinfo*, void*) {}

}  // namespace

LinkDictionary::LoadResult LinkDictionary::load(const std::string& language) {
  static std::once_flag handler_once;
  std::call_once(handler_once, [] { lg_error_set_handler(drop_message, nullptr); });
  const auto start = std::chrono::steady_clock::now();
  Dictionary dictionary = dictionary_create_lang(language.c_str());
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (dictionary == nullptr) {
    return {nullptr, "link-grammar: cannot load the '" + language + "' dictionary"};
  }
  return {std::make_shared<const LinkDictionary>(dictionary, ms), {}};
}

LinkDictionary::LoadResult LinkDictionary::shared() {
  static std::mutex mutex;
  static std::shared_ptr<const LinkDictionary> instance;
  std::lock_guard lock(mutex);
  if (instance) return {instance, {}};
  LoadResult result = load("en");
  instance = result.dictionary;
  return result;
}

LinkDictionary::~LinkDictionary() {
  dictionary_delete(static_cast<Dictionary>(handle_));
}

}  // namespace groundgate::filters::triplet
