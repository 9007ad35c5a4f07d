#include "kutulu_cli.h"
int kutulu_cmd_match(int argc, char **argv) { (void)argc; (void)argv; return kcli_fail("match: not yet"); }
