/* cmd_merge.c — `kutulu merge FILE...`: the tournament table of shard files (tournament
 * --shard K/N --out FILE), the same as the one-process run's (kit/shard.h). */
#include "cli.h"
#include "kit/shard.h"

int cmd_merge(int argc, char **argv) {
    return kit_merge_command(ARENA_PROG, argc, argv, cmd_tournament_from);
}
