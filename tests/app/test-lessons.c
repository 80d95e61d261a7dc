/* test-lessons.c: the lessons in the app, under Xvfb, as a learner uses
 * them (issue 28): Learn on the start page and in the rules, a lesson taken
 * to its verdict with a wrong answer and then a right one (the verdict and
 * why shown and spoken, the best move pointed at on the board, Try Again),
 * the progress on the start page and its reset, and the last lesson's real
 * game against Easy with hints on. Run in Nepali and Newar too
 * (tests/app/meson.build), and with KSM_SHOT_DIR it writes screenshots. */
#include "config.h"

#include <string.h>

#include "app-test-util.h"
#include "test-catalogue.h"

#include "ksm-board.h"
#include "ksm-lesson-view.h"
#include "ksm-lessons-page.h"
#include "ksm-announce.h"
#include "ksm-numbers.h"
#include "ksm-rules-doc.h"
#include "ksm-rules-view.h"

/* a screenshot once the page's crossfade is over (KSM_SHOT_DIR only) */
static void
shot (Fixture *fixture, const char *name)
{
  gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 2;

  if (g_getenv ("KSM_SHOT_DIR") == NULL)
    return;
  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (5000);
    }
  wait_for_frames (GTK_WIDGET (fixture->window));
  test_save_shot (GTK_WIDGET (fixture->window), name);
}

/* the judge runs on a worker thread: the main loop until it has spoken */
static void
wait_for_verdict (KsmLessonView *view)
{
  while (ksm_lesson_view_is_judging (view))
    g_main_context_iteration (NULL, TRUE);
  iterate (3);
}

static gboolean
said (Fixture *fixture, const char *text)
{
  GPtrArray *all = ksm_announce_get_said (GTK_WIDGET (fixture->window));

  for (guint i = 0; i < all->len; i++)
    if (strstr (g_ptr_array_index (all, i), text) != NULL)
      return TRUE;
  return FALSE;
}

/* News waits while the last is being read (ksm-announce.h): the main
 * loop until `text` has been said, for a screen reader's few seconds */
typedef struct {
  Fixture    *fixture;
  const char *text;
} Saying;

static gboolean
is_said (gpointer data)
{
  Saying *saying = data;
  return said (saying->fixture, saying->text);
}

/* waits on the saying itself; only a hang meets test-wait.h's limit */
static gboolean
wait_said (Fixture *fixture, const char *text)
{
  Saying saying = { fixture, text };

  wait_for (is_said, &saying, text);
  return said (fixture, text);
}

/* the cell a person activates (Enter, Space or a click) to play `text` */
static GtkWidget *
cell_of (KsmLessonView *view, const char *text)
{
  KsmBoard *board = ksm_lesson_view_get_board (view);
  const KsmPosition *position = ksm_board_get_position (board);
  char error[KSM_ERROR_MAX];
  KsmMove move;
  GtkWidget *cell;

  g_assert_true (ksm_rules_for (position)->parse_move (position, text, &move, error, sizeof error));
  cell = ksm_board_get_move_cell (board, &move);
  g_assert_nonnull (cell);
  return cell;
}

static KsmLessonView *
open_lesson (Fixture *fixture, const char *game, const char *id)
{
  KsmLessonsPage *page = ksm_window_get_lessons_page (fixture->window);
  KsmLessonView *view = ksm_window_get_lesson_view (fixture->window);
  guint index = 0;
  GtkListBoxRow *row;

  activate (fixture, "win.learn", g_variant_new_string (game));
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "lessons");
  g_assert_nonnull (ksm_lesson_book_find (ksm_lessons_page_get_book (page), id, &index));
  row = gtk_list_box_get_row_at_index (ksm_lessons_page_get_list (page), (int) index);
  g_assert_nonnull (row);
  g_signal_emit_by_name (ksm_lessons_page_get_list (page), "row-activated", row);
  iterate (3);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "lesson");
  g_assert_cmpuint (ksm_lesson_view_get_index (view), ==, index);
  return view;
}

static void
test_start_page_learns (Fixture *fixture, gconstpointer data)
{
  GtkListBox *list = ksm_start_page_get_learn_list (ksm_window_get_start_page (fixture->window));
  GtkListBoxRow *row;

  /* a row a game, each opening its lessons */
  for (int g = 0; g < KSM_N_GAMES; g++)
    g_assert_nonnull (gtk_list_box_get_row_at_index (list, g));
  g_assert_null (gtk_list_box_get_row_at_index (list, KSM_N_GAMES));
  gtk_widget_grab_focus (GTK_WIDGET (gtk_list_box_get_row_at_index (list, KSM_N_GAMES - 1)));
  shot (fixture, "start-learn");
  row = gtk_list_box_get_row_at_index (list, 1);
  g_assert_true (gtk_widget_activate (GTK_WIDGET (row)));
  iterate (3);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "lessons");
  g_assert_cmpstr (ksm_lesson_book_get_game (ksm_lessons_page_get_book (ksm_window_get_lessons_page (fixture->window))),
                   ==, ksm_rules_get (KSM_GAME_ASHTE_KASHTE)->id);
  shot (fixture, "lessons-list");

  /* back to the start page */
  activate (fixture, "win.back", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "start");
}

/* Learn in a game's rules pane opens that game's lessons */
static void
test_rules_pane_learns (Fixture *fixture, gconstpointer data)
{
  KsmRulesView *rules = ksm_game_view_get_rules_view (ksm_window_get_game_view (fixture->window));
  GtkWidget *learn;

  ksm_rules_view_set_rules (rules, ksm_rules_get (KSM_GAME_ASI_KELIYA), NULL);
  learn = ksm_rules_view_get_learn_button (rules);
  g_assert_true (gtk_widget_get_visible (learn));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (learn)), ==, "app.learn");
  g_assert_cmpstr (g_variant_get_string (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (learn)), NULL),
                   ==, "asi-keliya");
  g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "learn", g_variant_new_string ("asi-keliya"));
  iterate (3);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "lessons");
  g_assert_cmpstr (ksm_lesson_book_get_game (ksm_lessons_page_get_book (ksm_window_get_lessons_page (fixture->window))),
                   ==, "asi-keliya");
  /* the guide is about the app, not a game: no Learn there */
  ksm_rules_view_show_guide (rules, TRUE);
  g_assert_false (gtk_widget_get_visible (learn));
}

/* A lesson from start to its verdict: a wrong answer, Try Again, a right one */
static void
test_wrong_then_right (Fixture *fixture, gconstpointer data)
{
  KsmLessonView *view = open_lesson (fixture, "kasimala", "capture");
  KsmLesson *lesson = ksm_lesson_view_get_lesson (view);
  KsmLessonBook *book = ksm_lesson_view_get_book (view);
  KsmBoardScene *scene = ksm_board_get_scene (ksm_lesson_view_get_board (view));
  GtkListBox *learn = ksm_start_page_get_learn_list (ksm_window_get_start_page (fixture->window));
  KsmLessonVerdict verdict;
  KsmMove shown;
  int pointed;
  gboolean refused;
  GtkWidget *cell;
  const char *wrong = ksm_rules_doc_translate_in ("lessons", ksm_lesson_get_wrong (lesson));
  const char *right = ksm_rules_doc_translate_in ("lessons", ksm_lesson_get_right (lesson));

  ksm_lesson_book_reset_progress (book);
  /* the task shown and spoken, the board in the lesson's position, asking */
  g_assert_cmpstr (gtk_label_get_label (ksm_lesson_view_get_task_label (view)), ==,
                   ksm_rules_doc_translate_in ("lessons", ksm_lesson_get_task (lesson)));
  g_assert_true (wait_said (fixture, gtk_label_get_label (ksm_lesson_view_get_task_label (view))));
  g_assert_true (ksm_board_scene_is_asking (scene));
  g_assert_false (ksm_lesson_view_get_verdict (view, NULL));
  shot (fixture, "lesson-task");

  /* wrong: the brick far from the stones, activated as Enter does */
  cell = cell_of (view, "M17-M14");
  g_assert_true (gtk_widget_get_focusable (cell));
  g_assert_true (gtk_widget_activate (cell));
  wait_for_verdict (view);
  g_assert_true (ksm_lesson_view_get_verdict (view, &verdict));
  g_assert_false (verdict.right);
  g_assert_nonnull (strstr (gtk_label_get_label (ksm_lesson_view_get_verdict_label (view)), wrong));
  g_assert_true (wait_said (fixture, wrong));
  g_assert_true (wait_said (fixture, _("Not Quite")));
  g_assert_false (ksm_lesson_book_is_done (book, lesson));
  /* the best move pointed at on the still board */
  g_assert_false (ksm_board_scene_is_asking (scene));
  g_assert_true (ksm_board_scene_get_shown_move (scene, &shown, &pointed, &refused));
  g_assert_false (refused);
  g_assert_true (ksm_lesson_is_answer (lesson, &verdict.best));
  g_assert_cmpint (shown.to, ==, verdict.best.to);
  g_assert_cmpint (pointed, ==, verdict.best.from);
  shot (fixture, "lesson-wrong");

  /* Try Again: the question once more */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "lesson.try-again", NULL));
  iterate (3);
  g_assert_true (ksm_board_scene_is_asking (scene));
  g_assert_false (ksm_lesson_view_get_verdict (view, NULL));

  /* right: the brick that takes both stones */
  g_assert_true (gtk_widget_activate (cell_of (view, "M9-M6")));
  wait_for_verdict (view);
  g_assert_true (ksm_lesson_view_get_verdict (view, &verdict));
  g_assert_true (verdict.right);
  g_assert_true (verdict.expected);
  g_assert_nonnull (strstr (gtk_label_get_label (ksm_lesson_view_get_verdict_label (view)), right));
  g_assert_true (wait_said (fixture, right));
  g_assert_true (wait_said (fixture, _("Right")));
  g_assert_true (ksm_lesson_book_is_done (book, lesson));
  shot (fixture, "lesson-right");

  /* the start page shows the progress, and forgets it on request */
  {
    AdwActionRow *row = ADW_ACTION_ROW (gtk_list_box_get_row_at_index (learn, 0));
    g_autofree char *progress = ksm_lessons_page_describe_progress (book);

    g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, progress);
    g_assert_nonnull (strstr (progress, ksm_numbers_native_digits () ? "१" : "1"));
    activate (fixture, "win.reset-lessons", g_variant_new_string ("kasimala"));
    g_assert_false (ksm_lesson_book_is_done (book, lesson));
    g_clear_pointer (&progress, g_free);
    progress = ksm_lessons_page_describe_progress (book);
    g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, progress);
  }

  /* Next goes on to the following lesson; Back to the list */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "lesson.next", NULL));
  iterate (3);
  g_assert_cmpstr (ksm_lesson_get_id (ksm_lesson_view_get_lesson (view)), ==, "laiga");
  activate (fixture, "win.back", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "lessons");
}

/* Where the turn holds a pool of units, the learner chooses how many, as
 * in play, and the board offers only those moves */
static void
test_units_chosen (Fixture *fixture, gconstpointer data)
{
  KsmLessonView *view = open_lesson (fixture, "asi-keliya", "so-hatara");
  KsmBoard *board = ksm_lesson_view_get_board (view);
  KsmLessonVerdict verdict;

  g_assert_cmpuint (ksm_board_get_distance (board), ==, 1);
  ksm_board_set_distance (board, 3);
  iterate (2);
  g_assert_true (gtk_widget_activate (cell_of (view, "Sn2-Ep1")));
  wait_for_verdict (view);
  g_assert_true (ksm_lesson_view_get_verdict (view, &verdict));
  g_assert_true (verdict.right && verdict.expected);
  g_assert_cmpuint (verdict.move.distance, ==, 3);
}

/* a wait_for () condition: the focus (the button after a verdict) is
 * inside the lesson page's visible height, not below the fold */
static gboolean
focus_on_screen (gpointer data)
{
  KsmLessonView *view = data;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (view));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  graphene_rect_t bounds;

  return focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (view))
         && gtk_widget_compute_bounds (focus, GTK_WIDGET (view), &bounds)
         && bounds.size.height > 0 && bounds.origin.y >= 0
         && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (GTK_WIDGET (view));
}

/* In a window too short for the whole lesson, the verdict's button the
 * focus goes to is scrolled into view */
static void
test_verdict_in_view (Fixture *fixture, gconstpointer data)
{
  KsmLessonView *view;
  KsmLessonVerdict verdict;

  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 800, 520);
  view = open_lesson (fixture, "kasimala", "capture");
  wait_for_frames (GTK_WIDGET (fixture->window));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (view)), <, 520);
  g_assert_true (gtk_widget_activate (cell_of (view, "M9-M6")));
  wait_for_verdict (view);
  g_assert_true (ksm_lesson_view_get_verdict (view, &verdict));
  g_assert_true (verdict.right);
  wait_for (focus_on_screen, view, "the verdict's button on screen");
}

/* The last lesson: a real game against Easy, hints on */
static void
test_game_lesson (Fixture *fixture, gconstpointer data)
{
  KsmLessonBook *book;
  KsmLessonView *view;
  KsmGame *game;
  KsmBoard *board;
  KsmQuestion question;
  guint last;
  gint64 deadline = test_hang_deadline ();

  activate (fixture, "win.learn", g_variant_new_string ("ashte-kashte"));
  book = ksm_lessons_page_get_book (ksm_window_get_lessons_page (fixture->window));
  last = ksm_lesson_book_get_n_lessons (book) - 1;
  view = open_lesson (fixture, "ashte-kashte", ksm_lesson_get_id (ksm_lesson_book_get_lesson (book, last)));
  g_assert_false (gtk_widget_is_visible (GTK_WIDGET (ksm_lesson_view_get_board (view))));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "lesson.play", NULL));
  iterate (3);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  game = ksm_window_get_game (fixture->window);
  g_assert_nonnull (game);
  board = KSM_BOARD (ksm_game_view_get_board (ksm_window_get_game_view (fixture->window)));
  g_assert_true (ksm_game_get_tutor (game));
  g_assert_cmpuint (ksm_game_get_options (game)->n_players, ==, 2);
  g_assert_cmpint (ksm_game_get_seat (game, 0)->kind, ==, KSM_SEAT_PERSON);
  g_assert_cmpint (ksm_game_get_seat (game, 1)->kind, ==, KSM_SEAT_COMPUTER);
  g_assert_cmpint (ksm_game_get_seat (game, 1)->level, ==, KSM_LEVEL_EASY);
  /* begun is not done: the lesson is done at the game's end */
  g_assert_false (ksm_lesson_book_is_done (book, ksm_lesson_book_get_lesson (book, last)));

  /* played to its end once, in English: a whole game with the tutor
   * judging every move is long, and its words are not what is tested */
  if (g_getenv ("LANGUAGE") != NULL && g_strcmp0 (g_getenv ("LANGUAGE"), "en") != 0)
    return;

  /* the learner throws and plays the first move, past the tutor's
   * questions; the computer plays as soon as it may */
  ksm_game_set_computer_delay (game, 0);
  while (ksm_game_get_phase (game) != KSM_PHASE_OVER)
    {
      test_check_hang (deadline, "the lesson's game");
      ksm_board_finish_animation (board);
      if (ksm_game_get_question (game, &question))
        g_assert_true (ksm_game_play_questioned (game));
      else if (ksm_game_is_judging (game) || !ksm_game_is_person_to_act (game))
        wait_for_an_event ();
      else if (ksm_game_get_phase (game) == KSM_PHASE_THROW)
        g_assert_true (ksm_game_throw (game));
      else
        {
          guint n_moves;
          const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
          g_assert_cmpuint (n_moves, >, 0);
          ksm_game_play (game, &moves[0]);
        }
      g_main_context_iteration (NULL, FALSE);
      g_assert_false (ksm_game_get_phase (game) != KSM_PHASE_OVER
                      && ksm_lesson_book_is_done (book, ksm_lesson_book_get_lesson (book, last)));
    }
  g_assert_true (ksm_lesson_book_is_done (book, ksm_lesson_book_get_lesson (book, last)));
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-lessons-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  test_use_build_catalogue ();
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/lessons/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("start-page-learns", test_start_page_learns);
  ADD ("rules-pane-learns", test_rules_pane_learns);
  ADD ("wrong-then-right", test_wrong_then_right);
  ADD ("units-chosen", test_units_chosen);
  ADD ("verdict-in-view", test_verdict_in_view);
  ADD ("game-lesson", test_game_lesson);
#undef ADD

  status = g_test_run ();
  remove_tree (data_home);
  return status;
}
