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
