/* ksm-hint-popover.c */
#include "config.h"

#include "ksm-hint-popover.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ksm-player.h"
#include "ksm-words.h"

struct _KsmHintPopover
{
  GtkPopover    parent_instance;

  GtkStack     *stack;
  GtkListBox   *list;
  GCancellable *cancellable;
  KsmGame      *game;
  KsmMove       moves[KSM_MAX_MOVES];
  GPtrArray    *texts;     /* char *: each row's words, best first */
  GArray       *order;     /* guint: each row's index into moves */
};

G_DEFINE_FINAL_TYPE (KsmHintPopover, ksm_hint_popover, GTK_TYPE_POPOVER)

static void
ksm_hint_popover_dispose (GObject *object)
{
  KsmHintPopover *self = KSM_HINT_POPOVER (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->game);
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
  gtk_stack_add_named (self->stack, thinking, "thinking");

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_list_box_set_activate_on_single_click (self->list, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The moves, best first"), -1);
  g_signal_connect_swapped (self->list, "row-activated", G_CALLBACK (row_activated_cb), self);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 420);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->list));
  gtk_stack_add_named (self->stack, scroller, "moves");

  label = gtk_label_new (NULL);
  gtk_stack_add_named (self->stack, label, "none");

  gtk_widget_set_size_request (GTK_WIDGET (self->stack), 300, -1);
  gtk_popover_set_child (GTK_POPOVER (self), GTK_WIDGET (self->stack));
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
  return g_strdup_printf (_("open to %s: %d in %d"), faces->str, hint->exposed_weight,
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
  g_string_append_printf (text, _("%s to %s: %d%% chance of winning"), from, to,
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
      g_string_append_printf (text, ngettext ("takes %d piece", "takes %d pieces", hint->captured),
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
ranked_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  KsmHintPopover *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) hints = ksm_game_rank_moves_finish (KSM_GAME (source), result, &error);
  GtkWidget *child;

  /* a newer question replaced this one */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_object_unref (self);
      return;
    }

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_ptr_array_set_size (self->texts, 0);
  g_array_set_size (self->order, 0);

  if (hints == NULL)
    {
      gtk_label_set_label (GTK_LABEL (gtk_stack_get_child_by_name (self->stack, "none")),
                           _("No move to weigh: the game has moved on."));
      gtk_stack_set_visible_child_name (self->stack, "none");
      g_object_unref (self);
      return;
    }

  for (guint i = 0; i < hints->len; i++)
    {
      const KsmHint *hint = &g_array_index (hints, KsmHint, i);
      char *text = describe_hint (self->game, &self->moves[hint->move], hint);
      GtkWidget *label = gtk_label_new (text);
      guint move = (guint) hint->move;

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_margin_top (label, 8);
      gtk_widget_set_margin_bottom (label, 8);
      gtk_widget_set_margin_start (label, 10);
      gtk_widget_set_margin_end (label, 10);
      if (i == 0)
        gtk_widget_add_css_class (label, "heading");
      gtk_list_box_append (self->list, label);
      g_ptr_array_add (self->texts, text);
      g_array_append_val (self->order, move);
    }
  gtk_stack_set_visible_child_name (self->stack, "moves");
  g_object_unref (self);
}

void
ksm_hint_popover_show_for (KsmHintPopover *self, KsmGame *game)
{
  const KsmMove *moves;
  guint n_moves;

  g_return_if_fail (KSM_IS_HINT_POPOVER (self));
  g_return_if_fail (KSM_IS_GAME (game));

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  g_set_object (&self->game, game);

  moves = ksm_game_get_moves (game, &n_moves);
  memcpy (self->moves, moves, sizeof (KsmMove) * n_moves);
  gtk_stack_set_visible_child_name (self->stack, "thinking");
  ksm_game_rank_moves_async (game, self->cancellable, ranked_cb, g_object_ref (self));
  gtk_popover_popup (GTK_POPOVER (self));
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
