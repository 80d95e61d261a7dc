/* ksm-game-view.c */
#include "config.h"

#include "ksm-game-view.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ksm-a11y.h"
#include "ksm-announce.h"
#include "ksm-board.h"
#include "ksm-history-view.h"
#include "ksm-narrator.h"
#include "ksm-numbers.h"
#include "ksm-play-layout.h"
#include "ksm-rules-view.h"
#include "ksm-throw-view.h"
#include "ksm-words.h"

struct _KsmGameView
{
  AdwBin          parent_instance;

  AdwFlap        *flap;
  AdwFlap        *rules_flap;
  KsmRulesView   *rules_view;
  GtkLabel       *status_label;
  GtkLabel       *pieces_label;
  GtkLabel       *score_label;
  GtkFlowBox     *seats_box;
  GtkLabel       *blood_label;
  GtkWidget      *seat_chips[KSM_MAX_PLAYERS];
  KsmBoard       *board;
  KsmThrowView   *throw_view;
  KsmHistoryView *history_view;
  KsmTurnStrip   *turn_strip;
  KsmReviewBar   *review_bar;
  KsmReview      *review;         /* the saved game under review, or NULL */

  /* the turn's held throws waiting to be played, as tokens */
  GtkWidget      *pending_box;
  GtkWidget      *pending_label;
  GtkWidget      *pending_tokens;
  gboolean        pending_syncing;
  char           *pending_signature;  /* the tokens shown */
  /* and which group in hand enters, where several could */
  GtkWidget      *group_tokens;
  guint           group_sizes;     /* the sizes offered (bits), 0: none shown */
  gboolean        group_syncing;

  /* weak: where the focus was when F1 or F9 took it into its pane */
  GtkWidget      *rules_return_focus;
  GtkWidget      *history_return_focus;
  gboolean        focus_history;   /* F9 waits for the history to show */
  gboolean        focus_rules;     /* and F1 for the rules */

  KsmGame        *game;
  GSignalGroup   *game_signals;
  KsmNarrator    *narrator;
  int             score[KSM_MAX_PLAYERS];
  guint           n_scores;
};

G_DEFINE_FINAL_TYPE (KsmGameView, ksm_game_view, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
ksm_game_view_dispose (GObject *object)
{
  KsmGameView *self = KSM_GAME_VIEW (object);

  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  if (self->narrator != NULL)
    ksm_narrator_set_game (self->narrator, NULL);
  g_clear_object (&self->narrator);
  g_clear_object (&self->game);
  g_clear_object (&self->review);
  g_clear_pointer (&self->pending_signature, g_free);
  g_clear_weak_pointer (&self->rules_return_focus);
  g_clear_weak_pointer (&self->history_return_focus);
  G_OBJECT_CLASS (ksm_game_view_parent_class)->dispose (object);
}

static void
ksm_game_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KsmGameView *self = KSM_GAME_VIEW (object);

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
ksm_game_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KsmGameView *self = KSM_GAME_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      ksm_game_view_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* "game.glossary('kasi')": the game's words in the throw view and the
 * history are links that lead here */
static void
glossary_action_cb (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ksm_game_view_show_glossary (KSM_GAME_VIEW (widget), g_variant_get_string (parameter, NULL));
}

static void
close_rules_action_cb (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  ksm_game_view_set_rules_revealed (KSM_GAME_VIEW (widget), FALSE);
}

static void
rules_close_cb (KsmGameView *self)
{
  ksm_game_view_set_rules_revealed (self, FALSE);
}

static GtkWidget *focus_of (KsmGameView *self);
static void history_shown_cb (KsmGameView *self);
static void rules_shown_cb (KsmGameView *self);

/* "game.close-pane": the pane that holds the focus closes, and the focus
 * goes back where it was before the pane took it */
static void
close_pane_action_cb (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  KsmGameView *self = KSM_GAME_VIEW (widget);
  GtkWidget *focus = focus_of (self);

  if (focus == NULL)
    return;
  if (gtk_widget_is_ancestor (focus, adw_flap_get_flap (self->rules_flap)))
    ksm_game_view_set_rules_revealed (self, FALSE);
  else if (gtk_widget_is_ancestor (focus, GTK_WIDGET (self->history_view)))
    ksm_game_view_set_history_revealed (self, FALSE);
}

/* Escape anywhere in a pane closes it (the rules' search has its own,
 * which does the same) */
static void
add_escape (GtkWidget *pane)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();

  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                      gtk_named_action_new ("game.close-pane")));
  gtk_widget_add_controller (pane, keys);
}

/* A label that changes keeps room for `lines` lines, however many its text
 * takes (it ellipsizes past them), so that nothing under it moves. The
 * sample mixes the scripts of the translations, whose fonts differ in
 * height. */
static void
reserve_lines (GtkWidget *label, int lines)
{
  g_autoptr(GString) sample = g_string_new ("Ag\u0915\u093F");
  g_autoptr(PangoLayout) layout = NULL;
  int height;

  for (int i = 1; i < lines; i++)
    g_string_append (sample, "\nAg\u0915\u093F");
  layout = gtk_widget_create_pango_layout (label, sample->str);
  pango_layout_get_pixel_size (layout, NULL, &height);
  gtk_widget_set_size_request (label, -1, height);
}

/* the lines are measured in the labels' fonts, known once styled */
static void
reserve_label_lines (KsmGameView *self)
{
  reserve_lines (GTK_WIDGET (self->status_label), 2);
  reserve_lines (GTK_WIDGET (self->pieces_label), 2);
  reserve_lines (GTK_WIDGET (self->score_label), 2);
  reserve_lines (GTK_WIDGET (self->blood_label), 2);
}

/* Below this width the history folds away, over the board when shown:
 * above it, a board of half a 1280x800 window's area and its panel fit
 * beside a 260 px history. Decided from the width alone, not from what
 * the history's rows ask for, so the board never jumps as they fill. */
#define FOLD_HISTORY_WIDTH 1240

static void
ksm_game_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  KsmGameView *self = KSM_GAME_VIEW (widget);
  int history_width = width;

  /* the rules pane open beside them takes its width from the board and the
   * history (as the rules flap was last laid out: its fold follows from
   * the history's) */
  if (adw_flap_get_reveal_flap (self->rules_flap) && !adw_flap_get_folded (self->rules_flap))
    {
      int pane;

      gtk_widget_measure (adw_flap_get_flap (self->rules_flap), GTK_ORIENTATION_HORIZONTAL, -1,
                          NULL, &pane, NULL, NULL);
      history_width -= pane + 1;
    }
  /* before the flap is allocated, in this same pass */
  adw_flap_set_fold_policy (self->flap, history_width < FOLD_HISTORY_WIDTH ? ADW_FLAP_FOLD_POLICY_ALWAYS
                                                                           : ADW_FLAP_FOLD_POLICY_NEVER);
  gtk_widget_allocate (GTK_WIDGET (self->rules_flap), width, height, baseline, NULL);
}

/* measured and allocated here, not by AdwBin's layout manager, so that the
 * history's fold is set before its flap is allocated */
static void
ksm_game_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  gtk_widget_measure (GTK_WIDGET (KSM_GAME_VIEW (widget)->rules_flap), orientation, for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

static void
ksm_game_view_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (ksm_game_view_parent_class)->css_changed (widget, change);
  reserve_label_lines (KSM_GAME_VIEW (widget));
}

static void
ksm_game_view_class_init (KsmGameViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_game_view_dispose;
  object_class->get_property = ksm_game_view_get_property;
  object_class->set_property = ksm_game_view_set_property;
  widget_class->css_changed = ksm_game_view_css_changed;
  widget_class->size_allocate = ksm_game_view_size_allocate;
  widget_class->measure = ksm_game_view_measure;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KSM_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (KSM_TYPE_BOARD);
  g_type_ensure (KSM_TYPE_PLAY_LAYOUT);
  g_type_ensure (KSM_TYPE_THROW_VIEW);
  g_type_ensure (KSM_TYPE_HISTORY_VIEW);
  g_type_ensure (KSM_TYPE_TURN_STRIP);
  g_type_ensure (KSM_TYPE_REVIEW_BAR);
  g_type_ensure (KSM_TYPE_RULES_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-game-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, flap);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, rules_flap);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, rules_view);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, status_label);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, pieces_label);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, score_label);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, seats_box);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, blood_label);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, board);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, throw_view);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, history_view);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, turn_strip);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, review_bar);
  gtk_widget_class_install_action (widget_class, "game.glossary", "s", glossary_action_cb);
  gtk_widget_class_install_action (widget_class, "game.close-rules", NULL, close_rules_action_cb);
  gtk_widget_class_install_action (widget_class, "game.close-pane", NULL, close_pane_action_cb);
}

static void game_changed_cb (KsmGameView *self);
static void selection_changed_cb (KsmGameView *self);

/* a history row pointed at shows its move on the board */
static void
history_event_pointed_cb (KsmGameView *self,
                          int          event)
{
  ksm_board_scene_recall_event (ksm_board_get_scene (self->board), event);
}

static void
ksm_game_view_init (KsmGameView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
  /* Escape or Ctrl+W in the rules' search field closes the pane */
  g_signal_connect_object (self->rules_view, "close", G_CALLBACK (rules_close_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->flap, "notify::reveal-progress", G_CALLBACK (history_shown_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->rules_flap, "notify::reveal-progress", G_CALLBACK (rules_shown_cb), self,
                           G_CONNECT_SWAPPED);
  add_escape (adw_flap_get_flap (self->rules_flap));
  add_escape (GTK_WIDGET (self->history_view));

  self->narrator = ksm_narrator_new (GTK_WIDGET (self));
  self->game_signals = g_signal_group_new (KSM_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "changed", G_CALLBACK (game_changed_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "notify::thinking", G_CALLBACK (game_changed_cb),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "notify::selected-throw",
                                 G_CALLBACK (selection_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "notify::selected-group",
                                 G_CALLBACK (selection_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->history_view, "event-pointed", G_CALLBACK (history_event_pointed_cb), self,
                           G_CONNECT_SWAPPED);

  /* under the throw: the throws of the turn still to play */
  self->pending_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  self->pending_label = gtk_label_new (NULL);
  self->pending_tokens = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_widget_add_css_class (self->pending_box, "pending");
  gtk_widget_set_halign (self->pending_box, GTK_ALIGN_CENTER);
  gtk_label_set_wrap (GTK_LABEL (self->pending_label), TRUE);
  gtk_box_append (GTK_BOX (self->pending_box), self->pending_label);
  gtk_box_append (GTK_BOX (self->pending_box), self->pending_tokens);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->pending_tokens),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, self->pending_label, NULL,
                                  -1);
  gtk_widget_set_visible (self->pending_box, FALSE);
  gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->throw_view))),
                              self->pending_box, GTK_WIDGET (self->throw_view));

  /* under them: a single piece and a pair in hand, which enters */
  self->group_tokens = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_widget_add_css_class (self->group_tokens, "pending");
  gtk_widget_add_css_class (self->group_tokens, "groups");
  gtk_widget_set_halign (self->group_tokens, GTK_ALIGN_CENTER);
  gtk_widget_set_visible (self->group_tokens, FALSE);
  gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->throw_view))),
                              self->group_tokens, self->pending_box);
}

GtkWidget *
ksm_game_view_get_group_tokens (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), NULL);
  return self->group_tokens;
}

GtkWidget *
ksm_game_view_new (void)
{
  return g_object_new (KSM_TYPE_GAME_VIEW, NULL);
}

/* names as a list: "A", "A and B", "A, B and C" */
static char *
join_names (GPtrArray *names)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < names->len; i++)
    {
      if (i > 0)
        /* Translators: between the last two names of a list, "A and B" */
        g_string_append (text, i + 1 == names->len ? _(" and ") : _(", "));
      g_string_append (text, g_ptr_array_index (names, i));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The race's goal, where finished pieces stand, or -1 */
static int
goal_cell (const KsmRules *rules, const KsmOptions *options)
{
  for (int i = 0; i < rules->n_cells (options); i++)
    if (rules->cell_flags (options, i) & KSM_CELL_GOAL)
      return i;
  return -1;
}

/* The same player throws again after a throw played or lost (the game's
 * throws-again); a turn that still gathers throws to play afterwards holds
 * them, and is still to throw, not throwing again. */
/* The blood rule: the rules say whom it holds and who has captured */
static gboolean
has_blood_rule (const KsmRules *rules, const KsmPosition *position)
{
  return (ksm_rules_player_flags (rules, position, 0) & KSM_PLAYER_BLOOD_RULE) != 0;
}

static gboolean
has_drawn_blood (const KsmRules *rules, const KsmPosition *position, int player)
{
  return (ksm_rules_player_flags (rules, position, player) & KSM_PLAYER_BLOODED) != 0;
}

/* The CSS class of a seat's colour, by its style key; NULL for pieces
 * that are not tokens of a colour */
static const char *
colour_class (const KsmRules *rules, const KsmOptions *options, int player)
{
  static const char *const colours[] = { "red", "blue", "green", "yellow", "black" };
  const char *key = ksm_rules_style_key (rules, options, player);

  for (guint i = 0; i < G_N_ELEMENTS (colours); i++)
    if (g_strcmp0 (key, colours[i]) == 0)
      return colours[i];
  return NULL;
}

/* One chip a seat, for games of more than two: its colour, whose turn,
 * its pieces home and whether it has drawn blood. */
static void
build_seats (KsmGameView *self)
{
  GtkWidget *child;
  const KsmRules *rules;
  const KsmOptions *options;
  int n_players;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->seats_box))) != NULL)
    gtk_flow_box_remove (self->seats_box, child);
  memset (self->seat_chips, 0, sizeof self->seat_chips);
  gtk_widget_set_visible (GTK_WIDGET (self->seats_box), FALSE);
  if (self->game == NULL)
    return;
  rules = ksm_game_get_rules (self->game);
  options = ksm_game_get_options (self->game);
  if (colour_class (rules, options, 0) == NULL)
    return;

  n_players = rules->n_players (options);
  /* four seats in two rows of two where the panel is wide, never three
   * and one: partners (seats two apart) stay one above the other however
   * long the translated names are; in a narrow panel one seat a line, so a
   * card is not wrapped into a column of words */
  gtk_flow_box_set_max_children_per_line (self->seats_box, n_players == 4 ? 2 : (guint) n_players);
  for (int p = 0; p < n_players; p++)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      /* the colour's mark: the words beside it name the colour */
      GtkWidget *dot = g_object_new (GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);
      GtkWidget *label = gtk_label_new (NULL);

      gtk_widget_add_css_class (box, "seat");
      gtk_widget_add_css_class (dot, "piece");
      gtk_widget_add_css_class (dot, "token");
      gtk_widget_add_css_class (dot, "seat-dot");
      gtk_widget_add_css_class (dot, colour_class (rules, options, p));
      gtk_widget_set_valign (dot, GTK_ALIGN_CENTER);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_box_append (GTK_BOX (box), dot);
      gtk_box_append (GTK_BOX (box), label);
      gtk_flow_box_append (self->seats_box, box);
      gtk_widget_set_focusable (gtk_widget_get_parent (box), FALSE);
      self->seat_chips[p] = box;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->seats_box), TRUE);
}

static void
update_seats (KsmGameView *self)
{
  const KsmRules *rules = ksm_game_get_rules (self->game);
  const KsmOptions *options = ksm_game_get_options (self->game);
  const KsmPosition *position = ksm_game_get_position (self->game);
  int goal = goal_cell (rules, options);
  KsmCellContent home = { 0 };
  g_autoptr(GPtrArray) blooded = g_ptr_array_new ();

  if (goal >= 0)
    rules->cell_content (position, goal, &home);
  for (int p = 0; p < rules->n_players (options) && self->seat_chips[p] != NULL; p++)
    {
      GtkWidget *label = gtk_widget_get_last_child (self->seat_chips[p]);
      const char *name = ksm_words_player_name (rules, options, p);
      const KsmSeat *seat = ksm_game_get_seat (self->game, (guint) p);
      g_autoptr(GString) text = g_string_new (NULL);
      g_autofree char *who = seat->kind == KSM_SEAT_PERSON
                             ? g_strdup (_("person"))
                             /* Translators: a seat played by the computer; %s is its level */
                             : g_strdup_printf (_("computer, %s"), ksm_words_level_name (seat->level));
      g_autofree char *first_line = NULL;

      /* Translators: a seat's chip: its colour, then who plays it */
      first_line = g_markup_printf_escaped (_("<b>%s</b> (%s)"), name, who);
      g_string_append (text, first_line);
      /* a game of teams: each seat names its partner */
      if (ksm_rules_partner_of (rules, options, p) >= 0)
        {
          /* Translators: a seat's chip in a game of two teams; %s is the partner's seat */
          g_autofree char *partner = g_markup_printf_escaped (_(" · partner of %s"),
                                                              ksm_words_player_name (rules, options,
                                                                                     ksm_rules_partner_of (rules, options, p)));
          g_string_append (text, partner);
          gtk_widget_add_css_class (self->seat_chips[p], rules->team_of (options, p) == 0 ? "team-a" : "team-b");
        }
      g_string_append_c (text, '\n');
      {
        /* Translators: tokens a colour has brought to the centre, of its 4 */
        g_autofree char *home_text = ksm_format (_("%u of %d home"), (guint) home.counts[p],
                                                 rules->pieces_left (position, p));
        g_autofree char *escaped = g_markup_escape_text (home_text, -1);
        g_string_append (text, escaped);
      }
      if (has_blood_rule (rules, position))
        {
          g_string_append (text, " · ");
          if (has_drawn_blood (rules, position, p))
            {
              /* Translators: a colour has captured, so the blood rule lets it in */
              g_autofree char *escaped = g_markup_escape_text (_("drawn blood"), -1);
              g_string_append_printf (text, "<b>%s</b>", escaped);
            }
          else
            {
              /* Translators: a colour has not captured yet (the blood rule) */
              g_autofree char *escaped = g_markup_escape_text (_("no blood yet"), -1);
              g_string_append (text, escaped);
            }
          if (has_drawn_blood (rules, position, p))
            g_ptr_array_add (blooded, (gpointer) name);
        }
      gtk_label_set_markup (GTK_LABEL (label), text->str);
      /* the flow box's cell is the seat's name for a screen reader */
      ksm_a11y_set_label (gtk_widget_get_parent (self->seat_chips[p]), gtk_label_get_text (GTK_LABEL (label)));
      if (ksm_game_get_phase (self->game) != KSM_PHASE_OVER && (guint) p == ksm_game_get_player (self->game))
        gtk_widget_add_css_class (self->seat_chips[p], "to-move");
      else
        gtk_widget_remove_css_class (self->seat_chips[p], "to-move");
      if (has_blood_rule (rules, position) && has_drawn_blood (rules, position, p))
        gtk_widget_add_css_class (self->seat_chips[p], "blooded");
      else
        gtk_widget_remove_css_class (self->seat_chips[p], "blooded");
    }

  gtk_widget_set_visible (GTK_WIDGET (self->blood_label), has_blood_rule (rules, position));
  if (has_blood_rule (rules, position))
    {
      g_autofree char *names = join_names (blooded);
      g_autofree char *blood = NULL;

      if (blooded->len == 0)
        blood = g_strdup (_("Nobody has drawn blood yet: the inner rings are closed to all"));
      else
        /* Translators: %s names the colours that have captured, one or a list */
        blood = g_strdup_printf (ngettext ("%s has drawn blood", "%s have drawn blood", blooded->len), names);
      gtk_label_set_label (self->blood_label, blood);
    }
}

/* Says whose turn it is and what they are to do, and the pieces left. */
static void
update_status (KsmGameView *self)
{
  KsmGame *game = self->game;
  const KsmRules *rules;
  const KsmOptions *options;
  const KsmPosition *position;
  g_autofree char *status = NULL;
  g_autoptr(GString) pieces = g_string_new (NULL);

  if (game == NULL)
    return;

  rules = ksm_game_get_rules (game);
  options = ksm_game_get_options (game);
  position = ksm_game_get_position (game);

  status = ksm_narrator_describe_state (game);
  gtk_label_set_label (self->status_label, status);

  {
    int goal = goal_cell (rules, options);
    KsmCellContent home;
    g_autofree char *pieces_text = NULL;

    if (goal >= 0)
      rules->cell_content (position, goal, &home);
    for (int p = 0; p < rules->n_players (options); p++)
      {
        int left = goal >= 0 ? home.counts[p] : rules->pieces_left (position, p);
        /* Translators: pieces left on one side: its name and a number */
        ksm_string_append_format (pieces, "%s%s %d", p > 0 ? " · " : "",
                                  ksm_words_player_name (rules, options, p), left);
      }
    if (goal >= 0)
      /* Translators: %s lists each side's pieces home, a name and a number each */
      pieces_text = g_strdup_printf (_("Home: %s"), pieces->str);
    else
      /* Translators: %s lists each side's pieces left, a name and a number each */
      pieces_text = g_strdup_printf (_("Pieces left: %s"), pieces->str);
    gtk_label_set_label (self->pieces_label, pieces_text);
  }
  if (self->seat_chips[0] != NULL)
    update_seats (self);
  else
    gtk_widget_set_visible (GTK_WIDGET (self->blood_label), FALSE);
}

static void
update_score (KsmGameView *self)
{
  g_autofree char *text = NULL;

  if (self->game == NULL)
    return;
  {
    const KsmRules *rules = ksm_game_get_rules (self->game);
    const KsmOptions *options = ksm_game_get_options (self->game);
    int n = rules->n_players (options);

    if (n == 2)
      /* Translators: the running score across games: each side's name and points */
      text = ksm_format (_("Score: %s %d, %s %d"),
                         ksm_words_player_name (rules, options, 0), self->score[0],
                         ksm_words_player_name (rules, options, 1), self->score[1]);
    else
      {
        g_autoptr(GString) list = g_string_new (NULL);
        for (int p = 0; p < n; p++)
          ksm_string_append_format (list, "%s%s %d", p > 0 ? _(", ") : "",
                                    ksm_words_player_name (rules, options, p), self->score[p]);
        /* Translators: the running score across games; %s lists each side's name and points */
        text = g_strdup_printf (_("Score: %s"), list->str);
      }
  }
  gtk_label_set_label (self->score_label, text);
}

/* ---- the throws a turn holds, waiting to be played ---- */

/* a game whose turn throws first and plays afterwards */
static gboolean
holds_throws (KsmGameView *self)
{
  return self->game != NULL && ksm_rules_holds_throws (ksm_game_get_rules (self->game));
}

/* The throws the player to move holds, as the rules tell them */
typedef struct {
  uint8_t  pending[KSM_MAX_PENDING];
  guint    n_pending;
  gboolean split;
  guint    pool;
} Held;

static void
get_held (KsmGameView *self, Held *held)
{
  bool split;
  int pool;

  held->n_pending = (guint) ksm_rules_held_throws (ksm_game_get_rules (self->game),
                                                   ksm_game_get_position (self->game),
                                                   held->pending, &split, &pool);
  held->split = split;
  held->pool = (guint) pool;
}

/* the moves of `distance` there are now */
static gboolean
has_move_of (KsmGameView *self, guint distance)
{
  guint n_moves;
  const KsmMove *moves = ksm_game_get_moves (self->game, &n_moves);

  for (guint i = 0; i < n_moves; i++)
    if (moves[i].kind != KSM_MOVE_LOSE && moves[i].distance == distance)
      return TRUE;
  return FALSE;
}

static void sync_pending (KsmGameView *self);

static void
group_token_toggled_cb (GtkToggleButton *button,
                        KsmGameView     *self)
{
  if (self->group_syncing || !gtk_toggle_button_get_active (button))
    return;
  /* the game's "selected-group" notification brings the board and the
   * toggles along */
  ksm_game_select_group (self->game, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "group")));
  {
    /* Translators: said when a token is chosen: "Chosen: Enter the pair",
     * "Chosen: sudi, 3 units" */
    g_autofree char *said = g_strdup_printf (_("Chosen: %s"), gtk_button_get_label (GTK_BUTTON (button)));
    ksm_announce (GTK_WIDGET (button), said);
  }
}

/* Groups of different sizes in hand that the chosen throw can enter: one
 * toggle a size, the game's choice on (the largest at first), and the
 * board takes only that group's entry. */
static void
sync_groups (KsmGameView *self)
{
  guint sizes = self->game != NULL ? ksm_game_get_group_sizes (self->game) : 0;
  guint chosen = self->game != NULL ? ksm_game_get_selected_group (self->game) : 0;
  GtkWidget *child;
  GtkToggleButton *first = NULL;

  self->group_syncing = TRUE;
  if (sizes != self->group_sizes)
    {
      while ((child = gtk_widget_get_first_child (self->group_tokens)) != NULL)
        gtk_box_remove (GTK_BOX (self->group_tokens), child);
      for (guint size = KSM_MAX_PLAYERS; size >= 1; size--)
        {
          GtkWidget *token;
          if (!(sizes >> size & 1u))
            continue;
          token = gtk_toggle_button_new_with_label (ksm_words_enter_group (size));
          gtk_widget_add_css_class (token, "pill");
          g_object_set_data (G_OBJECT (token), "group", GUINT_TO_POINTER (size));
          if (first != NULL)
            gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (token), first);
          else
            first = GTK_TOGGLE_BUTTON (token);
          gtk_accessible_update_state (GTK_ACCESSIBLE (token), GTK_ACCESSIBLE_STATE_PRESSED,
                                       GTK_ACCESSIBLE_TRISTATE_FALSE, -1);
          g_signal_connect_object (token, "toggled", G_CALLBACK (group_token_toggled_cb), self, 0);
          gtk_box_append (GTK_BOX (self->group_tokens), token);
        }
      self->group_sizes = sizes;
    }
  for (child = gtk_widget_get_first_child (self->group_tokens); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (child),
                                  GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "group"))
                                  == chosen);
  self->group_syncing = FALSE;
  gtk_widget_set_visible (self->group_tokens, sizes != 0);
}

/* A token says what it is, the state of its toggle whether it is chosen */
static char *
token_words (const KsmRules *rules, const Held *held, guint i, guint value)
{
  if (held->split)
    /* Translators: a token of a So-hatara's pool, which chooses the units
     * up to it: "3 units of a pool of 6" */
    return ksm_format (ngettext ("%u unit of a pool of %u", "%u units of a pool of %u", value),
                       value, held->pool);
  /* Translators: a throw held to be played, its name and how far it moves:
   * "sudi, 3 units" */
  return ksm_format (ngettext ("%s, %u unit", "%s, %u units", value),
                     ksm_words_face_name (rules, held->pending[i]), value);
}

/* What a person chose by a token is said, as the game now has it */
static void
say_chosen (KsmGameView *self, GtkWidget *token)
{
  guint selected = ksm_game_get_selected_throw (self->game);
  g_autofree char *said = NULL;
  Held held;

  get_held (self, &held);
  if (held.split)
    /* Translators: said when units of a So-hatara's pool are chosen: "3 of
     * the pool's 6 units chosen" */
    said = ksm_format (ngettext ("%u of the pool's %u unit chosen", "%u of the pool's %u units chosen",
                                 held.pool), selected, held.pool);
  else
    said = g_strdup_printf (_("Chosen: %s"),
                            (const char *) g_object_get_data (G_OBJECT (token), "words"));
  ksm_announce (token, said);
}

static void
pending_token_toggled_cb (GtkToggleButton *button,
                          KsmGameView     *self)
{
  if (self->pending_syncing)
    return;
  /* of grouped throws only the one turned on counts; a unit of the pool
   * chooses the units up to it, clicked on or off */
  {
    Held held;
    get_held (self, &held);
    if (!held.split && !gtk_toggle_button_get_active (button))
      return;
  }
  ksm_game_select_throw (self->game, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "value")));
  /* the tokens show the game's choice, even where it stays as it was (a
   * unit of the pool clicked off) */
  sync_pending (self);
  say_chosen (self, GTK_WIDGET (button));
}

/* One token a throw waiting, or with a So-hatara one a unit of the pool;
 * a person picks one (or, of the pool, how many units) and then a piece. */
static void
sync_pending (KsmGameView *self)
{
  const KsmRules *rules;
  Held held;
  const Held *st = &held;
  GtkWidget *child;
  GtkToggleButton *group = NULL;
  gboolean person;
  gboolean any_chosen = FALSE;
  guint n_tokens;
  guint selected;

  if (!holds_throws (self) || ksm_game_get_phase (self->game) != KSM_PHASE_MOVE)
    {
      g_clear_pointer (&self->pending_signature, g_free);
      gtk_widget_set_visible (self->pending_box, FALSE);
      sync_groups (self);
      return;
    }
  rules = ksm_game_get_rules (self->game);
  get_held (self, &held);
  person = ksm_game_is_person_to_act (self->game);
  n_tokens = st->split ? st->pool : st->n_pending;
  /* the game keeps the choice: it stays while it can be played */
  selected = ksm_game_get_selected_throw (self->game);

  self->pending_syncing = TRUE;
  {
    /* the same tokens as shown: only their states change, so focus stays */
    g_autoptr(GString) signature = g_string_new (st->split ? "s" : "t");
    for (guint i = 0; i < st->n_pending; i++)
      g_string_append_printf (signature, ",%u", st->pending[i]); /* not for people */
    g_string_append_printf (signature, "/%u", (guint) st->pool); /* not for people */
    if (g_strcmp0 (signature->str, self->pending_signature) == 0)
      {
        guint i = 0;
        for (child = gtk_widget_get_first_child (self->pending_tokens); child != NULL;
             child = gtk_widget_get_next_sibling (child), i++)
          {
            guint value = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "value"));
            gboolean chosen = st->split ? value <= selected : value == selected;
            if (!st->split && chosen && group != NULL)
              chosen = FALSE;
            if (chosen && !st->split)
              group = GTK_TOGGLE_BUTTON (child);
            gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (child), chosen);
            gtk_widget_set_sensitive (child, person && has_move_of (self, value));
          }
        n_tokens = 0;
      }
    else
      {
        g_free (self->pending_signature);
        self->pending_signature = g_string_free (g_steal_pointer (&signature), FALSE);
        while ((child = gtk_widget_get_first_child (self->pending_tokens)) != NULL)
          gtk_box_remove (GTK_BOX (self->pending_tokens), child);
      }
  }
  for (guint i = 0; i < n_tokens; i++)
    {
      guint value = st->split ? i + 1 : rules->throws.faces[st->pending[i]].value;
      g_autofree char *text = ksm_format ("%u", st->split ? 1u : value);
      GtkWidget *token = gtk_toggle_button_new_with_label (text);
      gboolean chosen = st->split ? value <= selected : value == selected;

      gtk_widget_add_css_class (token, "pending-token");
      gtk_widget_add_css_class (token, "circular");
      if (st->split)
        {
          g_autofree char *tip = ksm_format (ngettext ("Move %u unit", "Move %u units", value), value);
          gtk_widget_set_tooltip_text (token, tip);
        }
      else
        {
          g_autofree char *tip = ksm_words_face_title (rules, st->pending[i]);
          gtk_widget_set_tooltip_text (token, tip);
          /* one token of a value chosen, though two may be alike */
          chosen = chosen && !any_chosen;
          any_chosen |= chosen;
          if (group != NULL)
            gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (token), group);
          else
            group = GTK_TOGGLE_BUTTON (token);
        }
      g_object_set_data (G_OBJECT (token), "value", GUINT_TO_POINTER (value));
      {
        char *words = token_words (rules, st, i, value);
        gtk_accessible_update_property (GTK_ACCESSIBLE (token), GTK_ACCESSIBLE_PROPERTY_LABEL, words, -1);
        g_object_set_data_full (G_OBJECT (token), "words", words, g_free);
      }
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (token), chosen);
      /* said "not pressed" from the first, not only once toggled off */
      gtk_accessible_update_state (GTK_ACCESSIBLE (token), GTK_ACCESSIBLE_STATE_PRESSED,
                                   chosen ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE, -1);
      gtk_widget_set_sensitive (token, person && has_move_of (self, value));
      g_signal_connect_object (token, "toggled", G_CALLBACK (pending_token_toggled_cb), self, 0);
      gtk_box_append (GTK_BOX (self->pending_tokens), token);
    }
  self->pending_syncing = FALSE;

  gtk_label_set_label (GTK_LABEL (self->pending_label),
                       st->split
                       /* Translators: before the units of a So-hatara's pool, each a token */
                       ? _("To play, split freely: choose how many units, then a piece")
                       /* Translators: before the throws of a turn still to play, each a token */
                       : _("To play: choose a throw, then a piece"));
  gtk_widget_set_visible (self->pending_box, TRUE);
  sync_groups (self);
}

static void
game_changed_cb (KsmGameView *self)
{
  sync_pending (self);
  update_status (self);
}

/* the game's choice of a held throw or a group changed: the tokens and
 * the board follow it before "changed", so no view waits on another */
static void
selection_changed_cb (KsmGameView *self)
{
  sync_pending (self);
}

void
ksm_game_view_set_game (KsmGameView *self, KsmGame *game)
{
  g_return_if_fail (KSM_IS_GAME_VIEW (self));
  g_return_if_fail (game == NULL || KSM_IS_GAME (game));

  if (self->game == game)
    return;
  /* another game ends the review */
  if (self->review != NULL && game != ksm_review_get_game (self->review))
    {
      g_clear_object (&self->review);
      ksm_review_bar_set_review (self->review_bar, NULL);
      ksm_history_view_set_review (self->history_view, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->review_bar), FALSE);
    }
  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);
  build_seats (self);
  ksm_board_set_game (self->board, game);
  ksm_throw_view_set_game (self->throw_view, game);
  ksm_history_view_set_game (self->history_view, game);
  ksm_turn_strip_set_game (self->turn_strip, game);
  ksm_narrator_set_game (self->narrator, game);
  sync_pending (self);
  if (game != NULL)
    ksm_rules_view_set_rules (self->rules_view, ksm_game_get_rules (game), ksm_game_get_options (game));
  update_status (self);
  update_score (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

void
ksm_game_view_set_review (KsmGameView *self, KsmReview *review)
{
  g_return_if_fail (KSM_IS_GAME_VIEW (self));
  g_return_if_fail (review == NULL || KSM_IS_REVIEW (review));

  if (review == NULL)
    {
      ksm_game_view_set_game (self, NULL);
      return;
    }
  g_set_object (&self->review, review);
  ksm_review_bar_set_review (self->review_bar, review);
  ksm_history_view_set_review (self->history_view, review);
  gtk_widget_set_visible (GTK_WIDGET (self->review_bar), TRUE);
  ksm_game_view_set_game (self, ksm_review_get_game (review));
}

KsmReview *
ksm_game_view_get_review (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), NULL);
  return self->review;
}

KsmReviewBar *
ksm_game_view_get_review_bar (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), NULL);
  return self->review_bar;
}

KsmGame *
ksm_game_view_get_game (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), NULL);
  return self->game;
}

void
ksm_game_view_set_score (KsmGameView *self, int first, int second)
{
  int scores[2] = { first, second };

  g_return_if_fail (KSM_IS_GAME_VIEW (self));
  ksm_game_view_set_scores (self, scores, 2);
}

void
ksm_game_view_set_scores (KsmGameView *self, const int *scores, guint n_scores)
{
  g_return_if_fail (KSM_IS_GAME_VIEW (self));
  g_return_if_fail (n_scores <= KSM_MAX_PLAYERS);

  memset (self->score, 0, sizeof self->score);
  memcpy (self->score, scores, n_scores * sizeof *scores);
  self->n_scores = n_scores;
  update_score (self);
}

GtkLabel *
ksm_game_view_get_blood_label (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), NULL);
  return self->blood_label;
}

GtkWidget *
ksm_game_view_get_seat_chip (KsmGameView *self, guint player)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), NULL);
  return player < KSM_MAX_PLAYERS ? self->seat_chips[player] : NULL;
}

const char *
ksm_game_view_get_status (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), NULL);
  return gtk_label_get_label (self->status_label);
}

AdwFlap *
ksm_game_view_get_flap (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), NULL);
  return self->flap;
}

GtkWidget *
ksm_game_view_get_pending_tokens (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), NULL);
  return self->pending_tokens;
}

GtkWidget *
ksm_game_view_get_board (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), NULL);
  return GTK_WIDGET (self->board);
}

GtkWidget *
ksm_game_view_get_history (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), NULL);
  return GTK_WIDGET (self->history_view);
}

KsmTurnStrip *
ksm_game_view_get_turn_strip (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), NULL);
  return self->turn_strip;
}

GtkWidget *
ksm_game_view_get_throw_view (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), NULL);
  return GTK_WIDGET (self->throw_view);
}

AdwFlap *
ksm_game_view_get_rules_flap (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), NULL);
  return self->rules_flap;
}

KsmRulesView *
ksm_game_view_get_rules_view (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), NULL);
  return self->rules_view;
}

gboolean
ksm_game_view_get_rules_revealed (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), FALSE);
  return adw_flap_get_reveal_flap (self->rules_flap);
}

static GtkWidget *
focus_of (KsmGameView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return root != NULL ? gtk_root_get_focus (root) : NULL;
}

/* While a pane slides in, the person moved the focus elsewhere: it is left
 * there */
static gboolean
moved_on (KsmGameView *self, GtkWidget *was, GtkWidget *pane)
{
  GtkWidget *focus = focus_of (self);

  return focus != NULL && focus != was && !gtk_widget_is_ancestor (focus, pane);
}

gboolean
ksm_game_view_focus_in_pane (KsmGameView *self)
{
  GtkWidget *focus;

  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), FALSE);
  focus = focus_of (self);
  return focus != NULL && (gtk_widget_is_ancestor (focus, adw_flap_get_flap (self->rules_flap))
                           || gtk_widget_is_ancestor (focus, GTK_WIDGET (self->history_view)));
}

/* A pane opening takes the focus from where it is now, to give back */
static void
remember_focus (KsmGameView *self, GtkWidget **slot, GtkWidget *pane)
{
  GtkWidget *focus = focus_of (self);

  if (focus == NULL || !gtk_widget_is_ancestor (focus, pane))
    g_set_weak_pointer (slot, focus);
}

/* A pane closing on the focus gives it back where it was (the board's
 * cell, a button), or, where that has gone, to the throw; before the pane
 * hides, so that the focus is never left on a hidden widget. One who left
 * the pane is left where they went. */
static void
give_back_focus (KsmGameView *self, GtkWidget **slot, GtkWidget *pane)
{
  GtkWidget *focus = focus_of (self);

  if (focus != NULL && gtk_widget_is_ancestor (focus, pane))
    {
      GtkWidget *back = *slot;
      if (back == NULL || !gtk_widget_get_mapped (back) || gtk_widget_is_ancestor (back, pane)
          || !gtk_widget_grab_focus (back))
        gtk_widget_grab_focus (GTK_WIDGET (self->throw_view));
    }
  g_clear_weak_pointer (slot);
}

void
ksm_game_view_set_rules_revealed (KsmGameView *self,
                                  gboolean     revealed)
{
  GtkWidget *pane;

  g_return_if_fail (KSM_IS_GAME_VIEW (self));

  pane = adw_flap_get_flap (self->rules_flap);
  if (!revealed)
    {
      give_back_focus (self, &self->rules_return_focus, pane);
      adw_flap_set_reveal_flap (self->rules_flap, FALSE);
      return;
    }
  /* F1 takes the keyboard to the pane, at its search */
  remember_focus (self, &self->rules_return_focus, pane);
  adw_flap_set_reveal_flap (self->rules_flap, TRUE);
  self->focus_rules = TRUE;
  rules_shown_cb (self);
}

/* The rules asked to take the focus do, once shown: a screen reader is
 * told of no focus that lands on a widget still hidden, and said nothing */
static void
rules_shown_cb (KsmGameView *self)
{
  GtkWidget *search = ksm_rules_view_get_search_entry (self->rules_view);

  if (!self->focus_rules || !adw_flap_get_reveal_flap (self->rules_flap)
      || moved_on (self, self->rules_return_focus, adw_flap_get_flap (self->rules_flap)))
    {
      self->focus_rules = FALSE;
      return;
    }
  if (gtk_widget_get_mapped (search) && gtk_widget_grab_focus (search))
    self->focus_rules = FALSE;
}

/* the history asked to take the focus does, once it is shown */
static void
history_shown_cb (KsmGameView *self)
{
  GtkWidget *pane = GTK_WIDGET (self->history_view);
  GtkWidget *focus = focus_of (self);

  if (!self->focus_history || !adw_flap_get_reveal_flap (self->flap)
      || moved_on (self, self->history_return_focus, pane))
    {
      self->focus_history = FALSE;
      return;
    }
  if ((focus != NULL && gtk_widget_is_ancestor (focus, pane))
      || gtk_widget_child_focus (pane, GTK_DIR_TAB_FORWARD))
    self->focus_history = FALSE;
}

gboolean
ksm_game_view_get_history_revealed (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), FALSE);
  return adw_flap_get_reveal_flap (self->flap);
}

void
ksm_game_view_set_history_revealed (KsmGameView *self,
                                    gboolean     revealed)
{
  GtkWidget *pane;

  g_return_if_fail (KSM_IS_GAME_VIEW (self));

  pane = GTK_WIDGET (self->history_view);
  if (!revealed)
    {
      give_back_focus (self, &self->history_return_focus, pane);
      adw_flap_set_reveal_flap (self->flap, FALSE);
      return;
    }
  /* F9 takes the keyboard to the history, at its newest row (the one
   * selected), or the history itself while it has none */
  remember_focus (self, &self->history_return_focus, pane);
  adw_flap_set_reveal_flap (self->flap, TRUE);
  /* a folded history is shown, and can take the focus, once it slides in */
  self->focus_history = TRUE;
  history_shown_cb (self);
}

void
ksm_game_view_show_glossary (KsmGameView *self,
                             const char  *id)
{
  g_return_if_fail (KSM_IS_GAME_VIEW (self));
  g_return_if_fail (id != NULL);

  remember_focus (self, &self->rules_return_focus, adw_flap_get_flap (self->rules_flap));
  adw_flap_set_reveal_flap (self->rules_flap, TRUE);
  ksm_rules_view_show_entry (self->rules_view, id);
}
