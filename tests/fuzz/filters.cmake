# The filter chain with the phrase redactor under random phrases and random delta splits.
gg_fuzz_target(fuzz_filter_chain ${CMAKE_CURRENT_SOURCE_DIR}/fuzz_filter_chain.cc
               gg_filters_redact gg_filters_stream)
