/* ksm-library.h: the saved-games library: every game in the store's games
 * folder, newest first, with delete (and its undo), import and export. */
#pragma once

#include <gio/gio.h>

#include "ksm-library-item.h"
#include "ksm-store.h"

G_BEGIN_DECLS

#define KSM_TYPE_LIBRARY (ksm_library_get_type ())
G_DECLARE_FINAL_TYPE (KsmLibrary, ksm_library, KSM, LIBRARY, GObject)

KsmLibrary     *ksm_library_new           (KsmStore *store);
/* a GListModel of KsmLibraryItem, newest first */
GListModel     *ksm_library_get_model     (KsmLibrary *self);
/* reads the folder again; files that are not saved games are left alone
 * and counted. The first scan reads the index of summaries beside the
 * games (a hidden file), and a file whose size and time it gives is not
 * read; a scan that found a change writes the index again. */
void            ksm_library_reload        (KsmLibrary *self);
/* The same, the folder read on another thread; a file read before and not
 * changed since (its size and time) is not read again, either way. */
void            ksm_library_reload_async  (KsmLibrary          *self,
                                           GCancellable        *cancellable,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
gboolean        ksm_library_reload_finish (KsmLibrary *self, GAsyncResult *result, GError **error);
guint           ksm_library_get_n_unreadable (KsmLibrary *self);
/* whether a scan has ended: from then on a scan reads only changed files */
gboolean        ksm_library_get_loaded    (KsmLibrary *self);
/* for tests: how many game files every library's scans have read */
guint           ksm_library_get_files_read (void);

/* Deleting sets the file aside, hidden, until ksm_library_purge () (of
 * that item, or of all with NULL); until then ksm_library_undo_delete ()
 * puts it back. */
gboolean        ksm_library_delete        (KsmLibrary *self, KsmLibraryItem *item, GError **error);
gboolean        ksm_library_undo_delete   (KsmLibrary *self, KsmLibraryItem *item, GError **error);
void            ksm_library_purge         (KsmLibrary *self, KsmLibraryItem *item);

/* Reads a game file from anywhere and keeps a copy in the library; a file
 * that is not a good saved game is refused with the reason, and nothing in
 * the library changes. */
KsmLibraryItem *ksm_library_import        (KsmLibrary *self, GFile *source, GError **error);
/* writes the game's file to `destination`, replacing what is there */
gboolean        ksm_library_export        (KsmLibrary *self, KsmLibraryItem *item,
                                           GFile *destination, GError **error);
/* keeps a game in the library (a game saved by hand) */
KsmLibraryItem *ksm_library_keep          (KsmLibrary *self, KsmRecord *record, GError **error);

G_END_DECLS
