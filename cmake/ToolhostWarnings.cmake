# Warning and sanitizer flags shared by every target of the project.
add_library(toolhost_warnings INTERFACE)
target_compile_options(toolhost_warnings INTERFACE -Wall -Wextra -Wpedantic
  $<$<COMPILE_LANGUAGE:CXX>:-Wnon-virtual-dtor>)
# GCC 12 reports -Wrestrict false positives inside libstdc++'s std::string
# concatenation at -O2 (GCC bug 105329); they are not in our code.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(toolhost_warnings INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-Wno-restrict>)
endif()
if(TOOLHOST_WERROR)
  target_compile_options(toolhost_warnings INTERFACE -Werror)
endif()

if(TOOLHOST_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
