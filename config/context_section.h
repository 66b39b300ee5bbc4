#pragma once
// A policy's `context:` section: which parts of a request hold the retrieved context.

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

// The most context one request may contribute; the index costs up to ~10x this in memory.
inline constexpr std::size_t kMaxContextBytes = 64u << 20;

ContextSourcesConfig read_context_sources(const YamlField& field, ErrorSink& errors);

}  // namespace groundgate::config
