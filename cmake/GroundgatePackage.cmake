# What `cmake --install` puts in a prefix, and the Debian package CPack makes of it
# (`cmake --build BUILD --target package`, or `cpack` in BUILD):
#   bin/groundgate
#   share/groundgate/examples/*.yaml     the example configs (config/examples)
#   share/groundgate/models/rag.json     the built-in scorer model (compiled in too), to train on
#   share/groundgate/grafana/            the Grafana dashboard
#   lib/systemd/system/groundgate.service  the systemd unit, naming the installed binary
# The package depends on deploy/runtime-packages.txt, the list the container image installs.
include(GNUInstallDirs)

install(TARGETS groundgate RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
file(GLOB gg_example_configs ${PROJECT_SOURCE_DIR}/config/examples/*.yaml)
install(FILES ${gg_example_configs} DESTINATION ${CMAKE_INSTALL_DATADIR}/groundgate/examples)
install(FILES ${PROJECT_SOURCE_DIR}/filters/score/models/rag.json
        DESTINATION ${CMAKE_INSTALL_DATADIR}/groundgate/models)
install(FILES ${PROJECT_SOURCE_DIR}/deploy/grafana/groundgate-dashboard.json
        DESTINATION ${CMAKE_INSTALL_DATADIR}/groundgate/grafana)

# The unit names /usr/local/bin/groundgate (a hand install); installed, it names the binary
# under the prefix of the install (cmake --install --prefix, CPack's /usr).
install(CODE "set(GG_UNIT_SOURCE \"${PROJECT_SOURCE_DIR}/deploy/systemd/groundgate.service\")
              set(GG_BINDIR \"${CMAKE_INSTALL_BINDIR}\")
              include(\"${PROJECT_SOURCE_DIR}/cmake/install_systemd_unit.cmake\")")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${PROJECT_SOURCE_DIR}/deploy/runtime-packages.txt)

# The Debian package: /usr prefix, stripped, its dependencies the runtime package list (the
# versions dpkg-shlibdeps finds for the libraries are added to it).
file(STRINGS ${PROJECT_SOURCE_DIR}/deploy/runtime-packages.txt gg_runtime_packages
     REGEX "^[a-z0-9]")
list(JOIN gg_runtime_packages ", " gg_depends)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME groundgate)
set(CPACK_PACKAGE_VENDOR groundgate)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "streaming proxy that checks LLM answers against their retrieved context")
set(CPACK_PACKAGE_CONTACT "groundgate maintainers <maintainers@groundgate.invalid>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# DESTDIR staging: install(CODE) then sees the real prefix, /usr, not the staging directory.
set(CPACK_SET_DESTDIR ON)
set(CPACK_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${gg_depends}")
include(CPack)
