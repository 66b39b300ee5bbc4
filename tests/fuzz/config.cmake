gg_fuzz_target(fuzz_config_loader ${CMAKE_CURRENT_SOURCE_DIR}/fuzz_config_loader.cc gg_config)
