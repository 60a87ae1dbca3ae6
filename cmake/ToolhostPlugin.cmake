# toolhost_embed_file(TARGET VAR FILE): generates a header defining
# `inline constexpr std::string_view VAR` with the bytes of FILE, so a builtin
# embeds its checked-in manifest and the file stays the single source of truth.
function(toolhost_embed_file target var file)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/embedded/${target}/${var}.hpp)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DIN=${file} -DOUT=${out} -DVAR=${var}
            -P ${PROJECT_SOURCE_DIR}/cmake/EmbedFile.cmake
    DEPENDS ${file} ${PROJECT_SOURCE_DIR}/cmake/EmbedFile.cmake
    COMMENT "Embedding ${file}")
  target_sources(${target} PRIVATE ${out})
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/embedded/${target})
endfunction()

# toolhost_add_builtin_plugin(NAME MANIFEST file SOURCES ...): a builtin plugin
# shared object in the builtin plugin directory, with its manifest embedded as
# `toolhost_manifest_json`.
function(toolhost_add_builtin_plugin name)
  cmake_parse_arguments(P "" "MANIFEST;OUTPUT_DIR" "SOURCES;LIBRARIES" ${ARGN})
  if(NOT P_OUTPUT_DIR)
    set(P_OUTPUT_DIR ${TOOLHOST_BUILTIN_PLUGIN_DIR})
  endif()
  add_library(${name} MODULE ${P_SOURCES})
  target_link_libraries(${name} PRIVATE toolhost::sdk toolhost_warnings ${P_LIBRARIES})
  set_target_properties(${name} PROPERTIES
    PREFIX "" OUTPUT_NAME ${name}
    LIBRARY_OUTPUT_DIRECTORY ${P_OUTPUT_DIR}
    CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  # A plugin must not resolve symbols from the host at load time.
  target_link_options(${name} PRIVATE -Wl,--no-undefined)
  if(P_OUTPUT_DIR STREQUAL TOOLHOST_BUILTIN_PLUGIN_DIR)
    set_property(GLOBAL APPEND PROPERTY TOOLHOST_BUILTIN_PLUGINS ${name})
  endif()
  if(P_MANIFEST)
    toolhost_embed_file(${name} toolhost_manifest_json ${P_MANIFEST})
  endif()
endfunction()
