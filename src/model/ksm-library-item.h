/* ksm-library-item.h: one game in the saved-games library: its file, a
 * summary of it (what the lists and the search show), and its record,
 * read from the file only when the game is opened. */
#pragma once

#include <gio/gio.h>

#include "ksm-record.h"

G_BEGIN_DECLS

#define KSM_TYPE_LIBRARY_ITEM (ksm_library_item_get_type ())
G_DECLARE_FINAL_TYPE (KsmLibraryItem, ksm_library_item, KSM, LIBRARY_ITEM, GObject)

/* an item of `record`, which it keeps */
KsmLibraryItem *ksm_library_item_new        (GFile *file, KsmRecord *record);
/* an item summing `record` up, read from `file` when it had `size` bytes
 * and was modified at `modified` (µs); the record is not kept */
KsmLibraryItem *ksm_library_item_new_summed (GFile *file, KsmRecord *record, goffset size, gint64 modified);

GFile          *ksm_library_item_get_file   (KsmLibraryItem *self);
/* The game's record, read from its file the first time and kept; NULL
 * (with the reason) if the file changed or went bad since the summary. */
KsmRecord      *ksm_library_item_load_record (KsmLibraryItem *self, GError **error);
KsmRecord      *ksm_library_item_get_record (KsmLibraryItem *self);

/* the summary: never reads the file */
const KsmRules *ksm_library_item_get_rules    (KsmLibraryItem *self);
const KsmOptions *ksm_library_item_get_options (KsmLibraryItem *self);
const KsmSeat  *ksm_library_item_get_seat     (KsmLibraryItem *self, guint player);
guint           ksm_library_item_get_n_events (KsmLibraryItem *self);
/* when it ended, else when it started: what the library sorts by */
GDateTime      *ksm_library_item_get_date   (KsmLibraryItem *self);
/* the outcome of its last position; over is false for an unfinished game */
void            ksm_library_item_get_outcome (KsmLibraryItem *self, KsmOutcome *outcome);

/* For the library's index (ksm-library.c): an entry for the item as its
 * file was summed up, or for a file of `name` that is not a saved game
 * (item NULL); and back. An entry is untrusted input: parsing fails on
 * one that is not good, and *item is NULL for a file not a saved game. */
#define KSM_LIBRARY_ITEM_ENTRY_TYPE "(ssxx(yyyqu)a(yy)xbxu(bnnbyy))"
GVariant       *ksm_library_item_to_entry   (KsmLibraryItem *item, const char *name,
                                             goffset size, gint64 modified);
gboolean        ksm_library_item_parse_entry (GVariant *entry, GFile *folder, char **name,
                                              goffset *size, gint64 *modified,
                                              KsmLibraryItem **item);

G_END_DECLS
