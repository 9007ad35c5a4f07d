#include "kutulu_cli.h"
int kutulu_cmd_tournament(int argc, char **argv) { (void)argc; (void)argv; return kcli_fail("tournament: not yet"); }
size_t kt_bot_count(void) { return 0; }
const kt_bot *kt_bot_at(size_t i) { (void)i; return 0; }
