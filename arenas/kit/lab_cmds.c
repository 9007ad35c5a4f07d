/* lab_cmds.c — the `league` and `sprt` commands of every arena program: the kit's commands
 * (lab_cmd.h) over the program's hooks for them (arena_lab) and its help lines. Built into each
 * program (dmap_arena_program), not into the kit's library, whose other users define no hooks. */
#include "lab_cmd.h"
#include "program.h"

int cmd_league(int argc, char **argv) {
    return kit_league_command(&arena_lab, arena_league_help, arena_lab.state(), argc, argv);
}

int cmd_sprt(int argc, char **argv) {
    return kit_sprt_command(&arena_lab, arena_sprt_help, arena_lab.state(), argc, argv);
}
