#include "filters/context/context_extractor.h"

#include "filters/context/context_collector.h"

namespace groundgate::filters::context {
namespace {

using request::Role;

void add_turn(const request::Turn& turn, ContextCollector& collector) {
  switch (turn.role) {
    case Role::kTool:
      collector.add_tool_result(turn.text, turn.name, turn.id);
      break;
    case Role::kSystem:
    case Role::kDeveloper:
      collector.add_system(turn.text);
      break;
    case Role::kUser:
      collector.add_user(turn.text);
      break;
    case Role::kPrompt:  // the app's text around the question: its tagged blocks only
      collector.add_tagged(turn.text);
      break;
    case Role::kAssistant:  // the model's earlier answers are not evidence
    case Role::kOther:
      break;
  }
}

}  // namespace

ExtractedContext extract_context(const request::RequestView& request,
                                 const ContextOptions& options) {
  ExtractedContext out;
  out.warnings = request.warnings;
  if (!request.readable) {
    out.warnings.push_back(request.error);
    return out;
  }
  out.readable = true;
  ContextCollector collector(options, out);
  if (options.extension_fields) {
    for (const request::ContextField& field : request.context_fields)
      collector.add_field(field);
  }
  for (const request::Turn& turn : request.turns)
    add_turn(turn, collector);
  for (const std::string& part : request.unreadable)
    collector.unreadable(part);
  collector.finish();
  return out;
}

}  // namespace groundgate::filters::context
