#include "filters/context/passage.h"

namespace groundgate::filters::context {

const char* source_name(Passage::Source source) {
  switch (source) {
    case Passage::Source::kTool:
      return "tool";
    case Passage::Source::kContextField:
      return "context_field";
    case Passage::Source::kDocumentsField:
      return "documents_field";
    case Passage::Source::kTaggedBlock:
      return "tagged_block";
    case Passage::Source::kSystemMessage:
      return "system_message";
    case Passage::Source::kQuestion:
      return "question";
  }
  return "unknown";
}

}  // namespace groundgate::filters::context
