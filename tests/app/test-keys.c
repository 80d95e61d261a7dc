/* test-keys.c: the keyboard reaches everything and is never trapped, under
 * Xvfb: Tab and Shift+Tab go round every page and out of every pane, in
 * each game, with the history and the rules open and closed, on the start
 * page, the new-game page, Saved Games, a review, Preferences and the rules
 * window; F1 and F9 take the focus into their panes and Escape, or the key
 * again, gives it back; Space throws whatever button holds the focus, but
 * not from a text entry; the hint list takes the focus and gives it back;
 * a review's steps are said with their events; and Asi Keliya's tokens say
 * what they are, whether chosen, and what a person chose.
 *
 * Tab is the window's "move-focus" signal, as its key binding emits it;
 * Space is the window's capture-phase key controller's "key-pressed", as a
 * key press reaches it before any focused widget. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "ksm-announce.h"
#include "ksm-application.h"
#include "ksm-board.h"
#include "ksm-cell.h"
#include "ksm-game-settings.h"
#include "ksm-game-view.h"
#include "ksm-hint-popover.h"
#include "ksm-history-view.h"
#include "ksm-random.h"
#include "ksm-record.h"
#include "ksm-rules-view.h"
#include "ksm-window.h"

#include "app-test-util.h"
#include "test-records.h"

/* a game of `id` with these seats, the computer without delay */
static KsmGame *
start_game (Fixture *fixture, const char *id, const char *const *seats)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kasimala.Kasimala");
  g_autoptr(GSettings) game_settings = ksm_game_settings_new (ksm_rules_lookup (id));

  g_settings_set_strv (game_settings, "seats", seats);
  g_settings_set_int (game_settings, "first", 0);
  g_settings_set_int (settings, "computer-delay", 0);
  activate (fixture, "win.choose-game", g_variant_new_string (id));
  activate (fixture, "win.start-game", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  return ksm_window_get_game (fixture->window);
}

static const char *const two_persons[] = { "person", "person", NULL };
static const char *const four_persons[] = { "person", "person", "person", "person", NULL };

static KsmGame *
start_persons_game (Fixture *fixture, const char *id)
{
  return start_game (fixture, id, g_str_equal (id, "kasimala") ? two_persons : four_persons);
}

static KsmGameView *
view_of (Fixture *fixture)
{
  return ksm_window_get_game_view (fixture->window);
}

static GtkWidget *
focus_of (GtkWidget *window)
{
  return gtk_root_get_focus (GTK_ROOT (window));
}

/* ---- waiting for what moves ---- */

static gboolean
stack_settled (gpointer data)
{
  return !gtk_stack_get_transition_running (GTK_STACK (data));
}

static gboolean
flaps_settled (gpointer data)
{
  KsmGameView *view = data;
  AdwFlap *flaps[] = { ksm_game_view_get_flap (view), ksm_game_view_get_rules_flap (view) };

  for (guint i = 0; i < G_N_ELEMENTS (flaps); i++)
    if (adw_flap_get_reveal_progress (flaps[i]) != (adw_flap_get_reveal_flap (flaps[i]) ? 1.0 : 0.0))
      return FALSE;
  return TRUE;
}

/* the page shown and the panes have come to rest: what a crossfade or a
 * flap's slide still shows can take the focus */
static void
settle (Fixture *fixture)
{
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (view_of (fixture)), GTK_TYPE_STACK);

  wait_for (stack_settled, stack, "the page's transition");
  wait_for (flaps_settled, view_of (fixture), "the panes' slides");
  iterate (2);
}

/* ---- Tab ---- */

typedef struct {
  GPtrArray *visited;   /* GtkWidget *, in the order the focus came */
} Walk;

static void
walk_clear (Walk *walk)
{
  g_clear_pointer (&walk->visited, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Walk, walk_clear)

static const char *
widget_words (GtkWidget *widget)
{
  if (widget == NULL)
    return "nothing";
  if (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    return gtk_button_get_label (GTK_BUTTON (widget));
  if (gtk_widget_get_tooltip_text (widget) != NULL)
    return gtk_widget_get_tooltip_text (widget);
  return G_OBJECT_TYPE_NAME (widget);
}

/* Presses Tab (or Shift+Tab) in `window` from `from` until the focus comes
 * back to it, failing where a press leaves the focus where it was (a trap)
 * or it never comes back */
static void
walk_round (GtkWidget *window, GtkWidget *from, GtkDirectionType direction, Walk *walk)
{
  GtkWidget *last = from;

  walk->visited = g_ptr_array_new ();
  g_assert_true (gtk_widget_grab_focus (from));
  g_assert_true (focus_of (window) == from || gtk_widget_is_ancestor (focus_of (window), from));
  from = last = focus_of (window);
  for (guint i = 0; i < 300; i++)
    {
      GtkWidget *focus;

      g_signal_emit_by_name (window, "move-focus", direction);
      iterate (1);
      focus = focus_of (window);
      g_test_message ("%s %s (%s)", direction == GTK_DIR_TAB_FORWARD ? "Tab" : "Shift+Tab",
                      widget_words (focus), focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "");
      if (focus == last)
        g_error ("%s stays on %s (%s)", direction == GTK_DIR_TAB_FORWARD ? "Tab" : "Shift+Tab",
                 widget_words (focus), focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "");
      if (focus == from)
        return;
      if (focus != NULL)
        g_ptr_array_add (walk->visited, focus);
      last = focus;
    }
  g_error ("the focus never came back to %s", widget_words (from));
}

/* whether the walk came to a widget at or under `widget` */
static gboolean
visited_in (Walk *walk, GtkWidget *widget)
{
  for (guint i = 0; i < walk->visited->len; i++)
    {
      GtkWidget *each = walk->visited->pdata[i];
      if (each == widget || gtk_widget_is_ancestor (each, widget))
        return TRUE;
    }
  return FALSE;
}

/* the widgets a walk came to that are still on screen: a window settling
 * its width may hide one meanwhile (a preferences window's view switcher
 * gives way to its title) */
static guint
still_mapped (Walk *walk)
{
  guint n = 0;
  for (guint i = 0; i < walk->visited->len; i++)
    n += gtk_widget_get_mapped (walk->visited->pdata[i]);
  return n;
}

/* each way round `window` from `from`, both coming back, by the same
 * widgets */
static void
walk_both_ways (GtkWidget *window, GtkWidget *from)
{
  g_auto(Walk) forward = { 0 };
  g_auto(Walk) backward = { 0 };

  walk_round (window, from, GTK_DIR_TAB_FORWARD, &forward);
  walk_round (window, from, GTK_DIR_TAB_BACKWARD, &backward);
  g_assert_cmpuint (forward.visited->len, >, 0);
  g_assert_cmpuint (still_mapped (&forward), ==, still_mapped (&backward));
  for (guint i = 0; i < backward.visited->len; i++)
    if (gtk_widget_get_mapped (backward.visited->pdata[i]))
      g_assert_true (g_ptr_array_find (forward.visited, backward.visited->pdata[i], NULL));
}

static void
throw_until_movable (Fixture *fixture, KsmGame *game)
{
  for (int tries = 0; tries < 500 && ksm_game_get_phase (game) != KSM_PHASE_MOVE; tries++)
    activate (fixture, "win.throw", NULL);
  g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_MOVE);
}

/* A game's page, at its throw and at its move, with the panes closed and
 * open: Tab and Shift+Tab come back round, by the throw or the board, the
 * header and each pane open */
static void
test_game_page_round (Fixture *fixture, gconstpointer data)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  KsmGame *game = start_persons_game (fixture, data);
  KsmGameView *view = view_of (fixture);
  GtkWidget *throw_view = ksm_game_view_get_throw_view (view);
  GtkWidget *board = ksm_game_view_get_board (view);
  GtkWidget *history = ksm_game_view_get_history (view);
  GtkWidget *rules = adw_flap_get_flap (ksm_game_view_get_rules_flap (view));
  GtkWidget *cell;

  settle (fixture);
  /* at the throw: the button, the header, and back */
  {
    g_auto(Walk) walk = { 0 };
    walk_round (window, throw_view, GTK_DIR_TAB_FORWARD, &walk);
    g_assert_false (visited_in (&walk, history));
    g_assert_false (visited_in (&walk, rules));
  }
  walk_both_ways (window, throw_view);

  /* with both panes open the walk goes through each, and out */
  activate (fixture, "win.toggle-history", NULL);
  activate (fixture, "win.rules", NULL);
  settle (fixture);
  g_assert_true (ksm_game_view_get_history_revealed (view));
  g_assert_true (ksm_game_view_get_rules_revealed (view));
  {
    g_auto(Walk) walk = { 0 };
    walk_round (window, throw_view, GTK_DIR_TAB_FORWARD, &walk);
    g_assert_true (visited_in (&walk, history));
    g_assert_true (visited_in (&walk, rules));
    g_assert_true (visited_in (&walk, ksm_rules_view_get_search_entry (ksm_game_view_get_rules_view (view))));
  }
  walk_both_ways (window, throw_view);
  /* from inside the rules' empty search, out and back */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (ksm_rules_view_get_search_entry (
                     ksm_game_view_get_rules_view (view)))), ==, "");
  walk_both_ways (window, ksm_rules_view_get_search_entry (ksm_game_view_get_rules_view (view)));

  /* at the move: from a piece that can move, round by the throw's place
   * and the header */
  activate (fixture, "win.toggle-history", NULL);
  activate (fixture, "win.rules", NULL);
  throw_until_movable (fixture, game);
  settle (fixture);
  cell = first_movable_cell (KSM_BOARD (board));
  g_assert_nonnull (cell);
  {
    g_auto(Walk) walk = { 0 };
    walk_round (window, cell, GTK_DIR_TAB_FORWARD, &walk);
    g_assert_false (visited_in (&walk, rules));
  }
  walk_both_ways (window, cell);
  /* and the throw's place again once the move is made */
  g_assert_true (gtk_widget_activate (cell));
  iterate (3);
  if (ksm_game_can_throw (game))
    {
      g_auto(Walk) walk = { 0 };
      walk_round (window, throw_view, GTK_DIR_TAB_FORWARD, &walk);
      /* the board stays one stop, to explore, with or without a move */
      g_assert_true (visited_in (&walk, board));
    }
}

static TestMatch
match_action_button (GtkWidget *widget, gconstpointer action)
{
  return GTK_IS_ACTIONABLE (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0
         ? TEST_MATCH_YES : TEST_MATCH_NO;
}

static TestMatch
match_mapped_type (GtkWidget *widget, gconstpointer type)
{
  if (!gtk_widget_get_mapped (widget))
    return TEST_MATCH_PRUNE;
  return match_type (widget, type);
}

/* every page other than a game's, Tab and Shift+Tab round it */
static void
test_other_pages_round (Fixture *fixture, gconstpointer data)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  GtkListBoxRow *first;
  GListModel *toplevels = gtk_window_get_toplevels ();

  /* the start page, from its first game */
  settle (fixture);
  first = gtk_list_box_get_row_at_index (ksm_start_page_get_games_list (ksm_window_get_start_page (fixture->window)), 0);
  walk_both_ways (window, GTK_WIDGET (first));

  /* the new-game page, from its Start Game */
  activate (fixture, "win.choose-game", g_variant_new_string ("asi-keliya"));
  settle (fixture);
  walk_both_ways (window, find_widget (GTK_WIDGET (ksm_window_get_new_game_page (fixture->window)),
                                      match_action_button, "win.start-game"));

  /* Saved Games, from its search */
  activate (fixture, "win.saved-games", NULL);
  settle (fixture);
  walk_both_ways (window, GTK_WIDGET (ksm_library_page_get_search (ksm_window_get_library_page (fixture->window))));

  /* Preferences and the rules window, each a window of its own */
  for (guint which = 0; which < 2; which++)
    {
      GtkWidget *other = NULL;

      activate (fixture, "win.show-start", NULL);
      if (which == 0)
        g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "preferences", NULL);
      else
        activate (fixture, "win.rules", NULL);
      iterate (3);
      for (guint i = 0; i < g_list_model_get_n_items (toplevels) && other == NULL; i++)
        {
          g_autoptr(GtkWidget) each = g_list_model_get_item (toplevels, i);
          if (each != window && gtk_widget_get_visible (each)
              && gtk_window_get_transient_for (GTK_WINDOW (each)) == GTK_WINDOW (window))
            other = each;
        }
      g_assert_nonnull (other);
      wait_for_frames (other);
      /* from the first setting, or the search: not from the window's first
       * focus, which may be a view switcher that hides, for its one page */
      walk_both_ways (other, find_widget (other, match_mapped_type,
                                            GSIZE_TO_POINTER (which == 0 ? ADW_TYPE_PREFERENCES_ROW
                                                                         : GTK_TYPE_SEARCH_ENTRY)));
      gtk_window_destroy (GTK_WINDOW (other));
      iterate (2);
    }
}

/* ---- a review ---- */

typedef struct {
  Fixture    *fixture;
  const char *prefix;
} Said;

/* a wait_for () condition: something starting with the prefix was said last */
static gboolean
said_last (gpointer data)
{
  Said *said = data;
  GPtrArray *all = ksm_announce_get_said (GTK_WIDGET (said->fixture->window));

  return all != NULL && all->len > 0 && g_str_has_prefix (all->pdata[all->len - 1], said->prefix);
}

/* waits until the news starting with `prefix` is said (the news before it
 * is read first), and returns it whole */
static const char *
wait_said (Fixture *fixture, const char *prefix)
{
  Said said = { fixture, prefix };
  GPtrArray *all;

  wait_for (said_last, &said, prefix);
  all = ksm_announce_get_said (GTK_WIDGET (fixture->window));
  return all->pdata[all->len - 1];
}

/* the last thing said in the window */
static const char *
last_said (Fixture *fixture)
{
  GPtrArray *said = ksm_announce_get_said (GTK_WIDGET (fixture->window));

  return said != NULL && said->len > 0 ? said->pdata[said->len - 1] : NULL;
}

/* A review: Tab round it from its timeline, and each step said with its
 * event as the history words it */
static void
test_review (Fixture *fixture, gconstpointer data)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  g_autoptr(KsmRecord) record = test_random_record (7, 40);
  guint n = ksm_record_get_n_events (record);
  KsmHistoryView *history = KSM_HISTORY_VIEW (ksm_game_view_get_history (view_of (fixture)));
  GtkWidget *timeline;
  g_autofree char *expected = NULL;
  const char *said;

  ksm_window_review (fixture->window, record, NULL);
  settle (fixture);
  timeline = GTK_WIDGET (ksm_review_bar_get_timeline (ksm_game_view_get_review_bar (view_of (fixture))));
  g_assert_true (gtk_widget_is_focus (timeline));
  walk_both_ways (window, timeline);

  /* the first step: the first throw */
  activate (fixture, "win.review-forward", NULL);
  expected = g_strdup_printf ("Step 1 of %u: ", n);
  said = wait_said (fixture, expected);
  g_assert_true (g_str_has_prefix (ksm_history_view_get_row_text (history, 0), said + strlen (expected)));

  /* the last: the history's last row, whole */
  activate (fixture, "win.review-end", NULL);
  g_free (expected);
  expected = g_strdup_printf ("Step %u of %u: %s", n, n,
                              ksm_history_view_get_row_text (history, ksm_history_view_get_n_rows (history) - 1));
  g_assert_cmpstr (wait_said (fixture, expected), ==, expected);
  g_assert_null (strchr (last_said (fixture), '<'));

  /* back one, and to the start */
  activate (fixture, "win.review-back", NULL);
  g_free (expected);
  expected = g_strdup_printf ("Step %u of %u: ", n - 1, n);
  wait_said (fixture, expected);
  activate (fixture, "win.review-start", NULL);
  g_free (expected);
  expected = g_strdup_printf ("Step 0 of %u: The start of the game", n);
  g_assert_cmpstr (wait_said (fixture, expected), ==, expected);
}

/* ---- F1 and F9 ---- */

/* F1 and F9 take the focus into their pane; Escape there, the search's
 * own Escape, or the key again, gives it back to the cell it left */
static void
test_panes_take_and_give_back (Fixture *fixture, gconstpointer data)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  KsmGame *game = start_persons_game (fixture, "kasimala");
  KsmGameView *view = view_of (fixture);
  GtkWidget *rules = adw_flap_get_flap (ksm_game_view_get_rules_flap (view));
  GtkWidget *history = ksm_game_view_get_history (view);
  GtkWidget *search = ksm_rules_view_get_search_entry (ksm_game_view_get_rules_view (view));
  GtkWidget *cell;

  throw_until_movable (fixture, game);
  settle (fixture);
  cell = first_movable_cell (KSM_BOARD (ksm_game_view_get_board (view)));
  g_assert_nonnull (cell);

  for (guint how = 0; how < 3; how++)
    {
      g_assert_true (gtk_widget_grab_focus (cell));
      activate (fixture, "win.rules", NULL);
      g_assert_true (ksm_game_view_get_rules_revealed (view));
      settle (fixture);
      g_assert_true (gtk_widget_is_ancestor (focus_of (window), search));
      if (how == 0)
        /* Escape, from the pane's switcher */
        {
          g_signal_emit_by_name (window, "move-focus", GTK_DIR_TAB_BACKWARD);
          g_assert_true (gtk_widget_is_ancestor (focus_of (window), rules));
          g_assert_false (gtk_widget_is_ancestor (focus_of (window), search));
          g_assert_true (gtk_widget_activate_action (focus_of (window), "game.close-pane", NULL));
        }
      else if (how == 1)
        /* the search's Escape */
        g_signal_emit_by_name (search, "stop-search");
      else
        activate (fixture, "win.rules", NULL);
      iterate (2);
      g_assert_false (ksm_game_view_get_rules_revealed (view));
      g_assert_true (focus_of (window) == cell);
    }

  for (guint how = 0; how < 2; how++)
    {
      g_assert_true (gtk_widget_grab_focus (cell));
      activate (fixture, "win.toggle-history", NULL);
      g_assert_true (ksm_game_view_get_history_revealed (view));
      settle (fixture);
      g_assert_nonnull (focus_of (window));
      g_assert_true (gtk_widget_is_ancestor (focus_of (window), history));
      if (how == 0)
        g_assert_true (gtk_widget_activate_action (focus_of (window), "game.close-pane", NULL));
      else
        activate (fixture, "win.toggle-history", NULL);
      iterate (2);
      g_assert_false (ksm_game_view_get_history_revealed (view));
      g_assert_false (g_variant_get_boolean (g_action_group_get_action_state (G_ACTION_GROUP (window),
                                                                             "toggle-history")));
      g_assert_true (focus_of (window) == cell);
    }

  /* a pane the person left while it slid in leaves them there, and
   * closes without moving them */
  {
    GtkWidget *menu = find_widget (window, match_type, GSIZE_TO_POINTER (GTK_TYPE_MENU_BUTTON));

    g_assert_true (gtk_widget_grab_focus (cell));
    activate (fixture, "win.rules", NULL);
    g_assert_true (gtk_widget_grab_focus (menu));
    settle (fixture);
    g_assert_true (gtk_widget_is_ancestor (focus_of (window), menu));
    activate (fixture, "win.rules", NULL);
    g_assert_true (gtk_widget_is_ancestor (focus_of (window), menu));
  }

  /* one reading the rules at their turn's start is left reading */
  activate (fixture, "win.rules", NULL);
  settle (fixture);
  g_assert_true (gtk_widget_is_ancestor (focus_of (window), search));
  {
    guint n_moves;
    const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
    g_assert_true (ksm_game_play (game, &moves[0]));
  }
  iterate (3);
  g_assert_true (gtk_widget_is_ancestor (focus_of (window), search));
}

/* ---- Space ---- */

static GtkEventController *
space_controller (Fixture *fixture)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (fixture->window));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) each = g_list_model_get_item (controllers, i);
      if (g_strcmp0 (gtk_event_controller_get_name (each), "ksm-space-throws") == 0)
        return each;
    }
  return NULL;
}

/* Space pressed, as it reaches the window before the focused widget: TRUE
 * when the window took it */
static gboolean
press_space (Fixture *fixture)
{
  GtkEventController *space = space_controller (fixture);
  gboolean handled = FALSE;

  g_assert_nonnull (space);
  /* before any focused widget sees it */
  g_assert_cmpint (gtk_event_controller_get_propagation_phase (space), ==, GTK_PHASE_CAPTURE);
  g_signal_emit_by_name (space, "key-pressed", GDK_KEY_space, 0, 0, &handled);
  iterate (2);
  return handled;
}

static guint
n_events (KsmGame *game)
{
  return ksm_record_get_n_events (ksm_game_get_record (game));
}

/* Space throws with Undo focused, and with a cell focused: not from the
 * rules' search, and not when no throw can be made */
static void
test_space_throws (Fixture *fixture, gconstpointer data)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  KsmGame *game = start_persons_game (fixture, "kasimala");
  KsmGameView *view = view_of (fixture);
  GtkWidget *undo = find_widget (window, match_action_button, "win.undo");
  GtkWidget *search = ksm_rules_view_get_search_entry (ksm_game_view_get_rules_view (view));
  guint before;

  g_assert_nonnull (undo);
  /* a move made, so that Undo can be focused at the next throw */
  throw_until_movable (fixture, game);
  {
    guint n_moves;
    const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
    g_assert_true (ksm_game_play (game, &moves[0]));
    iterate (3);
  }
  while (!ksm_game_can_throw (game))
    {
      guint n_moves;
      const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
      g_assert_true (ksm_game_play (game, &moves[0]));
      iterate (3);
    }
  g_assert_true (gtk_widget_get_sensitive (undo));
  g_assert_true (gtk_widget_grab_focus (undo));
  before = n_events (game);
  g_assert_true (press_space (fixture));
  /* a throw, and what followed it of itself (a throw nothing could use) */
  g_assert_cmpuint (n_events (game), >, before);
  g_assert_cmpint (ksm_record_get_event (ksm_game_get_record (game), before)->kind, ==, KSM_EVENT_THROW);

  /* at a move Space is the focused widget's */
  if (ksm_game_get_phase (game) == KSM_PHASE_MOVE)
    {
      g_assert_false (ksm_game_can_throw (game));
      before = n_events (game);
      g_assert_false (press_space (fixture));
      g_assert_cmpuint (n_events (game), ==, before);
    }

  /* in the rules' search it is a space typed */
  while (!ksm_game_can_throw (game))
    {
      guint n_moves;
      const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
      g_assert_true (ksm_game_play (game, &moves[0]));
      iterate (3);
    }
  activate (fixture, "win.rules", NULL);
  settle (fixture);
  g_assert_true (gtk_widget_is_ancestor (focus_of (window), search));
  before = n_events (game);
  g_assert_false (press_space (fixture));
  g_assert_cmpuint (n_events (game), ==, before);

  /* from a board cell (or whatever the board holds) it throws */
  activate (fixture, "win.rules", NULL);
  g_assert_true (gtk_widget_grab_focus (ksm_game_view_get_throw_view (view)));
  before = n_events (game);
  g_assert_true (press_space (fixture));
  g_assert_cmpuint (n_events (game), >, before);
  g_assert_cmpint (ksm_record_get_event (ksm_game_get_record (game), before)->kind, ==, KSM_EVENT_THROW);
}

/* ---- the hint list ---- */

static gboolean
hints_shown (gpointer data)
{
  return ksm_hint_popover_get_n_rows (KSM_HINT_POPOVER (data)) > 0;
}

/* The hint takes the focus to its best row, which a screen reader reads as
 * the row's words; closing gives the focus back to the cell */
static void
test_hint_list_reached (Fixture *fixture, gconstpointer data)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  KsmGame *game = start_persons_game (fixture, data);
  KsmHintPopover *popover = ksm_window_get_hint_popover (fixture->window);
  GtkWidget *cell, *row;
  char *error;

  throw_until_movable (fixture, game);
  settle (fixture);
  cell = first_movable_cell (KSM_BOARD (ksm_game_view_get_board (view_of (fixture))));
  g_assert_nonnull (cell);
  g_assert_true (gtk_widget_grab_focus (cell));
  activate (fixture, "win.hint", NULL);
  wait_for (hints_shown, popover, "the hints");
  wait_for_frames (GTK_WIDGET (popover));

  row = ksm_hint_popover_get_row (popover, 0);
  g_assert_true (focus_of (window) == row);
  error = gtk_test_accessible_check_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                              ksm_hint_popover_get_row_text (popover, 0));
  g_assert_cmpstr (error, ==, NULL);
  /* Tab stays among the rows and the popover: it does not leak to the board */
  if (ksm_hint_popover_get_n_rows (popover) > 1)
    {
      g_signal_emit_by_name (gtk_widget_get_parent (row), "move-cursor", GTK_MOVEMENT_DISPLAY_LINES, 1, FALSE, FALSE);
      iterate (1);
      g_assert_true (focus_of (window) == ksm_hint_popover_get_row (popover, 1));
    }

  /* Escape (the popover's own) closes it, and the focus is the cell's */
  gtk_popover_popdown (GTK_POPOVER (popover));
  iterate (2);
  g_assert_true (focus_of (window) == cell);
}

/* ---- Asi Keliya's tokens ---- */

/* Each token a throw waiting, or a unit of a pool, names what it is; the
 * chosen one is pressed; choosing another says what was chosen */
static void
test_unit_tokens (Fixture *fixture, gconstpointer data)
{
  KsmGame *game = start_persons_game (fixture, "asi-keliya");
  GtkWidget *tokens = ksm_game_view_get_pending_tokens (view_of (fixture));
  GtkWidget *other = NULL;
  guint checked = 0;
  gint64 deadline = test_hang_deadline ();

  /* a turn that holds two throws or more, to choose among */
  for (;;)
    {
      guint n = 0;

      test_check_hang (deadline, "a turn holding two throws");
      throw_until_movable (fixture, game);
      for (GtkWidget *t = gtk_widget_get_first_child (tokens); t != NULL; t = gtk_widget_get_next_sibling (t))
        n += gtk_widget_get_sensitive (t);
      if (n >= 2)
        break;
      {
        guint n_moves;
        const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
        g_assert_true (ksm_game_play (game, &moves[0]));
        iterate (3);
      }
    }

  for (GtkWidget *t = gtk_widget_get_first_child (tokens); t != NULL; t = gtk_widget_get_next_sibling (t))
    {
      const char *words = g_object_get_data (G_OBJECT (t), "words");
      gboolean chosen = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (t));
      char *error;

      g_assert_nonnull (words);
      g_assert_nonnull (strstr (words, "unit"));
      error = gtk_test_accessible_check_property (GTK_ACCESSIBLE (t), GTK_ACCESSIBLE_PROPERTY_LABEL, words);
      g_assert_cmpstr (error, ==, NULL);
      error = gtk_test_accessible_check_state (GTK_ACCESSIBLE (t), GTK_ACCESSIBLE_STATE_PRESSED,
                                               chosen ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE);
      g_assert_cmpstr (error, ==, NULL);
      /* another throw than the chosen one: of two alike, the first is chosen */
      if (!chosen && gtk_widget_get_sensitive (t) && other == NULL
          && GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (t), "value")) != ksm_game_get_selected_throw (game))
        other = t;
      checked++;
    }
  g_assert_cmpuint (checked, >=, 2);

  if (other != NULL)
    {
      g_autofree char *expected = NULL;
      const char *said;

      g_signal_emit_by_name (other, "clicked");
      iterate (2);
      g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (other)));
      g_assert_null (gtk_test_accessible_check_state (GTK_ACCESSIBLE (other), GTK_ACCESSIBLE_STATE_PRESSED,
                                                      GTK_ACCESSIBLE_TRISTATE_TRUE));
      if (ksm_game_get_position (game)->u.asi.split)
        expected = g_strdup_printf ("%u of the pool's ", ksm_game_get_selected_throw (game));
      else
        expected = g_strdup_printf ("Chosen: %s", (const char *) g_object_get_data (G_OBJECT (other), "words"));
      said = wait_said (fixture, expected);
      g_assert_true (g_str_has_prefix (said, expected));
    }
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-keys-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func, data) \
  g_test_add ("/keys/" path, Fixture, data, fixture_set_up, func, fixture_tear_down)
  ADD ("game-page-round/kasimala", test_game_page_round, "kasimala");
  ADD ("game-page-round/ashte-kashte", test_game_page_round, "ashte-kashte");
  ADD ("game-page-round/asi-keliya", test_game_page_round, "asi-keliya");
  ADD ("other-pages-round", test_other_pages_round, NULL);
  ADD ("review", test_review, NULL);
  ADD ("panes-take-and-give-back", test_panes_take_and_give_back, NULL);
  ADD ("space-throws", test_space_throws, NULL);
  ADD ("hint-list-reached/kasimala", test_hint_list_reached, "kasimala");
  ADD ("hint-list-reached/asi-keliya", test_hint_list_reached, "asi-keliya");
  ADD ("unit-tokens", test_unit_tokens, NULL);
#undef ADD

  status = g_test_run ();
  remove_tree (data_home);
  return status;
}
