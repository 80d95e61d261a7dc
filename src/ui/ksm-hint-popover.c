/* ksm-hint-popover.c */
#include "config.h"

#include "ksm-hint-popover.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ksm-a11y.h"
#include "ksm-numbers.h"
#include "ksm-player.h"
#include "ksm-words.h"

/* the width the rows' words wrap to */
#define KSM_HINT_WIDTH 300

/* The list's frame: GTK 4.8's GtkScrolledWindow asks its content for its
 * natural height at no width, so rows of wrapped words measured short and
 * the list opened clipped to a row and a half. This asks at the width the
 * rows will have, up to the scroller's max-content-height, then lets it
 * scroll. */
#define KSM_TYPE_HINT_FIT (ksm_hint_fit_get_type ())
G_DECLARE_FINAL_TYPE (KsmHintFit, ksm_hint_fit, KSM, HINT_FIT, GtkWidget)

struct _KsmHintFit
{
  GtkWidget  parent_instance;

  GtkWidget *scroller;
  GtkWidget *content;
};

G_DEFINE_FINAL_TYPE (KsmHintFit, ksm_hint_fit, GTK_TYPE_WIDGET)

static void
ksm_hint_fit_dispose (GObject *object)
{
  KsmHintFit *self = KSM_HINT_FIT (object);

  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  self->content = NULL;
  G_OBJECT_CLASS (ksm_hint_fit_parent_class)->dispose (object);
}

static GtkSizeRequestMode
ksm_hint_fit_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
ksm_hint_fit_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  KsmHintFit *self = KSM_HINT_FIT (widget);
  int width, most, content;

  gtk_widget_measure (self->scroller, orientation, for_size, minimum, natural, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MAX (*minimum, KSM_HINT_WIDTH);
      *natural = MAX (*natural, KSM_HINT_WIDTH);
      return;
    }
  /* at the width it will have: GTK 4.8's popover asks at its own width,
   * shadow included, and then gives its content less */
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
  if (for_size >= 0)
    width = MIN (width, for_size);
  most = gtk_scrolled_window_get_max_content_height (GTK_SCROLLED_WINDOW (self->scroller));
  gtk_widget_measure (self->content, GTK_ORIENTATION_VERTICAL, width, NULL, &content, NULL, NULL);
  if (most >= 0)
    content = MIN (content, most);
  *natural = MAX (*minimum, content);
}

static void
ksm_hint_fit_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  gtk_widget_allocate (KSM_HINT_FIT (widget)->scroller, width, height, baseline, NULL);
}

static void
ksm_hint_fit_class_init (KsmHintFitClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ksm_hint_fit_dispose;
  widget_class->get_request_mode = ksm_hint_fit_get_request_mode;
  widget_class->measure = ksm_hint_fit_measure;
  widget_class->size_allocate = ksm_hint_fit_size_allocate;
}

static void
ksm_hint_fit_init (KsmHintFit *self)
{
}

/* `content` scrolls in `scroller`, which the frame takes */
static GtkWidget *
ksm_hint_fit_new (GtkWidget *scroller, GtkWidget *content)
{
  KsmHintFit *self = g_object_new (KSM_TYPE_HINT_FIT, NULL);

  self->scroller = scroller;
  self->content = content;
  gtk_widget_set_parent (scroller, GTK_WIDGET (self));
  return GTK_WIDGET (self);
}

/* the rows' chances, in whole percent as they are shown: moves whose shown
 * chances are equal are said to be equal */
#define PERCENT(chance) ((int) ((chance) * 100 + 0.5))

struct _KsmHintPopover
{
  GtkPopover    parent_instance;

  GtkStack     *stack;
  GtkListBox   *list;
  GCancellable *cancellable;
  KsmGame      *game;
  KsmBoard     *board;     /* where the move pointed at is shown, or NULL */
  KsmMove       moves[KSM_MAX_MOVES];
  guint         n_moves;
  GPtrArray    *texts;     /* char *: each row's words, best first */
  GArray       *order;     /* guint: each row's index into moves */
  int           hovered;   /* the row under the pointer, or -1 */
  int           focused;   /* the row with the keyboard focus, or -1 */
  GtkWidget    *return_focus; /* weak: where the focus was when it opened */
};

G_DEFINE_FINAL_TYPE (KsmHintPopover, ksm_hint_popover, GTK_TYPE_POPOVER)

static void
ksm_hint_popover_dispose (GObject *object)
{
  KsmHintPopover *self = KSM_HINT_POPOVER (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->game);
  g_clear_object (&self->board);
  g_clear_weak_pointer (&self->return_focus);
  G_OBJECT_CLASS (ksm_hint_popover_parent_class)->dispose (object);
}

static void
ksm_hint_popover_finalize (GObject *object)
{
  KsmHintPopover *self = KSM_HINT_POPOVER (object);

  g_clear_pointer (&self->texts, g_ptr_array_unref);
  g_clear_pointer (&self->order, g_array_unref);
  G_OBJECT_CLASS (ksm_hint_popover_parent_class)->finalize (object);
}

/* The board's cell for where `move` starts: its own, or the yard a piece
 * enters from; -1 where the board has none to show */
static int
move_start_cell (KsmBoard *board, const KsmMove *move)
{
  GtkWidget *cell = ksm_board_get_move_cell (board, move), *each;

  for (guint i = 0; cell != NULL && (each = ksm_board_get_cell (board, i)) != NULL; i++)
    if (each == cell)
      return (int) i;
  return -1;
}

/* The board shows the move pointed at in the list: the row under the
 * pointer, else the focused one, else the best; nothing when closed. */
static void
show_on_board (KsmHintPopover *self)
{
  int row = self->hovered >= 0 ? self->hovered : self->focused >= 0 ? self->focused : 0;
  const KsmMove *move;
  int from;

  if (self->board == NULL)
    return;
  if (!gtk_widget_get_visible (GTK_WIDGET (self)) || (guint) row >= self->order->len)
    {
      ksm_board_set_highlight (self->board, -1, -1, 0, FALSE);
      return;
    }
  move = &self->moves[g_array_index (self->order, guint, row)];
  from = move_start_cell (self->board, move);
  /* a piece that enters where no yard stands is shown where it lands */
  if (from < 0)
    from = move->to;
  ksm_board_set_highlight (self->board, from, move->to, move->captured, FALSE);
}

static int
controller_row (GtkEventController *controller)
{
  return gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (gtk_event_controller_get_widget (controller)));
}

static void
row_point (KsmHintPopover *self, int *pointer, int row, gboolean inside)
{
  if (inside)
    *pointer = row;
  else if (*pointer == row)
    *pointer = -1;
  else
    return;
  show_on_board (self);
}

static void
row_enter_cb (GtkEventControllerMotion *controller, double x, double y, KsmHintPopover *self)
{
  row_point (self, &self->hovered, controller_row (GTK_EVENT_CONTROLLER (controller)), TRUE);
}

static void
row_leave_cb (GtkEventControllerMotion *controller, KsmHintPopover *self)
{
  row_point (self, &self->hovered, controller_row (GTK_EVENT_CONTROLLER (controller)), FALSE);
}

static void
row_focus_in_cb (GtkEventControllerFocus *controller, KsmHintPopover *self)
{
  row_point (self, &self->focused, controller_row (GTK_EVENT_CONTROLLER (controller)), TRUE);
}

static void
row_focus_out_cb (GtkEventControllerFocus *controller, KsmHintPopover *self)
{
  row_point (self, &self->focused, controller_row (GTK_EVENT_CONTROLLER (controller)), FALSE);
}

/* The focus goes back where it was (the board's cell, say), not left on a
 * row no one sees; a move chosen moves it on from there as any move does. */
static void
closed_cb (KsmHintPopover *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  self->hovered = self->focused = -1;
  show_on_board (self);
  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self))
      && self->return_focus != NULL && gtk_widget_get_mapped (self->return_focus))
    gtk_widget_grab_focus (self->return_focus);
}

gboolean
ksm_hint_popover_choose (KsmHintPopover *self, guint index)
{
  g_autoptr(KsmGame) game = NULL;

  g_return_val_if_fail (KSM_IS_HINT_POPOVER (self), FALSE);

  if (self->game == NULL || index >= self->order->len)
    return FALSE;
  game = g_object_ref (self->game);
  gtk_popover_popdown (GTK_POPOVER (self));
  return ksm_game_play (game, &self->moves[g_array_index (self->order, guint, index)]);
}

static void
row_activated_cb (KsmHintPopover *self,
                  GtkListBoxRow  *row)
{
  int index = gtk_list_box_row_get_index (row);

  if (index >= 0)
    ksm_hint_popover_choose (self, (guint) index);
}

static void
ksm_hint_popover_class_init (KsmHintPopoverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ksm_hint_popover_dispose;
  object_class->finalize = ksm_hint_popover_finalize;
}

static void
ksm_hint_popover_init (KsmHintPopover *self)
{
  GtkWidget *spinner, *scroller, *thinking, *label;

  self->hovered = self->focused = -1;
  self->texts = g_ptr_array_new_with_free_func (g_free);
  self->order = g_array_new (FALSE, FALSE, sizeof (guint));
  self->stack = GTK_STACK (gtk_stack_new ());

  thinking = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  spinner = gtk_spinner_new ();
  gtk_spinner_start (GTK_SPINNER (spinner));
  label = gtk_label_new (_("Weighing the moves…"));
  gtk_box_append (GTK_BOX (thinking), spinner);
  gtk_box_append (GTK_BOX (thinking), label);
  gtk_widget_set_margin_top (thinking, 12);
  gtk_widget_set_margin_bottom (thinking, 12);
  gtk_widget_set_margin_start (thinking, 12);
  gtk_widget_set_margin_end (thinking, 12);
  gtk_stack_page_set_title (gtk_stack_add_named (self->stack, thinking, "thinking"), _("Hint"));

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_list_box_set_activate_on_single_click (self->list, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The moves, best first"), -1);
  g_signal_connect_swapped (self->list, "row-activated", G_CALLBACK (row_activated_cb), self);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  /* about seven rows: the list stays below the header bar of a 600 px window */
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 420);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->list));
  /* each page and the pane are named for a screen reader, not by their type */
  ksm_a11y_set_label (scroller, _("Hint"));
  gtk_stack_page_set_title (gtk_stack_add_named (self->stack, ksm_hint_fit_new (scroller, GTK_WIDGET (self->list)),
                                                 "moves"),
                            _("Hint"));

  label = gtk_label_new (NULL);
  gtk_stack_page_set_title (gtk_stack_add_named (self->stack, label, "none"), _("Hint"));

  gtk_popover_set_child (GTK_POPOVER (self), GTK_WIDGET (self->stack));
  g_signal_connect (self, "closed", G_CALLBACK (closed_cb), NULL);
}

GtkWidget *
ksm_hint_popover_new (void)
{
  return g_object_new (KSM_TYPE_HINT_POPOVER, NULL);
}

/* "open to a dwadi or a sudi: 10 in 16", "safe from the next throw" */
static char *
describe_exposure (const KsmRules *rules, const KsmHint *hint)
{
  g_autoptr(GString) faces = g_string_new (NULL);

  if (hint->exposed_faces == 0)
    return g_strdup (_("safe from the next throw"));
  for (int face = 0; face < rules->throws.n_faces; face++)
    if (hint->exposed_faces >> face & 1u)
      {
        if (faces->len > 0)
          /* Translators: joins the throws that could take a piece: "a dwadi or a sudi" */
          g_string_append (faces, _(" or "));
        /* Translators: one throw that could take a piece: "a dwadi" */
        g_string_append_printf (faces, C_("hint", "a %s"), ksm_words_face_name (rules, face));
      }
  /* Translators: "open to a dwadi: 6 in 16": the throws that could take the
   * moved piece, and their chance */
  return ksm_format (_("open to %s: %d in %d"), faces->str, hint->exposed_weight,
                     hint->exposed_total);
}

static char *
describe_hint (KsmGame *game, const KsmMove *move, const KsmHint *hint)
{
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  g_autofree char *from = ksm_words_cell_name (rules, options, move->from);
  g_autofree char *to = ksm_words_cell_name (rules, options, move->to);
  g_autofree char *exposure = describe_exposure (rules, hint);
  g_autoptr(GString) text = g_string_new (NULL);

  /* Translators: a move, "B16 to M17", and the chance of winning after it */
  ksm_string_append_format (text, _("%s to %s: %d%% chance of winning"), from, to,
                            (int) (hint->win_chance * 100 + 0.5));
  /* which group in hand enters, where it is not one piece
   * or another group could */
  if (move->kind == KSM_MOVE_START && move->group > 0)
    {
      guint n_moves;
      const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
      gboolean other = FALSE;
      for (guint i = 0; i < n_moves; i++)
        other |= moves[i].kind == KSM_MOVE_START && moves[i].group != move->group;
      if (move->group > 1 || other)
        {
          g_string_append (text, ", ");
          g_string_append (text, ksm_words_group_enters (move->group));
        }
    }
  if (hint->captured > 0)
    {
      g_string_append (text, ", ");
      ksm_string_append_format (text, ngettext ("takes %d piece", "takes %d pieces", hint->captured),
                                hint->captured);
    }
  if (hint->throws_again)
    {
      g_string_append (text, ", ");
      g_string_append (text, _("throws again"));
    }
  g_string_append (text, "; ");
  g_string_append (text, exposure);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
clear_rows (KsmHintPopover *self)
{
  GtkWidget *child;

  self->hovered = self->focused = -1;
  g_array_set_size (self->order, 0);
  g_ptr_array_set_size (self->texts, 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  show_on_board (self);
}

/* The words over a row whose chance, as shown, equals another's: the best
 * is not said to be better than a move of the same chance; NULL for none */
static const char *
equal_words (GArray *hints, guint index)
{
  int best = PERCENT (g_array_index (hints, KsmHint, 0).win_chance);
  int percent = PERCENT (g_array_index (hints, KsmHint, index).win_chance);

  if (percent == best && hints->len > 1
      && PERCENT (g_array_index (hints, KsmHint, 1).win_chance) == best)
    /* Translators: over a hint's move whose chance of winning is as good
     * as the best's */
    return _("Equal best");
  if (index > 0 && PERCENT (g_array_index (hints, KsmHint, index - 1).win_chance) == percent)
    /* Translators: over a hint's move whose chance of winning is the same
     * as the move listed above it */
    return _("Same chance as the move above");
  return NULL;
}

/* one row: the move in words under what it equals, if anything; the board
 * follows the pointer and the focus over it */
static GtkWidget *
make_row (KsmHintPopover *self, const char *words, const char *equal, gboolean best)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (words);
  GtkEventController *controller;

  if (equal != NULL)
    {
      GtkWidget *caption = gtk_label_new (equal);
      gtk_label_set_xalign (GTK_LABEL (caption), 0);
      gtk_label_set_wrap (GTK_LABEL (caption), TRUE);
      gtk_widget_add_css_class (caption, "caption-heading");
      gtk_widget_add_css_class (caption, best ? "accent" : "dim-label");
      gtk_box_append (GTK_BOX (box), caption);
    }
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (best)
    gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 10);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (row_enter_cb), self);
  g_signal_connect (controller, "leave", G_CALLBACK (row_leave_cb), self);
  gtk_widget_add_controller (row, controller);
  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (row_focus_in_cb), self);
  g_signal_connect (controller, "leave", G_CALLBACK (row_focus_out_cb), self);
  gtk_widget_add_controller (row, controller);
  return row;
}

static void
fill_rows (KsmHintPopover *self, GArray *hints)
{
  int best = hints->len > 0 ? PERCENT (g_array_index (hints, KsmHint, 0).win_chance) : 0;

  clear_rows (self);
  for (guint i = 0; i < hints->len; i++)
    {
      const KsmHint *hint = &g_array_index (hints, KsmHint, i);
      g_autofree char *words = describe_hint (self->game, &self->moves[hint->move], hint);
      const char *equal = equal_words (hints, i);
      GtkWidget *row = make_row (self, words, equal, PERCENT (hint->win_chance) == best);
      guint move = (guint) hint->move;
      char *text = equal == NULL ? g_strdup (words)
        /* Translators: a hint's row as a screen reader says it: "Equal
         * best: B16 to M17: 40% chance of winning; ..." */
        : g_strdup_printf (C_("hint row", "%s: %s"), equal, words);

      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
      gtk_list_box_append (self->list, row);
      g_ptr_array_add (self->texts, text);
      g_array_append_val (self->order, move);
    }
  gtk_stack_set_visible_child_name (self->stack, "moves");
  /* the keyboard starts at the best, as the board does */
  if (self->order->len > 0)
    gtk_widget_grab_focus (GTK_WIDGET (gtk_list_box_get_row_at_index (self->list, 0)));
  show_on_board (self);
}

static void
ranked_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(KsmHintPopover) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) hints = ksm_game_rank_moves_finish (KSM_GAME (source), result, &error);

  /* a newer question replaced this one */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (hints == NULL || hints->len == 0)
    {
      clear_rows (self);
      gtk_label_set_label (GTK_LABEL (gtk_stack_get_child_by_name (self->stack, "none")),
                           _("No move to weigh: the game has moved on."));
      gtk_stack_set_visible_child_name (self->stack, "none");
      return;
    }
  fill_rows (self, hints);
}

/* forgets the last question and takes the game's moves as they are now */
static void
begin (KsmHintPopover *self, KsmGame *game, KsmBoard *board)
{
  const KsmMove *moves;
  guint n_moves;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  clear_rows (self);
  if (self->board != NULL && self->board != board)
    ksm_board_set_highlight (self->board, -1, -1, 0, FALSE);
  g_set_object (&self->game, game);
  g_set_object (&self->board, board);
  if (!gtk_widget_get_visible (GTK_WIDGET (self)) && gtk_widget_get_root (GTK_WIDGET (self)) != NULL)
    g_set_weak_pointer (&self->return_focus, gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (self))));
  moves = ksm_game_get_moves (game, &n_moves);
  memcpy (self->moves, moves, sizeof (KsmMove) * n_moves);
  self->n_moves = n_moves;
}

void
ksm_hint_popover_show_for (KsmHintPopover *self, KsmGame *game, KsmBoard *board)
{
  g_return_if_fail (KSM_IS_HINT_POPOVER (self));
  g_return_if_fail (KSM_IS_GAME (game));
  g_return_if_fail (board == NULL || KSM_IS_BOARD (board));

  begin (self, game, board);
  gtk_stack_set_visible_child_name (self->stack, "thinking");
  ksm_game_rank_moves_async (game, self->cancellable, ranked_cb, g_object_ref (self));
  gtk_popover_popup (GTK_POPOVER (self));
}

void
ksm_hint_popover_show_ranking (KsmHintPopover *self,
                               KsmGame        *game,
                               KsmBoard       *board,
                               GArray         *hints)
{
  g_return_if_fail (KSM_IS_HINT_POPOVER (self));
  g_return_if_fail (KSM_IS_GAME (game));
  g_return_if_fail (board == NULL || KSM_IS_BOARD (board));
  g_return_if_fail (hints != NULL);

  begin (self, game, board);
  for (guint i = 0; i < hints->len; i++)
    g_return_if_fail ((guint) g_array_index (hints, KsmHint, i).move < self->n_moves);
  gtk_popover_popup (GTK_POPOVER (self));
  fill_rows (self, hints);
}

guint
ksm_hint_popover_get_n_rows (KsmHintPopover *self)
{
  g_return_val_if_fail (KSM_IS_HINT_POPOVER (self), 0);
  return self->texts->len;
}

const char *
ksm_hint_popover_get_row_text (KsmHintPopover *self, guint index)
{
  g_return_val_if_fail (KSM_IS_HINT_POPOVER (self), NULL);
  return index < self->texts->len ? g_ptr_array_index (self->texts, index) : NULL;
}

GtkWidget *
ksm_hint_popover_get_row (KsmHintPopover *self, guint index)
{
  g_return_val_if_fail (KSM_IS_HINT_POPOVER (self), NULL);
  return index < self->order->len ? GTK_WIDGET (gtk_list_box_get_row_at_index (self->list, (int) index)) : NULL;
}

const KsmMove *
ksm_hint_popover_get_row_move (KsmHintPopover *self, guint index)
{
  g_return_val_if_fail (KSM_IS_HINT_POPOVER (self), NULL);
  return index < self->order->len ? &self->moves[g_array_index (self->order, guint, index)] : NULL;
}
