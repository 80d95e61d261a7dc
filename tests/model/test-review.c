/* test-review.c: a saved game reviewed step by step (the position and the
 * read-only game follow every step), its analysis the same on two runs and
 * within its documented bounds, and play from here leaving the original
 * file byte for byte as it was.
 */
#include "model-test-util.h"

#include "ksm-analysis.h"
#include "ksm-review.h"

/* small, so the tests are quick; determinism does not depend on it */
#define TEST_NODES 1500

/* computer seats, as selfplay saves them: a review must not let them play */
static KsmRecord *
make_record_with (const KsmSeat *seats, guint64 seed, guint n_events)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmRecord) record = ksm_record_new (&options, seats, seed);
  KsmRandom rng;

  ksm_random_seed (&rng, seed);
  engine_play (record, &rng, n_events, NULL);
  return g_steal_pointer (&record);
}

static KsmRecord *
make_record (guint64 seed, guint n_events)
{
  return make_record_with (COMPUTERS, seed, n_events);
}

static void
count_cb (GObject *object, GParamSpec *pspec, gpointer data)
{
  (*(guint *) data)++;
}

static void
test_navigation (void)
{
  g_autoptr(KsmRecord) record = make_record (11, 80);
  g_autoptr(KsmReview) review = ksm_review_new (record, NULL);
  KsmGame *game = ksm_review_get_game (review);
  guint notified = 0;
  KsmPosition expected;

  g_assert_cmpuint (ksm_review_get_n_steps (review), ==, 80);
  g_assert_cmpuint (ksm_review_get_step (review), ==, 0);   /* it starts at the beginning */
  g_assert_nonnull (game);
  g_assert_true (ksm_game_is_read_only (game));
  g_assert_false (ksm_game_is_person_to_act (game));
  g_assert_false (ksm_game_throw (game));
  g_assert_false (ksm_game_can_undo (game));
  g_assert_cmpuint (ksm_game_get_n_events (game), ==, 0);

  g_signal_connect (review, "notify::step", G_CALLBACK (count_cb), &notified);
  ksm_game_set_computer_delay (game, 1);

  for (guint step = 0; step <= 80; step += 7)
    {
      g_autofree char *want = NULL, *have = NULL, *shown = NULL;
      ksm_review_set_step (review, step);
      g_assert_true (ksm_record_replay (record, step, &expected, NULL));
      want = position_text (&expected);
      have = position_text (ksm_review_get_position (review));
      shown = game_position_text (game);
      g_assert_cmpstr (have, ==, want);
      g_assert_cmpstr (shown, ==, want);
      g_assert_cmpuint (ksm_game_get_n_events (game), ==, step);
    }

  /* the computers in the record's seats do not wake up in a review */
  ksm_review_set_step (review, 40);
  drain_main_loop ();
  g_assert_cmpuint (ksm_game_get_n_events (game), ==, 40);
  g_assert_false (ksm_game_is_thinking (game));
  g_assert_null (g_main_context_find_source_by_user_data (NULL, game));

  /* forward and back, one event at a time, stopping at the ends */
  ksm_review_set_step (review, 0);
  g_assert_false (ksm_review_step_back (review));
  g_assert_true (ksm_review_step_forward (review));
  g_assert_cmpuint (ksm_review_get_step (review), ==, 1);
  g_assert_cmpuint (ksm_game_get_n_events (game), ==, 1);
  g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_MOVE);   /* the first throw is made */
  g_assert_true (ksm_review_step_back (review));
  g_assert_cmpuint (ksm_game_get_n_events (game), ==, 0);
  ksm_review_set_step (review, 1000);   /* the end, not past it */
  g_assert_cmpuint (ksm_review_get_step (review), ==, 80);
  g_assert_false (ksm_review_step_forward (review));

  /* notified once a change, never when nothing changed */
  notified = 0;
  ksm_review_set_step (review, 80);
  g_assert_cmpuint (notified, ==, 0);
  ksm_review_set_step (review, 3);
  g_assert_cmpuint (notified, ==, 1);
}

/* a finished game under review: nobody is asked to act, no game-over */
static void
over_cb (KsmGame *game, int winner, gboolean gulmasi, guint score, gpointer data)
{
  (*(guint *) data)++;
}

static void
test_finished_game (void)
{
  g_autoptr(KsmRecord) record = make_record (5, 100000);
  g_autoptr(KsmReview) review = ksm_review_new (record, NULL);
  KsmGame *game = ksm_review_get_game (review);
  guint overs = 0;

  g_signal_connect (game, "game-over", G_CALLBACK (over_cb), &overs);
  ksm_review_set_step (review, ksm_review_get_n_steps (review));
  g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_OVER);
  g_assert_cmpuint (overs, ==, 0);
  drain_main_loop ();
  g_assert_null (g_main_context_find_source_by_user_data (NULL, game));
  g_assert_cmpuint (ksm_game_get_n_events (game), ==, ksm_review_get_n_steps (review));
}

static void
analyse (KsmRecord *record, KsmAnalysisEntry **entries, double *start, guint *n)
{
  KsmAnalysisOptions options = { .max_nodes = TEST_NODES };
  g_autofree KsmAnalysisEvent *events = ksm_review_events_of_record (record, n);

  *entries = g_new0 (KsmAnalysisEntry, *n);
  g_assert_cmpint (ksm_analyse (&options, ksm_record_get_options (record), events, (int) *n,
                                *entries, start, NULL, NULL), ==, (int) *n);
}

static gboolean
analysed (gpointer data)
{
  return ksm_review_is_analysed (KSM_REVIEW (data));
}

static void
test_analysis_deterministic (void)
{
  g_autoptr(KsmRecord) record = make_record (3, 120);
  g_autofree KsmAnalysisEntry *first = NULL, *second = NULL;
  double start1[KSM_MAX_PLAYERS], start2[KSM_MAX_PLAYERS];
  guint n, decisions = 0;

  analyse (record, &first, start1, &n);
  analyse (record, &second, start2, &n);
  g_assert_cmpmem (start1, sizeof start1, start2, sizeof start2);
  g_assert_cmpmem (first, sizeof (KsmAnalysisEntry) * n, second, sizeof (KsmAnalysisEntry) * n);

  for (guint i = 0; i < n; i++)
    {
      const KsmEvent *event = ksm_record_get_event (record, i);
      const KsmAnalysisEntry *e = &first[i];
      g_assert_cmpfloat_with_epsilon (e->chance[0] + e->chance[1], 1.0, 1e-9);
      g_assert_cmpfloat (e->chance[0], >=, 0);
      g_assert_cmpfloat (e->chance[0], <=, 1);
      if (event->kind == KSM_EVENT_THROW)
        g_assert_cmpfloat_with_epsilon (e->luck, e->after - e->expected, 1e-12);
      else if (e->decision)
        {
          decisions++;
          g_assert_cmpfloat (e->loss, >=, 0);
          g_assert_cmpfloat (e->best, >=, e->played);
          g_assert_cmpint (e->mark, ==, ksm_mark_for_loss (e->loss));
        }
      else
        g_assert_cmpint (e->mark, ==, KSM_MARK_NONE);
    }
  g_assert_cmpuint (decisions, >, 0);

  /* judged in parts, as the app's threads do, it comes to the same */
  {
    KsmAnalysisOptions options = { .max_nodes = TEST_NODES };
    g_autofree KsmAnalysisEvent *events = ksm_review_events_of_record (record, &n);
    g_autofree KsmAnalysisEntry *parts = g_new0 (KsmAnalysisEntry, n);
    const guint cuts[] = { 0, 37, 38, 91, n };
    for (guint k = 0; k + 1 < G_N_ELEMENTS (cuts); k++)
      g_assert_cmpint (ksm_analyse_part (&options, ksm_record_get_options (record), events, (int) n,
                                         (int) cuts[k], (int) cuts[k + 1], parts, NULL, NULL, NULL),
                       ==, (int) (cuts[k + 1] - cuts[k]));
    g_assert_cmpmem (parts, sizeof (KsmAnalysisEntry) * n, first, sizeof (KsmAnalysisEntry) * n);
  }

  /* the app's way, on a worker thread, comes to the same */
  {
    g_autoptr(KsmReview) review = ksm_review_new (record, NULL);
    KsmAnalysisOptions options = { .max_nodes = TEST_NODES };
    KsmAnalysisSummary summary[KSM_MAX_PLAYERS];
    int marks = 0;

    ksm_review_analyse (review, &options);
    wait_for (analysed, review, "the analysis");
    for (guint i = 0; i < n; i++)
      g_assert_cmpmem (ksm_review_get_entry (review, i), sizeof (KsmAnalysisEntry),
                       &first[i], sizeof (KsmAnalysisEntry));
    g_assert_cmpmem (ksm_review_get_chances (review, 0), sizeof start1, start1, sizeof start1);
    ksm_review_get_summary (review, summary);
    g_assert_cmpint (summary[0].decisions + summary[1].decisions, ==, (int) decisions);
    for (int p = 0; p < 2; p++)
      for (int m = KSM_MARK_DOUBTFUL; m < KSM_N_MARKS; m++)
        marks += summary[p].marks[m];
    for (guint i = 0; i < n; i++)
      marks -= first[i].mark != KSM_MARK_NONE;
    g_assert_cmpint (marks, ==, 0);
  }
}

typedef struct {
  KsmReview *review;
  guint      parts;
  guint      judged;            /* events judged, by the signals */
  guint      judged_at_first;   /* the review's when the first part landed */
  gboolean   analysed_at_first;
  guint8    *seen;
  const KsmAnalysisEntry *expected;
} Progressive;

static void
judged_cb (KsmReview *review, guint first, guint n_events, Progressive *p)
{
  guint judged_now = 0;

  g_assert_cmpuint (n_events, >, 0);
  g_assert_cmpuint (first + n_events, <=, ksm_review_get_n_steps (review));
  for (guint i = 0; i < ksm_review_get_n_steps (review); i++)
    judged_now += ksm_review_get_entry (review, i) != NULL;
  if (p->parts == 0)
    {
      p->judged_at_first = judged_now;
      p->analysed_at_first = ksm_review_is_analysed (review);
    }
  /* each part once, its judgements there for the views to draw, and the
   * same as the whole game's */
  for (guint i = first; i < first + n_events; i++)
    {
      g_assert_false (p->seen[i]);
      p->seen[i] = 1;
      g_assert_nonnull (ksm_review_get_entry (review, i));
      g_assert_nonnull (ksm_review_get_chances (review, i + 1));
      g_assert_cmpmem (ksm_review_get_entry (review, i), sizeof (KsmAnalysisEntry),
                       &p->expected[i], sizeof (KsmAnalysisEntry));
    }
  p->parts++;
  p->judged += n_events;
}

/* The graph fills in as the judgements come: the review tells of each part
 * as it lands, long before the whole game is judged, and what it tells is
 * what the whole analysis gives. */
static void
test_analysis_progressive (void)
{
  g_autoptr(KsmRecord) record = make_record (5, 400);
  g_autoptr(KsmReview) review = ksm_review_new (record, NULL);
  g_autofree KsmAnalysisEntry *whole = NULL;
  g_autofree guint8 *seen = NULL;
  KsmAnalysisOptions options = { .max_nodes = TEST_NODES };
  double start[KSM_MAX_PLAYERS];
  Progressive p = { 0 };
  guint n;

  analyse (record, &whole, start, &n);
  seen = g_new0 (guint8, n);
  p.review = review;
  p.seen = seen;
  p.expected = whole;

  g_assert_null (ksm_review_get_chances (review, 0));
  g_assert_null (ksm_review_get_entry (review, 0));
  g_signal_connect (review, "judged", G_CALLBACK (judged_cb), &p);
  ksm_review_analyse (review, &options);
  g_assert_null (ksm_review_get_entry (review, 0));
  wait_for (analysed, review, "the analysis");

  g_test_message ("%u parts told before the end", p.parts);
  g_assert_cmpuint (p.parts, >=, 2);
  g_assert_false (p.analysed_at_first);
  g_assert_cmpuint (p.judged_at_first, <, n);
  g_assert_cmpuint (p.judged_at_first, >, 0);
  g_assert_cmpuint (p.judged, <=, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpmem (ksm_review_get_entry (review, i), sizeof (KsmAnalysisEntry),
                     &whole[i], sizeof (KsmAnalysisEntry));
  g_assert_cmpmem (ksm_review_get_chances (review, 0), sizeof start, start, sizeof start);

  /* analysed again, it starts afresh */
  g_signal_handlers_disconnect_by_func (review, judged_cb, &p);
  ksm_review_analyse (review, &options);
  g_assert_false (ksm_review_is_analysed (review));
  g_assert_null (ksm_review_get_entry (review, 0));
  g_assert_null (ksm_review_get_chances (review, 0));
  wait_for (analysed, review, "the second analysis");
  g_assert_cmpmem (ksm_review_get_entry (review, n - 1), sizeof (KsmAnalysisEntry),
                   &whole[n - 1], sizeof (KsmAnalysisEntry));
}

static void
test_marks (void)
{
  g_assert_cmpint (ksm_mark_for_loss (0), ==, KSM_MARK_NONE);
  g_assert_cmpint (ksm_mark_for_loss (0.0299), ==, KSM_MARK_NONE);
  g_assert_cmpint (ksm_mark_for_loss (KSM_ANALYSIS_DOUBTFUL), ==, KSM_MARK_DOUBTFUL);
  g_assert_cmpint (ksm_mark_for_loss (0.0599), ==, KSM_MARK_DOUBTFUL);
  g_assert_cmpint (ksm_mark_for_loss (KSM_ANALYSIS_BAD), ==, KSM_MARK_BAD);
  g_assert_cmpint (ksm_mark_for_loss (KSM_ANALYSIS_BLUNDER), ==, KSM_MARK_BLUNDER);
  g_assert_cmpint (ksm_mark_for_loss (1), ==, KSM_MARK_BLUNDER);
  g_assert_cmpstr (ksm_mark_symbol (KSM_MARK_DOUBTFUL), ==, "?!");
  g_assert_cmpstr (ksm_mark_symbol (KSM_MARK_BAD), ==, "?");
  g_assert_cmpstr (ksm_mark_symbol (KSM_MARK_BLUNDER), ==, "??");
}

static void
test_play_from_here (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autoptr(GFile) directory = g_file_new_for_path (dir);
  g_autoptr(KsmStore) store = ksm_store_new (directory);
  g_autoptr(KsmRecord) record = make_record_with (PERSONS, 21, 60);
  g_autoptr(GFile) original = NULL;
  g_autoptr(GFile) branch_file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) loaded = NULL;
  g_autoptr(KsmReview) review = NULL;
  g_autoptr(KsmGame) game = NULL;
  g_autofree char *path = NULL, *before = NULL, *after = NULL;
  gsize before_length, after_length;

  original = ksm_store_keep (store, record, &error);
  g_assert_no_error (error);
  path = g_file_get_path (original);
  g_assert_true (g_file_get_contents (path, &before, &before_length, NULL));

  loaded = ksm_record_new_from_file (original, &error);
  g_assert_no_error (error);
  review = ksm_review_new (loaded, original);
  ksm_review_set_step (review, 25);
  game = ksm_review_play_from (review, 25, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_false (ksm_game_is_read_only (game));
  g_assert_cmpuint (ksm_record_get_n_events (ksm_game_get_record (game)), ==, 25);
  {
    g_autofree char *want = position_text (ksm_review_get_position (review));
    g_autofree char *have = game_position_text (game);
    g_assert_cmpstr (have, ==, want);
  }

  /* play on in the new game, keep it, and autosave it as the app does */
  ksm_store_watch (store, game);
  for (guint i = 0; i < 30 && ksm_game_get_phase (game) != KSM_PHASE_OVER; i++)
    {
      guint n_moves = 0;
      const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
      if (ksm_game_get_phase (game) == KSM_PHASE_MOVE && moves[0].kind == KSM_MOVE_LOSE)
        {
          drain_main_loop ();
          continue;
        }
      person_acts (game, i);
    }
  branch_file = ksm_store_keep (store, ksm_game_get_record (game), &error);
  g_assert_no_error (error);
  g_assert_false (g_file_equal (branch_file, original));
  ksm_store_unwatch (store);

  g_assert_true (g_file_get_contents (path, &after, &after_length, NULL));
  g_assert_cmpmem (after, after_length, before, before_length);
  /* and the review still holds the whole original */
  g_assert_cmpuint (ksm_review_get_n_steps (review), ==, 60);
  g_assert_cmpuint (ksm_record_get_n_events (ksm_review_get_record (review)), ==, 60);

  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/review/navigation", test_navigation);
  g_test_add_func ("/review/finished-game", test_finished_game);
  g_test_add_func ("/review/marks", test_marks);
  g_test_add_func ("/review/analysis-deterministic", test_analysis_deterministic);
  g_test_add_func ("/review/analysis-progressive", test_analysis_progressive);
  g_test_add_func ("/review/play-from-here", test_play_from_here);
  return g_test_run ();
}
