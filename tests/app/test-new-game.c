/* test-new-game.c: the new-game page at the sizes people use, in each game
 * with its most seats: Start Game inside the window without scrolling, at
 * the window's default size, at 800x600 and at 360x640; every choice of every
 * drop-down read whole, not cut, in the row and in its list. One window a
 * case, sized before it is shown (Xvfb has no window manager to ask). With
 * KSM_SHOT_DIR set, each case also writes pictures of the window and of
 * the lists there, to look at. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "ksm-game-settings.h"
#include "ksm-new-game-page.h"
#include "ksm-skin.h"

#include "ksm-words.h"

#include "app-test-util.h"
#include "test-catalogue.h"

typedef struct {
  const char *game;
  int         players;    /* 0: the game's own number */
  int         width, height;   /* 0: the window's default size, from its settings */
} PageCase;

static const PageCase cases[] = {
  { "kasimala", 0, 0, 0 },
  { "ashte-kashte", 4, 0, 0 },
  { "asi-keliya", 0, 0, 0 },
  { "kasimala", 0, 360, 640 },
  { "ashte-kashte", 4, 360, 640 },
  { "asi-keliya", 0, 360, 640 },
  { "kasimala", 0, 800, 600 },
  { "ashte-kashte", 4, 800, 600 },
  { "asi-keliya", 0, 800, 600 },
};

typedef struct {
  KsmApplication *app;
  KsmWindow      *window;
  char           *data_dir;
  const PageCase *page_case;
  int             width, height;
} PageFixture;

static gboolean
window_shown (gpointer data)
{
  PageFixture *fixture = data;

  return gtk_widget_get_mapped (GTK_WIDGET (fixture->window)) && gtk_widget_get_width (GTK_WIDGET (fixture->window)) > 0;
}

static gboolean
page_settled (gpointer data)
{
  PageFixture *fixture = data;
  GtkWidget *up = GTK_WIDGET (ksm_window_get_new_game_page (fixture->window));

  while (up != NULL && !GTK_IS_STACK (up))
    up = gtk_widget_get_parent (up);
  return up != NULL && !gtk_stack_get_transition_running (GTK_STACK (up));
}

static void
page_set_up (PageFixture *fixture, gconstpointer data)
{
  const PageCase *page_case = data;
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GSettings) game_settings = ksm_game_settings_new (ksm_rules_lookup (page_case->game));

  fixture->page_case = page_case;
  fixture->data_dir = g_build_filename (g_get_user_data_dir (), "kasimala", NULL);
  remove_tree (fixture->data_dir);
  g_mkdir_with_parents (g_get_user_data_dir (), 0700);
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  g_settings_reset (game_settings, "seats");
  if (page_case->players > 0)
    g_settings_set_int (game_settings, "players", page_case->players);

  fixture->app = test_application ();
  fixture->window = ksm_window_new (fixture->app);
  if (page_case->width > 0)
    gtk_window_set_default_size (GTK_WINDOW (fixture->window), page_case->width, page_case->height);
  gtk_window_get_default_size (GTK_WINDOW (fixture->window), &fixture->width, &fixture->height);
  if (page_case->width == 0)
    {
      /* the window's first size is its settings' default */
      g_autoptr(GVariant) width = g_settings_get_default_value (settings, "window-width");
      g_autoptr(GVariant) height = g_settings_get_default_value (settings, "window-height");
      g_assert_cmpint (fixture->width, ==, g_variant_get_int32 (width));
      g_assert_cmpint (fixture->height, ==, g_variant_get_int32 (height));
    }
  gtk_window_present (GTK_WINDOW (fixture->window));
  iterate (3);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (fixture->window), "win.choose-game",
                                                     g_variant_new_string (page_case->game)));
  iterate (2);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "new-game");
  wait_for (window_shown, fixture, "the window shown");
  wait_for (page_settled, fixture, "the page shown, not crossfading");
  wait_for_frames (GTK_WIDGET (fixture->window));
  g_test_message ("window %dx%d asked, %dx%d shown", fixture->width, fixture->height,
                  gtk_widget_get_width (GTK_WIDGET (fixture->window)),
                  gtk_widget_get_height (GTK_WIDGET (fixture->window)));
  {
    g_autofree char *shot = g_strdup_printf ("new-game-%s-%dx%d", page_case->game, fixture->width, fixture->height);
    test_save_shot (GTK_WIDGET (fixture->window), shot);
  }
  /* the content asks for no more than the window was given */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (fixture->window)), <=, fixture->width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (fixture->window)), <=, fixture->height);
}

static void
page_tear_down (PageFixture *fixture, gconstpointer data)
{
  test_destroy_window (GTK_WINDOW (fixture->window));
  iterate (3);
  remove_tree (fixture->data_dir);
  g_free (fixture->data_dir);
}

/* a shown button that starts the game */
static TestMatch
match_start_button (GtkWidget *widget, gconstpointer data)
{
  if (!gtk_widget_get_visible (widget))
    return TEST_MATCH_PRUNE;
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.start-game") == 0
         ? TEST_MATCH_YES : TEST_MATCH_NO;
}

static gboolean
inside (const graphene_rect_t *inner, const graphene_rect_t *outer)
{
  return inner->origin.x >= outer->origin.x && inner->origin.y >= outer->origin.y
         && inner->origin.x + inner->size.width <= outer->origin.x + outer->size.width
         && inner->origin.y + inner->size.height <= outer->origin.y + outer->size.height;
}

static gboolean
in_game (gpointer data)
{
  PageFixture *fixture = data;

  return g_strcmp0 (ksm_window_get_page_name (fixture->window), "game") == 0;
}

/* Start Game is drawn whole inside the window and inside every scrolled
 * view it is in, as the page first shows: no scrolling finds it */
static void
test_start_visible (PageFixture *fixture, gconstpointer data)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  GtkWidget *button = find_widget (window, match_start_button, NULL);
  graphene_rect_t bounds, window_bounds;
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_drawable (button));
  g_assert_true (gtk_widget_compute_bounds (button, window, &bounds));
  g_assert_true (gtk_widget_compute_bounds (window, window, &window_bounds));
  g_test_message ("Start Game at %.0f,%.0f %.0fx%.0f in %.0fx%.0f", bounds.origin.x, bounds.origin.y,
                  bounds.size.width, bounds.size.height, window_bounds.size.width, window_bounds.size.height);
  g_assert_cmpfloat (bounds.size.width, >, 0);
  g_assert_true (inside (&bounds, &window_bounds));
  for (GtkWidget *up = gtk_widget_get_parent (button); up != NULL; up = gtk_widget_get_parent (up))
    if (GTK_IS_SCROLLED_WINDOW (up))
      {
        graphene_rect_t view;
        g_assert_true (gtk_widget_compute_bounds (up, window, &view));
        g_assert_true (inside (&bounds, &view));
      }
  /* and it is the button that starts the game */
  g_assert_true (gtk_widget_activate (button));
  wait_for (in_game, fixture, "the game started");
}

/* whether `label` is drawn whole: given the width its words need, and
 * not ellipsized (a label's natural width can be capped below its text's) */
static void
assert_label_whole (GtkWidget *label)
{
  PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (label));
  int natural, text_width;

  gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  pango_layout_get_pixel_size (layout, &text_width, NULL);
  g_test_message ("“%s”: %d wide, %d wanted, its text %d, %s", gtk_label_get_text (GTK_LABEL (label)),
                  gtk_widget_get_width (label), natural, text_width,
                  pango_layout_is_ellipsized (layout) ? "ellipsized" : "whole");
  g_assert_cmpint (gtk_widget_get_width (label), >=, natural);
  g_assert_false (pango_layout_is_ellipsized (layout));
}

/* the shown drop-down rows, in the order the page shows them */
static void
collect_combo_rows (GtkWidget *widget, GPtrArray *rows)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (ADW_IS_COMBO_ROW (widget))
    g_ptr_array_add (rows, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_combo_rows (child, rows);
}

/* a drawn label reading `data` */
static TestMatch
match_drawn_label (GtkWidget *widget, gconstpointer data)
{
  if (!gtk_widget_get_visible (widget))
    return TEST_MATCH_PRUNE;
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0
         ? TEST_MATCH_YES : TEST_MATCH_NO;
}

static gboolean
popover_shown (gpointer data)
{
  GtkWidget *popover = find_of_type (data, GTK_TYPE_POPOVER);

  return popover != NULL && gtk_widget_get_mapped (popover);
}

/* every choice of every drop-down on the page (the seats, the opponent,
 * who throws first), as the row shows the one chosen and as its list shows
 * them all, is as wide as its words */
static void
test_choices_whole (PageFixture *fixture, gconstpointer data)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  GtkWidget *page = GTK_WIDGET (ksm_window_get_new_game_page (fixture->window));
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  gboolean seats = FALSE;
  /* a level is described as it plays in this game */
  const KsmRules *rules = ksm_rules_lookup (fixture->page_case->game);
  /* a game of one opponent says which side the person plays, whatever
   * the opponent's level */
  const char *opponent_words = NULL;
  gboolean opponent_seen = FALSE;

  g_assert_nonnull (rules);
  if (ksm_skin_for (rules)->opponent_subtitle != NULL)
    opponent_words = _(ksm_skin_for (rules)->opponent_subtitle);
  collect_combo_rows (page, rows);
  g_assert_cmpuint (rows->len, >, 1);
  for (guint r = 0; r < rows->len; r++)
    {
      GtkWidget *row = rows->pdata[r];
      GListModel *choices = adw_combo_row_get_model (ADW_COMBO_ROW (row));
      guint chosen = adw_combo_row_get_selected (ADW_COMBO_ROW (row));
      g_autofree char *shot = NULL;
      GtkWidget *popover;

      g_assert_true (GTK_IS_STRING_LIST (choices));
      g_test_message ("row “%s”", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
      /* a seat offers a person and the computer's levels */
      seats = seats || g_list_model_get_n_items (choices) == 1 + KSM_N_LEVELS;
      const char *first_line = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
      gboolean opponent = opponent_words != NULL && first_line != NULL
                          && strstr (first_line, opponent_words) != NULL;
      opponent_seen = opponent_seen || opponent;
      /* as the page opens, a seat's line is already its level's */
      if (g_list_model_get_n_items (choices) == 1 + KSM_N_LEVELS && chosen > 0)
        g_assert_nonnull (strstr (first_line, ksm_words_level_description (rules, (int) chosen - 1)));
      for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
        {
          const char *text = gtk_string_list_get_string (GTK_STRING_LIST (choices), i);
          GtkWidget *label;

          adw_combo_row_set_selected (ADW_COMBO_ROW (row), i);
          wait_for_frames (window);
          label = find_widget (row, match_drawn_label, text);
          g_assert_nonnull (label);
          assert_label_whole (label);
          /* a computer level says in a line what it does; a person, nothing */
          if (g_list_model_get_n_items (choices) == 1 + KSM_N_LEVELS
              && (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (choices), 0), _("A Person at This Desk"))
                  || g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (choices), 0),
                                  _("Another Person at This Desk"))))
            {
              const char *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
              /* (a seat of a team says whose partner it is too) */
              for (int level = 0; level < KSM_N_LEVELS; level++)
                g_assert_true ((subtitle != NULL && strstr (subtitle, ksm_words_level_description (rules, level)) != NULL)
                               == (level == (int) i - 1));
              if (i > 0)
                g_assert_nonnull (find_widget (row, match_drawn_label, subtitle));
              if (opponent)
                g_assert_nonnull (strstr (subtitle, opponent_words));
            }
        }
      adw_combo_row_set_selected (ADW_COMBO_ROW (row), chosen);
      if (opponent)
        g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), opponent_words));

      /* the list the row opens */
      g_assert_true (gtk_widget_activate (row));
      wait_for (popover_shown, row, "the row's list");
      wait_for_frames (window);
      shot = g_strdup_printf ("list-%u-%s-%dx%d", r, fixture->page_case->game, fixture->width, fixture->height);
      test_save_shot (window, shot);
      popover = find_of_type (row, GTK_TYPE_POPOVER);
      g_free (shot);
      shot = g_strdup_printf ("list-%u-%s-%dx%d-popover", r, fixture->page_case->game, fixture->width, fixture->height);
      test_save_shot (popover, shot);
      for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
        {
          GtkWidget *label = find_widget (popover, match_drawn_label,
                                          gtk_string_list_get_string (GTK_STRING_LIST (choices), i));
          g_assert_nonnull (label);
          assert_label_whole (label);
        }
      gtk_popover_popdown (GTK_POPOVER (popover));
      wait_for_frames (window);
    }
  g_assert_true (seats);
  g_assert_true (opponent_seen == (opponent_words != NULL));
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-new-game-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  test_use_build_catalogue ();

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *size = cases[i].width > 0 ? g_strdup_printf ("%dx%d", cases[i].width, cases[i].height)
                                                 : g_strdup ("default");
      g_autofree char *start = g_strdup_printf ("/new-game/start-in-view/%s/%s", cases[i].game, size);
      g_autofree char *choices = g_strdup_printf ("/new-game/choices-whole/%s/%s", cases[i].game, size);
      g_test_add (start, PageFixture, &cases[i], page_set_up, test_start_visible, page_tear_down);
      g_test_add (choices, PageFixture, &cases[i], page_set_up, test_choices_whole, page_tear_down);
    }
  status = g_test_run ();

  remove_tree (data_home);
  return status;
}
