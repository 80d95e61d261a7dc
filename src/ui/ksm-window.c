/* ksm-window.c: the main window: the start page, the new-game page and the
 * game, with the header bar's actions. */
#include "config.h"

#include <glib/gi18n.h>

#include "ksm-board.h"
#include "ksm-dates.h"
#include "ksm-game-over-dialog.h"
#include "ksm-game-settings.h"
#include "ksm-game-view.h"
#include "ksm-hint-popover.h"
#include "ksm-library-page.h"
#include "ksm-new-game-page.h"
#include "ksm-numbers.h"
#include "ksm-pace.h"
#include "ksm-rules-window.h"
#include "ksm-skin.h"
#include "ksm-start-page.h"
#include "ksm-store.h"
#include "ksm-toolkit-words.h"
#include "ksm-tutor-dialog.h"
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
  KsmLessonsPage  *lessons_page;
  KsmLessonView   *lesson_view;

  GSettings       *settings;
  GHashTable      *lesson_books;    /* rules id -> KsmLessonBook, read once */
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
  /* the tutor's question, gone with the window as the game's end is */
  GtkWindow       *tutor_dialog;
  gboolean         tutor_showing;    /* Show Me's move is on the board */
  GFile           *last_shelved;    /* the game last left unfinished, to resume first */
  gboolean         told_unreadable; /* an autosave it cannot read is told of once */
  char            *notice_title;    /* why that autosave is not offered, or NULL */
  AdwToast        *delete_toast;    /* the last deletion's, with its Undo */
  char            *notice;
  KsmWindow       *predecessor;     /* the window this one replaces, while it is built */
};

G_DEFINE_FINAL_TYPE (KsmWindow, ksm_window, ADW_TYPE_APPLICATION_WINDOW)

static void update_actions (KsmWindow *self);
static gboolean set_game (KsmWindow *self, KsmGame *game);

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

enum {
  PROP_0,
  PROP_PREDECESSOR,
  N_PROPS
};

KsmWindow *
ksm_window_new (KsmApplication *application)
{
  g_return_val_if_fail (KSM_IS_APPLICATION (application), NULL);

  return g_object_new (KSM_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

KsmWindow *
ksm_window_new_replacing (KsmWindow *old)
{
  KsmWindow *self;

  g_return_val_if_fail (KSM_IS_WINDOW (old), NULL);

  self = g_object_new (KSM_TYPE_WINDOW,
                       "application", gtk_window_get_application (GTK_WINDOW (old)),
                       "predecessor", old,
                       NULL);
  gtk_window_destroy (GTK_WINDOW (old));
  return self;
}

/* A toast's title is markup, and what is said here can carry a file's name
 * or its error ("<data>:1903:19" read as a tag and emptied the toast):
 * every toast is plain text. */
static void
toast (KsmWindow *self, const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (escaped));
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

static gboolean
narrow_window (KsmWindow *self)
{
  int width, height;   /* GTK 4.8 wants both */

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  return width > 0 && width < NARROW_HEADER_WIDTH;
}

/* In a narrow window a game's header keeps Undo, Redo, Hint and the menu,
 * whose New Game goes to the start page too */
static void
update_new_game_button (KsmWindow *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->stack);
  gboolean in_game = g_strcmp0 (page, "game") == 0;

  /* the start page is the game chooser New Game opens */
  gtk_widget_set_visible (self->new_game_button,
                          g_strcmp0 (page, "new-game") != 0 && g_strcmp0 (page, "start") != 0
                          && !narrow_window (self));
  gtk_widget_set_visible (self->back_button, g_strcmp0 (page, "start") != 0
                                             && (!in_game || self->review != NULL || !narrow_window (self)));
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
  /* one step from every page: back to the start page, or from a review to
   * the saved games */
  gtk_widget_set_tooltip_text (self->back_button,
                               reviewing ? _("Back to the Saved Games")
                                         : _("Back to the Start Page (Alt+Home)"));
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
  else if (g_str_equal (name, "lessons") || g_str_equal (name, "lesson"))
    {
      KsmLessonBook *book = ksm_lessons_page_get_book (self->lessons_page);
      const KsmRules *rules = book != NULL ? ksm_rules_lookup (ksm_lesson_book_get_game (book)) : NULL;

      adw_window_title_set_title (self->window_title, rules != NULL ? ksm_words_game_name (rules) : "");
      adw_window_title_set_subtitle (self->window_title, _("Lessons"));
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

/* A line about a game: when it started and how far it has gone */
static char *
progress_words (KsmRecord *record)
{
  g_autofree char *date = ksm_format_date_time (ksm_record_get_started (record));
  guint n = ksm_record_get_n_events (record);

  /* Translators: the date a game started and how many throws and moves it has */
  return ksm_format (g_dngettext (GETTEXT_PACKAGE, "Started %s, %u throw and move so far",
                                       "Started %s, %u throws and moves so far", n), date, n);
}

/* The last session's unfinished game joins those waiting in the games
 * folder; an autosave this version cannot read is left as it is, and said
 * so once. */
static void update_notice (KsmWindow *self);

static void
adopt_autosave (KsmWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) shelved = NULL;

  if (self->game != NULL)
    return;
  shelved = ksm_store_shelve_autosave (self->store, &error);
  if (shelved != NULL)
    g_set_object (&self->last_shelved, shelved);
  if (error != NULL)
    {
      /* it stays the autosave, offered by Resume; nothing is lost */
      g_autofree char *text = g_strdup_printf (_("The unfinished game could not be moved to Saved Games: %s"),
                                               error->message);
      toast (self, text);
    }
  update_notice (self);
}

/* the start page's notice of an autosave it cannot offer, or of another
 * session sharing the data folder */
static void
update_notice (KsmWindow *self)
{
  const GError *unreadable;

  /* said on the start page for as long as the file is there */
  unreadable = ksm_store_get_unreadable_autosave (self->store);
  g_clear_pointer (&self->notice_title, g_free);
  g_clear_pointer (&self->notice, g_free);
  if (unreadable == NULL && ksm_store_is_shared (self->store))
    {
      /* another session has this data folder: each keeps its own game */
      self->notice_title = g_strdup (_("Kasimala Is Open in Another Session"));
      self->notice = g_strdup (_("This window keeps its games apart from the other’s, so neither "
                                 "writes over the other. An unfinished game left here waits in "
                                 "Saved Games."));
    }
  else if (unreadable == NULL)
    return;
  else if (g_error_matches (unreadable, KSM_RECORD_ERROR, KSM_RECORD_ERROR_VERSION)
           || g_error_matches (unreadable, KSM_RECORD_ERROR, KSM_RECORD_ERROR_GAME))
    {
      self->notice_title = g_strdup (_("An Unfinished Game from Another Version"));
      self->notice = g_strdup_printf (_("It is kept as it was, for the version of Kasimala that saved it: "
                                        "this one cannot open it (%s)."), ksm_words_load_error (unreadable));
    }
  else
    {
      self->notice_title = g_strdup (_("An Unfinished Game That Could Not Be Read"));
      self->notice = g_strdup_printf (_("It is kept as it was: %s."), ksm_words_load_error (unreadable));
    }
  if (!self->told_unreadable)
    {
      self->told_unreadable = TRUE;
      toast (self, self->notice_title);
    }
}

/* the start page's unfinished games: the one on the board, then the others */
static void
show_unfinished (KsmWindow *self)
{
  g_autofree char *board_subtitle = NULL;
  const char *board_title = NULL;

  if (self->game != NULL && ksm_game_get_phase (self->game) != KSM_PHASE_OVER)
    {
      board_title = ksm_words_game_name (ksm_game_get_rules (self->game));
      board_subtitle = progress_words (ksm_game_get_record (self->game));
    }
  ksm_start_page_set_unfinished (self->start_page, board_title, board_subtitle,
                                 ksm_library_get_model (self->library));
  ksm_start_page_set_notice (self->start_page, self->notice_title, self->notice);
}

static void
first_load_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GError) error = NULL;

  if (!ksm_library_reload_finish (KSM_LIBRARY (source), result, &error))
    return;   /* the window has gone */
  show_unfinished (KSM_WINDOW (user_data));
}

/* Blocking, but after the first (asynchronous) load a reload only looks
 * at each file's size and time: a game just shelved is then listed on
 * the start page the moment it shows */
static void
refresh_start (KsmWindow *self)
{
  adopt_autosave (self);
  ksm_library_reload (self->library);
  show_unfinished (self);
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

  if (self->game == NULL || !g_str_equal (gtk_stack_get_visible_child_name (self->stack), "game"))
    return;
  /* The throw button the person pressed is made insensitive at once, and
   * GTK leaves the focus nowhere: the board takes it for the other side's
   * turn, where the person can follow it and where the news is read */
  if (!ksm_game_is_person_to_act (self->game))
    {
      if (gtk_root_get_focus (GTK_ROOT (self)) == NULL && !ksm_game_is_read_only (self->game)
          && !ksm_game_view_focus_in_pane (self->game_view))
        gtk_widget_child_focus (ksm_game_view_get_board (self->game_view), GTK_DIR_TAB_FORWARD);
      return;
    }

  /* one reading the rules or the history is left there */
  if (ksm_game_view_focus_in_pane (self->game_view))
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
  /* a person reading the board stays there: Space throws from it */
  else if (focus == NULL)
    gtk_widget_grab_focus (ksm_game_view_get_throw_view (self->game_view));
}

static void
game_changed_cb (KsmWindow *self)
{
  guint n_moves = 0;

  autoplay_stop (self);
  /* Show Me's move stays until the game moves on */
  if (self->tutor_showing)
    {
      self->tutor_showing = FALSE;
      ksm_board_set_highlight (KSM_BOARD (ksm_game_view_get_board (self->game_view)), -1, -1, 0, FALSE);
    }
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

/* a new game of the finished one's rules and seats, with fresh throws */
static void
play_again (KsmWindow *self)
{
  const KsmRules *rules = ksm_game_get_rules (self->game);
  const KsmOptions *options = ksm_game_get_options (self->game);
  KsmSeat seats[KSM_MAX_PLAYERS] = { 0 };
  g_autoptr(KsmGame) game = NULL;

  for (int p = 0; p < rules->n_players (options); p++)
    seats[p] = *ksm_game_get_seat (self->game, (guint) p);
  game = ksm_game_new (options, seats, ((guint64) g_random_int () << 32) | g_random_int ());
  if (game != NULL)
    set_game (self, game);
}

static void
game_over_response_cb (KsmWindow      *self,
                       const char     *response,
                       AdwMessageDialog *dialog)
{
  if (g_strcmp0 (response, "new-game") == 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.new-game", NULL);
  else if (g_strcmp0 (response, "play-again") == 0 && self->game != NULL)
    play_again (self);
  else if (g_strcmp0 (response, "review") == 0 && self->game != NULL)
    {
      /* the finished game under review at its end, the board as it ended,
       * with the whole game in the history and the analysis on its way */
      g_autoptr(KsmRecord) record = g_object_ref (ksm_game_get_record (self->game));
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "toggle-history");

      ksm_window_review (self, record, NULL);
      ksm_review_set_step (self->review, ksm_review_get_n_steps (self->review));
      g_action_change_state (action, g_variant_new_boolean (TRUE));
      /* the history opened beside it took the focus: the review's keys are
       * the timeline's */
      gtk_widget_grab_focus (GTK_WIDGET (ksm_review_bar_get_timeline (ksm_game_view_get_review_bar (self->game_view))));
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

/* ---- the tutor ---- */

static void
drop_tutor_dialog (KsmWindow *self)
{
  if (self->tutor_dialog != NULL)
    {
      gtk_window_destroy (self->tutor_dialog);
      g_clear_object (&self->tutor_dialog);
    }
}

/* Show Me: the better move on the board, as a hint shows it, with the
 * keyboard on it so Enter plays it */
static void
show_better_move (KsmWindow *self, const KsmMove *move)
{
  KsmBoard *board = KSM_BOARD (ksm_game_view_get_board (self->game_view));
  GtkWidget *start = ksm_board_get_move_cell (board, move), *cell;
  int from = move->to;

  for (guint i = 0; start != NULL && (cell = ksm_board_get_cell (board, i)) != NULL; i++)
    if (cell == start)
      from = (int) i;
  ksm_board_set_highlight (board, from, move->to, move->captured, FALSE);
  self->tutor_showing = TRUE;
  if (start != NULL)
    gtk_widget_grab_focus (start);
}

static void
tutor_response_cb (KsmWindow        *self,
                   const char       *response,
                   AdwMessageDialog *dialog)
{
  KsmQuestion question;

  g_clear_object (&self->tutor_dialog);
  if (self->game == NULL || !ksm_game_get_question (self->game, &question))
    return;
  if (g_strcmp0 (response, "play-anyway") == 0)
    ksm_game_play_questioned (self->game);
  else
    {
      ksm_game_withdraw_questioned (self->game);
      if (g_strcmp0 (response, "show-me") == 0)
        show_better_move (self, &question.better);
    }
}

static void
move_questioned_cb (KsmWindow *self, guint player)
{
  GtkWidget *dialog;

  drop_tutor_dialog (self);
  dialog = ksm_tutor_dialog_new (GTK_WINDOW (self), self->game);
  if (dialog == NULL)
    return;
  g_signal_connect_object (dialog, "response", G_CALLBACK (tutor_response_cb), self,
                           G_CONNECT_SWAPPED);
  self->tutor_dialog = GTK_WINDOW (g_object_ref_sink (dialog));
  gtk_window_present (self->tutor_dialog);
}

static void
game_over_cb (KsmWindow *self,
              int        winner,
              gboolean   gulmasi,
              guint      score,
              KsmGame   *game)
{
  GtkWidget *dialog;
  int points[KSM_MAX_PLAYERS] = { 0 };
  guint n_points;

  add_point (self, winner, (int) score);
  show_score (self);
  n_points = read_scores (self, points);

  dialog = ksm_game_over_dialog_new (GTK_WINDOW (self), game, winner, gulmasi, score, points, n_points);
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

/* The game on the board, left for another while unfinished, waits in the
 * games folder to be resumed. FALSE (and said) when it could not be kept
 * there: then it stays on the board, and nothing replaces it. */
static gboolean
leave_game (KsmWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) shelved = NULL;

  if (self->game == NULL || ksm_game_get_phase (self->game) == KSM_PHASE_OVER)
    return TRUE;
  shelved = ksm_store_shelve (self->store, ksm_game_get_record (self->game), &error);
  if (shelved == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The game could not be kept to resume later, so it "
                                                 "stays open: %s"), error->message);
      toast (self, text);
      return FALSE;
    }
  g_set_object (&self->last_shelved, shelved);
  return TRUE;
}

/* Shows `game` (NULL: none) in place of the one on the board, which, if
 * unfinished, is kept to resume; FALSE when that could not be done */
static gboolean
set_game (KsmWindow *self, KsmGame *game)
{
  if (game != self->game && !leave_game (self))
    return FALSE;
  drop_pending_game_over (self);
  drop_tutor_dialog (self);
  self->tutor_showing = FALSE;
  autoplay_stop (self);
  if (self->game != NULL)
    {
      ksm_store_unwatch (self->store);
      g_settings_unbind (self->game, "tutor");
    }
  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);
  g_clear_object (&self->review);
  if (game != NULL)
    {
      ksm_pace_apply (self->settings, game, NULL);
      ksm_store_watch (self->store, game);
      /* a game under review plays nothing, so has nothing to question */
      if (!ksm_game_is_read_only (game))
        g_settings_bind (self->settings, "tutor", game, "tutor", G_SETTINGS_BIND_GET);
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
  return TRUE;
}

/* Plays on the unfinished game kept in `file`: it leaves the games folder
 * once it is in the autosave, where it goes on as the game on the board */
static void
resume_file (KsmWindow *self, GFile *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) record = ksm_record_new_from_file (file, &error);
  g_autoptr(KsmGame) game = NULL;

  if (record != NULL)
    game = ksm_game_new_from_record (record, &error);
  if (game == NULL)
    {
      /* the file stays where it is */
      g_autofree char *text = g_strdup_printf (_("The game could not be resumed: %s"),
                                               ksm_words_load_error (error));
      toast (self, text);
      refresh_start (self);
      return;
    }
  if (ksm_game_get_phase (game) == KSM_PHASE_OVER)
    {
      toast (self, _("That game has ended; Saved Games has it to review"));
      return;
    }
  if (!set_game (self, game))
    return;
  if (!ksm_store_save_now (self->store, &error))
    return;   /* told by the store; the kept file stays too, so nothing is lost */
  g_file_delete (file, NULL, NULL);
  if (self->last_shelved != NULL && g_file_equal (self->last_shelved, file))
    g_clear_object (&self->last_shelved);
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

/* the start page, where every game can be chosen and every unfinished one
 * resumed: Home (Alt+Home) from anywhere */
static void
go_home (KsmWindow *self)
{
  refresh_start (self);
  show_page (self, "start");
}

static void
new_game_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);
  GtkListBoxRow *first;

  /* the game chooser; the game on the board stays there to go back to */
  go_home (self);
  first = gtk_list_box_get_row_at_index (ksm_start_page_get_games_list (self->start_page), 0);
  if (first != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (first));
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

/* the newest unfinished game waiting in the library, or NULL */
static GFile *
newest_waiting (KsmWindow *self)
{
  GListModel *model = ksm_library_get_model (self->library);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(KsmLibraryItem) item = g_list_model_get_item (model, i);
      KsmOutcome outcome;

      ksm_library_item_get_outcome (item, &outcome);
      if (!outcome.over)
        return g_object_ref (ksm_library_item_get_file (item));
    }
  return NULL;
}

/* Resume: the game on the board if it is unfinished, else the game last
 * left unfinished, else the newest one waiting */
static void
resume_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);
  g_autoptr(GFile) file = NULL;

  if (self->game != NULL && ksm_game_get_phase (self->game) != KSM_PHASE_OVER)
    {
      show_page (self, "game");
      g_idle_add_once (focus_play_cb, g_object_ref (self));
      return;
    }
  adopt_autosave (self);
  ksm_library_reload (self->library);
  if (self->last_shelved != NULL && g_file_query_exists (self->last_shelved, NULL))
    file = g_object_ref (self->last_shelved);
  else
    file = newest_waiting (self);
  if (file == NULL)
    {
      toast (self, _("There is no unfinished game to resume"));
      go_home (self);
      return;
    }
  resume_file (self, file);
}

static void
resume_game_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));

  resume_file (self, file);
}

static KsmLibraryItem *
waiting_item (KsmWindow *self, GFile *file)
{
  GListModel *model = ksm_library_get_model (self->library);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(KsmLibraryItem) item = g_list_model_get_item (model, i);
      if (g_file_equal (ksm_library_item_get_file (item), file))
        return g_steal_pointer (&item);
    }
  return NULL;
}

static void
undo_delete_cb (KsmWindow *self, AdwToast *notice)
{
  KsmLibraryItem *item = g_object_get_data (G_OBJECT (notice), "item");
  g_autoptr(GError) error = NULL;

  if (item == NULL)
    return;
  if (!ksm_library_undo_delete (self->library, item, &error))
    {
      g_autofree char *text = g_strdup_printf (_("The game could not be put back: %s"), error->message);
      toast (self, text);
    }
  g_object_set_data (G_OBJECT (notice), "item", NULL);
  show_unfinished (self);
}

static void
delete_toast_dismissed_cb (KsmWindow *self, AdwToast *notice)
{
  KsmLibraryItem *item = g_object_get_data (G_OBJECT (notice), "item");

  /* the undo has passed: the file goes for good */
  if (item != NULL)
    ksm_library_purge (self->library, item);
}

/* Abandons a game waiting, as Saved Games' delete does: set aside, with an
 * Undo in the toast until it goes */
static void
delete_waiting_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));
  g_autoptr(KsmLibraryItem) item = waiting_item (self, file);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL, *escaped = NULL;
  AdwToast *notice;

  if (item == NULL)
    return;
  if (!ksm_library_delete (self->library, item, &error))
    {
      text = g_strdup_printf (_("The game could not be deleted: %s"), error->message);
      toast (self, text);
      return;
    }
  /* Translators: the toast after deleting a game waiting to be resumed; %s is the game's name */
  text = g_strdup_printf (_("Deleted the unfinished game of %s"),
                          ksm_words_game_name (ksm_library_item_get_rules (item)));
  escaped = g_markup_escape_text (text, -1);
  notice = adw_toast_new (escaped);
  adw_toast_set_button_label (notice, _("_Undo"));
  adw_toast_set_priority (notice, ADW_TOAST_PRIORITY_HIGH);
  g_object_set_data_full (G_OBJECT (notice), "item", g_object_ref (item), g_object_unref);
  g_signal_connect_object (notice, "button-clicked", G_CALLBACK (undo_delete_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (notice, "dismissed", G_CALLBACK (delete_toast_dismissed_cb), self, G_CONNECT_SWAPPED);
  g_set_object (&self->delete_toast, notice);
  adw_toast_overlay_add_toast (self->toast_overlay, notice);
  show_unfinished (self);
}

static void
library_resume_cb (KsmWindow *self, KsmLibraryItem *item)
{
  resume_file (self, ksm_library_item_get_file (item));
}

static void
show_start_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  go_home (KSM_WINDOW (user_data));
}

/* Back: from a review to the saved games it came from, from anywhere else
 * to the start page */
/* ---- the lessons ---- */

/* the lessons of a game, read once for the window; NULL for none */
static KsmLessonBook *
lesson_book (KsmWindow *self, const char *game_id)
{
  KsmLessonBook *book = g_hash_table_lookup (self->lesson_books, game_id);

  if (book == NULL && ksm_rules_lookup (game_id) != NULL)
    {
      g_autoptr(GError) error = NULL;

      book = ksm_lesson_book_new_for_game (game_id, &error);
      if (book == NULL)
        {
          g_debug ("No lessons for %s: %s", game_id, error->message);
          return NULL;
        }
      ksm_lesson_book_set_settings (book, self->settings);
      g_hash_table_insert (self->lesson_books, g_strdup (game_id), book);
    }
  return book;
}

static void
show_lessons_list (KsmWindow *self)
{
  KsmLessonBook *book = ksm_lessons_page_get_book (self->lessons_page);
  GtkListBoxRow *row;

  show_page (self, "lessons");
  /* the focus on the lesson to do next */
  row = book != NULL ? gtk_list_box_get_row_at_index (ksm_lessons_page_get_list (self->lessons_page),
                                                      (int) ksm_lesson_book_get_next (book))
                     : NULL;
  if (row != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (row));
}

gboolean
ksm_window_show_lessons (KsmWindow  *self,
                         const char *game_id)
{
  KsmLessonBook *book;

  g_return_val_if_fail (KSM_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);

  book = lesson_book (self, game_id);
  if (book == NULL)
    return FALSE;
  ksm_lessons_page_set_book (self->lessons_page, book);
  show_lessons_list (self);
  return TRUE;
}

static void
learn_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  ksm_window_show_lessons (KSM_WINDOW (user_data), g_variant_get_string (parameter, NULL));
}

static void
reset_lessons_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);
  KsmLessonBook *book = lesson_book (self, g_variant_get_string (parameter, NULL));

  if (book != NULL)
    ksm_lesson_book_reset_progress (book);
  refresh_start (self);
}

static void
open_lesson_cb (KsmWindow      *self,
                guint           index,
                KsmLessonsPage *page)
{
  ksm_lesson_view_set_lesson (self->lesson_view, ksm_lessons_page_get_book (page), index);
  show_page (self, "lesson");
  gtk_widget_grab_focus (GTK_WIDGET (ksm_lesson_view_get_board (self->lesson_view)));
}

typedef struct {
  KsmLessonBook *book;
  KsmLesson     *lesson;
} LessonGame;

static void
lesson_game_free (gpointer data, GClosure *closure)
{
  LessonGame *played = data;

  g_object_unref (played->book);
  g_object_unref (played->lesson);
  g_free (played);
}

/* a game lesson is done once its game is played to the end, won or lost */
static void
lesson_game_over_cb (KsmGame *game, int winner, gboolean gulmasi, guint score, LessonGame *played)
{
  ksm_lesson_book_mark_done (played->book, played->lesson);
}

/* A game lesson: a real game against its level, the learner in the first
 * seat, with the tutor's hints on whatever Preferences say */
static void
play_lesson_game_cb (KsmWindow     *self,
                     KsmLesson     *lesson,
                     KsmLessonView *view)
{
  const KsmRules *rules = ksm_rules_lookup (ksm_lesson_get_game (lesson));
  KsmOptions options;
  KsmSeat seats[KSM_MAX_PLAYERS];
  g_autoptr(KsmGame) game = NULL;
  LessonGame *played;

  ksm_lesson_get_game_options (lesson, &options);
  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    {
      seats[p].kind = p == 0 ? KSM_SEAT_PERSON : KSM_SEAT_COMPUTER;
      seats[p].level = ksm_lesson_get_level (lesson);
    }
  options.first_player = 0;
  if (rules == NULL || !rules->check_options (&options, NULL, 0))
    return;
  game = ksm_game_new (&options, seats, ((guint64) g_random_int () << 32) | g_random_int ());
  if (game == NULL || !set_game (self, game))
    return;
  g_settings_unbind (game, "tutor");
  ksm_game_set_tutor (game, TRUE);
  played = g_new0 (LessonGame, 1);
  played->book = g_object_ref (ksm_lesson_view_get_book (view));
  played->lesson = g_object_ref (lesson);
  g_signal_connect_data (game, "game-over", G_CALLBACK (lesson_game_over_cb), played,
                         lesson_game_free, 0);
}

KsmLessonsPage *
ksm_window_get_lessons_page (KsmWindow *self)
{
  g_return_val_if_fail (KSM_IS_WINDOW (self), NULL);
  return self->lessons_page;
}

KsmLessonView *
ksm_window_get_lesson_view (KsmWindow *self)
{
  g_return_val_if_fail (KSM_IS_WINDOW (self), NULL);
  return self->lesson_view;
}

static void
back_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);

  if (g_str_equal (gtk_stack_get_visible_child_name (self->stack), "game") && self->review != NULL)
    {
      ksm_library_page_refresh (self->library_page);
      show_page (self, "library");
      return;
    }
  /* from a lesson to its game's list of them */
  if (g_str_equal (gtk_stack_get_visible_child_name (self->stack), "lesson"))
    {
      show_lessons_list (self);
      return;
    }
  go_home (self);
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

/* Space throws from anywhere in the game, whatever holds the focus (Undo,
 * Hint, a token, a cell): a focused button would take it as a press. Only
 * typed text keeps its spaces. When no throw can be made, the focused
 * widget has the key as usual. */
static gboolean
space_pressed_cb (KsmWindow       *self,
                  guint            keyval,
                  guint            keycode,
                  GdkModifierType  state,
                  GtkEventControllerKey *controller)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if ((keyval != GDK_KEY_space && keyval != GDK_KEY_KP_Space)
      || (state & gtk_accelerator_get_default_mod_mask ()) != 0
      || !g_action_group_get_action_enabled (G_ACTION_GROUP (self), "throw"))
    return GDK_EVENT_PROPAGATE;
  if (focus != NULL && (GTK_IS_EDITABLE (focus) || gtk_widget_get_ancestor (focus, GTK_TYPE_EDITABLE) != NULL))
    return GDK_EVENT_PROPAGATE;
  g_action_group_activate_action (G_ACTION_GROUP (self), "throw", NULL);
  return GDK_EVENT_STOP;
}

static void
toggle_history_cb (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);

  g_simple_action_set_state (action, state);
  ksm_game_view_set_history_revealed (self->game_view, g_variant_get_boolean (state));
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
  /* otherwise a window: on the new-game page that game's, with the settings
   * chosen there; elsewhere any game's, with the standard ones */
  if (g_str_equal (page, "new-game"))
    {
      ksm_new_game_page_get_choices (new_game_page (self), &options, seats);
      window = ksm_rules_window_new (ksm_new_game_page_get_rules (new_game_page (self)), &options);
    }
  else
    window = ksm_rules_window_new_choosing (ksm_new_game_page_get_rules (new_game_page (self)));
  /* no larger than the app's window, which on a phone is the screen */
  {
    int width, height;
    gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
    if (gtk_widget_get_width (GTK_WIDGET (self)) > 0)
      gtk_window_set_default_size (GTK_WINDOW (window),
                                   MIN (width, gtk_widget_get_width (GTK_WIDGET (self))),
                                   MIN (height, gtk_widget_get_height (GTK_WIDGET (self))));
  }
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (self));
  gtk_window_present (GTK_WINDOW (window));
}

static void
saved_games_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KsmWindow *self = KSM_WINDOW (user_data);

  /* the page shows what the library has at once, and the folder is
   * looked at again off the main thread */
  ksm_library_page_refresh (self->library_page);
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

  /* the game in progress, if any, waits in the games folder to resume */
  if (!set_game (self, NULL))
    return;
  review = ksm_review_new (record, file);
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
  g_autoptr(GError) error = NULL;
  /* the list shows summaries; the game itself is read now */
  KsmRecord *record = ksm_library_item_load_record (item, &error);

  if (record == NULL)
    {
      /* Translators: %s says why, e.g. the file is damaged */
      g_autofree char *text = g_strdup_printf (_("The game could not be opened: %s"),
                                               ksm_words_load_error (error));
      toast (self, text);
      ksm_library_page_refresh (self->library_page);
      return;
    }
  ksm_window_review (self, record, ksm_library_item_get_file (item));
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
  { "resume-game", resume_game_cb, "s" },
  { "delete-waiting", delete_waiting_cb, "s" },
  { "show-start", show_start_cb },
  { "back", back_cb },
  { "learn", learn_cb, "s" },
  { "reset-lessons", reset_lessons_cb, "s" },
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
  drop_tutor_dialog (self);
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
  g_clear_object (&self->last_shelved);
  g_clear_object (&self->delete_toast);
  g_free (self->notice_title);
  g_free (self->notice);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->game_bindings);
  g_clear_object (&self->game_signals);
  g_clear_pointer (&self->lesson_books, g_hash_table_unref);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ksm_window_parent_class)->finalize (object);
}

static void ksm_window_constructed  (GObject *object);
static void ksm_window_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec);

static void
ksm_window_class_init (KsmWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_window_dispose;
  object_class->finalize = ksm_window_finalize;
  object_class->constructed = ksm_window_constructed;
  object_class->set_property = ksm_window_set_property;

  /* the window a new one in another language replaces */
  g_object_class_install_property (object_class, PROP_PREDECESSOR,
    g_param_spec_object ("predecessor", NULL, NULL, KSM_TYPE_WINDOW,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  g_type_ensure (KSM_TYPE_START_PAGE);
  g_type_ensure (KSM_TYPE_GAME_VIEW);
  g_type_ensure (KSM_TYPE_LIBRARY_PAGE);
  g_type_ensure (KSM_TYPE_LESSONS_PAGE);
  g_type_ensure (KSM_TYPE_LESSON_VIEW);

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
  gtk_widget_class_bind_template_child (widget_class, KsmWindow, lessons_page);
  gtk_widget_class_bind_template_child (widget_class, KsmWindow, lesson_view);
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
  self->lesson_books = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  g_signal_connect_object (self->lessons_page, "open", G_CALLBACK (open_lesson_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->lesson_view, "play-game", G_CALLBACK (play_lesson_game_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->library_page, "open", G_CALLBACK (library_open_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->library_page, "resume", G_CALLBACK (library_resume_cb), self,
                           G_CONNECT_SWAPPED);

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries), self);
  self->game_signals = g_signal_group_new (KSM_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "changed", G_CALLBACK (game_changed_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "game-over", G_CALLBACK (game_over_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "move-questioned", G_CALLBACK (move_questioned_cb),
                                 self, G_CONNECT_SWAPPED);
  self->game_bindings = g_binding_group_new ();
  for (guint i = 0; i < G_N_ELEMENTS (bound_actions); i++)
    g_binding_group_bind (self->game_bindings, bound_actions[i].property,
                          g_action_map_lookup_action (G_ACTION_MAP (self), bound_actions[i].action),
                          "enabled", G_BINDING_SYNC_CREATE);
  /* Space throws before the focused widget sees it (space_pressed_cb) */
  {
    GtkEventController *space = gtk_event_controller_key_new ();
    gtk_event_controller_set_name (space, "ksm-space-throws");
    gtk_event_controller_set_propagation_phase (space, GTK_PHASE_CAPTURE);
    g_signal_connect_object (space, "key-pressed", G_CALLBACK (space_pressed_cb), self, G_CONNECT_SWAPPED);
    gtk_widget_add_controller (GTK_WIDGET (self), space);
  }
  /* H is a single key, so it bubbles up from the focused widget: typed
   * into the glossary's search it is a letter, not a command */
  {
    GtkEventController *keys = gtk_shortcut_controller_new ();
    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_BUBBLE);
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

}

/* What a window rebuilt in another language takes from the one it
 * replaces: the store (with its autosave's lock, watching the game), the
 * library, the game or the review on the board with all their history,
 * and where the person was. The old window is left with none of them. */
static const char *
take_over (KsmWindow *self, KsmWindow *old)
{
  /* what the old window has under way ends with it, though it may be
   * disposed later (a source can hold it a moment longer) */
  g_cancellable_cancel (old->cancellable);
  g_signal_handlers_disconnect_by_data (old->store, old);
  self->store = g_steal_pointer (&old->store);
  self->library = g_steal_pointer (&old->library);
  self->told_unreadable = old->told_unreadable;
  g_set_object (&self->last_shelved, old->last_shelved);
  adw_flap_set_reveal_flap (ksm_game_view_get_flap (self->game_view),
                            adw_flap_get_reveal_flap (ksm_game_view_get_flap (old->game_view)));

  drop_pending_game_over (old);
  drop_tutor_dialog (old);
  autoplay_stop (old);
  if (old->game != NULL)
    {
      g_signal_group_set_target (old->game_signals, NULL);
      self->game = g_steal_pointer (&old->game);
      /* the question went with the old window: the move is chosen again */
      ksm_game_withdraw_questioned (self->game);
      g_signal_group_set_target (self->game_signals, self->game);
      ksm_pace_apply (self->settings, self->game, NULL);
      ksm_game_view_set_game (self->game_view, self->game);
      show_score (self);
    }
  if (old->review != NULL)
    {
      self->review = g_steal_pointer (&old->review);
      g_signal_connect_object (self->review, "notify::step", G_CALLBACK (review_step_cb), self,
                               G_CONNECT_SWAPPED);
      ksm_game_view_set_review (self->game_view, self->review);
    }
  if (old->new_game_page != NULL)
    ksm_new_game_page_set_rules (new_game_page (self), ksm_new_game_page_get_rules (old->new_game_page));
  return gtk_stack_get_visible_child_name (old->stack);
}

/* The Shortcuts window GtkApplication builds for this one once it is the
 * app's, in the app's words for GTK's (its title, the keys' names) */
static void
relabel_shortcuts_cb (GtkWidget *widget, gpointer user_data)
{
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (widget));

  if (overlay == NULL)
    return;
  gtk_window_set_title (GTK_WINDOW (overlay), _("Keyboard Shortcuts"));
  ksm_toolkit_words_apply (GTK_WIDGET (overlay));
}

static void
ksm_window_constructed (GObject *object)
{
  KsmWindow *self = KSM_WINDOW (object);
  g_autoptr(KsmWindow) old = g_steal_pointer (&self->predecessor);
  g_autofree char *page = NULL;

  G_OBJECT_CLASS (ksm_window_parent_class)->constructed (object);

  g_signal_connect (self, "realize", G_CALLBACK (relabel_shortcuts_cb), NULL);

  if (old != NULL)
    page = g_strdup (take_over (self, old));
  else
    {
      self->store = ksm_store_new (NULL);
      ksm_store_remove_leftovers (self->store);
      self->library = ksm_library_new (self->store);
    }
  g_signal_connect_object (self->store, "save-failed", G_CALLBACK (save_failed_cb), self,
                           G_CONNECT_SWAPPED);
  ksm_library_page_set_library (self->library_page, self->library);

  /* the saved games are read off the main thread, so that many of them do
   * not hold up the first frame; the start page lists those waiting once
   * they are read */
  adopt_autosave (self);
  show_unfinished (self);
  if (page != NULL && g_str_equal (page, "game") && (self->game != NULL || self->review != NULL))
    {
      show_page (self, "game");
      if (self->review != NULL)
        gtk_widget_grab_focus (GTK_WIDGET (ksm_review_bar_get_timeline (ksm_game_view_get_review_bar (self->game_view))));
      else
        {
          gtk_widget_grab_focus (ksm_game_view_get_throw_view (self->game_view));
          g_idle_add_once (focus_play_cb, g_object_ref (self));
        }
    }
  else if (page != NULL && g_str_equal (page, "library"))
    {
      show_page (self, "library");
      gtk_widget_grab_focus (GTK_WIDGET (ksm_library_page_get_search (self->library_page)));
    }
  else if (page != NULL && g_str_equal (page, "new-game"))
    {
      new_game_page (self);
      show_page (self, "new-game");
    }
  else
    show_page (self, "start");
  ksm_library_reload_async (self->library, self->cancellable, first_load_cb, self);
}

static void
ksm_window_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  KsmWindow *self = KSM_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PREDECESSOR:
      self->predecessor = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
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
