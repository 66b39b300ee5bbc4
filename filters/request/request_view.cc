#include "filters/request/request_view.h"

namespace groundgate::filters::request {

std::string_view RequestView::question() const {
  for (auto turn = turns.rbegin(); turn != turns.rend(); ++turn) {
    if (turn->role == Role::kUser) return turn->text;
  }
  return {};
}

const ExtensionMember* RequestView::extension(std::string_view name) const {
  for (const ExtensionMember& member : extensions) {
    if (member.name == name) return &member;
  }
  return nullptr;
}

}  // namespace groundgate::filters::request
