/* test-narration.c: a screen reader is told the game as it goes (#24):
 * whose turn it is, each throw with its thrower, each move or lost throw,
 * in each game, the computer's turns as well as the person's; and the
 * news is queued, so a message is never replaced before it was shown. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "ksm-announce.h"
#include "ksm-board.h"
#include "ksm-cell.h"
#include "ksm-game-settings.h"
#include "ksm-game-view.h"
#include "ksm-words.h"

#include "app-test-util.h"

/* ---- the queue ---- */

static gboolean
said_at_least (gpointer data)
{
  GtkWidget *widget = data;

  return ksm_announce_get_said (widget)->len >= 2;
}

static gboolean
said_at_least_6 (gpointer data)
{
  return ksm_announce_get_said (data)->len >= 6;
}

static gboolean
read_out (gpointer data)
{
  return !ksm_announce_is_holding (data);
}

static void
test_queue (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *first = gtk_button_new_with_label ("First");
  GtkWidget *second = gtk_button_new_with_label ("Second");
  GPtrArray *said;

  gtk_box_append (GTK_BOX (box), first);
  gtk_box_append (GTK_BOX (box), second);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
  ksm_announce_set_description (first, "Its own description");
  gtk_widget_grab_focus (first);
  iterate (2);

  ksm_announce (first, "One.");
  ksm_announce (first, "Two.");
  ksm_announce (first, "Three.");
  said = ksm_announce_get_said (first);
  /* the first is shown on the focused button; the others wait for it */
  g_assert_cmpuint (said->len, ==, 1);
  g_assert_cmpstr (ksm_announce_get_showing (second), ==, "One.");
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (first),
                                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "One."));
  /* a description set meanwhile does not replace the news, and comes back after it */
  ksm_announce_set_description (first, "Its new description");
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (first),
                                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "One."));

  /* then both waiting are shown together, nothing dropped */
  wait_for (said_at_least, first, "the waiting news");
  g_assert_cmpuint (said->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (said, 1), ==, "Two.");
  g_assert_cmpstr (g_ptr_array_index (said, 2), ==, "Three.");
  g_assert_cmpstr (ksm_announce_get_showing (first), ==, "Two. Three.");

  /* news that matters only at its latest replaces its kind still waiting,
   * and nothing else */
  ksm_announce (first, "Four.");
  ksm_announce_latest (first, "Step 1.");
  ksm_announce_latest (first, "Step 2.");
  ksm_announce (first, "Five.");
  ksm_announce_latest (first, "Step 3.");
  g_assert_cmpuint (said->len, ==, 3);

  /* the focus moves while the news is read: the news goes with it, and the
   * old widget has its own description again */
  g_assert_true (ksm_announce_is_holding (first));
  gtk_widget_grab_focus (second);
  /* (no main loop meanwhile: the news is still being read whatever the
   * machine's speed) */
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (first),
                                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                     "Its new description"));
  g_assert_cmpstr (ksm_announce_get_showing (second), ==, "Two. Three.");
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (second),
                                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Two. Three."));

  /* once read, it stays behind when the person moves on */
  wait_for (said_at_least_6, second, "the news waiting");
  g_assert_cmpuint (said->len, ==, 6);
  g_assert_cmpstr (g_ptr_array_index (said, 3), ==, "Four.");
  g_assert_cmpstr (g_ptr_array_index (said, 4), ==, "Five.");
  g_assert_cmpstr (g_ptr_array_index (said, 5), ==, "Step 3.");
  g_assert_cmpstr (ksm_announce_get_showing (second), ==, "Four. Five. Step 3.");
  wait_for (read_out, second, "the news read");
  gtk_widget_grab_focus (first);
  iterate (2);
  g_assert_null (ksm_announce_get_showing (first));
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (second),
                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (first),
                                                     GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                     "Its new description"));

  test_destroy_window (GTK_WINDOW (window));
}

/* ---- the game told ---- */

typedef struct {
  const char *game;
  const char *seats[5];
} NarrationCase;

static const NarrationCase cases[] = {
  { "kasimala", { "person", "random", NULL } },
  { "ashte-kashte", { "person", "random", NULL } },
  { "asi-keliya", { "person", "random", "random", "random", NULL } },
};

typedef struct {
  Fixture    *fixture;
  const char *needle;
  guint       from;      /* said's index to look from */
} Waiting;

/* the index of the first message said from `from` on holding `needle`, or -1 */
static int
find_said (Fixture *fixture, guint from, const char *needle)
{
  GPtrArray *said = ksm_announce_get_said (GTK_WIDGET (fixture->window));

  for (guint i = from; i < said->len; i++)
    if (strstr (g_ptr_array_index (said, i), needle) != NULL)
      return (int) i;
  return -1;
}

static gboolean
said_cb (gpointer data)
{
  Waiting *waiting = data;

  return find_said (waiting->fixture, waiting->from, waiting->needle) >= 0;
}

static int
wait_said (Fixture *fixture, guint from, const char *needle)
{
  Waiting waiting = { fixture, needle, from };
  g_autofree char *what = g_strdup_printf ("\"%s\" said", needle);

  wait_for (said_cb, &waiting, what);
  return find_said (fixture, from, needle);
}

static void
dump_said (Fixture *fixture)
{
  GPtrArray *said = ksm_announce_get_said (GTK_WIDGET (fixture->window));

  for (guint i = 0; i < said->len; i++)
    g_test_message ("said %u: %s", i, (const char *) g_ptr_array_index (said, i));
}

static gboolean
person_to_throw (gpointer data)
{
  KsmGame *game = data;

  return ksm_game_get_phase (game) == KSM_PHASE_OVER
         || (ksm_game_is_person_to_act (game) && !ksm_game_is_thinking (game)
             && ksm_game_get_phase (game) == KSM_PHASE_THROW);
}

static void
test_computer_turn (Fixture *fixture, gconstpointer data)
{
  const NarrationCase *game_case = data;
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kasimala.Kasimala");
  g_autoptr(GSettings) game_settings = ksm_game_settings_new (ksm_rules_lookup (game_case->game));
  KsmBoard *board = KSM_BOARD (ksm_game_view_get_board (ksm_window_get_game_view (fixture->window)));
  const KsmRules *rules;
  const KsmOptions *options;
  KsmGame *game;
  g_autofree char *person_to_throw_text = NULL;
  g_autofree char *computer_threw = NULL;
  g_autofree char *person_threw = NULL;
  g_autofree char *computer = NULL;
  int turn_said, computer_said, person_said;
  guint computer_moves = 0;

  g_settings_set_strv (game_settings, "seats", game_case->seats);
  g_settings_set_int (game_settings, "first", 1);   /* the computer throws first */
  g_settings_set_int (settings, "computer-delay", 0);
  activate (fixture, "win.choose-game", g_variant_new_string (game_case->game));
  activate (fixture, "win.start-game", NULL);
  game = ksm_window_get_game (fixture->window);
  rules = ksm_game_get_rules (game);
  options = ksm_game_get_options (game);

  /* the game opens with its name */
  wait_said (fixture, 0, ksm_words_game_name (rules));

  /* the computer's turn, told before the person's comes */
  wait_for (person_to_throw, game, "the person's turn");
  g_assert_cmpint (ksm_game_get_phase (game), !=, KSM_PHASE_OVER);
  /* the tests run in English */
  person_to_throw_text = g_strdup_printf ("%s to throw: press Space or Throw",
                                          ksm_words_player_name (rules, options, 0));
  turn_said = wait_said (fixture, 0, person_to_throw_text);
  dump_said (fixture);
  computer = g_strdup (ksm_words_player_name (rules, options, 1));
  computer_threw = g_strdup_printf ("%s threw ", computer);
  computer_said = find_said (fixture, 0, computer_threw);
  g_assert_cmpint (computer_said, >=, 0);
  g_assert_cmpint (computer_said, <=, turn_said);

  /* each of the computer's moves, where it went, was said before the person's turn */
  {
    KsmRecord *record = ksm_game_get_record (game);
    for (guint i = 0; i < ksm_record_get_n_events (record); i++)
      {
        const KsmEvent *event = ksm_record_get_event (record, i);
        g_autofree char *to = NULL;
        int found;

        if (event->kind != KSM_EVENT_MOVE || event->move.kind == KSM_MOVE_LOSE)
          continue;
        to = ksm_words_cell_name (rules, options, event->move.to);
        found = find_said (fixture, 0, to);
        g_assert_cmpint (found, >=, 0);
        g_assert_cmpint (found, <=, turn_said);
        computer_moves++;
      }
    /* or each throw the computer lost, with its reason */
    if (computer_moves == 0)
      g_assert_cmpint (find_said (fixture, 0, ", "), >=, 0);
  }

  /* the person throws: what they threw is said, then what to do */
  activate (fixture, "win.throw", NULL);
  person_threw = g_strdup_printf ("%s threw ", ksm_words_player_name (rules, options, 0));
  person_said = wait_said (fixture, (guint) turn_said, person_threw);
  g_assert_cmpint (person_said, >, turn_said);
  if (ksm_game_is_person_to_act (game) && ksm_game_get_phase (game) == KSM_PHASE_MOVE)
    {
      GtkWidget *cell = first_movable_cell (board);
      g_assert_nonnull (strstr (g_ptr_array_index (ksm_announce_get_said (GTK_WIDGET (fixture->window)),
                                                   person_said), "can move"));
      g_assert_nonnull (cell);
      g_assert_true (gtk_widget_activate (cell));
      ksm_board_finish_animation (board);
      /* the person's move, with the side that made it */
      {
        g_autofree char *mover = g_strdup_printf ("%s, ", ksm_words_player_name (rules, options, 0));
        wait_said (fixture, (guint) person_said, mover);
      }
    }
  dump_said (fixture);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-narration-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/narration/queue", test_queue);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/narration/computer-turn/%s", cases[i].game);
      g_test_add (path, Fixture, &cases[i], fixture_set_up, test_computer_turn, fixture_tear_down);
    }
  status = g_test_run ();
  remove_tree (data_home);
  return status;
}
