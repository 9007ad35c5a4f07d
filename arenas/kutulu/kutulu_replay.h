/* kutulu_replay.h — Kutulu replay files (JSON Lines in the common format of
 * arenas/kit/README.md): the header with the maze and parameters, one line per turn with the
 * actions and the state lines, the result. Written by `kutulu match --replay`; replay.c
 * documents the fields. */
#ifndef KUTULU_REPLAY_H
#define KUTULU_REPLAY_H

#include "kutulu_players.h"

typedef struct kt_replay_writer {
    void *impl;
} kt_replay_writer;

int kt_replay_writer_open(kt_replay_writer *w, const char *path, const kt_mapset *maps,
                          const kt_match_config *cfg, kt_player *const players[KT_PLAYERS],
                          char *err, size_t errlen);
void kt_replay_turn_write(kt_replay_writer *w, const kt_game *g,
                          char lines[KT_PLAYERS][KT_ANSWER_MAX],
                          const unsigned char played[KT_PLAYERS]);
int kt_replay_writer_close(kt_replay_writer *w, const kt_match_result *res, char *err,
                           size_t errlen);
void kt_replay_writer_abort(kt_replay_writer *w);

/* Read a replay file back and replay it: the recorded actions from the header's seed and map
 * must give every recorded state line and the scores. 0 when they do; 1 with the first
 * difference in err; -1 with err when the file is unreadable or not a replay. */
int kt_replay_check_file(const char *path, const kt_mapset *maps, char *err, size_t errlen);

typedef struct match_observer {
    int render;
    kt_replay_writer *replay;
} match_observer;

#endif
