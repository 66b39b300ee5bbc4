# The semantic-piece verifier on random context, question and answer, fed in random deltas.
gg_fuzz_target(fuzz_semantic_piece ${CMAKE_CURRENT_LIST_DIR}/fuzz_semantic_piece.cc
               gg_filters_semantic_piece)
