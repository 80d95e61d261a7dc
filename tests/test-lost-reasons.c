/* test-lost-reasons.c: why a throw is lost, game by game: for each reason
 * a game can give, a position written in its notation (doc/notation.md)
 * whose only move is to lose the throw for that reason; whose pieces block
 * a blocked one; and, over seeded random games, that every lost throw has
 * a reason the game can give and no playable throw has one. */
#include <glib.h>

#include "ksm-random.h"
#include "ksm-rules.h"

#define BIT(reason) (1u << (reason))

typedef struct {
  const char *position;
  KsmLostReason reason;
  unsigned reasons;   /* every reason that holds a piece back */
  int blocker;        /* whose pieces hold the landing cells, or -1 */
} LostCase;

static KsmPosition
parse (const KsmRules *rules, const char *text)
{
  KsmPosition pos;
  char error[KSM_ERROR_MAX] = "";

  if (!rules->parse_position (text, &pos, error, sizeof error))
    g_error ("the engine refuses \"%s\": %s", text, error);
  return pos;
}

static void
assert_cases (const char *rules_id, const LostCase *cases, gsize n)
{
  const KsmRules *rules = ksm_rules_lookup (rules_id);

  g_assert_nonnull (rules);
  for (gsize i = 0; i < n; i++)
    {
      KsmPosition pos = parse (rules, cases[i].position);
      KsmMove moves[KSM_MAX_MOVES];

      g_test_message ("%s", cases[i].position);
      g_assert_cmpint (rules->legal_moves (&pos, moves), ==, 1);
      g_assert_cmpint (moves[0].kind, ==, KSM_MOVE_LOSE);
      g_assert_cmpint (ksm_rules_lost_reason (rules, &pos), ==, cases[i].reason);
      g_assert_cmphex (ksm_rules_lost_reasons (rules, &pos), ==, cases[i].reasons);
      g_assert_cmpint (ksm_rules_lost_blocker (rules, &pos), ==, cases[i].blocker);
    }
}

/* a throw that can be played has no reason, and nobody blocks it */
static void
assert_playable (const char *rules_id, const char *position)
{
  const KsmRules *rules = ksm_rules_lookup (rules_id);
  KsmPosition pos = parse (rules, position);

  g_assert_cmpint (ksm_rules_lost_reason (rules, &pos), ==, KSM_LOST_NONE);
  g_assert_cmphex (ksm_rules_lost_reasons (rules, &pos), ==, 0);
  g_assert_cmpint (ksm_rules_lost_blocker (rules, &pos), ==, -1);
}

/* Kasimala: a kasi starts a piece (kasi-starts), and only a laiga the other
 * side holds stops a move (safe-laigas) */
static void
test_kasimala (void)
{
  static const LostCase cases[] = {
    /* a dwadi while every brick waits for a kasi */
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b 2 1 0/0",
      KSM_LOST_NEEDS_ENTRY, BIT (KSM_LOST_NEEDS_ENTRY), -1 },
    /* the kasi must start B17 onto M17, a laiga the stones hold */
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................s T:.SSSSSSSSSSSSSSSS b 1 1 0/0",
      KSM_LOST_BLOCKED, BIT (KSM_LOST_BLOCKED), 1 },
    /* the brick on M11 would land on M9, a laiga the stone holds */
    { "kasimala 17 B:................. M:........s.b...... T:................. b 2 40 16/16",
      KSM_LOST_BLOCKED, BIT (KSM_LOST_BLOCKED), 1 },
    /* the stone on M7 would land on M9, a laiga the brick holds */
    { "kasimala 17 B:................. M:......s.b........ T:................. s 2 40 16/16",
      KSM_LOST_BLOCKED, BIT (KSM_LOST_BLOCKED), 0 },
    /* without kasi-starts any throw starts the next piece, which a laiga stops */
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................s T:.SSSSSSSSSSSSSSSS b 1 1 0/0 kasi-starts=off",
      KSM_LOST_BLOCKED, BIT (KSM_LOST_BLOCKED), 1 },
    /* a brick waits for a kasi and the started one is blocked */
    { "kasimala 17 B:B................ M:........s.b...... T:................. b 2 40 15/16",
      KSM_LOST_SEVERAL, BIT (KSM_LOST_NEEDS_ENTRY) | BIT (KSM_LOST_BLOCKED), 1 },
  };

  assert_cases ("kasimala", cases, G_N_ELEMENTS (cases));
  /* a laiga stops nothing once laigas are ordinary cells */
  assert_playable ("kasimala", "kasimala 17 B:................. M:........s.b...... T:................. b 2 40 16/16 safe-laigas=off");
  assert_playable ("kasimala", "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b 1 1 0/0");
}

/* Ashte Kashte: grace (a 4 or an 8 enters), the exact count to the
 * centre and the blood rule */
static void
test_ashte_kashte (void)
{
  static const LostCase cases[] = {
    { "ashte-kashte 2 R:x,x,x,x G:x,x,x,x blood:- r 2 5 grace=on",
      KSM_LOST_NEEDS_ENTRY, BIT (KSM_LOST_NEEDS_ENTRY), -1 },
    { "ashte-kashte 2 R:46,48,48,48 G:0,0,0,0 blood:R r 3 5",
      KSM_LOST_OVERSHOOT, BIT (KSM_LOST_OVERSHOOT), -1 },
    { "ashte-kashte 2 R:21,21,21,21 G:0,0,0,0 blood:- r 4 5",
      KSM_LOST_NEEDS_BLOOD, BIT (KSM_LOST_NEEDS_BLOOD), -1 },
    { "ashte-kashte 2 R:x,x,x,21 G:x,x,x,x blood:- r 3 5 grace=on",
      KSM_LOST_SEVERAL, BIT (KSM_LOST_NEEDS_ENTRY) | BIT (KSM_LOST_NEEDS_BLOOD), -1 },
    { "ashte-kashte 2 R:x,x,46,48 G:x,x,x,x blood:R r 3 5 grace=on",
      KSM_LOST_SEVERAL, BIT (KSM_LOST_NEEDS_ENTRY) | BIT (KSM_LOST_OVERSHOOT), -1 },
  };

  assert_cases ("ashte-kashte", cases, G_N_ELEMENTS (cases));
  assert_playable ("ashte-kashte", "ashte-kashte 2 R:0,0,0,3 G:0,0,0,18 blood:- r 3 5");
}

/* Asi Keliya: entering on a 1 or a 5, the home row one cell at a time, no
 * passing the other team without a So-hatara, and a throw of 0 */
static void
test_asi_keliya (void)
{
  static const LostCase cases[] = {
    { "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 3 1",
      KSM_LOST_NEEDS_ENTRY, BIT (KSM_LOST_NEEDS_ENTRY), -1 },
    /* past the home row's first cell, and on it only a 1 moves */
    { "asi-keliya S:H,H,H,42 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 3 1",
      KSM_LOST_OVERSHOOT, BIT (KSM_LOST_OVERSHOOT), -1 },
    { "asi-keliya S:H,H,H,44 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 2 1",
      KSM_LOST_OVERSHOOT, BIT (KSM_LOST_OVERSHOOT), -1 },
    /* South's piece on Sn4 would pass East's on Sn3... */
    { "asi-keliya S:H,H,H,5 E:h,h,h,37 N:h,h,h,h W:h,h,h,h s play 3 1",
      KSM_LOST_NO_PASSING, BIT (KSM_LOST_NO_PASSING), -1 },
    /* ...and the pieces in hand need a 1 or a 5 */
    { "asi-keliya S:h,h,h,5 E:h,h,h,37 N:h,h,h,h W:h,h,h,h s play 3 1",
      KSM_LOST_SEVERAL, BIT (KSM_LOST_NEEDS_ENTRY) | BIT (KSM_LOST_NO_PASSING), -1 },
    /* a turn that threw a 0 alone holds nothing to play: not "nothing to move" */
    { "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play - 1",
      KSM_LOST_NO_COUNT, BIT (KSM_LOST_NO_COUNT), -1 },
  };

  assert_cases ("asi-keliya", cases, G_N_ELEMENTS (cases));
  assert_playable ("asi-keliya", "asi-keliya S:h,h,h,5 E:h,h,h,37 N:h,h,h,h W:h,h,h,h s play 2 1");
  /* without the passing rule the piece passes */
  assert_playable ("asi-keliya", "asi-keliya S:H,H,H,5 E:h,h,h,37 N:h,h,h,h W:h,h,h,h s play 3 1 passing=off");
}

/* The reasons each game can give, and whether "nothing to move" can come
 * in play (Asi Keliya: a So-hatara's pool left when the last piece is home) */
typedef struct {
  const char *rules_id;
  unsigned    possible;
} GameReasons;

/* Random games to their end: a throw is lost exactly when a reason is
 * given, every reason given is one the game can give, and "nothing to
 * move" only where every piece of the player to move is home. */
static void
test_random_games (void)
{
  static const GameReasons games[] = {
    { "kasimala", BIT (KSM_LOST_NEEDS_ENTRY) | BIT (KSM_LOST_BLOCKED) },
    { "ashte-kashte", BIT (KSM_LOST_NEEDS_ENTRY) | BIT (KSM_LOST_OVERSHOOT) | BIT (KSM_LOST_NEEDS_BLOOD) },
    { "asi-keliya", BIT (KSM_LOST_NEEDS_ENTRY) | BIT (KSM_LOST_OVERSHOOT) | BIT (KSM_LOST_NO_PASSING)
                    | BIT (KSM_LOST_NO_COUNT) | BIT (KSM_LOST_NOTHING_TO_MOVE) },
  };

  for (gsize g = 0; g < G_N_ELEMENTS (games); g++)
    {
      const KsmRules *rules = ksm_rules_lookup (games[g].rules_id);
      unsigned seen = 0;

      for (guint64 seed = 1; seed <= 6; seed++)
        {
          KsmOptions options;
          KsmPosition pos;
          KsmRandom rng;
          KsmMove moves[KSM_MAX_MOVES];

          rules->default_options (&options);
          /* grace too, so tokens wait off the board */
          if (seed % 2 == 0 && options.game == KSM_GAME_ASHTE_KASHTE)
            options.flags |= KSM_OPT_ASHTE_GRACE;
          ksm_random_seed (&rng, seed);
          rules->init (&pos, &options);
          for (int turn = 0; pos.phase != KSM_PHASE_OVER && turn < 20000; turn++)
            {
              if (pos.phase == KSM_PHASE_THROW)
                {
                  guint32 pattern;
                  rules->apply_throw (&pos, ksm_throw_sample (&rules->throws, &rng, &pattern));
                  continue;
                }
              int n = rules->legal_moves (&pos, moves);
              unsigned reasons = ksm_rules_lost_reasons (rules, &pos);
              gboolean lost = n == 1 && moves[0].kind == KSM_MOVE_LOSE;

              g_assert_cmpint (lost, ==, reasons != 0);
              g_assert_cmphex (reasons & ~games[g].possible, ==, 0);
              if (reasons & BIT (KSM_LOST_NOTHING_TO_MOVE))
                {
                  int goal = -1;
                  KsmCellContent home;
                  for (int c = 0; c < rules->n_cells (&pos.options) && goal < 0; c++)
                    if (rules->cell_flags (&pos.options, c) & KSM_CELL_GOAL)
                      goal = c;
                  g_assert_cmpint (goal, >=, 0);
                  rules->cell_content (&pos, goal, &home);
                  g_assert_cmpint (home.counts[pos.to_move], ==, rules->pieces_left (&pos, pos.to_move));
                }
              seen |= reasons;
              rules->apply_move (&pos, &moves[ksm_random_below (&rng, (guint32) n)], NULL);
            }
        }
      g_test_message ("%s: reasons seen 0x%x", games[g].rules_id, seen);
      /* the common ones come in any game */
      g_assert_true (seen & BIT (KSM_LOST_NEEDS_ENTRY));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lost-reasons/kasimala", test_kasimala);
  g_test_add_func ("/lost-reasons/ashte-kashte", test_ashte_kashte);
  g_test_add_func ("/lost-reasons/asi-keliya", test_asi_keliya);
  g_test_add_func ("/lost-reasons/random-games", test_random_games);
  return g_test_run ();
}
