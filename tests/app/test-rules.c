/* test-rules.c: the rules and the guide as a person reads them, under Xvfb:
 * the search finds words of the rules' own text (not only the glossary),
 * highlights each match, the current one stronger and scrolled into view,
 * and goes match to match; Escape and Ctrl+W in the search field close the
 * pane and the window; the guide to the app is beside each game's rules;
 * F1 on the start page gives a window where each listed game's rules can
 * be shown. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "ksm-game-settings.h"
#include "ksm-game-view.h"
#include "ksm-rules-doc.h"
#include "ksm-rules-view.h"
#include "ksm-rules-window.h"
#include "ksm-skin.h"
#include "ksm-words.h"

#include "app-test-util.h"

/* A game of two persons on the board, its rules pane open and laid out */
static KsmRulesView *
open_pane (Fixture *fixture)
{
  g_autoptr(GSettings) settings = ksm_game_settings_new (ksm_rules_lookup ("kasimala"));
  KsmGameView *game_view = ksm_window_get_game_view (fixture->window);

  g_settings_set_strv (settings, "seats", (const char *const[]) { "person", "person", NULL });
  activate (fixture, "win.choose-game", g_variant_new_string ("kasimala"));
  activate (fixture, "win.start-game", NULL);
  activate (fixture, "win.rules", NULL);
  g_assert_true (ksm_game_view_get_rules_revealed (game_view));
  wait_for_frames (GTK_WIDGET (fixture->window));
  return ksm_game_view_get_rules_view (game_view);
}

/* the rules window shown, or NULL */
static KsmRulesWindow *
rules_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);
      if (KSM_IS_RULES_WINDOW (item))
        return KSM_RULES_WINDOW (item);
    }
  return NULL;
}

static gboolean
no_rules_window (gpointer data)
{
  return rules_window () == NULL;
}

static void
search (KsmRulesView *view, const char *text)
{
  GtkWidget *entry = ksm_rules_view_get_search_entry (view);

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  /* what the entry emits once the typing pauses */
  g_signal_emit_by_name (entry, "search-changed");
}

static gboolean
in_glossary (GtkWidget *widget)
{
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    if (gtk_widget_has_css_class (widget, "rules-glossary"))
      return TRUE;
  return FALSE;
}

/* the colour of the background attribute on exactly [start, end), or FALSE */
static gboolean
highlight_at (GtkLabel *label, int start, int end, PangoColor *color)
{
  PangoAttrList *attrs = gtk_label_get_attributes (label);
  gboolean found = FALSE;
  GSList *list;

  if (attrs == NULL)
    return FALSE;
  list = pango_attr_list_get_attributes (attrs);
  for (GSList *l = list; l != NULL; l = l->next)
    {
      PangoAttribute *attr = l->data;
      if (attr->klass->type == PANGO_ATTR_BACKGROUND
          && attr->start_index == (guint) start && attr->end_index == (guint) end)
        {
          *color = ((PangoAttrColor *) attr)->color;
          found = TRUE;
        }
    }
  g_slist_free_full (list, (GDestroyNotify) pango_attribute_destroy);
  return found;
}

/* the current match's line is inside the scrolled window's view */
static gboolean
current_in_view (gpointer data)
{
  KsmRulesView *view = data;
  GtkWidget *scroller = ksm_rules_view_get_scroller (view);
  int start, x, y;
  GtkLabel *label = ksm_rules_view_get_current_match (view, &start, NULL);
  PangoRectangle rect;
  graphene_point_t point;

  if (label == NULL || !gtk_widget_get_mapped (GTK_WIDGET (label)))
    return FALSE;
  pango_layout_index_to_pos (gtk_label_get_layout (label), start, &rect);
  gtk_label_get_layout_offsets (label, &x, &y);
  if (!gtk_widget_compute_point (GTK_WIDGET (label), scroller, &GRAPHENE_POINT_INIT (0, 0), &point))
    return FALSE;
  point.y += y + (float) rect.y / PANGO_SCALE;
  return point.y >= 0 && point.y + (float) rect.height / PANGO_SCALE <= gtk_widget_get_height (scroller);
}

static const char *
count_text (KsmRulesView *view)
{
  return gtk_label_get_text (GTK_LABEL (ksm_rules_view_get_match_label (view)));
}

static TestMatch
match_tooltip (GtkWidget *widget, gconstpointer text)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0 ? TEST_MATCH_YES : TEST_MATCH_NO;
}

/* the current match is a word of the rules' text, outside the glossary,
 * reads `word` whatever its case, is highlighted more strongly than the
 * others and comes into view */
static void
assert_current_match (KsmRulesView *view, const char *word)
{
  int start, end;
  GtkLabel *label = ksm_rules_view_get_current_match (view, &start, &end);
  g_autofree char *found = NULL;
  g_autofree char *folded = NULL;
  g_autofree char *wanted = g_utf8_casefold (word, -1);
  PangoColor color;

  g_assert_nonnull (label);
  found = g_strndup (gtk_label_get_text (label) + start, (gsize) (end - start));
  folded = g_utf8_casefold (found, -1);
  g_assert_cmpstr (folded, ==, wanted);
  g_assert_true (highlight_at (label, start, end, &color));
  wait_for (current_in_view, view, "the current match scrolled into view");
}

static void
test_search_finds_rules_text (Fixture *fixture, gconstpointer data)
{
  KsmRulesView *view = open_pane (fixture);
  GtkWidget *next = find_widget (GTK_WIDGET (view), match_tooltip, "Next Match (Enter)");
  GtkWidget *previous = find_widget (GTK_WIDGET (view), match_tooltip, "Previous Match (Shift+Enter)");
  GtkLabel *first, *second;
  int first_start, second_start;
  guint n;
  g_autofree char *one = NULL;
  g_autofree char *two = NULL;
  gboolean outside_glossary = FALSE;
  PangoColor current, other;

  g_assert_nonnull (next);
  g_assert_nonnull (previous);

  /* "capture" is in the rules' paragraphs and headings, and the page stays
   * whole while it is searched */
  search (view, "capture");
  n = ksm_rules_view_get_n_matches (view);
  g_assert_cmpuint (n, >=, 3);
  one = g_strdup_printf ("1 of %u", n);
  two = g_strdup_printf ("2 of %u", n);
  g_assert_true (gtk_widget_get_visible (ksm_rules_view_get_match_label (view)));
  g_assert_cmpstr (count_text (view), ==, one);
  g_assert_true (gtk_widget_is_visible (find_label (GTK_WIDGET (view), "How to play Kasimala")));
  assert_current_match (view, "capture");
  first = ksm_rules_view_get_current_match (view, &first_start, NULL);
  g_assert_false (in_glossary (GTK_WIDGET (first)));

  /* next and previous go among the matches; the current one is highlighted
   * in another colour than the rest */
  g_assert_true (gtk_widget_get_sensitive (next));
  g_signal_emit_by_name (next, "clicked");
  g_assert_cmpstr (count_text (view), ==, two);
  assert_current_match (view, "capture");
  second = ksm_rules_view_get_current_match (view, &second_start, NULL);
  g_assert_true (second != first || second_start != first_start);
  {
    int end;
    ksm_rules_view_get_current_match (view, NULL, &end);
    g_assert_true (highlight_at (second, second_start, end, &current));
    g_assert_true (highlight_at (first, first_start, first_start + (int) strlen ("capture"), &other));
    g_assert_false (current.red == other.red && current.green == other.green && current.blue == other.blue);
  }
  g_signal_emit_by_name (previous, "clicked");
  g_assert_cmpstr (count_text (view), ==, one);
  g_assert_true (ksm_rules_view_get_current_match (view, &second_start, NULL) == first);
  g_assert_cmpint (second_start, ==, first_start);

  /* Enter and Ctrl+G go on, Ctrl+Shift+G back; past the last comes the first */
  g_signal_emit_by_name (ksm_rules_view_get_search_entry (view), "activate");
  g_assert_cmpstr (count_text (view), ==, two);
  g_signal_emit_by_name (ksm_rules_view_get_search_entry (view), "previous-match");
  g_signal_emit_by_name (ksm_rules_view_get_search_entry (view), "previous-match");
  {
    g_autofree char *last = g_strdup_printf ("%u of %u", n, n);
    g_assert_cmpstr (count_text (view), ==, last);
    assert_current_match (view, "capture");   /* the last: far down the page */
  }
  g_signal_emit_by_name (ksm_rules_view_get_search_entry (view), "next-match");
  g_assert_cmpstr (count_text (view), ==, one);

  /* every match outside the glossary too */
  for (guint i = 0; i < n; i++)
    {
      GtkLabel *label = ksm_rules_view_get_current_match (view, NULL, NULL);
      outside_glossary |= !in_glossary (GTK_WIDGET (label));
      g_signal_emit_by_name (next, "clicked");
    }
  g_assert_true (outside_glossary);

  /* nothing found says so; an empty search takes the highlights away */
  search (view, "zzqx");
  g_assert_cmpuint (ksm_rules_view_get_n_matches (view), ==, 0);
  g_assert_cmpstr (count_text (view), ==, "No matches");
  g_assert_false (gtk_widget_get_sensitive (next));
  search (view, "");
  g_assert_false (gtk_widget_get_visible (ksm_rules_view_get_match_label (view)));
  g_assert_null (gtk_label_get_attributes (first));
}

/* whether a trigger, or one of its alternatives, is `wanted` */
static gboolean
trigger_has (GtkShortcutTrigger *trigger, GtkShortcutTrigger *wanted)
{
  if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    return trigger_has (gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)), wanted)
           || trigger_has (gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)), wanted);
  return gtk_shortcut_trigger_equal (trigger, wanted);
}

/* the shortcut of `widget`'s own controllers for `keys`, activated */
static void
press_shortcut (GtkWidget *widget, const char *keys)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  g_autoptr(GtkShortcutTrigger) wanted = gtk_shortcut_trigger_parse_string (keys);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (controller)); k++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), k);
          if (trigger_has (gtk_shortcut_get_trigger (shortcut), wanted))
            {
              g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                                           gtk_shortcut_get_arguments (shortcut)));
              return;
            }
        }
    }
  g_error ("no shortcut %s on the %s", keys, G_OBJECT_TYPE_NAME (widget));
}

static void
test_escape_and_ctrl_w_close (Fixture *fixture, gconstpointer data)
{
  KsmRulesView *view;
  KsmGameView *game_view = ksm_window_get_game_view (fixture->window);
  GtkWidget *entry;

  /* the window off the start page: Escape (the search entry's stop-search)
   * and Ctrl+W from its search field, a search under way */
  for (guint i = 0; i < 2; i++)
    {
      KsmRulesWindow *window;

      activate (fixture, "win.rules", NULL);
      window = rules_window ();
      g_assert_nonnull (window);
      wait_for_frames (GTK_WIDGET (window));
      view = ksm_rules_window_get_view (window);
      entry = ksm_rules_view_get_search_entry (view);
      gtk_widget_grab_focus (entry);
      search (view, "capture");
      if (i == 0)
        g_signal_emit_by_name (entry, "stop-search");
      else
        press_shortcut (entry, "<Control>w");
      wait_for (no_rules_window, NULL, "the rules window closed");
    }

  /* the pane beside the board: Escape */
  view = open_pane (fixture);
  entry = ksm_rules_view_get_search_entry (view);
  gtk_widget_grab_focus (entry);
  search (view, "capture");
  g_signal_emit_by_name (entry, "stop-search");
  iterate (2);
  g_assert_false (ksm_game_view_get_rules_revealed (game_view));

  /* Ctrl+W */
  activate (fixture, "win.rules", NULL);
  g_assert_true (ksm_game_view_get_rules_revealed (game_view));
  gtk_widget_grab_focus (entry);
  press_shortcut (entry, "<Control>w");
  iterate (2);
  g_assert_false (ksm_game_view_get_rules_revealed (game_view));

  /* and Shift+Enter there goes back a match, from the first to the last */
  activate (fixture, "win.rules", NULL);
  search (view, "capture");
  press_shortcut (entry, "<Shift>Return");
  {
    g_autofree char *last = g_strdup_printf ("%u of %u", ksm_rules_view_get_n_matches (view),
                                             ksm_rules_view_get_n_matches (view));
    g_assert_cmpstr (count_text (view), ==, last);
  }
}

/* the text of the first heading of a rules view */
static const char *
first_heading (KsmRulesView *view)
{
  GtkWidget *heading = find_widget (ksm_rules_view_get_page (view), match_css_class, "rules-heading");

  g_assert_nonnull (heading);
  return gtk_label_get_text (GTK_LABEL (heading));
}

static void
test_guide_beside_the_rules (Fixture *fixture, gconstpointer data)
{
  KsmRulesView *view = open_pane (fixture);
  GtkWidget *guide = find_label (GTK_WIDGET (view), "Guide");
  GtkWidget *rules = find_label (GTK_WIDGET (view), "Rules");

  g_assert_nonnull (guide);
  g_assert_nonnull (rules);
  g_assert_cmpstr (first_heading (view), ==, "How to play Kasimala");
  g_assert_false (ksm_rules_view_get_showing_guide (view));

  /* the Guide button shows the guide, searchable the same way */
  g_signal_emit_by_name (gtk_widget_get_parent (guide), "clicked");
  iterate (2);
  g_assert_true (ksm_rules_view_get_showing_guide (view));
  g_assert_cmpstr (first_heading (view), ==, "Using Kasimala");
  g_assert_nonnull (find_label (GTK_WIDGET (view), "Keys"));
  g_assert_nonnull (find_label (GTK_WIDGET (view), "Saved games and review"));
  g_assert_null (find_label (GTK_WIDGET (view), "How to play Kasimala"));
  search (view, "undo");
  g_assert_cmpuint (ksm_rules_view_get_n_matches (view), >=, 2);
  assert_current_match (view, "undo");

  /* and back to the rules */
  g_signal_emit_by_name (gtk_widget_get_parent (rules), "clicked");
  iterate (2);
  g_assert_false (ksm_rules_view_get_showing_guide (view));
  g_assert_cmpstr (first_heading (view), ==, "How to play Kasimala");
  search (view, "capture");
  assert_current_match (view, "capture");
  search (view, "");

  /* a glossary link while the guide is shown leads to the rules' entry */
  ksm_rules_view_show_guide (view, TRUE);
  g_assert_true (ksm_rules_view_show_entry (view, "kasi"));
  g_assert_false (ksm_rules_view_get_showing_guide (view));
  g_assert_nonnull (ksm_rules_view_get_entry (view, "kasi"));
}

/* the first title of the game's document, in the language the app runs in */
static char *
document_title (const KsmRules *rules)
{
  g_autoptr(KsmRulesDoc) doc = ksm_rules_doc_new_for_game (rules->id, NULL);

  g_assert_nonnull (doc);
  for (guint i = 0; i < ksm_rules_doc_get_n_blocks (doc); i++)
    {
      const KsmRulesBlock *block = ksm_rules_doc_get_block (doc, i);
      if (block->kind == KSM_RULES_TITLE)
        return g_strdup (ksm_rules_doc_translate (block->text));
    }
  g_assert_not_reached ();
}

static void
test_start_page_offers_each_game (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GPtrArray) listed = g_ptr_array_new ();
  KsmRulesWindow *window;
  GtkDropDown *games;
  GListModel *names;
  KsmRulesView *view;

  for (unsigned i = 0; i < ksm_rules_n_games (); i++)
    if (ksm_skin_for (ksm_rules_nth (i))->listed)
      g_ptr_array_add (listed, (gpointer) ksm_rules_nth (i));
  g_assert_cmpuint (listed->len, >=, 2);

  /* F1 on the start page */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.rules", NULL));
  window = rules_window ();
  g_assert_nonnull (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 640);
  wait_for_frames (GTK_WIDGET (window));
  view = ksm_rules_window_get_view (window);
  games = ksm_rules_window_get_games (window);
  g_assert_nonnull (games);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (games)));
  names = gtk_drop_down_get_model (games);

  /* each game listed, in the order of the start page, and its rules shown
   * when it is picked */
  g_assert_cmpuint (g_list_model_get_n_items (names), ==, listed->len);
  for (guint i = listed->len; i-- > 0;)
    {
      const KsmRules *rules = g_ptr_array_index (listed, i);
      g_autofree char *title = document_title (rules);

      g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), i), ==,
                       ksm_words_game_name (rules));
      gtk_drop_down_set_selected (games, i);
      iterate (2);
      g_assert_true (ksm_rules_view_get_rules (view) == rules);
      g_assert_cmpstr (first_heading (view), ==, title);
    }

  /* a game with extra throws finds them in its text */
  for (guint i = 0; i < listed->len; i++)
    if (g_str_equal (((const KsmRules *) g_ptr_array_index (listed, i))->id, "ashte-kashte"))
      {
        gtk_drop_down_set_selected (games, i);
        search (view, "extra throw");
        g_assert_cmpuint (ksm_rules_view_get_n_matches (view), >=, 2);
        assert_current_match (view, "extra throw");
        g_assert_false (in_glossary (GTK_WIDGET (ksm_rules_view_get_current_match (view, NULL, NULL))));
      }

  /* the guide is beside them; picking a game goes back to its rules */
  ksm_rules_view_show_guide (view, TRUE);
  g_assert_cmpstr (first_heading (view), ==, "Using Kasimala");
  gtk_drop_down_set_selected (games, 0);
  iterate (2);
  g_assert_false (ksm_rules_view_get_showing_guide (view));
  g_assert_true (ksm_rules_view_get_rules (view) == g_ptr_array_index (listed, 0));
  gtk_window_destroy (GTK_WINDOW (window));

  /* on the new-game page F1 is that game's rules alone */
  activate (fixture, "win.choose-game", g_variant_new_string (((const KsmRules *) g_ptr_array_index (listed, 1))->id));
  activate (fixture, "win.rules", NULL);
  window = rules_window ();
  g_assert_nonnull (window);
  g_assert_null (ksm_rules_window_get_games (window));
  g_assert_true (ksm_rules_view_get_rules (ksm_rules_window_get_view (window)) == g_ptr_array_index (listed, 1));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-rules-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/rules/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("search-finds-a-word-of-the-rules-text", test_search_finds_rules_text);
  ADD ("escape-and-ctrl-w-close", test_escape_and_ctrl_w_close);
  ADD ("guide-beside-the-rules", test_guide_beside_the_rules);
  ADD ("start-page-offers-each-game", test_start_page_offers_each_game);
#undef ADD

  status = g_test_run ();
  remove_tree (data_home);
  return status;
}
