/* cmd_match.c — placeholder */
#include "pommerman_cli.h"
int cmd_match(int argc, char **argv) { (void)argc; (void)argv; return 2; }
int cmd_tournament(int argc, char **argv) { (void)argc; (void)argv; return 2; }
