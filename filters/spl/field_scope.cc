#include "filters/spl/field_scope.h"

#include "filters/spl/cim_models.h"
#include "filters/spl/splunk_defaults.h"

namespace groundgate::filters::spl {
namespace {

bool has_wildcard(std::string_view s) {
  return s.find('*') != std::string_view::npos;
}

// `name` renamed by `from` AS `to`, one `*` each: the part `*` matched carried over.
std::string renamed(std::string_view from, std::string_view to, std::string_view name) {
  const std::size_t star = from.find('*');
  const std::string_view head = from.substr(0, star), tail = from.substr(star + 1);
  const std::string_view middle = name.substr(head.size(), name.size() - head.size() - tail.size());
  std::string out(to);
  const std::size_t to_star = out.find('*');
  if (to_star != std::string::npos) out.replace(to_star, 1, middle);
  return out;
}

}  // namespace

FieldScope::FieldScope(const SplMetadata& metadata)
    : metadata_(&metadata), selected_(metadata.streams().size(), true) {}

void FieldScope::select_streams(const std::vector<bool>& selected) {
  for (std::size_t i = 0; i < selected_.size() && i < selected.size(); ++i)
    selected_[i] = selected_[i] && selected[i];
}

bool FieldScope::fields_checkable() const {
  return metadata_->knows(Kind::kField);
}

bool FieldScope::metadata_has(std::string_view field) const {
  return metadata_->names(Kind::kField).contains(field) || metadata_->mentioned(field);
}

bool FieldScope::selected_have(std::string_view field) const {
  if (metadata_->loose_fields().contains(field)) return true;
  // A word the prose mentions supports a field no stream lists; a stream's field is the
  // streams' to place.
  if (metadata_->mentioned(field) && !metadata_->names(Kind::kField).contains(field)) return true;
  const auto streams = metadata_->streams();
  for (std::size_t i = 0; i < streams.size(); ++i) {
    if (!selected_[i]) continue;
    if (!streams[i].fields_known || metadata_->stream_has_field(i, field)) return true;
  }
  return false;
}

FieldAbsence FieldScope::find(std::string_view field) const {
  const std::string name(field);
  if (present_.contains(name)) return FieldAbsence::kPresent;
  if (gone_.contains(name)) return open_ ? FieldAbsence::kPresent : FieldAbsence::kDropped;
  if (open_) return FieldAbsence::kPresent;
  if (events_) {
    if (is_default_field(field) || !fields_checkable() || selected_have(field)) {
      return FieldAbsence::kPresent;
    }
    return metadata_has(field) ? FieldAbsence::kOtherStream : FieldAbsence::kUnknown;
  }
  // Kept by a wildcard of table or fields from raw events.
  for (const std::string& pattern : kept_patterns_) {
    if (glob_match(pattern, field, false) &&
        (is_default_field(field) || !fields_checkable() || selected_have(field))) {
      return FieldAbsence::kPresent;
    }
  }
  // A name the metadata, the CIM or the pipeline knows is not there now; only a name nobody
  // gave is unknown (and with no field list at all, any name may have been on the events).
  if (ever_.contains(name) || is_default_field(field) || metadata_has(field) ||
      !fields_checkable() || CimModels::get().has_field(field)) {
    return FieldAbsence::kDropped;
  }
  return FieldAbsence::kUnknown;
}

void FieldScope::rename(const FieldRename& r) {
  if (!has_wildcard(r.from)) {
    present_.erase(r.from);
    if (events_) gone_.insert(r.from);
    gone_.erase(r.to);
    present_.insert(r.to);
    return;
  }
  std::vector<std::string> from_present;
  for (const std::string& f : present_) {
    if (glob_match(r.from, f, false)) from_present.push_back(f);
  }
  for (const std::string& f : from_present) {
    present_.erase(f);
    present_.insert(renamed(r.from, r.to, f));
  }
  if (events_) {
    for (const std::string& f : metadata_->names(Kind::kField).names()) {
      if (glob_match(r.from, f, false)) present_.insert(renamed(r.from, r.to, f));
    }
  }
}

void FieldScope::keep_only(const std::vector<FieldRef>& kept) {
  std::unordered_set<std::string> next;
  std::vector<std::string> patterns;
  for (const FieldRef& k : kept) {
    if (has_wildcard(k.name)) {
      for (const std::string& f : present_) {
        if (glob_match(k.name, f, false)) next.insert(f);
      }
      if (events_) patterns.push_back(k.name);
    } else if (find(k.name) == FieldAbsence::kPresent) {
      next.insert(k.name);
    }
  }
  present_ = std::move(next);
  kept_patterns_ = std::move(patterns);
  events_ = false;
}

void FieldScope::apply(const CommandFacts& facts) {
  for (const FieldRef& c : facts.creates)
    ever_.insert(c.name);
  for (const FieldRename& r : facts.renames)
    ever_.insert(r.to);
  if (facts.output == Output::kReplace) {
    events_ = false;
    open_ = facts.open;
    present_.clear();
    gone_.clear();
    kept_patterns_.clear();
    for (const FieldRef& c : facts.creates)
      present_.insert(c.name);
    return;
  }
  for (const FieldRef& c : facts.creates) {
    present_.insert(c.name);
    gone_.erase(c.name);
  }
  for (const FieldRename& r : facts.renames)
    rename(r);
  for (const FieldRef& r : facts.removes) {
    if (has_wildcard(r.name)) {
      std::erase_if(present_, [&](const std::string& f) { return glob_match(r.name, f, false); });
    } else {
      present_.erase(r.name);
      if (events_) gone_.insert(r.name);
    }
  }
  if (facts.keeps) keep_only(facts.kept);
  if (facts.open) open_ = true;
}

void FieldScope::join(const FieldScope& other) {
  present_.insert(other.present_.begin(), other.present_.end());
  ever_.insert(other.ever_.begin(), other.ever_.end());
  if (other.open_ || other.events_) open_ = true;
}

std::vector<std::string> FieldScope::present_names() const {
  return {present_.begin(), present_.end()};
}

}  // namespace groundgate::filters::spl
