# Every third-party dependency comes from a Debian package (see scripts/setup.sh).
set(Boost_NO_WARN_NEW_VERSIONS ON)
find_package(Boost 1.81.0 EXACT REQUIRED CONFIG COMPONENTS json filesystem)
find_package(ICU REQUIRED COMPONENTS uc i18n data)
find_package(OpenSSL 3 REQUIRED)
find_package(SQLite3 REQUIRED)
find_package(Threads REQUIRED)
find_package(PkgConfig REQUIRED)

# valijson: header-only, unpacked by scripts/setup.sh (or the full Debian package).
find_path(VALIJSON_INCLUDE_DIR valijson/validator.hpp
  HINTS $ENV{TOOLHOST_DEPS_DIR}/valijson/include /opt/toolhost-deps/valijson/include /usr/include
  REQUIRED)
add_library(valijson INTERFACE)
target_include_directories(valijson SYSTEM INTERFACE ${VALIJSON_INCLUDE_DIR})
# Without this valijson aborts the process on a schema it cannot parse.
target_compile_definitions(valijson INTERFACE VALIJSON_USE_EXCEPTIONS=1)

if(TOOLHOST_BUILD_TESTS)
  find_package(GTest REQUIRED)
endif()
if(TOOLHOST_BUILD_BENCH)
  find_package(benchmark REQUIRED)
endif()

# The allocator of the toolhost executable (and of the benchmarks that stand
# for it): tcmalloc from gperftools' minimal build. The MCP server runs
# requests in batches whose objects are allocated and freed in bursts on two
# threads (the plugin's output is made on the worker and freed on the main
# thread); glibc's per-thread cache overflows into its locked arena paths
# there, and tcmalloc took 18% off the server's CPU per call. Not under the
# sanitizers, which bring their own allocator.
option(TOOLHOST_TCMALLOC "Link the toolhost executable against tcmalloc_minimal" ON)
add_library(toolhost_allocator INTERFACE)
if(TOOLHOST_TCMALLOC AND NOT TOOLHOST_SANITIZE)
  find_library(TCMALLOC_MINIMAL_LIBRARY NAMES tcmalloc_minimal REQUIRED)
  # --no-as-needed: nothing names tcmalloc; it is there to replace malloc.
  target_link_libraries(toolhost_allocator INTERFACE
    -Wl,--push-state,--no-as-needed ${TCMALLOC_MINIMAL_LIBRARY} -Wl,--pop-state)
endif()
