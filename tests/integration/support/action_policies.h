#pragma once
// The policies every action is tested with on live traffic, on the engines' own labels (the
// scorer off), alike for chat completions (guard_test) and the Responses API (responses_test),
// so that both see the same verdicts on the same route: annotate, comment, annotate-held, block,
// block-http, rewrite and tools (tool calls verified). As they stand under `policies:`.

namespace groundgate::testing {

inline constexpr const char* kActionPolicies = R"(  annotate:
    verifiers: [semantic_pieces]
    scorer: {model: "off"}  # the actions on the engines' own labels
  comment:
    verifiers: [semantic_pieces]
    scorer: {model: "off"}  # the actions on the engines' own labels
    annotations: comment
  annotate-held:
    verifiers: [semantic_pieces]
    scorer: {model: "off"}  # the actions on the engines' own labels
    hold: sentence
    actions: {supported: annotate, unsupported: annotate, contradicted: annotate}
  block:
    verifiers: [semantic_pieces]
    scorer: {model: "off"}  # the actions on the engines' own labels
    hold: sentence
    actions: {unsupported: block, contradicted: block}
  block-http:
    verifiers: [semantic_pieces]
    scorer: {model: "off"}  # the actions on the engines' own labels
    hold: sentence
    actions: {contradicted: block}
    block_status: 422
  rewrite:
    verifiers: [semantic_pieces]
    scorer: {model: "off"}  # the actions on the engines' own labels
    hold: sentence
    actions: {contradicted: {rewrite: correct}, unsupported: {rewrite: replace}}
    rewrite: {notice: "[removed]"}
  tools:
    verifiers: [semantic_pieces]
    scorer: {model: "off"}  # the actions on the engines' own labels
    hold: sentence
    actions: {unsupported: block, contradicted: block}
    verify_tool_calls: true
)";

}  // namespace groundgate::testing
