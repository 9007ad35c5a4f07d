/* test_kit_cli.c — the shared option grammar: what each parser accepts (values checked) and
 * what it rejects (garbage, out of range, overflow, spaces, duplicates), and that every
 * rejection is exactly one line "PROG: ..." on stderr naming the option. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kit/cli.h"

#include "kit_capture.h"
#include "../../../tests/check.h"


/* the last call failed with exactly one line starting "prog: " and containing want */
static void expect_error(int rc, const char *what, const char *want) {
    const char *t = captured();
    size_t len = strlen(t);
    int one_line = len > 0 && t[len - 1] == '\n' && strchr(t, '\n') == t + len - 1;
    CHECK(rc == -1, "%s: accepted", what);
    CHECK(one_line && strncmp(t, "prog: ", 6) == 0 && strstr(t, want) != NULL,
          "%s: message '%s' (want one line with '%s')", what, t, want);
}

static void expect_quiet(int rc, const char *what) {
    const char *t = captured();
    CHECK(rc == 0 && t[0] == '\0', "%s: rc %d, stderr '%s'", what, rc, t);
}

static void test_seed(void) {
    uint64_t s = 5;
    expect_quiet(kit_parse_seed("prog", "--seed", "0", &s), "seed 0");
    CHECK(s == 0, "seed 0 value");
    expect_quiet(kit_parse_seed("prog", "--seed", "9223372036854775807", &s), "seed max");
    CHECK(s == 9223372036854775807ull, "seed max value");
    const char *bad[] = {"9223372036854775808", "18446744073709551616", "-1", " 1", "+1", "1x",
                         "", "abc", "1.0", "0x10", "1 "};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        s = 5;
        expect_error(kit_parse_seed("prog", "--seed", bad[i], &s), bad[i],
                     "prog: invalid value for --seed: '");
        CHECK(strstr(captured_text, "' (need an integer from 0 to 9223372036854775807)\n"),
              "seed message: %s", captured_text);
        CHECK(s == 5, "a rejected seed changed the output");
    }
}

static void test_long(void) {
    long v = 0;
    expect_quiet(kit_parse_long("prog", "--clocks", "-3", -5, 5, &v), "long -3");
    CHECK(v == -3, "long -3 value");
    expect_quiet(kit_parse_long("prog", "--clocks", "5", -5, 5, &v), "long hi bound");
    CHECK(v == 5, "long 5 value");
    const char *bad[] = {"6", "-6", "99999999999999999999", "1e3", " 5", "5 ", "", "-", "--1", "0x5"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_error(kit_parse_long("prog", "--clocks", bad[i], -5, 5, &v), bad[i],
                     "(need an integer from -5 to 5)");
}

static void test_double(void) {
    double d = 0;
    expect_quiet(kit_parse_double("prog", "--walls", "0.25", 0, 0.95, &d), "double");
    CHECK(d == 0.25, "0.25 value");
    expect_quiet(kit_parse_double("prog", "--walls", ".5", 0, 0.95, &d), "double .5");
    CHECK(d == 0.5, ".5 value");
    const char *bad[] = {"nan", "inf", "-inf", "1e999", "", "0.5 ", " 0.5", "1", "-0.1", "0x1p-2", "abc"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_error(kit_parse_double("prog", "--walls", bad[i], 0, 0.95, &d), bad[i],
                     "(need a decimal number from 0 to 0.95)");
}

static void test_jobs(void) {
    int j = -1;
    expect_quiet(kit_parse_jobs("prog", "--jobs", "0", &j), "jobs 0");
    CHECK(j == 0, "jobs 0 value");
    expect_quiet(kit_parse_jobs("prog", "--jobs", "1024", &j), "jobs 1024");
    CHECK(j == 1024, "jobs 1024 value");
    expect_error(kit_parse_jobs("prog", "--jobs", "1025", &j), "jobs 1025", "--jobs");
    expect_error(kit_parse_jobs("prog", "--jobs", "-1", &j), "jobs -1", "--jobs");
    expect_error(kit_parse_jobs("prog", "--jobs", "all", &j), "jobs all", "--jobs");
}

static void test_size(void) {
    long w = 0, h = 0;
    expect_quiet(kit_parse_size("prog", "--size", "12x10", 2, 4096, &w, &h), "12x10");
    CHECK(w == 12 && h == 10, "12x10 values %ld %ld", w, h);
    const char *bad[] = {"9", "8x", "x8", "8x8x8", "1x8", "8x4097", "8X8", "-8x8", " 8x8", "8x 8",
                         "", "x", "99999999999999999999x8", "8x99999999999999999999", "8,8"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_error(kit_parse_size("prog", "--size", bad[i], 2, 4096, &w, &h), bad[i],
                     "(need WxH, sides from 2 to 4096)");
}

/* the last call failed with exactly the line want (the whole of stderr) */
static void expect_line(int rc, const char *what, const char *want) {
    const char *t = captured();
    CHECK(rc == -1, "%s: accepted", what);
    CHECK(strcmp(t, want) == 0, "%s: message '%s' (want '%s')", what, t, want);
}

static void test_split_bots(void) {
    char *items[4];
    int n = 0;
    char ok[] = "a,bb,a";
    expect_quiet(kit_split_bots("prog", "--bots", ok, 3, 3, NULL, items, &n), "three of three");
    CHECK(n == 3 && !strcmp(items[0], "a") && !strcmp(items[1], "bb") && !strcmp(items[2], "a"),
          "list items");
    char one[] = "chase";
    expect_quiet(kit_split_bots("prog", "--predator", one, 1, 1, NULL, items, &n), "one of one");
    CHECK(n == 1 && items[0] == one && !strcmp(one, "chase"), "one item");
    char range[] = "x,y";
    expect_quiet(kit_split_bots("prog", "--bots", range, 2, 4, NULL, items, &n), "two of 2..4");
    CHECK(n == 2 && !strcmp(items[0], "x") && !strcmp(items[1], "y"), "range items");

    /* counts: the number of names given, also beyond the room in items */
    struct { const char *list; int min, max; const char *note, *want; } counts[] = {
        {"a", 4, 4, NULL, "prog: --bots: give exactly 4 bots, got 1\n"},
        {"a,b,c", 4, 4, NULL, "prog: --bots: give exactly 4 bots, got 3\n"},
        {"a,b,c,d,e,f,g", 4, 4, NULL, "prog: --bots: give exactly 4 bots, got 7\n"},
        {"a,b", 1, 1, NULL, "prog: --bots: give exactly 1 bot, got 2\n"},
        {"a", 2, 4, NULL, "prog: --bots: give 2 to 4 bots, got 1\n"},
        {"a,b,c,d,e", 2, 4, NULL, "prog: --bots: give 2 to 4 bots, got 5\n"},
        {"a", 4, 4, "config ffa", "prog: --bots: give exactly 4 bots (config ffa), got 1\n"},
    };
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        char buf[32];
        strcpy(buf, counts[i].list);
        n = -1;
        expect_line(kit_split_bots("prog", "--bots", buf, counts[i].min, counts[i].max,
                                   counts[i].note, items, &n),
                    counts[i].list, counts[i].want);
        CHECK(n >= 0 && n <= counts[i].max, "%s: n %d beyond the room", counts[i].list, n);
    }

    /* empty names come before the count: "a,," is not "got 3" */
    const char *empty[] = {"a,,b", "", ",a", "a,", ",", "a,b,c,", "a,,"};
    for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++) {
        char buf[16];
        strcpy(buf, empty[i]);
        expect_line(kit_split_bots("prog", "--bots", buf, 3, 3, NULL, items, &n), empty[i],
                    "prog: --bots: empty bot name\n");
    }
}

static void test_unknown_bot(void) {
    const char *known[] = {"gambit", "gambit2", "simple", "random"};
    expect_line(kit_unknown_bot("prog", "--bots", "a", known, 4, NULL), "unknown",
                "prog: --bots: unknown bot 'a' (known: gambit, gambit2, simple, random)\n");
    expect_line(kit_unknown_bot("prog", "--bots", "nobot", known, 2, "or cmd:PROGRAM ARGS"),
                "unknown with also",
                "prog: --bots: unknown bot 'nobot' (known: gambit, gambit2, or cmd:PROGRAM "
                "ARGS)\n");
    expect_line(kit_unknown_bot("prog", "--prey", "wolf", known + 3, 1, NULL), "one known",
                "prog: --prey: unknown bot 'wolf' (known: random)\n");
    /* a long name: its first 60 characters, then "..."; control bytes as '?' */
    char name[200], want[300];
    for (int i = 0; i < 199; i++) name[i] = (char)('a' + i % 26);
    name[199] = '\0';
    snprintf(want, sizeof want, "prog: --bots: unknown bot '%.60s...' (known: gambit)\n", name);
    expect_line(kit_unknown_bot("prog", "--bots", name, known, 1, NULL), "long name", want);
    name[60] = '\0';
    snprintf(want, sizeof want, "prog: --bots: unknown bot '%s' (known: gambit)\n", name);
    expect_line(kit_unknown_bot("prog", "--bots", name, known, 1, NULL), "60 characters", want);
    expect_line(kit_unknown_bot("prog", "--bots", "a\nb", known, 1, NULL), "newline in name",
                "prog: --bots: unknown bot 'a?b' (known: gambit)\n");
    /* a huge table still gives one line */
    const char *many[300];
    for (int i = 0; i < 300; i++) many[i] = "a_bot_with_a_long_name";
    expect_error(kit_unknown_bot("prog", "--bots", "x", many, 300, NULL), "huge table",
                 "prog: --bots: unknown bot 'x' (known: a_bot_with_a_long_name, ");
    CHECK(strlen(captured_text) < 1200, "huge table: %zu characters", strlen(captured_text));
}

static void test_options(void) {
    kit_opts o = {{0}, 0};
    expect_quiet(kit_opt_once("prog", &o, "--seed"), "first --seed");
    expect_quiet(kit_opt_once("prog", &o, "--size"), "--size");
    expect_quiet(kit_opt_once("prog", &o, "value"), "a value");
    expect_quiet(kit_opt_once("prog", &o, "value"), "the same value again");
    expect_error(kit_opt_once("prog", &o, "--seed"), "second --seed", "prog: option --seed given twice\n");

    expect_error(kit_unknown_option("prog", "match", "--fast"), "unknown",
                 "prog: match: unknown option '--fast' (see prog help match)\n");
    char a0[] = "match", a1[] = "--seed", a2[] = "3";
    char *argv[] = {a0, a1, a2, NULL};
    int i = 1;
    const char *v = kit_opt_value("prog", 3, argv, &i);
    expect_quiet(v ? 0 : -1, "value present");
    CHECK(v == argv[2] && i == 2, "value and index");
    v = kit_opt_value("prog", 3, argv, &i);
    expect_error(v ? 0 : -1, "value missing", "prog: option 3 needs a value");
    i = 1;
    v = kit_opt_value("prog", 2, argv, &i);
    expect_error(v ? 0 : -1, "value missing", "prog: option --seed needs a value\n");
}

static void test_echo(void) {
    /* a huge or binary argument still gives one short printable line */
    char *huge = malloc(100001);
    memset(huge, '7', 100000);
    huge[100000] = '\0';
    long v;
    expect_error(kit_parse_long("prog", "--clocks", huge, 1, 10, &v), "huge", "...' (need");
    CHECK(strlen(captured_text) < 200, "message of %zu characters", strlen(captured_text));
    free(huge);
    expect_error(kit_parse_long("prog", "--clocks", "1\n2\x1b", 1, 10, &v), "control", "'1?2?'");
}

int main(void) {
    capture_begin();
    test_seed();
    test_long();
    test_double();
    test_jobs();
    test_size();
    test_split_bots();
    test_unknown_bot();
    test_options();
    test_echo();
    capture_end();
    return check_report("test_kit_cli");
}
