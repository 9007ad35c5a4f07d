/* outfile.h — writing a file the user named as an output (a replay, a page, a league report, a
 * shard file): whole or not at all, and never in place of something that is not a file.
 *
 * A regular file, or a name not there yet, is written to a temporary file beside it
 * (PATH.XXXXXX, then mode 0666 less the umask) that kit_outfile_commit renames over PATH only
 * when every write succeeded, so a failure leaves PATH as it was and no other file is touched.
 * A name that exists and is not a regular file (a pipe, a terminal, /dev/stdout, /dev/full, a
 * symbolic link to one of them) is written in place: renaming over it would replace the device
 * or the pipe with a file. A symbolic link to a regular file (or to a name not there yet)
 * stays a link: the file it names is the one written whole and replaced.
 *
 *     kit_outfile o;
 *     if ((e = kit_outfile_open(&o, path)) != 0) -> "cannot write PATH: strerror(e)"
 *     fprintf(o.f, ...);
 *     if ((e = kit_outfile_commit(&o)) != 0) -> "cannot write PATH: strerror(e)"
 */
#ifndef KIT_OUTFILE_H
#define KIT_OUTFILE_H

#include <stdio.h>

typedef struct kit_outfile {
    FILE *f;         /* where to write; NULL once committed or given up */
    char path[4096]; /* the name the user gave, or the file its symbolic link names */
    char tmp[4120];  /* the temporary file beside it, "" when written in place */
} kit_outfile;

/* Opens path for writing (binary). Returns 0, or an errno value (nothing is created then;
 * ENAMETOOLONG for a path of 4096 bytes or more). */
int kit_outfile_open(kit_outfile *o, const char *path);

/* Flushes and closes the file, then renames the temporary file into place. Returns 0, or the
 * first error (an errno value; EIO when the system gave none), after which the temporary file
 * is gone and PATH is as it was. */
int kit_outfile_commit(kit_outfile *o);

/* Gives the file up: closed, the temporary file removed, PATH as it was. */
void kit_outfile_abort(kit_outfile *o);

/* 1 when the names a and b are one file: the same regular file where both exist (through
 * links and other spellings; on Windows the same name; a device such as /dev/null may take
 * two outputs), the same name where one does not; else 0. */
int kit_same_file(const char *a, const char *b);

#endif
