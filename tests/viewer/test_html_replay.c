/* test_html_replay.c — the arena kit's standalone-HTML writer (arenas/kit/html_replay.c)
 * without a browser: the page holds the viewer's style and scripts inline (no link to a file
 * left), the replay inline with every '<' escaped and nothing else changed, one data element;
 * an existing file is replaced whole; a missing folder or replay fails with a reason and leaves
 * no file. (tests/viewer/test_viewer.py opens such pages in Chromium.) */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "kit/html_replay.h"

static char dir[] = "/tmp/dmap-html-XXXXXX";

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) s[0] = '\0';
    if (s) s[n] = '\0';
    fclose(f);
    return s;
}

static size_t count(const char *hay, const char *needle) {
    size_t n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

static void test_page(void) {
    const char replay[] =
        "{\"format\":\"dmap-replay\",\"version\":1,\"game\":\"pursuit\",\"width\":2,\"height\":1,"
        "\"players\":[\"</script><b>\",\"a<!--b\"],\"terrain\":[\"..\"]}\n"
        "{\"turn\":1,\"state\":{\"predator\":[0,0],\"prey\":[1,0]}}\n";
    char path[128], err[256] = "";
    snprintf(path, sizeof path, "%s/r.html", dir);
    CHECK_EQ_INT(kit_html_replay_write(path, replay, strlen(replay), err, sizeof err), 0);
    char *page = slurp(path);
    CHECK(page != NULL);
    if (!page) return;
    /* the viewer inline: no link to its files remains, the scripts and style are there */
    CHECK(strstr(page, "href=\"viewer.css\"") == NULL);
    CHECK(strstr(page, "src=\"") == NULL);
    CHECK(strstr(page, "var DmapReplay") != NULL);
    CHECK(strstr(page, "var DmapDraw") != NULL);
    CHECK(strstr(page, "window.dmapViewer") != NULL);
    CHECK(strstr(page, "<style>") != NULL);
    CHECK_EQ_INT(count(page, "id=\"dmap-replay-data\""), 1);
    CHECK(strstr(page, "<!-- replay data -->") == NULL);
    /* the replay: between the data element's start and its end, with '<' as \u003c */
    const char *start = strstr(page, "id=\"dmap-replay-data\">");
    const char *end = start ? strstr(start, "</script>") : NULL;
    CHECK(start && end);
    if (start && end) {
        start += strlen("id=\"dmap-replay-data\">");
        size_t n = (size_t)(end - start);
        char *data = malloc(n + 1);
        memcpy(data, start, n);
        data[n] = '\0';
        CHECK(strchr(data, '<') == NULL);
        /* undo the escape: the replay comes back byte for byte (the writer adds newlines) */
        char *back = malloc(n + 1), *o = back;
        for (const char *p = data; *p;) {
            if (!strncmp(p, "\\u003c", 6))
                *o++ = '<', p += 6;
            else
                *o++ = *p++;
        }
        *o = '\0';
        CHECK(strstr(back, replay) != NULL);
        free(back);
        free(data);
    }
    free(page);

    /* an existing file is replaced whole */
    const char small[] = "{\"format\":\"dmap-replay\"}\n";
    CHECK_EQ_INT(kit_html_replay_write(path, small, strlen(small), err, sizeof err), 0);
    page = slurp(path);
    CHECK(page && strstr(page, "\"width\":2") == NULL && strstr(page, small) != NULL);
    free(page);
}

static void test_errors(void) {
    char path[128], replay_path[128], err[256] = "";
    snprintf(path, sizeof path, "%s/no/such/folder.html", dir);
    CHECK_EQ_INT(kit_html_replay_write(path, "x", 1, err, sizeof err), -1);
    CHECK(strstr(err, "folder.html") != NULL);
    snprintf(path, sizeof path, "%s/out.html", dir);
    snprintf(replay_path, sizeof replay_path, "%s/missing.jsonl", dir);
    err[0] = '\0';
    CHECK_EQ_INT(kit_html_replay_from_file(path, replay_path, err, sizeof err), -1);
    CHECK(strstr(err, "missing.jsonl") != NULL);
    CHECK(access(path, F_OK) != 0); /* nothing written */
    /* from a file: same page as from the text */
    FILE *f = fopen(replay_path, "w");
    CHECK(f != NULL);
    if (!f) return;
    fputs("{\"turn\":1}\n", f);
    fclose(f);
    CHECK_EQ_INT(kit_html_replay_from_file(path, replay_path, err, sizeof err), 0);
    char other[128];
    snprintf(other, sizeof other, "%s/other.html", dir);
    CHECK_EQ_INT(kit_html_replay_write(other, "{\"turn\":1}\n", 11, err, sizeof err), 0);
    char *a = slurp(path), *b = slurp(other);
    CHECK(a && b && strcmp(a, b) == 0);
    free(a);
    free(b);
}

int main(void) {
    if (!mkdtemp(dir)) return 1;
    test_page();
    test_errors();
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return check_report("test_html_replay");
}
