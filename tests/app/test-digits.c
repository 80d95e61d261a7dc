/* test-digits.c: every number the app shows in Nepali and Newar is in
 * Devanagari digits. Run with LANGUAGE=ne or LANGUAGE=new and LANG=C.UTF-8,
 * with the build's catalogues, as test-language.c is.
 *
 * Everything a person reads of the window, or hears of it, is walked: each
 * shown label's text, each preferences row's title and action row's
 * subtitle, each tooltip, each entry's text, each accessible label and
 * description, and what was said to a screen reader. None may hold a Latin
 * digit outside a cell's or a key's name (B17, d1, F9), which stay as the
 * board's coordinates write them (and the coordinates themselves are left
 * out). It looks on the start page with games waiting, the new-game page, a
 * Kasimala game after some throws and moves with its history and rules
 * open, an Ashte Kashte game, the end of a game's dialog and its analysis,
 * Saved Games, and a saved game under review with its analysis. Skips while
 * the language is not in po/LINGUAS. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "ksm-announce.h"
#include "ksm-application.h"
#include "ksm-game-over-dialog.h"
#include "ksm-game-settings.h"
#include "ksm-game-view.h"
#include "ksm-dates.h"
#include "ksm-library-page.h"
#include "ksm-numbers.h"
#include "ksm-review.h"
#include "ksm-store.h"
#include "ksm-window.h"

#include "test-application.h"
#include "test-helpers.h"
#include "test-records.h"

/* games waiting in Saved Games: more than the start page lists */
#define N_SAVED 7

static gboolean skipped;

typedef struct {
  const char *where;
  GPtrArray  *found;   /* what had a Latin number, and where it was */
  guint       native;  /* the texts with a number in Devanagari digits */
} Walk;

static void
check_text (Walk *walk, GtkWidget *widget, const char *what, const char *text)
{
  g_autofree char *latin = NULL;

  if (text == NULL)
    return;
  latin = ksm_delocalize_digits (text);
  if (g_strcmp0 (latin, text) != 0)
    walk->native++;
  if (!ksm_has_latin_number (text))
    return;
  g_ptr_array_add (walk->found, g_strdup_printf ("%s: a %s's %s: “%s”", walk->where,
                                                 G_OBJECT_TYPE_NAME (widget), what, text));
}

/* An accessible property's value as a string, or NULL when it is not set.
 * GTK 4.8 has no getter: the test check gives the value it found when it
 * is not the one asked for, and nothing reads as this one. */
static char *
accessible_property (GtkWidget *widget, GtkAccessibleProperty property)
{
  if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), property))
    return NULL;
  return gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), property, "\x01 none \x01");
}

static void
walk_widget (Walk *walk, GtkWidget *widget)
{
  /* what is not shown is not read; the board's coordinates write cells'
   * names, in Latin digits, and nothing else */
  if (!gtk_widget_get_mapped (widget) || gtk_widget_has_css_class (widget, "coordinate"))
    return;

  if (GTK_IS_LABEL (widget))
    check_text (walk, widget, "text", gtk_label_get_text (GTK_LABEL (widget)));
  if (ADW_IS_PREFERENCES_ROW (widget))
    check_text (walk, widget, "title", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)));
  if (ADW_IS_ACTION_ROW (widget))
    check_text (walk, widget, "subtitle", adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)));
  if (GTK_IS_EDITABLE (widget))
    check_text (walk, widget, "text", gtk_editable_get_text (GTK_EDITABLE (widget)));
  if (GTK_IS_BUTTON (widget))
    check_text (walk, widget, "label", gtk_button_get_label (GTK_BUTTON (widget)));
  check_text (walk, widget, "tooltip", gtk_widget_get_tooltip_text (widget));
  {
    g_autofree char *label = accessible_property (widget, GTK_ACCESSIBLE_PROPERTY_LABEL);
    g_autofree char *description = accessible_property (widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    check_text (walk, widget, "accessible label", label);
    check_text (walk, widget, "accessible description", description);
  }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    walk_widget (walk, child);
}

/* Fails, printing each text, when a shown window (the main one, a dialog)
 * or what was said to a screen reader has a Latin number */
static void
assert_no_latin_numbers (KsmWindow *window, const char *where)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  Walk walk = { where, found, 0 };
  GListModel *toplevels = gtk_window_get_toplevels ();
  GPtrArray *said;

  wait_for_frames (GTK_WIDGET (window));
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);
      if (gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        walk_widget (&walk, GTK_WIDGET (toplevel));
    }
  said = ksm_announce_get_said (GTK_WIDGET (window));
  for (guint i = 0; said != NULL && i < said->len; i++)
    check_text (&walk, GTK_WIDGET (window), "screen reader's words", g_ptr_array_index (said, i));

  for (guint i = 0; i < found->len; i++)
    g_printerr ("Latin number: %s\n", (const char *) found->pdata[i]);
  g_test_message ("%s: %u texts with Latin numbers, %u in the language's digits",
                  where, found->len, walk.native);
  g_assert_cmpuint (found->len, ==, 0);
  /* the page had numbers to show: it was looked at */
  g_assert_cmpuint (walk.native, >, 0);
}

static void
activate (KsmWindow *window, const char *action, GVariant *parameter)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), action, parameter));
  iterate (3);
}

static void
set_seats (const char *game_id, const char *const *seats)
{
  g_autoptr(GSettings) settings = ksm_game_settings_new (ksm_rules_lookup (game_id));
  g_settings_set_strv (settings, "seats", seats);
}

/* a wait_for () condition: the game (data) waits for a throw or a move
 * someone can make */
static gboolean
game_ready (gpointer data)
{
  KsmGame *game = data;
  guint n_moves;
  const KsmMove *moves;

  if (ksm_game_get_phase (game) != KSM_PHASE_MOVE)
    return TRUE;
  moves = ksm_game_get_moves (game, &n_moves);
  return n_moves > 0 && moves[0].kind != KSM_MOVE_LOSE;
}

/* `n` throws and moves of the persons in seats */
static void
play_some (KsmWindow *window, guint n)
{
  KsmGame *game = ksm_window_get_game (window);

  g_assert_nonnull (game);
  for (guint i = 0; i < n && ksm_game_get_phase (game) != KSM_PHASE_OVER; i++)
    {
      wait_for (game_ready, game, "a throw or a move to make");
      if (ksm_game_get_phase (game) == KSM_PHASE_THROW)
        ksm_game_throw (game);
      else if (ksm_game_get_phase (game) == KSM_PHASE_MOVE)
        {
          guint n_moves;
          const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
          ksm_game_play (game, &moves[i % n_moves]);
        }
      iterate (2);
    }
}

static gboolean
analysed (gpointer data)
{
  return ksm_review_is_analysed (KSM_REVIEW (data));
}

static void
test_numbers_in_digits (void)
{
  const char *language = g_getenv ("LANGUAGE");
  g_autofree char *mo = g_build_filename (g_getenv ("KSM_LOCALEDIR"), language, "LC_MESSAGES",
                                          GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *data_dir = g_build_filename (g_get_user_data_dir (), "kasimala", NULL);
  g_autoptr(GFile) directory = NULL;
  g_autoptr(KsmStore) store = NULL;
  KsmWindow *window;
  KsmGameView *view;
  KsmReview *review;
  g_autoptr(KsmRecord) whole = NULL;
  const KsmEvent *last;
  guint n;

  if (!g_file_test (mo, G_FILE_TEST_EXISTS))
    {
      g_autofree char *why = g_strdup_printf ("no catalogue for %s: add it to po/LINGUAS", language);
      g_test_skip (why);
      skipped = TRUE;
      return;
    }
  g_assert_true (ksm_numbers_native_digits ());

  /* games waiting in Saved Games, of a few dozen throws and moves */
  directory = g_file_new_for_path (data_dir);
  store = ksm_store_new (directory);
  for (guint i = 0; i < N_SAVED; i++)
    {
      g_autoptr(KsmRecord) record = test_random_record (70 + i, 40 + 10 * i);
      g_autoptr(GError) error = NULL;
      g_autoptr(GFile) file = ksm_store_keep (store, record, &error);
      g_assert_no_error (error);
      g_assert_nonnull (file);
    }

  /* a game left on the board one move before its end */
  whole = test_random_record (5, 100000);
  n = ksm_record_get_n_events (whole);
  last = ksm_record_get_event (whole, n - 1);
  g_assert_cmpint (last->kind, ==, KSM_EVENT_MOVE);
  {
    g_autoptr(KsmRecord) record = ksm_record_copy (whole);
    g_autofree char *path = g_build_filename (data_dir, "autosave.json", NULL);
    g_autoptr(GFile) autosave = g_file_new_for_path (path);

    ksm_record_truncate (record, n - 1);
    g_assert_true (ksm_record_save_to_file (record, autosave, NULL));
  }

  window = ksm_window_new (test_application ());
  gtk_window_present (GTK_WINDOW (window));
  iterate (3);
  assert_no_latin_numbers (window, "the start page");

  /* the end of a game: resumed one move before it */
  {
    AdwMessageDialog *dialog = NULL;
    KsmGame *game;

    activate (window, "win.resume", NULL);
    game = ksm_window_get_game (window);
    g_assert_nonnull (game);
    g_assert_true (ksm_game_play (game, &last->move));
    wait_for (dialog_shown, &dialog, "the end of the game's dialog");
    assert_no_latin_numbers (window, "the end of a game");
    wait_for (analysed, ksm_game_over_dialog_get_review (KSM_GAME_OVER_DIALOG (dialog)),
              "the end's analysis");
    assert_no_latin_numbers (window, "the end of a game, analysed");
    adw_message_dialog_response (dialog, "close");
    iterate (3);
  }


  /* a Kasimala game of two persons: its new-game page, then some turns */
  set_seats ("kasimala", (const char *const[]) { "person", "person", NULL });
  activate (window, "win.choose-game", g_variant_new_string ("kasimala"));
  assert_no_latin_numbers (window, "Kasimala's new-game page");
  activate (window, "win.start-game", NULL);
  play_some (window, 24);
  assert_no_latin_numbers (window, "a Kasimala game");
  view = ksm_window_get_game_view (window);
  activate (window, "win.toggle-history", NULL);
  g_assert_true (ksm_game_view_get_history_revealed (view));
  assert_no_latin_numbers (window, "a Kasimala game's history");
  activate (window, "win.toggle-history", NULL);
  activate (window, "win.rules", NULL);
  g_assert_true (ksm_game_view_get_rules_revealed (view));
  assert_no_latin_numbers (window, "Kasimala's rules");
  ksm_game_view_set_rules_revealed (view, FALSE);
  iterate (3);

  /* an Ashte Kashte game of four persons, and its rules */
  set_seats ("ashte-kashte", (const char *const[]) { "person", "person", "person", "person", NULL });
  activate (window, "win.show-start", NULL);
  activate (window, "win.choose-game", g_variant_new_string ("ashte-kashte"));
  assert_no_latin_numbers (window, "Ashte Kashte's new-game page");
  activate (window, "win.start-game", NULL);
  play_some (window, 24);
  assert_no_latin_numbers (window, "an Ashte Kashte game");
  activate (window, "win.rules", NULL);
  assert_no_latin_numbers (window, "Ashte Kashte's rules");
  ksm_game_view_set_rules_revealed (view, FALSE);
  iterate (3);

  /* Saved Games, then one of them under review */
  activate (window, "win.saved-games", NULL);
  {
    GtkListBox *list = ksm_library_page_get_list (ksm_window_get_library_page (window));
    GtkListBoxRow *row;

    wait_for_frames (GTK_WIDGET (window));
    assert_no_latin_numbers (window, "Saved Games");
    row = gtk_list_box_get_row_at_index (list, 0);
    g_assert_nonnull (row);
    /* the date in the language's words and order, Bikram Sambat beside it */
    {
      static const char *const months[] = { "January", "February", "March", "April", "May", "June", "July",
                                            "August", "September", "October", "November", "December" };
      KsmLibraryItem *item = g_object_get_data (G_OBJECT (row), "item");
      g_autoptr(GDateTime) local = g_date_time_to_local (ksm_library_item_get_date (item));
      g_autofree char *date = ksm_format_date_time (ksm_library_item_get_date (item));
      const char *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
      const char *month = g_dpgettext2 (GETTEXT_PACKAGE, "month", months[g_date_time_get_month (local) - 1]);

      g_test_message ("Saved Games row: %s", subtitle);
      g_assert_true (g_str_has_prefix (subtitle, date));
      g_assert_cmpstr (month, !=, months[g_date_time_get_month (local) - 1]);
      g_assert_nonnull (strstr (date, month));
      g_assert_nonnull (strstr (date, "वि.सं."));
    }
    g_signal_emit_by_name (row, "activated");
    iterate (3);
  }
  review = ksm_game_view_get_review (view);
  g_assert_nonnull (review);
  for (guint i = 0; i < 12; i++)
    activate (window, "win.review-forward", NULL);
  activate (window, "win.toggle-history", NULL);
  assert_no_latin_numbers (window, "a review");
  wait_for (analysed, review, "the review's analysis");
  iterate (3);
  for (guint i = 0; i < 3; i++)
    activate (window, "win.review-forward", NULL);
  assert_no_latin_numbers (window, "a review, analysed");

  test_destroy_window (GTK_WINDOW (window));
  iterate (3);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-digits-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  /* as test-language.c: the environment's locale, the build's catalogues */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("KSM_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_add_func ("/digits/every-number-in-the-language", test_numbers_in_digits);
  status = g_test_run ();

  remove_tree (data_home);
  /* meson counts 77 as skipped */
  return status == 0 && skipped ? 77 : status;
}
