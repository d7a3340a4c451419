# Precompiled headers: the standard headers most files include (plus doctest for the tests, imgui
# for the views), parsed once per target instead of once per file. Half of a file's compile time
# went to parsing headers; with these, Clang builds the ASan engine in 3m26s instead of 4m22s on
# the 2-core machine. A build-time measure only: the GCC build compiles every file without them,
# so a missing #include still fails there. Clang only: through a PCH, GCC 12 reports its
# -Wstringop-overflow false positives from inside <string> as if they were in our code.
# Used by the main build and the fuzz build (fuzz/CMakeLists.txt).
option(PLAYBENCH_PCH "Precompile the common standard headers (Clang builds)" ON)
set(PB_PCH_STD <algorithm> <array> <cmath> <cstdint> <cstdio> <cstdlib> <cstring> <filesystem> <fstream>
    <functional> <limits> <memory> <optional> <ostream> <sstream> <string> <string_view> <utility> <vector>)
function(pb_pch target)
  if(PLAYBENCH_PCH AND CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    target_precompile_headers(${target} PRIVATE ${PB_PCH_STD} ${ARGN})
  endif()
endfunction()
