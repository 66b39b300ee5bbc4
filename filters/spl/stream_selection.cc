#include "filters/spl/stream_selection.h"

namespace groundgate::filters::spl {
namespace {

enum class Tri : std::uint8_t { kFalse, kTrue, kUnknown };

class Evaluator {
 public:
  Evaluator(const CommandFacts& facts, const Stream& stream,
            const std::function<bool(const Component&)>& use)
      : facts_(facts), stream_(stream), use_(use) {}

  Tri eval(std::uint32_t index, int depth = 0) const {
    if (index >= facts_.conditions.size() || depth > 64) return Tri::kUnknown;
    const Condition& c = facts_.conditions[index];
    switch (c.node) {
      case Condition::Node::kComponent: return component(facts_.components[c.component]);
      case Condition::Node::kOther: return Tri::kUnknown;
      case Condition::Node::kNot: {
        const Tri inner = c.children.empty() ? Tri::kUnknown : eval(c.children[0], depth + 1);
        return inner == Tri::kTrue ? Tri::kFalse : inner == Tri::kFalse ? Tri::kTrue : Tri::kUnknown;
      }
      case Condition::Node::kAnd: {
        Tri out = Tri::kTrue;
        for (std::uint32_t child : c.children) {
          const Tri t = eval(child, depth + 1);
          if (t == Tri::kFalse) return Tri::kFalse;
          if (t == Tri::kUnknown) out = Tri::kUnknown;
        }
        return out;
      }
      case Condition::Node::kOr: {
        Tri out = Tri::kFalse;
        for (std::uint32_t child : c.children) {
          const Tri t = eval(child, depth + 1);
          if (t == Tri::kTrue) return Tri::kTrue;
          if (t == Tri::kUnknown) out = Tri::kUnknown;
        }
        return out;
      }
    }
    return Tri::kUnknown;
  }

 private:
  Tri component(const Component& c) const {
    const std::string_view value = stream_value(stream_, c.kind);
    if (value.empty() || !use_(c)) return Tri::kUnknown;
    return glob_match(c.value, value, true) || glob_match(value, c.value, true) ? Tri::kTrue
                                                                               : Tri::kFalse;
  }

  const CommandFacts& facts_;
  const Stream& stream_;
  const std::function<bool(const Component&)>& use_;
};

}  // namespace

std::string_view stream_value(const Stream& stream, Kind kind) {
  switch (kind) {
    case Kind::kIndex: return stream.index;
    case Kind::kSourcetype: return stream.sourcetype;
    case Kind::kSource: return stream.source;
    default: return {};
  }
}

std::vector<bool> select_streams(const CommandFacts& facts, const SplMetadata& metadata,
                                 const std::function<bool(const Component&)>& use) {
  const auto streams = metadata.streams();
  std::vector<bool> out(streams.size(), true);
  if (facts.condition_root == UINT32_MAX) return out;
  for (std::size_t i = 0; i < streams.size(); ++i) {
    out[i] = Evaluator(facts, streams[i], use).eval(facts.condition_root) != Tri::kFalse;
  }
  return out;
}

}  // namespace groundgate::filters::spl
