#pragma once
// A message header's fields in the order they came, in one flat store: each field's name and
// value are appended to one string, and an entry keeps their offsets and Beast's code for the
// name. MessageParser (message_parser.h) fills it; the proxy looks fields up and forwards them.
// A header has a few dozen fields at most, so a scan costs less than the tree that Beast's
// http::fields builds (an allocation per field, case-insensitive compares per tree step), and
// the header goes with two allocations instead of one per field.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/beast/http/field.hpp>

namespace groundgate::proxy::http1 {

class HeaderFields {
 public:
  struct Field {
    boost::beast::http::field name;  // field::unknown for a name Beast has no code for
    std::string_view name_string;    // as received
    std::string_view value;
  };

  class const_iterator {
   public:
    const_iterator(const HeaderFields* fields, std::size_t i) : fields_(fields), i_(i) {}
    Field operator*() const { return fields_->at(i_); }
    const_iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator==(const const_iterator& other) const = default;

   private:
    const HeaderFields* fields_;
    std::size_t i_;
  };

  HeaderFields();

  void add(boost::beast::http::field name, std::string_view name_string, std::string_view value);
  void clear();

  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  Field at(std::size_t i) const;
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, entries_.size()}; }

  // The first field with that code (a known one, not field::unknown), or with that name in
  // any case; none when there is none.
  std::optional<std::string_view> find(boost::beast::http::field name) const;
  std::optional<std::string_view> find(std::string_view name) const;
  // The first value with that code, or "" (as Beast's fields[field]).
  std::string_view operator[](boost::beast::http::field name) const {
    return find(name).value_or(std::string_view());
  }
  std::size_t count(boost::beast::http::field name) const;

 private:
  struct Entry {
    boost::beast::http::field name;
    std::uint32_t name_at;
    std::uint32_t name_size;
    std::uint32_t value_at;
    std::uint32_t value_size;
  };
  std::string_view text(std::uint32_t at, std::uint32_t size) const {
    return std::string_view(text_.data() + at, size);  // an entry's offsets are in text_
  }

  std::string text_;
  std::vector<Entry> entries_;
};

}  // namespace groundgate::proxy::http1
