/* ksm-board-scene-private.h: the scene's state, shared by the files of
 * KsmBoardScene (ksm-board-scene.c, ksm-board-scene-played.c). */
#pragma once

#include "ksm-board-scene.h"

G_BEGIN_DECLS

struct _KsmBoardScene
{
  GObject       parent_instance;

  KsmGame      *game;
  GSignalGroup *game_signals;   /* the game's, whichever game it is */
  KsmPosition  *position;       /* a figure's, without a game */
  /* a question (a lesson's position): its legal moves can be picked,
   * and picking one plays nothing but emits "picked" */
  gboolean      asking;
  KsmMove       asked[KSM_MAX_MOVES];
  guint         n_asked;
  int           n_board_cells;
  gboolean      has_yards;
  int           start_cell[KSM_MAX_PLAYERS];

  guint         distance;
  guint         group;
  int           hover_cell;
  int           focus_cell;
  int           highlight_from; /* a figure's move, or -1 */
  int           highlight_to;
  guint         highlight_captured;
  gboolean      highlight_refused;

  KsmBoardWalk  walk;
  gboolean      walk_pending;   /* "moved" came, "changed" not yet */
  gboolean      has_walk;

  KsmBoardPlayed last_move;
  gboolean      has_last_move;
  int           last_move_event;  /* the event it was found at, -1 none */
  gboolean      last_move_stale;  /* a move came since: look again */
  KsmBoardPlayed recalled;
  gboolean      has_recalled;
};

/* finds the move event `event` of the game's record played, from the
 * position before it; FALSE where it is no move */
gboolean ksm_board_scene_find_played            (KsmBoardScene  *self,
                                                 guint           event,
                                                 KsmBoardPlayed *played);
/* looks for the record's last move again, where it may have changed */
void     ksm_board_scene_update_last_move       (KsmBoardScene  *self);
void     ksm_board_scene_emit_highlight_changed (KsmBoardScene  *self);
/* a question's move was picked */
void     ksm_board_scene_emit_picked            (KsmBoardScene  *self,
                                                 const KsmMove  *move);
/* the cell a move of `player` starts from: its from, or the player's yard */
int      ksm_board_scene_cell_of_move           (KsmBoardScene  *self,
                                                 int             player,
                                                 const KsmMove  *move);
/* a walk of `player` from `from` along `path`, and what the effect took */
void     ksm_board_scene_fill_walk              (KsmBoardWalk    *walk,
                                                 int              from,
                                                 int              player,
                                                 const KsmMove   *move,
                                                 const int8_t    *path,
                                                 int              length,
                                                 const KsmEffect *effect);

G_END_DECLS
