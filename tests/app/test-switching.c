/* test-switching.c: moving between games without losing one, under Xvfb.
 * A game left unfinished for another waits in Saved Games with its seats
 * and every event, and resumes where it stopped, from the start page or
 * from Saved Games; several wait at once; Home (Alt+Home) and Ctrl+N reach
 * the start page from a game; an autosave this version cannot read is
 * never written over; hostile files as the autosave and in Saved Games
 * are refused at start-up without a crash or a wait. */
/* mkfifo () under -std=c11 */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <adwaita.h>
#include <string.h>
#include <sys/stat.h>

#include "ksm-game-settings.h"
#include "ksm-library-page.h"
#include "ksm-rules.h"
#include "ksm-start-page.h"
#include "ksm-words.h"

#include "app-test-util.h"
#include "test-records.h"
#include "tests/fifo-guard.h"

/* A new game of `rules_id` with a person in every seat, through the start
 * page's row for it and the new-game page's Start */
static KsmGame *
start_game_of (Fixture *fixture, const char *rules_id)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GSettings) game_settings = ksm_game_settings_new (ksm_rules_lookup (rules_id));
  const char *seats[] = { "person", "person", "person", "person", NULL };
  const KsmRules *rules = ksm_rules_lookup (rules_id);
  GtkListBox *games = ksm_start_page_get_games_list (ksm_window_get_start_page (fixture->window));
  GtkWidget *row = find_visible_row (GTK_WIDGET (games), ksm_words_game_name (rules));
  KsmGame *game;

  g_settings_set_int (settings, "computer-delay", 0);
  g_settings_set_boolean (settings, "autoplay-single-move", FALSE);
  g_settings_set_strv (game_settings, "seats", seats);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "start");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_activate (row));
  iterate (2);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "new-game");
  activate (fixture, "win.start-game", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  game = ksm_window_get_game (fixture->window);
  g_assert_true (ksm_game_get_rules (game) == rules);
  return game;
}

/* the record's events, one line each, in words and numbers */
static char *
events_of (KsmRecord *record)
{
  GString *text = g_string_new (NULL);
  KsmPosition position;

  g_assert_true (ksm_record_replay (record, 0, &position, NULL));
  for (guint i = 0; i < ksm_record_get_n_events (record); i++)
    {
      const KsmEvent *event = ksm_record_get_event (record, i);
      g_autofree char *words = ksm_record_describe_event (record, &position, event);

      g_string_append_printf (text, "%u %d %u %u %u: %s\n", i, event->kind, event->player,
                              event->face, event->pattern, words);
      g_assert_true (ksm_record_apply_event (record, i, &position, NULL));
    }
  return g_string_free (text, FALSE);
}

static char *
position_of (KsmGame *game)
{
  char text[KSM_NOTATION_MAX];

  ksm_game_get_rules (game)->format_position (ksm_game_get_position (game), text, sizeof text);
  return g_strdup (text);
}

/* the start page's unfinished rows, as "title|subtitle" lines */
static GPtrArray *
unfinished_rows (Fixture *fixture)
{
  GtkListBox *list = ksm_start_page_get_unfinished_list (ksm_window_get_start_page (fixture->window));
  GPtrArray *rows = g_ptr_array_new ();

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (ADW_IS_ACTION_ROW (row))
      g_ptr_array_add (rows, row);
  return rows;
}

/* the start page's row that resumes the waiting game of `rules`, or NULL */
static GtkWidget *
waiting_row (Fixture *fixture, const KsmRules *rules)
{
  g_autoptr(GPtrArray) rows = unfinished_rows (fixture);

  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (gtk_actionable_get_action_name (rows->pdata[i]), "win.resume-game") == 0
        && g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), ksm_words_game_name (rules)) == 0)
      return rows->pdata[i];
  return NULL;
}

/* the Saved Games rows of unfinished games */
static guint
n_unfinished_in_library (Fixture *fixture)
{
  GtkListBox *list = ksm_library_page_get_list (ksm_window_get_library_page (fixture->window));
  guint n = 0;

  for (int i = 0; gtk_list_box_get_row_at_index (list, i) != NULL; i++)
    {
      KsmLibraryItem *item = g_object_get_data (G_OBJECT (gtk_list_box_get_row_at_index (list, i)), "item");
      KsmOutcome outcome;

      ksm_library_item_get_outcome (item, &outcome);
      n += !outcome.over;
    }
  return n;
}

static gboolean
has_accel (Fixture *fixture, const char *action, const char *accel)
{
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (fixture->app), action);

  return accels != NULL && g_strv_contains ((const char *const *) accels, accel);
}

/* From a Kasimala game to Ashte Kashte and back, and on to Ashte Kashte
 * again: each resumes with every event it had, its seats and its position */
static void
test_switch_and_back (Fixture *fixture, gconstpointer data)
{
  const KsmRules *kasimala = ksm_rules_lookup ("kasimala");
  const KsmRules *ashte = ksm_rules_lookup ("ashte-kashte");
  KsmGame *game;
  g_autofree char *kasimala_events = NULL, *kasimala_position = NULL;
  g_autofree char *ashte_events = NULL, *ashte_position = NULL;
  guint ashte_players;

  g_assert_true (has_accel (fixture, "win.show-start", "<Alt>Home"));
  g_assert_true (has_accel (fixture, "win.new-game", "<Control>n"));

  game = start_game_of (fixture, "kasimala");
  test_play_events (fixture, game, 12);
  kasimala_events = events_of (ksm_game_get_record (game));
  kasimala_position = position_of (game);

  /* Ctrl+N: the game chooser, the game still on the board, offered first */
  activate (fixture, "win.new-game", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "start");
  g_assert_true (ksm_window_get_game (fixture->window) == game);
  {
    g_autoptr(GPtrArray) rows = unfinished_rows (fixture);
    g_assert_cmpuint (rows->len, ==, 1);
    g_assert_cmpstr (gtk_actionable_get_action_name (rows->pdata[0]), ==, "win.resume");
    g_assert_nonnull (strstr (adw_preferences_row_get_title (rows->pdata[0]), ksm_words_game_name (kasimala)));
    /* the focus is on the chooser's first game */
    g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (fixture->window)),
                                           GTK_WIDGET (ksm_start_page_get_games_list (ksm_window_get_start_page (fixture->window)))));
  }

  /* Ashte Kashte: the Kasimala game goes to wait */
  game = start_game_of (fixture, "ashte-kashte");
  ashte_players = ashte->n_players (ksm_game_get_options (game));
  test_play_events (fixture, game, 9);
  ashte_events = events_of (ksm_game_get_record (game));
  ashte_position = position_of (game);

  /* Home (Alt+Home): both are offered, the one on the board first */
  activate (fixture, "win.show-start", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "start");
  {
    g_autoptr(GPtrArray) rows = unfinished_rows (fixture);
    g_assert_cmpuint (rows->len, ==, 2);
    g_assert_nonnull (strstr (adw_preferences_row_get_title (rows->pdata[0]), ksm_words_game_name (ashte)));
    /* the waiting one says how far it went: 12 throws and moves */
    g_assert_nonnull (strstr (adw_action_row_get_subtitle (rows->pdata[1]), "12 throws and moves"));
  }

  /* back to Kasimala from its row: every event, the same position */
  g_assert_true (gtk_widget_activate (waiting_row (fixture, kasimala)));
  iterate (2);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  game = ksm_window_get_game (fixture->window);
  g_assert_true (ksm_game_get_rules (game) == kasimala);
  {
    g_autofree char *events = events_of (ksm_game_get_record (game));
    g_autofree char *position = position_of (game);
    g_assert_cmpstr (events, ==, kasimala_events);
    g_assert_cmpstr (position, ==, kasimala_position);
  }
  for (guint p = 0; p < 2; p++)
    g_assert_cmpint (ksm_game_get_seat (game, p)->kind, ==, KSM_SEAT_PERSON);
  /* and it plays on */
  test_play_events (fixture, game, 14);

  /* Ashte Kashte again, now from Saved Games, where it waits as unfinished */
  activate (fixture, "win.saved-games", NULL);
  g_assert_cmpuint (n_unfinished_in_library (fixture), ==, 1);
  {
    GtkListBox *list = ksm_library_page_get_list (ksm_window_get_library_page (fixture->window));
    GtkWidget *row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, 0));
    GtkWidget *resume = find_label (row, "Resume");
    g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), "Unfinished"));
    g_assert_nonnull (resume);
    resume = gtk_widget_get_ancestor (resume, GTK_TYPE_BUTTON);
    g_signal_emit_by_name (resume, "clicked");
    iterate (2);
  }
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  game = ksm_window_get_game (fixture->window);
  g_assert_true (ksm_game_get_rules (game) == ashte);
  g_assert_cmpuint (ashte->n_players (ksm_game_get_options (game)), ==, ashte_players);
  {
    g_autofree char *events = events_of (ksm_game_get_record (game));
    g_autofree char *position = position_of (game);
    g_assert_cmpstr (events, ==, ashte_events);
    g_assert_cmpstr (position, ==, ashte_position);
  }

  /* the Kasimala game waits again, with the two events it gained */
  activate (fixture, "win.show-start", NULL);
  g_assert_nonnull (waiting_row (fixture, kasimala));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (waiting_row (fixture, kasimala))),
                            "14 throws and moves"));
}

/* a label of that text outside the window's pages: in its own toasts, not
 * those of the library page */
static TestMatch
match_window_label (GtkWidget *widget, gconstpointer text)
{
  if (GTK_IS_STACK (widget))
    return TEST_MATCH_PRUNE;
  return match_label (widget, text);
}

static guint
n_waiting_rows (KsmWindow *window)
{
  GtkListBox *rows = ksm_start_page_get_unfinished_list (ksm_window_get_start_page (window));
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (rows)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    n += g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (row)), "win.resume-game") == 0;
  return n;
}

static gboolean
three_waiting (gpointer data)
{
  return n_waiting_rows (data) == 3;
}

/* Two games waiting at once, both in Saved Games and on the start page;
 * abandoning one is a delete with an undo */
static void
test_two_unfinished_kept (Fixture *fixture, gconstpointer data)
{
  KsmLibraryPage *library = ksm_window_get_library_page (fixture->window);
  GtkListBox *list = ksm_library_page_get_list (library);
  KsmGame *game;

  game = start_game_of (fixture, "kasimala");
  test_play_events (fixture, game, 5);
  activate (fixture, "win.show-start", NULL);
  game = start_game_of (fixture, "asi-keliya");
  test_play_events (fixture, game, 3);
  activate (fixture, "win.show-start", NULL);
  game = start_game_of (fixture, "ashte-kashte");
  test_play_events (fixture, game, 1);

  /* a review, too, keeps the game on the board waiting */
  activate (fixture, "win.saved-games", NULL);
  g_assert_cmpuint (n_unfinished_in_library (fixture), ==, 2);
  g_signal_emit_by_name (gtk_list_box_get_row_at_index (list, 0), "activated");
  iterate (2);
  g_assert_nonnull (ksm_game_view_get_review (ksm_window_get_game_view (fixture->window)));
  g_assert_null (ksm_window_get_game (fixture->window));
  activate (fixture, "win.show-start", NULL);
  {
    g_autoptr(GPtrArray) rows = unfinished_rows (fixture);
    g_assert_cmpuint (rows->len, ==, 3);
    g_assert_nonnull (waiting_row (fixture, ksm_rules_lookup ("kasimala")));
    g_assert_nonnull (waiting_row (fixture, ksm_rules_lookup ("asi-keliya")));
    g_assert_nonnull (waiting_row (fixture, ksm_rules_lookup ("ashte-kashte")));
  }

  /* abandoned on purpose: gone from both lists, and back with Undo */
  activate (fixture, "win.saved-games", NULL);
  ksm_library_page_set_undo_timeout (library, 0);
  {
    KsmLibraryItem *item = g_object_get_data (G_OBJECT (gtk_list_box_get_row_at_index (list, 0)), "item");
    ksm_library_page_delete (library, item);
  }
  iterate (2);
  g_assert_cmpuint (n_unfinished_in_library (fixture), ==, 2);
  g_assert_nonnull (strstr (ksm_library_page_get_last_message (library), "Deleted"));
  ksm_library_page_undo_delete (library);
  iterate (2);
  g_assert_cmpuint (n_unfinished_in_library (fixture), ==, 3);

  /* abandoned from the start page: its row goes, and Undo in the toast
   * brings it back */
  activate (fixture, "win.show-start", NULL);
  {
    GtkWidget *row = waiting_row (fixture, ksm_rules_lookup ("asi-keliya"));
    GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (row));
    GtkWidget *undo;

    activate (fixture, "win.delete-waiting", g_variant_ref (target));
    g_assert_cmpuint (n_waiting_rows (fixture->window), ==, 2);
    g_assert_null (waiting_row (fixture, ksm_rules_lookup ("asi-keliya")));
    g_assert_nonnull (find_widget (GTK_WIDGET (fixture->window), match_window_label,
                                   "Deleted the unfinished game of Asi Keliya"));
    undo = find_widget (GTK_WIDGET (fixture->window), match_window_label, "Undo");
    g_assert_nonnull (undo);
    g_signal_emit_by_name (gtk_widget_get_ancestor (undo, GTK_TYPE_BUTTON), "clicked");
    iterate (2);
    g_assert_cmpuint (n_waiting_rows (fixture->window), ==, 3);
    g_assert_nonnull (waiting_row (fixture, ksm_rules_lookup ("asi-keliya")));
  }

  /* a new start of the app offers all three, once it has read them */
  ksm_window_flush_autosave (fixture->window);
  {
    KsmWindow *second = ksm_window_new (fixture->app);

    wait_for (three_waiting, second, "the three games waiting on the start page");
    test_destroy_window (GTK_WINDOW (second));
  }
}

/* What a newer version would write: a saved game of a format this one
 * does not read */
static const char newer_autosave[] =
  "{\n  \"format\": \"kasimala-game\",\n  \"version\": 99,\n  \"game\": \"kasimala-ng\",\n"
  "  \"what-it-holds\": \"a game this version cannot read\"\n}\n";

/* An autosave from a newer version stays byte for byte as it was, through
 * a whole session that plays and quits, and the start page says why it is
 * not offered */
static void
test_newer_autosave_kept (Fixture *fixture, gconstpointer data)
{
  g_autofree char *path = g_build_filename (fixture->data_dir, "autosave.json", NULL);
  g_autofree char *contents = NULL;
  KsmWindow *window;
  KsmGame *game;
  g_autofree char *position = NULL;
  const char *notice;
  gsize length;

  /* the fixture's window has started; this one starts over the file */
  test_destroy_window (GTK_WINDOW (fixture->window));
  g_mkdir_with_parents (fixture->data_dir, 0700);
  g_assert_true (g_file_set_contents (path, newer_autosave, -1, NULL));
  fixture->window = window = ksm_window_new (fixture->app);
  gtk_window_present (GTK_WINDOW (window));
  iterate (3);

  notice = ksm_start_page_get_notice (ksm_window_get_start_page (window));
  g_assert_nonnull (notice);
  g_assert_nonnull (strstr (notice, "saved by a newer version"));
  g_assert_nonnull (strstr (notice, "kept as it was"));

  /* a game played, left, resumed and played on */
  game = start_game_of (fixture, "kasimala");
  test_play_events (fixture, game, 6);
  activate (fixture, "win.show-start", NULL);
  activate (fixture, "win.resume", NULL);
  game = ksm_window_get_game (window);
  test_play_events (fixture, game, 8);
  position = position_of (game);
  ksm_window_flush_autosave (window);

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpmem (contents, length, newer_autosave, strlen (newer_autosave));

  /* the next start still says so, and offers this version's game */
  test_destroy_window (GTK_WINDOW (window));
  fixture->window = window = ksm_window_new (fixture->app);
  gtk_window_present (GTK_WINDOW (window));
  iterate (3);
  g_assert_nonnull (ksm_start_page_get_notice (ksm_window_get_start_page (window)));
  activate (fixture, "win.resume", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (window), ==, "game");
  {
    g_autofree char *resumed = position_of (ksm_window_get_game (window));
    g_assert_cmpstr (resumed, ==, position);
  }
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpmem (contents, length, newer_autosave, strlen (newer_autosave));
}

/* Another instance, on another session bus, holds the data folder: this
 * window says so, keeps its own autosave, and leaves the other's as it was */
static void
test_another_session (Fixture *fixture, gconstpointer data)
{
  g_autofree char *theirs = g_build_filename (fixture->data_dir, "autosave.json", NULL);
  g_autofree char *ours = g_build_filename (fixture->data_dir, "autosave-2.json", NULL);
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(GFile) directory = g_file_new_for_path (fixture->data_dir);
  g_autoptr(KsmStore) other = NULL;
  g_autoptr(KsmGame) other_game = NULL;
  KsmWindow *window;
  KsmGame *game;
  const char *notice;

  test_destroy_window (GTK_WINDOW (fixture->window));
  /* the other instance: its store and its game in autosave.json */
  other = ksm_store_new (directory);
  g_assert_null (ksm_store_shelve_autosave (other, NULL));
  {
    g_autoptr(KsmRecord) record = test_random_record (7, 12);
    g_autoptr(GError) error = NULL;
    other_game = ksm_game_new_from_record (record, &error);
    g_assert_no_error (error);
  }
  ksm_store_watch (other, other_game);
  g_assert_true (ksm_store_save_now (other, NULL));
  g_assert_true (g_file_get_contents (theirs, &before, NULL, NULL));

  fixture->window = window = ksm_window_new (fixture->app);
  gtk_window_present (GTK_WINDOW (window));
  iterate (3);
  notice = ksm_start_page_get_notice (ksm_window_get_start_page (window));
  g_assert_nonnull (notice);
  g_assert_nonnull (strstr (notice, "keeps its games apart"));

  /* a game here is written beside the other's, which stays as it was */
  game = start_game_of (fixture, "kasimala");
  test_play_events (fixture, game, 6);
  ksm_window_flush_autosave (window);
  g_assert_true (g_file_test (ours, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_get_contents (theirs, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  ksm_store_unwatch (other);
}

/* A file nested 200,000 deep behind a comment as the autosave, a FIFO and
 * a file with a BOM in the games folder beside two good games: the app
 * starts, the start page says the autosave was not read and why, and Saved
 * Games lists the good games, the two others counted unreadable and left */
static void
test_hostile_files_at_start (Fixture *fixture, gconstpointer data)
{
  g_autofree char *autosave = g_build_filename (fixture->data_dir, "autosave.json", NULL);
  g_autofree char *games = g_build_filename (fixture->data_dir, "games", NULL);
  g_autofree char *fifo = g_build_filename (games, "fifo.json", NULL);
  g_autofree char *bom = g_build_filename (games, "bom.json", NULL);
  g_autoptr(GString) nested = g_string_new ("[/* \" */ ");
  g_autoptr(GError) damaged = g_error_new_literal (KSM_RECORD_ERROR, KSM_RECORD_ERROR_NOT_JSON, "");
  g_autofree char *bom_data = NULL;
  KsmWindow *window;
  const char *notice;
  FifoGuard guard;

  test_destroy_window (GTK_WINDOW (fixture->window));
  g_assert_cmpint (g_mkdir_with_parents (games, 0700), ==, 0);
  for (guint i = 0; i < 200000; i++)
    g_string_append_c (nested, '[');
  g_assert_true (g_file_set_contents (autosave, nested->str, (gssize) nested->len, NULL));
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(KsmRecord) record = test_random_record (40 + i, 30);
      g_autofree char *name = g_strdup_printf ("good-%u.json", i);
      g_autoptr(GFile) file = g_file_new_build_filename (games, name, NULL);
      g_autofree char *text = NULL;
      g_assert_true (ksm_record_save_to_file (record, file, NULL));
      if (i == 0)
        {
          g_assert_true (g_file_get_contents (g_file_peek_path (file), &text, NULL, NULL));
          bom_data = g_strconcat ("\xef\xbb\xbf", text, NULL);
        }
    }
  g_assert_true (g_file_set_contents (bom, bom_data, -1, NULL));
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);

  fifo_guard_arm (&guard, TRUE, fifo);
  fixture->window = window = ksm_window_new (fixture->app);
  gtk_window_present (GTK_WINDOW (window));
  iterate (3);

  notice = ksm_start_page_get_notice (ksm_window_get_start_page (window));
  g_assert_nonnull (notice);
  g_assert_nonnull (strstr (notice, "kept as it was"));
  g_assert_nonnull (strstr (notice, ksm_words_load_error (damaged)));

  activate (fixture, "win.saved-games", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (window), ==, "library");
  {
    GtkListBox *list = ksm_library_page_get_list (ksm_window_get_library_page (window));
    guint n = 0;
    while (gtk_list_box_get_row_at_index (list, (int) n) != NULL)
      n++;
    g_assert_cmpuint (n, ==, 2);
  }
  fifo_guard_release (&guard);

  /* the two refused are counted, and left where they were */
  {
    g_autoptr(GFile) directory = g_file_new_for_path (fixture->data_dir);
    g_autoptr(KsmStore) store = ksm_store_new (directory);
    g_autoptr(KsmLibrary) library = ksm_library_new (store);
    struct stat st;

    fifo_guard_arm (&guard, TRUE, fifo);
    ksm_library_reload (library);
    fifo_guard_release (&guard);
    g_assert_cmpuint (g_list_model_get_n_items (ksm_library_get_model (library)), ==, 2);
    g_assert_cmpuint (ksm_library_get_n_unreadable (library), ==, 2);
    g_assert_cmpint (stat (fifo, &st), ==, 0);
    g_assert_true (S_ISFIFO (st.st_mode));
    g_assert_true (g_file_test (bom, G_FILE_TEST_IS_REGULAR));
    g_assert_true (g_file_test (autosave, G_FILE_TEST_IS_REGULAR));
  }
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-switching-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add ("/switching/kasimala-to-ashte-kashte-and-back", Fixture, NULL,
              fixture_set_up, test_switch_and_back, fixture_tear_down);
  g_test_add ("/switching/two-unfinished-kept", Fixture, NULL,
              fixture_set_up, test_two_unfinished_kept, fixture_tear_down);
  g_test_add ("/switching/newer-autosave-kept", Fixture, NULL,
              fixture_set_up, test_newer_autosave_kept, fixture_tear_down);
  g_test_add ("/switching/hostile-files-at-start", Fixture, NULL,
              fixture_set_up, test_hostile_files_at_start, fixture_tear_down);
  g_test_add ("/switching/another-session", Fixture, NULL,
              fixture_set_up, test_another_session, fixture_tear_down);

  status = g_test_run ();
  remove_tree (data_home);
  return status;
}
