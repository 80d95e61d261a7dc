/* test-players.c: the computer players and the hints.
 *
 * Easy's documented choices on set positions, Medium keeping a piece out of
 * reach when it can, Hard against random over fixed seeds, the hints'
 * ranking and exposure, and that a player decides from the position and its
 * throw only: the same position and generator give the same choice, Medium
 * and Hard never touch the generator, and two threads deciding at once get
 * what one thread gets; Expert judging by the game's learnt model, or
 * playing as Hard where a game has none.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "ksm-analysis.h"
#include "ksm-asi-eval.h"
#include "ksm-player.h"
#include "ksm-random.h"
#include "ksm-rules.h"
#include "ksm-search.h"

static const KsmRules *R;
/* players in sample_positions' games; 0: the game's default */
static int sample_players;

static KsmPosition
parse (const char *text)
{
  KsmPosition pos;
  char error[KSM_ERROR_MAX] = "";
  if (!R->parse_position (text, &pos, error, sizeof error))
    g_error ("the engine refuses \"%s\": %s", text, error);
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_MOVE);
  return pos;
}

static char *
move_text (const KsmPosition *pos, const KsmMove *move)
{
  char buf[64];
  g_assert_cmpint (R->format_move (pos, move, buf, sizeof buf), >, 0);
  return g_strdup (buf);
}

/* The move `options` choose in `text`, as text. */
static char *
choice (const KsmPlayerOptions *options, const char *text, guint64 seed)
{
  KsmPosition pos = parse (text);
  KsmMove moves[KSM_MAX_MOVES];
  KsmRandom rng;
  ksm_random_seed (&rng, seed);
  int n = R->legal_moves (&pos, moves);
  int chosen = ksm_player_choose_with (options, &pos, moves, n, &rng);
  g_assert_cmpint (chosen, >=, 0);
  g_assert_cmpint (chosen, <, n);
  return move_text (&pos, &moves[chosen]);
}

/* Easy on a position, whatever its generator holds: it must always choose
 * `expected`. */
static void
assert_easy (const char *text, const char *expected)
{
  KsmPlayerOptions easy = { .level = KSM_LEVEL_EASY };
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      g_autofree char *chosen = choice (&easy, text, seed);
      g_assert_cmpstr (chosen, ==, expected);
    }
}

static void
test_levels (void)
{
  static const char *const names[] = { "random", "easy", "medium", "hard", "expert" };
  g_assert_cmpint (KSM_N_LEVELS, ==, G_N_ELEMENTS (names));
  for (int i = 0; i < KSM_N_LEVELS; i++)
    {
      g_assert_cmpstr (ksm_level_name (i), ==, names[i]);
      g_assert_cmpint (ksm_level_lookup (names[i]), ==, i);
    }
  g_assert_cmpint (ksm_level_lookup ("master"), ==, -1);
  g_assert_null (ksm_level_name (KSM_N_LEVELS));
}

/* "a capture if it sees one, otherwise a laiga" (seeds/kasimala.txt) */
static void
test_easy_captures (void)
{
  /* a dwadi: M12-M10 takes a stone, M11-M9 reaches a laiga */
  assert_easy ("kasimala 17 B:................. M:.........sbb..... T:................. b 2 10 15/16",
               "M12-M10x1");
  /* two captures: the bigger one, the stack of two on M6 */
  assert_easy ("kasimala 17 B:................. M:.....s2.b.s.b..... T:................. b 2 10 15/14",
               "M8-M6x2");
}

static void
test_easy_laigas (void)
{
  /* no capture: onto the laiga M9 rather than into the open on M6 */
  assert_easy ("kasimala 17 B:................. M:.......b..b...... T:s................ b 2 10 15/16",
               "M11-M9");
  /* a chya takes both onto laigas: the one from the open (B14) goes */
  assert_easy ("kasimala 17 B:.............b... M:............b.... T:s................ b 4 10 15/16",
               "B14-M17");
  /* no capture and no laiga: the brick on the laiga M9 stays */
  assert_easy ("kasimala 17 B:................. M:........b..b..... T:s................ b 2 10 15/16",
               "M12-M10");
}

/* A dwadi: M12-M10 lands two cells ahead of the stone on M8, open to its
 * dwadi (6 in 16); T3-T5 puts nothing in reach. */
static const char *EXPOSED =
  "kasimala 17 B:................. M:.......s...b..... T:..b.............. b 2 10 15/16";

static void
test_medium_avoids_exposure (void)
{
  KsmPlayerOptions medium = { .level = KSM_LEVEL_MEDIUM };
  KsmPlayerOptions hard = { .level = KSM_LEVEL_HARD, .budget_ms = KSM_NO_CLOCK_MS };
  g_autofree char *m = choice (&medium, EXPOSED, 1);
  g_autofree char *h = choice (&hard, EXPOSED, 1);
  g_assert_cmpstr (m, ==, "T3-T5");
  g_assert_cmpstr (h, ==, "T3-T5");

  /* and it takes a capture that leaves nothing open */
  g_autofree char *c = choice (&medium,
    "kasimala 17 B:................. M:.......s...b..... T:..b.............. b 4 10 15/16", 1);
  g_assert_cmpstr (c, ==, "M12-M8x1");
}

static void
test_hints (void)
{
  KsmPosition pos = parse (EXPOSED);
  KsmMove moves[KSM_MAX_MOVES];
  KsmHint hints[KSM_MAX_MOVES];
  KsmPlayerOptions judge = { .level = KSM_LEVEL_HARD, .budget_ms = KSM_NO_CLOCK_MS };
  char text[128];
  int n = R->legal_moves (&pos, moves);

  g_assert_cmpint (n, ==, 2);
  g_assert_cmpint (ksm_player_rank (&judge, &pos, moves, n, hints), ==, n);
  for (int i = 0; i < n; i++)
    {
      g_assert_cmpfloat (hints[i].win_chance, >=, 0.0);
      g_assert_cmpfloat (hints[i].win_chance, <=, 1.0);
      if (i > 0)
        g_assert_cmpfloat (hints[i - 1].win_chance, >=, hints[i].win_chance);
      g_assert_cmpint (hints[i].exposed_total, ==, 16);
    }

  g_autofree char *best = move_text (&pos, &moves[hints[0].move]);
  g_autofree char *worst = move_text (&pos, &moves[hints[1].move]);
  g_assert_cmpstr (best, ==, "T3-T5");
  g_assert_cmpstr (worst, ==, "M12-M10");

  g_assert_cmpuint (hints[0].exposed_faces, ==, 0);
  g_assert_cmpint (hints[0].exposed_weight, ==, 0);
  ksm_hint_describe (&pos, &hints[0], text, sizeof text);
  g_assert_cmpstr (text, ==, "safe from the next throw");
  /* with T3-T5 the brick left on M12 is a chya away from the stone */
  g_assert_cmpfloat_with_epsilon (hints[0].expected_loss, 1.0 / 16, 1e-9);

  g_assert_cmpuint (hints[1].exposed_faces, ==, 1u << 1);   /* dwadi */
  g_assert_cmpint (hints[1].exposed_weight, ==, 6);
  g_assert_cmpint (hints[1].exposed_pieces, ==, 1);
  g_assert_cmpfloat_with_epsilon (hints[1].expected_loss, 6.0 / 16, 1e-9);
  ksm_hint_describe (&pos, &hints[1], text, sizeof text);
  g_assert_cmpstr (text, ==, "open to a dwadi: 6 in 16");

  /* Medium's ranking (what Random and Easy get too) agrees here */
  KsmPlayerOptions easy = { .level = KSM_LEVEL_EASY };
  ksm_player_rank (&easy, &pos, moves, n, hints);
  g_autofree char *easy_best = move_text (&pos, &moves[hints[0].move]);
  g_assert_cmpstr (easy_best, ==, "T3-T5");

  /* a face list with several throws */
  KsmHint several = { .exposed_faces = 0x7, .exposed_weight = 14, .exposed_total = 16 };
  ksm_hint_describe (&pos, &several, text, sizeof text);
  g_assert_cmpstr (text, ==, "open to a kasi, a dwadi or a sudi: 14 in 16");
}

/* Plays one game; returns the winner, or -1. */
static int
play (const KsmOptions *options, const KsmPlayerOptions players[2], guint64 seed)
{
  KsmRandom throws, choices[2];
  KsmPosition pos;
  KsmMove moves[KSM_MAX_MOVES];
  KsmOutcome outcome;

  ksm_random_seed (&throws, seed);
  ksm_random_seed (&choices[0], seed * 3 + 1);
  ksm_random_seed (&choices[1], seed * 3 + 2);
  R->init (&pos, options);
  while (pos.phase != KSM_PHASE_OVER)
    {
      if (pos.phase == KSM_PHASE_THROW)
        {
          R->apply_throw (&pos, ksm_throw_sample (&R->throws, &throws, NULL));
          continue;
        }
      int n = R->legal_moves (&pos, moves);
      int side = pos.to_move;
      int chosen = ksm_player_choose_with (&players[side], &pos, moves, n, &choices[side]);
      g_assert_cmpint (chosen, >=, 0);
      g_assert_cmpint (chosen, <, n);
      R->apply_move (&pos, &moves[chosen], NULL);
    }
  R->outcome (&pos, &outcome);
  return outcome.winner;
}

static void
test_hard_beats_random (void)
{
  KsmOptions options;
  /* no clock: the games do not depend on the machine's speed */
  KsmPlayerOptions hard = { .level = KSM_LEVEL_HARD, .budget_ms = KSM_NO_CLOCK_MS };
  KsmPlayerOptions random = { .level = KSM_LEVEL_RANDOM };
  int wins = 0;

  R->default_options (&options);
  for (int g = 0; g < 100; g++)
    {
      int hard_side = g % 2;
      KsmPlayerOptions players[2];
      players[hard_side] = hard;
      players[1 - hard_side] = random;
      if (play (&options, players, 1000 + (guint64) g / 2) == hard_side)
        wins++;
    }
  g_test_message ("hard beat random in %d of 100 games", wins);
  g_assert_cmpint (wins, >=, 90);
}

/* Positions with a real choice, from a few random games. */
static int
sample_positions (KsmPosition *out, int max)
{
  KsmOptions options;
  int n = 0;

  R->default_options (&options);
  if (sample_players > 0)
    options.n_players = (uint8_t) sample_players;
  for (guint64 g = 0; n < max; g++)
    {
      KsmRandom rng;
      KsmPosition pos;
      KsmMove moves[KSM_MAX_MOVES];
      ksm_random_seed (&rng, 77 + g);
      R->init (&pos, &options);
      for (int step = 0; pos.phase != KSM_PHASE_OVER && n < max; step++)
        {
          if (pos.phase == KSM_PHASE_THROW)
            {
              R->apply_throw (&pos, ksm_throw_sample (&R->throws, &rng, NULL));
              continue;
            }
          int count = R->legal_moves (&pos, moves);
          if (count > 2 && step % 9 == 0)
            out[n++] = pos;
          R->apply_move (&pos, &moves[ksm_random_below (&rng, (uint32_t) count)], NULL);
        }
    }
  return n;
}

static void
test_no_peeking (void)
{
  KsmPosition positions[24];
  int n_positions = sample_positions (positions, G_N_ELEMENTS (positions));

  for (int level = 0; level < KSM_N_LEVELS; level++)
    {
      KsmPlayerOptions options = { .level = level, .budget_ms = KSM_NO_CLOCK_MS };
      for (int i = 0; i < n_positions; i++)
        {
          KsmMove moves[KSM_MAX_MOVES];
          KsmRandom a, b, c;
          int n = R->legal_moves (&positions[i], moves);

          /* the same position and generator: the same choice */
          ksm_random_seed (&a, 5);
          ksm_random_seed (&b, 5);
          int first = ksm_player_choose_with (&options, &positions[i], moves, n, &a);
          int again = ksm_player_choose_with (&options, &positions[i], moves, n, &b);
          g_assert_cmpint (first, ==, again);
          g_assert_cmpmem (&a, sizeof a, &b, sizeof b);

          if (level >= KSM_LEVEL_MEDIUM)
            {
              /* whatever the generator holds, it is neither read nor used */
              ksm_random_seed (&c, 999 + (guint64) i);
              KsmRandom before = c;
              int other = ksm_player_choose_with (&options, &positions[i], moves, n, &c);
              g_assert_cmpint (other, ==, first);
              g_assert_cmpmem (&c, sizeof c, &before, sizeof before);
            }
        }
    }
}

typedef struct {
  const KsmPosition *positions;
  int                n;
  int                chosen[24];
} Batch;

static gpointer
decide_batch (gpointer data)
{
  Batch *batch = data;
  KsmPlayerOptions hard = { .level = KSM_LEVEL_HARD, .budget_ms = KSM_NO_CLOCK_MS };
  for (int i = 0; i < batch->n; i++)
    {
      KsmMove moves[KSM_MAX_MOVES];
      KsmRandom rng;
      ksm_random_seed (&rng, 1);
      int n = R->legal_moves (&batch->positions[i], moves);
      batch->chosen[i] = ksm_player_choose_with (&hard, &batch->positions[i], moves, n, &rng);
    }
  return NULL;
}

static void
test_threads (void)
{
  KsmPosition positions[24];
  int n = sample_positions (positions, G_N_ELEMENTS (positions));
  Batch serial = { positions, n, { 0 } }, batches[2] = { { positions, n, { 0 } },
                                                          { positions, n, { 0 } } };
  GThread *threads[2];

  decide_batch (&serial);
  for (int t = 0; t < 2; t++)
    threads[t] = g_thread_new ("decide", decide_batch, &batches[t]);
  for (int t = 0; t < 2; t++)
    {
      g_thread_join (threads[t]);
      g_assert_cmpmem (batches[t].chosen, sizeof (int) * n, serial.chosen, sizeof (int) * n);
    }
}

/* Asi Keliya positions where the mover's one waiting throw ends its turn,
 * so that the search's next chance node holds throws that earn another. */
static int
asi_turn_ends (const KsmRules *asi, KsmPosition *out, int max)
{
  KsmOptions options;
  int n = 0;

  asi->default_options (&options);
  for (guint64 g = 0; n < max; g++)
    {
      KsmRandom rng;
      KsmPosition pos;
      KsmMove moves[KSM_MAX_MOVES];
      ksm_random_seed (&rng, 300 + g);
      asi->init (&pos, &options);
      for (int step = 0; pos.phase != KSM_PHASE_OVER && n < max && step < 3000; step++)
        {
          if (pos.phase == KSM_PHASE_THROW)
            {
              asi->apply_throw (&pos, ksm_throw_sample (&asi->throws, &rng, NULL));
              continue;
            }
          int count = asi->legal_moves (&pos, moves);
          if (count > 1 && pos.u.asi.n_pending == 1 && !pos.u.asi.split && step % 5 == 0)
            out[n++] = pos;
          asi->apply_move (&pos, &moves[ksm_random_below (&rng, (uint32_t) count)], NULL);
        }
    }
  return n;
}

/* A throw that earns another leaves a chance node after a chance node;
 * every value the search gives is still a chance, 0 to 1, and Hard's
 * values are the same whoever of a team asks. */
static void
test_asi_search_chained_throws (void)
{
  const KsmRules *asi = ksm_rules_lookup ("asi-keliya");
  KsmPosition positions[20];
  int n_positions = asi_turn_ends (asi, positions, G_N_ELEMENTS (positions));

  for (int i = 0; i < n_positions; i++)
    {
      KsmMove moves[KSM_MAX_MOVES];
      double values[KSM_MAX_MOVES];
      KsmSearch search;
      int n = asi->legal_moves (&positions[i], moves);

      ksm_search_init (&search, &positions[i]);
      search.free_forced = 2;
      g_assert_true (ksm_search_root (&search, &positions[i], moves, n, 2, true, NULL, values));
      for (int m = 0; m < n; m++)
        {
          g_assert_cmpfloat (values[m], >=, 0.0);
          g_assert_cmpfloat (values[m], <=, 1.0);
        }
    }
}

/* Asi Keliya's evaluation is the team's: partners get the same chance, and
 * the two teams' chances add up to one. */
static void
test_asi_team_evaluation (void)
{
  const KsmRules *asi = ksm_rules_lookup ("asi-keliya");
  KsmPosition positions[20];
  int n_positions = asi_turn_ends (asi, positions, G_N_ELEMENTS (positions));
  bool differ = false;

  for (int i = 0; i < n_positions; i++)
    {
      const KsmPosition *pos = &positions[i];
      double south = asi->evaluate (pos, 0), east = asi->evaluate (pos, 1);
      g_assert_cmpfloat (south, >, 0.0);
      g_assert_cmpfloat (south, <, 1.0);
      g_assert_cmpfloat (fabs (south - asi->evaluate (pos, 2)), <, 1e-12);
      g_assert_cmpfloat (fabs (east - asi->evaluate (pos, 3)), <, 1e-12);
      g_assert_cmpfloat (fabs (south + east - 1.0), <, 1e-9);
      differ |= fabs (south - 0.5) > 0.05;
    }
  g_assert_true (differ);
}

/* Asi Keliya's board turns into itself a seat on: the same position with
 * every player's pieces handed to the next seat, and the next to move */
static KsmPosition
asi_seat_on (const KsmPosition *pos, int seats)
{
  KsmPosition turned = *pos;
  for (int p = 0; p < 4; p++)
    {
      memcpy (turned.u.asi.piece[(p + seats) % 4], pos->u.asi.piece[p], sizeof pos->u.asi.piece[p]);
      memcpy (turned.u.asi.bond[(p + seats) % 4], pos->u.asi.bond[p], sizeof pos->u.asi.bond[p]);
    }
  turned.to_move = (uint8_t) ((pos->to_move + seats) % 4);
  return turned;
}

static void
assert_medium_alike_a_seat_on (const KsmRules *asi, const KsmPosition *pos)
{
  KsmMove moves[KSM_MAX_MOVES], turned_moves[KSM_MAX_MOVES];
  double values[KSM_MAX_MOVES], turned_values[KSM_MAX_MOVES];
  int n = asi->legal_moves (pos, moves);

  ksm_player_medium_values (pos, moves, n, values);
  for (int seats = 1; seats < 4; seats++)
    {
      KsmPosition turned = asi_seat_on (pos, seats);
      g_assert_cmpint (asi->legal_moves (&turned, turned_moves), ==, n);
      ksm_player_medium_values (&turned, turned_moves, n, turned_values);
      for (int i = 0; i < n; i++)
        {
          KsmPosition after = *pos;
          asi->apply_move (&after, &moves[i], NULL);
          after = asi_seat_on (&after, seats);
          int twin = 0;
          for (; twin < n; twin++)
            {
              KsmPosition there = turned;
              asi->apply_move (&there, &turned_moves[twin], NULL);
              if (memcmp (&there, &after, sizeof after) == 0)
                break;
            }
          g_assert_cmpint (twin, <, n);
          g_assert_cmpfloat_with_epsilon (values[i], turned_values[twin], 1e-9);
        }
    }
}

/* Medium judges a move alike from every seat: every player's pieces on a
 * shared corner count, not only the first seat's there (which made West,
 * by a tenth of a piece a corner, judge a move otherwise than South). */
static void
test_asi_medium_every_seat (void)
{
  const KsmRules *asi = ksm_rules_lookup ("asi-keliya");
  KsmOptions options;
  KsmRandom throws, choices;
  int compared = 0;

  /* West takes two with the whole So-hatara onto a corner South holds */
  KsmPosition west;
  char error[KSM_ERROR_MAX] = "";
  g_assert_true (asi->parse_position ("asi-keliya S:9,14,19,19 E:h,h,h,h N:0,0,0,5 W:h,0,4,6 "
                                      "w play 5SS55S3 pool:30 69", &west, error, sizeof error));
  assert_medium_alike_a_seat_on (asi, &west);

  /* and every decision of a few games between Medium and Random */
  asi->default_options (&options);
  ksm_random_seed (&throws, 5);
  ksm_random_seed (&choices, 6);
  for (int game = 0; game < 6; game++)
    {
      KsmPosition pos;
      KsmMove moves[KSM_MAX_MOVES];
      asi->init (&pos, &options);
      while (pos.phase != KSM_PHASE_OVER)
        {
          if (pos.phase == KSM_PHASE_THROW)
            {
              asi->apply_throw (&pos, ksm_throw_sample (&asi->throws, &throws, NULL));
              continue;
            }
          int n = asi->legal_moves (&pos, moves);
          if (n > 1)
            {
              assert_medium_alike_a_seat_on (asi, &pos);
              compared++;
            }
          KsmLevel level = pos.to_move % 2 == 0 ? KSM_LEVEL_MEDIUM : KSM_LEVEL_RANDOM;
          asi->apply_move (&pos, &moves[ksm_player_choose (level, &pos, moves, n, &choices)], NULL);
        }
    }
  g_assert_cmpint (compared, >, 500);
}

/* Asi Keliya's Hard plays by rollouts on throws of its own, drawn from a
 * seed the position gives: the same position gets the same move whatever
 * the caller's generator holds, and the same move as a copy of it. Its
 * leaves' judge is the team's too. */
static void
test_asi_rollouts_deterministic (void)
{
  const KsmRules *asi = ksm_rules_lookup ("asi-keliya");
  KsmPosition positions[12];
  int n_positions = asi_turn_ends (asi, positions, G_N_ELEMENTS (positions));
  KsmPlayerOptions hard = { .level = KSM_LEVEL_HARD };

  g_assert_cmpint (asi->hard_rollouts, >, 0);
  for (int i = 0; i < n_positions; i++)
    {
      KsmMove moves[KSM_MAX_MOVES];
      KsmRandom a, b;
      KsmPosition copy = positions[i];
      int count = asi->legal_moves (&positions[i], moves);
      ksm_random_seed (&a, 1);
      ksm_random_seed (&b, 99);
      int first = ksm_player_choose_with (&hard, &positions[i], moves, count, &a);
      int again = ksm_player_choose_with (&hard, &copy, moves, count, &b);
      g_assert_cmpint (first, >=, 0);
      g_assert_cmpint (first, <, count);
      g_assert_cmpint (first, ==, again);

      double south = asi->hard_evaluate (&positions[i], 0), east = asi->hard_evaluate (&positions[i], 1);
      g_assert_cmpfloat (fabs (south - asi->hard_evaluate (&positions[i], 2)), <, 1e-12);
      g_assert_cmpfloat (fabs (south + east - 1.0), <, 1e-9);
    }
}

/* A single piece and a pair wait in hand: both entering moves are ranked,
 * by the hint and by each level, and entering the pair, which brings two
 * pieces on for one throw, is the better */
static void
test_asi_groups_ranked (void)
{
  const KsmRules *asi = ksm_rules_lookup ("asi-keliya");
  KsmPosition pos;
  KsmMove moves[KSM_MAX_MOVES];
  KsmHint hints[KSM_MAX_MOVES];
  char error[KSM_ERROR_MAX] = "";
  static const KsmLevel levels[] = { KSM_LEVEL_MEDIUM, KSM_LEVEL_HARD };

  g_assert_true (asi->parse_position ("asi-keliya S:h,h2,5 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 1 9",
                                      &pos, error, sizeof error));
  int n = asi->legal_moves (&pos, moves);
  g_assert_cmpint (n, ==, 3);
  for (gsize l = 0; l < G_N_ELEMENTS (levels); l++)
    {
      KsmPlayerOptions options = { .level = levels[l], .budget_ms = 10000 };
      double pair = -1, single = -1;
      char text[32];
      KsmRandom rng;

      g_assert_cmpint (ksm_player_rank (&options, &pos, moves, n, hints), ==, n);
      for (int i = 0; i < n; i++)
        {
          asi->format_move (&pos, &moves[hints[i].move], text, sizeof text);
          if (strcmp (text, "1:in2-S0") == 0)
            pair = hints[i].win_chance;
          else if (strcmp (text, "1:in1-S0") == 0)
            single = hints[i].win_chance;
        }
      g_assert_cmpfloat (pair, >=, 0);
      g_assert_cmpfloat (single, >=, 0);
      g_assert_cmpfloat (pair, >, single);
      ksm_random_seed (&rng, 3);
      int chosen = ksm_player_choose_with (&options, &pos, moves, n, &rng);
      asi->format_move (&pos, &moves[chosen], text, sizeof text);
      g_assert_cmpstr (text, ==, "1:in2-S0");
    }
}

/* With a node budget the search is cut short the same way every time; Hard
 * still picks one of the moves, and always the same. */
static void
test_hard_cut_short (void)
{
  KsmPosition positions[24];
  int n = sample_positions (positions, G_N_ELEMENTS (positions));

  for (int i = 0; i < n; i++)
    {
      KsmPlayerOptions hard = { .level = KSM_LEVEL_HARD, .budget_ms = KSM_NO_CLOCK_MS, .max_nodes = 300 };
      KsmMove moves[KSM_MAX_MOVES];
      KsmRandom rng;
      ksm_random_seed (&rng, 1);
      int count = R->legal_moves (&positions[i], moves);
      int first = ksm_player_choose_with (&hard, &positions[i], moves, count, &rng);
      int again = ksm_player_choose_with (&hard, &positions[i], moves, count, &rng);
      g_assert_cmpint (first, >=, 0);
      g_assert_cmpint (first, <, count);
      g_assert_cmpint (first, ==, again);
    }
}

/* Expert judges the leaves of Hard's search by the game's learnt model:
 * one decision deep, a move's chance is the model's of the position it
 * leaves, the two sides' chances add up to one, and somewhere the model
 * ranks the moves otherwise than Hard's evaluation. Every game listed has a
 * model, Ashte Kashte's with two players. */
static void
test_expert_model (void)
{
  static const char *const with_model[] = { "kasimala", "ashte-kashte" };
  const KsmRules *kasimala = R;

  for (gsize g = 0; g < G_N_ELEMENTS (with_model); g++)
    {
      KsmPosition positions[24];
      int ranked_otherwise = 0;

      R = ksm_rules_lookup (with_model[g]);
      g_assert_nonnull (R);
      g_assert_cmpint (R->expert_n_features, >, 0);
      g_assert_cmpint (R->expert_n_features, <=, KSM_EXPERT_MAX_FEATURES);
      sample_players = 2;
      int n = sample_positions (positions, G_N_ELEMENTS (positions));
      for (int i = 0; i < n; i++)
        {
          KsmPlayerOptions expert = { .level = KSM_LEVEL_EXPERT, .depth = 1,
                                      .budget_ms = KSM_NO_CLOCK_MS };
          KsmPlayerOptions hard = expert;
          KsmMove moves[KSM_MAX_MOVES];
          KsmHint by_expert[KSM_MAX_MOVES], by_hard[KSM_MAX_MOVES];
          int count = R->legal_moves (&positions[i], moves);
          int me = positions[i].to_move;

          hard.level = KSM_LEVEL_HARD;
          ksm_player_rank (&expert, &positions[i], moves, count, by_expert);
          ksm_player_rank (&hard, &positions[i], moves, count, by_hard);
          for (int k = 0; k < count; k++)
            {
              KsmPosition after = positions[i];
              R->apply_move (&after, &moves[by_expert[k].move], NULL);
              double mine = ksm_search_expert_chance (R, &after, me, me);
              double theirs = ksm_search_expert_chance (R, &after, 1 - me, 1 - me);
              g_assert_cmpfloat_with_epsilon (by_expert[k].win_chance, mine, 1e-9);
              g_assert_cmpfloat_with_epsilon (mine + theirs, 1.0, 1e-6);
            }
          ranked_otherwise += by_expert[0].move != by_hard[0].move;
        }
      g_test_message ("%s: the model's best differs from Hard's evaluation's in %d of %d",
                      R->id, ranked_otherwise, n);
      g_assert_cmpint (ranked_otherwise, >, 0);

      /* with more players, each seat's chance is a chance all the same */
      sample_players = 0;
      n = sample_positions (positions, G_N_ELEMENTS (positions));
      for (int i = 0; i < n; i++)
        for (int p = 0; p < R->n_players (&positions[i].options); p++)
          {
            int team = R->team_of (&positions[i].options, p);
            double chance = ksm_search_expert_chance (R, &positions[i], p, team);
            g_assert_true (chance > 0.0 && chance < 1.0);
          }
    }
  R = kasimala;
}

/* The hints (asked without options), the tutor and the analysis judge
 * alike: by the strongest level, Expert, on its own fixed work and no
 * clock, which ranks otherwise than Hard somewhere; and the best value
 * alone, which the analysis asks of the faces not thrown, is the ranking's
 * first where both search as deep. */
static void
test_judge_is_expert (void)
{
  KsmPosition positions[24];
  int n = sample_positions (positions, G_N_ELEMENTS (positions));
  int unlike_hard = 0;

  g_assert_cmpint (KSM_JUDGE_LEVEL, ==, KSM_LEVEL_EXPERT);
  for (int i = 0; i < n; i++)
    {
      KsmPlayerOptions expert = { .level = KSM_LEVEL_EXPERT, .budget_ms = KSM_NO_CLOCK_MS };
      KsmPlayerOptions hard = expert, uncut = expert;
      KsmMove moves[KSM_MAX_MOVES];
      KsmHint by_default[KSM_MAX_MOVES], by_expert[KSM_MAX_MOVES], by_hard[KSM_MAX_MOVES];
      KsmHint by_analysis[KSM_MAX_MOVES], by_uncut[KSM_MAX_MOVES];
      int count = R->legal_moves (&positions[i], moves);

      hard.level = KSM_LEVEL_HARD;
      uncut.max_nodes = -1;
      ksm_player_rank (NULL, &positions[i], moves, count, by_default);
      ksm_player_rank (&expert, &positions[i], moves, count, by_expert);
      ksm_player_rank (&hard, &positions[i], moves, count, by_hard);
      ksm_analysis_rank (NULL, &positions[i], moves, count, by_analysis);
      for (int k = 0; k < count; k++)
        {
          g_assert_cmpint (by_default[k].move, ==, by_expert[k].move);
          g_assert_cmpfloat (by_default[k].win_chance, ==, by_expert[k].win_chance);
          g_assert_cmpint (by_analysis[k].move, ==, by_expert[k].move);
          g_assert_cmpfloat (by_analysis[k].win_chance, ==, by_expert[k].win_chance);
        }
      for (int k = 0; k < count; k++)
        if (by_default[k].move != by_hard[k].move
            || fabs (by_default[k].win_chance - by_hard[k].win_chance) > 1e-9)
          {
            unlike_hard++;
            break;
          }

      ksm_player_rank (&uncut, &positions[i], moves, count, by_uncut);
      g_assert_cmpfloat_with_epsilon (ksm_player_best_chance (&uncut, &positions[i], moves, count),
                                      by_uncut[0].win_chance, 1e-9);
    }
  g_test_message ("the judge ranks otherwise than Hard in %d of %d", unlike_hard, n);
  g_assert_cmpint (unlike_hard, >, 0);
}

/* A game without a learnt model gets Expert all the same: Hard, rollouts
 * and all, move for move, on the game's own number of rollouts for Expert
 * where it sets one (KsmRules.expert_rollouts), which then chooses
 * otherwise than Hard somewhere. */
static void
test_expert_without_model (void)
{
  const KsmRules *kasimala = R;
  int games = 0;

  for (unsigned g = 0; g < ksm_rules_n_games (); g++)
    {
      R = ksm_rules_nth (g);
      if (R->expert_n_features > 0)
        continue;
      games++;

      KsmPosition positions[24];
      int n = sample_positions (positions, G_N_ELEMENTS (positions));
      int unlike_hard = 0;
      for (int i = 0; i < n; i++)
        {
          KsmMove moves[KSM_MAX_MOVES];
          KsmRandom a, b, c;
          KsmPlayerOptions expert = { .level = KSM_LEVEL_EXPERT };
          KsmPlayerOptions hard = { .level = KSM_LEVEL_HARD,
                                    .rollouts = R->expert_rollouts,
                                    .candidates = R->expert_candidates,
                                    .screen = R->expert_screen };
          int count = R->legal_moves (&positions[i], moves);
          ksm_random_seed (&a, 3);
          ksm_random_seed (&b, 3);
          ksm_random_seed (&c, 3);
          int by_expert = ksm_player_choose_with (&expert, &positions[i], moves, count, &a);
          g_assert_cmpint (by_expert, ==,
                           ksm_player_choose_with (&hard, &positions[i], moves, count, &b));
          if (by_expert != ksm_player_choose (KSM_LEVEL_HARD, &positions[i], moves, count, &c))
            unlike_hard++;
        }
      g_test_message ("%s: Expert chooses otherwise than Hard in %d of %d", R->id, unlike_hard, n);
      /* and the new-game page says so */
      g_assert_cmpstr (ksm_level_way (KSM_LEVEL_EXPERT, R), ==,
                       R->expert_rollouts > 0 ? "expert-rollouts"
                       : R->hard_rollouts > 0 ? "hard-rollouts" : "hard");
      g_assert_cmpstr (ksm_level_way (KSM_LEVEL_HARD, R), ==, R->hard_rollouts > 0 ? "hard-rollouts" : "hard");
      if (R->expert_rollouts > 0)
        {
          g_assert_cmpint (R->hard_rollouts, >, 0);
          g_assert_cmpint (R->expert_rollouts, >, R->hard_rollouts);
          g_assert_cmpint (unlike_hard, >, 0);
        }
      else
        g_assert_cmpint (unlike_hard, ==, 0);
    }
  R = kasimala;
  g_assert_cmpstr (ksm_level_way (KSM_LEVEL_EXPERT, R), ==, "expert");
  g_assert_cmpstr (ksm_level_way (KSM_LEVEL_HARD, R), ==, "hard");
  g_assert_cmpstr (ksm_level_way (KSM_LEVEL_MEDIUM, R), ==, "medium");
  g_test_message ("%d games without a model", games);
  g_assert_cmpint (games, >, 0);
}

/* Rollouts with plans: where the mover holds more throws of its turn, the
 * ends of the turn's best plans are rolled out instead of Medium's best
 * moves, which changes some choices there and none anywhere else. */
static void
test_rollouts_plan_the_turn (void)
{
  const KsmRules *kasimala = R;
  R = ksm_rules_lookup ("asi-keliya");
  g_assert_nonnull (R);

  KsmPosition positions[40];
  int n = sample_positions (positions, G_N_ELEMENTS (positions));
  int goes_on = 0, unlike = 0;
  for (int i = 0; i < n; i++)
    {
      KsmMove moves[KSM_MAX_MOVES];
      KsmRandom a, b;
      KsmPlayerOptions moves_only = { .level = KSM_LEVEL_HARD };
      KsmPlayerOptions planned = { .level = KSM_LEVEL_HARD, .plans = 4 };
      int count = R->legal_moves (&positions[i], moves);
      bool turn_goes_on = false;
      for (int m = 0; m < count; m++)
        {
          KsmPosition after = positions[i];
          R->apply_move (&after, &moves[m], NULL);
          if (after.phase == KSM_PHASE_MOVE && after.to_move == positions[i].to_move)
            turn_goes_on = true;
        }
      ksm_random_seed (&a, 3);
      ksm_random_seed (&b, 3);
      int by_moves = ksm_player_choose_with (&moves_only, &positions[i], moves, count, &a);
      int by_plans = ksm_player_choose_with (&planned, &positions[i], moves, count, &b);
      g_assert_cmpint (by_plans, >=, 0);
      g_assert_cmpint (by_plans, <, count);
      if (!turn_goes_on)
        g_assert_cmpint (by_plans, ==, by_moves);
      else
        {
          goes_on++;
          unlike += by_plans != by_moves;
        }
    }
  g_test_message ("the turn goes on in %d of %d positions; plans choose otherwise in %d",
                  goes_on, n, unlike);
  g_assert_cmpint (goes_on, >, 0);
  g_assert_cmpint (goes_on, <, n);
  g_assert_cmpint (unlike, >, 0);
  R = kasimala;
}

/* With a screen, every move is rolled out `screen` times first and the
 * candidates are the best by those, not Medium's: the move played is the
 * best over the whole series of the best by the screen, the means are the
 * whole series' for those and the screen's for the rest (the screen's
 * rollouts are the series' first), and somewhere it is a move better by
 * the whole series than any of Medium's best few. Where no more moves
 * are open than candidates, every move is rolled out whole, as without a
 * screen. */
static void
test_rollouts_screen (void)
{
  const KsmRules *kasimala = R;
  R = ksm_rules_lookup ("asi-keliya");
  g_assert_nonnull (R);

  KsmPosition positions[40];
  int n = sample_positions (positions, G_N_ELEMENTS (positions));
  int many = 0, beyond_medium = 0;
  const int candidates = 3, screen = 4, series = 12;
  for (int i = 0; i < n; i++)
    {
      KsmMove moves[KSM_MAX_MOVES];
      double by_screen[KSM_MAX_MOVES], whole[KSM_MAX_MOVES], medium[KSM_MAX_MOVES];
      double means[KSM_MAX_MOVES];
      KsmRandom rng;
      int count = R->legal_moves (&positions[i], moves);
      KsmPlayerOptions screened = { .level = KSM_LEVEL_HARD, .rollouts = series,
                                    .candidates = candidates, .screen = screen };
      KsmPlayerOptions screen_only = { .level = KSM_LEVEL_HARD, .rollouts = screen,
                                       .candidates = count };
      KsmPlayerOptions all_whole = { .level = KSM_LEVEL_HARD, .rollouts = series,
                                     .candidates = count };
      KsmPlayerOptions mediums_best = { .level = KSM_LEVEL_HARD, .rollouts = series,
                                        .candidates = candidates };

      ksm_random_seed (&rng, 3);
      int chosen = ksm_player_choose_with (&screened, &positions[i], moves, count, &rng);
      ksm_player_rollout_values (&screened, &positions[i], moves, count, means);
      ksm_player_rollout_values (&screen_only, &positions[i], moves, count, by_screen);
      ksm_player_rollout_values (&all_whole, &positions[i], moves, count, whole);
      ksm_player_rollout_values (&mediums_best, &positions[i], moves, count, medium);
      if (by_screen[0] < 0)
        continue;   /* a move ends the game: taken, nothing rolled out */
      if (count <= candidates)
        {
          for (int m = 0; m < count; m++)
            g_assert_cmpfloat_with_epsilon (means[m], whole[m], 1e-12);
          continue;
        }
      many++;

      /* the candidates: rolled out whole, and none worse by the screen
       * than a move rolled out only for it (moves that lead to the same
       * position share their means) */
      int n_whole = 0;
      double worst_kept = 2, best_left = -1;
      for (int m = 0; m < count; m++)
        {
          bool kept = fabs (means[m] - whole[m]) < 1e-12;
          g_assert_true (kept || fabs (means[m] - by_screen[m]) < 1e-12);
          if (kept)
            {
              n_whole++;
              worst_kept = MIN (worst_kept, by_screen[m]);
            }
          else
            best_left = MAX (best_left, by_screen[m]);
        }
      g_assert_cmpint (n_whole, >=, candidates);
      g_assert_cmpfloat (worst_kept, >=, best_left);

      /* the best of them by the whole series is played */
      g_assert_cmpfloat_with_epsilon (means[chosen], whole[chosen], 1e-12);
      for (int m = 0; m < count; m++)
        if (fabs (means[m] - whole[m]) < 1e-12)
          g_assert_cmpfloat (whole[chosen], >=, whole[m]);

      bool better_than_mediums = true;
      for (int m = 0; m < count; m++)
        if (medium[m] >= 0 && medium[m] >= whole[chosen] - 1e-12)
          better_than_mediums = false;
      beyond_medium += better_than_mediums;
    }
  g_test_message ("%d of %d positions have more moves than candidates; in %d the screen plays "
                  "a move better than Medium's best", many, n, beyond_medium);
  g_assert_cmpint (many, >, 0);
  g_assert_cmpint (beyond_medium, >, 0);
  R = kasimala;
}

/* A learnt policy plays Asi Keliya's rollouts where it is given, seeing
 * each move by its features: the same moves are rolled out as with
 * Medium, to other ends, and Hard with it plays the best of them. */
static void
test_rollouts_policy (void)
{
  const KsmRules *kasimala = R;
  KsmPosition positions[40];
  KsmMove moves[KSM_MAX_MOVES];
  float features[KSM_MAX_MOVES * KSM_POLICY_N_WEIGHTS (KSM_POLICY_MAX_FEATURES)];
  int n, unlike_medium = 0, goes_on = 0, rolled_out = 0;

  n = sample_positions (positions, 1);
  g_assert_false (ksm_player_policy_features (&positions[0], moves,
                                              R->legal_moves (&positions[0], moves), features));
  R = ksm_rules_lookup ("asi-keliya");
  g_assert_nonnull (R->policy_features);
  g_assert_cmpint (R->policy_n_features, ==, KSM_ASI_POLICY_N_FEATURES);
  g_assert_cmpint (R->policy_n_features, <=, KSM_POLICY_MAX_FEATURES);
  int n_weights = KSM_POLICY_N_WEIGHTS (R->policy_n_features), half = n_weights / 2;

  n = sample_positions (positions, G_N_ELEMENTS (positions));
  for (int i = 0; i < n; i++)
    {
      const KsmPosition *pos = &positions[i];
      int count = R->legal_moves (pos, moves);
      if (!ksm_player_policy_features (pos, moves, count, features))
        continue;
      for (int m = 0; m < count; m++)
        {
          const float *f = features + m * n_weights;
          KsmPosition after = *pos;
          double own[KSM_ASI_N_FEATURES];
          KsmEffect effect;
          R->apply_move (&after, &moves[m], &effect);
          bool turn_goes_on = after.phase == KSM_PHASE_MOVE && after.to_move == pos->to_move;
          goes_on += turn_goes_on;
          g_assert_cmpfloat (f[2], ==, effect.captured);
          g_assert_cmpfloat (f[3], ==, turn_goes_on ? 1 : 0);
          /* inside a turn nothing is thrown next */
          if (turn_goes_on)
            g_assert_cmpfloat (f[1], ==, 0);
          g_assert_true (ksm_asi_features (&after, pos->to_move, own));
          for (int k = 0; k < KSM_ASI_N_FEATURES; k++)
            g_assert_cmpfloat_with_epsilon (f[KSM_POLICY_MOVE_FEATURES + k], own[k], 1e-5);
          /* the evaluation's chance, which Medium weighs */
          g_assert_cmpfloat_with_epsilon (f[half - 1], R->evaluate (&after, pos->to_move), 1e-5);
          for (int k = 0; k < half; k++)
            g_assert_cmpfloat (f[half + k], ==, turn_goes_on ? f[k] : 0);
        }

      KsmPlayerOptions by_medium = { .level = KSM_LEVEL_HARD, .rollouts = R->expert_rollouts };
      KsmPlayerOptions by_policy = by_medium;
      double medium_values[KSM_MAX_MOVES], policy_values[KSM_MAX_MOVES];
      by_policy.policy_weights = ksm_asi_keliya_policy_weights;
      ksm_player_rollout_values (&by_medium, pos, moves, count, medium_values);
      ksm_player_rollout_values (&by_policy, pos, moves, count, policy_values);
      int best = -1, rolled = 0;
      for (int m = 0; m < count; m++)
        {
          /* the same moves rolled out, Medium's best */
          g_assert_cmpint (medium_values[m] >= 0, ==, policy_values[m] >= 0);
          if (policy_values[m] < 0)
            continue;
          rolled++;
          g_assert_cmpfloat (policy_values[m], <=, 1);
          if (best < 0 || policy_values[m] > policy_values[best])
            best = m;
          unlike_medium += policy_values[m] != medium_values[m];
        }
      g_assert_cmpint (rolled, ==, MIN (count, R->hard_candidates));
      rolled_out++;
      /* what Hard with the policy plays is a move its rollouts rate best
       * (moves that lead alike tie) */
      KsmRandom rng;
      ksm_random_seed (&rng, 1);
      int chosen = ksm_player_choose_with (&by_policy, pos, moves, count, &rng);
      g_assert_cmpfloat (policy_values[chosen], ==, policy_values[best]);
    }
  g_test_message ("%d positions rolled out, %d moves inside a turn, %d rollouts' means unlike Medium's",
                  rolled_out, goes_on, unlike_medium);
  g_assert_cmpint (rolled_out, >, n / 2);
  g_assert_cmpint (goes_on, >, 0);
  g_assert_cmpint (unlike_medium, >, 0);
  R = kasimala;
}

/* The features' first is the evaluation's logit, counted once with the rest */
static void
test_asi_features_logit (void)
{
  const KsmRules *kasimala = R;
  KsmPosition positions[60];
  R = ksm_rules_lookup ("asi-keliya");
  int n = sample_positions (positions, G_N_ELEMENTS (positions));
  for (int i = 0; i < n; i++)
    for (int player = 0; player < R->n_players (&positions[i].options); player++)
      {
        double f[KSM_ASI_N_FEATURES];
        double p = R->evaluate (&positions[i], player);
        g_assert_true (ksm_asi_features (&positions[i], player, f));
        g_assert_cmpfloat_with_epsilon (f[0], log (p / (1 - p)), 1e-6);
      }
  R = kasimala;
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  R = ksm_rules_lookup ("kasimala");

  g_test_add_func ("/players/levels", test_levels);
  g_test_add_func ("/players/easy/captures", test_easy_captures);
  g_test_add_func ("/players/easy/laigas", test_easy_laigas);
  g_test_add_func ("/players/medium/avoids-exposure", test_medium_avoids_exposure);
  g_test_add_func ("/players/hints", test_hints);
  g_test_add_func ("/players/no-peeking", test_no_peeking);
  g_test_add_func ("/players/threads", test_threads);
  g_test_add_func ("/players/hard/beats-random", test_hard_beats_random);
  g_test_add_func ("/players/hard/cut-short", test_hard_cut_short);
  g_test_add_func ("/players/expert/model", test_expert_model);
  g_test_add_func ("/players/expert/without-model", test_expert_without_model);
  g_test_add_func ("/players/rollouts/plan-the-turn", test_rollouts_plan_the_turn);
  g_test_add_func ("/players/rollouts/policy", test_rollouts_policy);
  g_test_add_func ("/players/rollouts/screen", test_rollouts_screen);
  g_test_add_func ("/players/asi/features-logit", test_asi_features_logit);
  g_test_add_func ("/players/judge/expert", test_judge_is_expert);
  g_test_add_func ("/players/asi/search-chained-throws", test_asi_search_chained_throws);
  g_test_add_func ("/players/asi/team-evaluation", test_asi_team_evaluation);
  g_test_add_func ("/players/asi/medium-every-seat", test_asi_medium_every_seat);
  g_test_add_func ("/players/asi/rollouts-deterministic", test_asi_rollouts_deterministic);
  g_test_add_func ("/players/asi/groups-ranked", test_asi_groups_ranked);
  return g_test_run ();
}
