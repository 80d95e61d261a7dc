/* test-game-over.c: the end of a game in the app. A whole Kasimala game is
 * resumed one move before its end and its last move made on the board, as
 * a key on a cell makes it; the summary that follows names the winner,
 * gives each side's throws, captures and running score as the record and
 * the settings have them, fills its analysis in with the review's numbers,
 * is not answered by the key that ended the game, and its Review, Play
 * Again, New Game and close do what they say.
 */
#include <glib/gi18n.h>

#include "app-test-util.h"
#include "ksm-game-over-dialog.h"
#include "ksm-game-settings.h"
#include "ksm-random.h"
#include "ksm-words.h"

/* a whole Kasimala game of random moves, ended by a move of a person: the
 * last mover's seat is a person's, the other an Easy computer's */
static KsmRecord *
make_finished_record (guint64 seed)
{
  const KsmRules *rules = ksm_rules_get (KSM_GAME_KASIMALA);
  KsmSeat seats[KSM_MAX_PLAYERS] = { 0 };
  KsmOptions options;
  KsmPosition pos;
  KsmMove moves[KSM_MAX_MOVES];
  KsmRandom rng;
  g_autoptr(GArray) events = g_array_new (FALSE, TRUE, sizeof (KsmEvent));
  KsmRecord *record;
  guint last_player;

  rules->default_options (&options);
  ksm_random_seed (&rng, seed);
  rules->init (&pos, &options);
  while (pos.phase != KSM_PHASE_OVER)
    {
      KsmEvent event = { .player = pos.to_move };
      if (pos.phase == KSM_PHASE_THROW)
        {
          event.kind = KSM_EVENT_THROW;
          event.face = (guint8) ksm_throw_sample (&rules->throws, &rng, &event.pattern);
          rules->apply_throw (&pos, event.face);
        }
      else
        {
          int n = rules->legal_moves (&pos, moves);
          int chosen = (int) ksm_random_below (&rng, (guint32) n);
          event.kind = moves[chosen].kind == KSM_MOVE_LOSE ? KSM_EVENT_LOST : KSM_EVENT_MOVE;
          event.face = pos.face;
          event.move = moves[chosen];
          rules->apply_move (&pos, &moves[chosen], NULL);
        }
      g_array_append_val (events, event);
    }
  g_assert_cmpint (g_array_index (events, KsmEvent, events->len - 1).kind, ==, KSM_EVENT_MOVE);
  last_player = g_array_index (events, KsmEvent, events->len - 1).player;
  seats[last_player] = (KsmSeat) { KSM_SEAT_PERSON, KSM_LEVEL_RANDOM };
  seats[1 - last_player] = (KsmSeat) { KSM_SEAT_COMPUTER, KSM_LEVEL_EASY };
  record = ksm_record_new (&options, seats, seed);
  for (guint i = 0; i < events->len; i++)
    ksm_record_append (record, &g_array_index (events, KsmEvent, i));
  return record;
}

typedef struct {
  char  *response;
  guint  n_responses;
} Responses;

static void
response_cb (AdwMessageDialog *dialog, const char *response, Responses *responses)
{
  g_free (responses->response);
  responses->response = g_strdup (response);
  responses->n_responses++;
}

static gboolean
analysed (gpointer data)
{
  return ksm_review_is_analysed (KSM_REVIEW (data));
}

static gboolean
window_is_gone (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);
      if (window == data)
        return FALSE;
    }
  return TRUE;
}

/* an action row titled `title` whose subtitle reads `subtitle` */
typedef struct {
  const char *title;
  const char *subtitle;
} RowText;

static TestMatch
match_row (GtkWidget *widget, gconstpointer data)
{
  const RowText *text = data;

  return ADW_IS_ACTION_ROW (widget)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), text->title) == 0
         && g_strcmp0 (adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)), text->subtitle) == 0
         ? TEST_MATCH_YES : TEST_MATCH_NO;
}

static GtkWidget *
find_row (GtkWidget *widget, const char *title, const char *subtitle)
{
  RowText text = { title, subtitle };
  return find_widget (widget, match_row, &text);
}

static TestMatch
match_name (GtkWidget *widget, gconstpointer name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0 ? TEST_MATCH_YES : TEST_MATCH_NO;
}

/* the response button labelled `label` */
static TestMatch
match_button (GtkWidget *widget, gconstpointer label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0
         ? TEST_MATCH_YES : TEST_MATCH_NO;
}

static GtkWidget *
find_button (GtkWidget *widget, const char *label)
{
  GtkWidget *button = find_widget (widget, match_button, label);
  g_assert_nonnull (button);
  return button;
}

/* The game of `seed` resumed one move before its end, and its last move
 * made by activating the cell it starts from, as Space or Enter on the
 * focused cell does; returns the dialog of its end as soon as it shows */
static KsmGameOverDialog *
finish_game (Fixture *fixture, guint64 seed, KsmRecord **whole_out, Responses *responses)
{
  g_autoptr(KsmRecord) whole = make_finished_record (seed);
  g_autoptr(KsmRecord) record = ksm_record_copy (whole);
  g_autofree char *path = g_build_filename (fixture->data_dir, "autosave.json", NULL);
  g_autoptr(GFile) autosave = g_file_new_for_path (path);
  guint n = ksm_record_get_n_events (whole);
  const KsmEvent *last = ksm_record_get_event (whole, n - 1);
  AdwMessageDialog *dialog = NULL;
  KsmBoard *board;
  GtkWidget *cell;
  KsmGame *game;

  ksm_record_truncate (record, n - 1);
  g_assert_cmpint (g_mkdir_with_parents (fixture->data_dir, 0700), ==, 0);
  g_assert_true (ksm_record_save_to_file (record, autosave, NULL));
  activate (fixture, "win.show-start", NULL);
  activate (fixture, "win.resume", NULL);
  game = ksm_window_get_game (fixture->window);
  g_assert_nonnull (game);
  g_assert_cmpuint (ksm_game_get_n_events (game), ==, n - 1);
  g_assert_true (ksm_game_is_person_to_act (game));

  board = KSM_BOARD (ksm_game_view_get_board (ksm_window_get_game_view (fixture->window)));
  ksm_board_finish_animation (board);
  iterate (2);
  cell = ksm_board_get_move_cell (board, &last->move);
  g_assert_nonnull (cell);
  gtk_widget_grab_focus (cell);
  g_assert_true (gtk_widget_activate (cell));
  ksm_board_finish_animation (board);
  g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_OVER);
  g_assert_cmpuint (ksm_game_get_n_events (game), ==, n);

  /* nothing runs between the dialog's showing and the checks that follow,
   * so its guard cannot have timed out: no clock in the verdict */
  wait_for (dialog_shown, &dialog, "the end of the game's summary");
  g_assert_true (KSM_IS_GAME_OVER_DIALOG (dialog));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (fixture->window));
  g_signal_connect (dialog, "response", G_CALLBACK (response_cb), responses);
  *whole_out = g_steal_pointer (&whole);
  return KSM_GAME_OVER_DIALOG (dialog);
}

/* The key that made the last move, pressed again as the summary appears,
 * answers nothing: no default, no button that can be pressed */
static void
assert_guarded (KsmGameOverDialog *dialog, Responses *responses)
{
  static const char *const labels[] = { "_Review", "_New Game", "_Play Again" };
  GtkWidget *focus;

  g_assert_false (ksm_game_over_dialog_get_armed (dialog));
  /* what arms it waits for its time */
  g_assert_nonnull (g_main_context_find_source_by_user_data (NULL, dialog));
  g_assert_null (gtk_window_get_default_widget (GTK_WINDOW (dialog)));
  /* Enter: the window's default */
  gtk_widget_activate_action (GTK_WIDGET (dialog), "default.activate", NULL);
  /* Space: the focused widget */
  focus = gtk_window_get_focus (GTK_WINDOW (dialog));
  if (focus != NULL)
    gtk_widget_activate (focus);
  /* and no button takes a key or a click: none is sensitive */
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    g_assert_false (gtk_widget_is_sensitive (find_button (GTK_WIDGET (dialog), labels[i])));
  g_assert_cmpuint (responses->n_responses, ==, 0);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_false (ksm_game_over_dialog_get_armed (dialog));
}

static void
test_summary_after_the_last_key (Fixture *fixture, gconstpointer data)
{
  const KsmRules *rules = ksm_rules_get (KSM_GAME_KASIMALA);
  g_autoptr(GSettings) game_settings = ksm_game_settings_new (rules);
  Responses responses = { 0 };
  g_autoptr(KsmRecord) whole = NULL;
  KsmGameOverDialog *dialog = finish_game (fixture, 5, &whole, &responses);
  KsmGame *game = ksm_window_get_game (fixture->window);
  const KsmOptions *options = ksm_game_get_options (game);
  KsmRecordCount counts[KSM_MAX_PLAYERS];
  KsmAnalysisSummary summary[KSM_MAX_PLAYERS];
  int points[KSM_MAX_PLAYERS] = { 0 };
  KsmOutcome outcome;
  KsmReview *review;
  KsmGame *again;
  const char *winner;
  GtkWidget *button;

  assert_guarded (dialog, &responses);

  /* the result names the winner (a gulmasi has the skin's heading) */
  ksm_game_get_outcome (game, &outcome);
  g_assert_true (outcome.over);
  g_assert_cmpint (outcome.winner, >=, 0);
  winner = ksm_words_player_name (rules, options, outcome.winner);
  if (outcome.gulmasi)
    g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, "Gulmasi!");
  else
    g_assert_nonnull (strstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), winner));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), winner));

  /* each side's throws and captures as the record has them, and its
   * running score as the settings keep it */
  g_assert_true (ksm_record_count (whole, counts, NULL));
  g_assert_cmpuint (counts[0].throws + counts[1].throws, >, 0);
  ksm_game_settings_get_points (game_settings, rules, options, points);
  g_assert_cmpint (points[outcome.winner], ==, outcome.score);
  for (int p = 0; p < 2; p++)
    {
      g_autofree char *subtitle = NULL;
      g_autofree char *score = g_strdup_printf ("%d", points[p]);
      GtkWidget *row, *label;

      if (p == outcome.winner)
        subtitle = g_strdup_printf ("%u throws · %u captures · won %u point%s", counts[p].throws,
                                    counts[p].captures, outcome.score, outcome.score == 1 ? "" : "s");
      else
        subtitle = g_strdup_printf ("%u throws · %u captures", counts[p].throws, counts[p].captures);
      row = find_row (GTK_WIDGET (dialog), ksm_words_player_name (rules, options, p), subtitle);
      g_assert_nonnull (row);
      label = find_widget (row, match_name, "score");
      g_assert_nonnull (label);
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, score);
    }

  /* the analysis, once ready, in the numbers Review gives */
  review = ksm_game_over_dialog_get_review (dialog);
  g_assert_cmpuint (ksm_review_get_n_steps (review), ==, ksm_record_get_n_events (whole));
  if (!ksm_review_is_analysed (review))
    g_assert_true (gtk_widget_get_child_visible (find_label (GTK_WIDGET (dialog), "Analysing…")));
  wait_for (analysed, review, "the finished game's analysis");
  ksm_review_get_summary (review, summary);
  for (int p = 0; p < 2; p++)
    {
      g_autofree char *line = g_strdup_printf ("%.1f points lost a decision · luck %+.1f",
                                               100 * summary[p].error_rate, 100 * summary[p].luck);
      g_assert_nonnull (find_row (GTK_WIDGET (dialog), ksm_words_player_name (rules, options, p), line));
    }
  g_assert_cmpint (summary[0].throws + summary[1].throws, ==, counts[0].throws + counts[1].throws);

  /* armed, the responses answer, Play Again first */
  ksm_game_over_dialog_arm (dialog);
  g_assert_true (ksm_game_over_dialog_get_armed (dialog));
  button = find_button (GTK_WIDGET (dialog), "_Play Again");
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_true (gtk_window_get_default_widget (GTK_WINDOW (dialog)) == button);

  /* Enter now plays again: the same rules and seats, a fresh game */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "default.activate", NULL));
  wait_for (window_is_gone, dialog, "the summary to close");
  g_assert_cmpstr (responses.response, ==, "play-again");
  again = ksm_window_get_game (fixture->window);
  g_assert_nonnull (again);
  g_assert_true (again != game);
  g_assert_cmpstr (ksm_game_get_rules (again)->id, ==, rules->id);
  g_assert_cmpint (memcmp (ksm_game_get_options (again), ksm_record_get_options (whole), sizeof (KsmOptions)), ==, 0);
  for (guint p = 0; p < 2; p++)
    {
      g_assert_cmpint (ksm_game_get_seat (again, p)->kind, ==, ksm_record_get_seat (whole, p)->kind);
      g_assert_cmpint (ksm_game_get_seat (again, p)->level, ==, ksm_record_get_seat (whole, p)->level);
    }
  g_assert_cmpuint (ksm_game_get_n_events (again), ==, 0);
  g_assert_cmpint (ksm_game_get_phase (again), !=, KSM_PHASE_OVER);
  g_assert_true (ksm_record_get_seed (ksm_game_get_record (again)) != ksm_record_get_seed (whole));
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  g_free (responses.response);
}

/* Review: the finished game under review at its end, the history shown */
static void
test_review (Fixture *fixture, gconstpointer data)
{
  Responses responses = { 0 };
  g_autoptr(KsmRecord) whole = NULL;
  KsmGameOverDialog *dialog = finish_game (fixture, 7, &whole, &responses);
  GAction *history = g_action_map_lookup_action (G_ACTION_MAP (fixture->window), "toggle-history");
  guint n = ksm_record_get_n_events (whole);
  KsmReview *review;

  assert_guarded (dialog, &responses);
  ksm_game_over_dialog_arm (dialog);
  g_assert_true (gtk_widget_activate (find_button (GTK_WIDGET (dialog), "_Review")));
  wait_for (window_is_gone, dialog, "the summary to close");
  g_assert_cmpstr (responses.response, ==, "review");
  review = ksm_game_view_get_review (ksm_window_get_game_view (fixture->window));
  g_assert_nonnull (review);
  g_assert_cmpuint (ksm_review_get_n_steps (review), ==, n);
  g_assert_cmpuint (ksm_review_get_step (review), ==, n);
  g_assert_true (g_variant_get_boolean (g_action_get_state (history)));
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  g_free (responses.response);
}

/* New Game: the game chooser, the start page */
static void
test_new_game (Fixture *fixture, gconstpointer data)
{
  Responses responses = { 0 };
  g_autoptr(KsmRecord) whole = NULL;
  KsmGameOverDialog *dialog = finish_game (fixture, 11, &whole, &responses);

  assert_guarded (dialog, &responses);
  ksm_game_over_dialog_arm (dialog);
  g_assert_true (gtk_widget_activate (find_button (GTK_WIDGET (dialog), "_New Game")));
  wait_for (window_is_gone, dialog, "the summary to close");
  g_assert_cmpstr (responses.response, ==, "new-game");
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "start");
  g_free (responses.response);
}

/* Escape or the window's close: nothing happens, the finished board stays */
static void
test_close_does_nothing (Fixture *fixture, gconstpointer data)
{
  Responses responses = { 0 };
  g_autoptr(KsmRecord) whole = NULL;
  KsmGameOverDialog *dialog = finish_game (fixture, 13, &whole, &responses);
  KsmGame *game = ksm_window_get_game (fixture->window);

  assert_guarded (dialog, &responses);
  /* the close is no response, so it needs no guard; Escape is bound to
   * the window's close action */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL));
  wait_for (window_is_gone, dialog, "the summary to close");
  g_assert_cmpstr (responses.response, ==, "close");
  g_assert_true (ksm_window_get_game (fixture->window) == game);
  g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_OVER);
  g_assert_null (ksm_game_view_get_review (ksm_window_get_game_view (fixture->window)));
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  g_free (responses.response);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-app-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/game-over/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("summary-after-the-last-key", test_summary_after_the_last_key);
  ADD ("review", test_review);
  ADD ("new-game", test_new_game);
  ADD ("close-does-nothing", test_close_does_nothing);
#undef ADD

  status = g_test_run ();
  remove_tree (data_home);
  return status;
}
