/* ksm-text.h: what every game's notation shares: writing into a caller's
 * buffer, rule options as words, and finding a parsed move among the legal
 * ones. Internal to the engine. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ksm-rules.h"

/* Appends to buf[size]; once something does not fit, `overflow` stays set */
typedef struct {
  char  *buf;
  size_t size;
  size_t used;
  bool   overflow;
} KsmWriter;

void ksm_writer_init   (KsmWriter *w, char *buf, size_t size);
void ksm_put           (KsmWriter *w, const char *format, ...) __attribute__ ((format (printf, 2, 3)));
/* the length written, or -1 when it did not fit */
int  ksm_writer_finish (KsmWriter *w);

/* Writes an error message into error[size], as snprintf does, then makes
 * it valid UTF-8: what a message echoes of its input may be any bytes, or
 * a character cut at the buffer's end, and every message reaches people.
 * A byte that begins no whole UTF-8 character becomes '?'. */
void ksm_set_error     (char *error, size_t size, const char *format, ...)
                        __attribute__ ((format (printf, 3, 4)));
/* the same on a message already written */
void ksm_make_valid_utf8 (char *text);

/* " key=on" or " key=off" for each rule whose bit differs from `defaults` */
void ksm_put_options   (KsmWriter *w, const KsmOptionInfo *info, unsigned n_info,
                        uint32_t flags, uint32_t defaults);

/* A word of `length` chars that may be "key=on|off": 1 if it was one (and
 * `flags` now says so), 0 if it names no option, -1 if it names one with a
 * bad value, or one already in `seen` (with a message for field `field`).
 * `seen` gathers the bits of the options read so far: an option given
 * twice says two things of one rule. */
int  ksm_parse_option  (const KsmOptionInfo *info, unsigned n_info, const char *word,
                        size_t length, uint32_t *flags, uint32_t *seen, int field,
                        char *error, size_t error_size);

/* "x2" after a move: the count it claims, -1 for no suffix, -2 when malformed */
int  ksm_parse_capture (const char *suffix);

/* Writes a move as ksm_parse_move_text reads it: "lost", "in-TO" for a
 * piece entering from off the board, else "FROM-TO"; "xN" when it
 * captures. `cell_name` is the game's own. */
void ksm_put_move_words (KsmWriter *w, void (*cell_name) (const KsmOptions *, int, char *, size_t),
                         const KsmOptions *options, const KsmMove *move);

/* A game's cell names: the cell named by text[0..length), or -1 */
typedef int (*KsmCellParser) (const KsmOptions *options, const char *text, size_t length);

/* The move grammar every game shares: "lost"; "FROM-TO"; "in-TO" for a
 * piece entering the board; each with an optional capture count "xN". Finds
 * the move among the legal `moves` (of `distance`, unless -1); `example`
 * completes the message for a text of the wrong shape. */
bool ksm_parse_move_text (const KsmOptions *options, KsmCellParser parse_cell,
                          const KsmMove *moves, int n_moves, const char *text, int distance,
                          const char *example, KsmMove *move, char *error, size_t error_size);

/* Finds the legal move from `from` to `to` (and of `distance`, unless -1)
 * whose capture count matches `claimed` (unless -1); false with a message
 * naming `text` otherwise. */
bool ksm_find_move     (const KsmMove *moves, int n_moves, int from, int to, int distance,
                        int claimed, const char *text, KsmMove *move,
                        char *error, size_t error_size);
