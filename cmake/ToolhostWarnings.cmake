# Warning and sanitizer flags shared by every target of the project.
add_library(toolhost_warnings INTERFACE)
target_compile_options(toolhost_warnings INTERFACE -Wall -Wextra -Wpedantic
  $<$<COMPILE_LANGUAGE:CXX>:-Wnon-virtual-dtor>)
if(TOOLHOST_WERROR)
  target_compile_options(toolhost_warnings INTERFACE -Werror)
endif()

if(TOOLHOST_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
