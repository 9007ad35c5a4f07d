# html_replay.cmake — the kit's standalone-HTML replay writer (html_replay.c), as the library
# kit_html_replay, with outfile.c (the output files it and the rest of the kit write): the
# viewer's files (viewer/) are compiled into it from a C source that cmake/embed_files.cmake
# generates at build time, so a change to the viewer rebuilds it.
set(KIT_VIEWER_DIR ${PROJECT_SOURCE_DIR}/viewer)
set(KIT_VIEWER_FILES ${KIT_VIEWER_DIR}/index.html ${KIT_VIEWER_DIR}/viewer.css
  ${KIT_VIEWER_DIR}/replay.js ${KIT_VIEWER_DIR}/draw.js ${KIT_VIEWER_DIR}/viewer.js)
set(KIT_VIEWER_NAMES kit_viewer_index_html kit_viewer_css kit_viewer_replay_js
  kit_viewer_draw_js kit_viewer_js)
set(KIT_VIEWER_C ${CMAKE_CURRENT_BINARY_DIR}/viewer_assets.c)
# the lists travel to the script joined by '|' (a ';' would split the command's arguments)
string(REPLACE ";" "|" KIT_VIEWER_NAMES_ARG "${KIT_VIEWER_NAMES}")
string(REPLACE ";" "|" KIT_VIEWER_FILES_ARG "${KIT_VIEWER_FILES}")
add_custom_command(OUTPUT ${KIT_VIEWER_C}
  COMMAND ${CMAKE_COMMAND} -DOUT=${KIT_VIEWER_C} -DNAMES=${KIT_VIEWER_NAMES_ARG}
    -DFILES=${KIT_VIEWER_FILES_ARG} -P ${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake
  DEPENDS ${KIT_VIEWER_FILES} ${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake
  VERBATIM
  COMMENT "Embedding the replay viewer (viewer/) for standalone HTML replays")
add_library(kit_html_replay STATIC ${CMAKE_CURRENT_SOURCE_DIR}/html_replay.c
  ${CMAKE_CURRENT_SOURCE_DIR}/outfile.c ${KIT_VIEWER_C})
target_include_directories(kit_html_replay PUBLIC ${PROJECT_SOURCE_DIR}/arenas)
target_compile_options(kit_html_replay PRIVATE ${DMAP_WARNINGS})
