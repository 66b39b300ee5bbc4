# The filter chain with the phrase redactor under random phrases and random delta splits.
gg_fuzz_target(fuzz_filter_chain ${CMAKE_CURRENT_SOURCE_DIR}/fuzz_filter_chain.cc
               gg_filters_redact gg_filters_stream)
# The guard (sentence hold, random actions) on random answers and contexts in random deltas.
gg_fuzz_target(fuzz_guard ${CMAKE_CURRENT_SOURCE_DIR}/fuzz_guard.cc gg_filters_actions gg_openai)
# The guard's one rule over random request bodies and random upstream bytes (SSE and JSON): on
# `on_error: closed` no text reaches the client that the guard did not let through.
gg_fuzz_target(fuzz_guard_invariant ${CMAKE_CURRENT_SOURCE_DIR}/fuzz_guard_invariant.cc
               gg_filters_actions gg_openai gg_sse_transform)
