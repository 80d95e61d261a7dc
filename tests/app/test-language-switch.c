/* test-language-switch.c: the language chosen in Preferences takes effect
 * at once, under Xvfb. The app starts in English (LANG=C.UTF-8, the build's
 * catalogues); a game is played; Nepali, then Newar, then Latin digits,
 * then the system's language are chosen: each time the window is built
 * again in that language with the same game, every event of it, its page
 * and its history pane, and plays on; Preferences, open while the language
 * changes, opens again in the new one, titled in the app's own words (not
 * libadwaita's, and not English in Newar); a rules window open is read
 * again in the new language. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "ksm-board.h"
#include "ksm-game-settings.h"
#include "ksm-game-view.h"
#include "ksm-numbers.h"
#include "ksm-preferences-window.h"
#include "ksm-rules.h"
#include "ksm-rules-doc.h"
#include "ksm-rules-window.h"
#include "ksm-words.h"

#include "app-test-util.h"
#include "tests/test-wait.h"

static gboolean skipped;

static GtkWindow *
preferences_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);
      if (KSM_IS_PREFERENCES_WINDOW (item))
        return GTK_WINDOW (item);
    }
  return NULL;
}

static GtkWindow *
rules_window_open (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);
      if (KSM_IS_RULES_WINDOW (item))
        return GTK_WINDOW (item);
    }
  return NULL;
}

static KsmWindow *
main_window (void)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (test_application ()));

  for (GList *l = windows; l != NULL; l = l->next)
    if (KSM_IS_WINDOW (l->data))
      return l->data;
  return NULL;
}

static gboolean
pointer_cleared (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* the record's events, one line each */
static char *
events_of (KsmGame *game)
{
  KsmRecord *record = ksm_game_get_record (game);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < ksm_record_get_n_events (record); i++)
    {
      const KsmEvent *event = ksm_record_get_event (record, i);
      g_string_append_printf (text, "%u %d %u %u %u\n", i, event->kind, event->player, event->face,
                              event->pattern);
    }
  return g_string_free (text, FALSE);
}

/* Chooses `language` (and the digits) as Preferences does, and waits for
 * the window to be replaced; the fixture then holds the new one */
static void
choose (Fixture *fixture, const char *language, gboolean latin)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  KsmWindow *old = fixture->window;
  gpointer watch = old;

  g_object_add_weak_pointer (G_OBJECT (old), &watch);
  g_settings_set_boolean (settings, "latin-digits", latin);
  g_settings_set_string (settings, "language", language);
  wait_for (pointer_cleared, &watch, "the window built again in the language chosen");
  fixture->window = main_window ();
  g_assert_nonnull (fixture->window);
  g_assert_true (fixture->window != old);
  iterate (3);
}

/* the window, as a person sees it now: its title and the back button's tooltip */
static void
assert_relabelled (Fixture *fixture, KsmGame *game, gboolean english)
{
  GtkWidget *title = find_of_type (GTK_WIDGET (fixture->window), ADW_TYPE_WINDOW_TITLE);
  const char *name = ksm_words_game_name (ksm_game_get_rules (game));

  g_assert_nonnull (title);
  g_assert_cmpstr (adw_window_title_get_title (ADW_WINDOW_TITLE (title)), ==, name);
  if (english)
    g_assert_cmpstr (name, ==, "Kasimala Paay");
  else
    g_assert_cmpstr (name, !=, "Kasimala Paay");
  /* the game view's own labels are built anew: one of them is in the language */
  g_assert_nonnull (find_label (GTK_WIDGET (fixture->window), name));
}

static void
assert_same_game (Fixture *fixture, KsmGame *game, const char *events)
{
  g_autofree char *now = events_of (game);

  g_assert_true (ksm_window_get_game (fixture->window) == game);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  g_assert_cmpstr (now, ==, events);
  /* the history pane stays open */
  g_assert_true (adw_flap_get_reveal_flap (ksm_game_view_get_flap (ksm_window_get_game_view (fixture->window))));
}

/* whether a label the window shows writes a number in Latin digits; the
 * board's coordinates are Latin in every language, as cells are named */
static gboolean
shows_latin_number (GtkWidget *widget)
{
  if (KSM_IS_BOARD (widget))
    return FALSE;
  if (GTK_IS_LABEL (widget) && gtk_widget_is_drawable (widget)
      && ksm_has_latin_number (gtk_label_get_text (GTK_LABEL (widget))))
    {
      g_test_message ("Latin digits in “%s”", gtk_label_get_text (GTK_LABEL (widget)));
      return TRUE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_latin_number (child))
      return TRUE;
  return FALSE;
}

static void
test_switch_keeps_game (Fixture *fixture, gconstpointer data)
{
  g_autofree char *mo = g_build_filename (g_getenv ("KSM_LOCALEDIR"), "new", "LC_MESSAGES",
                                          GETTEXT_PACKAGE ".mo", NULL);
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GSettings) game_settings = ksm_game_settings_new (ksm_rules_lookup ("kasimala"));
  const char *seats[] = { "person", "person", NULL };
  KsmGame *game;
  GtkWindow *preferences;
  gpointer watch;

  if (!g_file_test (mo, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no Newar catalogue in the build folder");
      skipped = TRUE;
      return;
    }

  g_settings_set_int (settings, "computer-delay", 0);
  g_settings_set_boolean (settings, "autoplay-single-move", FALSE);
  g_settings_set_strv (game_settings, "seats", seats);
  activate (fixture, "win.choose-game", g_variant_new_string ("kasimala"));
  activate (fixture, "win.start-game", NULL);
  game = g_object_ref (ksm_window_get_game (fixture->window));
  test_play_events (fixture, game, 10);
  adw_flap_set_reveal_flap (ksm_game_view_get_flap (ksm_window_get_game_view (fixture->window)), TRUE);
  assert_relabelled (fixture, game, TRUE);

  /* Nepali, from the game: the same game, relabelled, and it plays on; a
   * rules window open beside it is read again in Nepali */
  {
    g_autofree char *events = events_of (game);
    GtkWidget *rules_window = ksm_rules_window_new (ksm_rules_lookup ("kasimala"), NULL);
    gpointer rules_watch = rules_window;

    g_object_add_weak_pointer (G_OBJECT (rules_window), &rules_watch);
    gtk_window_set_transient_for (GTK_WINDOW (rules_window), GTK_WINDOW (fixture->window));
    gtk_window_present (GTK_WINDOW (rules_window));
    g_assert_nonnull (find_label (rules_window, "How to play Kasimala"));
    choose (fixture, "ne", FALSE);
    wait_for (pointer_cleared, &rules_watch, "the rules window built again");
    rules_window = GTK_WIDGET (rules_window_open ());
    g_assert_nonnull (rules_window);
    g_assert_null (find_label (rules_window, "How to play Kasimala"));
    g_assert_nonnull (find_label (rules_window, ksm_rules_doc_translate ("How to play Kasimala")));
    g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (rules_window)) == GTK_WINDOW (fixture->window));
    gtk_window_destroy (GTK_WINDOW (rules_window));
    assert_same_game (fixture, game, events);
    assert_relabelled (fixture, game, FALSE);
    g_assert_cmpstr (ksm_numbers_language (), ==, "ne");
    g_assert_true (ksm_numbers_native_digits ());
    test_play_events (fixture, game, 12);
  }

  /* Preferences in Nepali: the app's word, as the menu has it */
  activate (fixture, "app.preferences", NULL);
  preferences = preferences_window ();
  g_assert_nonnull (preferences);
  g_assert_cmpstr (gtk_window_get_title (preferences), ==, _("Preferences"));
  g_assert_cmpstr (gtk_window_get_title (preferences), !=, "Preferences");
  g_assert_cmpstr (gtk_window_get_title (preferences), !=, g_dgettext ("libadwaita", "Preferences"));

  /* Newar, with Preferences open: it opens again, over the new window, in Newar */
  {
    g_autofree char *events = events_of (game);
    watch = preferences;
    g_object_add_weak_pointer (G_OBJECT (preferences), &watch);
    choose (fixture, "new", FALSE);
    g_assert_null (watch);
    assert_same_game (fixture, game, events);
    assert_relabelled (fixture, game, FALSE);
    g_assert_cmpstr (ksm_numbers_language (), ==, "new");
    /* the toolkit's catalogues fall back to Nepali, not English */
    g_assert_cmpstr (g_getenv ("LANGUAGE"), ==, "new:ne");
    preferences = preferences_window ();
    g_assert_nonnull (preferences);
    g_assert_true (gtk_window_get_transient_for (preferences) == GTK_WINDOW (fixture->window));
    g_assert_cmpstr (gtk_window_get_title (preferences), ==, _("Preferences"));
    g_assert_cmpstr (gtk_window_get_title (preferences), !=, "Preferences");
    test_play_events (fixture, game, 14);
  }

  /* Latin digits: the window again, with the digits 0-9 */
  {
    g_autofree char *events = events_of (game);
    g_assert_false (shows_latin_number (GTK_WIDGET (fixture->window)));
    choose (fixture, "new", TRUE);
    assert_same_game (fixture, game, events);
    g_assert_false (ksm_numbers_native_digits ());
    g_assert_true (shows_latin_number (GTK_WIDGET (fixture->window)));
  }

  /* the system's language: English again */
  {
    g_autofree char *events = events_of (game);
    choose (fixture, "", FALSE);
    assert_same_game (fixture, game, events);
    assert_relabelled (fixture, game, TRUE);
    g_assert_cmpstr (ksm_numbers_language (), ==, "en");
    g_assert_null (g_getenv ("LANGUAGE"));
    test_play_events (fixture, game, 16);
  }
  preferences = preferences_window ();
  if (preferences != NULL)
    gtk_window_destroy (preferences);
  g_object_unref (game);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-language-switch-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  g_unsetenv ("LANGUAGE");
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  /* gtk_test_init () keeps the C locale; the app takes the environment's */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("KSM_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_add ("/language/switch-keeps-game", Fixture, NULL,
              fixture_set_up, test_switch_keeps_game, fixture_tear_down);
  status = g_test_run ();
  remove_tree (data_home);
  return status == 0 && skipped ? 77 : status;
}
