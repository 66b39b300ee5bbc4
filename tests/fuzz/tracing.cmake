# W3C trace context from clients (helper: tracing).
gg_fuzz_target(fuzz_traceparent fuzz_traceparent.cc gg_tracing)
