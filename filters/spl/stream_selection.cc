#include "filters/spl/stream_selection.h"

namespace groundgate::filters::spl {
namespace {

// A condition's value for one stream: true or false when the stream's names settle it,
// neutral when nothing in it names a stream (a field, a bare term, an eventtype, a component
// the stream does not state).
enum class Tri : std::uint8_t { kFalse, kTrue, kNeutral };

class Evaluator {
 public:
  Evaluator(const CommandFacts& facts, const Stream& stream,
            const std::function<bool(const Component&)>& use)
      : facts_(facts), stream_(stream), use_(use) {}

  Tri eval(std::uint32_t index, int depth = 0) const {
    if (index >= facts_.conditions.size() || depth > 64) return Tri::kNeutral;
    const Condition& c = facts_.conditions[index];
    switch (c.node) {
      case Condition::Node::kComponent:
        return component(facts_.components[c.component]);
      case Condition::Node::kOther:
        return Tri::kNeutral;
      case Condition::Node::kNot: {
        const Tri inner = c.children.empty() ? Tri::kNeutral : eval(c.children[0], depth + 1);
        return inner == Tri::kTrue    ? Tri::kFalse
               : inner == Tri::kFalse ? Tri::kTrue
                                      : Tri::kNeutral;
      }
      case Condition::Node::kAnd: {
        Tri out = Tri::kNeutral;
        for (std::uint32_t child : c.children) {
          const Tri t = eval(child, depth + 1);
          if (t == Tri::kFalse) return Tri::kFalse;
          if (t == Tri::kTrue) out = Tri::kTrue;
        }
        return out;
      }
      case Condition::Node::kOr: {
        // Alternatives that name no stream (`eventtype=x OR source=y`, as stream macros write
        // them) are read as other names of what the named ones select: the prompt supports
        // only the streams some alternative names.
        Tri out = Tri::kNeutral;
        for (std::uint32_t child : c.children) {
          const Tri t = eval(child, depth + 1);
          if (t == Tri::kTrue) return Tri::kTrue;
          if (t == Tri::kFalse) out = Tri::kFalse;
        }
        return out;
      }
    }
    return Tri::kNeutral;
  }

 private:
  Tri component(const Component& c) const {
    const std::string_view value = stream_value(stream_, c.kind);
    if (value.empty() || !use_(c)) return Tri::kNeutral;
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
    case Kind::kIndex:
      return stream.index;
    case Kind::kSourcetype:
      return stream.sourcetype;
    case Kind::kSource:
      return stream.source;
    default:
      return {};
  }
}

std::vector<bool> select_streams(const CommandFacts& facts, const SplMetadata& metadata,
                                 const std::function<bool(const Component&)>& use) {
  const auto streams = metadata.streams();
  std::vector<bool> out(streams.size(), true);
  if (facts.condition_root == UINT32_MAX) return out;
  // The streams the condition names; when it names none, every stream it does not exclude.
  std::vector<Tri> values(streams.size());
  bool any_true = false;
  for (std::size_t i = 0; i < streams.size(); ++i) {
    values[i] = Evaluator(facts, streams[i], use).eval(facts.condition_root);
    any_true = any_true || values[i] == Tri::kTrue;
  }
  for (std::size_t i = 0; i < streams.size(); ++i)
    out[i] = any_true ? values[i] == Tri::kTrue : values[i] != Tri::kFalse;
  return out;
}

}  // namespace groundgate::filters::spl
