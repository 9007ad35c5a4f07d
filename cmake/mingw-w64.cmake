# mingw-w64.cmake — CMake toolchain file for a Windows (x86-64) build with the mingw-w64 cross
# compiler (Debian's gcc-mingw-w64-x86-64):
#   cmake -S . -B build-mingw --toolchain cmake/mingw-w64.cmake
# The programs it builds are Windows executables; ctest runs them through Wine (Debian's wine64)
# as the cross-compiling emulator, so `ctest --test-dir build-mingw` works on Linux. The tool is
# built without PNG output (DMAP_TOOL_PNG=OFF: no libpng for mingw-w64 in Debian). The arenas are
# off unless DMAP_BUILD_ARENAS=ON and jansson_DIR names a jansson built for mingw-w64
# (scripts/mingw-jansson.sh: Debian has none; zlib is Debian's libz-mingw-w64-dev);
# tests/windows.sh is the whole check and turns them on.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(DMAP_MINGW_PREFIX x86_64-w64-mingw32 CACHE STRING "The mingw-w64 compilers' prefix")
# The -posix variant of Debian's compilers uses winpthreads (the C11/C++11 threads of the
# toolchain); the plain name may point at the -win32 variant.
find_program(CMAKE_C_COMPILER NAMES ${DMAP_MINGW_PREFIX}-gcc-posix ${DMAP_MINGW_PREFIX}-gcc REQUIRED)
find_program(CMAKE_CXX_COMPILER NAMES ${DMAP_MINGW_PREFIX}-g++-posix ${DMAP_MINGW_PREFIX}-g++)
find_program(CMAKE_RC_COMPILER NAMES ${DMAP_MINGW_PREFIX}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${DMAP_MINGW_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# The C99 printf family (%zu, %lld, %a) of mingw-w64's own stdio instead of the old msvcrt's.
set(CMAKE_C_FLAGS_INIT "-D__USE_MINGW_ANSI_STDIO=1")
set(CMAKE_CXX_FLAGS_INIT "-D__USE_MINGW_ANSI_STDIO=1")
set(DMAP_TOOL_PNG OFF CACHE BOOL "The dmap tool's PNG heatmaps (needs libpng)")
set(DMAP_BUILD_ARENAS OFF CACHE BOOL "Build the arenas and their kit (need jansson, zlib, pthreads)")
# zlib for the arenas: the static libz.a of libz-mingw-w64-dev, not its DLL (CMake 3.24 or newer).
set(ZLIB_USE_STATIC_LIBS ON)
# Executables and the DLL link the toolchain's C runtime support and winpthreads statically, so
# that Wine (or a Windows machine) runs them without the toolchain's DLLs beside them: the DLL
# needs only Windows' own (KERNEL32.dll, msvcrt.dll).
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static")
# Debian's wine64 package installs /usr/lib/wine/wine64 (the `wine` package adds /usr/bin/wine).
find_program(DMAP_WINE NAMES wine64 wine PATHS /usr/lib/wine)
# Wine's own configuration (its "prefix", made on first use, about 10 s) lives in the build
# folder; WINEDEBUG=-all keeps Wine's diagnostics out of the programs' stderr, which the tests
# read.
if(DMAP_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_COMMAND} -E env WINEPREFIX=${CMAKE_BINARY_DIR}/wineprefix
    WINEDEBUG=-all ${DMAP_WINE})
endif()
