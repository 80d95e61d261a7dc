/* ksm-game.h: the game in progress, for views to watch and drive. */
#pragma once

#include <gio/gio.h>

#include "ksm-record.h"
#include "ksm-rules.h"

G_BEGIN_DECLS

/* KsmMove and KsmEffect (ksm-rules.h) as boxed types */
#define KSM_TYPE_MOVE (ksm_move_get_type ())
#define KSM_TYPE_EFFECT (ksm_effect_get_type ())
GType ksm_move_get_type   (void) G_GNUC_CONST;
GType ksm_effect_get_type (void) G_GNUC_CONST;

#define KSM_TYPE_GAME (ksm_game_get_type ())
G_DECLARE_FINAL_TYPE (KsmGame, ksm_game, KSM, GAME, GObject)

KsmGame           *ksm_game_new              (const KsmOptions *options,
                                              const KsmSeat    *seats,
                                              guint64           seed);
/* continues a recorded game from its last event */
KsmGame           *ksm_game_new_from_record  (KsmRecord        *record,
                                              GError          **error);
/* A recorded game to look at, not to play: it starts at its last event,
 * nobody acts in it, and only ksm_game_seek () changes it */
KsmGame           *ksm_game_new_for_review   (KsmRecord        *record,
                                              GError          **error);
gboolean           ksm_game_is_read_only     (KsmGame          *self);
/* a game under review: shows the position after the first n_events of its
 * record, emitting "changed"; false when it is already there */
gboolean           ksm_game_seek             (KsmGame          *self,
                                              guint             n_events);
guint              ksm_game_get_n_events     (KsmGame          *self);

const KsmRules    *ksm_game_get_rules        (KsmGame *self);
const KsmOptions  *ksm_game_get_options      (KsmGame *self);
const KsmPosition *ksm_game_get_position     (KsmGame *self);
const KsmSeat     *ksm_game_get_seat         (KsmGame *self, guint player);
KsmRecord         *ksm_game_get_record       (KsmGame *self);
KsmPhase           ksm_game_get_phase        (KsmGame *self);
guint              ksm_game_get_player       (KsmGame *self);
/* the throw waiting to be played, or -1 */
int                ksm_game_get_face         (KsmGame *self);
/* the legal moves of the waiting throw; none unless a move is due */
const KsmMove     *ksm_game_get_moves        (KsmGame *self, guint *n_moves);
void               ksm_game_get_outcome      (KsmGame *self, KsmOutcome *outcome);
gboolean           ksm_game_is_thinking      (KsmGame *self);
/* the cells the last move walked through, the landing cell last (for a view
 * to walk the piece while "moved" is emitted); returns how many */
int                ksm_game_get_last_path    (KsmGame *self, const int8_t **cells);
gboolean           ksm_game_is_person_to_act (KsmGame *self);
/* "throws-again": a throw is due from the player who made the last event
 * (an extra throw, a capture that earns one, a throw that earns another);
 * never in a game of one player */
gboolean           ksm_game_get_throws_again (KsmGame *self);

/* "can-throw": a person is to throw; "can-move": a person has a move to
 * choose (not only a lost throw) */
gboolean           ksm_game_can_throw        (KsmGame *self);
gboolean           ksm_game_can_move         (KsmGame *self);

/* A person's actions; false (and nothing changes) when not theirs to make */
gboolean           ksm_game_throw            (KsmGame *self);
gboolean           ksm_game_play             (KsmGame *self, const KsmMove *move);

/* "can-undo": a person has a move in the record to take back (constant
 * time); "can-redo": undone events wait */
gboolean           ksm_game_can_undo         (KsmGame *self);
gboolean           ksm_game_can_redo         (KsmGame *self);
gboolean           ksm_game_undo             (KsmGame *self);
gboolean           ksm_game_redo             (KsmGame *self);

/* Ranks the legal moves of the throw waiting to be played, best first, on a
 * worker thread (it takes as long as a Hard decision). The result is a
 * GArray of KsmHint whose `move` indexes ksm_game_get_moves () as they were
 * when asked; it fails with G_IO_ERROR_NOT_FOUND when there is no move to
 * rank or the game moved on meanwhile. */
void               ksm_game_rank_moves_async  (KsmGame             *self,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
GArray            *ksm_game_rank_moves_finish (KsmGame             *self,
                                               GAsyncResult        *result,
                                               GError             **error);

/* how long a computer waits before each throw and move, so people can follow */
guint              ksm_game_get_computer_delay (KsmGame *self);
void               ksm_game_set_computer_delay (KsmGame *self, guint milliseconds);

G_END_DECLS
