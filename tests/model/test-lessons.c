/* test-lessons.c: KsmLessonBook and KsmLesson, the model of the lessons:
 * reading, judging a right and a wrong move (at once and on a worker
 * thread), the best move to show, and the progress kept in the settings,
 * with its reset, one game's not touching another's. */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "ksm-lesson-book.h"

static KsmLessonBook *
read_book (const char *game_id)
{
  g_autofree char *name = g_strconcat (game_id, ".xml", NULL);
  g_autofree char *path = g_build_filename (MODEL_TEST_SOURCE_ROOT, "data", "lessons", name, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  KsmLessonBook *book;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  book = ksm_lesson_book_new_from_data (contents, -1, &error);
  g_assert_no_error (error);
  return book;
}

static const KsmMove *
find_move (KsmLesson *lesson, const char *text, KsmMove *move)
{
  const KsmPosition *pos = ksm_lesson_get_position (lesson);
  char error[KSM_ERROR_MAX];

  g_assert_true (ksm_rules_for (pos)->parse_move (pos, text, move, error, sizeof error));
  return move;
}

static void
test_read (void)
{
  g_autoptr(KsmLessonBook) book = read_book ("kasimala");
  KsmLesson *lesson;
  guint index = 99;

  g_assert_cmpstr (ksm_lesson_book_get_game (book), ==, "kasimala");
  g_assert_cmpstr (ksm_lesson_book_get_title (book), ==, "Learn Kasimala");
  lesson = ksm_lesson_book_find (book, "capture", &index);
  g_assert_nonnull (lesson);
  g_assert_true (lesson == ksm_lesson_book_get_lesson (book, index));
  g_assert_cmpstr (ksm_lesson_get_title (lesson), ==, "Capturing a whole stack");
  g_assert_cmpstr (ksm_lesson_get_task (lesson), ==, "You threw a sudi. Take the two stones.");
  /* white space collapsed as xgettext does */
  g_assert_null (strstr (ksm_lesson_get_right (lesson), "  "));
  g_assert_cmpuint (g_strv_length ((char **) ksm_lesson_get_paragraphs (lesson)), ==, 1);
  g_assert_cmpint (ksm_rules_get (KSM_GAME_KASIMALA)->throws.faces[ksm_lesson_get_position (lesson)->face].value, ==, 3);
  g_assert_cmpuint (ksm_lesson_get_n_answers (lesson), ==, 1);
  g_assert_cmpfloat (ksm_lesson_get_margin (lesson), ==, 0.02);
  g_assert_null (ksm_lesson_book_find (book, "no-such-lesson", NULL));

  lesson = ksm_lesson_book_get_lesson (book, ksm_lesson_book_get_n_lessons (book) - 1);
  g_assert_cmpint (ksm_lesson_get_kind (lesson), ==, KSM_LESSON_GAME);
  g_assert_cmpint (ksm_lesson_get_level (lesson), ==, KSM_LEVEL_EASY);
  g_assert_null (ksm_lesson_get_position (lesson));
  {
    KsmOptions options;
    g_autoptr(KsmLessonBook) ashte = read_book ("ashte-kashte");

    /* a short game: Kasimala to a throw limit, Ashte Kashte with two */
    ksm_lesson_get_game_options (lesson, &options);
    g_assert_cmpint (options.game, ==, KSM_GAME_KASIMALA);
    g_assert_cmpuint (options.throw_limit, ==, 400);
    lesson = ksm_lesson_book_get_lesson (ashte, ksm_lesson_book_get_n_lessons (ashte) - 1);
    ksm_lesson_get_game_options (lesson, &options);
    g_assert_cmpuint (options.n_players, ==, 2);
  }
}

static void
test_judge (void)
{
  g_autoptr(KsmLessonBook) book = read_book ("kasimala");
  KsmLesson *lesson = ksm_lesson_book_find (book, "capture", NULL);
  KsmLessonVerdict verdict;
  g_autoptr(GError) error = NULL;
  KsmMove move;

  /* the two stones taken: right, and the move to show is it */
  g_assert_true (ksm_lesson_judge (lesson, find_move (lesson, "M9-M6", &move), &verdict, &error));
  g_assert_no_error (error);
  g_assert_true (verdict.right);
  g_assert_true (verdict.expected);
  g_assert_true (ksm_moves_equal (&verdict.best, &move));
  g_assert_cmpfloat (verdict.chance, ==, verdict.best_chance);

  /* the other brick moved: wrong, well below the best */
  g_assert_true (ksm_lesson_judge (lesson, find_move (lesson, "M17-M14", &move), &verdict, &error));
  g_assert_true (!verdict.right && !verdict.expected);
  g_assert_cmpfloat (verdict.chance, <, verdict.best_chance - 0.02);
  g_assert_true (ksm_moves_equal (&verdict.best, ksm_lesson_get_answer (lesson, 0)));
}

/* Within the margin counts: in "count-back" either answer is right, and a
 * lesson whose margin lets the judge's second best in takes it although
 * the document does not name it. */
static void
test_margin (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmLessonBook) book = NULL;
  KsmLessonVerdict verdict;
  KsmLesson *lesson;
  KsmMove move;

  book = ksm_lesson_book_new_from_data (
    "<lessons game=\"kasimala\" context=\"lessons\"><title>T</title>"
    "<lesson id=\"wide\" position=\"kasimala 17 B:................. M:......s..b2.b...b. T:................. b 2 400 13/16\""
    " answer=\"M10-M8\" margin=\"0.02\">"
    "<title>t</title><p>p</p><task>t</task><right>r</right><wrong>w</wrong></lesson>"
    "<lesson id=\"narrow\" position=\"kasimala 17 B:................. M:......s..b2.b...b. T:................. b 2 400 13/16\""
    " answer=\"M10-M8\" margin=\"none\">"
    "<title>t</title><p>p</p><task>t</task><right>r</right><wrong>w</wrong></lesson></lessons>", -1, &error);
  g_assert_no_error (error);

  lesson = ksm_lesson_book_find (book, "wide", NULL);
  g_assert_true (ksm_lesson_judge (lesson, find_move (lesson, "M16-M14", &move), &verdict, NULL));
  g_assert_true (verdict.right);
  g_assert_false (verdict.expected);
  lesson = ksm_lesson_book_find (book, "narrow", NULL);
  g_assert_true (ksm_lesson_judge (lesson, find_move (lesson, "M16-M14", &move), &verdict, NULL));
  g_assert_false (verdict.right);
}

static void
judged_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  KsmLessonVerdict *verdict = data;
  g_autoptr(GError) error = NULL;

  g_assert_true (ksm_lesson_judge_finish (KSM_LESSON (source), result, verdict, &error));
  g_assert_no_error (error);
}

static void
test_judge_async (void)
{
  g_autoptr(KsmLessonBook) book = read_book ("ashte-kashte");
  KsmLesson *lesson = ksm_lesson_book_find (book, "blood", NULL);
  KsmLessonVerdict verdict = { 0 };
  KsmMove move;

  verdict.chance = -1;
  ksm_lesson_judge_async (lesson, find_move (lesson, "d1-f1", &move), NULL, judged_cb, &verdict);
  while (verdict.chance < 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (verdict.right);
  g_assert_true (ksm_moves_equal (&verdict.best, ksm_lesson_get_answer (lesson, 0)));
}

static void
test_bad_documents (void)
{
  static const char *const bad[] = {
    /* not a game */
    "<lessons game=\"chess\" context=\"lessons\"><title>T</title></lessons>",
    /* no lesson */
    "<lessons game=\"kasimala\" context=\"lessons\"><title>T</title></lessons>",
    /* a position with no throw waiting */
    "<lessons game=\"kasimala\" context=\"lessons\"><lesson id=\"a\" position=\"kasimala 17 B:BBBBBBBBBBBBBBBBB "
    "M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0\" answer=\"lost\" margin=\"0\"><title>t</title><p>p</p>"
    "<task>t</task><right>r</right><wrong>w</wrong></lesson></lessons>",
    /* a margin that is no chance */
    "<lessons game=\"kasimala\" context=\"lessons\"><lesson id=\"a\" position=\"kasimala 17 B:BBBBBBBBBBBBBBBBB "
    "M:................. T:SSSSSSSSSSSSSSSSS b 1 1 0/0\" answer=\"B17-M17\" margin=\"2\"><title>t</title><p>p</p>"
    "<task>t</task><right>r</right><wrong>w</wrong></lesson></lessons>",
    /* no wrong */
    "<lessons game=\"kasimala\" context=\"lessons\"><lesson id=\"a\" position=\"kasimala 17 B:BBBBBBBBBBBBBBBBB "
    "M:................. T:SSSSSSSSSSSSSSSSS b 1 1 0/0\" answer=\"B17-M17\" margin=\"0\"><title>t</title><p>p</p>"
    "<task>t</task><right>r</right></lesson></lessons>",
    /* an unknown element */
    "<lessons game=\"kasimala\" context=\"lessons\"><figure/></lessons>",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KsmLessonBook) book = ksm_lesson_book_new_from_data (bad[i], -1, &error);

      g_assert_null (book);
      g_assert_nonnull (error);
    }
}

static void
notified_cb (GObject *object, GParamSpec *pspec, gpointer data)
{
  (*(guint *) data)++;
}

static void
test_progress (void)
{
  /* in memory: GSETTINGS_BACKEND=memory (tests/model/meson.build) */
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kasimala.Kasimala");
  g_autoptr(KsmLessonBook) kasimala = read_book ("kasimala");
  g_autoptr(KsmLessonBook) ashte = read_book ("ashte-kashte");
  KsmLesson *first = ksm_lesson_book_get_lesson (kasimala, 0);
  KsmLesson *second = ksm_lesson_book_get_lesson (kasimala, 1);
  guint notified = 0;
  g_auto(GStrv) done = NULL;

  /* without settings nothing is kept, and nothing fails */
  ksm_lesson_book_mark_done (kasimala, first);
  g_assert_false (ksm_lesson_book_is_done (kasimala, first));

  ksm_lesson_book_set_settings (kasimala, settings);
  ksm_lesson_book_set_settings (ashte, settings);
  g_signal_connect (kasimala, "notify::n-done", G_CALLBACK (notified_cb), &notified);
  g_assert_cmpuint (ksm_lesson_book_get_n_done (kasimala), ==, 0);
  g_assert_cmpuint (ksm_lesson_book_get_next (kasimala), ==, 0);

  ksm_lesson_book_mark_done (kasimala, first);
  ksm_lesson_book_mark_done (kasimala, first);
  ksm_lesson_book_mark_done (ashte, ksm_lesson_book_get_lesson (ashte, 0));
  g_assert_true (ksm_lesson_book_is_done (kasimala, first));
  g_assert_false (ksm_lesson_book_is_done (kasimala, second));
  g_assert_cmpuint (ksm_lesson_book_get_n_done (kasimala), ==, 1);
  g_assert_cmpuint (ksm_lesson_book_get_next (kasimala), ==, 1);
  g_assert_cmpuint (notified, >=, 1);
  done = g_settings_get_strv (settings, "lessons-done");
  g_assert_true (g_strv_contains ((const char *const *) done, "kasimala/throw"));
  g_assert_true (g_strv_contains ((const char *const *) done, "ashte-kashte/spiral"));
  g_assert_cmpuint (g_strv_length (done), ==, 2);

  /* a book of the same game elsewhere (the start page's) sees it too */
  {
    g_autoptr(KsmLessonBook) other = read_book ("kasimala");
    ksm_lesson_book_set_settings (other, settings);
    g_assert_cmpuint (ksm_lesson_book_get_n_done (other), ==, 1);
  }

  /* the reset forgets this game's lessons, and only this game's */
  notified = 0;
  ksm_lesson_book_reset_progress (kasimala);
  g_assert_cmpuint (ksm_lesson_book_get_n_done (kasimala), ==, 0);
  g_assert_cmpuint (ksm_lesson_book_get_n_done (ashte), ==, 1);
  g_assert_cmpuint (notified, >=, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lessons/read", test_read);
  g_test_add_func ("/lessons/judge", test_judge);
  g_test_add_func ("/lessons/margin", test_margin);
  g_test_add_func ("/lessons/judge-async", test_judge_async);
  g_test_add_func ("/lessons/bad-documents", test_bad_documents);
  g_test_add_func ("/lessons/progress", test_progress);
  return g_test_run ();
}
