/* ksm-game-over-dialog.c: the end of a game. Its words come from the skin
 * and the rules interface; its counts from the record; its analysis from
 * a review of the record, worded as the review bar words it. */
#include "config.h"

#include "ksm-game-over-dialog.h"

#include <glib/gi18n.h>

#include "ksm-numbers.h"
#include "ksm-skin.h"
#include "ksm-words.h"

/* how long the responses wait after the dialog is shown: longer than a
 * key held or pressed twice in play */
#define ARM_DELAY_MS 1000

struct _KsmGameOverDialog
{
  AdwMessageDialog parent_instance;

  GtkListBox *sides_list;
  GtkStack   *analysis_stack;
  GtkSpinner *spinner;
  GtkListBox *analysis_list;

  KsmReview  *review;
  guint       arm_source;
  gboolean    armed;
  gboolean    analysing;
};

G_DEFINE_FINAL_TYPE (KsmGameOverDialog, ksm_game_over_dialog, ADW_TYPE_MESSAGE_DIALOG)

enum {
  PROP_0,
  PROP_ARMED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *const responses[] = { "review", "new-game", "play-again" };

void
ksm_game_over_dialog_arm (KsmGameOverDialog *self)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (self);

  g_return_if_fail (KSM_IS_GAME_OVER_DIALOG (self));

  g_clear_handle_id (&self->arm_source, g_source_remove);
  if (self->armed)
    return;
  self->armed = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (responses); i++)
    adw_message_dialog_set_response_enabled (dialog, responses[i], TRUE);
  adw_message_dialog_set_default_response (dialog, "play-again");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ARMED]);
}

static void
arm_cb (gpointer user_data)
{
  KsmGameOverDialog *self = user_data;

  self->arm_source = 0;
  ksm_game_over_dialog_arm (self);
}

/* the wait starts when the dialog is seen, not when it is made: the window
 * makes it a moment before it shows it */
static void
ksm_game_over_dialog_map (GtkWidget *widget)
{
  KsmGameOverDialog *self = KSM_GAME_OVER_DIALOG (widget);

  GTK_WIDGET_CLASS (ksm_game_over_dialog_parent_class)->map (widget);
  if (!self->armed && self->arm_source == 0)
    self->arm_source = g_timeout_add_once (ARM_DELAY_MS, arm_cb, self);
  /* the analysis takes every core: not while the board and the history
   * still draw the last move */
  if (!self->analysing)
    {
      self->analysing = TRUE;
      ksm_review_analyse (self->review, NULL);
    }
}

/* ---- the result ---- */

/* the running score, seat by seat: each side's name and points */
static char *
score_list (const KsmRules *rules, const KsmOptions *options, const int *points, guint n_points)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint p = 0; p < n_points; p++)
    ksm_string_append_format (text, "%s%s %d", p > 0 ? _(", ") : "",
                              ksm_words_player_name (rules, options, (int) p), points[p]);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* the heading and the line under it, in the skin's words */
static void
set_result (KsmGameOverDialog *self, KsmGame *game, int winner, gboolean gulmasi,
            const int *points, guint n_points)
{
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  const KsmSkin *skin = ksm_skin_for (rules);
  KsmSkinScoreWords score_words = skin->score_words;
  int partner = ksm_rules_partner_of (rules, options, winner);
  int sides[2] = { points[0], n_points > 1 ? points[1] : 0 };
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;

  if (winner >= 0 && partner >= 0 && skin->team_won != NULL)
    {
      /* a team's win names both partners */
      g_autofree char *list = score_list (rules, options, points, n_points);
      const char *name = ksm_words_player_name (rules, options, winner);
      const char *partner_name = ksm_words_player_name (rules, options, partner);

      /* Translators: the heading when a team wins; %s and %s are partners */
      heading = g_strdup_printf (_("%s and %s Won"), name, partner_name);
      body = g_strdup_printf (_(skin->team_won), name, partner_name, list);
    }
  else
    {
      const char *name = winner >= 0 ? ksm_words_player_name (rules, options, winner) : NULL;
      const char *format;

      if (winner < 0)
        heading = g_strdup (_("A Draw"));
      else if (gulmasi && skin->gulmasi_heading != NULL)
        heading = g_strdup (_(skin->gulmasi_heading));
      else
        /* Translators: %s is the winning side */
        heading = g_strdup_printf (_("%s Won"), name);

      format = winner < 0 ? skin->drawn : gulmasi && skin->gulmasi != NULL ? skin->gulmasi : skin->won;
      if (format == NULL && winner >= 0 && rules->n_players (options) == 2)
        {
          format = N_("%s won the game. Score: %s %d, %s %d.");
          score_words = KSM_SKIN_SCORE_SIDES;
        }
      if (format == NULL)
        ;
      else if (score_words == KSM_SKIN_SCORE_LIST)
        {
          g_autofree char *list = score_list (rules, options, points, n_points);
          body = winner < 0 ? ksm_format (_(format), list) : ksm_format (_(format), name, list);
        }
      else if (winner < 0)
        body = ksm_format (_(format),
                           ksm_words_player_name (rules, options, 0), sides[0],
                           ksm_words_player_name (rules, options, 1), sides[1]);
      else
        body = ksm_format (_(format), name,
                           ksm_words_player_name (rules, options, 0), sides[0],
                           ksm_words_player_name (rules, options, 1), sides[1]);
    }
  adw_message_dialog_set_heading (ADW_MESSAGE_DIALOG (self), heading);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), body != NULL ? body : "");
}

/* a side's row: its name, what it did, and its running score at the end */
static GtkWidget *
side_row (const char *name, const char *counts, int points, gboolean winner)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  g_autofree char *number = ksm_format ("%d", points);
  GtkWidget *value = gtk_label_new (number);
  /* Translators: under a side's running score in the game's end, "3 points" */
  GtkWidget *unit = gtk_label_new (ngettext ("point", "points", (gulong) ABS (points)));
  g_autofree char *spoken = ksm_format (ngettext ("%d point", "%d points",
                                                     (gulong) ABS (points)), points);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), counts);
  gtk_widget_add_css_class (value, "title-3");
  gtk_widget_add_css_class (value, "numeric");
  gtk_widget_add_css_class (unit, "caption");
  gtk_widget_add_css_class (unit, "dim-label");
  if (winner)
    {
      gtk_widget_add_css_class (row, "ksm-winner");
      gtk_widget_add_css_class (value, "accent");
    }
  gtk_box_append (GTK_BOX (box), value);
  gtk_box_append (GTK_BOX (box), unit);
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_name (value, "score");
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), box);
  return row;
}

/* each side's throws and captures over the record, and its score */
static void
fill_sides (KsmGameOverDialog *self, KsmGame *game, int winner, guint score,
            const int *points, guint n_points)
{
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  int partner = ksm_rules_partner_of (rules, options, winner);
  KsmRecordCount counts[KSM_MAX_PLAYERS];
  g_autoptr(GError) error = NULL;
  int n_players = rules->n_players (options);

  /* the game checked every event as it was made */
  if (!ksm_record_count (ksm_game_get_record (game), counts, &error))
    g_warning ("the finished game's record does not replay: %s", error->message);

  for (int p = 0; p < n_players; p++)
    {
      gboolean won = p == winner || (winner >= 0 && p == partner);
      g_autofree char *throws = ksm_format (ngettext ("%u throw", "%u throws",
                                                         counts[p].throws), counts[p].throws);
      g_autofree char *captures = ksm_format (ngettext ("%u capture", "%u captures",
                                                           counts[p].captures), counts[p].captures);
      g_autofree char *line = NULL;

      if (won && score > 0)
        {
          g_autofree char *earned = ksm_format (ngettext ("won %u point",
                                                             "won %u points", score), score);
          /* Translators: a side's counts in the game's end: throws, captures, the points won */
          line = g_strdup_printf (C_("game over counts", "%s · %s · %s"), throws, captures, earned);
        }
      else
        /* Translators: a side's counts in the game's end: throws, then captures */
        line = g_strdup_printf (C_("game over counts", "%s · %s"), throws, captures);
      gtk_list_box_append (self->sides_list,
                           side_row (ksm_words_player_name (rules, options, p), line,
                                     (guint) p < n_points ? points[p] : 0, won));
    }
}

/* ---- the analysis ---- */

static void
analysed_cb (KsmGameOverDialog *self)
{
  KsmRecord *record = ksm_review_get_record (self->review);
  const KsmRules *rules = ksm_record_get_rules (record);
  const KsmOptions *options = ksm_record_get_options (record);
  KsmAnalysisSummary summary[KSM_MAX_PLAYERS];

  if (!ksm_review_is_analysed (self->review))
    return;
  ksm_review_get_summary (self->review, summary);
  for (int p = 0; p < rules->n_players (options); p++)
    {
      GtkWidget *row = adw_action_row_new ();
      /* the numbers as the review bar's summary gives them: points of the
       * chance of winning, lost a decision on average, and the throws' luck */
      /* Translators: a side's analysis in the game's end: the chance of
       * winning lost a decision on average, and the luck of its throws,
       * both in points of the chance of winning */
      g_autofree char *line = ksm_format (_("%.1f points lost a decision · luck %+.1f"),
                                          100 * summary[p].error_rate, 100 * summary[p].luck);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), ksm_words_player_name (rules, options, p));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), line);
      gtk_list_box_append (self->analysis_list, row);
    }
  gtk_spinner_stop (self->spinner);
  gtk_stack_set_visible_child_name (self->analysis_stack, "done");
}

/* ---- life ---- */

GtkWidget *
ksm_game_over_dialog_new (GtkWindow  *parent,
                          KsmGame    *game,
                          int         winner,
                          gboolean    gulmasi,
                          guint       score,
                          const int  *points,
                          guint       n_points)
{
  KsmGameOverDialog *self;
  AdwMessageDialog *dialog;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (KSM_IS_GAME (game), NULL);
  g_return_val_if_fail (points != NULL || n_points == 0, NULL);

  self = g_object_new (KSM_TYPE_GAME_OVER_DIALOG,
                       "transient-for", parent,
                       NULL);
  dialog = ADW_MESSAGE_DIALOG (self);
  set_result (self, game, winner, gulmasi, points, n_points);
  fill_sides (self, game, winner, score, points, n_points);

  adw_message_dialog_add_responses (dialog,
                                    "review", _("_Review"),
                                    "new-game", _("_New Game"),
                                    "play-again", _("_Play Again"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "play-again", ADW_RESPONSE_SUGGESTED);
  /* nothing answers it until it is armed: no default, no button to press */
  for (guint i = 0; i < G_N_ELEMENTS (responses); i++)
    adw_message_dialog_set_response_enabled (dialog, responses[i], FALSE);

  self->review = ksm_review_new (ksm_game_get_record (game), NULL);
  g_signal_connect_object (self->review, "notify::analysed", G_CALLBACK (analysed_cb), self,
                           G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}

gboolean
ksm_game_over_dialog_get_armed (KsmGameOverDialog *self)
{
  g_return_val_if_fail (KSM_IS_GAME_OVER_DIALOG (self), FALSE);
  return self->armed;
}

KsmReview *
ksm_game_over_dialog_get_review (KsmGameOverDialog *self)
{
  g_return_val_if_fail (KSM_IS_GAME_OVER_DIALOG (self), NULL);
  return self->review;
}

static void
ksm_game_over_dialog_dispose (GObject *object)
{
  KsmGameOverDialog *self = KSM_GAME_OVER_DIALOG (object);

  g_clear_handle_id (&self->arm_source, g_source_remove);
  /* the analysis goes with the dialog (its review cancels it as it goes):
   * the next game, or Review's own analysis, wants the cores */
  if (self->review != NULL)
    g_object_run_dispose (G_OBJECT (self->review));
  g_clear_object (&self->review);
  gtk_widget_dispose_template (GTK_WIDGET (self), KSM_TYPE_GAME_OVER_DIALOG);
  G_OBJECT_CLASS (ksm_game_over_dialog_parent_class)->dispose (object);
}

static void
ksm_game_over_dialog_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KsmGameOverDialog *self = KSM_GAME_OVER_DIALOG (object);

  switch (prop_id)
    {
    case PROP_ARMED:
      g_value_set_boolean (value, self->armed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_game_over_dialog_class_init (KsmGameOverDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_game_over_dialog_dispose;
  object_class->get_property = ksm_game_over_dialog_get_property;
  widget_class->map = ksm_game_over_dialog_map;

  /* the responses answer: a moment after the dialog was shown */
  properties[PROP_ARMED] =
    g_param_spec_boolean ("armed", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-game-over-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmGameOverDialog, sides_list);
  gtk_widget_class_bind_template_child (widget_class, KsmGameOverDialog, analysis_stack);
  gtk_widget_class_bind_template_child (widget_class, KsmGameOverDialog, spinner);
  gtk_widget_class_bind_template_child (widget_class, KsmGameOverDialog, analysis_list);
}

static void
ksm_game_over_dialog_init (KsmGameOverDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_spinner_start (self->spinner);
}
