#pragma once
// Chat completions (and legacy completions) chunks as the stream transform sees them: choices'
// content and refusal deltas (both the choice's text), reasoning deltas (`reasoning_content`
// or `reasoning`: choice kMaxChoices + the choice's index, apart from its answer),
// finish_reason, tool-call pieces; [DONE] ends the answer and the usage chunk is the trailer the
// summary rides on. A chunk that brings a choice text (content, refusal, reasoning or a tool
// call's name or arguments) after its finish_reason does not decode: a client shows it, and
// its answer was decided. A stopped answer ends with finish_reason "content_filter" (choice
// 0's, when no chunk named a choice yet) and [DONE].

#include <bitset>
#include <string>
#include <string_view>
#include <vector>

#include "filters/stream/filter_chain.h"
#include "proxy/openai/chunk_decoder.h"
#include "proxy/openai/stream_adapter.h"

namespace groundgate::proxy::openai {

class ChatStreamAdapter final : public StreamAdapter {
 public:
  Status decode(const sse::SseEvent& event, WireEvent& out) override;
  bool may_send_first(const sse::SseEvent& event) const override;
  void sent(int, std::string_view) override {}
  bool rewrite(const sse::SseEvent& event, std::vector<Edit> edits,
               const std::vector<std::string>& annotations, std::string& json) override;
  MadeEvent content_event(int choice, std::string_view text,
                          const std::vector<std::string>& annotations) override;
  MadeEvent annotation_event(const std::vector<std::string>& annotations) override;
  void stop_events(const std::vector<int>& open_choices,
                   const std::vector<std::string>& annotations,
                   std::vector<MadeEvent>& out) override;
  MadeEvent error_event(std::string_view message, std::string_view type,
                        std::string_view code) override;
  // The chunk's "id" as the upstream wrote it, without its quotes (ids need no escapes).
  std::string_view response_id() const override {
    std::string_view id = header_.id;
    if (id.size() >= 2 && id.front() == '"' && id.back() == '"') id = id.substr(1, id.size() - 2);
    return id;
  }

 private:
  static constexpr int kMaxChoices = filters::stream::kMaxChoices;

  ChunkDecoder decoder_;
  DecodedChunk chunk_;
  ChunkHeader header_;  // of the upstream's last chunk, repeated in chunks made here
  bool legacy_ = false;
  bool any_choice_ = false;                // some chunk named a choice
  std::bitset<kMaxChoices> ended_;         // finish_reason came
  std::bitset<kMaxChoices> reasoning_;     // reasoning came
  std::bitset<kMaxChoices> refusal_last_;  // the last text of the choice was its refusal
};

}  // namespace groundgate::proxy::openai
