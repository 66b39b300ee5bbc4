#include "proxy/mock/response_store.h"

#include <algorithm>

namespace groundgate::proxy::mock {

void ResponseStore::put(std::string id, std::string response, std::string input_items) {
  std::lock_guard lock(mutex_);
  if (entries_.size() == kMaxResponses) entries_.pop_front();
  entries_.push_back(Entry{std::move(id), std::move(response), std::move(input_items)});
}

const ResponseStore::Entry* ResponseStore::find(std::string_view id) const {
  auto at = std::find_if(entries_.begin(), entries_.end(),
                         [&](const Entry& entry) { return entry.id == id; });
  return at == entries_.end() ? nullptr : &*at;
}

std::optional<std::string> ResponseStore::response(std::string_view id) const {
  std::lock_guard lock(mutex_);
  const Entry* entry = find(id);
  if (entry == nullptr) return std::nullopt;
  return entry->response;
}

std::optional<std::string> ResponseStore::input_items(std::string_view id) const {
  std::lock_guard lock(mutex_);
  const Entry* entry = find(id);
  if (entry == nullptr) return std::nullopt;
  return entry->input_items;
}

bool ResponseStore::erase(std::string_view id) {
  std::lock_guard lock(mutex_);
  auto at = std::find_if(entries_.begin(), entries_.end(),
                         [&](const Entry& entry) { return entry.id == id; });
  if (at == entries_.end()) return false;
  entries_.erase(at);
  return true;
}

}  // namespace groundgate::proxy::mock
