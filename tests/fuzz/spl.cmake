# The SPL guard's readers of untrusted text: the search (lexer, macro expansion, parser,
# grammars, checks, corrections), the metadata (spl_metadata JSON, prose), the question, and
# the search's place in an answer.
gg_fuzz_target(fuzz_spl ${CMAKE_CURRENT_LIST_DIR}/fuzz_spl.cc gg_filters_spl)
