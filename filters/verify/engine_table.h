#pragma once
// The verification engines a policy can name (`verifiers:`), by name: an explicit table (no
// static self-registration, which silently disappears from static libraries). Each entry says
// how a stream's verifier runs the engine on one sentence. A new engine is its pure library
// (filters/<engine>/), an adapter and a line in engine_table.cc, its switch and options in
// VerifyConfig, and its name in config's list of verifiers.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "filters/index/context_index.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::verify {

struct VerifyConfig;

// One engine on one stream's answer (it may keep what it learns of the answer so far).
class SentenceEngine {
 public:
  virtual ~SentenceEngine() = default;
  // Its findings on `sentence`, at byte `offset` of choice `choice`'s answer, appended to `out`.
  virtual void verify(std::string_view sentence, std::size_t offset, std::uint32_t choice,
                      std::vector<Finding>& out) = 0;
};

struct KnownEngine {
  std::string_view name;  // as policies name it
  Engine engine;
  bool VerifyConfig::*selected;  // the policy runs it
  // Null when its shared parts did not load: every sentence is then engine_missing.
  std::unique_ptr<SentenceEngine> (*make)(const VerifyConfig& config,
                                          std::shared_ptr<const index::ContextIndex> index,
                                          std::string_view question);
};

std::span<const KnownEngine> known_engines();
// The engine named `name`, or null.
const KnownEngine* find_engine(std::string_view name);

}  // namespace groundgate::filters::verify
