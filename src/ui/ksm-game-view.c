/* ksm-game-view.c */
#include "config.h"

#include "ksm-game-view.h"

#include <glib/gi18n.h>

#include "ksm-board.h"
#include "ksm-history-view.h"
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
  KsmBoard       *board;
  KsmThrowView   *throw_view;
  KsmHistoryView *history_view;

  KsmGame        *game;
  int             score[2];
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

  g_clear_object (&self->game);
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
ksm_game_view_class_init (KsmGameViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_game_view_dispose;
  object_class->get_property = ksm_game_view_get_property;
  object_class->set_property = ksm_game_view_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KSM_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (KSM_TYPE_BOARD);
  g_type_ensure (KSM_TYPE_THROW_VIEW);
  g_type_ensure (KSM_TYPE_HISTORY_VIEW);
  g_type_ensure (KSM_TYPE_RULES_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-game-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, flap);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, rules_flap);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, rules_view);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, status_label);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, pieces_label);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, score_label);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, board);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, throw_view);
  gtk_widget_class_bind_template_child (widget_class, KsmGameView, history_view);
  gtk_widget_class_install_action (widget_class, "game.glossary", "s", glossary_action_cb);
  gtk_widget_class_install_action (widget_class, "game.close-rules", NULL, close_rules_action_cb);
}

static void
ksm_game_view_init (KsmGameView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
ksm_game_view_new (void)
{
  return g_object_new (KSM_TYPE_GAME_VIEW, NULL);
}

/* Says whose turn it is and what they are to do, and the pieces left. */
static void
update_status (KsmGameView *self)
{
  KsmGame *game = self->game;
  const KsmRules *rules;
  const KsmOptions *options;
  const KsmPosition *position;
  guint player;
  const char *name;
  g_autofree char *status = NULL;
  g_autoptr(GString) pieces = g_string_new (NULL);

  if (game == NULL)
    return;

  rules = ksm_game_get_rules (game);
  options = ksm_game_get_options (game);
  position = ksm_game_get_position (game);
  player = ksm_game_get_player (game);
  name = ksm_words_player_name (rules, options, (int) player);

  if (ksm_game_get_phase (game) == KSM_PHASE_OVER)
    {
      KsmOutcome outcome;
      ksm_game_get_outcome (game, &outcome);
      if (outcome.winner < 0)
        status = g_strdup (_("The game is drawn"));
      else if (outcome.gulmasi)
        /* Translators: %s is the winning side */
        status = g_strdup_printf (_("%s won. Gulmasi!"), ksm_words_player_name (rules, options, outcome.winner));
      else
        status = g_strdup_printf (_("%s won"), ksm_words_player_name (rules, options, outcome.winner));
    }
  else if (!ksm_game_is_person_to_act (game))
    /* Translators: %s is a side played by the computer */
    status = g_strdup_printf (_("%s (the computer) is playing…"), name);
  else if (ksm_game_get_phase (game) == KSM_PHASE_THROW)
    /* Translators: %s is a side; Space is the key that throws */
    status = g_strdup_printf (_("%s to throw: press Space or Throw"), name);
  else
    /* Translators: %s is a side */
    status = g_strdup_printf (_("%s to move: choose a highlighted piece"), name);
  gtk_label_set_label (self->status_label, status);

  for (int p = 0; p < rules->n_players (options); p++)
    {
      int left = rules->pieces_left (position, p);
      /* Translators: pieces left on one side: "Bricks 17" */
      g_string_append_printf (pieces, "%s%s %d", p > 0 ? " · " : "",
                              ksm_words_player_name (rules, options, p), left);
    }
  /* Translators: %s lists each side's pieces left, "Bricks 17 · Stones 15" */
  g_autofree char *pieces_text = g_strdup_printf (_("Pieces left: %s"), pieces->str);
  gtk_label_set_label (self->pieces_label, pieces_text);
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
    /* Translators: the running score across games: "Score: Bricks 2, Stones 1" */
    text = g_strdup_printf (_("Score: %s %d, %s %d"),
                            ksm_words_player_name (rules, options, 0), self->score[0],
                            ksm_words_player_name (rules, options, 1), self->score[1]);
  }
  gtk_label_set_label (self->score_label, text);
}

static void
game_changed_cb (KsmGameView *self)
{
  update_status (self);
}

void
ksm_game_view_set_game (KsmGameView *self, KsmGame *game)
{
  g_return_if_fail (KSM_IS_GAME_VIEW (self));
  g_return_if_fail (game == NULL || KSM_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect_object (game, "changed", G_CALLBACK (game_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::thinking", G_CALLBACK (game_changed_cb), self, G_CONNECT_SWAPPED);
    }
  ksm_board_set_game (self->board, game);
  ksm_throw_view_set_game (self->throw_view, game);
  ksm_history_view_set_game (self->history_view, game);
  if (game != NULL)
    ksm_rules_view_set_rules (self->rules_view, ksm_game_get_rules (game), ksm_game_get_options (game));
  update_status (self);
  update_score (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
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
  g_return_if_fail (KSM_IS_GAME_VIEW (self));
  self->score[0] = first;
  self->score[1] = second;
  update_score (self);
}

AdwFlap *
ksm_game_view_get_flap (KsmGameView *self)
{
  g_return_val_if_fail (KSM_IS_GAME_VIEW (self), NULL);
  return self->flap;
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

void
ksm_game_view_set_rules_revealed (KsmGameView *self,
                                  gboolean     revealed)
{
  g_return_if_fail (KSM_IS_GAME_VIEW (self));

  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  adw_flap_set_reveal_flap (self->rules_flap, revealed);
  /* keyboard play goes back to the throw when the pane closes on the focus */
  if (!revealed && focus != NULL && gtk_widget_is_ancestor (focus, adw_flap_get_flap (self->rules_flap)))
    gtk_widget_grab_focus (GTK_WIDGET (self->throw_view));
}

void
ksm_game_view_show_glossary (KsmGameView *self,
                             const char  *id)
{
  g_return_if_fail (KSM_IS_GAME_VIEW (self));
  g_return_if_fail (id != NULL);

  adw_flap_set_reveal_flap (self->rules_flap, TRUE);
  ksm_rules_view_show_entry (self->rules_view, id);
}
