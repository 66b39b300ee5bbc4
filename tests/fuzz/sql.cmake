# The SQL guard's readers of untrusted text: SQL extraction (answers, fences, tool arguments,
# the query's tokens and filters, the question's values, check 5's model answers and variant
# requests) and the schema loader (DDL found in
# prose, JSON descriptions, request bodies, the schema database built from them) and the intent
# check's readers (the question's cues, the request's definitions, the query's clauses).
gg_fuzz_target(fuzz_sql_extraction ${CMAKE_CURRENT_LIST_DIR}/fuzz_sql_extraction.cc
               gg_filters_sql simdjson::simdjson)
gg_fuzz_target(fuzz_sql_schema ${CMAKE_CURRENT_LIST_DIR}/fuzz_sql_schema.cc gg_filters_sql
               gg_openai)
gg_fuzz_target(fuzz_sql_intent ${CMAKE_CURRENT_LIST_DIR}/fuzz_sql_intent.cc gg_filters_sql)
