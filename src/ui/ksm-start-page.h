/* ksm-start-page.h: pick a game, or resume one left unfinished. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define KSM_TYPE_START_PAGE (ksm_start_page_get_type ())
G_DECLARE_FINAL_TYPE (KsmStartPage, ksm_start_page, KSM, START_PAGE, AdwBin)

GtkWidget *ksm_start_page_new        (void);
/* The unfinished games to resume: the one on the board first (its game's
 * name and a line about it; NULL for none), then those of `waiting` (the
 * library's KsmLibraryItem, newest first) that are unfinished, the first
 * few of them, each resumed by win.resume-game with its file's path */
void        ksm_start_page_set_unfinished      (KsmStartPage *self,
                                                const char   *board_title,
                                                const char   *board_subtitle,
                                                GListModel   *waiting);
/* a game that is kept but not offered, and why; NULL hides it */
void        ksm_start_page_set_notice          (KsmStartPage *self, const char *title, const char *text);
const char *ksm_start_page_get_notice          (KsmStartPage *self);
/* the rows, for tests and for the focus */
GtkListBox *ksm_start_page_get_unfinished_list (KsmStartPage *self);
GtkListBox *ksm_start_page_get_games_list      (KsmStartPage *self);
/* a row a game with lessons: Learn, its progress, and a reset */
GtkListBox *ksm_start_page_get_learn_list      (KsmStartPage *self);
G_END_DECLS
