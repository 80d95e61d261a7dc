/* ksm-board-scene.c: what the board shows, from the rules queries only.
 *
 * The scene relays the game's broadcast: "moved" becomes a walk, which the
 * scene hands out ("walk") when "changed" follows, before it says the
 * cells changed. So the widget never needs to know the order in which the
 * game speaks. The last move's marks come from the record itself, so an
 * undo, a review's step and a resumed game mark it as a move played does. */
#include "config.h"

#include <string.h>

#include "ksm-board-scene-private.h"

G_DEFINE_FINAL_TYPE (KsmBoardScene, ksm_board_scene, G_TYPE_OBJECT)

enum {
  SIGNAL_RESET,
  SIGNAL_CHANGED,
  SIGNAL_HIGHLIGHT_CHANGED,
  SIGNAL_INTERRUPT,
  SIGNAL_WALK,
  SIGNAL_PICKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
ksm_board_scene_emit_highlight_changed (KsmBoardScene *self)
{
  g_signal_emit (self, signals[SIGNAL_HIGHLIGHT_CHANGED], 0);
}

const KsmPosition *
ksm_board_scene_get_position (KsmBoardScene *self)
{
  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), NULL);
  return self->game != NULL ? ksm_game_get_position (self->game) : self->position;
}

const KsmRules *
ksm_board_scene_get_rules (KsmBoardScene *self)
{
  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), NULL);
  if (self->game != NULL)
    return ksm_game_get_rules (self->game);
  return self->position != NULL ? ksm_rules_for (self->position) : NULL;
}

const KsmOptions *
ksm_board_scene_get_options (KsmBoardScene *self)
{
  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), NULL);
  if (self->game != NULL)
    return ksm_game_get_options (self->game);
  return self->position != NULL ? &self->position->options : NULL;
}

int
ksm_board_scene_get_n_players (KsmBoardScene *self)
{
  const KsmRules *rules = ksm_board_scene_get_rules (self);

  return rules != NULL ? rules->n_players (ksm_board_scene_get_options (self)) : 0;
}

/* ---- the cells ---- */

guint
ksm_board_scene_get_n_board_cells (KsmBoardScene *self)
{
  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), 0);
  return (guint) self->n_board_cells;
}

guint
ksm_board_scene_get_n_cells (KsmBoardScene *self)
{
  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), 0);
  if (self->n_board_cells == 0)
    return 0;
  return (guint) (self->n_board_cells + (self->has_yards ? ksm_board_scene_get_n_players (self) : 0));
}

int
ksm_board_scene_yard_of (KsmBoardScene *self, int player)
{
  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), -1);
  if (!self->has_yards || player < 0 || player >= ksm_board_scene_get_n_players (self))
    return -1;
  return self->n_board_cells + player;
}

int
ksm_board_scene_start_cell (KsmBoardScene *self, int player)
{
  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), -1);
  if (player < 0 || player >= KSM_MAX_PLAYERS)
    return -1;
  return self->start_cell[player];
}

/* ---- the filters of what can move ---- */

static void
set_filter (KsmBoardScene *self, guint *filter, guint value)
{
  if (*filter == value)
    return;
  *filter = value;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

void
ksm_board_scene_set_distance (KsmBoardScene *self,
                              guint          distance)
{
  g_return_if_fail (KSM_IS_BOARD_SCENE (self));
  set_filter (self, &self->distance, distance);
}

guint
ksm_board_scene_get_distance (KsmBoardScene *self)
{
  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), 0);
  return self->distance;
}

void
ksm_board_scene_set_group (KsmBoardScene *self,
                           guint          group)
{
  g_return_if_fail (KSM_IS_BOARD_SCENE (self));
  set_filter (self, &self->group, group);
}

guint
ksm_board_scene_get_group (KsmBoardScene *self)
{
  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), 0);
  return self->group;
}

/* ---- highlights ---- */

/* the pointer or the focus entered `index`, or left it */
static void
point (KsmBoardScene *self, int *pointer, int index, gboolean inside)
{
  if (inside)
    *pointer = index;
  else if (*pointer == index)
    *pointer = -1;
  else
    return;
  g_signal_emit (self, signals[SIGNAL_HIGHLIGHT_CHANGED], 0);
}

void
ksm_board_scene_set_hovered (KsmBoardScene *self,
                             int            index,
                             gboolean       hovered)
{
  g_return_if_fail (KSM_IS_BOARD_SCENE (self));
  point (self, &self->hover_cell, index, hovered);
}

void
ksm_board_scene_set_focused (KsmBoardScene *self,
                             int            index,
                             gboolean       focused)
{
  g_return_if_fail (KSM_IS_BOARD_SCENE (self));
  point (self, &self->focus_cell, index, focused);
}

void
ksm_board_scene_set_highlight (KsmBoardScene *self,
                               int            from,
                               int            to,
                               guint          captured,
                               gboolean       refused)
{
  g_return_if_fail (KSM_IS_BOARD_SCENE (self));

  self->highlight_from = from;
  self->highlight_to = from >= 0 ? to : -1;
  self->highlight_captured = captured;
  self->highlight_refused = refused;
  g_signal_emit (self, signals[SIGNAL_HIGHLIGHT_CHANGED], 0);
}

static int
pointed_cell (KsmBoardScene *self)
{
  if (self->hover_cell >= 0 && ksm_board_scene_move_from (self, self->hover_cell) != NULL)
    return self->hover_cell;
  if (self->focus_cell >= 0 && ksm_board_scene_move_from (self, self->focus_cell) != NULL)
    return self->focus_cell;
  return -1;
}

gboolean
ksm_board_scene_get_shown_move (KsmBoardScene *self,
                                KsmMove       *move,
                                int           *pointed,
                                gboolean      *refused)
{
  int cell;
  const KsmMove *played;

  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), FALSE);

  cell = pointed_cell (self);
  played = cell >= 0 ? ksm_board_scene_move_from (self, cell) : NULL;
  memset (move, 0, sizeof *move);
  *refused = FALSE;
  *pointed = -1;
  if (played != NULL)
    {
      *move = *played;
      *pointed = cell;
      return TRUE;
    }
  /* a figure points at its move the way a person points at one in play */
  if (self->highlight_from >= 0)
    {
      move->from = (int8_t) self->highlight_from;
      move->to = (int8_t) self->highlight_to;
      move->captured = (uint8_t) self->highlight_captured;
      *pointed = self->highlight_from;
      *refused = self->highlight_refused;
      return TRUE;
    }
  return FALSE;
}

/* ---- the game's signals ---- */

const KsmBoardWalk *
ksm_board_scene_get_walk (KsmBoardScene *self)
{
  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), NULL);
  return self->has_walk ? &self->walk : NULL;
}

/* the cell a person picks to play `move` as `player`: its `from`, or the
 * mover's yard */
int
ksm_board_scene_cell_of_move (KsmBoardScene *self, int player, const KsmMove *move)
{
  if (move->kind == KSM_MOVE_LOSE)
    return -1;
  if (move->from < 0 && move->kind == KSM_MOVE_START)
    return ksm_board_scene_yard_of (self, player);
  return move->from;
}

/* `move`'s walk, by `player`, along `path` (the rules' path; one that does
 * not end where the move lands is not this move's) */
void
ksm_board_scene_fill_walk (KsmBoardWalk *walk, int from, int player, const KsmMove *move,
                           const int8_t *path, int length, const KsmEffect *effect)
{
  walk->from = from;
  walk->to = move->to;
  if (length < 1 || length > KSM_MAX_PATH || path[length - 1] != move->to)
    {
      walk->path[0] = (int8_t) move->to;
      length = 1;
    }
  else
    memcpy (walk->path, path, (size_t) length);
  walk->path_length = length;
  walk->player = player;
  walk->captured = effect->captured;
  walk->captured_player = effect->captured_player;
}

static void
moved_cb (KsmGame       *game,
          guint          player,
          gpointer       move_pointer,
          gpointer       effect_pointer,
          KsmBoardScene *self)
{
  const KsmMove *move = move_pointer;
  const int8_t *path;
  int length;
  int from = ksm_board_scene_cell_of_move (self, (int) player, move);
  int n_cells = (int) ksm_board_scene_get_n_cells (self);

  g_signal_emit (self, signals[SIGNAL_INTERRUPT], 0);
  self->has_walk = self->walk_pending = FALSE;
  self->last_move_stale = TRUE;
  if (from < 0 || from >= n_cells || move->to < 0 || move->to >= n_cells)
    return;
  length = ksm_game_get_last_path (game, &path);
  ksm_board_scene_fill_walk (&self->walk, from, (int) player, move, path, length, effect_pointer);
  self->walk_pending = TRUE;
}

/* The throw and the group a person chose live in the game; only its moves
 * can be picked. While a move's walk waits for its "changed", that
 * "changed" redraws with them. */
static void
selection_cb (KsmGame       *game,
              GParamSpec    *pspec,
              KsmBoardScene *self)
{
  guint distance = ksm_game_get_selected_throw (game);
  guint group = ksm_game_get_selected_group (game);

  if (self->walk_pending)
    {
      self->distance = distance;
      self->group = group;
      return;
    }
  if (self->distance == distance && self->group == group)
    return;
  self->distance = distance;
  self->group = group;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
changed_cb (KsmGame       *game,
            KsmBoardScene *self)
{
  if (self->walk_pending)
    {
      self->walk_pending = FALSE;
      self->has_walk = TRUE;
      g_signal_emit (self, signals[SIGNAL_WALK], 0, &self->walk);
    }
  else
    /* an undo, a redo, a throw: nothing walks */
    g_signal_emit (self, signals[SIGNAL_INTERRUPT], 0);
  ksm_board_scene_update_last_move (self);
  /* the recalled event may be undone, or another since */
  if (self->has_recalled)
    self->has_recalled = ksm_board_scene_find_played (self, self->recalled.event, &self->recalled);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* Where each player's race starts, as the rules say; pieces off the board
 * in the game's first position mean the board needs yards. */
static void
find_starts (KsmBoardScene *self)
{
  const KsmRules *rules = ksm_board_scene_get_rules (self);
  const KsmOptions *options = ksm_board_scene_get_options (self);
  KsmPosition scratch;

  self->n_board_cells = rules->n_cells (options);
  rules->init (&scratch, options);
  for (int p = 0; p < ksm_board_scene_get_n_players (self); p++)
    {
      int left = rules->pieces_left (&scratch, p);
      int on_board = 0;

      for (int i = 0; i < self->n_board_cells; i++)
        {
          KsmCellContent content;
          rules->cell_content (&scratch, i, &content);
          on_board += content.counts[p];
        }
      if (on_board < left)
        self->has_yards = TRUE;
      self->start_cell[p] = ksm_rules_start_cell (rules, options, p);
    }
}

static void
clear (KsmBoardScene *self)
{
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game);
  g_clear_pointer (&self->position, g_free);
  self->asking = FALSE;
  self->n_asked = 0;
  self->n_board_cells = 0;
  self->has_yards = FALSE;
  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    self->start_cell[p] = -1;
  self->hover_cell = self->focus_cell = -1;
  self->highlight_from = self->highlight_to = -1;
  self->walk_pending = self->has_walk = FALSE;
  self->has_last_move = self->has_recalled = FALSE;
  self->last_move_event = -1;
  self->last_move_stale = TRUE;
}

void
ksm_board_scene_set_game (KsmBoardScene *self,
                          KsmGame       *game)
{
  g_return_if_fail (KSM_IS_BOARD_SCENE (self));
  g_return_if_fail (game == NULL || KSM_IS_GAME (game));

  if (self->game == game)
    return;
  g_signal_emit (self, signals[SIGNAL_INTERRUPT], 0);
  if (game != NULL)
    g_object_ref (game);
  clear (self);
  self->game = game;
  if (game != NULL)
    {
      g_signal_group_set_target (self->game_signals, game);
      self->distance = ksm_game_get_selected_throw (game);
      self->group = ksm_game_get_selected_group (game);
      find_starts (self);
      ksm_board_scene_update_last_move (self);
    }
  g_signal_emit (self, signals[SIGNAL_RESET], 0);
}

void
ksm_board_scene_set_position (KsmBoardScene     *self,
                              const KsmPosition *position)
{
  g_return_if_fail (KSM_IS_BOARD_SCENE (self));
  g_return_if_fail (position != NULL && ksm_rules_for (position) != NULL);

  g_signal_emit (self, signals[SIGNAL_INTERRUPT], 0);
  clear (self);
  self->position = g_memdup2 (position, sizeof *position);
  find_starts (self);
  g_signal_emit (self, signals[SIGNAL_RESET], 0);
}

void
ksm_board_scene_set_question (KsmBoardScene     *self,
                              const KsmPosition *position)
{
  const KsmRules *rules;
  int n;

  g_return_if_fail (KSM_IS_BOARD_SCENE (self));
  g_return_if_fail (position != NULL && ksm_rules_for (position) != NULL);

  g_signal_emit (self, signals[SIGNAL_INTERRUPT], 0);
  clear (self);
  rules = ksm_rules_for (position);
  self->position = g_memdup2 (position, sizeof *position);
  self->asking = TRUE;
  self->distance = 0;
  self->group = 0;
  n = position->phase == KSM_PHASE_MOVE ? rules->legal_moves (position, self->asked) : 0;
  /* a lost throw is no move to point at */
  for (int i = 0; i < n; i++)
    if (self->asked[i].kind != KSM_MOVE_LOSE)
      self->asked[self->n_asked++] = self->asked[i];
  find_starts (self);
  g_signal_emit (self, signals[SIGNAL_RESET], 0);
}

gboolean
ksm_board_scene_is_asking (KsmBoardScene *self)
{
  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), FALSE);
  return self->asking;
}

void
ksm_board_scene_emit_picked (KsmBoardScene *self,
                             const KsmMove *move)
{
  g_signal_emit (self, signals[SIGNAL_PICKED], 0, move);
}

KsmGame *
ksm_board_scene_get_game (KsmBoardScene *self)
{
  g_return_val_if_fail (KSM_IS_BOARD_SCENE (self), NULL);
  return self->game;
}

/* ---- GObject ---- */

static void
ksm_board_scene_dispose (GObject *object)
{
  KsmBoardScene *self = KSM_BOARD_SCENE (object);

  clear (self);
  g_clear_object (&self->game_signals);
  G_OBJECT_CLASS (ksm_board_scene_parent_class)->dispose (object);
}

static void
ksm_board_scene_class_init (KsmBoardSceneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ksm_board_scene_dispose;

  /* reset: the cells themselves changed (another game or figure): rebuild;
   * changed: what the cells hold or what can move changed: redraw them;
   * highlight-changed: what is pointed at changed;
   * interrupt: a walk still running must end now, the position moves on */
  static const char *const plain[] = { "reset", "changed", "highlight-changed", "interrupt" };

  for (guint i = 0; i < G_N_ELEMENTS (plain); i++)
    signals[SIGNAL_RESET + i] =
      g_signal_new (plain[i], G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 0);
  /* walk (KsmBoardWalk *): a move was played; comes before its "changed" */
  signals[SIGNAL_WALK] =
    g_signal_new ("walk", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* picked (const KsmMove *): a person picked a question's move */
  signals[SIGNAL_PICKED] =
    g_signal_new ("picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
ksm_board_scene_init (KsmBoardScene *self)
{
  self->game_signals = g_signal_group_new (KSM_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "moved", G_CALLBACK (moved_cb), self, 0);
  g_signal_group_connect_object (self->game_signals, "changed", G_CALLBACK (changed_cb), self, 0);
  g_signal_group_connect_object (self->game_signals, "notify::selected-throw",
                                 G_CALLBACK (selection_cb), self, 0);
  g_signal_group_connect_object (self->game_signals, "notify::selected-group",
                                 G_CALLBACK (selection_cb), self, 0);
  clear (self);
}

KsmBoardScene *
ksm_board_scene_new (void)
{
  return g_object_new (KSM_TYPE_BOARD_SCENE, NULL);
}
