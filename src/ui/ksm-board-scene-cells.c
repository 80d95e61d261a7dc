/* ksm-board-scene-cells.c: what every cell of the scene holds and what can
 * move from it, from the rules queries and the scene's own getters alone. */
#include "config.h"

#include <string.h>

#include "ksm-board-scene-private.h"

/* The pieces of `player` off the board: all it has, less those on cells */
guint
ksm_board_scene_pieces_in_hand (KsmBoardScene *self, int player)
{
  const KsmRules *rules = ksm_board_scene_get_rules (self);
  const KsmPosition *position = ksm_board_scene_get_position (self);
  int left;

  if (rules == NULL || player < 0 || player >= KSM_MAX_PLAYERS)
    return 0;
  left = rules->pieces_left (position, player);
  for (int i = 0; i < (int) ksm_board_scene_get_n_board_cells (self); i++)
    {
      KsmCellContent content;
      rules->cell_content (position, i, &content);
      left -= content.counts[player] > 0 ? content.counts[player]
                                          : (content.player == player ? content.count : 0);
    }
  return (guint) MAX (left, 0);
}

gboolean
ksm_board_scene_is_yours (KsmBoardScene *self, int player)
{
  KsmGame *game = ksm_board_scene_get_game (self);
  int n_players = ksm_board_scene_get_n_players (self);
  int persons = 0;

  if (game == NULL || player < 0 || player >= n_players)
    return FALSE;
  for (int i = 0; i < n_players; i++)
    if (ksm_game_get_seat (game, (guint) i)->kind == KSM_SEAT_PERSON)
      persons++;
  return persons == 1 && ksm_game_get_seat (game, (guint) player)->kind == KSM_SEAT_PERSON;
}

void
ksm_board_scene_get_cell (KsmBoardScene     *self,
                          guint              index,
                          KsmBoardSceneCell *cell)
{
  const KsmRules *rules = ksm_board_scene_get_rules (self);
  const KsmOptions *options = ksm_board_scene_get_options (self);
  int n_board_cells = (int) ksm_board_scene_get_n_board_cells (self);
  int yard = (int) index >= n_board_cells ? (int) index - n_board_cells : -1;
  int next;

  g_return_if_fail (cell != NULL);
  memset (cell, 0, sizeof *cell);
  cell->content.player = -1;
  cell->yard = -1;
  cell->taken_player = -1;
  if (rules == NULL || index >= ksm_board_scene_get_n_cells (self))
    return;
  cell->yard = yard;

  if (yard >= 0)
    {
      cell->content.player = (int8_t) yard;
      cell->content.count = (uint8_t) ksm_board_scene_pieces_in_hand (self, yard);
      cell->content.counts[yard] = cell->content.count;
    }
  else
    {
      unsigned flags = ksm_rules_cell_flags (rules, options, (int) index);

      rules->cell_content (ksm_board_scene_get_position (self), (int) index, &cell->content);
      cell->safe = (flags & KSM_CELL_SAFE) != 0;
      cell->goal = (flags & KSM_CELL_GOAL) != 0;
    }
  /* the rules say which of a side's waiting pieces starts next */
  if (cell->content.player >= 0 && cell->content.waiting)
    {
      next = ksm_rules_next_to_start (rules, ksm_board_scene_get_position (self), cell->content.player);
      cell->next = next == (int) index;
    }
  cell->move = ksm_board_scene_move_from (self, (int) index);
  cell->last = ksm_board_scene_marks_of (self, ksm_board_scene_get_last_move (self), (int) index);
  cell->recalled = ksm_board_scene_marks_of (self, ksm_board_scene_get_recalled (self), (int) index);
  cell->taken = ksm_board_scene_taken_at (self, ksm_board_scene_get_last_move (self), (int) index,
                                          &cell->taken_player);
}

/* ---- what can move ---- */

const KsmMove *
ksm_board_scene_get_moves (KsmBoardScene *self,
                           guint         *n_moves)
{
  KsmGame *game;
  const KsmMove *moves;

  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), NULL);
  g_return_val_if_fail (n_moves != NULL, NULL);

  game = ksm_board_scene_get_game (self);
  *n_moves = 0;
  if (self->asking)
    {
      *n_moves = self->n_asked;
      return self->n_asked > 0 ? self->asked : NULL;
    }
  if (game == NULL || ksm_game_get_phase (game) != KSM_PHASE_MOVE || !ksm_game_is_person_to_act (game))
    return NULL;
  moves = ksm_game_get_moves (game, n_moves);
  if (*n_moves == 1 && moves[0].kind == KSM_MOVE_LOSE)
    *n_moves = 0;
  return moves;
}

int
ksm_board_scene_move_cell (KsmBoardScene *self,
                           const KsmMove *move)
{
  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), -1);
  g_return_val_if_fail (move != NULL, -1);

  if (ksm_board_scene_get_position (self) == NULL || move->kind == KSM_MOVE_LOSE)
    return -1;
  if (move->from < 0 && move->kind == KSM_MOVE_START)
    return ksm_board_scene_yard_of (self, ksm_board_scene_get_position (self)->to_move);
  return move->from;
}

const KsmMove *
ksm_board_scene_move_from (KsmBoardScene *self,
                           int            index)
{
  guint n_moves;
  const KsmMove *moves = ksm_board_scene_get_moves (self, &n_moves);
  guint distance = ksm_board_scene_get_distance (self);
  guint group = ksm_board_scene_get_group (self);

  if (index < 0)
    return NULL;
  for (guint i = 0; i < n_moves; i++)
    if (moves[i].kind != KSM_MOVE_LOSE && ksm_board_scene_move_cell (self, &moves[i]) == index
        && (distance == 0 || moves[i].distance == distance)
        && (group == 0 || moves[i].kind != KSM_MOVE_START || moves[i].group == group))
      return &moves[i];
  return NULL;
}

guint
ksm_board_scene_entering_groups (KsmBoardScene *self)
{
  guint n_moves, sizes = 0;
  const KsmMove *moves = ksm_board_scene_get_moves (self, &n_moves);
  guint distance = ksm_board_scene_get_distance (self);

  for (guint i = 0; i < n_moves; i++)
    if (moves[i].kind == KSM_MOVE_START && moves[i].group > 0
        && (distance == 0 || moves[i].distance == distance))
      sizes |= 1u << moves[i].group;
  return sizes;
}

gboolean
ksm_board_scene_activate (KsmBoardScene *self,
                          int            index)
{
  const KsmMove *move;
  KsmMove chosen;

  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), FALSE);

  move = ksm_board_scene_move_from (self, index);
  if (move == NULL)
    return FALSE;
  /* the game's move list changes as it plays */
  chosen = *move;
  if (self->asking)
    {
      ksm_board_scene_emit_picked (self, &chosen);
      return TRUE;
    }
  return ksm_game_play (ksm_board_scene_get_game (self), &chosen);
}
