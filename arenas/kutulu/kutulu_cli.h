/* kutulu_cli.h — what the `kutulu` program's commands share: exit codes, messages, files. */
#ifndef KUTULU_CLI_H
#define KUTULU_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "kutulu.h"

#define KCLI_USAGE 2 /* bad input: one line on stderr, exit 2 */

/* "kutulu: MESSAGE" on stderr; returns KCLI_USAGE. */
int kcli_fail(const char *fmt, ...);
/* Read a whole file into a malloc'ed NUL-terminated buffer (free it). 0, or -1 (printed).
 * Files over KCLI_FILE_MAX bytes are refused (recorded games are about 20 KB). */
enum { KCLI_FILE_MAX = 16 << 20 };
int kcli_read_file(const char *path, char **text, size_t *len);

int kutulu_replay_trace(const char *path, const kt_mapset *maps);
int kutulu_cmd_replay(int argc, char **argv);
int kutulu_cmd_match(int argc, char **argv);
int kutulu_cmd_tournament(int argc, char **argv);
/* The league maps from --maps DIR or the default folder; 0 or KCLI_USAGE (printed). */
int kcli_load_maps(const char *dir, kt_mapset *maps);
/* A Java long; 0 or KCLI_USAGE (printed). */
int kcli_int64(const char *opt, const char *s, int64_t *out);
/* --bot-stderr's value v: "inherit" (2), "discard" (-1), a FILE opened for appending, or dflt
 * when v is NULL (not given). Open it after every other argument is checked, so that bad input
 * creates no file. 0 or KCLI_USAGE (printed). */
int kcli_bot_stderr(const char *v, int dflt, int *fd);
/* Split "A,B,C,D" in place into exactly 4 player specs, each a built-in bot or cmd:PROGRAM
 * ARGS; 0 or KCLI_USAGE (the kit's one line: kit_split_bots, kit_unknown_bot). */
int kcli_bots(const char *opt, char *s, char *specs[KT_PLAYERS]);

#endif
