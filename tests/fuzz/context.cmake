gg_fuzz_target(fuzz_context_extractor ${CMAKE_CURRENT_LIST_DIR}/fuzz_context_extractor.cc
               gg_filters_context gg_openai)
