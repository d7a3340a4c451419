# Precompiled headers: the standard headers most files include (plus doctest for the tests, imgui
# for the views), parsed once per target instead of once per file. Half of a file's compile time
# went to parsing headers; with these, Clang builds the ASan engine in 3m26s instead of 4m22s on
# the 2-core machine. Clang only: through a PCH, GCC 12 reports its -Wstringop-overflow false
# positives from inside <string> as if they were in our code. Used by the Clang builds (ASan,
# release, fuzz: fuzz/CMakeLists.txt), which compile each file on its own otherwise, so a file
# that misses one of our own headers fails there (the GCC release build's batches, below, would
# hide it; a missing standard header is hidden by the PCH).
option(PLAYBENCH_PCH "Precompile the common standard headers (Clang builds)" ON)
set(PB_PCH_STD <algorithm> <array> <cmath> <cstdint> <cstdio> <cstdlib> <cstring> <filesystem> <fstream>
    <functional> <limits> <memory> <optional> <ostream> <sstream> <string> <string_view> <utility> <vector>)
function(pb_pch target)
  if(PLAYBENCH_PCH AND CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    target_precompile_headers(${target} PRIVATE ${PB_PCH_STD} ${ARGN})
  endif()
endfunction()

# Unity builds: the program's files compiled in batches of 16, so the headers they share are
# parsed, and the templates they share compiled, once a batch instead of once a file. What makes
# a fresh clone's `make run` quicker (docs/building.md#build-time). The release preset turns it
# on for the engine, the views and the program (not the tests); the Clang builds compile file by
# file, so a missing #include or a name two files both define still fails there.
option(PLAYBENCH_UNITY "Compile the program's sources in batches (unity build)" OFF)
function(pb_unity target)
  if(PLAYBENCH_UNITY)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 16)
  endif()
endfunction()
