/* ksm-board-scene.h: what the board shows, between the game and the board
 * widget (as GNOME Chess puts its scene between its game and its view).
 *
 * The scene follows a KsmGame, or holds a fixed position for a figure of
 * the rules, and answers from the rules queries alone: what every cell
 * holds, what can move and where it would land, what is pointed at, and
 * the walks to animate. It knows no widget; KsmBoard draws it. */
#pragma once

#include <glib-object.h>

#include "ksm-game.h"

G_BEGIN_DECLS

#define KSM_TYPE_BOARD_SCENE (ksm_board_scene_get_type ())
G_DECLARE_FINAL_TYPE (KsmBoardScene, ksm_board_scene, KSM, BOARD_SCENE, GObject)

/* What a played move left on a cell: where it came from, the cells it
 * walked, where it landed, and where it took pieces (bits) */
typedef enum {
  KSM_BOARD_MARK_FROM  = 1 << 0,
  KSM_BOARD_MARK_PATH  = 1 << 1,
  KSM_BOARD_MARK_TO    = 1 << 2,
  KSM_BOARD_MARK_TAKEN = 1 << 3,
} KsmBoardMark;

/* One cell as the scene sees it */
typedef struct {
  KsmCellContent content;   /* a yard's: the pieces its player has in hand */
  int            yard;      /* the player of a yard, -1 for a cell of the board */
  gboolean       safe;
  gboolean       goal;
  gboolean       next;      /* holds the waiting piece its side starts next */
  const KsmMove *move;      /* what a person can play from here now, or NULL */
  guint          last;      /* KsmBoardMark: the last move's marks here */
  guint          recalled;  /* KsmBoardMark: those of the move recalled */
  int            taken_player;  /* whose pieces the last move took here, or -1 */
  guint          taken;         /* how many */
} KsmBoardSceneCell;

/* A played move to animate: a piece walks `path` from `from` to `to` */
typedef struct {
  int    from;              /* the cell or yard it leaves */
  int    to;
  int8_t path[KSM_MAX_PATH];  /* the cells walked, `to` last */
  int    path_length;
  int    player;            /* the mover */
  guint  captured;
  int    captured_player;   /* whose pieces it took, or -1 */
} KsmBoardWalk;

/* A move of the record as the board marks it: its walk, and the cells
 * where it took pieces (a move can take on its way as well as where it
 * lands) */
typedef struct {
  guint          event;     /* its index in the game's record */
  KsmBoardWalk   walk;
  int            n_taken;
  int8_t         taken_cell[KSM_MAX_PATH];
  int8_t         taken_player[KSM_MAX_PATH];
  uint8_t        taken_count[KSM_MAX_PATH];
} KsmBoardPlayed;

KsmBoardScene     *ksm_board_scene_new              (void);

/* Either a game or a fixed position, never both: setting one drops the
 * other. Both emit "reset". */
KsmGame           *ksm_board_scene_get_game         (KsmBoardScene     *self);
void               ksm_board_scene_set_game         (KsmBoardScene     *self,
                                                     KsmGame           *game);
void               ksm_board_scene_set_position     (KsmBoardScene     *self,
                                                     const KsmPosition *position);
/* A question: a fixed position, with a throw waiting, whose legal moves a
 * person can pick as in play; picking one plays nothing and emits
 * "picked" (const KsmMove *). It drops a game or a figure, as they drop
 * it, and emits "reset". */
void               ksm_board_scene_set_question     (KsmBoardScene     *self,
                                                     const KsmPosition *position);
gboolean           ksm_board_scene_is_asking        (KsmBoardScene     *self);
/* the game's position or the figure's; NULL for neither */
const KsmPosition *ksm_board_scene_get_position     (KsmBoardScene     *self);
const KsmRules    *ksm_board_scene_get_rules        (KsmBoardScene     *self);
const KsmOptions  *ksm_board_scene_get_options      (KsmBoardScene     *self);
int                ksm_board_scene_get_n_players    (KsmBoardScene     *self);

/* The cells: the geometry's, then a yard a player where pieces can be off
 * the board (yard_of () says whether they can) */
guint              ksm_board_scene_get_n_board_cells (KsmBoardScene    *self);
guint              ksm_board_scene_get_n_cells      (KsmBoardScene     *self);
/* the yard of `player`, or -1 */
int                ksm_board_scene_yard_of          (KsmBoardScene     *self,
                                                     int                player);
/* where `player`'s race starts, or -1 */
int                ksm_board_scene_start_cell       (KsmBoardScene     *self,
                                                     int                player);
void               ksm_board_scene_get_cell         (KsmBoardScene     *self,
                                                     guint              index,
                                                     KsmBoardSceneCell *cell);
/* the pieces of `player` off the board */
guint              ksm_board_scene_pieces_in_hand   (KsmBoardScene     *self,
                                                     int                player);
/* a side is "yours" when one person plays the computer */
gboolean           ksm_board_scene_is_yours         (KsmBoardScene     *self,
                                                     int                player);

/* What a person can play by pointing at the board now */
const KsmMove     *ksm_board_scene_get_moves        (KsmBoardScene     *self,
                                                     guint             *n_moves);
/* the cell a person picks to play `move`: its `from`, or the mover's yard */
int                ksm_board_scene_move_cell        (KsmBoardScene     *self,
                                                     const KsmMove     *move);
/* the move that can be played from `index` now, honouring the distance and
 * group chosen, or NULL */
const KsmMove     *ksm_board_scene_move_from        (KsmBoardScene     *self,
                                                     int                index);
/* the sizes (a bit each) of the groups that can enter at the distance chosen */
guint              ksm_board_scene_entering_groups  (KsmBoardScene     *self);
/* plays the move from `index`, if any (a question's: emits "picked");
 * TRUE when the game played one, or the question's move was picked */
gboolean           ksm_board_scene_activate         (KsmBoardScene     *self,
                                                     int                index);

/* Where a turn holds several throws: only moves of this distance, and of
 * the moves from hand only those entering a group of this size, can be
 * picked; 0 lets any. A scene showing a game follows the game's
 * selected-throw and selected-group, and a new selection replaces these. */
void               ksm_board_scene_set_distance     (KsmBoardScene     *self,
                                                     guint              distance);
guint              ksm_board_scene_get_distance     (KsmBoardScene     *self);
void               ksm_board_scene_set_group        (KsmBoardScene     *self,
                                                     guint              group);
guint              ksm_board_scene_get_group        (KsmBoardScene     *self);

/* Highlights: the pointer or the keyboard focus enters a cell (TRUE) or
 * leaves it (FALSE); a figure's move (from = -1 for none). They emit
 * "highlight-changed". */
void               ksm_board_scene_set_hovered      (KsmBoardScene     *self,
                                                     int                index,
                                                     gboolean           hovered);
void               ksm_board_scene_set_focused      (KsmBoardScene     *self,
                                                     int                index,
                                                     gboolean           focused);
void               ksm_board_scene_set_highlight    (KsmBoardScene     *self,
                                                     int                from,
                                                     int                to,
                                                     guint              captured,
                                                     gboolean           refused);
/* The move shown as pointed at: the person's (under the pointer, else the
 * focus) or the figure's; FALSE for none. *pointed is the cell it starts
 * from, *refused whether it is shown refused. */
gboolean           ksm_board_scene_get_shown_move   (KsmBoardScene     *self,
                                                     KsmMove           *move,
                                                     int               *pointed,
                                                     gboolean          *refused);

/* The walk of the last move, from "walk" until the next reset or move;
 * NULL for none */
const KsmBoardWalk *ksm_board_scene_get_walk        (KsmBoardScene     *self);

/* The last move of the game's record, marked until the next: after a
 * move, an undo, a redo, a review's step or a resumed game alike, from the
 * record (a throw or a lost throw since leaves it). NULL for none, and
 * for a figure. Its marks change with "changed". */
const KsmBoardPlayed *ksm_board_scene_get_last_move (KsmBoardScene     *self);
/* A move of the record shown as well (a history row pointed at): the
 * move of event `event`, or none for -1 or an event that is not a move.
 * Emits "highlight-changed"; dropped when the record no longer holds it. */
void               ksm_board_scene_recall_event     (KsmBoardScene     *self,
                                                     int                event);
const KsmBoardPlayed *ksm_board_scene_get_recalled  (KsmBoardScene     *self);
/* the marks of `played` on cell `index` (KsmBoardMark) */
guint              ksm_board_scene_marks_of         (KsmBoardScene        *self,
                                                     const KsmBoardPlayed *played,
                                                     int                   index);
/* how many pieces `played` took on cell `index`, and whose (*player, -1
 * for none) */
guint              ksm_board_scene_taken_at         (KsmBoardScene        *self,
                                                     const KsmBoardPlayed *played,
                                                     int                   index,
                                                     int                  *player);

G_END_DECLS
