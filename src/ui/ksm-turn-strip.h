/* ksm-turn-strip.h: "since your turn": what each other seat threw and did
 * since the person last threw, in games of three or four seats. */
#pragma once

#include <adwaita.h>

#include "ksm-game.h"

G_BEGIN_DECLS

#define KSM_TYPE_TURN_STRIP (ksm_turn_strip_get_type ())
G_DECLARE_FINAL_TYPE (KsmTurnStrip, ksm_turn_strip, KSM, TURN_STRIP, AdwBin)

GtkWidget  *ksm_turn_strip_new          (void);
/* follows the game; hidden where it does not apply: games of two seats,
 * games without a person, games under review */
void        ksm_turn_strip_set_game     (KsmTurnStrip *self, KsmGame *game);
/* the list of rows (a list, labelled for screen readers) */
GtkWidget  *ksm_turn_strip_get_list     (KsmTurnStrip *self);
/* the rows' texts, oldest first, for tests */
guint       ksm_turn_strip_get_n_rows    (KsmTurnStrip *self);
const char *ksm_turn_strip_get_row_text  (KsmTurnStrip *self, guint index);

G_END_DECLS
