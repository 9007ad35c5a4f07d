/* test_error.c — the messages of the error codes (src/error.c): every code from DMAP_OK to
 * DMAP_ERR_CEILING has its own message, one line without a trailing period or newline; any
 * other number (a positive one, one past the last code) gets "unknown error". */
#include <string.h>

#include "check.h"
#include "dmap.h"

int main(void) {
    const int first = DMAP_OK, last = DMAP_ERR_CEILING;
    for (int c = first; c >= last; c--) {
        const char *m = dmap_strerror(c);
        CHECK(m && *m && strcmp(m, "unknown error") != 0);
        CHECK(m && !strchr(m, '\n') && m[strlen(m) - 1] != '.');
        for (int d = first; d > c; d--) CHECK(strcmp(m, dmap_strerror(d)) != 0);
    }
    CHECK(strcmp(dmap_strerror(1), "unknown error") == 0);
    CHECK(strcmp(dmap_strerror(last - 1), "unknown error") == 0);
    CHECK(strcmp(dmap_strerror(-1000), "unknown error") == 0);
    return check_report("test_error");
}
