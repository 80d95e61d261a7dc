/* ksm-narrator.h: the game in progress told to a screen reader, as it
 * happens: whose turn it is when it starts, each throw with its thrower,
 * each move with what it did, each lost throw with its reason, and the end
 * (through ksm-announce.h, in the speaker's window). A game under review is
 * not told: its steps are said where they are taken. */
#pragma once

#include <gtk/gtk.h>

#include "ksm-game.h"

G_BEGIN_DECLS

#define KSM_TYPE_NARRATOR (ksm_narrator_get_type ())
G_DECLARE_FINAL_TYPE (KsmNarrator, ksm_narrator, KSM, NARRATOR, GObject)

/* `speaker`: a widget in the window that hears (not held) */
KsmNarrator *ksm_narrator_new           (GtkWidget   *speaker);
void         ksm_narrator_set_game      (KsmNarrator *self,
                                         KsmGame     *game);

/* whose turn it is and what they are to do, or how the game ended, as the
 * game page's status line says it: "Bricks to throw: press Space or Throw" */
char        *ksm_narrator_describe_state (KsmGame    *game);

G_END_DECLS
