/* ksm-board-words.c: what a screen reader hears of a cell of the board.
 *
 * Generic words over the scene; where a game words its cells or pieces
 * its own way, its skin says. */
#include "config.h"

#include <glib/gi18n.h>

#include "ksm-board-private.h"
#include "ksm-numbers.h"
#include "ksm-words.h"

/* a cell by its name as the board's coordinates show it ("M12"), the
 * name the moves are said and written with */
static char *
place_name (KsmBoard *self, int index)
{
  return ksm_words_cell_name (ksm_board_scene_get_rules (self->scene),
                              ksm_board_scene_get_options (self->scene), index);
}

/* whose the pieces are, where one person plays the computer */
static gboolean
is_computers (KsmBoard *self, int player)
{
  KsmGame *game = ksm_board_scene_get_game (self->scene);

  return game != NULL && player >= 0 && player < ksm_board_scene_get_n_players (self->scene)
         && ksm_game_get_seat (game, (guint) player)->kind == KSM_SEAT_COMPUTER;
}

static char *
pieces_text (KsmBoard *self, int player, guint count, gboolean waiting)
{
  gboolean yours = ksm_board_scene_is_yours (self->scene, player);
  g_autofree char *tokens = NULL;

  if (self->skin->pieces_text != NULL)
    tokens = self->skin->pieces_text (player, count, waiting, yours);
  else
    {
      g_autofree char *counted = ksm_words_count_pieces (ksm_board_scene_get_rules (self->scene),
                                                         ksm_board_scene_get_options (self->scene),
                                                         player, count);
      /* Translators: tokens of the person's own colour, as "2 <colour> tokens (yours)" */
      tokens = yours ? g_strdup_printf (_("%s (yours)"), counted) : g_steal_pointer (&counted);
    }
  if (!yours && is_computers (self, player))
    /* Translators: pieces the computer plays, as "1 stone of the computer's" */
    return g_strdup_printf (_("%s of the computer's"), tokens);
  return g_steal_pointer (&tokens);
}

/* what a move to `to` would take, as "takes 1 <colour> token" */
static char *
capture_text_at (KsmBoard *self, int to, int mover, guint captured)
{
  const KsmRules *rules = ksm_board_scene_get_rules (self->scene);
  const KsmOptions *options = ksm_board_scene_get_options (self->scene);
  KsmCellContent target;
  g_autoptr(GPtrArray) taken = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;

  if (self->skin->capture_text != NULL)
    return self->skin->capture_text (mover, captured);
  rules->cell_content (ksm_board_scene_get_position (self->scene), to, &target);
  for (int p = 0; p < ksm_board_scene_get_n_players (self->scene); p++)
    if (p != mover && target.counts[p] > 0)
      g_ptr_array_add (taken, ksm_words_count_pieces (rules, options, p, target.counts[p]));
  if (taken->len == 0)
    return ksm_format (ngettext ("takes %u piece", "takes %u pieces", captured), captured);
  g_ptr_array_add (taken, NULL);
  /* Translators: between the colours a capture takes, "1 <colour> token and 2 <colour> tokens" */
  list = g_strjoinv (_(" and "), (char **) taken->pdata);
  /* Translators: said of a move; %s lists what it takes, "1 <colour> token" */
  return g_strdup_printf (_("takes %s"), list);
}

char *
ksm_board_cell_label (KsmBoard                *self,
                      int                      index,
                      const KsmBoardSceneCell *cell)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  const KsmCellContent *content = &cell->content;
  const KsmMove *move = cell->move;
  guint groups = 0;

  if (cell->yard >= 0)
    {
      guint in_hand = ksm_board_scene_pieces_in_hand (self->scene, cell->yard);

      /* Translators: the place beside the board where a colour's tokens wait to enter */
      g_ptr_array_add (parts, g_strdup_printf (_("%s’s tokens off the board"),
                                               ksm_words_player_name (ksm_board_scene_get_rules (self->scene),
                                                                      ksm_board_scene_get_options (self->scene),
                                                                      cell->yard)));
      g_ptr_array_add (parts, in_hand > 0 ? pieces_text (self, cell->yard, in_hand, FALSE)
                                          : g_strdup (_("empty")));
    }
  else
    {
      g_ptr_array_add (parts, place_name (self, index));
      if (cell->safe)
        g_ptr_array_add (parts, g_strdup (self->skin->safe_word != NULL ? _(self->skin->safe_word)
                                                                        : _("safe square")));
      if (cell->goal)
        /* Translators: the cell every token races to (the centre of a spiral board) */
        g_ptr_array_add (parts, g_strdup (_("the goal")));
      for (int p = 0; p < KSM_MAX_PLAYERS; p++)
        groups += content->counts[p] > 0;
      /* several colours share a safe square: each is named */
      if (groups > 1)
        for (int p = 0; p < KSM_MAX_PLAYERS; p++)
          {
            if (content->counts[p] > 0)
              g_ptr_array_add (parts, pieces_text (self, p, content->counts[p], FALSE));
          }
      else if (content->player < 0 || content->count == 0)
        g_ptr_array_add (parts, g_strdup (_("empty")));
      else
        g_ptr_array_add (parts, pieces_text (self, content->player, content->count, content->waiting));
    }
  if (cell->next)
    g_ptr_array_add (parts, g_strdup (_("next to start")));
  /* the last move, so a turn played while a person looked away can be read */
  if (cell->last & KSM_BOARD_MARK_FROM)
    /* Translators: said of a cell: the last move's piece left it */
    g_ptr_array_add (parts, g_strdup (_("last move left here")));
  if (cell->last & KSM_BOARD_MARK_PATH)
    /* Translators: said of a cell: the last move's piece passed over it */
    g_ptr_array_add (parts, g_strdup (_("last move passed here")));
  if (cell->last & KSM_BOARD_MARK_TO)
    /* Translators: said of a cell: the last move's piece landed on it */
    g_ptr_array_add (parts, g_strdup (_("last move landed here")));
  if (cell->taken > 0 && cell->taken_player >= 0)
    {
      g_autofree char *taken = ksm_words_count_pieces (ksm_board_scene_get_rules (self->scene),
                                                       ksm_board_scene_get_options (self->scene),
                                                       cell->taken_player, cell->taken);
      /* Translators: said of a cell: the last move took pieces on it; %s is
       * what it took, as "2 stones" */
      g_ptr_array_add (parts, g_strdup_printf (_("last move took %s here"), taken));
    }
  if (move != NULL)
    {
      g_autofree char *to = place_name (self, move->to);
      guint entering = ksm_board_scene_entering_groups (self->scene);

      /* Translators: said of a piece that can move now; %s is a cell, as "mala 8" */
      g_ptr_array_add (parts, g_strdup_printf (_("moves to %s"), to));
      /* a group from hand: which one, when there is a choice or it is not one piece */
      if (move->kind == KSM_MOVE_START && move->group > 0
          && (move->group > 1 || (entering & (entering - 1)) != 0))
        g_ptr_array_add (parts, g_strdup (ksm_words_group_enters (move->group)));
      if (move->captured > 0)
        g_ptr_array_add (parts, capture_text_at (self, move->to,
                                                 (int) ksm_board_scene_get_position (self->scene)->to_move,
                                                 move->captured));
    }
  g_ptr_array_add (parts, NULL);
  /* Translators: the separator between the parts of a cell's description */
  return g_strjoinv (_(", "), (char **) parts->pdata);
}
