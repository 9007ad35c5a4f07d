/* html_replay.h — a replay as one standalone HTML file: the viewer of viewer/ (its page, style
 * and scripts, embedded in the program at build time) with the replay's JSON Lines inline, so
 * a user opens the match by double-click, with no server and no network.
 *
 * Arenas give `match --html FILE` with these functions. The replay text is embedded as it is,
 * with each '<' written as the JSON escape \u003c (valid JSON: '<' can only occur inside
 * strings), so no text in a replay can end the script element that holds it. */
#ifndef KIT_HTML_REPLAY_H
#define KIT_HTML_REPLAY_H

#include <stddef.h>

/* Write the HTML for the replay text (len bytes of JSON Lines) to html_path. The file is
 * written beside its name and renamed into place when complete, replacing an existing file
 * (as replay files are). Returns 0, or -1 with one line in err ("FILE: reason"). */
int kit_html_replay_write(const char *html_path, const char *jsonl, size_t len, char *err,
                          size_t errlen);

/* The same from a replay file (e.g. the one `match --replay` just wrote). */
int kit_html_replay_from_file(const char *html_path, const char *jsonl_path, char *err,
                              size_t errlen);

/* For `match --html FILE` without --replay: make a new empty scratch file beside html_path
 * (named after it, never an existing file; in $TMPDIR or /tmp when html_path is a device, a
 * pipe or a link) to write the replay into; its name goes to path
 * (size bytes). The caller converts it with kit_html_replay_from_file and then remove()s it.
 * Returns 0, or -1 with one line in err. */
int kit_html_replay_scratch(const char *html_path, char *path, size_t size, char *err,
                            size_t errlen);

#endif
