# Tables in the context (pipe, HTML, CSV, JSON records) and the figure checker on random
# context, question and answer lines.
gg_fuzz_target(fuzz_figures ${CMAKE_CURRENT_LIST_DIR}/fuzz_figures.cc gg_filters_figures)
