/* cmd_tournament_missing.c — built only while the arena kit's tournament runner (kit/tournament.c)
 * is not in the tree: the command says so. Removed once the kit has landed. */
#include <stdio.h>

#include "pommerman_cli.h"

int cmd_tournament(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "pommerman: tournament needs the arena kit's runner (arenas/kit/tournament.c), "
                    "not in this tree yet\n");
    return 2;
}
