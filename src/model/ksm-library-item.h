/* ksm-library-item.h: one game in the saved-games library: its file and
 * its record. */
#pragma once

#include <gio/gio.h>

#include "ksm-record.h"

G_BEGIN_DECLS

#define KSM_TYPE_LIBRARY_ITEM (ksm_library_item_get_type ())
G_DECLARE_FINAL_TYPE (KsmLibraryItem, ksm_library_item, KSM, LIBRARY_ITEM, GObject)

KsmLibraryItem *ksm_library_item_new        (GFile *file, KsmRecord *record);
GFile          *ksm_library_item_get_file   (KsmLibraryItem *self);
KsmRecord      *ksm_library_item_get_record (KsmLibraryItem *self);
/* when it ended, else when it started: what the library sorts by */
GDateTime      *ksm_library_item_get_date   (KsmLibraryItem *self);
/* the outcome of its last position; over is false for an unfinished game */
void            ksm_library_item_get_outcome (KsmLibraryItem *self, KsmOutcome *outcome);

G_END_DECLS
