/* cmd_tournament.c — placeholder until the kit runner lands */
#include <stdio.h>
#include "pommerman_cli.h"
int cmd_tournament(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "pommerman: tournament: not yet\n"); return 2; }
