#include "filters/sql/edited_text.h"

#include <algorithm>

namespace groundgate::filters::sql {

bool EditedText::replace(std::size_t begin, std::size_t end, std::string_view text) {
  if (begin > end || end > original_.size()) return false;
  auto at = std::lower_bound(edits_.begin(), edits_.end(), begin,
                             [](const Edit& e, std::size_t b) { return e.begin < b; });
  if (at != edits_.end() && at->begin < end) return false;
  if (at != edits_.begin() && std::prev(at)->end > begin) return false;
  edits_.insert(at, Edit{begin, end, std::string(text)});
  return true;
}

std::string EditedText::text() const {
  std::string out;
  std::size_t from = 0;
  for (const Edit& e : edits_) {
    out.append(original_, from, e.begin - from);
    out += e.text;
    from = e.end;
  }
  out.append(original_, from);
  return out;
}

std::size_t EditedText::to_original(std::size_t at) const {
  std::size_t shift_from = 0;  // original position of the current piece
  std::size_t edited_at = 0;   // its position in text()
  for (const Edit& e : edits_) {
    const std::size_t plain = e.begin - shift_from;  // unedited bytes before this edit
    if (at < edited_at + plain) return shift_from + (at - edited_at);
    edited_at += plain;
    if (at < edited_at + e.text.size()) return e.begin;
    edited_at += e.text.size();
    shift_from = e.end;
  }
  return std::min(shift_from + (at - edited_at), original_.size());
}

}  // namespace groundgate::filters::sql
