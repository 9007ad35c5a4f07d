/* trace.h — the recorded games of data/traces (format: data/README.md): reading gzip or
 * plain text files as lines, writing the engine's state in the trace's own line format, and
 * replaying a trace on the engine (from its seed and recorded answers) line for line. */
#ifndef BOMBER_TRACE_H
#define BOMBER_TRACE_H

#include <stddef.h>

#include "bomber.h"

/* A text file split into lines (the buffer is modified: each line ends in NUL). */
typedef struct bomber_lines {
    char *buf;
    char **line;
    size_t n;
} bomber_lines;

/* Read a whole file, gzip-compressed or plain (kit_read_file), of at most BOMBER_FILE_MAX
 * bytes once uncompressed (larger files are refused before more memory is taken: "PATH:
 * larger than 64 MiB uncompressed (the limit for recorded games)"), split into lines (a '\r'
 * before '\n' dropped). Returns 0, or -1 with a one-line reason in err. */
enum { BOMBER_FILE_MAX = 64 << 20 };
int bomber_lines_read(const char *path, bomber_lines *l, char *err, size_t errlen);
void bomber_lines_free(bomber_lines *l);

/* The seven state lines of the trace format ("  P ...", "  B ...", ...), without newline. */
enum { BOMBER_STATE_LINES = 7, BOMBER_LINE_MAX = 16384 };
void bomber_format_state(const bomber_game *g, char out[BOMBER_STATE_LINES][BOMBER_LINE_MAX]);
/* "T t A a0 a1 Q ... R n" and "  X ..." for one tick. */
void bomber_format_tick(int tick, const bomber_answer answers[BOMBER_PLAYERS],
                        const bomber_tick_log *log, char *out, size_t cap);
void bomber_format_events(const bomber_tick_log *log, char *out, size_t cap);
/* "END ticks N winner W reason R scores s0 s1 hp h0 h1". */
void bomber_format_end(const bomber_game *g, char *out, size_t cap);

/* Called after every replayed tick with the engine state and the answers the trace records
 * for the NEXT tick (BOMBER_ANS_NONE after the last tick); returns 0 to go on, nonzero to stop
 * (the replay then returns that value). */
typedef int (*bomber_replay_hook)(void *ctx, const bomber_game *g,
                                  const bomber_answer next[BOMBER_PLAYERS], int last);

/* The header of a trace: seed and the kinds of the two players. */
typedef struct bomber_trace_info {
    long long seed;
    char kind[BOMBER_PLAYERS][32];
    long ticks;
} bomber_trace_info;

/* Replay a trace: map from the seed, then each tick with the recorded answers, comparing
 * INIT, every T line (answers, applied actions, words drawn), the seven state lines, X and
 * END. Returns 0 when every line matches; 1 with the first difference in err ("tick T field
 * F: trace '...' engine '...'"); 2 for a malformed trace (err says where). hook may be NULL. */
int bomber_replay_trace(const bomber_lines *trace, bomber_replay_hook hook, void *ctx,
                        bomber_trace_info *info, char *err, size_t errlen);

#endif
