/* ksm-library-page.h: the Saved Games page: every kept game, newest first,
 * searchable, to open for review, delete (with an undo), export and import. */
#pragma once

#include <adwaita.h>

#include "ksm-library.h"

G_BEGIN_DECLS

#define KSM_TYPE_LIBRARY_PAGE (ksm_library_page_get_type ())
G_DECLARE_FINAL_TYPE (KsmLibraryPage, ksm_library_page, KSM, LIBRARY_PAGE, AdwBin)

GtkWidget  *ksm_library_page_new          (void);
void        ksm_library_page_set_library  (KsmLibraryPage *self, KsmLibrary *library);
/* reads the folder again */
void        ksm_library_page_reload       (KsmLibraryPage *self);
/* the same, opening the page: at once once the library is loaded (only
 * changed files are read), else off the main thread, the page showing
 * what it has meanwhile */
void        ksm_library_page_refresh      (KsmLibraryPage *self);
/* the shown rows, for tests; each row has data "item" */
GtkListBox *ksm_library_page_get_list     (KsmLibraryPage *self);
GtkEditable *ksm_library_page_get_search  (KsmLibraryPage *self);
/* what deleting does, as the delete button and the toast's undo do it */
void        ksm_library_page_delete       (KsmLibraryPage *self, KsmLibraryItem *item);
void        ksm_library_page_undo_delete  (KsmLibraryPage *self);
/* how long a deletion can be undone, in seconds (0: until the toast is
 * dismissed); the default is the toast's own, 5 s */
void        ksm_library_page_set_undo_timeout (KsmLibraryPage *self, guint seconds);
/* imports a file as the file chooser's answer does */
void        ksm_library_page_import_file  (KsmLibraryPage *self, GFile *file);
/* the text of the last toast, for tests */
const char *ksm_library_page_get_last_message (KsmLibraryPage *self);
/* one line of words about a game: its name, result, date, seats, length */
char       *ksm_library_page_describe     (KsmLibraryItem *item);

/* its date, seats and length */
char       *ksm_library_page_describe_length (KsmLibraryItem *item);
G_END_DECLS
