#pragma once
// The side requests' API (the stream contract's SideApi) as the model-call code of filters/sql
// names it (ModelApi): both say which API's body shape a request and its answer have.

#include "filters/sql/variant_request.h"
#include "filters/stream/stream_filter.h"

namespace groundgate::filters::actions {

inline sql::ModelApi model_api(stream::SideApi api) {
  return api == stream::SideApi::kResponses ? sql::ModelApi::kResponses
                                            : sql::ModelApi::kChatCompletions;
}

}  // namespace groundgate::filters::actions
