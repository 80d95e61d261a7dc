/* test-record-count.c: ksm_record_count, the throws and captures of each
 * seat over a record, which the end of a game shows.
 *
 * Seeded random games of every game, counted as they are played from the
 * engine's own effects, then by ksm_record_count on the record and on the
 * record written and read back (a loaded move does not say what it took).
 */
#include "model-test-util.h"

#define N_GAMES 30

/* a random game of `rules` to its end, counting beside it */
static KsmRecord *
play_counting (const KsmRules *rules, guint64 seed, KsmRecordCount expected[KSM_MAX_PLAYERS])
{
  KsmOptions options;
  KsmSeat seats[KSM_MAX_PLAYERS] = { 0 };
  KsmRecord *record;
  KsmPosition pos;
  KsmMove moves[KSM_MAX_MOVES];
  KsmRandom rng;

  rules->default_options (&options);
  record = ksm_record_new (&options, seats, seed);
  ksm_random_seed (&rng, seed);
  memset (expected, 0, sizeof (KsmRecordCount) * KSM_MAX_PLAYERS);
  rules->init (&pos, &options);
  for (guint i = 0; i < 200000 && pos.phase != KSM_PHASE_OVER; i++)
    {
      KsmEvent event = { .player = pos.to_move };
      if (pos.phase == KSM_PHASE_THROW)
        {
          event.kind = KSM_EVENT_THROW;
          event.face = (guint8) ksm_throw_sample (&rules->throws, &rng, &event.pattern);
          rules->apply_throw (&pos, event.face);
          expected[event.player].throws++;
        }
      else
        {
          KsmEffect effect = { 0 };
          int n = rules->legal_moves (&pos, moves);
          int chosen = ksm_player_choose (KSM_LEVEL_RANDOM, &pos, moves, n, &rng);

          if (moves[chosen].kind == KSM_MOVE_LOSE)
            {
              event.kind = KSM_EVENT_LOST;
              event.face = pos.face;
            }
          else
            {
              event.kind = KSM_EVENT_MOVE;
              event.move = moves[chosen];
            }
          rules->apply_move (&pos, &moves[chosen], &effect);
          expected[event.player].captures += effect.captured;
        }
      ksm_record_append (record, &event);
    }
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_OVER);
  return record;
}

static void
assert_counts (KsmRecord *record, const KsmRecordCount expected[KSM_MAX_PLAYERS])
{
  g_autoptr(GError) error = NULL;
  KsmRecordCount counts[KSM_MAX_PLAYERS];

  g_assert_true (ksm_record_count (record, counts, &error));
  g_assert_no_error (error);
  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    {
      g_assert_cmpuint (counts[p].throws, ==, expected[p].throws);
      g_assert_cmpuint (counts[p].captures, ==, expected[p].captures);
    }
}

static void
test_games (gconstpointer data)
{
  const KsmRules *rules = ksm_rules_get (GPOINTER_TO_INT (data));
  guint captures = 0;

  for (guint i = 0; i < N_GAMES; i++)
    {
      KsmRecordCount expected[KSM_MAX_PLAYERS];
      g_autoptr(KsmRecord) record = play_counting (rules, 1000 + i, expected);
      g_autoptr(KsmRecord) loaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      gsize length;

      assert_counts (record, expected);
      text = ksm_record_to_data (record, &length);
      loaded = ksm_record_new_from_data (text, (gssize) length, &error);
      g_assert_no_error (error);
      assert_counts (loaded, expected);
      for (int p = 0; p < KSM_MAX_PLAYERS; p++)
        captures += expected[p].captures;
    }
  /* the games took pieces, so the captures were counted, not all zero */
  g_assert_cmpuint (captures, >, 0);
}

/* a fresh record: nothing; an event the rules refuse: an error, not a count */
static void
test_empty_and_bad (void)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmRecord) record = ksm_record_new (&options, PERSONS, 1);
  g_autoptr(GError) error = NULL;
  KsmRecordCount counts[KSM_MAX_PLAYERS];
  KsmEvent move = { .kind = KSM_EVENT_MOVE, .player = options.first_player };

  g_assert_true (ksm_record_count (record, counts, &error));
  g_assert_no_error (error);
  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    {
      g_assert_cmpuint (counts[p].throws, ==, 0);
      g_assert_cmpuint (counts[p].captures, ==, 0);
    }

  /* a move where a throw is due */
  ksm_record_append (record, &move);
  g_assert_false (ksm_record_count (record, counts, &error));
  g_assert_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/record-count/kasimala", GINT_TO_POINTER (KSM_GAME_KASIMALA), test_games);
  g_test_add_data_func ("/record-count/ashte-kashte", GINT_TO_POINTER (KSM_GAME_ASHTE_KASHTE), test_games);
  g_test_add_data_func ("/record-count/asi-keliya", GINT_TO_POINTER (KSM_GAME_ASI_KELIYA), test_games);
  g_test_add_func ("/record-count/empty-and-bad", test_empty_and_bad);
  return g_test_run ();
}
