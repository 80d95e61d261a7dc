/* ksm-board.c: the board of the game in progress.
 *
 * One KsmCell child per cell of the game's geometry, each placed where the
 * rules' cell_place () says, scaled to fit and centred. The board redraws
 * from the model only: what stands on each cell from cell_content (), what
 * can move from ksm_game_get_moves (). When a move is played the moving piece
 * walks cell by cell along the path the model gives, and whatever it
 * captured fades away. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "ksm-board.h"
#include "ksm-cell.h"
#include "ksm-words.h"

#define MIN_UNIT         12   /* px per grid unit at least: 25 columns fit in 360 px */
#define NATURAL_UNIT     48
#define FIGURE_UNIT      20   /* a figure of the rules asks for less, beside the board */
#define ARROW_SIZE       14
#define ARROW_MIN_UNIT   30   /* below this the arrows would crowd the pieces */
#define DEFAULT_DURATION 400

typedef struct {
  GtkWidget *image;
  float      x, y;       /* centre, in grid units */
} Arrow;

struct _KsmBoard
{
  GtkWidget      parent_instance;

  KsmGame       *game;
  KsmPosition   *position;       /* a figure's position, drawn without a game */
  int            highlight_from; /* a figure's move, or -1 */
  int            highlight_to;
  guint          highlight_captured;
  gboolean       highlight_refused;
  GPtrArray     *cells;          /* KsmCell, by cell index */
  GArray        *places;         /* KsmCellPlace, by cell index */
  GArray        *arrows;         /* Arrow */
  float          grid_width;
  float          grid_height;
  int            n_board_cells;  /* the geometry's; yards follow them in `cells` */
  gboolean       has_yards;      /* pieces can be off the board: a yard a player */
  int            start_cell[KSM_MAX_PLAYERS];  /* where each player's pieces start, or -1 */
  GtkWidget     *badge;          /* "takes 2" over the pointed move's target */
  GtkWidget     *glider;         /* the moving piece */
  GtkWidget     *ghost;          /* what it captured, leaving */

  int            hover_cell;
  int            focus_cell;
  guint          distance;       /* only moves this far can be picked; 0 any */
  guint          group;          /* only entries of a group this size; 0 any */

  AdwAnimation  *animation;
  guint          animation_duration;
  gboolean       move_pending;   /* "moved" came, "changed" not yet */
  gboolean       animating;
  int            anim_from;
  int            anim_to;
  int8_t         anim_path[KSM_MAX_PATH];   /* the cells walked, anim_to last */
  int            anim_path_length;
  int            anim_player;    /* a style (ksm-cell.h) */
  int            anim_seat;
  int            anim_captured_player;
  guint          anim_captured;
  double         anim_value;
};

G_DEFINE_FINAL_TYPE (KsmBoard, ksm_board, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_ANIMATION_DURATION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void refresh (KsmBoard *self);
static guint entering_groups (KsmBoard *self);

static KsmCell *
cell_at (KsmBoard *self, int index)
{
  if (index < 0 || (guint) index >= self->cells->len)
    return NULL;
  return g_ptr_array_index (self->cells, index);
}

/* The board shows either the game in progress or, for a figure of the rules,
 * a fixed position; these are all it reads either way. */
static const KsmPosition *
board_position (KsmBoard *self)
{
  return self->game != NULL ? ksm_game_get_position (self->game) : self->position;
}

static const KsmRules *
board_rules (KsmBoard *self)
{
  return self->game != NULL ? ksm_game_get_rules (self->game) : ksm_rules_for (self->position);
}

static const KsmOptions *
board_options (KsmBoard *self)
{
  return self->game != NULL ? ksm_game_get_options (self->game) : &self->position->options;
}

static gboolean
is_kasimala (KsmBoard *self)
{
  return g_strcmp0 (board_rules (self)->id, "kasimala") == 0;
}

static gboolean
is_asi (KsmBoard *self)
{
  return g_strcmp0 (board_rules (self)->id, "asi-keliya") == 0;
}

static gboolean
is_goal (KsmBoard *self, int index)
{
  return (board_rules (self)->cell_flags (board_options (self), index) & KSM_CELL_GOAL) != 0;
}

/* A player's pieces look as the rules' style key says: Kasimala's bricks
 * and stones, the colours of the others */
static int
piece_style (KsmBoard *self, int player)
{
  static const struct { const char *key; int style; } styles[] = {
    { "brick", KSM_CELL_STYLE_BRICK }, { "stone", KSM_CELL_STYLE_STONE },
    { "red", KSM_CELL_STYLE_RED }, { "blue", KSM_CELL_STYLE_BLUE },
    { "green", KSM_CELL_STYLE_GREEN }, { "yellow", KSM_CELL_STYLE_YELLOW },
    { "black", KSM_CELL_STYLE_BLACK },
  };
  const char *key;

  if (player < 0)
    return -1;
  key = ksm_rules_style_key (board_rules (self), board_options (self), player);
  for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
    if (g_strcmp0 (key, styles[i].key) == 0)
      return styles[i].style;
  return player == 0 ? KSM_CELL_STYLE_BRICK : KSM_CELL_STYLE_STONE;
}

static int
n_players (KsmBoard *self)
{
  return board_rules (self)->n_players (board_options (self));
}

/* the yard of a player, where its pieces off the board wait, or -1 */
static int
yard_of (KsmBoard *self, int player)
{
  if (!self->has_yards || player < 0 || player >= n_players (self))
    return -1;
  return self->n_board_cells + player;
}

static int
yard_player (KsmBoard *self, int index)
{
  if (!self->has_yards || index < self->n_board_cells)
    return -1;
  return index - self->n_board_cells;
}

/* The pieces of `player` off the board: all it has, less those on cells */
static guint
pieces_in_hand (KsmBoard *self, int player)
{
  const KsmRules *rules = board_rules (self);
  const KsmPosition *position = board_position (self);
  int left = rules->pieces_left (position, player);

  for (int i = 0; i < self->n_board_cells; i++)
    {
      KsmCellContent content;
      rules->cell_content (position, i, &content);
      left -= content.counts[player] > 0 ? content.counts[player]
                                          : (content.player == player ? content.count : 0);
    }
  return (guint) MAX (left, 0);
}

/* ---- words ---- */

/* "mala 9", "bricks' row 16": Kasimala's cell names are a row letter and a
 * column (doc/notation.md) */
static char *
place_name (KsmBoard *self, int index)
{
  const KsmRules *rules = board_rules (self);
  char name[16];

  rules->cell_name (board_options (self), index, name, sizeof name);
  if (is_kasimala (self))
    switch (name[0])
      {
      case 'B':
        /* Translators: a cell of the bottom row, where the bricks start; %s is its column */
        return g_strdup_printf (_("bricks' row %s"), name + 1);
      case 'M':
        /* Translators: a cell of the wide middle row; %s is its column */
        return g_strdup_printf (_("mala %s"), name + 1);
      case 'T':
        /* Translators: a cell of the top row, where the stones start; %s is its column */
        return g_strdup_printf (_("stones' row %s"), name + 1);
      default:
        break;
      }
  return g_strdup (name);
}

/* A side's pieces are "yours" when one person plays the computer; between
 * two people neither side is. */
static gboolean
is_yours (KsmBoard *self, int player)
{
  int n_players = board_rules (self)->n_players (board_options (self));
  int persons = 0;

  if (self->game == NULL)
    return FALSE;

  for (int i = 0; i < n_players; i++)
    if (ksm_game_get_seat (self->game, (guint) i)->kind == KSM_SEAT_PERSON)
      persons++;
  return persons == 1 && ksm_game_get_seat (self->game, (guint) player)->kind == KSM_SEAT_PERSON;
}

/* The first player's pieces are bricks, the second's stones; the other
 * games' are tokens of a colour. */
static char *
pieces_text (KsmBoard *self, int player, guint count, gboolean waiting)
{
  gboolean yours = is_yours (self, player);

  if (piece_style (self, player) >= KSM_CELL_STYLE_RED)
    {
      g_autofree char *tokens = ksm_words_count_pieces (board_rules (self), board_options (self),
                                                        player, count);
      /* Translators: tokens of the person's own colour, as "2 Red tokens (yours)" */
      return yours ? g_strdup_printf (_("%s (yours)"), tokens) : g_steal_pointer (&tokens);
    }

  if (player == 0)
    {
      if (waiting)
        return g_strdup (yours ? _("your waiting brick") : _("a waiting brick"));
      return g_strdup_printf (yours ? ngettext ("%u of your bricks", "%u of your bricks", count)
                                    : ngettext ("%u brick", "%u bricks", count), count);
    }
  if (waiting)
    return g_strdup (yours ? _("your waiting stone") : _("a waiting stone"));
  return g_strdup_printf (yours ? ngettext ("%u of your stones", "%u of your stones", count)
                                : ngettext ("%u stone", "%u stones", count), count);
}

static char *
capture_text (int player, guint count)
{
  if (player == 0)
    return g_strdup_printf (ngettext ("takes %u brick", "takes %u bricks", count), count);
  return g_strdup_printf (ngettext ("takes %u stone", "takes %u stones", count), count);
}

/* what a move to `to` would take, as "takes 1 Blue token" */
static char *
capture_text_at (KsmBoard *self, int to, int mover, guint captured)
{
  const KsmRules *rules = board_rules (self);
  KsmCellContent target;
  g_autoptr(GPtrArray) taken = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;

  if (is_kasimala (self))
    return capture_text (1 - mover, captured);
  rules->cell_content (board_position (self), to, &target);
  for (int p = 0; p < n_players (self); p++)
    if (p != mover && target.counts[p] > 0)
      g_ptr_array_add (taken, ksm_words_count_pieces (rules, board_options (self), p, target.counts[p]));
  if (taken->len == 0)
    return g_strdup_printf (ngettext ("takes %u piece", "takes %u pieces", captured), captured);
  g_ptr_array_add (taken, NULL);
  /* Translators: between the colours a capture takes, "1 Blue token and 2 Green tokens" */
  list = g_strjoinv (_(" and "), (char **) taken->pdata);
  /* Translators: said of a move; %s lists what it takes, "1 Blue token" */
  return g_strdup_printf (_("takes %s"), list);
}

static char *
cell_label (KsmBoard             *self,
            int                   index,
            const KsmCellContent *content,
            gboolean              safe,
            gboolean              next,
            const KsmMove        *move)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  const KsmOptions *options = board_options (self);
  int yard = yard_player (self, index);
  guint groups = 0;

  if (yard >= 0)
    {
      /* Translators: the place beside the board where a colour's tokens wait to enter */
      g_ptr_array_add (parts, g_strdup_printf (_("%s’s tokens off the board"),
                                               ksm_words_player_name (board_rules (self), options, yard)));
      g_ptr_array_add (parts, pieces_in_hand (self, yard) > 0
                              ? pieces_text (self, yard, pieces_in_hand (self, yard), FALSE)
                              : g_strdup (_("empty")));
    }
  else
    {
      g_ptr_array_add (parts, place_name (self, index));
      if (safe)
        g_ptr_array_add (parts, g_strdup (is_kasimala (self) ? _("laiga") : _("safe square")));
      if (is_goal (self, index))
        /* Translators: the cell every token races to (Ashte Kashte's centre) */
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
  if (next)
    g_ptr_array_add (parts, g_strdup (_("next to start")));
  if (move != NULL)
    {
      g_autofree char *to = place_name (self, move->to);
      /* Translators: said of a piece that can move now; %s is a cell, as "mala 8" */
      g_ptr_array_add (parts, g_strdup_printf (_("moves to %s"), to));
      /* a group from hand: which one, when there is a choice or it is not one piece */
      if (move->kind == KSM_MOVE_START && move->group > 0
          && (move->group > 1 || (entering_groups (self) & (entering_groups (self) - 1)) != 0))
        g_ptr_array_add (parts, g_strdup (ksm_words_group_enters (move->group)));
      if (move->captured > 0)
        g_ptr_array_add (parts, capture_text_at (self, move->to,
                                                 (int) board_position (self)->to_move, move->captured));
    }
  g_ptr_array_add (parts, NULL);
  /* Translators: the separator between the parts of a cell's description */
  return g_strjoinv (_(", "), (char **) parts->pdata);
}

/* ---- what the model says ---- */

/* The moves a person can make by pointing at the board now, or none. */
static const KsmMove *
person_moves (KsmBoard *self, guint *n_moves)
{
  const KsmMove *moves;

  *n_moves = 0;
  if (self->game == NULL || ksm_game_get_phase (self->game) != KSM_PHASE_MOVE
      || !ksm_game_is_person_to_act (self->game))
    return NULL;
  moves = ksm_game_get_moves (self->game, n_moves);
  if (*n_moves == 1 && moves[0].kind == KSM_MOVE_LOSE)
    *n_moves = 0;
  return moves;
}

/* the cell a move is made from: its `from`, or the mover's yard */
static int
move_cell (KsmBoard *self, const KsmMove *move)
{
  if (move->from < 0 && move->kind == KSM_MOVE_START)
    return yard_of (self, board_position (self)->to_move);
  return move->from;
}

static const KsmMove *
move_from (KsmBoard *self, int index)
{
  guint n_moves;
  const KsmMove *moves = person_moves (self, &n_moves);

  for (guint i = 0; i < n_moves; i++)
    if (moves[i].kind != KSM_MOVE_LOSE && move_cell (self, &moves[i]) == index
        && (self->distance == 0 || moves[i].distance == self->distance)
        && (self->group == 0 || moves[i].kind != KSM_MOVE_START || moves[i].group == self->group))
      return &moves[i];
  return NULL;
}

/* the sizes of the groups (bits) a person can enter now, at the distance
 * chosen: more than one, and which enters is theirs to say */
static guint
entering_groups (KsmBoard *self)
{
  guint n_moves, sizes = 0;
  const KsmMove *moves = person_moves (self, &n_moves);

  for (guint i = 0; i < n_moves; i++)
    if (moves[i].kind == KSM_MOVE_START && moves[i].group > 0
        && (self->distance == 0 || moves[i].distance == self->distance))
      sizes |= 1u << moves[i].group;
  return sizes;
}

/* The waiting piece a side would start next: the rules' to say */
static int
next_to_start (KsmBoard *self, int player)
{
  return ksm_rules_next_to_start (board_rules (self), board_position (self), player);
}

/* ---- highlights ---- */

static int
pointed_cell (KsmBoard *self)
{
  if (self->hover_cell >= 0 && move_from (self, self->hover_cell) != NULL)
    return self->hover_cell;
  if (self->focus_cell >= 0 && move_from (self, self->focus_cell) != NULL)
    return self->focus_cell;
  return -1;
}

/* Shows where the pointed piece would land and what it would take. */
static void
update_targets (KsmBoard *self)
{
  int pointed = pointed_cell (self);
  const KsmMove *move = pointed >= 0 ? move_from (self, pointed) : NULL;
  KsmMove shown = { 0 };

  /* a figure points at its move the way a person points at one in play */
  if (move == NULL && self->highlight_from >= 0)
    {
      shown.from = (int8_t) self->highlight_from;
      shown.to = (int8_t) self->highlight_to;
      shown.captured = (uint8_t) self->highlight_captured;
      move = &shown;
      pointed = self->highlight_from;
    }

  for (guint i = 0; i < self->cells->len; i++)
    {
      KsmCell *cell = cell_at (self, (int) i);
      gboolean target = move != NULL && move->to == (int) i;

      ksm_cell_set_target (cell, target, target ? move->captured : 0);
      if (target && move == &shown && self->highlight_refused)
        gtk_widget_add_css_class (GTK_WIDGET (cell), "refused");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (cell), "refused");
    }
  for (guint i = 0; i < self->cells->len; i++)
    {
      KsmCell *cell = cell_at (self, (int) i);
      if ((int) i == pointed)
        gtk_widget_add_css_class (GTK_WIDGET (cell), "pointed");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (cell), "pointed");
    }

  if (move != NULL && move->captured > 0)
    {
      g_autofree char *text =
        /* Translators: a badge on the cell a move would land on; %u is how many pieces it takes */
        g_strdup_printf (ngettext ("takes %u", "takes %u", move->captured), move->captured);
      gtk_label_set_label (GTK_LABEL (self->badge), text);
      gtk_widget_set_visible (self->badge, TRUE);
    }
  else
    gtk_widget_set_visible (self->badge, FALSE);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
refresh (KsmBoard *self)
{
  const KsmRules *rules;
  const KsmOptions *options;
  const KsmPosition *position;
  int next[2];
  GtkWidget *focus;
  gboolean focus_lost = FALSE;

  if (self->game == NULL && self->position == NULL)
    return;
  rules = board_rules (self);
  options = board_options (self);
  position = board_position (self);
  next[0] = next_to_start (self, 0);
  next[1] = next_to_start (self, 1);

  for (guint i = 0; i < self->cells->len; i++)
    {
      KsmCell *cell = cell_at (self, (int) i);
      KsmCellContent content;
      const KsmMove *move = move_from (self, (int) i);
      gboolean is_next;
      g_autofree char *label = NULL;
      int yard = yard_player (self, (int) i);
      int styles[KSM_CELL_MAX_GROUPS];
      guint counts[KSM_CELL_MAX_GROUPS];
      guint n_groups = 0;
      guint on_side = 0;

      if (yard >= 0)
        {
          memset (&content, 0, sizeof content);
          content.player = (int8_t) yard;
          content.count = (uint8_t) pieces_in_hand (self, yard);
          content.counts[yard] = content.count;
        }
      else
        rules->cell_content (position, (int) i, &content);
      is_next = content.player >= 0 && content.player < 2 && content.waiting
                && next[content.player] == (int) i;
      label = cell_label (self, (int) i, &content,
                          yard < 0 && (rules->cell_flags (options, (int) i) & KSM_CELL_SAFE),
                          is_next, move);

      /* one group a player; games that do not count by player have one */
      for (int p = 0; p < KSM_MAX_PLAYERS && n_groups < KSM_CELL_MAX_GROUPS; p++)
        if (content.counts[p] > 0)
          {
            styles[n_groups] = piece_style (self, p);
            counts[n_groups] = content.counts[p];
            /* the piece on its way is not there yet */
            if (self->animating && (int) i == self->anim_to && p == self->anim_seat)
              counts[n_groups]--;
            if (counts[n_groups] > 0 && (content.home_row >> p & 1u))
              on_side |= 1u << n_groups;
            if (counts[n_groups] > 0)
              n_groups++;
          }
      int players_here = 0;
      for (int p = 0; p < KSM_MAX_PLAYERS; p++)
        players_here += content.counts[p] > 0;
      if (players_here > 1 || content.player < 0)
        ksm_cell_set_groups (cell, styles, counts, n_groups);
      else
        {
          guint shown = content.count;
          if (self->animating && (int) i == self->anim_to && content.player == self->anim_seat && shown > 0)
            shown--;
          ksm_cell_set_content (cell, piece_style (self, content.player), shown, content.waiting);
          on_side = (content.home_row >> content.player & 1u) ? 1u : 0u;
        }
      ksm_cell_set_on_side (cell, on_side);
      ksm_cell_set_next (cell, is_next);
      if (move == NULL && gtk_widget_has_focus (GTK_WIDGET (cell)))
        focus_lost = TRUE;
      ksm_cell_set_movable (cell, move != NULL);
      ksm_cell_set_label (cell, label);
    }

  /* Keyboard play: focus stays among the pieces that can move. */
  focus = gtk_widget_get_focus_child (GTK_WIDGET (self));
  if (focus_lost || (focus != NULL && KSM_IS_CELL (focus) && !ksm_cell_get_movable (KSM_CELL (focus))))
    {
      guint n_moves;
      const KsmMove *moves = person_moves (self, &n_moves);

      if (n_moves > 0 && cell_at (self, move_cell (self, &moves[0])) != NULL)
        gtk_widget_grab_focus (GTK_WIDGET (cell_at (self, move_cell (self, &moves[0]))));
    }

  update_targets (self);
}

/* ---- animation ---- */

static void
animation_value_cb (double   value,
                    gpointer user_data)
{
  KsmBoard *self = KSM_BOARD (user_data);

  self->anim_value = value;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
animation_done_cb (AdwAnimation *animation,
                   KsmBoard     *self)
{
  if (!self->animating)
    return;
  self->animating = FALSE;
  gtk_widget_set_visible (self->glider, FALSE);
  gtk_widget_set_visible (self->ghost, FALSE);
  refresh (self);
}

static void
start_animation (KsmBoard *self)
{
  ksm_cell_style_piece (self->glider, self->anim_player, 1, FALSE);
  gtk_widget_set_visible (self->glider, TRUE);
  if (self->anim_captured > 0)
    {
      ksm_cell_style_piece (self->ghost, self->anim_captured_player, self->anim_captured, FALSE);
      gtk_widget_set_opacity (self->ghost, 1.0);
      gtk_widget_set_visible (self->ghost, TRUE);
    }
  self->anim_value = 0.0;
  self->animating = TRUE;
  /* a longer walk takes longer, so each step can be followed */
  adw_timed_animation_set_duration (ADW_TIMED_ANIMATION (self->animation),
                                    (guint) (self->animation_duration
                                             * (0.6 + 0.2 * MIN (self->anim_path_length, 8))));
  adw_animation_reset (self->animation);
  /* done at once when animations are off, or the board is not shown */
  adw_animation_play (self->animation);
}

void
ksm_board_finish_animation (KsmBoard *self)
{
  g_return_if_fail (KSM_IS_BOARD (self));

  if (self->animating && self->animation != NULL)
    adw_animation_skip (self->animation);
}

/* ---- the model's signals ---- */

static void
moved_cb (KsmGame       *game,
          guint          player,
          gpointer       move_pointer,
          gpointer       effect_pointer,
          KsmBoard      *self)
{
  const KsmMove *move = move_pointer;
  const KsmEffect *effect = effect_pointer;
  KsmCell *to;

  ksm_board_finish_animation (self);
  /* the position is still the one before the move: its mover is `player` */
  if (move->kind == KSM_MOVE_LOSE || cell_at (self, move_cell (self, move)) == NULL
      || (to = cell_at (self, move->to)) == NULL)
    return;

  self->move_pending = TRUE;
  self->anim_from = move_cell (self, move);
  self->anim_to = move->to;
  {
    const int8_t *path;
    int length = ksm_game_get_last_path (game, &path);
    /* a path that does not end where the move lands is not this move's */
    if (length < 1 || length > KSM_MAX_PATH || path[length - 1] != move->to)
      {
        self->anim_path[0] = (int8_t) move->to;
        length = 1;
      }
    else
      memcpy (self->anim_path, path, (size_t) length);
    self->anim_path_length = length;
  }
  self->anim_seat = (int) player;
  self->anim_player = piece_style (self, (int) player);
  self->anim_captured = effect->captured;
  /* the cells still show the position before the move: whose pieces were taken */
  self->anim_captured_player = ksm_cell_get_player (to);
}

static void
changed_cb (KsmGame  *game,
            KsmBoard *self)
{
  if (self->move_pending)
    {
      self->move_pending = FALSE;
      start_animation (self);
    }
  else
    /* an undo, a redo, a throw: nothing walks */
    ksm_board_finish_animation (self);
  refresh (self);
}

/* ---- cells' input ---- */

static void
cell_activate_cb (KsmCell  *cell,
                  KsmBoard *self)
{
  const KsmMove *move = move_from (self, (int) ksm_cell_get_index (cell));

  if (move != NULL)
    {
      KsmMove chosen = *move;
      ksm_game_play (self->game, &chosen);
    }
}

static void
motion_enter_cb (GtkEventControllerMotion *controller,
                 double                    x,
                 double                    y,
                 KsmBoard                 *self)
{
  GtkWidget *cell = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));

  self->hover_cell = (int) ksm_cell_get_index (KSM_CELL (cell));
  update_targets (self);
}

static void
motion_leave_cb (GtkEventControllerMotion *controller,
                 KsmBoard                 *self)
{
  GtkWidget *cell = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));

  if (self->hover_cell == (int) ksm_cell_get_index (KSM_CELL (cell)))
    {
      self->hover_cell = -1;
      update_targets (self);
    }
}

static void
focus_enter_cb (GtkEventControllerFocus *controller,
                KsmBoard                *self)
{
  GtkWidget *cell = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));

  self->focus_cell = (int) ksm_cell_get_index (KSM_CELL (cell));
  update_targets (self);
}

static void
focus_leave_cb (GtkEventControllerFocus *controller,
                KsmBoard                *self)
{
  GtkWidget *cell = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));

  if (self->focus_cell == (int) ksm_cell_get_index (KSM_CELL (cell)))
    {
      self->focus_cell = -1;
      update_targets (self);
    }
}

/* ---- building ---- */

static void
clear_board (KsmBoard *self)
{
  for (guint i = 0; i < self->cells->len; i++)
    gtk_widget_unparent (g_ptr_array_index (self->cells, i));
  g_ptr_array_set_size (self->cells, 0);
  for (guint i = 0; i < self->arrows->len; i++)
    gtk_widget_unparent (g_array_index (self->arrows, Arrow, i).image);
  g_array_set_size (self->arrows, 0);
  g_array_set_size (self->places, 0);
  self->grid_width = self->grid_height = 0;
  self->n_board_cells = 0;
  self->has_yards = FALSE;
  self->hover_cell = self->focus_cell = -1;
}

static void
add_arrow (KsmBoard *self, const char *icon, float x, float y, const char *style)
{
  Arrow arrow;

  arrow.image = g_object_new (GTK_TYPE_IMAGE,
                              "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                              "icon-name", icon,
                              "pixel-size", ARROW_SIZE,
                              "can-target", FALSE,
                              NULL);
  gtk_widget_set_direction (arrow.image, GTK_TEXT_DIR_LTR);
  gtk_widget_add_css_class (arrow.image, "way");
  gtk_widget_add_css_class (arrow.image, style);
  arrow.x = x;
  arrow.y = y;
  gtk_widget_insert_before (arrow.image, GTK_WIDGET (self), self->badge);
  g_array_append_val (self->arrows, arrow);
}

/* The ring of a square board a cell is on, counted from the edge, for a
 * board whose race spirals in to a goal; -1 for other boards. */
static int
spiral_ring (KsmBoard *self, int index)
{
  const KsmCellPlace *place = &g_array_index (self->places, KsmCellPlace, index);
  float offset = self->has_yards ? 1.0f : 0.0f;
  int size = (int) (self->grid_width - 2 * offset);
  int x = (int) (place->x - offset), y = (int) (place->y - offset);

  return MIN (MIN (x, y), MIN (size - 1 - x, size - 1 - y));
}

static gboolean
is_spiral (KsmBoard *self)
{
  const KsmRules *rules = board_rules (self);

  float x0 = G_MAXFLOAT, y0 = G_MAXFLOAT, x1 = 0, y1 = 0;
  gboolean goal = FALSE;

  /* a square grid full of cells round a goal (Ashte Kashte's), not a
   * cross with a goal in its middle (Asi Keliya's) */
  for (int i = 0; i < self->n_board_cells; i++)
    {
      const KsmCellPlace *place = &g_array_index (self->places, KsmCellPlace, i);
      goal |= (rules->cell_flags (board_options (self), i) & KSM_CELL_GOAL) != 0;
      x0 = MIN (x0, place->x);
      y0 = MIN (y0, place->y);
      x1 = MAX (x1, place->x + place->width);
      y1 = MAX (y1, place->y + place->height);
    }
  return goal && self->grid_width == self->grid_height && x1 - x0 == y1 - y0
         && (int) ((x1 - x0) * (y1 - y0)) == self->n_board_cells;
}

/* A spiral's rings all run anticlockwise as seen on the screen (the
 * engine's paths, doc/notation.md): an arrow on each side of each ring,
 * just before its corner, says which way. */
static void
add_spiral_arrows (KsmBoard *self)
{
  float offset = self->has_yards ? 1.0f : 0.0f;
  int size = (int) (self->grid_width - 2 * offset);

  for (int ring = 0; 2 * ring < size - 1; ring++)
    {
      float lo = offset + ring, hi = offset + size - ring;   /* the ring's outer edges */

      if (hi - lo < 3)
        break;
      /* along the bottom to the right, up the right, left along the top, down the left */
      add_arrow (self, "go-next-symbolic", hi - 1.0f, hi - 0.5f, "ring");
      add_arrow (self, "go-up-symbolic", hi - 0.5f, lo + 1.0f, "ring");
      add_arrow (self, "go-previous-symbolic", lo + 1.0f, lo + 0.5f, "ring");
      add_arrow (self, "go-down-symbolic", lo + 0.5f, hi - 1.0f, "ring");
    }
}

static void
add_arrows (KsmBoard *self)
{
  const KsmRules *rules = board_rules (self);
  const KsmOptions *options = board_options (self);

  if (is_spiral (self))
    {
      add_spiral_arrows (self);
      return;
    }
  /* where the rules tell each step, along rows (Kasimala's) */
  for (int i = 0; i < self->n_board_cells; i++)
    {
      const KsmCellPlace *place = &g_array_index (self->places, KsmCellPlace, i);

      /* between the second and third cell of each four, clear of the laigas */
      if ((int) place->x % 4 != 2)
        continue;
      for (int player = 0; player < 2; player++)
        {
          Arrow arrow;
          int next = ksm_rules_next_cell (rules, options, player, i);
          int direction;

          if (next < 0 || next >= self->n_board_cells)
            continue;
          direction = g_array_index (self->places, KsmCellPlace, next).x > place->x ? 1 : -1;

          arrow.image = g_object_new (GTK_TYPE_IMAGE,
                                      "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                      "icon-name", direction > 0 ? "go-next-symbolic" : "go-previous-symbolic",
                                      "pixel-size", ARROW_SIZE,
                                      "can-target", FALSE,
                                      NULL);
          gtk_widget_set_direction (arrow.image, GTK_TEXT_DIR_LTR);
          gtk_widget_add_css_class (arrow.image, "way");
          gtk_widget_add_css_class (arrow.image, player == 0 ? "brick" : "stone");
          /* bricks' arrows along the lower edge of a row, stones' the upper */
          arrow.x = place->x;
          arrow.y = place->y + (player == 0 ? place->height - 0.2f : 0.2f);
          gtk_widget_insert_before (arrow.image, GTK_WIDGET (self), self->badge);
          g_array_append_val (self->arrows, arrow);
        }
    }
}

/* Where each player's race starts, as the rules say; pieces off the board
 * in the game's first position mean the board needs yards. */
static void
find_starts (KsmBoard *self)
{
  const KsmRules *rules = board_rules (self);
  const KsmOptions *options = board_options (self);
  KsmPosition scratch;

  rules->init (&scratch, options);
  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    self->start_cell[p] = -1;
  for (int p = 0; p < n_players (self); p++)
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
add_cell (KsmBoard *self, guint index, const KsmCellPlace *place)
{
  GtkWidget *cell = ksm_cell_new (index);
  GtkEventController *controller;

  g_array_append_val (self->places, *place);
  self->grid_width = MAX (self->grid_width, place->x + place->width);
  self->grid_height = MAX (self->grid_height, place->y + place->height);
  if (place->height > 1.0f)
    gtk_widget_add_css_class (cell, "wide");
  g_signal_connect_object (cell, "activate", G_CALLBACK (cell_activate_cb), self, 0);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_object (controller, "enter", G_CALLBACK (motion_enter_cb), self, 0);
  g_signal_connect_object (controller, "leave", G_CALLBACK (motion_leave_cb), self, 0);
  gtk_widget_add_controller (cell, controller);
  controller = gtk_event_controller_focus_new ();
  g_signal_connect_object (controller, "enter", G_CALLBACK (focus_enter_cb), self, 0);
  g_signal_connect_object (controller, "leave", G_CALLBACK (focus_leave_cb), self, 0);
  gtk_widget_add_controller (cell, controller);

  /* cells first: the arrows, badge and moving pieces draw over them */
  gtk_widget_insert_before (cell, GTK_WIDGET (self), self->badge);
  g_ptr_array_add (self->cells, cell);
}

/* A yard a player beside its start cell, outside the board's edge, for the
 * pieces that have not entered; the board moves in by a unit to make room. */
static void
add_yards (KsmBoard *self)
{
  float width = self->grid_width, height = self->grid_height;

  /* Asi Keliya's pieces enter inside the central square: each seat's hand
   * waits in the empty corner of the board to the right of its arm */
  if (is_asi (self))
    {
      static const float yard_x[4] = { 9, 9, 1, 1 }, yard_y[4] = { 9, 1, 1, 9 };
      for (int p = 0; p < n_players (self) && p < 4; p++)
        {
          KsmCellPlace place = { yard_x[p], yard_y[p], 1, 1 };
          add_cell (self, (guint) (self->n_board_cells + p), &place);
          gtk_widget_add_css_class (g_ptr_array_index (self->cells, self->cells->len - 1), "yard");
        }
      return;
    }

  for (guint i = 0; i < self->places->len; i++)
    {
      KsmCellPlace *place = &g_array_index (self->places, KsmCellPlace, i);
      place->x += 1.0f;
      place->y += 1.0f;
    }
  self->grid_width = width + 2.0f;
  self->grid_height = height + 2.0f;
  for (int p = 0; p < n_players (self); p++)
    {
      KsmCellPlace place = { 0, 0, 1, 1 };
      const KsmCellPlace *start;

      if (self->start_cell[p] >= 0)
        {
          start = &g_array_index (self->places, KsmCellPlace, self->start_cell[p]);
          place.x = start->x;
          place.y = start->y;
          if (start->y + start->height >= height + 1.0f)
            place.y += 1.0f;
          else if (start->y <= 1.0f)
            place.y -= 1.0f;
          else if (start->x <= 1.0f)
            place.x -= 1.0f;
          else
            place.x += 1.0f;
        }
      else
        place.x = (float) p;
      add_cell (self, (guint) (self->n_board_cells + p), &place);
      gtk_widget_add_css_class (g_ptr_array_index (self->cells, self->cells->len - 1), "yard");
    }
}

static void
build_board (KsmBoard *self)
{
  const KsmRules *rules = board_rules (self);
  const KsmOptions *options = board_options (self);
  int n_cells = rules->n_cells (options);
  gboolean spiral;

  self->n_board_cells = n_cells;
  for (int i = 0; i < n_cells; i++)
    {
      KsmCellPlace place;

      rules->cell_place (options, i, &place);
      add_cell (self, (guint) i, &place);
      ksm_cell_set_safe (KSM_CELL (g_ptr_array_index (self->cells, i)),
                         rules->cell_flags (options, i) & KSM_CELL_SAFE);
      ksm_cell_set_goal (KSM_CELL (g_ptr_array_index (self->cells, i)), is_goal (self, i));
    }
  find_starts (self);
  /* Asi Keliya's triangles, where each seat enters, each pointing into the
   * central square */
  if (is_asi (self))
    for (int p = 0; p < 4 && self->start_cell[p] >= 0; p++)
      {
        static const char *const points[4] = { "point-up", "point-left", "point-down", "point-right" };
        GtkWidget *cell = g_ptr_array_index (self->cells, self->start_cell[p]);
        gtk_widget_add_css_class (cell, "triangle");
        gtk_widget_add_css_class (cell, points[p]);
      }
  if (self->has_yards)
    add_yards (self);
  spiral = is_spiral (self);
  for (int i = 0; i < n_cells; i++)
    ksm_cell_set_ring (KSM_CELL (g_ptr_array_index (self->cells, i)), spiral ? spiral_ring (self, i) : -1);
  for (int p = 0; p < n_players (self); p++)
    {
      /* Asi Keliya's entry triangles keep their own look (its skin) */
      if (self->start_cell[p] >= 0 && !is_asi (self))
        ksm_cell_set_home_of (KSM_CELL (g_ptr_array_index (self->cells, self->start_cell[p])),
                              piece_style (self, p));
      if (yard_of (self, p) >= 0)
        ksm_cell_set_home_of (KSM_CELL (g_ptr_array_index (self->cells, yard_of (self, p))),
                              piece_style (self, p));
    }
  add_arrows (self);
}

/* ---- layout ---- */

static GtkSizeRequestMode
ksm_board_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
ksm_board_measure (GtkWidget      *widget,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int            *minimum_baseline,
                   int            *natural_baseline)
{
  KsmBoard *self = KSM_BOARD (widget);
  int min_width = (int) ceilf (self->grid_width * MIN_UNIT);
  int min_height = (int) ceilf (self->grid_height * MIN_UNIT);

  if (self->grid_width <= 0)
    {
      *minimum = *natural = 0;
      return;
    }
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = min_width;
      *natural = MAX (min_width, (int) (self->grid_width * (self->game != NULL ? NATURAL_UNIT : FIGURE_UNIT)));
      if (for_size >= 0)
        *natural = MAX (min_width, MIN (*natural, (int) (for_size * self->grid_width / self->grid_height)));
    }
  else
    {
      *minimum = min_height;
      *natural = MAX (min_height, (int) (self->grid_height * (self->game != NULL ? NATURAL_UNIT : FIGURE_UNIT)));
      /* keep the board's shape for the width it gets */
      if (for_size >= 0)
        *natural = MAX (min_height, (int) (for_size * self->grid_height / self->grid_width));
    }
}

static void
allocate_child (GtkWidget *child, int x, int y, int width, int height)
{
  int min;

  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, -1, &min, NULL, NULL, NULL);
  gtk_widget_size_allocate (child, &(GtkAllocation) { x, y, MAX (width, 0), MAX (height, 0) }, -1);
}

/* a piece's place in the board's coordinates */
static void
piece_bounds (KsmBoard *self, int index, int player, graphene_rect_t *bounds)
{
  KsmCell *cell = cell_at (self, index);
  graphene_point_t origin;

  ksm_cell_get_piece_bounds (cell, player, bounds);
  if (!gtk_widget_compute_point (GTK_WIDGET (cell), GTK_WIDGET (self), &bounds->origin, &origin))
    return;
  bounds->origin = origin;
}

static void
ksm_board_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  KsmBoard *self = KSM_BOARD (widget);
  float unit, ox, oy;
  GtkAllocation target = { 0 };

  if (self->grid_width <= 0)
    return;
  unit = MIN (width / self->grid_width, height / self->grid_height);
  ox = (width - unit * self->grid_width) / 2.0f;
  oy = (height - unit * self->grid_height) / 2.0f;

  for (guint i = 0; i < self->cells->len; i++)
    {
      const KsmCellPlace *place = &g_array_index (self->places, KsmCellPlace, i);
      /* edges rounded the same way on both sides, so neighbours share them */
      int x0 = (int) roundf (ox + place->x * unit);
      int y0 = (int) roundf (oy + place->y * unit);
      int x1 = (int) roundf (ox + (place->x + place->width) * unit);
      int y1 = (int) roundf (oy + (place->y + place->height) * unit);
      GtkWidget *cell = g_ptr_array_index (self->cells, i);

      allocate_child (cell, x0, y0, x1 - x0, y1 - y0);
      if (gtk_widget_has_css_class (cell, "target"))
        target = (GtkAllocation) { x0, y0, x1 - x0, y1 - y0 };
    }

  for (guint i = 0; i < self->arrows->len; i++)
    {
      const Arrow *arrow = &g_array_index (self->arrows, Arrow, i);
      int size = ARROW_SIZE;

      gtk_widget_set_child_visible (arrow->image, unit >= ARROW_MIN_UNIT);
      allocate_child (arrow->image,
                      (int) roundf (ox + arrow->x * unit - size / 2.0f),
                      (int) roundf (oy + arrow->y * unit - size / 2.0f),
                      size, size);
    }

  if (gtk_widget_get_visible (self->badge))
    {
      int w, h;

      gtk_widget_measure (self->badge, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
      gtk_widget_measure (self->badge, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
      /* over the target's top edge, kept inside the board */
      gtk_widget_size_allocate (self->badge,
                                &(GtkAllocation) {
                                  CLAMP (target.x + target.width / 2 - w / 2, 0, MAX (width - w, 0)),
                                  CLAMP (target.y - h / 2, 0, MAX (height - h, 0)),
                                  w, h,
                                }, -1);
    }

  if (self->animating)
    {
      graphene_rect_t from, to, at;
      /* with a capture the piece arrives first, then the taken ones go */
      double glide = self->anim_captured > 0 ? MIN (1.0, self->anim_value / 0.6) : self->anim_value;
      double leave = self->anim_captured > 0 ? CLAMP ((self->anim_value - 0.5) / 0.5, 0.0, 1.0) : 1.0;

      /* the walk: from cell to cell of the path, an equal time each */
      double steps = glide * self->anim_path_length;
      int step = MIN ((int) steps, self->anim_path_length - 1);
      piece_bounds (self, step == 0 ? self->anim_from : self->anim_path[step - 1],
                    self->anim_player, &from);
      piece_bounds (self, self->anim_path[step], self->anim_player, &to);
      graphene_rect_interpolate (&from, &to, MIN (1.0, steps - step), &at);
      allocate_child (self->glider, (int) roundf (at.origin.x), (int) roundf (at.origin.y),
                      (int) roundf (at.size.width), (int) roundf (at.size.height));

      if (gtk_widget_get_visible (self->ghost))
        {
          graphene_rect_t taken;
          float scale = 1.0f - 0.7f * (float) leave;

          piece_bounds (self, self->anim_to, self->anim_captured_player, &taken);
          gtk_widget_set_opacity (self->ghost, 1.0 - leave);
          allocate_child (self->ghost,
                          (int) roundf (taken.origin.x + taken.size.width * (1 - scale) / 2),
                          (int) roundf (taken.origin.y + taken.size.height * (1 - scale) / 2),
                          (int) roundf (taken.size.width * scale),
                          (int) roundf (taken.size.height * scale));
        }
    }
}

/* ---- GObject ---- */

static void
ksm_board_dispose (GObject *object)
{
  KsmBoard *self = KSM_BOARD (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->animation);
  if (self->cells != NULL)
    clear_board (self);
  g_clear_pointer (&self->badge, gtk_widget_unparent);
  g_clear_pointer (&self->glider, gtk_widget_unparent);
  g_clear_pointer (&self->ghost, gtk_widget_unparent);

  G_OBJECT_CLASS (ksm_board_parent_class)->dispose (object);
}

static void
ksm_board_finalize (GObject *object)
{
  KsmBoard *self = KSM_BOARD (object);

  g_clear_pointer (&self->cells, g_ptr_array_unref);
  g_clear_pointer (&self->places, g_array_unref);
  g_clear_pointer (&self->arrows, g_array_unref);
  g_clear_pointer (&self->position, g_free);

  G_OBJECT_CLASS (ksm_board_parent_class)->finalize (object);
}

static void
ksm_board_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  KsmBoard *self = KSM_BOARD (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_ANIMATION_DURATION:
      g_value_set_uint (value, self->animation_duration);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_board_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  KsmBoard *self = KSM_BOARD (object);

  switch (prop_id)
    {
    case PROP_GAME:
      ksm_board_set_game (self, g_value_get_object (value));
      break;
    case PROP_ANIMATION_DURATION:
      ksm_board_set_animation_duration (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_board_class_init (KsmBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_board_dispose;
  object_class->finalize = ksm_board_finalize;
  object_class->get_property = ksm_board_get_property;
  object_class->set_property = ksm_board_set_property;
  widget_class->get_request_mode = ksm_board_get_request_mode;
  widget_class->measure = ksm_board_measure;
  widget_class->size_allocate = ksm_board_size_allocate;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KSM_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATION_DURATION] =
    g_param_spec_uint ("animation-duration", NULL, NULL, 0, 10000, DEFAULT_DURATION,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ksm_board_init (KsmBoard *self)
{
  AdwAnimationTarget *target;

  self->cells = g_ptr_array_new ();
  self->places = g_array_new (FALSE, TRUE, sizeof (KsmCellPlace));
  self->arrows = g_array_new (FALSE, TRUE, sizeof (Arrow));
  self->hover_cell = self->focus_cell = -1;
  self->highlight_from = self->highlight_to = -1;
  self->animation_duration = DEFAULT_DURATION;

  self->badge = g_object_new (GTK_TYPE_LABEL,
                              "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                              "can-target", FALSE,
                              "visible", FALSE,
                              NULL);
  gtk_widget_add_css_class (self->badge, "takes");
  gtk_widget_set_parent (self->badge, GTK_WIDGET (self));

  self->ghost = g_object_new (GTK_TYPE_LABEL,
                              "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                              "can-target", FALSE,
                              "visible", FALSE,
                              NULL);
  gtk_widget_add_css_class (self->ghost, "piece");
  gtk_widget_add_css_class (self->ghost, "taken");
  gtk_widget_set_parent (self->ghost, GTK_WIDGET (self));

  self->glider = g_object_new (GTK_TYPE_LABEL,
                               "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                               "can-target", FALSE,
                               "visible", FALSE,
                               NULL);
  gtk_widget_add_css_class (self->glider, "piece");
  gtk_widget_add_css_class (self->glider, "moving");
  gtk_widget_set_parent (self->glider, GTK_WIDGET (self));

  /* the board is laid out as the notation reads, whatever the language */
  gtk_widget_set_direction (GTK_WIDGET (self), GTK_TEXT_DIR_LTR);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  -1);

  target = adw_callback_animation_target_new (animation_value_cb, self, NULL);
  self->animation = adw_timed_animation_new (GTK_WIDGET (self), 0.0, 1.0, DEFAULT_DURATION, target);
  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->animation), ADW_EASE_IN_OUT_CUBIC);
  g_signal_connect (self->animation, "done", G_CALLBACK (animation_done_cb), self);
}

/* ---- public ---- */

GtkWidget *
ksm_board_new (void)
{
  return g_object_new (KSM_TYPE_BOARD, NULL);
}

KsmGame *
ksm_board_get_game (KsmBoard *self)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), NULL);
  return self->game;
}

void
ksm_board_set_game (KsmBoard *self,
                    KsmGame  *game)
{
  g_return_if_fail (KSM_IS_BOARD (self));
  g_return_if_fail (game == NULL || KSM_IS_GAME (game));

  if (self->game == game)
    return;

  ksm_board_finish_animation (self);
  self->move_pending = FALSE;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  g_clear_pointer (&self->position, g_free);
  self->highlight_from = self->highlight_to = -1;
  clear_board (self);

  if (game != NULL)
    {
      g_signal_connect_object (game, "moved", G_CALLBACK (moved_cb), self, 0);
      g_signal_connect_object (game, "changed", G_CALLBACK (changed_cb), self, 0);
      build_board (self);
      refresh (self);
    }
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

guint
ksm_board_get_animation_duration (KsmBoard *self)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), 0);
  return self->animation_duration;
}

void
ksm_board_set_animation_duration (KsmBoard *self,
                                  guint     milliseconds)
{
  g_return_if_fail (KSM_IS_BOARD (self));

  if (self->animation_duration == milliseconds)
    return;
  self->animation_duration = milliseconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION_DURATION]);
}

GtkWidget *
ksm_board_get_cell (KsmBoard *self,
                    guint     index)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), NULL);
  return (GtkWidget *) cell_at (self, (int) index);
}

void
ksm_board_set_position (KsmBoard          *self,
                        const KsmPosition *position)
{
  g_return_if_fail (KSM_IS_BOARD (self));
  g_return_if_fail (position != NULL);
  g_return_if_fail (ksm_rules_for (position) != NULL);

  if (self->game != NULL)
    ksm_board_set_game (self, NULL);
  g_clear_pointer (&self->position, g_free);
  clear_board (self);
  self->position = g_memdup2 (position, sizeof *position);
  self->highlight_from = self->highlight_to = -1;
  build_board (self);
  refresh (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

const KsmPosition *
ksm_board_get_position (KsmBoard *self)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), NULL);
  return self->game != NULL || self->position != NULL ? board_position (self) : NULL;
}

void
ksm_board_set_highlight (KsmBoard *self,
                         int       from,
                         int       to,
                         guint     captured,
                         gboolean  refused)
{
  g_return_if_fail (KSM_IS_BOARD (self));

  self->highlight_from = from;
  self->highlight_to = from >= 0 ? to : -1;
  self->highlight_captured = captured;
  self->highlight_refused = refused;
  update_targets (self);
}

GtkWidget *
ksm_board_get_move_cell (KsmBoard      *self,
                         const KsmMove *move)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), NULL);
  g_return_val_if_fail (move != NULL, NULL);

  if (board_position (self) == NULL || move->kind == KSM_MOVE_LOSE)
    return NULL;
  return (GtkWidget *) cell_at (self, move_cell (self, move));
}

void
ksm_board_set_distance (KsmBoard *self,
                        guint     distance)
{
  g_return_if_fail (KSM_IS_BOARD (self));
  if (self->distance == distance)
    return;
  self->distance = distance;
  refresh (self);
}

guint
ksm_board_get_distance (KsmBoard *self)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), 0);
  return self->distance;
}

void
ksm_board_set_group (KsmBoard *self,
                     guint     group)
{
  g_return_if_fail (KSM_IS_BOARD (self));
  if (self->group == group)
    return;
  self->group = group;
  refresh (self);
}

guint
ksm_board_get_group (KsmBoard *self)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), 0);
  return self->group;
}

guint
ksm_board_get_n_board_cells (KsmBoard *self)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), 0);
  return (guint) self->n_board_cells;
}
