/* test-fixed-work.c: every level decides by a fixed amount of work.
 *
 * A player's move must not depend on the machine's speed or its load: on
 * 200 positions from seeded random games of each game, each level (Expert
 * with its learnt model too) chooses once alone and once while two other
 * threads keep both cores busy, and the choices (and the hints' ranking,
 * which the analysis shares) must be the same. Nothing here is timed: the busy threads spin until told to
 * stop, and the run under load starts once both of them are spinning.
 *
 * Two spinners slow a decision by a third, which moved the old 50 ms clock
 * too seldom to catch it every time (Hard's choice changed in 0 to 2 of 200
 * Kasimala positions). So the choices are also made under a 1 ms clock
 * (budget_ms), as a machine fifty times slower would see the old one: a
 * decision the clock cuts there must be counted as a safety stop, and
 * every other must be what it is alone.
 */
#include <glib.h>
#include <string.h>

#include "ksm-player.h"
#include "ksm-random.h"
#include "ksm-rules.h"

#define N_POSITIONS 200
#define N_SPINNERS  2
#define TIGHT_MS    1

/* ---- the load ---- */

typedef struct {
  gint  stop;
  gint  spinning;
  GThread *threads[N_SPINNERS];
} Load;

static gpointer
spin (gpointer data)
{
  Load *load = data;
  volatile guint64 x = 88172645463325252ull;

  g_atomic_int_inc (&load->spinning);
  while (!g_atomic_int_get (&load->stop))
    for (int i = 0; i < 10000; i++)
      {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
      }
  return NULL;
}

static void
load_start (Load *load)
{
  memset (load, 0, sizeof *load);
  for (int i = 0; i < N_SPINNERS; i++)
    load->threads[i] = g_thread_new ("spinner", spin, load);
  /* the decisions under load begin once every spinner has the core */
  while (g_atomic_int_get (&load->spinning) < N_SPINNERS)
    g_thread_yield ();
}

static void
load_stop (Load *load)
{
  g_atomic_int_set (&load->stop, 1);
  for (int i = 0; i < N_SPINNERS; i++)
    g_thread_join (load->threads[i]);
}

/* ---- the decisions ---- */

/* Positions with a real choice, every fifth of them, from random games
 * seeded one by one. */
static int
sample_positions (const KsmRules *rules, KsmPosition *out, int max)
{
  KsmOptions options;
  int n = 0, seen = 0;

  rules->default_options (&options);
  for (guint64 g = 1; n < max; g++)
    {
      KsmRandom rng;
      KsmPosition pos;
      KsmMove moves[KSM_MAX_MOVES];

      ksm_random_seed (&rng, 4000 + g);
      rules->init (&pos, &options);
      while (pos.phase != KSM_PHASE_OVER && n < max)
        {
          if (pos.phase == KSM_PHASE_THROW)
            {
              rules->apply_throw (&pos, ksm_throw_sample (&rules->throws, &rng, NULL));
              continue;
            }
          int count = rules->legal_moves (&pos, moves);
          if (count > 1 && seen++ % 5 == 0)
            out[n++] = pos;
          rules->apply_move (&pos, &moves[ksm_random_below (&rng, (uint32_t) count)], NULL);
        }
    }
  return n;
}

/* What every level chose, and the hints' order, for each position, and
 * which of them the clock cut short */
typedef struct {
  int    chosen[KSM_N_LEVELS][N_POSITIONS];
  bool   chosen_stopped[KSM_N_LEVELS][N_POSITIONS];
  int    ranked[N_POSITIONS][KSM_MAX_MOVES];
  double chance[N_POSITIONS][KSM_MAX_MOVES];
  bool   ranked_stopped[N_POSITIONS];
} Decisions;

/* Every level's defaults, as the app plays them, but for `budget_ms` */
static void
decide_all (const KsmRules *rules, const KsmPosition *positions, int n, int budget_ms,
            Decisions *out)
{
  for (int i = 0; i < n; i++)
    {
      KsmMove moves[KSM_MAX_MOVES];
      KsmHint hints[KSM_MAX_MOVES];
      int count = rules->legal_moves (&positions[i], moves);

      for (int level = 0; level < KSM_N_LEVELS; level++)
        {
          KsmPlayerOptions options = { .level = level, .budget_ms = budget_ms };
          KsmRandom rng;
          long stops = ksm_player_safety_stops ();
          ksm_random_seed (&rng, 17 + (guint64) i);
          out->chosen[level][i] = ksm_player_choose_with (&options, &positions[i], moves,
                                                          count, &rng);
          out->chosen_stopped[level][i] = ksm_player_safety_stops () != stops;
          g_assert_cmpint (out->chosen[level][i], >=, 0);
          g_assert_cmpint (out->chosen[level][i], <, count);
        }

      KsmPlayerOptions judge = { .level = KSM_LEVEL_HARD, .budget_ms = budget_ms };
      long stops = ksm_player_safety_stops ();
      ksm_player_rank (&judge, &positions[i], moves, count, hints);
      out->ranked_stopped[i] = ksm_player_safety_stops () != stops;
      for (int k = 0; k < count; k++)
        {
          out->ranked[i][k] = hints[k].move;
          out->chance[i][k] = hints[k].win_chance;
        }
    }
}

/* How many choices of each level, and how many rankings, differ between
 * the runs, among those the clock cut short in neither */
static int
compare (const KsmRules *rules, const KsmPosition *positions, int n, const Decisions *a,
         const Decisions *b, const char *how, int *differ)
{
  int hints_differ = 0;

  for (int i = 0; i < n; i++)
    {
      KsmMove moves[KSM_MAX_MOVES];
      int count = rules->legal_moves (&positions[i], moves);
      char text[KSM_NOTATION_MAX];

      for (int level = 0; level < KSM_N_LEVELS; level++)
        if (!a->chosen_stopped[level][i] && !b->chosen_stopped[level][i]
            && a->chosen[level][i] != b->chosen[level][i])
          {
            rules->format_position (&positions[i], text, sizeof text);
            g_test_message ("%s chose move %d alone and %d %s in %s", ksm_level_name (level),
                            a->chosen[level][i], b->chosen[level][i], how, text);
            differ[level]++;
          }
      if (!a->ranked_stopped[i] && !b->ranked_stopped[i]
          && (memcmp (a->ranked[i], b->ranked[i], sizeof (int) * (size_t) count) != 0
              || memcmp (a->chance[i], b->chance[i], sizeof (double) * (size_t) count) != 0))
        hints_differ++;
    }
  return hints_differ;
}

static void
test_same_under_load (gconstpointer data)
{
  const KsmRules *rules = ksm_rules_lookup (data);
  g_autofree KsmPosition *positions = g_new (KsmPosition, N_POSITIONS);
  g_autofree Decisions *alone = g_new0 (Decisions, 1);
  g_autofree Decisions *loaded = g_new0 (Decisions, 1);
  g_autofree Decisions *tight = g_new0 (Decisions, 1);
  long stops_before = ksm_player_safety_stops ();
  int differ[KSM_N_LEVELS] = { 0 }, hints_differ = 0;
  Load load;

  g_assert_nonnull (rules);
  /* every level is checked, the top one, Expert, with them */
  g_assert_cmpint (KSM_LEVEL_EXPERT, ==, KSM_N_LEVELS - 1);
  int n = sample_positions (rules, positions, N_POSITIONS);
  g_assert_cmpint (n, ==, N_POSITIONS);

  decide_all (rules, positions, n, 0, alone);
  load_start (&load);
  decide_all (rules, positions, n, 0, loaded);
  load_stop (&load);
  /* the default safety net, 2 s, is far above any decision here; but only
   * a machine's speed could make it fire, so that is not asserted */
  g_test_message ("the safety net cut %ld decisions and rankings",
                  ksm_player_safety_stops () - stops_before);

  hints_differ = compare (rules, positions, n, alone, loaded, "under load", differ);
  for (int level = 0; level < KSM_N_LEVELS; level++)
    {
      g_test_message ("%s: %d of %d choices differ under load", ksm_level_name (level),
                      differ[level], n);
      g_assert_cmpint (differ[level], ==, 0);
    }
  g_test_message ("hints: %d of %d rankings differ under load", hints_differ, n);
  g_assert_cmpint (hints_differ, ==, 0);

  /* under a tight clock: only what the safety net cut, and counted, may
   * differ (how many it cuts depends on the machine, so it is not asserted) */
  int stopped = 0, ranked_stopped = 0;
  decide_all (rules, positions, n, TIGHT_MS, tight);
  for (int i = 0; i < n; i++)
    {
      for (int level = 0; level < KSM_N_LEVELS; level++)
        stopped += tight->chosen_stopped[level][i];
      ranked_stopped += tight->ranked_stopped[i];
    }
  memset (differ, 0, sizeof differ);
  hints_differ = compare (rules, positions, n, alone, tight, "under a tight clock", differ);
  for (int level = 0; level < KSM_N_LEVELS; level++)
    {
      g_test_message ("%s: %d of %d choices not cut short differ under a %d ms clock",
                      ksm_level_name (level), differ[level], n, TIGHT_MS);
      g_assert_cmpint (differ[level], ==, 0);
    }
  g_test_message ("hints: %d of %d rankings not cut short differ under a %d ms clock; "
                  "the clock cut %d choices and %d rankings", hints_differ, n, TIGHT_MS,
                  stopped, ranked_stopped);
  g_assert_cmpint (hints_differ, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/fixed-work/kasimala", "kasimala", test_same_under_load);
  g_test_add_data_func ("/fixed-work/ashte-kashte", "ashte-kashte", test_same_under_load);
  g_test_add_data_func ("/fixed-work/asi-keliya", "asi-keliya", test_same_under_load);
  return g_test_run ();
}
