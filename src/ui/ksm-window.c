/* ksm-window.c: the main window: the start page, the new-game page and the
 * game, with the header bar's actions. */
#include "config.h"

#include <glib/gi18n.h>

#include "ksm-board.h"
#include "ksm-game-settings.h"
#include "ksm-game-view.h"
#include "ksm-hint-popover.h"
#include "ksm-library-page.h"
#include "ksm-new-game-page.h"
#include "ksm-pace.h"
#include "ksm-rules-window.h"
#include "ksm-skin.h"
#include "ksm-start-page.h"
#include "ksm-store.h"
#include "ksm-window.h"
#include "ksm-words.h"

/* how long the only legal move waits before it plays itself, so the person
 * sees the throw first */
#define AUTOPLAY_DELAY_MS 500
#define GAME_OVER_DELAY_MS 700

struct _KsmWindow
{
  AdwApplicationWindow parent_instance;

  AdwToastOverlay *toast_overlay;
  AdwWindowTitle  *window_title;
  GtkWidget       *back_button;
  GtkWidget       *new_game_button;
  GtkWidget       *undo_box;
  GtkWidget       *hint_button;
  KsmHintPopover  *hint_popover;
  GtkStack        *stack;
  KsmStartPage    *start_page;
  AdwBin          *new_game_bin;
  KsmGameView     *game_view;
  KsmNewGamePage  *new_game_page;
  KsmLibraryPage  *library_page;

  GSettings       *settings;
  KsmStore        *store;
  KsmGame         *game;
  KsmLibrary      *library;
  KsmReview       *review;          /* the saved game under review, or NULL */
  guint            autoplay_source;
  GCancellable    *cancellable;     /* cancelled when the window goes */
  GBindingGroup   *game_bindings;   /* the shown game's properties onto the actions */
  GSignalGroup    *game_signals;    /* the game's signals, whichever game it is */
  /* the game's end, waiting GAME_OVER_DELAY_MS to be shown; it goes with
   * the window, which a dialog's transient parent in GTK 4.8 does not
   * follow (it kept a freed window and crashed presenting itself) */
  GtkWindow       *game_over_dialog;
  guint            game_over_source;
};

G_DEFINE_FINAL_TYPE (KsmWindow, ksm_window, ADW_TYPE_APPLICATION_WINDOW)

static void update_actions (KsmWindow *self);

/* the actions enabled by a property of the game shown */
static const struct {
  const char *property;
  const char *action;
} bound_actions[] = {
  { "can-undo", "undo" },
  { "can-redo", "redo" },
  { "can-throw", "throw" },
  { "can-move", "hint" },
};

KsmWindow *
ksm_window_new (KsmApplication *application)
{
  g_return_val_if_fail (KSM_IS_APPLICATION (application), NULL);

  return g_object_new (KSM_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

static void
toast (KsmWindow *self, const char *text)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
}

static void
set_action_enabled (KsmWindow *self, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* ---- pages ---- */

/* The game a new game is of when none is chosen: the first the start
 * page lists */
static const KsmRules *
default_rules (void)
{
  for (unsigned i = 0; i < ksm_rules_n_games (); i++)
    {
      const KsmRules *rules = ksm_rules_nth (i);
      if (ksm_skin_for (rules)->listed)
        return rules;
    }
  return ksm_rules_nth (0);
}

/* The new-game page is built the first time it is needed, not with the
 * window: the start page is what a launch shows, and building the page's
 * rows (and their text) delayed the first frame. */
static KsmNewGamePage *
new_game_page (KsmWindow *self)
{
  if (self->new_game_page == NULL)
    {
      self->new_game_page = KSM_NEW_GAME_PAGE (ksm_new_game_page_new ());
      adw_bin_set_child (self->new_game_bin, GTK_WIDGET (self->new_game_page));
      ksm_new_game_page_set_rules (self->new_game_page, default_rules ());
    }
  return self->new_game_page;
}

/* A window narrower than this keeps the header's buttons to those it
 * fits, so that the header does not widen it: New Game is in the menu */
#define NARROW_HEADER_WIDTH 440

static void
update_new_game_button (KsmWindow *self)
{
  int width, height;   /* GTK 4.8 wants both */

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  gtk_widget_set_visible (self->new_game_button,
                          g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "new-game") != 0
                          && (width <= 0 || width >= NARROW_HEADER_WIDTH));
}

static void
default_width_changed_cb (KsmWindow *self, GParamSpec *pspec, gpointer user_data)
{
  update_new_game_button (self);
}

static void
show_page (KsmWindow *self, const char *name)
{
  gboolean in_game = g_str_equal (name, "game");
  gboolean reviewing = in_game && self->review != NULL;

  gtk_stack_set_visible_child_name (self->stack, name);
  gtk_widget_set_visible (self->back_button, g_str_equal (name, "new-game")
                                             || g_str_equal (name, "library") || reviewing);
  gtk_widget_set_visible (self->undo_box, in_game);
  gtk_widget_set_visible (self->hint_button, in_game);
  update_new_game_button (self);

  if (g_str_equal (name, "new-game"))
    {
      const KsmRules *rules = ksm_new_game_page_get_rules (new_game_page (self));
      adw_window_title_set_title (self->window_title, ksm_words_game_name (rules));
      adw_window_title_set_subtitle (self->window_title, _("New Game"));
    }
  else if (reviewing)
    {
      KsmRecord *record = ksm_review_get_record (self->review);
      adw_window_title_set_title (self->window_title,
                                  ksm_words_game_name (ksm_record_get_rules (record)));
      adw_window_title_set_subtitle (self->window_title, _("Review"));
    }
  else if (g_str_equal (name, "library"))
    {
      adw_window_title_set_title (self->window_title, _("Saved Games"));
      adw_window_title_set_subtitle (self->window_title, NULL);
    }
  else if (in_game && self->game != NULL)
    {
      adw_window_title_set_title (self->window_title,
                                  ksm_words_game_name (ksm_game_get_rules (self->game)));
      adw_window_title_set_subtitle (self->window_title, NULL);
    }
  else
    {
      adw_window_title_set_title (self->window_title, _("Kasimala"));
      adw_window_title_set_subtitle (self->window_title, NULL);
    }
  update_actions (self);
}

static void
refresh_resume (KsmWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) record = NULL;

  /* the game on the board is autosaved: resuming it would be itself */
  if (self->game != NULL && ksm_game_get_phase (self->game) != KSM_PHASE_OVER)
    {
      ksm_start_page_set_resume (self->start_page, NULL);
      return;
    }

  record = ksm_store_load_autosave (self->store, &error);
  if (record == NULL)
    {
      ksm_start_page_set_resume (self->start_page, NULL);
      if (error != NULL)
        {
          /* the file stays where it is, so nothing is lost */
          g_autofree char *text = g_strdup_printf (_("The unfinished game could not be read: %s"),
                                                   error->message);
          toast (self, text);
        }
      return;
    }

  {
    const KsmRules *rules = ksm_record_get_rules (record);
    g_autofree char *date = g_date_time_format (ksm_record_get_started (record), "%x %X");
    /* Translators: the game's name, the date it started and how many events it has */
    g_autofree char *description = g_strdup_printf (_("%s, started %s, %u throws and moves"),
                                                    ksm_words_game_name (rules), date,
                                                    ksm_record_get_n_events (record));
    ksm_start_page_set_resume (self->start_page, description);
  }
}

/* ---- the game ---- */

static void
autoplay_stop (KsmWindow *self)
{
  g_clear_handle_id (&self->autoplay_source, g_source_remove);
}

static gboolean
autoplay_cb (gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);
  guint n_moves;
  const KsmMove *moves;

  self->autoplay_source = 0;
  if (self->game == NULL || !ksm_game_is_person_to_act (self->game)
      || ksm_game_get_phase (self->game) != KSM_PHASE_MOVE)
    return G_SOURCE_REMOVE;
  moves = ksm_game_get_moves (self->game, &n_moves);
  if (n_moves == 1)
    ksm_game_play (self->game, &moves[0]);
  return G_SOURCE_REMOVE;
}

/* Keyboard play: when a person has a throw to make or a piece to move,
 * the focus goes where that is done, unless it is already there. Run after
 * the views have followed the change. */
static void
focus_play_cb (gpointer user_data)
{
  g_autoptr(KsmWindow) self = user_data;
  GtkWidget *board, *focus;
  const KsmMove *moves;
  guint n_moves;

  if (self->game == NULL || !ksm_game_is_person_to_act (self->game)
      || !g_str_equal (gtk_stack_get_visible_child_name (self->stack), "game"))
    return;

  board = ksm_game_view_get_board (self->game_view);
  focus = gtk_root_get_focus (GTK_ROOT (self));
  if (ksm_game_get_phase (self->game) == KSM_PHASE_MOVE)
    {
      moves = ksm_game_get_moves (self->game, &n_moves);
      GtkWidget *cell = n_moves > 0 ? ksm_board_get_move_cell (KSM_BOARD (board), &moves[0]) : NULL;
      if (cell != NULL && (focus == NULL || !gtk_widget_is_ancestor (focus, board)))
        gtk_widget_grab_focus (cell);
    }
  else if (focus == NULL || gtk_widget_is_ancestor (focus, board))
    gtk_widget_grab_focus (ksm_game_view_get_throw_view (self->game_view));
}

static void
game_changed_cb (KsmWindow *self)
{
  guint n_moves = 0;

  autoplay_stop (self);
  ksm_game_get_moves (self->game, &n_moves);
  if (n_moves == 1 && ksm_game_is_person_to_act (self->game)
      && ksm_game_get_phase (self->game) == KSM_PHASE_MOVE
      && g_settings_get_boolean (self->settings, "autoplay-single-move"))
    self->autoplay_source = g_timeout_add (AUTOPLAY_DELAY_MS, autoplay_cb, self);
  update_actions (self);
  g_idle_add_once (focus_play_cb, g_object_ref (self));
}

/* each seat's points in the game on the board's running score */
static guint
read_scores (KsmWindow *self, int *scores)
{
  const KsmRules *rules;
  g_autoptr(GSettings) game_settings = NULL;

  if (self->game == NULL)
    return 0;
  rules = ksm_game_get_rules (self->game);
  game_settings = ksm_game_settings_new (rules);
  return ksm_game_settings_get_points (game_settings, rules, ksm_game_get_options (self->game), scores);
}

static void
add_point (KsmWindow *self, int winner, int points)
{
  const KsmRules *rules = ksm_game_get_rules (self->game);
  g_autoptr(GSettings) game_settings = ksm_game_settings_new (rules);

  ksm_game_settings_add_points (game_settings, rules, ksm_game_get_options (self->game), winner, points);
}

static void
show_score (KsmWindow *self)
{
  int scores[KSM_MAX_PLAYERS] = { 0 };
  guint n = read_scores (self, scores);

  ksm_game_view_set_scores (self->game_view, scores, n);
}

/* the running score, seat by seat: each side's name and points */
static char *
score_list (KsmWindow *self)
{
  const KsmRules *rules = ksm_game_get_rules (self->game);
  const KsmOptions *options = ksm_game_get_options (self->game);
  int scores[KSM_MAX_PLAYERS] = { 0 };
  guint n = read_scores (self, scores);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint p = 0; p < n; p++)
    g_string_append_printf (text, "%s%s %d", p > 0 ? _(", ") : "",
                            ksm_words_player_name (rules, options, (int) p), scores[p]);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
game_over_response_cb (KsmWindow      *self,
                       const char     *response,
                       AdwMessageDialog *dialog)
{
  if (g_strcmp0 (response, "new-game") == 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.new-game", NULL);
  else if (g_strcmp0 (response, "review") == 0 && self->game != NULL)
    {
      /* the finished game under review at its end, the board as it ended,
       * with the whole game in the history and the analysis on its way */
      g_autoptr(KsmRecord) record = g_object_ref (ksm_game_get_record (self->game));
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "toggle-history");

      ksm_window_review (self, record, NULL);
      ksm_review_set_step (self->review, ksm_review_get_n_steps (self->review));
      g_action_change_state (action, g_variant_new_boolean (TRUE));
    }
}

static void
present_later_cb (gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);
  g_autoptr(GtkWindow) dialog = g_steal_pointer (&self->game_over_dialog);

  self->game_over_source = 0;
  gtk_window_present (dialog);
}

/* a game's end not yet shown goes unshown */
static void
drop_pending_game_over (KsmWindow *self)
{
  g_clear_handle_id (&self->game_over_source, g_source_remove);
  if (self->game_over_dialog != NULL)
    {
      gtk_window_destroy (self->game_over_dialog);
      g_clear_object (&self->game_over_dialog);
    }
}

static void
game_over_cb (KsmWindow *self,
              int        winner,
              gboolean   gulmasi,
              guint      score,
              KsmGame   *game)
{
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  const KsmSkin *skin = ksm_skin_for (rules);
  KsmSkinScoreWords score_words = skin->score_words;
  int partner;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;
  int points[KSM_MAX_PLAYERS] = { 0 };

  /* a team's win names both partners */
  partner = ksm_rules_partner_of (rules, options, winner);

  add_point (self, winner, (int) score);
  show_score (self);
  read_scores (self, points);

  if (winner >= 0 && partner >= 0 && skin->team_won != NULL)
    {
      g_autofree char *list = score_list (self);
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
          g_autofree char *list = score_list (self);
          body = winner < 0 ? g_strdup_printf (_(format), list) : g_strdup_printf (_(format), name, list);
        }
      else if (winner < 0)
        body = g_strdup_printf (_(format),
                                ksm_words_player_name (rules, options, 0), points[0],
                                ksm_words_player_name (rules, options, 1), points[1]);
      else
        body = g_strdup_printf (_(format), name,
                                ksm_words_player_name (rules, options, 0), points[0],
                                ksm_words_player_name (rules, options, 1), points[1]);
    }

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  adw_message_dialog_add_responses (dialog,
                                    "review", _("_Review"),
                                    "new-game", _("_New Game"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "new-game", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "new-game");
  adw_message_dialog_set_close_response (dialog, "review");
  g_signal_connect_object (dialog, "response", G_CALLBACK (game_over_response_cb), self,
                           G_CONNECT_SWAPPED);
  /* after the last move has been seen to land, and never inside the key
   * press that made it, which would answer the dialog at once */
  drop_pending_game_over (self);
  self->game_over_dialog = GTK_WINDOW (g_object_ref_sink (dialog));
  self->game_over_source = g_timeout_add_once (GAME_OVER_DELAY_MS, present_later_cb, self);
}

static void
save_failed_cb (KsmWindow  *self,
                const char *message)
{
  toast (self, message);
}

static void
first_save_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GError) error = NULL;

  if (ksm_store_save_finish (KSM_STORE (source), result, &error)
      || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  {
    KsmWindow *self = KSM_WINDOW (user_data);
    /* worded as the store words it after every later event: the
     * bare error does not say the game was not saved */
    g_autofree char *text = g_strdup_printf (_("The game could not be saved: %s"),
                                             error->message);
    save_failed_cb (self, text);
  }
}

/* a pace chosen in Preferences reaches the game in progress at once */
static void
pace_changed_cb (KsmWindow *self)
{
  ksm_pace_apply (self->settings, self->game, ksm_game_view_get_board (self->game_view));
}

static void
set_game (KsmWindow *self, KsmGame *game)
{
  autoplay_stop (self);
  if (self->game != NULL)
    ksm_store_unwatch (self->store);
  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);
  g_clear_object (&self->review);
  if (game != NULL)
    {
      ksm_pace_apply (self->settings, game, NULL);
      ksm_store_watch (self->store, game);
    }
  ksm_game_view_set_game (self->game_view, game);
  show_score (self);
  if (game != NULL)
    {
      /* write the new game at once, so even a kill before the first throw
       * leaves it to resume */
      ksm_store_save_async (self->store, self->cancellable, first_save_cb, self);
      show_page (self, "game");
      gtk_widget_grab_focus (ksm_game_view_get_throw_view (self->game_view));
      g_idle_add_once (focus_play_cb, g_object_ref (self));
    }
}

static void
update_actions (KsmWindow *self)
{
  gboolean in_game = g_str_equal (gtk_stack_get_visible_child_name (self->stack), "game");
  KsmGame *game = in_game ? self->game : NULL;

  /* undo, redo, throw and hint follow the game shown; with none, they are off */
  g_binding_group_set_source (self->game_bindings, game);
  if (game == NULL)
    for (guint i = 0; i < G_N_ELEMENTS (bound_actions); i++)
      set_action_enabled (self, bound_actions[i].action, FALSE);
  set_action_enabled (self, "toggle-history", game != NULL || (in_game && self->review != NULL));
  set_action_enabled (self, "save-game", game != NULL);
  {
    gboolean reviewing = in_game && self->review != NULL;
    guint step = reviewing ? ksm_review_get_step (self->review) : 0;
    guint n_steps = reviewing ? ksm_review_get_n_steps (self->review) : 0;
    set_action_enabled (self, "review-start", reviewing && step > 0);
    set_action_enabled (self, "review-back", reviewing && step > 0);
    set_action_enabled (self, "review-forward", reviewing && step < n_steps);
    set_action_enabled (self, "review-end", reviewing && step < n_steps);
    set_action_enabled (self, "play-from-here", reviewing);
  }
}

/* ---- actions ---- */

static void
choose_game_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);
  const KsmRules *rules = ksm_rules_lookup (g_variant_get_string (parameter, NULL));

  if (rules == NULL)
    return;
  ksm_new_game_page_set_rules (new_game_page (self), rules);
  show_page (self, "new-game");
}

static void
new_game_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);
  const KsmRules *rules = self->game != NULL ? ksm_game_get_rules (self->game) : default_rules ();

  ksm_new_game_page_set_rules (new_game_page (self), rules);
  show_page (self, "new-game");
}

static void
start_game_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);
  KsmOptions options;
  KsmSeat seats[KSM_MAX_PLAYERS];
  g_autoptr(KsmGame) game = NULL;

  ksm_new_game_page_get_choices (new_game_page (self), &options, seats);
  game = ksm_game_new (&options, seats, ((guint64) g_random_int () << 32) | g_random_int ());
  if (game != NULL)
    set_game (self, game);
}

static void
resume_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) record = ksm_store_load_autosave (self->store, &error);
  g_autoptr(KsmGame) game = NULL;

  if (record != NULL)
    game = ksm_game_new_from_record (record, &error);
  if (game == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The game could not be resumed: %s"),
                                               error != NULL ? ksm_words_load_error (error) : _("it is gone"));
      toast (self, text);
      refresh_resume (self);
      return;
    }
  set_game (self, game);
}

static void
show_start_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);

  /* back from a review goes to the saved games */
  if (g_str_equal (gtk_stack_get_visible_child_name (self->stack), "game") && self->review != NULL)
    {
      ksm_library_page_reload (self->library_page);
      show_page (self, "library");
      return;
    }
  /* back from the new-game page goes to the game when one is going on */
  if (self->game != NULL && ksm_game_get_phase (self->game) != KSM_PHASE_OVER)
    show_page (self, "game");
  else
    {
      refresh_resume (self);
      show_page (self, "start");
    }
}

static void
undo_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);

  if (self->game != NULL)
    ksm_game_undo (self->game);
}

static void
redo_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);

  if (self->game != NULL)
    ksm_game_redo (self->game);
}

static void
throw_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);

  if (self->game != NULL)
    ksm_game_throw (self->game);
}

static void
toggle_history_cb (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);
  AdwFlap *flap = ksm_game_view_get_flap (self->game_view);

  g_simple_action_set_state (action, state);
  adw_flap_set_reveal_flap (flap, g_variant_get_boolean (state));
}

static void
flap_revealed_cb (KsmWindow *self, GParamSpec *pspec, AdwFlap *flap)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "toggle-history");
  gboolean revealed = adw_flap_get_reveal_flap (flap);

  if (g_variant_get_boolean (g_action_get_state (action)) != revealed)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (revealed));
}

static void
rules_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);
  const char *page = gtk_stack_get_visible_child_name (self->stack);
  KsmOptions options;
  KsmSeat seats[KSM_MAX_PLAYERS];
  GtkWidget *window;

  /* during a game: the pane beside the board, which F1 opens and closes */
  if (g_str_equal (page, "game") && self->game != NULL)
    {
      ksm_game_view_set_rules_revealed (self->game_view,
                                        !ksm_game_view_get_rules_revealed (self->game_view));
      return;
    }
  /* otherwise a window: on the new-game page with the settings chosen there,
   * on the start page with the standard ones */
  if (g_str_equal (page, "new-game"))
    ksm_new_game_page_get_choices (new_game_page (self), &options, seats);
  window = ksm_rules_window_new (ksm_new_game_page_get_rules (new_game_page (self)),
                                 g_str_equal (page, "new-game") ? &options : NULL);
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (self));
  gtk_window_present (GTK_WINDOW (window));
}

static void
saved_games_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);

  ksm_library_page_reload (self->library_page);
  show_page (self, "library");
  gtk_widget_grab_focus (GTK_WIDGET (ksm_library_page_get_search (self->library_page)));
}

static void
review_step_cb (KsmWindow *self)
{
  update_actions (self);
}

void
ksm_window_review (KsmWindow *self, KsmRecord *record, GFile *file)
{
  g_autoptr(KsmReview) review = NULL;

  g_return_if_fail (KSM_IS_WINDOW (self));
  g_return_if_fail (KSM_IS_RECORD (record));

  review = ksm_review_new (record, file);
  /* the game in progress, if any, stays in its autosave to resume */
  set_game (self, NULL);
  self->review = g_object_ref (review);
  g_signal_connect_object (review, "notify::step", G_CALLBACK (review_step_cb), self,
                           G_CONNECT_SWAPPED);
  ksm_game_view_set_review (self->game_view, review);
  ksm_review_analyse (review, NULL);
  show_page (self, "game");
  gtk_widget_grab_focus (GTK_WIDGET (ksm_review_bar_get_timeline (ksm_game_view_get_review_bar (self->game_view))));
}

static void
library_open_cb (KsmWindow *self, KsmLibraryItem *item)
{
  ksm_window_review (self, ksm_library_item_get_record (item), ksm_library_item_get_file (item));
}

static void
review_seek_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);
  const char *name = g_action_get_name (G_ACTION (action));

  if (self->review == NULL)
    return;
  if (g_str_equal (name, "review-start"))
    ksm_review_set_step (self->review, 0);
  else if (g_str_equal (name, "review-back"))
    ksm_review_step_back (self->review);
  else if (g_str_equal (name, "review-forward"))
    ksm_review_step_forward (self->review);
  else
    ksm_review_set_step (self->review, ksm_review_get_n_steps (self->review));
}

static void
play_from_here_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmGame) game = NULL;
  guint step;

  if (self->review == NULL)
    return;
  step = ksm_review_get_step (self->review);
  game = ksm_review_play_from (self->review, step, &error);
  if (game == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The game could not go on from here: %s"), error->message);
      toast (self, text);
      return;
    }
  set_game (self, game);
  toast (self, _("A new game from this step; the saved game stays as it was"));
}

static void
save_game_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmLibraryItem) item = NULL;

  if (self->game == NULL)
    return;
  item = ksm_library_keep (self->library, ksm_game_get_record (self->game), &error);
  if (item == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The game could not be kept: %s"), error->message);
      toast (self, text);
      return;
    }
  toast (self, _("The game as it stands is in the saved games"));
}

static void
hint_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);

  if (self->game != NULL)
    ksm_hint_popover_show_for (self->hint_popover, self->game,
                               KSM_BOARD (ksm_game_view_get_board (self->game_view)));
}

static const GActionEntry win_entries[] = {
  { "hint", hint_cb },
  { "choose-game", choose_game_cb, "s" },
  { "new-game", new_game_cb },
  { "start-game", start_game_cb },
  { "resume", resume_cb },
  { "show-start", show_start_cb },
  { "undo", undo_cb },
  { "redo", redo_cb },
  { "throw", throw_cb },
  { "toggle-history", NULL, NULL, "false", toggle_history_cb },
  { "rules", rules_cb },
  { "saved-games", saved_games_cb },
  { "save-game", save_game_cb },
  { "review-start", review_seek_cb },
  { "review-back", review_seek_cb },
  { "review-forward", review_seek_cb },
  { "review-end", review_seek_cb },
  { "play-from-here", play_from_here_cb },
};

/* ---- life ---- */

static void
ksm_window_dispose (GObject *object)
{
  KsmWindow *self = KSM_WINDOW (object);

  autoplay_stop (self);
  drop_pending_game_over (self);
  g_cancellable_cancel (self->cancellable);
  /* closing waits for the autosave under way, so the last event is kept
   * even when the app ends with this window */
  if (self->store != NULL)
    ksm_store_flush (self->store);
  if (self->hint_popover != NULL)
    {
      gtk_widget_unparent (GTK_WIDGET (self->hint_popover));
      self->hint_popover = NULL;
    }
  if (self->store != NULL)
    ksm_store_unwatch (self->store);
  if (self->game_bindings != NULL)
    g_binding_group_set_source (self->game_bindings, NULL);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game);
  g_clear_object (&self->review);
  gtk_widget_dispose_template (GTK_WIDGET (self), KSM_TYPE_WINDOW);

  G_OBJECT_CLASS (ksm_window_parent_class)->dispose (object);
}

static void
ksm_window_finalize (GObject *object)
{
  KsmWindow *self = KSM_WINDOW (object);

  g_clear_object (&self->library);
  g_clear_object (&self->store);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->game_bindings);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ksm_window_parent_class)->finalize (object);
}

static void
ksm_window_class_init (KsmWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_window_dispose;
  object_class->finalize = ksm_window_finalize;

  g_type_ensure (KSM_TYPE_START_PAGE);
  g_type_ensure (KSM_TYPE_GAME_VIEW);
  g_type_ensure (KSM_TYPE_LIBRARY_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, KsmWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, KsmWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, KsmWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, KsmWindow, undo_box);
  gtk_widget_class_bind_template_child (widget_class, KsmWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, KsmWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, KsmWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, KsmWindow, new_game_bin);
  gtk_widget_class_bind_template_child (widget_class, KsmWindow, game_view);
  gtk_widget_class_bind_template_child (widget_class, KsmWindow, library_page);
}

static void
ksm_window_init (KsmWindow *self)
{
  AdwFlap *flap;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APPLICATION_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
  /* the default size follows the window's as it is resized */
  g_signal_connect (self, "notify::default-width", G_CALLBACK (default_width_changed_cb), NULL);
  update_new_game_button (self);
  /* the board follows the preference as it changes */
  g_settings_bind (self->settings, "show-coordinates", ksm_game_view_get_board (self->game_view),
                   "show-coordinates", G_SETTINGS_BIND_GET);
  g_signal_connect_object (self->settings, "changed::pace", G_CALLBACK (pace_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::computer-delay", G_CALLBACK (pace_changed_cb), self,
                           G_CONNECT_SWAPPED);
  pace_changed_cb (self);

  self->cancellable = g_cancellable_new ();
  self->store = ksm_store_new (NULL);
  ksm_store_remove_leftovers (self->store);
  g_signal_connect_object (self->store, "save-failed", G_CALLBACK (save_failed_cb), self,
                           G_CONNECT_SWAPPED);

  self->library = ksm_library_new (self->store);
  ksm_library_page_set_library (self->library_page, self->library);
  g_signal_connect_object (self->library_page, "open", G_CALLBACK (library_open_cb), self,
                           G_CONNECT_SWAPPED);

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries), self);
  self->game_signals = g_signal_group_new (KSM_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "changed", G_CALLBACK (game_changed_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "game-over", G_CALLBACK (game_over_cb), self,
                                 G_CONNECT_SWAPPED);
  self->game_bindings = g_binding_group_new ();
  for (guint i = 0; i < G_N_ELEMENTS (bound_actions); i++)
    g_binding_group_bind (self->game_bindings, bound_actions[i].property,
                          g_action_map_lookup_action (G_ACTION_MAP (self), bound_actions[i].action),
                          "enabled", G_BINDING_SYNC_CREATE);
  /* Space and H are single keys, so they bubble up from the focused widget:
   * typed into the glossary's search they are letters, not commands */
  {
    GtkEventController *keys = gtk_shortcut_controller_new ();
    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_BUBBLE);
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_space, 0), gtk_named_action_new ("win.throw")));
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_h, 0), gtk_named_action_new ("win.hint")));
    /* a review steps with the arrows, Home and End, where nothing focused uses them */
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Left, 0), gtk_named_action_new ("win.review-back")));
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Right, 0), gtk_named_action_new ("win.review-forward")));
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Home, 0), gtk_named_action_new ("win.review-start")));
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
      gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_End, 0), gtk_named_action_new ("win.review-end")));
    gtk_widget_add_controller (GTK_WIDGET (self), keys);
  }
  self->hint_popover = KSM_HINT_POPOVER (ksm_hint_popover_new ());
  gtk_widget_set_parent (GTK_WIDGET (self->hint_popover), self->hint_button);
  flap = ksm_game_view_get_flap (self->game_view);
  g_signal_connect_object (flap, "notify::reveal-flap", G_CALLBACK (flap_revealed_cb), self,
                           G_CONNECT_SWAPPED);

  refresh_resume (self);
  show_page (self, "start");
}

KsmGameView *
ksm_window_get_game_view (KsmWindow *self)
{
  g_return_val_if_fail (KSM_IS_WINDOW (self), NULL);
  return self->game_view;
}

KsmNewGamePage *
ksm_window_get_new_game_page (KsmWindow *self)
{
  g_return_val_if_fail (KSM_IS_WINDOW (self), NULL);
  return new_game_page (self);
}

KsmLibraryPage *
ksm_window_get_library_page (KsmWindow *self)
{
  g_return_val_if_fail (KSM_IS_WINDOW (self), NULL);
  return self->library_page;
}

KsmStartPage *
ksm_window_get_start_page (KsmWindow *self)
{
  g_return_val_if_fail (KSM_IS_WINDOW (self), NULL);
  return self->start_page;
}

const char *
ksm_window_get_page_name (KsmWindow *self)
{
  g_return_val_if_fail (KSM_IS_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

KsmHintPopover *
ksm_window_get_hint_popover (KsmWindow *self)
{
  g_return_val_if_fail (KSM_IS_WINDOW (self), NULL);
  return self->hint_popover;
}

void
ksm_window_flush_autosave (KsmWindow *self)
{
  g_return_if_fail (KSM_IS_WINDOW (self));
  ksm_store_flush (self->store);
}

KsmGame *
ksm_window_get_game (KsmWindow *self)
{
  g_return_val_if_fail (KSM_IS_WINDOW (self), NULL);
  return self->game;
}
