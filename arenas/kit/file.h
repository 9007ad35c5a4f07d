/* file.h — reading a whole input file (a recorded game, a map, a world) into memory: plain or
 * gzip-compressed, with a size limit checked before the memory is taken, so a huge file or a
 * gzip bomb is refused with one line instead of exhausting memory. Every arena reads its files
 * through this one function. */
#ifndef KIT_FILE_H
#define KIT_FILE_H

#include <stddef.h>

/* flags for kit_read_file */
enum {
    KIT_FILE_GZIP = 1, /* gzip-compressed or plain, whichever the file is (zlib reads both) */
    KIT_FILE_TEXT = 2  /* text: a NUL byte is an error ("not a text file (NUL byte)") */
};

/* The limit the arenas use for recorded games and maps, after decompression. */
#define KIT_FILE_LIMIT ((size_t)64 << 20)

/* Reads the whole of path ("-" is standard input) into a new NUL-terminated buffer *text
 * (free it with free()) of *len bytes, at most limit bytes after decompression. Returns 0, or
 * -1 with one line in err (errlen bytes; "PATH: cannot open: No such file or directory",
 * "PATH: larger than 64 MiB (the limit for this file)", "PATH: cannot read (...)",
 * "PATH: not a text file (NUL byte)", "PATH: out of memory"); *text is NULL then. */
int kit_read_file(const char *path, size_t limit, unsigned flags, char **text, size_t *len,
                  char *err, size_t errlen);

/* Splits text in place into lines (at '\n', a '\r' before it dropped): *lines receives a new
 * array of *n pointers into text (free it with free(); the strings stay in text). A last line
 * without '\n' counts; an empty text has no line. Returns 0, or -1 when memory runs out. */
int kit_split_lines(char *text, size_t len, char ***lines, size_t *n);

#endif
