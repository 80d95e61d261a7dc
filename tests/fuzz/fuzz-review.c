/* fuzz-review.c: libFuzzer target for a saved game under review.
 *
 * What loads goes into a KsmReview as Saved Games opens it: every step, one
 * at a time to the end and back to the start, and a jump to each, must show
 * the record's position after that many events, in the review and in its
 * read-only game, and nobody may act in it. What is refused says why in
 * valid UTF-8. The inputs come from fuzz-mutator.h. Any breach aborts,
 * which libFuzzer reports as a crash.
 */
#include "fuzz-load.h"
#include "fuzz-mutator.h"
#include "ksm-review.h"

static void
fail (const char *what, const char *detail)
{
  ksm_fuzz_fail ("fuzz-review", what, detail);
}

/* the review at `step` shows what the record replays to there */
static void
check_step (KsmReview *review, KsmRecord *record, guint step)
{
  const KsmRules *rules = ksm_record_get_rules (record);
  g_autoptr(GError) error = NULL;
  char want[KSM_NOTATION_MAX], shown[KSM_NOTATION_MAX], played[KSM_NOTATION_MAX];
  KsmPosition pos, at;
  KsmGame *game = ksm_review_get_game (review);

  if (ksm_review_get_step (review) != step)
    fail ("the review is not at the step it was taken to", NULL);
  if (!ksm_record_replay (record, step, &pos, &error))
    fail ("a loaded record does not replay to a step", error->message);
  ksm_review_position_at (review, step, &at);
  if (rules->format_position (&pos, want, sizeof want) < 0
      || rules->format_position (ksm_review_get_position (review), shown, sizeof shown) < 0
      || rules->format_position (ksm_game_get_position (game), played, sizeof played) < 0)
    fail ("a reviewed position does not format", NULL);
  if (strcmp (want, shown) != 0)
    fail ("the review shows another position than the record's", shown);
  if (strcmp (want, played) != 0)
    fail ("the review's game shows another position than the record's", played);
  if (memcmp (&at, ksm_review_get_position (review), sizeof at) != 0)
    fail ("position_at and the step's position differ", shown);
  if (ksm_game_get_n_events (game) != step)
    fail ("the review's game is at another event", NULL);
  if (ksm_game_get_phase (game) != pos.phase)
    fail ("the review's game is in another phase", NULL);
  if (ksm_game_can_throw (game) || ksm_game_can_move (game) || ksm_game_is_person_to_act (game)
      || ksm_game_can_undo (game) || ksm_game_throw (game))
    fail ("someone can act in a game under review", shown);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(KsmRecord) record = NULL;
  g_autoptr(KsmReview) review = NULL;

  if (size > KSM_FUZZ_MAX_INPUT)
    return 0;
  record = ksm_fuzz_load ("fuzz-review", data, size);
  if (record == NULL)
    return 0;

  review = ksm_review_new (record, NULL);
  guint n = ksm_review_get_n_steps (review);
  if (n != ksm_record_get_n_events (record))
    fail ("the review has another number of steps than the record events", NULL);
  if (ksm_review_get_game (review) == NULL || !ksm_game_is_read_only (ksm_review_get_game (review)))
    fail ("a review has no read-only game", NULL);
  if (ksm_review_step_back (review))
    fail ("a review steps back from its start", NULL);
  check_step (review, record, 0);

  for (guint i = 1; i <= n; i++)
    {
      if (!ksm_review_step_forward (review))
        fail ("a review does not step forward before its end", NULL);
      check_step (review, record, i);
    }
  if (ksm_review_step_forward (review))
    fail ("a review steps past its end", NULL);
  for (guint i = n; i-- > 0;)
    {
      if (!ksm_review_step_back (review))
        fail ("a review does not step back before its start", NULL);
      check_step (review, record, i);
    }

  /* jumps, as the slider makes them, a few of them past the end */
  guint jumps = MIN (n + 2, 16);
  for (guint k = 0; k < jumps; k++)
    {
      guint step = size > 0 ? data[(k * 7919u) % size] * (n + 2) / 255 : 0;
      ksm_review_set_step (review, step);
      check_step (review, record, MIN (step, n));
    }
  return 0;
}
