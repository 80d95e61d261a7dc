/* test-language.c: the app in another language. Run with LANGUAGE=ne or
 * LANGUAGE=new and LANG=C.UTF-8 (Debian has no Newar locale; see
 * doc platform.md), with the build's catalogues: a known label of the start
 * page, and the rules' headings both in the standalone window and in the pane
 * beside the board, must be in that language. Skips while the language is
 * not in po/LINGUAS, so there is no catalogue to load. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "ksm-application.h"
#include "ksm-game-settings.h"
#include "ksm-game-view.h"
#include "ksm-preferences-window.h"
#include "ksm-rules-doc.h"
#include "ksm-rules-view.h"
#include "ksm-rules-window.h"
#include "ksm-window.h"

#include "test-application.h"
#include "test-helpers.h"

static gboolean skipped;

/* the text of the n-th heading of a rules view */
static const char *
nth_heading (KsmRulesView *view, guint n)
{
  GtkWidget *page = ksm_rules_view_get_page (view);

  for (GtkWidget *child = gtk_widget_get_first_child (page); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child) && gtk_widget_has_css_class (child, "rules-heading") && n-- == 0)
      return gtk_label_get_text (GTK_LABEL (child));
  return NULL;
}

static void
assert_translated (const char *english, const char *shown)
{
  g_test_message ("“%s” is “%s”", english, shown);
  g_assert_nonnull (shown);
  g_assert_cmpstr (shown, !=, english);
}

/* The longest word of a paragraph of the rules, in the language shown: the
 * search finds it in that paragraph, outside the glossary, highlighted */
static void
assert_search_finds (KsmRulesView *view)
{
  const char *paragraph = ksm_rules_doc_translate ("A chya or a ngha gives you another throw after your move. "
                                                   "Nothing else does: not a kasi, and not a capture. The chya "
                                                   "or ngha throws again even when nothing could use it and "
                                                   "the throw was lost.");
  /* split on ASCII only: a byte of "।" would cut every Devanagari letter */
  g_auto(GStrv) words = g_strsplit_set (paragraph, " ,:;.()", -1);
  const char *word = "";
  GtkLabel *label = NULL;
  int start, end;

  for (guint i = 0; words[i] != NULL; i++)
    {
      if (g_str_has_suffix (words[i], "\u0964"))
        words[i][strlen (words[i]) - strlen ("\u0964")] = '\0';
      if (g_utf8_strlen (words[i], -1) > g_utf8_strlen (word, -1))
        word = words[i];
    }
  g_test_message ("searching “%s”", word);
  g_assert_cmpint (g_utf8_strlen (word, -1), >=, 3);
  gtk_editable_set_text (GTK_EDITABLE (ksm_rules_view_get_search_entry (view)), word);
  g_signal_emit_by_name (ksm_rules_view_get_search_entry (view), "search-changed");
  g_assert_cmpuint (ksm_rules_view_get_n_matches (view), >=, 1);

  /* go to the match in that paragraph */
  for (guint i = 0; i < ksm_rules_view_get_n_matches (view); i++)
    {
      label = ksm_rules_view_get_current_match (view, &start, &end);
      if (g_str_equal (gtk_label_get_text (label), paragraph))
        break;
      g_signal_emit_by_name (ksm_rules_view_get_search_entry (view), "next-match");
    }
  g_assert_cmpstr (gtk_label_get_text (label), ==, paragraph);
  g_assert_cmpint (end - start, ==, (int) strlen (word));
  g_assert_cmpint (strncmp (gtk_label_get_text (label) + start, word, strlen (word)), ==, 0);
  g_assert_nonnull (gtk_label_get_attributes (label));
  gtk_editable_set_text (GTK_EDITABLE (ksm_rules_view_get_search_entry (view)), "");
  g_signal_emit_by_name (ksm_rules_view_get_search_entry (view), "search-changed");
}

/* the guide beside the rules is in the language too */
static void
assert_guide_translated (KsmRulesView *view)
{
  const char *title = ksm_rules_doc_translate ("Using Kasimala");

  assert_translated ("Using Kasimala", title);
  ksm_rules_view_show_guide (view, TRUE);
  g_assert_cmpstr (nth_heading (view, 0), ==, title);
  assert_translated ("Keys", nth_heading (view, 5));
  ksm_rules_view_show_guide (view, FALSE);
}

static void
test_translated (void)
{
  const char *language = g_getenv ("LANGUAGE");
  g_autofree char *mo = g_build_filename (g_getenv ("KSM_LOCALEDIR"), language, "LC_MESSAGES",
                                          GETTEXT_PACKAGE ".mo", NULL);
  KsmWindow *window;
  const char *choose = _("Choose a Game");
  const char *title = ksm_rules_doc_translate ("How to play Kasimala");
  const char *board = ksm_rules_doc_translate ("The board");
  GListModel *toplevels;
  KsmRulesWindow *rules_window = NULL;
  GSettings *settings;

  if (!g_file_test (mo, G_FILE_TEST_EXISTS))
    {
      g_autofree char *why = g_strdup_printf ("no catalogue for %s: add it to po/LINGUAS", language);
      g_test_skip (why);
      skipped = TRUE;
      return;
    }

  assert_translated ("Choose a Game", choose);
  assert_translated ("How to play Kasimala", title);
  assert_translated ("The board", board);

  window = ksm_window_new (test_application ());
  gtk_window_present (GTK_WINDOW (window));
  iterate (3);

  /* a known label of the start page */
  g_assert_nonnull (find_label (GTK_WIDGET (window), choose));
  g_assert_null (find_label (GTK_WIDGET (window), "Choose a Game"));

  /* the rules from the start page: a window of their own */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.rules", NULL));
  iterate (3);
  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);
      if (KSM_IS_RULES_WINDOW (item))
        rules_window = KSM_RULES_WINDOW (item);
    }
  g_assert_nonnull (rules_window);
  g_assert_cmpstr (nth_heading (ksm_rules_window_get_view (rules_window), 0), ==, title);
  g_assert_nonnull (find_label (GTK_WIDGET (rules_window), board));
  gtk_window_destroy (GTK_WINDOW (rules_window));

  /* Preferences, titled in the app's word for it, which the menu uses too,
   * not libadwaita's (English in Newar, another word in Nepali) */
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (test_application ()), "preferences"));
  g_action_group_activate_action (G_ACTION_GROUP (test_application ()), "preferences", NULL);
  iterate (3);
  {
    GtkWindow *preferences = NULL;
    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);
        if (KSM_IS_PREFERENCES_WINDOW (item))
          preferences = GTK_WINDOW (item);
      }
    g_assert_nonnull (preferences);
    g_assert_cmpstr (gtk_window_get_title (preferences), !=, "Preferences");
    g_assert_cmpstr (gtk_window_get_title (preferences), ==, _("Preferences"));
    gtk_window_destroy (preferences);
  }

  /* and beside the board during a game */
  settings = ksm_game_settings_new (ksm_rules_lookup ("kasimala"));
  g_settings_set_strv (settings, "seats", (const char *const[]) { "person", "person", NULL });
  g_object_unref (settings);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.choose-game",
                                                     g_variant_new_string ("kasimala")));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.start-game", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.rules", NULL));
  iterate (3);
  {
    KsmGameView *game_view = ksm_window_get_game_view (window);
    g_assert_true (ksm_game_view_get_rules_revealed (game_view));
    g_assert_cmpstr (nth_heading (ksm_game_view_get_rules_view (game_view), 0), ==, title);
    g_assert_cmpstr (nth_heading (ksm_game_view_get_rules_view (game_view), 2), ==, board);
    assert_search_finds (ksm_game_view_get_rules_view (game_view));
    assert_guide_translated (ksm_game_view_get_rules_view (game_view));
  }

  gtk_window_destroy (GTK_WINDOW (window));
  iterate (3);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-language-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  /* gtk_test_init () keeps the C locale, under which gettext ignores
   * LANGUAGE; the app itself takes the environment's, as here */
  setlocale (LC_ALL, "");
  /* what ksm_application_new () does, with the build's catalogues */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("KSM_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_add_func ("/language/labels-and-rules-translated", test_translated);
  status = g_test_run ();

  remove_tree (data_home);
  /* meson counts 77 as skipped */
  return status == 0 && skipped ? 77 : status;
}
