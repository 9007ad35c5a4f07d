/* maze.c — the maze text format of the referee (rows of cells) and its league-7 maze list, in
 * the referee's order (MazeFactory.java). */
#include <stdio.h>
#include <string.h>

#include "kutulu.h"

/* MazeFactory.java's bronze-and-above list, in order: the map draw indexes it. */
static const char *const league_names[KT_LEAGUE_MAPS] = {
    "Four of a kind", "Hypersonic", "Origin of symmetry", "Shelter me", "Slasher's hell",
    "Typhoon", "Oasis", "Cross", "Shelter in Peril", "Corridors", "Roommates", "Pac man",
    "The challenge from beyond", "Cog", "Hill climbing", "Pixelated"};
static const char *const league_files[KT_LEAGUE_MAPS] = {
    "FourOfAKind.txt", "Hypersonic.txt", "OriginOfSymmetry.txt", "ShelterMe.txt",
    "SlasherHell.txt", "Typhoon.txt", "Oasis.txt", "Cross.txt", "ShelterInPeril.txt",
    "Corridors.txt", "Roommates.txt", "PacMan.txt", "ChallengeFromBeyond.txt", "Cog.txt",
    "HillClimbing.txt", "Pixelated.txt"};

const char *kt_league_map_name(int i) {
    return i >= 0 && i < KT_LEAGUE_MAPS ? league_names[i] : NULL;
}

const char *kt_league_map_file(int i) {
    return i >= 0 && i < KT_LEAGUE_MAPS ? league_files[i] : NULL;
}

int kt_league_map_index(const char *name) {
    for (int i = 0; name && i < KT_LEAGUE_MAPS; i++)
        if (strcmp(name, league_names[i]) == 0) return i;
    return -1;
}

int kt_map_parse(const char *text, size_t len, const char *name, kt_map *m, char *err,
                 size_t errlen) {
    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "%s", name ? name : "");
    size_t i = 0;
    int starts = 0;
    while (i < len) {
        size_t j = i;
        while (j < len && text[j] != '\n' && text[j] != '\r') j++;
        size_t n = j - i;
        if (n > 0) {
            if (m->w == 0) m->w = (int)(n <= KT_MAX_W ? n : KT_MAX_W + 1);
            if ((int)n != m->w || n > KT_MAX_W || m->h >= KT_MAX_H) {
                snprintf(err, errlen, "row %d: %s", m->h + 1,
                         n > KT_MAX_W || m->h >= KT_MAX_H ? "map too large" : "ragged row");
                return -1;
            }
            for (size_t k = 0; k < n; k++) {
                char c = text[i + k];
                if (c < 32 || c > 126) {
                    snprintf(err, errlen, "row %d: control byte", m->h + 1);
                    return -1;
                }
                if (c == 'S') starts++;
                m->cells[m->h * m->w + (int)k] = c;
            }
            m->h++;
        }
        i = j + 1;
    }
    if (m->h == 0) {
        snprintf(err, errlen, "empty map");
        return -1;
    }
    if (starts < KT_PLAYERS) {
        snprintf(err, errlen, "%d explorer starts 'S', need %d", starts, KT_PLAYERS);
        return -1;
    }
    return 0;
}
