# Run by `cmake --install` (install(CODE) in GroundgatePackage.cmake): writes the systemd unit
# with the binary's path under the prefix given at install time (`--prefix`, CPack's /usr).
# In: GG_UNIT_SOURCE, GG_BINDIR (relative), CMAKE_INSTALL_PREFIX, $ENV{DESTDIR}.
file(READ "${GG_UNIT_SOURCE}" unit)
string(REPLACE "/usr/local/bin/groundgate" "${CMAKE_INSTALL_PREFIX}/${GG_BINDIR}/groundgate" unit
               "${unit}")
set(target "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/lib/systemd/system/groundgate.service")
message(STATUS "Installing: ${target}")
file(WRITE "${target}" "${unit}")
