/* test-about.c: the About window's fields, as app.about shows it: the name,
 * the version meson builds, the developers, the website and issue page the
 * metainfo gives, the licence of COPYING, the sources of the rules, the
 * translators (under LANGUAGE=ne or new) and this version's release notes.
 * The metainfo and COPYING are read here from the source folder, not
 * through the app's own reader, so the test does not share its mistakes. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "ksm-about.h"
#include "ksm-language.h"
#include "ksm-application.h"
#include "ksm-window.h"

#include "app-test-util.h"
#include "test-catalogue.h"

/* the first match of `pattern`'s group 1 in the source metainfo, folded */
static char *
metainfo_match (const char *pattern)
{
  g_autofree char *text = NULL;
  g_autoptr(GRegex) regex = g_regex_new (pattern, G_REGEX_DOTALL, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autoptr(GRegex) spaces = g_regex_new ("\\s+", 0, 0, NULL);
  g_autofree char *found = NULL;

  g_assert_true (g_file_get_contents (METAINFO_SOURCE, &text, NULL, NULL));
  if (!g_regex_match (regex, text, 0, &match))
    return NULL;
  found = g_match_info_fetch (match, 1);
  return g_strstrip (g_regex_replace_literal (spaces, found, -1, 0, " ", 0, NULL));
}

static AdwAboutWindow *
shown_about (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);
      if (ADW_IS_ABOUT_WINDOW (item) && gtk_widget_get_visible (GTK_WIDGET (item)))
        return ADW_ABOUT_WINDOW (item);
    }
  return NULL;
}

static gboolean
about_shown (gpointer data)
{
  return shown_about () != NULL;
}

/* a label or a row's title that has `text` in it */
static TestMatch
match_text_in (GtkWidget *widget, gconstpointer text)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    return TEST_MATCH_YES;
  if (ADW_IS_PREFERENCES_ROW (widget)
      && strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), text) != NULL)
    return TEST_MATCH_YES;
  return TEST_MATCH_NO;
}

static TestMatch
match_row_titled (GtkWidget *widget, gconstpointer title)
{
  return ADW_IS_ACTION_ROW (widget)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0
         ? TEST_MATCH_YES : TEST_MATCH_NO;
}

/* whether one label or row under `widget` shows every one of `words` */
static gboolean
shows_all (GtkWidget *widget, const char *const *words)
{
  GtkWidget *found = find_widget (widget, match_text_in, words[0]);
  const char *text;

  if (found == NULL)
    return FALSE;
  text = GTK_IS_LABEL (found) ? gtk_label_get_text (GTK_LABEL (found))
                              : adw_preferences_row_get_title (ADW_PREFERENCES_ROW (found));
  for (const char *const *w = words; *w != NULL; w++)
    if (strstr (text, *w) == NULL)
      return FALSE;
  return TRUE;
}

/* the words GTK and libadwaita write in the About and Shortcuts windows */
static const char *const toolkit_english[] = {
  "About", "Details", "_Details", "Credits", "_Credits", "Legal", "_Legal", "Acknowledgements",
  "_Acknowledgements", "What’s New", "_What’s New", "Website", "_Website", "Troubleshooting",
  "_Troubleshooting", "Debugging Information", "Report an Issue", "_Report an Issue", "Code by",
  "Translated by", "Copy Text", "Back", "Shortcuts", "Search Results", "No Results Found",
  "Show All", "Shift", "Ctrl", "Alt", "Space", "Tab", "Home", "End", NULL
};

static void
collect_texts (GtkWidget *widget, GPtrArray *texts)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (texts, (gpointer) gtk_label_get_label (GTK_LABEL (widget)));
  if (ADW_IS_PREFERENCES_ROW (widget))
    g_ptr_array_add (texts, (gpointer) adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)));
  if (ADW_IS_WINDOW_TITLE (widget))
    g_ptr_array_add (texts, (gpointer) adw_window_title_get_title (ADW_WINDOW_TITLE (widget)));
  if (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    g_ptr_array_add (texts, (gpointer) gtk_button_get_label (GTK_BUTTON (widget)));
  if (GTK_IS_WINDOW (widget) && gtk_window_get_title (GTK_WINDOW (widget)) != NULL)
    g_ptr_array_add (texts, (gpointer) gtk_window_get_title (GTK_WINDOW (widget)));
  if (gtk_widget_get_tooltip_text (widget) != NULL)
    g_ptr_array_add (texts, (gpointer) gtk_widget_get_tooltip_text (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_texts (child, texts);
}

static void
assert_no_english (GtkWidget *root)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();

  g_assert_nonnull (root);
  collect_texts (root, texts);
  g_assert_cmpuint (texts->len, >, 10);
  for (guint i = 0; i < texts->len; i++)
    if (texts->pdata[i] != NULL && g_strv_contains (toolkit_english, texts->pdata[i]))
      g_error ("a %s shows “%s” in English", G_OBJECT_TYPE_NAME (root), (const char *) texts->pdata[i]);
}

static void
test_fields (Fixture *fixture, gconstpointer data)
{
  const char *language = g_getenv ("LANGUAGE");
  gboolean translated = language != NULL && (g_str_has_prefix (language, "ne") || g_str_has_prefix (language, "new"));
  g_autofree char *homepage = metainfo_match ("<url type=\"homepage\">([^<]*)</url>");
  g_autofree char *bugtracker = metainfo_match ("<url type=\"bugtracker\">([^<]*)</url>");
  g_autofree char *developer = metainfo_match ("<developer_name>([^<]*)</developer_name>");
  g_autofree char *licence = metainfo_match ("<project_license>([^<]*)</project_license>");
  g_autofree char *release_pattern = g_strdup_printf ("<release version=\"%s\"[^>]*>.*?<p>(.*?)</p>",
                                                      PACKAGE_VERSION);
  g_autofree char *release_note = metainfo_match (release_pattern);
  g_autofree char *copying = NULL;
  g_autofree char *escaped_note = NULL;
  AdwAboutWindow *about;
  const char *const *developers;

  g_assert_nonnull (homepage);
  g_assert_true (g_str_has_prefix (homepage, "https://"));
  g_assert_nonnull (bugtracker);
  g_assert_true (g_str_has_prefix (bugtracker, "https://"));
  g_assert_nonnull (developer);
  g_assert_nonnull (release_note);

  /* the licence the window names is COPYING's and the metainfo's */
  g_assert_cmpstr (licence, ==, "GPL-3.0-or-later");
  g_assert_true (g_file_get_contents (COPYING_SOURCE, &copying, NULL, NULL));
  g_assert_nonnull (strstr (copying, "GNU GENERAL PUBLIC LICENSE\n                       Version 3,"));

  activate (fixture, "app.about", NULL);
  wait_for (about_shown, NULL, "the About window");
  about = shown_about ();
  wait_for_frames (GTK_WIDGET (about));
  test_save_shot (GTK_WIDGET (about), "about");

  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (about)) == GTK_WINDOW (fixture->window));
  g_assert_cmpstr (adw_about_window_get_application_name (about), ==, _("Kasimala"));
  g_assert_cmpstr (adw_about_window_get_application_icon (about), ==, APPLICATION_ID);
  /* config.h's PACKAGE_VERSION is meson's project version */
  g_assert_cmpstr (adw_about_window_get_version (about), ==, PACKAGE_VERSION);
  developers = adw_about_window_get_developers (about);
  g_assert_nonnull (developers);
  g_assert_nonnull (developers[0]);
  g_assert_cmpstr (developers[0], ==, _(developer));
  g_assert_cmpstr (adw_about_window_get_developer_name (about), ==, _(developer));
  g_assert_cmpstr (adw_about_window_get_website (about), ==, homepage);
  g_assert_cmpstr (adw_about_window_get_issue_url (about), ==, bugtracker);
  g_assert_cmpint (adw_about_window_get_license_type (about), ==, GTK_LICENSE_GPL_3_0);

  /* this version's notes, as the metainfo has them, in the reader's language */
  g_assert_cmpstr (adw_about_window_get_release_notes_version (about), ==, PACKAGE_VERSION);
  escaped_note = g_markup_escape_text (_(release_note), -1);
  g_assert_nonnull (adw_about_window_get_release_notes (about));
  g_assert_nonnull (strstr (adw_about_window_get_release_notes (about), escaped_note));

  /* the rules' sources, shown on the credits page: the elders of
   * Bhaktapur, Parker's Ancient Ceylon and Falkener's book, with their years */
  {
    g_auto(GStrv) sources = ksm_about_rules_sources ();
    g_assert_cmpuint (g_strv_length (sources), ==, 3);
    for (char **s = sources; *s != NULL; s++)
      g_assert_nonnull (find_widget (GTK_WIDGET (about), match_text_in, *s));
    g_assert_true (shows_all (GTK_WIDGET (about), (const char *const[]) { "bhaktapur.com", NULL }));
    /* the years in the language's digits */
    g_assert_true (shows_all (GTK_WIDGET (about), (const char *const[]) { "Ancient Ceylon",
                                                                          translated ? "१९०९" : "1909", NULL }));
    g_assert_true (shows_all (GTK_WIDGET (about), (const char *const[]) { "Games Ancient and Oriental",
                                                                          translated ? "१८९२" : "1892", NULL }));
    if (translated)
      for (char **s = sources; *s != NULL; s++)
        g_assert_null (strstr (*s, " for "));
  }

  /* the translators, in a language that has them */
  if (translated)
    {
      const char *credits = adw_about_window_get_translator_credits (about);
      g_assert_nonnull (credits);
      g_assert_cmpstr (credits, !=, "");
      g_assert_cmpstr (credits, !=, "translator-credits");
      g_assert_nonnull (find_widget (GTK_WIDGET (about), match_text_in, credits));
    }
  else
    g_assert_cmpstr (adw_about_window_get_translator_credits (about), ==, "translator-credits");

  /* the toolkit's words in the app's: none in English where the app is not */
  if (translated)
    {
      assert_no_english (GTK_WIDGET (about));
      assert_no_english (GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (fixture->window))));
      g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (fixture->window)))),
                       ==, _("Keyboard Shortcuts"));
      g_assert_cmpstr (_("Keyboard Shortcuts"), !=, "Keyboard Shortcuts");
    }

  /* the credits page, to look at */
  {
    GtkWidget *credits = find_widget (GTK_WIDGET (about), match_row_titled,
                                      g_dpgettext2 (GETTEXT_PACKAGE, "toolkit", "_Credits"));
    if (credits != NULL && g_getenv ("KSM_SHOT_DIR") != NULL)
      {
        /* the page slides in: shown at once */
        g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
        g_assert_true (gtk_widget_activate (credits));
        wait_for_frames (GTK_WIDGET (about));
        iterate (3);
        wait_for_frames (GTK_WIDGET (about));
        test_save_shot (GTK_WIDGET (about), "about-credits");
      }
  }

  gtk_window_destroy (GTK_WINDOW (about));
  iterate (3);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-about-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  test_use_build_catalogue ();
  /* as the app's main () does: Newar falls back to Nepali for the toolkits */
  ksm_language_apply (NULL);

  g_test_add ("/about/fields", Fixture, NULL, fixture_set_up, test_fields, fixture_tear_down);
  status = g_test_run ();

  remove_tree (data_home);
  return status;
}
