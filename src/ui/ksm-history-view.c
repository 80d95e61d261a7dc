/* ksm-history-view.c
 *
 * A row is one throw and what came of it ("<side>: sudi (3), M9 to M6, took
 * 2 <pieces>"); where a turn throws first and plays afterwards, a throw
 * has its row and each move its own ("<side> plays two (2), Np2 to Np4"). Rows are added as events come, and rebuilt only when undo
 * shortens the record, so a long game stays cheap to follow. A row under
 * the pointer or with the focus says which move it is ("event-pointed"),
 * for the board to show it. */
#include "config.h"

#include "ksm-history-view.h"

#include <glib/gi18n.h>

#include "ksm-a11y.h"
#include "ksm-numbers.h"
#include "ksm-rules-view.h"
#include "ksm-words.h"

struct _KsmHistoryView
{
  AdwBin             parent_instance;

  GtkScrolledWindow *scroller;
  GtkListBox        *list;
  GtkWidget         *empty_label;

  KsmGame           *game;
  GSignalGroup      *game_signals;
  KsmReview         *review;       /* marks its analysis' judgements, when set */
  GSignalGroup      *review_signals;
  GArray            *row_starts;   /* guint: the record index of each row's first event */

  /* the rows under the pointer and with the focus, and the event their
   * move is, as "event-pointed" last said */
  GtkWidget         *hovered_row;
  GtkWidget         *focused_row;
  int                pointed_event;
  /* the newest row stays in view as rows come, until the person scrolls
   * back; kept by the adjustment's own signals, so it holds however late
   * the rows' heights arrive on a loaded machine */
  gboolean           follow_end;
  guint              scroll_source;   /* the list moved to its end after a layout */
};

G_DEFINE_FINAL_TYPE (KsmHistoryView, ksm_history_view, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_EVENT_POINTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* doubtful, bad, a blunder: warmer the worse */
static const char *const mark_colours[KSM_N_MARKS] = { "", "#c88800", "#e66100", "#e01b24" };

static void
ksm_history_view_dispose (GObject *object)
{
  KsmHistoryView *self = KSM_HISTORY_VIEW (object);

  g_clear_handle_id (&self->scroll_source, g_source_remove);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  if (self->review_signals != NULL)
    g_signal_group_set_target (self->review_signals, NULL);
  g_clear_object (&self->review_signals);
  g_clear_object (&self->review);
  G_OBJECT_CLASS (ksm_history_view_parent_class)->dispose (object);
}

static void
ksm_history_view_finalize (GObject *object)
{
  KsmHistoryView *self = KSM_HISTORY_VIEW (object);

  g_clear_pointer (&self->row_starts, g_array_unref);
  G_OBJECT_CLASS (ksm_history_view_parent_class)->finalize (object);
}

static void
ksm_history_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KsmHistoryView *self = KSM_HISTORY_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_history_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KsmHistoryView *self = KSM_HISTORY_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      ksm_history_view_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_history_view_class_init (KsmHistoryViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_history_view_dispose;
  object_class->finalize = ksm_history_view_finalize;
  object_class->get_property = ksm_history_view_get_property;
  object_class->set_property = ksm_history_view_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KSM_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* event-pointed (int): the pointer or the focus is on a row whose move
   * is this event of the record, or on none (-1) */
  signals[SIGNAL_EVENT_POINTED] =
    g_signal_new ("event-pointed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-history-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmHistoryView, scroller);
  gtk_widget_class_bind_template_child (widget_class, KsmHistoryView, list);
  gtk_widget_class_bind_template_child (widget_class, KsmHistoryView, empty_label);
}

static void game_changed_cb (KsmHistoryView *self);

static void analysed_cb (KsmHistoryView *self);

static void
scroll_to_end (KsmHistoryView *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);

  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment)
                                        - gtk_adjustment_get_page_size (adjustment));
}

static gboolean
scroll_to_end_later_cb (gpointer data)
{
  g_autoptr(KsmHistoryView) self = g_weak_ref_get (data);

  if (self == NULL)
    return G_SOURCE_REMOVE;
  self->scroll_source = 0;
  if (!self->follow_end)
    return G_SOURCE_REMOVE;
  scroll_to_end (self);
  /* the value may be right already, set in that layout and not followed
   * by the rows (a new allocation was not asked for: in GTK 4.8 only a
   * resize reaches the viewport then), so they are laid out again from it */
  gtk_widget_queue_resize (GTK_WIDGET (self->list));
  return G_SOURCE_REMOVE;
}

static void
weak_ref_free (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

/* The list grew or the pane changed height. This comes while the scrolled
 * window lays out its child, which has taken its place from the old value
 * already: a value set now (or the one the layout set) moves the scroll bar
 * and not the rows, so the rows are moved just after. The wait holds the
 * view weakly: it may go first. */
static void
adjustment_changed_cb (KsmHistoryView *self)
{
  GWeakRef *ref;

  if (!self->follow_end || self->scroll_source != 0)
    return;
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  self->scroll_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, scroll_to_end_later_cb, ref, weak_ref_free);
}

static void
adjustment_value_changed_cb (KsmHistoryView *self,
                             GtkAdjustment  *adjustment)
{
  self->follow_end = gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment)
                     >= gtk_adjustment_get_upper (adjustment) - 1;
}

static void
ksm_history_view_init (KsmHistoryView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->row_starts = g_array_new (FALSE, FALSE, sizeof (guint));
  self->pointed_event = -1;
  self->follow_end = TRUE;
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->scroller), "changed",
                           G_CALLBACK (adjustment_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->scroller), "value-changed",
                           G_CALLBACK (adjustment_value_changed_cb), self, G_CONNECT_SWAPPED);
  /* the rows come from the record alone, complete at "changed" */
  self->game_signals = g_signal_group_new (KSM_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "changed", G_CALLBACK (game_changed_cb), self,
                                 G_CONNECT_SWAPPED);
  self->review_signals = g_signal_group_new (KSM_TYPE_REVIEW);
  g_signal_group_connect_object (self->review_signals, "notify::analysed", G_CALLBACK (analysed_cb), self,
                                 G_CONNECT_SWAPPED);
}

GtkWidget *
ksm_history_view_new (void)
{
  return g_object_new (KSM_TYPE_HISTORY_VIEW, NULL);
}

static void
append_escaped (GString *markup, const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append (markup, escaped);
}

/* "<side>: sudi (3)": a side and a throw, its name a link to the glossary */
static void
append_throw (GString *row, const KsmRules *rules, const char *player, int face)
{
  g_autofree char *name = ksm_rules_view_link_markup (rules, rules->throws.faces[face].name,
                                                      ksm_words_face_name (rules, face));
  g_autofree char *who = g_markup_escape_text (player, -1);
  /* Translators: "<side>: sudi (3)": a side, a throw and its value */
  g_autofree char *format = g_markup_escape_text (_("%s: %s (%d)"), -1);

  ksm_string_append_format (row, format, who, name, rules->throws.faces[face].value);
}

/* ", M9 to M6, took 2 stones": where a move went and what it took */
static void
append_move (GString *row, const KsmRules *rules, const KsmOptions *options,
             const KsmPosition *position, int mover, const KsmMove *move)
{
  g_autofree char *moved = ksm_words_move_clauses (rules, options, position, mover, move);

  append_escaped (row, moved);
}

/* ", lost: a kasi is needed to start a piece": a loss and why */
static void
append_lost (GString *row, const KsmRules *rules, const KsmPosition *position)
{
  g_autofree char *lost = ksm_words_lost_clause (rules, position);

  append_escaped (row, lost);
}

/* "<side>: five (5), three (3)" or "<side>: 3 units": what a turn still held
 * when nothing could use it. The record's face is the last throw made, which
 * in a turn of several throws is not always one of those left. */
static void
append_lost_throws (GString *row, const KsmRules *rules, const char *player,
                    const KsmPosition *position, int face)
{
  uint8_t pending[KSM_MAX_PENDING];
  bool split = false;
  int pool = 0;
  int n_pending = ksm_rules_holds_throws (rules)
                  ? ksm_rules_held_throws (rules, position, pending, &split, &pool) : 0;

  if (split && pool > 0)
    {
      g_autofree char *who = g_markup_escape_text (player, -1);
      /* Translators: the units of a So-hatara's pool a side could not
       * play; ", lost: <why>" follows: "<side>: 3 units" */
      g_autofree char *format = g_markup_escape_text (ngettext ("%s: %u unit", "%s: %u units",
                                                                (gulong) pool), -1);
      ksm_string_append_format (row, format, who, (guint) pool);
      return;
    }
  if (n_pending <= 0)
    {
      append_throw (row, rules, player, face);
      return;
    }
  append_throw (row, rules, player, pending[0]);
  for (int i = 1; i < n_pending; i++)
    {
      g_autofree char *name = ksm_rules_view_link_markup (rules, rules->throws.faces[pending[i]].name,
                                                          ksm_words_face_name (rules, pending[i]));
      /* Translators: another throw lost with the one before it:
       * "<side>: five (5), three (3), lost: <why>" */
      g_autofree char *format = g_markup_escape_text (_(", %s (%d)"), -1);
      ksm_string_append_format (row, format, name, rules->throws.faces[pending[i]].value);
    }
}

/* "<side> plays two (2)" or "<side> plays 3 units": which of the throws a
 * turn holds a move plays, when it is not simply the throw
 * just made */
static void
append_held_throw (GString *row, const KsmRules *rules, const char *player,
                   const KsmPosition *position, const KsmMove *move)
{
  uint8_t pending[KSM_MAX_PENDING];
  bool split;
  int n_pending = ksm_rules_held_throws (rules, position, pending, &split, NULL);
  g_autofree char *who = g_markup_escape_text (player, -1);

  if (split || move->slot >= n_pending)
    {
      /* Translators: a side plays some units of a So-hatara's pool; the
       * move follows: "<side> plays 3 units, E0 to Em3" */
      g_autofree char *format = g_markup_escape_text (ngettext ("%s plays %u unit", "%s plays %u units",
                                                                move->distance), -1);
      ksm_string_append_format (row, format, who, (guint) move->distance);
    }
  else
    {
      int face = pending[move->slot];
      g_autofree char *name = ksm_rules_view_link_markup (rules, rules->throws.faces[face].name,
                                                          ksm_words_face_name (rules, face));
      /* Translators: a side plays one of the throws its turn holds; the
       * move follows: "<side> plays two (2), Np2 to Np4" */
      g_autofree char *format = g_markup_escape_text (_("%s plays %s (%d)"), -1);
      ksm_string_append_format (row, format, who, name, rules->throws.faces[face].value);
    }
}

/* Whether the move that follows a throw may play another throw than that
 * one: a turn that throws first and plays afterwards, each move one
 * of the throws held (or units of a So-hatara's pool) */
static gboolean
holds_several_throws (const KsmRules *rules, const KsmPosition *thrown)
{
  uint8_t pending[KSM_MAX_PENDING];
  bool split;
  int n_pending = ksm_rules_held_throws (rules, thrown, pending, &split, NULL);

  return ksm_rules_holds_throws (rules) && (split || n_pending != 1);
}

guint
ksm_history_view_describe_row (KsmRecord   *record,
                               KsmReview   *review,
                               guint        start,
                               KsmPosition *position,
                               char       **text)
{
  const KsmRules *rules = ksm_record_get_rules (record);
  const KsmOptions *options = ksm_record_get_options (record);
  guint n_events = ksm_record_get_n_events (record);
  const KsmEvent *event = ksm_record_get_event (record, start);
  const char *player = ksm_words_player_name (rules, options, event->player);
  g_autoptr(GString) row = g_string_new (NULL);
  const KsmEvent *played = NULL;   /* the row's move or loss, its last event */
  guint covered = 1;

  if (event->kind == KSM_EVENT_THROW)
    {
      append_throw (row, rules, player, event->face);
      ksm_record_apply_event (record, start, position, NULL);
      /* the move it leads to, unless it earns another throw first or the
       * turn holds other throws the move may play instead */
      if (position->phase == KSM_PHASE_MOVE && !holds_several_throws (rules, position) && start + 1 < n_events)
        {
          played = ksm_record_get_event (record, start + 1);
          covered = 2;
          if (played->kind == KSM_EVENT_LOST)
            append_lost (row, rules, position);
          else
            append_move (row, rules, options, position, event->player, &played->move);
          ksm_record_apply_event (record, start + 1, position, NULL);
        }
    }
  else if (event->kind == KSM_EVENT_LOST)
    {
      /* throws held for later that nothing could use */
      played = event;
      append_lost_throws (row, rules, player, position, event->face);
      append_lost (row, rules, position);
      ksm_record_apply_event (record, start, position, NULL);
    }
  else
    {
      played = event;
      append_held_throw (row, rules, player, position, &event->move);
      append_move (row, rules, options, position, event->player, &event->move);
      ksm_record_apply_event (record, start, position, NULL);
    }

  /* a reviewed game's analysis: ?!, ? or ?? after a move that lost */
  if (played != NULL && played->kind == KSM_EVENT_MOVE
      && review != NULL && ksm_review_is_analysed (review))
    {
      const KsmAnalysisEntry *entry = ksm_review_get_entry (review, start + covered - 1);
      if (entry != NULL && entry->mark != KSM_MARK_NONE)
        g_string_append_printf (row, " <span foreground=\"%s\" weight=\"bold\">%s</span>",
                                mark_colours[entry->mark], ksm_mark_symbol (entry->mark));
    }

  /* the same side throws next: a chya, an ashte, a capture that earns a
   * throw, or a throw that earns another before anything moves (a move of
   * a held throw is followed by the next of them, not by a throw) */
  if (position->phase == KSM_PHASE_THROW && position->to_move == event->player
      && rules->n_players (options) > 1)
    /* Translators: added to a row when the same side throws next: "<side>: chya (4), M9 to M5, throws again" */
    append_escaped (row, _(", throws again"));

  *text = g_string_free (g_steal_pointer (&row), FALSE);
  return covered;
}

static GtkWidget *
make_row (const char *markup)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  g_signal_connect (label, "activate-link", G_CALLBACK (ksm_rules_view_follow_link_cb), NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  return label;
}

/* ---- a row pointed at shows its move on the board ---- */

/* the move among the events of row `row`, or -1 (a throw alone, a loss) */
static int
row_move_event (KsmHistoryView *self, GtkWidget *row)
{
  KsmRecord *record;
  int index = row != NULL ? gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)) : -1;
  guint start, end;

  if (self->game == NULL || index < 0 || (guint) index >= self->row_starts->len)
    return -1;
  record = ksm_game_get_record (self->game);
  start = g_array_index (self->row_starts, guint, index);
  end = (guint) index + 1 < self->row_starts->len ? g_array_index (self->row_starts, guint, index + 1)
                                                  : ksm_record_get_n_events (record);
  for (guint i = start; i < end && i < ksm_record_get_n_events (record); i++)
    if (ksm_record_get_event (record, i)->kind == KSM_EVENT_MOVE)
      return (int) i;
  return -1;
}

/* the pointer's row, else the focus's */
static void
update_pointed (KsmHistoryView *self)
{
  int event = row_move_event (self, self->hovered_row != NULL ? self->hovered_row : self->focused_row);

  if (event == self->pointed_event)
    return;
  self->pointed_event = event;
  g_signal_emit (self, signals[SIGNAL_EVENT_POINTED], 0, event);
}

static void
point_row (KsmHistoryView *self, GtkWidget **pointer, GtkWidget *row, gboolean inside)
{
  if (inside)
    *pointer = row;
  else if (*pointer == row)
    *pointer = NULL;
  update_pointed (self);
}

static void
row_enter_cb (GtkEventControllerMotion *controller,
              double                    x,
              double                    y,
              KsmHistoryView           *self)
{
  point_row (self, &self->hovered_row, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)), TRUE);
}

static void
row_leave_cb (GtkEventControllerMotion *controller,
              KsmHistoryView           *self)
{
  point_row (self, &self->hovered_row, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)), FALSE);
}

static void
row_focus_in_cb (GtkEventControllerFocus *controller,
                 KsmHistoryView          *self)
{
  point_row (self, &self->focused_row, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)), TRUE);
}

static void
row_focus_out_cb (GtkEventControllerFocus *controller,
                  KsmHistoryView          *self)
{
  point_row (self, &self->focused_row, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)), FALSE);
}

/* the row around `child`, as the list wrapped it, followed by pointer and focus */
static void
watch_row (KsmHistoryView *self, GtkWidget *child)
{
  GtkWidget *row = gtk_widget_get_parent (child);
  GtkEventController *controller;

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_object (controller, "enter", G_CALLBACK (row_enter_cb), self, 0);
  g_signal_connect_object (controller, "leave", G_CALLBACK (row_leave_cb), self, 0);
  gtk_widget_add_controller (row, controller);
  controller = gtk_event_controller_focus_new ();
  g_signal_connect_object (controller, "enter", G_CALLBACK (row_focus_in_cb), self, 0);
  g_signal_connect_object (controller, "leave", G_CALLBACK (row_focus_out_cb), self, 0);
  gtk_widget_add_controller (row, controller);
}

static void
remove_rows_from (KsmHistoryView *self, guint first_row)
{
  GtkListBoxRow *row;

  while ((row = gtk_list_box_get_row_at_index (self->list, (int) first_row)) != NULL)
    {
      /* a row taken away is pointed at no more */
      if (self->hovered_row == GTK_WIDGET (row))
        self->hovered_row = NULL;
      if (self->focused_row == GTK_WIDGET (row))
        self->focused_row = NULL;
      gtk_list_box_remove (self->list, GTK_WIDGET (row));
    }
  g_array_set_size (self->row_starts, first_row);
}

/* Brings the rows up to the record: drops rows the record no longer has,
 * redoes the last row (its move may have come since), adds the new ones. */
static void
update_rows (KsmHistoryView *self)
{
  KsmRecord *record;
  guint n_events, first_row, start;
  KsmPosition position;

  if (self->game == NULL)
    {
      remove_rows_from (self, 0);
      gtk_widget_set_visible (self->empty_label, TRUE);
      update_pointed (self);
      return;
    }

  record = ksm_game_get_record (self->game);
  n_events = ksm_record_get_n_events (record);

  /* keep the rows that start inside the record, less the last of them */
  first_row = self->row_starts->len;
  while (first_row > 0 && g_array_index (self->row_starts, guint, first_row - 1) >= n_events)
    first_row--;
  start = 0;
  if (first_row > 0)
    {
      first_row--;
      start = g_array_index (self->row_starts, guint, first_row);
    }
  remove_rows_from (self, first_row);
  ksm_record_replay (record, start, &position, NULL);

  while (start < n_events)
    {
      g_autofree char *text = NULL;
      guint covered = ksm_history_view_describe_row (record, self->review, start, &position, &text);

      GtkWidget *child = make_row (text);

      g_array_append_val (self->row_starts, start);
      gtk_list_box_append (self->list, child);
      /* the row, which takes the focus, says what its label shows */
      ksm_a11y_set_label (gtk_widget_get_parent (child), gtk_label_get_text (GTK_LABEL (child)));
      watch_row (self, child);
      start += covered;
    }
  update_pointed (self);

  gtk_widget_set_visible (self->empty_label, self->row_starts->len == 0);
  if (self->row_starts->len > 0)
    {
      GtkListBoxRow *last = gtk_list_box_get_row_at_index (self->list, (int) self->row_starts->len - 1);
      gtk_list_box_select_row (self->list, last);
      self->follow_end = TRUE;
      scroll_to_end (self);
    }
}

static void
game_changed_cb (KsmHistoryView *self)
{
  update_rows (self);
}

void
ksm_history_view_set_game (KsmHistoryView *self, KsmGame *game)
{
  g_return_if_fail (KSM_IS_HISTORY_VIEW (self));
  g_return_if_fail (game == NULL || KSM_IS_GAME (game));

  if (self->game == game)
    return;
  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);
  remove_rows_from (self, 0);
  update_rows (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

static void
analysed_cb (KsmHistoryView *self)
{
  remove_rows_from (self, 0);
  update_rows (self);
}

void
ksm_history_view_set_review (KsmHistoryView *self, KsmReview *review)
{
  g_return_if_fail (KSM_IS_HISTORY_VIEW (self));
  g_return_if_fail (review == NULL || KSM_IS_REVIEW (review));

  if (self->review == review)
    return;
  g_set_object (&self->review, review);
  g_signal_group_set_target (self->review_signals, review);
  remove_rows_from (self, 0);
  update_rows (self);
}

guint
ksm_history_view_get_n_rows (KsmHistoryView *self)
{
  g_return_val_if_fail (KSM_IS_HISTORY_VIEW (self), 0);
  return self->row_starts->len;
}

const char *
ksm_history_view_get_row_text (KsmHistoryView *self, guint index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (KSM_IS_HISTORY_VIEW (self), NULL);
  row = gtk_list_box_get_row_at_index (self->list, (int) index);
  if (row == NULL)
    return NULL;
  /* the text without the links' markup */
  return gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (row)));
}
