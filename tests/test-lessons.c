/* test-lessons.c: every lesson of every game (data/lessons/ *.xml) against
 * the engine.
 *
 *  - each document reads, has move lessons and ends with a game lesson;
 *  - each lesson's position parses through the rules interface, with a
 *    throw waiting, and formats back to itself;
 *  - each expected answer is a legal move and the judge's best, or within
 *    the lesson's margin of the best (no margin: the best, ties allowed);
 *  - the lesson's judge calls the answer right, and calls a move the judge
 *    ranks below the margin wrong, where the position has one;
 *  - and the check itself fails a lesson whose answer is a bad move. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ksm-lesson-book.h"
#include "ksm-player.h"
#include "ksm-rules.h"

/* the judge's sums of floating point: ties may differ in their last bits */
#define EPSILON 1e-9

static char *lessons_dir;

static KsmLessonBook *
read_book (const char *game_id)
{
  g_autofree char *name = g_strconcat (game_id, ".xml", NULL);
  g_autofree char *path = g_build_filename (lessons_dir, name, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  KsmLessonBook *book;

  if (!g_file_get_contents (path, &contents, NULL, &error))
    g_error ("%s: %s", path, error->message);
  book = ksm_lesson_book_new_from_data (contents, -1, &error);
  if (book == NULL)
    g_error ("%s: %s", path, error->message);
  return book;
}

/* the judge's ranking of every move of the lesson's position, for the log */
static void
log_ranking (KsmLesson *lesson, const KsmMove *moves, const KsmHint *hints, int n)
{
  const KsmPosition *pos = ksm_lesson_get_position (lesson);
  const KsmRules *rules = ksm_rules_for (pos);

  g_test_message ("%s/%s: %s", ksm_lesson_get_game (lesson), ksm_lesson_get_id (lesson),
                  ksm_lesson_get_position_text (lesson));
  for (int i = 0; i < n; i++)
    {
      char text[64];

      rules->format_move (pos, &moves[hints[i].move], text, sizeof text);
      g_test_message ("  %-14s %.4f%s", text, hints[i].win_chance,
                      ksm_lesson_is_answer (lesson, &moves[hints[i].move]) ? "  (answer)" : "");
    }
}

/* What is wrong with a move lesson against the engine, or NULL: the same
 * checks the documents' test asserts, as a function so that the test can
 * also show that they catch a bad answer. */
static char *
lesson_problem (KsmLesson *lesson)
{
  const KsmPosition *pos = ksm_lesson_get_position (lesson);
  const KsmRules *rules;
  KsmPosition parsed;
  char error[KSM_ERROR_MAX], formatted[KSM_NOTATION_MAX];
  KsmMove moves[KSM_MAX_MOVES];
  KsmHint hints[KSM_MAX_MOVES];
  int n_moves;
  double margin = MAX (ksm_lesson_get_margin (lesson), 0);

  if (pos == NULL)
    return g_strdup ("no position");
  /* through the rules interface, as the app reads it */
  if (!ksm_rules_parse_position (ksm_lesson_get_position_text (lesson), &parsed, error, sizeof error))
    return g_strdup_printf ("the position is illegal: %s", error);
  rules = ksm_rules_for (&parsed);
  if (g_strcmp0 (rules->id, ksm_lesson_get_game (lesson)) != 0)
    return g_strdup_printf ("the position is of %s", rules->id);
  if (parsed.phase != KSM_PHASE_MOVE)
    return g_strdup ("no throw waiting");
  if (rules->format_position (&parsed, formatted, sizeof formatted) < 0
      || strcmp (formatted, ksm_lesson_get_position_text (lesson)) != 0)
    return g_strdup_printf ("the position formats as %s", formatted);

  n_moves = rules->legal_moves (&parsed, moves);
  ksm_player_rank (NULL, &parsed, moves, n_moves, hints);
  log_ranking (lesson, moves, hints, n_moves);

  for (guint a = 0; a < ksm_lesson_get_n_answers (lesson); a++)
    {
      const KsmMove *answer = ksm_lesson_get_answer (lesson, a);
      gboolean legal = FALSE;

      rules->format_move (&parsed, answer, formatted, sizeof formatted);
      for (int i = 0; i < n_moves; i++)
        if (ksm_moves_equal (&moves[hints[i].move], answer))
          {
            legal = TRUE;
            if (hints[i].win_chance < hints[0].win_chance - margin - EPSILON)
              return g_strdup_printf ("the answer %s (%.4f) is not within %.4f of the best (%.4f)",
                                      formatted, hints[i].win_chance, margin, hints[0].win_chance);
          }
      if (!legal)
        return g_strdup_printf ("the answer %s is not a legal move", formatted);
    }
  return NULL;
}

static void
test_book (gconstpointer data)
{
  const char *game_id = data;
  g_autoptr(KsmLessonBook) book = read_book (game_id);
  guint n = ksm_lesson_book_get_n_lessons (book), n_moves = 0, n_caught = 0;

  g_assert_cmpstr (ksm_lesson_book_get_game (book), ==, game_id);
  g_assert_cmpuint (n, >=, 5);
  /* a short real game against Easy ends every game's lessons */
  g_assert_cmpint (ksm_lesson_get_kind (ksm_lesson_book_get_lesson (book, n - 1)), ==, KSM_LESSON_GAME);
  g_assert_cmpint (ksm_lesson_get_level (ksm_lesson_book_get_lesson (book, n - 1)), ==, KSM_LEVEL_EASY);

  for (guint i = 0; i + 1 < n; i++)
    {
      KsmLesson *lesson = ksm_lesson_book_get_lesson (book, i);
      const KsmPosition *pos = ksm_lesson_get_position (lesson);
      const KsmRules *rules;
      g_autofree char *problem = NULL;
      KsmMove moves[KSM_MAX_MOVES];
      KsmHint hints[KSM_MAX_MOVES];
      KsmLessonVerdict verdict;
      g_autoptr(GError) error = NULL;
      int n_legal, worst;

      g_assert_cmpint (ksm_lesson_get_kind (lesson), ==, KSM_LESSON_MOVE);
      problem = lesson_problem (lesson);
      if (problem != NULL)
        g_error ("lesson %s/%s: %s", game_id, ksm_lesson_get_id (lesson), problem);
      n_moves++;

      /* the lesson's own judge agrees: every answer is right */
      for (guint a = 0; a < ksm_lesson_get_n_answers (lesson); a++)
        {
          g_assert_true (ksm_lesson_judge (lesson, ksm_lesson_get_answer (lesson, a), &verdict, &error));
          g_assert_no_error (error);
          g_assert_true (verdict.right);
          g_assert_true (verdict.expected);
          g_assert_true (ksm_moves_equal (&verdict.best, ksm_lesson_get_answer (lesson, 0)));
        }

      /* and the judge's worst move, if it is no answer and below the
       * margin, is called wrong */
      rules = ksm_rules_for (pos);
      n_legal = rules->legal_moves (pos, moves);
      ksm_player_rank (NULL, pos, moves, n_legal, hints);
      worst = hints[n_legal - 1].move;
      if (!ksm_lesson_is_answer (lesson, &moves[worst])
          && (ksm_lesson_get_margin (lesson) < 0
              || hints[n_legal - 1].win_chance < hints[0].win_chance - ksm_lesson_get_margin (lesson) - EPSILON))
        {
          g_assert_true (ksm_lesson_judge (lesson, &moves[worst], &verdict, &error));
          g_assert_no_error (error);
          g_assert_false (verdict.right);
          g_assert_false (verdict.expected);
          g_assert_cmpfloat (verdict.chance, <, verdict.best_chance);
          n_caught++;
        }
    }
  g_test_message ("%s: %u move lessons, %u with a wrong move judged wrong", game_id, n_moves, n_caught);
  /* most lessons are a real choice, not a forced move */
  g_assert_cmpuint (n_caught * 2, >=, n_moves);
}

/* Every game the engine ships has its lessons. */
static void
test_every_game (void)
{
  for (int g = 0; g < KSM_N_GAMES; g++)
    {
      const KsmRules *rules = ksm_rules_get ((KsmGameKind) g);
      g_autofree char *name = g_strconcat (rules->id, ".xml", NULL);
      g_autofree char *path = g_build_filename (lessons_dir, name, NULL);

      g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
    }
}

static KsmLessonBook *
book_of (const char *lesson_xml, GError **error)
{
  g_autofree char *text = g_strconcat ("<lessons game=\"kasimala\" context=\"lessons\"><title>T</title>",
                                       lesson_xml, "</lessons>", NULL);
  return ksm_lesson_book_new_from_data (text, -1, error);
}

/* The checks catch a wrong lesson: an answer that is legal but poor, a
 * move that is not legal, an illegal position. */
static void
test_check_catches_wrong (void)
{
  static const char texts[] = "<title>t</title><p>p</p><task>t</task><right>r</right><wrong>w</wrong></lesson>";
  /* the first Kasimala lesson with its answer turned to the other move */
  g_autofree char *poor = g_strconcat ("<lesson id=\"x\" position=\"kasimala 17 B:BBBBBBBBBBBBBBB.. M:..........s.b...b "
                                       "T:.SSSSSSSSSSSSSSSS b 2 20 0/0\" answer=\"M17-M15\" margin=\"0.02\">", texts, NULL);
  g_autofree char *illegal_move = g_strconcat ("<lesson id=\"x\" position=\"kasimala 17 B:BBBBBBBBBBBBBBB.. M:..........s.b...b "
                                               "T:.SSSSSSSSSSSSSSSS b 2 20 0/0\" answer=\"M13-M10\" margin=\"0.02\">", texts, NULL);
  /* a started brick on its own first cell: no game reaches it */
  g_autofree char *illegal_position = g_strconcat ("<lesson id=\"x\" position=\"kasimala 17 b.BBBBBBBBBBBBBB. M:..........s.b...b "
                                                   "T:.SSSSSSSSSSSSSSSS b 2 20 0/0\" answer=\"M13-M11\" margin=\"0.02\">", texts, NULL);
  g_autoptr(KsmLessonBook) book = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *problem = NULL;
  KsmLessonVerdict verdict;
  KsmLesson *lesson;

  book = book_of (poor, &error);
  g_assert_no_error (error);
  lesson = ksm_lesson_book_get_lesson (book, 0);
  problem = lesson_problem (lesson);
  g_assert_nonnull (problem);
  g_assert_nonnull (strstr (problem, "not within"));
  /* the poor answer is "expected", so the lesson itself would call it
   * right: that is what the check above is for */
  g_assert_true (ksm_lesson_judge (lesson, ksm_lesson_get_answer (lesson, 0), &verdict, NULL));
  g_assert_true (verdict.expected);
  g_assert_cmpfloat (verdict.chance, <, verdict.best_chance - 0.02);

  g_assert_null (book_of (illegal_move, &error));
  g_assert_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT);
  g_assert_nonnull (strstr (error->message, "not a legal move"));
  g_clear_error (&error);

  g_assert_null (book_of (illegal_position, &error));
  g_assert_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT);
  g_assert_nonnull (strstr (error->message, "not legal"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lessons_dir = g_test_build_filename (G_TEST_DIST, "..", "data", "lessons", NULL);

  g_test_add_func ("/lessons/every-game", test_every_game);
  g_test_add_func ("/lessons/check-catches-wrong", test_check_catches_wrong);
  for (int g = 0; g < KSM_N_GAMES; g++)
    {
      const char *id = ksm_rules_get ((KsmGameKind) g)->id;
      g_autofree char *path = g_strdup_printf ("/lessons/%s", id);

      g_test_add_data_func (path, id, test_book);
    }
  return g_test_run ();
}
