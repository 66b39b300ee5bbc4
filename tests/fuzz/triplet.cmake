gg_fuzz_target(fuzz_triplet ${CMAKE_CURRENT_LIST_DIR}/fuzz_triplet.cc gg_filters_triplet)
