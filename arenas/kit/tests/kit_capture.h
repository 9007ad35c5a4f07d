/* kit_capture.h — the kit tests' capture of stderr: capture_begin() sends it to a scratch file,
 * captured() returns what was written since the last call, capture_end() restores it. For
 * checking that a failure is exactly one line. */
#ifndef KIT_CAPTURE_H
#define KIT_CAPTURE_H

#include <stdio.h>
#include <unistd.h>

static FILE *cap;
static int saved_stderr;
static char captured_text[8192];

static void capture_begin(void) {
    cap = tmpfile();
    fflush(stderr);
    saved_stderr = dup(2);
    dup2(fileno(cap), 2);
}

static const char *captured(void) {
    fflush(stderr);
    rewind(cap);
    size_t n = fread(captured_text, 1, sizeof captured_text - 1, cap);
    captured_text[n] = '\0';
    rewind(cap);
    if (ftruncate(fileno(cap), 0) != 0) captured_text[0] = '\0';
    return captured_text;
}

static void capture_end(void) {
    fflush(stderr);
    dup2(saved_stderr, 2);
    close(saved_stderr);
    fclose(cap);
}

#endif
