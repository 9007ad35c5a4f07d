/* winbot.c — a Windows outside program for test_kit_process_win (process_win.c), its behaviour
 * chosen by its arguments:
 *   pong          "pong N" for each "ping N", flushed
 *   line N        N bytes of 'x' and an end of line, then sleeps
 *   raw           "a\tb\rc\n" in binary mode, then sleeps
 *   flood         "abc" lines without end
 *   cat           each line read printed back
 *   sleep         sleeps 30 s
 *   exit N        exits with status N at once
 *   partial       prints "partial" (no end of line) and exits
 *   crash         ends as an access violation ends a program (status 0xC0000005)
 *   closeout      closes its stdout and sleeps
 *   closein N     closes its stdin and exits with status N
 *   tree FILE     starts `winbot sleep` (which starts another), writes both process ids and
 *                 its own to FILE, prints "ready" and sleeps */
#define WIN32_LEAN_AND_MEAN
#include <windows.h>

#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Start this program with the given arguments; its process id, or 0. */
static unsigned long start_self(const char *args) {
    char exe[MAX_PATH], line[2 * MAX_PATH];
    if (!GetModuleFileNameA(NULL, exe, sizeof exe)) return 0;
    snprintf(line, sizeof line, "\"%s\" %s", exe, args);
    STARTUPINFOA si;
    memset(&si, 0, sizeof si);
    si.cb = sizeof si;
    PROCESS_INFORMATION pi;
    if (!CreateProcessA(NULL, line, NULL, NULL, FALSE, 0, NULL, NULL, &si, &pi)) return 0;
    CloseHandle(pi.hThread);
    CloseHandle(pi.hProcess);
    return pi.dwProcessId;
}

int main(int argc, char **argv) {
    _setmode(_fileno(stdout), _O_BINARY);
    const char *what = argc > 1 ? argv[1] : "pong";
    int n = argc > 2 ? atoi(argv[2]) : 0;
    char line[256];
    if (strcmp(what, "pong") == 0) {
        while (fgets(line, sizeof line, stdin))
            if (sscanf(line, "ping %d", &n) == 1) printf("pong %d\n", n), fflush(stdout);
    } else if (strcmp(what, "line") == 0) {
        for (int i = 0; i < n; i++) putchar('x');
        putchar('\n');
        fflush(stdout);
        Sleep(30000);
    } else if (strcmp(what, "raw") == 0) {
        fputs("a\tb\rc\n", stdout);
        fflush(stdout);
        Sleep(30000);
    } else if (strcmp(what, "flood") == 0) {
        while (fputs("abc\n", stdout) >= 0) {
        }
    } else if (strcmp(what, "cat") == 0) {
        while (fgets(line, sizeof line, stdin)) fputs(line, stdout), fflush(stdout);
    } else if (strcmp(what, "sleep") == 0) {
        if (n == 0) start_self("sleep 1"); /* a grandchild of the tree */
        Sleep(30000);
    } else if (strcmp(what, "exit") == 0) {
        return n;
    } else if (strcmp(what, "partial") == 0) {
        fputs("partial", stdout);
        return 0;
    } else if (strcmp(what, "crash") == 0) {
        TerminateProcess(GetCurrentProcess(), 0xC0000005u);
    } else if (strcmp(what, "closeout") == 0) {
        fclose(stdout);
        CloseHandle(GetStdHandle(STD_OUTPUT_HANDLE));
        Sleep(30000);
    } else if (strcmp(what, "closein") == 0) {
        fclose(stdin);
        CloseHandle(GetStdHandle(STD_INPUT_HANDLE));
        return n;
    } else if (strcmp(what, "tree") == 0 && argc > 2) {
        FILE *f = fopen(argv[2], "w");
        if (!f) return 1;
        fprintf(f, "%lu\n%lu\n", (unsigned long)GetCurrentProcessId(), start_self("sleep"));
        fclose(f);
        Sleep(200); /* the grandchild starts */
        puts("ready");
        fflush(stdout);
        Sleep(30000);
    }
    return 0;
}
