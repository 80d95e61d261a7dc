/* test-tutor.c: the game's tutor in every game, people in every seat.
 *
 * A seeded game is played by its people (random moves) until a decision
 * has a move that gives up the analysis's "?" threshold: with the tutor
 * on, that move is held, not played, and questioned with the judge's own
 * figures, the mover's team's chance (Asi Keliya's partners share one);
 * withdrawn, the game is exactly as before; the best move plays without a
 * question; a forced move plays at once.
 */
#include "model-test-util.h"

#include "ksm-analysis.h"

static const KsmSeat ALL_PERSONS[KSM_MAX_PLAYERS] = {
  { KSM_SEAT_PERSON, KSM_LEVEL_RANDOM }, { KSM_SEAT_PERSON, KSM_LEVEL_RANDOM },
  { KSM_SEAT_PERSON, KSM_LEVEL_RANDOM }, { KSM_SEAT_PERSON, KSM_LEVEL_RANDOM },
};

static gboolean
judged (gpointer data)
{
  return !ksm_game_is_judging (KSM_GAME (data));
}

static void
questioned_cb (KsmGame *game, guint player, guint *count)
{
  (*count)++;
}

/* the chance, as the analysis judges it, after the move of `index` */
static double
chance_after (const KsmHint *hints, int n_hints, int index)
{
  for (int h = 0; h < n_hints; h++)
    if (hints[h].move == index)
      return hints[h].win_chance;
  g_assert_not_reached ();
}

static void
test_tutor_in (gconstpointer data)
{
  const KsmRules *rules = ksm_rules_lookup (data);
  KsmOptions options;
  g_autoptr(KsmGame) game = NULL;
  KsmRandom rng;
  guint questions = 0;
  gboolean forced_seen = FALSE;

  g_assert_nonnull (rules);
  rules->default_options (&options);
  game = ksm_game_new (&options, ALL_PERSONS, 7);
  ksm_random_seed (&rng, 7);
  g_signal_connect (game, "move-questioned", G_CALLBACK (questioned_cb), &questions);

  for (guint step = 0; step < 4000; step++)
    {
      const KsmMove *moves;
      guint n_moves;
      KsmHint hints[KSM_MAX_MOVES];
      int n_hints, worst = -1;

      g_assert_cmpint (ksm_game_get_phase (game), !=, KSM_PHASE_OVER);
      if (ksm_game_get_phase (game) == KSM_PHASE_THROW)
        {
          g_assert_true (ksm_game_throw (game));
          continue;
        }
      moves = ksm_game_get_moves (game, &n_moves);
      if (n_moves == 1)
        {
          guint n_events = ksm_game_get_n_events (game);

          /* the only move is never judged */
          ksm_game_set_tutor (game, TRUE);
          g_assert_true (ksm_game_play (game, &moves[0]));
          g_assert_false (ksm_game_is_judging (game));
          g_assert_cmpuint (ksm_game_get_n_events (game), >, n_events);
          ksm_game_set_tutor (game, FALSE);
          forced_seen = TRUE;
          continue;
        }

      n_hints = ksm_analysis_rank (NULL, ksm_game_get_position (game), moves, (int) n_moves, hints);
      for (int h = n_hints - 1; h > 0 && worst < 0; h--)
        if (ksm_mark_for_loss (hints[0].win_chance - hints[h].win_chance) >= KSM_MARK_BAD)
          worst = hints[h].move;
      if (worst >= 0 && forced_seen)
        {
          g_autofree char *before = game_position_text (game);
          g_autofree char *after = NULL;
          guint n_events = ksm_game_get_n_events (game);
          guint player = ksm_game_get_player (game);
          KsmMove costly = moves[worst], best = moves[hints[0].move];
          KsmQuestion question;

          ksm_game_set_tutor (game, TRUE);
          g_assert_true (ksm_game_play (game, &costly));
          wait_for (judged, game, "the tutor's judgement");
          g_assert_cmpuint (questions, ==, 1);
          g_assert_true (ksm_game_get_question (game, &question));
          g_assert_true (ksm_moves_equal (&question.move, &costly));
          g_assert_true (ksm_moves_equal (&question.better, &best));
          g_assert_cmpfloat (question.best, ==, hints[0].win_chance);
          g_assert_cmpfloat (question.played, ==, chance_after (hints, n_hints, worst));
          /* held: nothing played, and no other move taken meanwhile */
          g_assert_cmpuint (ksm_game_get_n_events (game), ==, n_events);
          g_assert_false (ksm_game_play (game, &best));

          g_assert_true (ksm_game_withdraw_questioned (game));
          after = game_position_text (game);
          g_assert_cmpstr (after, ==, before);
          g_assert_cmpuint (ksm_game_get_n_events (game), ==, n_events);
          g_assert_cmpuint (ksm_game_get_player (game), ==, player);
          g_assert_false (ksm_game_get_question (game, NULL));

          /* the best, chosen again, plays with no question (the judgement is kept) */
          g_assert_true (ksm_game_play (game, &best));
          wait_for (judged, game, "the tutor's judgement");
          g_assert_cmpuint (questions, ==, 1);
          g_assert_cmpuint (ksm_game_get_n_events (game), >, n_events);
          g_assert_true (ksm_moves_equal (&ksm_record_get_event (ksm_game_get_record (game), n_events)->move,
                                          &best));
          return;
        }
      /* tutor off: a move plays at once */
      g_assert_true (ksm_game_play (game, &moves[ksm_random_below (&rng, n_moves)]));
    }
  g_error ("no costly move found in %s", (const char *) data);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/model/tutor/kasimala", "kasimala", test_tutor_in);
  g_test_add_data_func ("/model/tutor/ashte-kashte", "ashte-kashte", test_tutor_in);
  g_test_add_data_func ("/model/tutor/asi-keliya", "asi-keliya", test_tutor_in);

  return g_test_run ();
}
