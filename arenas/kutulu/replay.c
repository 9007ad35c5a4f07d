/* replay.c — Kutulu replay files. Waiting for the kit's replay writer (arenas/kit/replay.h);
 * until it lands, --replay reports that it is unavailable. */
#include <stdio.h>

#include "kutulu_replay.h"

int kt_replay_writer_open(kt_replay_writer *w, const char *path, const kt_mapset *maps,
                          const kt_match_config *cfg, kt_player *const players[KT_PLAYERS],
                          char *err, size_t errlen) {
    (void)w, (void)path, (void)maps, (void)cfg, (void)players;
    snprintf(err, errlen, "replay files are not available in this build yet");
    return -1;
}
void kt_replay_turn_write(kt_replay_writer *w, const kt_game *g,
                          char lines[KT_PLAYERS][KT_LINE_MAX],
                          const unsigned char played[KT_PLAYERS]) {
    (void)w, (void)g, (void)lines, (void)played;
}
int kt_replay_writer_close(kt_replay_writer *w, const kt_match_result *res, char *err,
                           size_t errlen) {
    (void)w, (void)res, (void)err, (void)errlen;
    return 0;
}
void kt_replay_writer_abort(kt_replay_writer *w) { (void)w; }
