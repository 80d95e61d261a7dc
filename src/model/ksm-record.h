/* ksm-record.h: the record of a game: its rules, options and seats, and every
 * throw, move and lost throw in order. Saved as JSON (doc/saved-games.md). */
#pragma once

#include <gio/gio.h>

#include "ksm-player.h"
#include "ksm-rules.h"

G_BEGIN_DECLS

#define KSM_RECORD_FORMAT  "kasimala-game"
#define KSM_RECORD_VERSION 1

/* What a save writes before it renames the file into place: a hidden name
 * of the app's own, so no file of a person's is taken for one */
#define KSM_RECORD_SAVING_PREFIX ".kasimala-saving-"
/* The largest saved game read: a long game is a few hundred kilobytes, so
 * anything bigger is not one, and is refused before it is read whole. */
#define KSM_RECORD_MAX_SIZE (16 * 1024 * 1024)

#define KSM_RECORD_ERROR (ksm_record_error_quark ())
GQuark ksm_record_error_quark (void);

typedef enum {
  KSM_RECORD_ERROR_NOT_JSON,     /* not JSON at all, or cut short */
  KSM_RECORD_ERROR_FORMAT,       /* JSON, but not a saved game, or a field is wrong */
  KSM_RECORD_ERROR_VERSION,      /* a format version this build does not read */
  KSM_RECORD_ERROR_GAME,         /* a game this build does not know */
  KSM_RECORD_ERROR_EVENT,        /* an event the rules do not allow */
  KSM_RECORD_ERROR_TOO_LARGE,    /* over KSM_RECORD_MAX_SIZE */
  KSM_RECORD_ERROR_ENCODING,     /* not UTF-8 text: a BOM, UTF-16, invalid bytes */
  KSM_RECORD_ERROR_NOT_REGULAR,  /* a folder, a FIFO, a device: not a file */
  KSM_RECORD_ERROR_CHANGED,      /* not the game a list of them showed any more */
} KsmRecordError;

typedef enum {
  KSM_EVENT_THROW,
  KSM_EVENT_MOVE,
  KSM_EVENT_LOST,   /* the throw could not be used */
} KsmEventKind;

typedef struct {
  KsmEventKind kind;
  guint8       player;
  guint8       face;       /* THROW and LOST */
  guint32      pattern;    /* THROW: how each strip or cowrie fell */
  KsmMove      move;       /* MOVE */
} KsmEvent;

typedef enum {
  KSM_SEAT_PERSON,
  KSM_SEAT_COMPUTER,
} KsmSeatKind;

typedef struct {
  KsmSeatKind kind;
  KsmLevel    level;       /* for a computer */
} KsmSeat;

#define KSM_TYPE_RECORD (ksm_record_get_type ())
G_DECLARE_FINAL_TYPE (KsmRecord, ksm_record, KSM, RECORD, GObject)

KsmRecord      *ksm_record_new              (const KsmOptions *options,
                                             const KsmSeat    *seats,
                                             guint64           seed);
KsmRecord      *ksm_record_new_from_data    (const char  *data,
                                             gssize       length,
                                             GError     **error);
KsmRecord      *ksm_record_new_from_file    (GFile       *file,
                                             GError     **error);
/* The bytes of a saved-game file, the one way every caller reads one: only
 * a regular file, opened without blocking, at most KSM_RECORD_MAX_SIZE. */
GBytes         *ksm_record_read_file        (GFile       *file,
                                             GError     **error);
KsmRecord      *ksm_record_copy             (KsmRecord   *self);

const KsmRules *ksm_record_get_rules        (KsmRecord *self);
const KsmOptions *ksm_record_get_options    (KsmRecord *self);
const KsmSeat  *ksm_record_get_seat         (KsmRecord *self, guint player);
guint64         ksm_record_get_seed         (KsmRecord *self);
GDateTime      *ksm_record_get_started      (KsmRecord *self);
GDateTime      *ksm_record_get_ended        (KsmRecord *self);
void            ksm_record_set_ended        (KsmRecord *self, GDateTime *ended);
/* generator states to continue the game with, as ksm_random_save () writes */
const char     *ksm_record_get_generator    (KsmRecord *self);
const char     *ksm_record_get_computer_generator (KsmRecord *self);
void            ksm_record_set_generators   (KsmRecord *self,
                                             const KsmRandom *throws,
                                             const KsmRandom *computer);

guint           ksm_record_get_n_events     (KsmRecord *self);
const KsmEvent *ksm_record_get_event        (KsmRecord *self, guint index);
void            ksm_record_append           (KsmRecord *self, const KsmEvent *event);
void            ksm_record_truncate         (KsmRecord *self, guint n_events);

/* Plays the first n_events through the rules from the start, checking each
 * one; fails with KSM_RECORD_ERROR_EVENT naming the event. */
gboolean        ksm_record_replay           (KsmRecord   *self,
                                             guint        n_events,
                                             KsmPosition *position,
                                             GError     **error);

/* Plays event `index` on `position`, the position just before it */
gboolean        ksm_record_apply_event      (KsmRecord   *self,
                                             guint        index,
                                             KsmPosition *position,
                                             GError     **error);

/* What each seat did over the whole record: the throws it made and the
 * pieces it took. (Not the pieces it lost: one capture in Asi Keliya can
 * take two partners' pieces, and the effect names one owner.) */
typedef struct {
  guint throws;
  guint captures;
} KsmRecordCount;

gboolean        ksm_record_count            (KsmRecord      *self,
                                             KsmRecordCount  counts[KSM_MAX_PLAYERS],
                                             GError        **error);

char           *ksm_record_to_data          (KsmRecord *self, gsize *length);
/* writes atomically: a crash leaves the old file or the new one */
gboolean        ksm_record_save_to_file     (KsmRecord  *self,
                                             GFile      *file,
                                             GError    **error);

/* One event in words, for people; `before` is the position it was made in */
char           *ksm_record_describe_event   (KsmRecord         *self,
                                             const KsmPosition *before,
                                             const KsmEvent    *event);

G_END_DECLS
