/* ksm-turn-strip.c
 *
 * With three or four seats, the others' turns go by while a person waits,
 * each replacing the last on the board: the strip keeps them, a row each,
 * worded as the history words them, from the person's last throw on. It
 * leaves out the person's own rows but a lost throw, which stays readable
 * until they throw again. Rebuilt from the record at each "changed", so
 * undo and redo need nothing of their own. */
#include "config.h"

#include "ksm-turn-strip.h"

#include "ksm-a11y.h"
#include "ksm-history-view.h"
#include "ksm-rules-view.h"

struct _KsmTurnStrip
{
  AdwBin             parent_instance;

  GtkScrolledWindow *scroller;
  GtkListBox        *list;

  KsmGame           *game;
  GSignalGroup      *game_signals;
  guint              n_rows;
};

G_DEFINE_FINAL_TYPE (KsmTurnStrip, ksm_turn_strip, ADW_TYPE_BIN)

static void
ksm_turn_strip_dispose (GObject *object)
{
  KsmTurnStrip *self = KSM_TURN_STRIP (object);

  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (ksm_turn_strip_parent_class)->dispose (object);
}

static void
ksm_turn_strip_class_init (KsmTurnStripClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_turn_strip_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-turn-strip.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmTurnStrip, scroller);
  gtk_widget_class_bind_template_child (widget_class, KsmTurnStrip, list);
}

static void update_rows (KsmTurnStrip *self);

static void
ksm_turn_strip_init (KsmTurnStrip *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* the rows come from the record alone, complete at "changed" */
  self->game_signals = g_signal_group_new (KSM_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "changed", G_CALLBACK (update_rows), self,
                                 G_CONNECT_SWAPPED);
}

GtkWidget *
ksm_turn_strip_new (void)
{
  return g_object_new (KSM_TYPE_TURN_STRIP, NULL);
}

/* a game where others' turns pass while a person waits for theirs */
static gboolean
applies_to (KsmGame *game)
{
  const KsmRules *rules;
  int n_players;

  if (game == NULL || ksm_game_is_read_only (game))
    return FALSE;
  rules = ksm_game_get_rules (game);
  n_players = rules->n_players (ksm_game_get_options (game));
  if (n_players < 3)
    return FALSE;
  for (int p = 0; p < n_players; p++)
    if (ksm_game_get_seat (game, (guint) p)->kind == KSM_SEAT_PERSON)
      return TRUE;
  return FALSE;
}

/* Whose turn the strip counts from: the person to act, or while the
 * computers play, the person who threw last; -1 before any person threw */
static int
reader (KsmGame *game)
{
  KsmRecord *record = ksm_game_get_record (game);

  if (ksm_game_is_person_to_act (game))
    return (int) ksm_game_get_player (game);
  for (guint i = ksm_record_get_n_events (record); i-- > 0;)
    {
      const KsmEvent *event = ksm_record_get_event (record, i);
      if (event->kind == KSM_EVENT_THROW && ksm_game_get_seat (game, event->player)->kind == KSM_SEAT_PERSON)
        return event->player;
    }
  return -1;
}

static GtkWidget *
make_row (const char *markup)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  g_signal_connect (label, "activate-link", G_CALLBACK (ksm_rules_view_follow_link_cb), NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_start (label, 8);
  gtk_widget_set_margin_end (label, 8);
  gtk_widget_set_margin_top (label, 2);
  gtk_widget_set_margin_bottom (label, 2);
  return label;
}

static void
update_rows (KsmTurnStrip *self)
{
  GtkListBoxRow *row;
  KsmRecord *record;
  KsmPosition position;
  guint n_events, start = 0;
  int who;

  /* by index: the placeholder is a child too, and stays */
  while ((row = gtk_list_box_get_row_at_index (self->list, 0)) != NULL)
    gtk_list_box_remove (self->list, GTK_WIDGET (row));
  self->n_rows = 0;
  gtk_widget_set_visible (GTK_WIDGET (self), applies_to (self->game));
  if (!applies_to (self->game))
    return;

  record = ksm_game_get_record (self->game);
  n_events = ksm_record_get_n_events (record);
  who = reader (self->game);
  for (guint i = n_events; i-- > 0;)
    {
      const KsmEvent *event = ksm_record_get_event (record, i);
      if (event->kind == KSM_EVENT_THROW && event->player == who)
        {
          start = i;
          break;
        }
    }

  /* a throw starts a history row, so the rows from it are the history's */
  ksm_record_replay (record, start, &position, NULL);
  while (start < n_events)
    {
      g_autofree char *text = NULL;
      const KsmEvent *first = ksm_record_get_event (record, start);
      guint covered = ksm_history_view_describe_row (record, NULL, start, &position, &text);
      const KsmEvent *last = ksm_record_get_event (record, start + covered - 1);

      if (first->player != who || last->kind == KSM_EVENT_LOST)
        {
          GtkWidget *label = make_row (text);

          gtk_list_box_append (self->list, label);
          /* the row says what its label shows */
          ksm_a11y_set_label (gtk_widget_get_parent (label), gtk_label_get_text (GTK_LABEL (label)));
          self->n_rows++;
        }
      start += covered;
    }
  /* oldest first, from the top: the newest is on the board still, what
   * it replaced is what the strip is for */
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
}

void
ksm_turn_strip_set_game (KsmTurnStrip *self, KsmGame *game)
{
  g_return_if_fail (KSM_IS_TURN_STRIP (self));
  g_return_if_fail (game == NULL || KSM_IS_GAME (game));

  if (self->game == game)
    return;
  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);
  update_rows (self);
}

GtkWidget *
ksm_turn_strip_get_list (KsmTurnStrip *self)
{
  g_return_val_if_fail (KSM_IS_TURN_STRIP (self), NULL);
  return GTK_WIDGET (self->list);
}

guint
ksm_turn_strip_get_n_rows (KsmTurnStrip *self)
{
  g_return_val_if_fail (KSM_IS_TURN_STRIP (self), 0);
  return self->n_rows;
}

const char *
ksm_turn_strip_get_row_text (KsmTurnStrip *self, guint index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (KSM_IS_TURN_STRIP (self), NULL);
  row = gtk_list_box_get_row_at_index (self->list, (int) index);
  if (row == NULL)
    return NULL;
  /* the text without the links' markup */
  return gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (row)));
}
