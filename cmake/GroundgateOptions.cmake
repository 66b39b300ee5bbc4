# Per-target warnings; sanitizers are global so that every object agrees on them.
function(gg_target_options target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter)
endfunction()

if(GG_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
  # -O1 with line tables only: instrumented coroutine code at -O2 -g compiles 2-3x slower
  # (exchange_response.cc: 187 s against 79 s) for no better report.
  set(CMAKE_CXX_FLAGS_RELWITHDEBINFO "-O1 -g1 -DNDEBUG")
endif()
if(GG_TSAN)
  # Data races between the I/O threads, the prepare workers and the tests' own threads.
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
  set(CMAKE_CXX_FLAGS_RELWITHDEBINFO "-O1 -g1 -DNDEBUG")
endif()
if(GG_FUZZ)
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()

# Asio and Beast are compiled once, in proxy/asio_impl.cc, not in every translation unit.
# Each thread keeps up to 8 freed blocks per kind (operations, coroutine frames, ...) for
# reuse instead of Asio's 2: an exchange has more coroutine frames alive than that, and each
# one that misses the cache is an aligned allocation and free. Every object must agree on it
# (it sizes Asio's per-thread state), as on the other definitions here.
set(GG_ASIO_DEFINITIONS
    BOOST_ASIO_SEPARATE_COMPILATION
    BOOST_BEAST_SEPARATE_COMPILATION
    BOOST_ASIO_NO_DEPRECATED
    BOOST_ASIO_RECYCLING_ALLOCATOR_CACHE_SIZE=8)
