/* ksm-board-scene-played.c: the moves of the record the scene marks: the
 * last move played, found again from the record whenever it changes, and a
 * history row's move a person points at. */
#include "config.h"

#include <string.h>

#include "ksm-board-scene-private.h"

/* ---- the moves of the record ---- */

/* a cell's pieces of `player`, whether its game counts them by player or not */
static guint
count_of (const KsmCellContent *content, int player)
{
  if (content->counts[player] > 0)
    return content->counts[player];
  return content->player == player ? content->count : 0;
}

/* Event `event` of the game's record as the board marks it, from the
 * position before it; FALSE when it is not a move. */
gboolean
ksm_board_scene_find_played (KsmBoardScene *self, guint event, KsmBoardPlayed *played)
{
  KsmRecord *record = ksm_game_get_record (self->game);
  const KsmRules *rules = ksm_game_get_rules (self->game);
  const KsmEvent *played_event;
  KsmPosition before, after;
  KsmEffect effect = { .captured_player = -1 };
  int8_t path[KSM_MAX_PATH];
  int length, mover;
  const KsmBoardWalk *walk = &played->walk;

  if (event >= ksm_record_get_n_events (record))
    return FALSE;
  played_event = ksm_record_get_event (record, event);
  if (played_event->kind != KSM_EVENT_MOVE || played_event->move.kind == KSM_MOVE_LOSE
      || !ksm_record_replay (record, event, &before, NULL))
    return FALSE;

  memset (played, 0, sizeof *played);
  played->event = event;
  mover = played_event->player;
  after = before;
  rules->apply_move (&after, &played_event->move, &effect);
  length = rules->move_path != NULL ? rules->move_path (&before, &played_event->move, path) : 0;
  ksm_board_scene_fill_walk (&played->walk, ksm_board_scene_cell_of_move (self, mover, &played_event->move), mover,
             &played_event->move, path, length, &effect);

  /* where it took: the cells of its walk where another side has fewer */
  for (int i = 0; i < walk->path_length && played->n_taken < KSM_MAX_PATH; i++)
    {
      int cell = walk->path[i];
      KsmCellContent then, now;

      if (cell < 0 || cell >= self->n_board_cells)
        continue;
      rules->cell_content (&before, cell, &then);
      rules->cell_content (&after, cell, &now);
      for (int p = 0; p < KSM_MAX_PLAYERS; p++)
        if (p != mover && count_of (&then, p) > count_of (&now, p))
          {
            played->taken_cell[played->n_taken] = (int8_t) cell;
            played->taken_player[played->n_taken] = (int8_t) p;
            played->taken_count[played->n_taken] = (uint8_t) (count_of (&then, p) - count_of (&now, p));
            played->n_taken++;
            break;
          }
    }
  /* a game whose cells do not show it: what it took went where it landed */
  if (played->n_taken == 0 && effect.captured > 0 && walk->to >= 0 && walk->to < self->n_board_cells)
    {
      played->taken_cell[0] = (int8_t) walk->to;
      played->taken_player[0] = effect.captured_player;
      played->taken_count[0] = effect.captured;
      played->n_taken = 1;
    }
  return TRUE;
}

/* the last move of the record: a move that is not a lost throw */
static int
last_move_event (KsmRecord *record)
{
  for (guint i = ksm_record_get_n_events (record); i-- > 0;)
    {
      const KsmEvent *event = ksm_record_get_event (record, i);
      if (event->kind == KSM_EVENT_MOVE && event->move.kind != KSM_MOVE_LOSE)
        return (int) i;
    }
  return -1;
}

/* The last move is looked for again only when the record's last move is
 * another event, or a move came since (an undo then another move lands at
 * the same index), so throws cost no replay. */
void
ksm_board_scene_update_last_move (KsmBoardScene *self)
{
  int event = self->game != NULL ? last_move_event (ksm_game_get_record (self->game)) : -1;

  if (event == self->last_move_event && !self->last_move_stale)
    return;
  self->last_move_event = event;
  self->last_move_stale = FALSE;
  self->has_last_move = event >= 0 && ksm_board_scene_find_played (self, (guint) event, &self->last_move);
}

const KsmBoardPlayed *
ksm_board_scene_get_last_move (KsmBoardScene *self)
{
  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), NULL);
  return self->has_last_move ? &self->last_move : NULL;
}

void
ksm_board_scene_recall_event (KsmBoardScene *self,
                              int            event)
{
  gboolean had;
  guint was;

  g_return_if_fail (KSM_IS_BOARD_SCENE (self));

  had = self->has_recalled;
  was = self->recalled.event;
  self->has_recalled = self->game != NULL && event >= 0
                       && ksm_board_scene_find_played (self, (guint) event, &self->recalled);
  if (had != self->has_recalled || (had && was != self->recalled.event))
    ksm_board_scene_emit_highlight_changed (self);
}

const KsmBoardPlayed *
ksm_board_scene_get_recalled (KsmBoardScene *self)
{
  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), NULL);
  return self->has_recalled ? &self->recalled : NULL;
}

guint
ksm_board_scene_marks_of (KsmBoardScene        *self,
                          const KsmBoardPlayed *played,
                          int                   index)
{
  const KsmBoardWalk *walk;
  guint marks = 0;

  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), 0);
  if (played == NULL || index < 0)
    return 0;
  walk = &played->walk;
  if (index == walk->from)
    marks |= KSM_BOARD_MARK_FROM;
  if (index == walk->to)
    marks |= KSM_BOARD_MARK_TO;
  /* the walk's last cell is where it lands */
  for (int i = 0; i + 1 < walk->path_length; i++)
    if (walk->path[i] == index && index != walk->to)
      marks |= KSM_BOARD_MARK_PATH;
  for (int i = 0; i < played->n_taken; i++)
    if (played->taken_cell[i] == index)
      marks |= KSM_BOARD_MARK_TAKEN;
  return marks;
}

guint
ksm_board_scene_taken_at (KsmBoardScene        *self,
                          const KsmBoardPlayed *played,
                          int                   index,
                          int                  *player)
{
  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), 0);
  g_return_val_if_fail (player != NULL, 0);

  *player = -1;
  for (int i = 0; played != NULL && i < played->n_taken; i++)
    if (played->taken_cell[i] == index)
      {
        *player = played->taken_player[i];
        return played->taken_count[i];
      }
  return 0;
}
