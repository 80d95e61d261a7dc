/* ksm-game-view.h: a game being played: the board, the throw, the pieces
 * left and the score, with the history and the rules in panes that fold
 * away. */
#pragma once

#include <adwaita.h>

#include "ksm-game.h"
#include "ksm-review-bar.h"
#include "ksm-review.h"
#include "ksm-rules-view.h"
#include "ksm-turn-strip.h"

G_BEGIN_DECLS

#define KSM_TYPE_GAME_VIEW (ksm_game_view_get_type ())
G_DECLARE_FINAL_TYPE (KsmGameView, ksm_game_view, KSM, GAME_VIEW, AdwBin)

/* Where a turn holds throws to play: a box of toggle buttons, one a throw waiting to be played
 * (or a unit of a So-hatara's pool), each with its value as data "value" */
GtkWidget *ksm_game_view_get_pending_tokens (KsmGameView *self);
/* Where groups of different sizes in hand could enter, a box of
 * toggle buttons, one a size, each with the size as data "group" */
GtkWidget *ksm_game_view_get_group_tokens (KsmGameView *self);
GtkWidget *ksm_game_view_new             (void);
void       ksm_game_view_set_game        (KsmGameView *self, KsmGame *game);
KsmGame   *ksm_game_view_get_game        (KsmGameView *self);
/* shows a saved game under review, read-only, with its review bar; a game
 * set afterwards ends the review */
void       ksm_game_view_set_review      (KsmGameView *self, KsmReview *review);
KsmReview *ksm_game_view_get_review      (KsmGameView *self);
KsmReviewBar *ksm_game_view_get_review_bar (KsmGameView *self);
/* the two sides' points: the running score across games */
void       ksm_game_view_set_score       (KsmGameView *self, int first, int second);
/* each seat's points, in seat order */
void       ksm_game_view_set_scores      (KsmGameView *self, const int *scores, guint n_scores);
/* who has drawn blood: the blood rule's state, hidden without the rule */
GtkLabel  *ksm_game_view_get_blood_label (KsmGameView *self);
/* a seat's chip (colour, who plays, pieces home, blood) in games of colours */
GtkWidget *ksm_game_view_get_seat_chip   (KsmGameView *self, guint player);
/* whose turn it is, as the status line says it */
const char *ksm_game_view_get_status     (KsmGameView *self);
AdwFlap   *ksm_game_view_get_flap        (KsmGameView *self);
GtkWidget *ksm_game_view_get_board       (KsmGameView *self);
GtkWidget *ksm_game_view_get_history     (KsmGameView *self);
GtkWidget *ksm_game_view_get_throw_view  (KsmGameView *self);
/* "since your turn", in games of three or four seats */
KsmTurnStrip *ksm_game_view_get_turn_strip (KsmGameView *self);

/* the rules pane beside the board; it stays open during play */
AdwFlap      *ksm_game_view_get_rules_flap     (KsmGameView *self);
KsmRulesView *ksm_game_view_get_rules_view     (KsmGameView *self);
gboolean      ksm_game_view_get_rules_revealed (KsmGameView *self);
void          ksm_game_view_set_rules_revealed (KsmGameView *self,
                                                gboolean     revealed);
/* The history pane (F9). Opened, it takes the focus, at its newest row;
 * closed on the focus, it gives it back where it was. The rules pane does
 * the same, at its search. */
gboolean      ksm_game_view_get_history_revealed (KsmGameView *self);
void          ksm_game_view_set_history_revealed (KsmGameView *self,
                                                  gboolean     revealed);
/* whether the focus is in the rules or the history */
gboolean      ksm_game_view_focus_in_pane        (KsmGameView *self);
/* opens the pane at a glossary entry, "kasi" */
void          ksm_game_view_show_glossary      (KsmGameView *self,
                                                const char  *id);

G_END_DECLS
