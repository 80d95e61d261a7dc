/* ksm-store.h: where games are kept: the autosave of the game in progress
 * and the folder of finished and saved games. */
#pragma once

#include <gio/gio.h>

#include "ksm-game.h"
#include "ksm-record.h"

G_BEGIN_DECLS

#define KSM_TYPE_STORE (ksm_store_get_type ())
G_DECLARE_FINAL_TYPE (KsmStore, ksm_store, KSM, STORE, GObject)

/* directory NULL: the app's folder in the user data directory (DATA_FOLDER) */
KsmStore  *ksm_store_new                (GFile    *directory);
GFile     *ksm_store_get_directory      (KsmStore *self);
GFile     *ksm_store_get_autosave_file  (KsmStore *self);
GFile     *ksm_store_get_games_directory (KsmStore *self);

/* Writes the game after every change from now on, and keeps it in the games
 * folder when it ends. One game at a time: watching another stops this one. */
/* The writes are made by a thread of the store's, in order, the newest
 * state replacing one not yet begun; failures are told with "save-failed"
 * on the thread that made the store. */
void       ksm_store_watch              (KsmStore *self, KsmGame *game);
void       ksm_store_unwatch            (KsmStore *self);
/* waits until everything queued is written, and tells what failed; done
 * also when the store is disposed */
void       ksm_store_flush              (KsmStore *self);
/* writes the game watched now, after what is queued, and waits for it */
gboolean   ksm_store_save_now           (KsmStore *self, GError **error);
/* the same without waiting: done once a write holding this state is over
 * (its failure is not told with "save-failed") */
void       ksm_store_save_async         (KsmStore            *self,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
gboolean   ksm_store_save_finish        (KsmStore            *self,
                                         GAsyncResult        *result,
                                         GError             **error);

/* The unfinished game of the last session, or NULL (with error set only
 * when there is a file and it cannot be read) */
KsmRecord *ksm_store_load_autosave      (KsmStore *self, GError **error);
/* the autosave goes, after any write queued before */
void       ksm_store_discard_autosave   (KsmStore *self);
/* A game left unfinished for another goes into the games folder, where it
 * waits to be resumed (returns its file), and the autosave goes; the game
 * is no longer watched. On failure the autosave stays. */
GFile     *ksm_store_shelve             (KsmStore *self, KsmRecord *record, GError **error);
/* When no game is watched: the autosave a last session left (unfinished)
 * moves into the games folder the same way (returns its file, or NULL;
 * `error` when it could not be moved, and then it stays the autosave).
 * An autosave this version cannot read (a newer version's, or damaged) is
 * left byte for byte as it was, and the store writes its own autosave
 * beside it from then on; ksm_store_get_unreadable_autosave () says why it
 * was not read, until the next look. */
GFile     *ksm_store_shelve_autosave    (KsmStore *self, GError **error);
const GError *ksm_store_get_unreadable_autosave (KsmStore *self);
/* True once the store has found autosave.json held by another instance
 * (another session sharing this data folder): this store then keeps its
 * own autosave beside it, and neither writes or deletes the other's. */
gboolean   ksm_store_is_shared          (KsmStore *self);
/* removes the half-written copies a crash left (see ksm_record_save_to_file) */
void       ksm_store_remove_leftovers   (KsmStore *self);
/* saves a record into the games folder under a new name; returns the file */
GFile     *ksm_store_keep               (KsmStore *self, KsmRecord *record, GError **error);

G_END_DECLS
