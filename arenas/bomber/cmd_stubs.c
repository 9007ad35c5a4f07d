#include "bomber_cli.h"
int cmd_match(int argc, char **argv) { (void)argc; (void)argv; return bcli_fail("todo"); }
int cmd_tournament(int argc, char **argv) { (void)argc; (void)argv; return bcli_fail("todo"); }
