# SSE framing, chunk JSON, request decoding and writing, and the streaming transform for chat chunks and
# Responses API events (helper: wire).
gg_fuzz_target(fuzz_sse_parser fuzz_sse_parser.cc gg_sse)
gg_fuzz_target(fuzz_chunk_decoder fuzz_chunk_decoder.cc gg_openai)
gg_fuzz_target(fuzz_request_inspector fuzz_request_inspector.cc gg_openai)
gg_fuzz_target(fuzz_sse_transform fuzz_sse_transform.cc gg_sse_transform)
gg_fuzz_target(fuzz_responses_transform fuzz_responses_transform.cc gg_sse_transform)
gg_fuzz_target(fuzz_body_framing fuzz_body_framing.cc gg_http1 Boost::headers)
gg_fuzz_target(fuzz_message_parser fuzz_message_parser.cc gg_http1)
gg_fuzz_target(fuzz_request_framing fuzz_request_framing.cc gg_http1)
gg_fuzz_target(fuzz_request_target fuzz_request_target.cc gg_http1)
