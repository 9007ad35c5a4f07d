#include "kutulu_cli.h"
int kutulu_cmd_tournament(int argc, char **argv) { (void)argc; (void)argv; return kcli_fail("tournament: not yet"); }


