#include "filters/index/indexed_entity.h"

namespace groundgate::filters::index {

IndexedEntity pack_entity(const text::Entity& e, TermDictionary& strings) {
  IndexedEntity out;
  out.value = e.value;
  out.low = e.low;
  out.high = e.high;
  out.second = e.second;
  out.date = e.date;
  out.begin = static_cast<std::uint32_t>(e.begin);
  out.end = static_cast<std::uint32_t>(e.end);
  if (!e.key.empty()) out.key = strings.intern(e.key);
  if (!e.currency.empty()) out.currency = strings.intern(e.currency);
  out.type = e.type;
  out.subtype = e.subtype;
  out.unit = e.unit;
  out.qualifier = e.qualifier;
  out.converted = e.converted;
  return out;
}

text::Entity unpack_entity(const IndexedEntity& e, std::string_view passage_text,
                           const TermDictionary& strings) {
  text::Entity out;
  out.type = e.type;
  out.subtype = e.subtype;
  out.begin = e.begin;
  out.end = e.end;
  if (e.begin <= e.end && e.end <= passage_text.size()) {
    out.text = passage_text.substr(e.begin, e.end - e.begin);
  }
  out.value = e.value;
  out.low = e.low;
  out.high = e.high;
  out.second = e.second;
  out.unit = e.unit;
  if (e.currency != kNoTerm) out.currency = strings.term(e.currency);
  out.qualifier = e.qualifier;
  out.converted = e.converted;
  out.date = e.date;
  if (e.key != kNoTerm) out.key = strings.term(e.key);
  return out;
}

}  // namespace groundgate::filters::index
