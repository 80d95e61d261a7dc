/* ksm-review-bar.c: the review's controls; it follows the review's "step"
 * and "analysed" notifications and seeks through the review only. */
#include "config.h"

#include "ksm-review-bar.h"

#include <glib/gi18n.h>

#include "ksm-a11y.h"
#include "ksm-announce.h"
#include "ksm-chance-graph.h"
#include "ksm-history-view.h"
#include "ksm-numbers.h"
#include "ksm-words.h"

#define PROGRESS_INTERVAL_MS 200

struct _KsmReviewBar
{
  AdwBin          parent_instance;

  GtkLabel       *legend_label;
  GtkProgressBar *progress_bar;
  GtkButton      *play_button;
  KsmChanceGraph *graph;
  GtkScale       *timeline;
  GtkAdjustment  *adjustment;
  GtkLabel       *step_label;
  GtkLabel       *judgement_label;
  GtkLabel       *summary_label;

  KsmReview      *review;
  GSignalGroup   *review_signals;  /* the review's, whichever review it is */
  guint           progress_source;
  gboolean        seeking;
};

G_DEFINE_FINAL_TYPE (KsmReviewBar, ksm_review_bar, ADW_TYPE_BIN)

static void
ksm_review_bar_dispose (GObject *object)
{
  KsmReviewBar *self = KSM_REVIEW_BAR (object);

  g_clear_handle_id (&self->progress_source, g_source_remove);
  if (self->review_signals != NULL)
    g_signal_group_set_target (self->review_signals, NULL);
  g_clear_object (&self->review_signals);
  g_clear_object (&self->review);
  G_OBJECT_CLASS (ksm_review_bar_parent_class)->dispose (object);
}

static void
ksm_review_bar_class_init (KsmReviewBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_review_bar_dispose;

  g_type_ensure (KSM_TYPE_CHANCE_GRAPH);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-review-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmReviewBar, legend_label);
  gtk_widget_class_bind_template_child (widget_class, KsmReviewBar, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, KsmReviewBar, play_button);
  gtk_widget_class_bind_template_child (widget_class, KsmReviewBar, graph);
  gtk_widget_class_bind_template_child (widget_class, KsmReviewBar, timeline);
  gtk_widget_class_bind_template_child (widget_class, KsmReviewBar, adjustment);
  gtk_widget_class_bind_template_child (widget_class, KsmReviewBar, step_label);
  gtk_widget_class_bind_template_child (widget_class, KsmReviewBar, judgement_label);
  gtk_widget_class_bind_template_child (widget_class, KsmReviewBar, summary_label);
}

static void
value_changed_cb (KsmReviewBar *self)
{
  if (self->review == NULL || self->seeking)
    return;
  ksm_review_set_step (self->review, (guint) (gtk_adjustment_get_value (self->adjustment) + 0.5));
}

static void step_changed_cb (KsmReviewBar *self);
static void analysed_cb (KsmReviewBar *self);
static void judged_cb (KsmReviewBar *self, guint first, guint n_events);

/* The event a step ends on, in the words of its history row (the row of
 * the game as far as the step: a throw whose move is still to come is
 * said alone), as plain text */
static char *
step_event_words (KsmReview *review, guint step)
{
  g_autoptr(KsmRecord) upto = ksm_record_copy (ksm_review_get_record (review));
  g_autofree char *markup = NULL;
  char *text = NULL;
  KsmPosition position;
  guint start = 0;

  ksm_record_truncate (upto, step);
  if (!ksm_record_replay (upto, 0, &position, NULL))
    return NULL;
  while (start < step)
    {
      g_clear_pointer (&markup, g_free);
      start += ksm_history_view_describe_row (upto, review, start, &position, &markup);
    }
  if (markup == NULL)
    return NULL;
  /* the glossary's links are GtkLabel's, not Pango's: their tags go first */
  {
    g_autoptr(GRegex) links = g_regex_new ("</?a(\\s[^>]*)?>", G_REGEX_OPTIMIZE, 0, NULL);
    g_autofree char *unlinked = g_regex_replace_literal (links, markup, -1, 0, "", 0, NULL);

    if (unlinked == NULL || !pango_parse_markup (unlinked, -1, 0, NULL, &text, NULL, NULL))
      return NULL;
  }
  return text;
}

/* A step a person takes is said, with the event it ends on: the board
 * and the bar change without the focus moving off the timeline */
static void
step_said_cb (KsmReviewBar *self)
{
  guint step = ksm_review_get_step (self->review);
  g_autofree char *event = step > 0 ? step_event_words (self->review, step)
                                    : g_strdup (_("The start of the game"));
  /* Translators: said as a review steps: the step, the steps in all, and
   * the event it ends on, "Step 12 of 80: Stones: sudi (3), M9 to M6" */
  g_autofree char *said = ksm_format (_("Step %u of %u: %s"), step,
                                      ksm_review_get_n_steps (self->review),
                                      event != NULL ? event : "");

  /* stepping on fast, only the step reached is worth hearing */
  ksm_announce_latest (GTK_WIDGET (self), said);
}

static void
ksm_review_bar_init (KsmReviewBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ksm_a11y_name_by_label (self->play_button);
  self->review_signals = g_signal_group_new (KSM_TYPE_REVIEW);
  g_signal_group_connect_object (self->review_signals, "notify::step", G_CALLBACK (step_changed_cb),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->review_signals, "notify::step", G_CALLBACK (step_said_cb),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->review_signals, "notify::analysed", G_CALLBACK (analysed_cb),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->review_signals, "judged", G_CALLBACK (judged_cb),
                                 self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->adjustment, "value-changed", G_CALLBACK (value_changed_cb), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
ksm_review_bar_new (void)
{
  return g_object_new (KSM_TYPE_REVIEW_BAR, NULL);
}

/* ---- words ---- */

static int
n_teams_of (const KsmRules *rules, const KsmOptions *options)
{
  int n = 0;
  for (int p = 0; p < rules->n_players (options); p++)
    n = MAX (n, rules->team_of (options, p) + 1);
  return n;
}

/* a side's name, or its partners' for a team */
static char *
team_name (const KsmRules *rules, const KsmOptions *options, int team)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (int p = 0; p < rules->n_players (options); p++)
    if (rules->team_of (options, p) == team)
      g_ptr_array_add (names, (gpointer) ksm_words_player_name (rules, options, p));
  if (names->len == 2)
    /* Translators: a team of two partners: each a seat's name */
    return g_strdup_printf (_("%s and %s"), (char *) names->pdata[0], (char *) names->pdata[1]);
  return g_strdup (names->len > 0 ? names->pdata[0] : "");
}

static const char *
mark_words (KsmMark mark)
{
  switch (mark)
    {
    case KSM_MARK_DOUBTFUL:
      return _("Doubtful");
    case KSM_MARK_BAD:
      return _("Bad");
    case KSM_MARK_BLUNDER:
      return _("A blunder");
    default:
      return "";
    }
}

static void
update_legend (KsmReviewBar *self)
{
  KsmRecord *record = ksm_review_get_record (self->review);
  const KsmRules *rules = ksm_record_get_rules (record);
  const KsmOptions *options = ksm_record_get_options (record);
  const double *chances = ksm_review_get_chances (self->review, ksm_review_get_step (self->review));
  g_autoptr(GString) legend = g_string_new (NULL);

  for (int t = 0; t < n_teams_of (rules, options); t++)
    {
      g_autofree char *name = team_name (rules, options, t);
      g_autofree char *entry = NULL;

      if (chances != NULL)
        /* Translators: a side's name and its chance of winning, "… 52%" */
        entry = ksm_format (_("%s %.0f%%"), name, 100 * chances[t]);
      else
        entry = g_strdup (name);
      g_autofree char *escaped = g_markup_escape_text (entry, -1);
      g_string_append_printf (legend, "%s<span foreground=\"%s\">●</span> %s",
                              legend->len > 0 ? "   " : "", ksm_chance_graph_team_colour (t), escaped);
    }
  gtk_label_set_markup (self->legend_label, legend->str);
}

static void
update_judgement (KsmReviewBar *self)
{
  KsmRecord *record = ksm_review_get_record (self->review);
  const KsmRules *rules = ksm_record_get_rules (record);
  const KsmOptions *options = ksm_record_get_options (record);
  guint step = ksm_review_get_step (self->review);
  const KsmAnalysisEntry *entry;
  const KsmEvent *event;
  const char *player;
  g_autofree char *text = NULL;

  if (step == 0)
    {
      gtk_label_set_text (self->judgement_label, _("The start of the game"));
      return;
    }
  event = ksm_record_get_event (record, step - 1);
  player = ksm_words_player_name (rules, options, event->player);
  entry = ksm_review_get_entry (self->review, step - 1);
  if (entry == NULL)
    {
      gtk_label_set_text (self->judgement_label, "");
      return;
    }

  if (event->kind == KSM_EVENT_THROW)
    /* Translators: the luck of a throw, in points of the chance of winning */
    text = ksm_markup_format (_("Luck of the throw for %s: %+.1f points (%.0f%% to win after it, against %.0f%% on average)"),
                              player, 100 * entry->luck, 100 * entry->after, 100 * entry->expected);
  else if (event->kind == KSM_EVENT_LOST)
    text = g_markup_printf_escaped (_("%s could not use the throw"), player);
  else if (!entry->decision)
    text = g_markup_printf_escaped (_("%s had only one move"), player);
  else if (entry->loss <= 0)
    text = ksm_markup_format (_("%s played the best move (%.1f%% to win)"), player,
                              100 * entry->played);
  else
    {
      KsmPosition before;
      g_autofree char *from = NULL, *to = NULL, *best = NULL;

      ksm_review_position_at (self->review, step - 1, &before);
      from = ksm_words_cell_name (rules, options, entry->best_move.from);
      to = ksm_words_cell_name (rules, options, entry->best_move.to);
      /* Translators: a move, from a cell to a cell, "M3 to M7" */
      best = g_strdup_printf (_("%s to %s"), from, to);
      /* Translators: the move's loss: the side, points lost, the chance after it, after the best, the best move */
      text = ksm_markup_format (_("%s lost %.1f points of winning chance: %.1f%% against %.1f%% for %s"),
                                player, 100 * entry->loss, 100 * entry->played,
                                100 * entry->best, best);
      if (entry->mark != KSM_MARK_NONE)
        {
          g_autofree char *marked = g_markup_printf_escaped ("<b>%s %s</b>: ", ksm_mark_symbol (entry->mark),
                                                             mark_words (entry->mark));
          g_autofree char *both = g_strconcat (marked, text, NULL);
          g_free (text);
          text = g_steal_pointer (&both);
        }
    }
  gtk_label_set_markup (self->judgement_label, text);
}

static void
update_summary (KsmReviewBar *self)
{
  KsmRecord *record = ksm_review_get_record (self->review);
  const KsmRules *rules = ksm_record_get_rules (record);
  const KsmOptions *options = ksm_record_get_options (record);
  KsmAnalysisSummary summary[KSM_MAX_PLAYERS];
  g_autoptr(GString) text = g_string_new (NULL);

  if (!ksm_review_is_analysed (self->review))
    {
      gtk_label_set_text (self->summary_label, "");
      return;
    }
  ksm_review_get_summary (self->review, summary);
  for (int p = 0; p < rules->n_players (options); p++)
    {
      /* Translators: a player's summary: the side, chance lost a decision on
       * average, the doubtful, bad and blundered moves, and the luck of the throws */
      g_autofree char *line = ksm_format (_("%s: %.1f points lost a decision; %d ?!, %d ?, %d ??; luck %+.1f"),
                                          ksm_words_player_name (rules, options, p),
                                          100 * summary[p].error_rate,
                                          summary[p].marks[KSM_MARK_DOUBTFUL],
                                          summary[p].marks[KSM_MARK_BAD],
                                          summary[p].marks[KSM_MARK_BLUNDER],
                                          100 * summary[p].luck);
      g_autofree char *escaped = g_markup_escape_text (line, -1);
      g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", escaped);
    }
  gtk_label_set_markup (self->summary_label, text->str);
}

static void
step_changed_cb (KsmReviewBar *self)
{
  guint step = ksm_review_get_step (self->review);
  g_autofree char *label = ksm_format ("%u / %u", step, ksm_review_get_n_steps (self->review));

  self->seeking = TRUE;
  gtk_adjustment_set_value (self->adjustment, step);
  self->seeking = FALSE;
  gtk_label_set_text (self->step_label, label);
  update_legend (self);
  update_judgement (self);
}

static gboolean
progress_cb (gpointer user_data)
{
  KsmReviewBar *self = KSM_REVIEW_BAR (user_data);

  if (self->review == NULL)
    {
      self->progress_source = 0;
      return G_SOURCE_REMOVE;
    }
  gtk_progress_bar_set_fraction (self->progress_bar, ksm_review_get_progress (self->review));
  return G_SOURCE_CONTINUE;
}

static void
analysed_cb (KsmReviewBar *self)
{
  gboolean analysed = ksm_review_is_analysed (self->review);

  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), !analysed);
  if (analysed)
    g_clear_handle_id (&self->progress_source, g_source_remove);
  else if (self->progress_source == 0)
    self->progress_source = g_timeout_add (PROGRESS_INTERVAL_MS, progress_cb, self);
  update_legend (self);
  update_judgement (self);
  update_summary (self);
}

/* a part of the game judged: the step shown may be in it */
static void
judged_cb (KsmReviewBar *self, guint first, guint n_events)
{
  guint step = ksm_review_get_step (self->review);

  if (step == 0 ? first == 0 : step - 1 >= first && step - 1 < first + n_events)
    {
      update_legend (self);
      update_judgement (self);
    }
}

void
ksm_review_bar_set_review (KsmReviewBar *self, KsmReview *review)
{
  g_return_if_fail (KSM_IS_REVIEW_BAR (self));

  if (self->review == review)
    return;
  g_clear_handle_id (&self->progress_source, g_source_remove);
  g_set_object (&self->review, review);
  g_signal_group_set_target (self->review_signals, review);
  ksm_chance_graph_set_review (self->graph, review);
  if (review == NULL)
    return;

  self->seeking = TRUE;
  gtk_adjustment_set_upper (self->adjustment, MAX (ksm_review_get_n_steps (review), 1));
  self->seeking = FALSE;
  step_changed_cb (self);
  analysed_cb (self);
}

GtkRange *
ksm_review_bar_get_timeline (KsmReviewBar *self)
{
  g_return_val_if_fail (KSM_IS_REVIEW_BAR (self), NULL);
  return GTK_RANGE (self->timeline);
}

const char *
ksm_review_bar_get_summary (KsmReviewBar *self)
{
  g_return_val_if_fail (KSM_IS_REVIEW_BAR (self), NULL);
  return gtk_label_get_text (self->summary_label);
}
