# toolhost_add_plugin(NAME SOURCES ...): builds a toolhost plugin shared
# object (no "lib" prefix, hidden visibility, no undefined symbols).
function(toolhost_add_plugin name)
  cmake_parse_arguments(P "" "" "SOURCES" ${ARGN})
  add_library(${name} MODULE ${P_SOURCES})
  target_link_libraries(${name} PRIVATE toolhost::sdk)
  set_target_properties(${name} PROPERTIES PREFIX "" CXX_VISIBILITY_PRESET hidden
                                           VISIBILITY_INLINES_HIDDEN ON)
  target_link_options(${name} PRIVATE -Wl,--no-undefined)
endfunction()
