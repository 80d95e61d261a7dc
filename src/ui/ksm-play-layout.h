/* ksm-play-layout.h: the play screen's board and its panel, placed by the
 * window's size alone: beside each other where the board is no wider than
 * tall and the window is landscape, the board on top otherwise. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KSM_TYPE_PLAY_LAYOUT (ksm_play_layout_get_type ())
G_DECLARE_FINAL_TYPE (KsmPlayLayout, ksm_play_layout, KSM, PLAY_LAYOUT, GtkWidget)

GtkWidget *ksm_play_layout_new       (void);

/* the board: a height-for-width widget whose measure keeps its shape */
GtkWidget *ksm_play_layout_get_board (KsmPlayLayout *self);
void       ksm_play_layout_set_board (KsmPlayLayout *self,
                                      GtkWidget     *board);
/* what goes beside or below it; it scrolls inside itself */
GtkWidget *ksm_play_layout_get_panel (KsmPlayLayout *self);
void       ksm_play_layout_set_panel (KsmPlayLayout *self,
                                      GtkWidget     *panel);
/* TRUE while the panel stands beside the board, FALSE below it */
gboolean   ksm_play_layout_get_beside (KsmPlayLayout *self);

G_END_DECLS
