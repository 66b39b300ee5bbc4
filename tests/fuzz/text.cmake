gg_fuzz_target(fuzz_text ${CMAKE_CURRENT_LIST_DIR}/fuzz_text.cc gg_filters_text)
