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

/* What the game promises its watchers.
 *
 * An action (a throw, a move, an undo, a redo, a seek) changes the state
 * first and then speaks, in this order:
 *
 *   thrown (player, face, pattern)       a throw was made
 *   moved (player, KsmMove *, KsmEffect *) a move was played; the move and
 *                                        what it did (the engine's effect),
 *                                        lent for the emission
 *   throw-lost (player, face)            nothing could use a throw; after
 *                                        "thrown", or after "moved" for the
 *                                        rest of a turn's held throws
 *   notify::*                            every property whose value changed
 *                                        since the last action, together
 *   turn-changed (player)                another player is to act
 *   game-over (winner, gulmasi, score)   once, when the game ends
 *   changed                              always last, once an action
 *
 * At "thrown", "moved" and "throw-lost" the getters already answer for the
 * state just after that event (the record holds it, the position and the
 * legal moves follow it, can-undo, throws-again, selected-throw and the
 * others are computed from it), but a loss that follows has not happened
 * yet and nothing is notified yet: a handler there must not redraw from
 * the properties' notifications, which come after. From the notifications
 * on, every property is final for the action, so at "turn-changed",
 * "game-over" and "changed" each getter returns the value last notified.
 * Undo and redo emit no event signals, only the notifications,
 * "turn-changed" and "changed"; a seek (a game under review) only the
 * notifications and "changed". Choosing a held throw or a group changes
 * no position: only its notification comes. "thinking" is notified on its
 * own, when a computer starts and stops deciding, and "move-questioned"
 * (player) comes alone, when the tutor holds a person's move (see
 * below). No watcher needs another to have run first: each reads the
 * game, not another view. */

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

/* Where a turn holds several throws to play, the one a person plays
 * next and, where it can enter groups in hand of different sizes, which
 * group: "selected-throw" is the throw's value (or the units of a pool to
 * play), "selected-group" the group's size; 0 when there is nothing to
 * choose. The game keeps them valid whenever the position changes (undo
 * and redo too): a choice stays while it can be played, else the first
 * held throw that can is chosen, and the largest group; what an action
 * ends with is the choice the next starts from. The setters refuse
 * (false) a throw that is not held or that no move plays, a group not
 * offered. ksm_game_get_group_sizes: the sizes offered (bit n: size n). */
guint              ksm_game_get_selected_throw (KsmGame *self);
guint              ksm_game_get_selected_group (KsmGame *self);
guint              ksm_game_get_group_sizes    (KsmGame *self);
gboolean           ksm_game_select_throw       (KsmGame *self, guint distance);
gboolean           ksm_game_select_group       (KsmGame *self, guint size);

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

/* The tutor ("tutor", off unless set). With it on, a person's move with a
 * choice is judged before it is played, off the main thread and by the
 * analysis's judge (ksm_analysis_rank: a node budget, never the clock);
 * ksm_game_play takes it and the game waits for the judgement, refusing
 * another move meanwhile. A move that gives up at least the analysis's
 * "?" (KSM_ANALYSIS_BAD) of the mover's (team's) chance of winning against
 * the best is held, not played, and "move-questioned" (player) is emitted;
 * any other is played as soon as it is judged. A held move is played
 * (ksm_game_play_questioned) or dropped (ksm_game_withdraw_questioned),
 * which leaves the game exactly as it was before the click. A forced move
 * (the only legal one), a computer's and a review are never judged; an
 * undo, a redo or the tutor switched off drop what waits. */
typedef struct {
  KsmMove move;      /* the move held */
  KsmMove better;    /* the best move, as the judge ranks them */
  double  played;    /* the mover's team's chance after each */
  double  best;
} KsmQuestion;

gboolean           ksm_game_get_tutor          (KsmGame *self);
void               ksm_game_set_tutor          (KsmGame *self, gboolean tutor);
/* TRUE, with what it is, while a move is held */
gboolean           ksm_game_get_question       (KsmGame *self, KsmQuestion *question);
/* TRUE while a person's move waits for its judgement */
gboolean           ksm_game_is_judging         (KsmGame *self);
gboolean           ksm_game_play_questioned    (KsmGame *self);
gboolean           ksm_game_withdraw_questioned (KsmGame *self);

/* how long a computer waits before each throw and move, so people can follow */
guint              ksm_game_get_computer_delay (KsmGame *self);
void               ksm_game_set_computer_delay (KsmGame *self, guint milliseconds);
/* "throw-pause": how long a throw stays on screen before a computer acts
 * on it, in place of the delay: a computer's throw before its move, a lost
 * throw (a person's too) before the next computer throws */
guint              ksm_game_get_throw_pause    (KsmGame *self);
void               ksm_game_set_throw_pause    (KsmGame *self, guint milliseconds);

G_END_DECLS
