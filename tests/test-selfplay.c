/* test-selfplay.c: thousands of seeded random games, every event checked.
 *
 * After each throw and each move: every side's pieces on the board plus the
 * pieces it has lost (counted here from the effects) make L; pieces_left
 * agrees; no cell holds both sides; the rules that can be seen from outside
 * hold (a kasi must start, only chya and ngha throw again, no landing on a
 * laiga the other side holds); and every few events the position and every
 * legal move survive a trip through the notation. Every game must end.
 */
#include <glib.h>
#include <string.h>

#include "ksm-player.h"
#include "ksm-random.h"
#include "ksm-rules.h"

static const KsmRules *R;

typedef struct {
  int length;
  uint32_t flags;
  uint16_t limit;
  int games;
  uint64_t seed;
} Config;

typedef struct {
  long games, events, throws;
  long wins[2], draws, gulmasi, by_limit;
} Stats;

static char *
describe (const KsmPosition *pos)
{
  char buf[KSM_NOTATION_MAX];
  if (R->format_position (pos, buf, sizeof buf) < 0)
    return g_strdup ("(unformattable)");
  return g_strdup (buf);
}

/* The board through cell_content: pieces per side, and checks per cell. */
static void
count_board (const KsmPosition *pos, int on_board[2], int waiting[2])
{
  const KsmOptions *o = &pos->options;
  int n = R->n_cells (o);
  int L = o->length;

  g_assert_cmpint (n, ==, 3 * L);
  on_board[0] = on_board[1] = 0;
  waiting[0] = waiting[1] = 0;
  for (int i = 0; i < n; i++)
    {
      KsmCellContent c;
      char name[16];
      R->cell_content (pos, i, &c);
      if (c.player < 0)
        {
          g_assert_cmpint (c.count, ==, 0);
          g_assert_false (c.waiting);
          continue;
        }
      g_assert_cmpint (c.player, <=, 1);
      g_assert_cmpint (c.count, >=, 1);
      on_board[c.player] += c.count;
      if (c.waiting)
        {
          /* a waiting piece stands alone on its own row */
          R->cell_name (o, i, name, sizeof name);
          g_assert_cmpint (c.count, ==, 1);
          g_assert_cmpint (name[0], ==, c.player == 0 ? 'B' : 'T');
          waiting[c.player]++;
        }
    }
}

static void
check_invariants (const KsmPosition *pos, const int lost[2])
{
  int on_board[2], waiting[2];
  int L = pos->options.length;

  count_board (pos, on_board, waiting);
  for (int p = 0; p < 2; p++)
    {
      if (on_board[p] + lost[p] != L)
        {
          g_autofree char *text = describe (pos);
          g_error ("side %d: %d on the board and %d lost in %s", p, on_board[p], lost[p], text);
        }
      g_assert_cmpint (R->pieces_left (pos, p), ==, on_board[p]);
      g_assert_cmpint (pos->u.kasimala.pieces[p], ==, on_board[p]);
    }
  g_assert_cmpint (pos->to_move, <=, 1);
}

/* format, parse, format: the same text and the same position */
static void
check_notation (const KsmPosition *pos)
{
  char a[KSM_NOTATION_MAX], b[KSM_NOTATION_MAX], error[KSM_ERROR_MAX] = "";
  KsmPosition back;

  g_assert_cmpint (R->format_position (pos, a, sizeof a), >, 0);
  memset (&back, 0, sizeof back);
  if (!R->parse_position (a, &back, error, sizeof error))
    g_error ("the engine refuses its own position \"%s\": %s", a, error);
  g_assert_cmpint (R->format_position (&back, b, sizeof b), >, 0);
  g_assert_cmpstr (a, ==, b);
  g_assert_cmpint (back.phase, ==, pos->phase);
  g_assert_cmpuint (back.throw_count, ==, pos->throw_count);
  if (pos->phase != KSM_PHASE_OVER)
    g_assert_cmpint (back.to_move, ==, pos->to_move);
  for (int r = 0; r < KSM_KASIMALA_ROWS; r++)
    g_assert_true (memcmp (back.u.kasimala.cells[r], pos->u.kasimala.cells[r],
                           pos->options.length) == 0);
  for (int i = 0; i < R->n_cells (&pos->options); i++)
    {
      KsmCellContent x, y;
      R->cell_content (pos, i, &x);
      R->cell_content (&back, i, &y);
      g_assert_cmpint (x.player, ==, y.player);
      g_assert_cmpint (x.count, ==, y.count);
      g_assert_cmpint (x.waiting, ==, y.waiting);
    }

  if (pos->phase == KSM_PHASE_MOVE)
    {
      KsmMove moves[KSM_MAX_MOVES];
      int n = R->legal_moves (pos, moves);
      for (int i = 0; i < n; i++)
        {
          char text[64];
          KsmMove m;
          g_assert_cmpint (R->format_move (pos, &moves[i], text, sizeof text), >, 0);
          if (!R->parse_move (pos, text, &m, error, sizeof error))
            g_error ("the engine refuses its own move \"%s\" in %s: %s", text, a, error);
          g_assert_true (ksm_moves_equal (&m, &moves[i]));
        }
    }
}

/* What can be checked of a move list without knowing the board's paths. */
static void
check_moves (const KsmPosition *pos, const KsmMove *moves, int n)
{
  const KsmOptions *o = &pos->options;
  int me = pos->to_move;
  int value = R->throws.faces[pos->face].value;
  int on_board[2], waiting[2];

  count_board (pos, on_board, waiting);
  g_assert_cmpint (n, >=, 1);
  if (moves[0].kind == KSM_MOVE_LOSE)
    g_assert_cmpint (n, ==, 1);

  /* a kasi with a piece waiting has exactly one use, or none */
  bool kasi_starts = o->flags & KSM_OPT_KASIMALA_KASI_STARTS;
  if (kasi_starts && value == 1 && waiting[me] > 0)
    {
      g_assert_cmpint (n, ==, 1);
      g_assert_true (moves[0].kind == KSM_MOVE_START || moves[0].kind == KSM_MOVE_LOSE);
    }

  int starts = 0;
  for (int i = 0; i < n; i++)
    {
      const KsmMove *m = &moves[i];
      KsmCellContent from, to;

      g_assert_cmpint (m->kind, <=, KSM_MOVE_LOSE);
      if (m->kind == KSM_MOVE_LOSE)
        continue;
      g_assert_cmpint (m->distance, ==, value);
      g_assert_cmpint (m->from, !=, m->to);
      R->cell_content (pos, m->from, &from);
      R->cell_content (pos, m->to, &to);
      g_assert_cmpint (from.player, ==, me);
      g_assert_cmpint (from.waiting, ==, m->kind == KSM_MOVE_START);
      if (m->kind == KSM_MOVE_START)
        {
          starts++;
          if (kasi_starts)
            g_assert_cmpint (value, ==, 1);
        }
      if (to.player == 1 - me)
        {
          g_assert_cmpint (m->captured, ==, to.count);
          if (o->flags & KSM_OPT_KASIMALA_SAFE_LAIGAS)
            g_assert_false (R->cell_flags (o, m->to) & KSM_CELL_SAFE);
        }
      else
        g_assert_cmpint (m->captured, ==, 0);
      for (int j = 0; j < i; j++)
        g_assert_false (moves[j].from == m->from && moves[j].to == m->to);
    }
  /* only the next waiting piece may start */
  g_assert_cmpint (starts, <=, 1);
}

static void
play_game (const Config *cfg, KsmRandom *rng, Stats *st, bool check_text)
{
  KsmOptions o;
  KsmPosition pos;
  int lost[2] = { 0, 0 };
  long event = 0;

  R->default_options (&o);
  o.length = cfg->length;
  o.flags = cfg->flags;
  o.throw_limit = cfg->limit;
  o.first_player = ksm_random_below (rng, 2);
  char error[KSM_ERROR_MAX];
  g_assert_true (R->check_options (&o, error, sizeof error));
  R->init (&pos, &o);
  g_assert_cmpint (pos.to_move, ==, o.first_player);
  check_invariants (&pos, lost);

  while (pos.phase != KSM_PHASE_OVER)
    {
      event++;
      g_assert_cmpuint (pos.throw_count, <=, cfg->limit);
      if (pos.phase == KSM_PHASE_THROW)
        {
          g_assert_cmpuint (pos.throw_count, <, cfg->limit);
          int who = pos.to_move;
          uint32_t count = pos.throw_count;
          KsmMove none[KSM_MAX_MOVES];
          g_assert_cmpint (R->legal_moves (&pos, none), ==, 0);
          int face = ksm_throw_sample (&R->throws, rng, NULL);
          R->apply_throw (&pos, face);
          g_assert_cmpint (pos.phase, ==, KSM_PHASE_MOVE);
          g_assert_cmpint (pos.to_move, ==, who);
          g_assert_cmpint (pos.face, ==, face);
          g_assert_cmpuint (pos.throw_count, ==, count + 1);
          st->throws++;
        }
      else
        {
          KsmMove moves[KSM_MAX_MOVES];
          KsmEffect e;
          int n = R->legal_moves (&pos, moves);
          int who = pos.to_move;
          int value = R->throws.faces[pos.face].value;
          int before[2] = { R->pieces_left (&pos, 0), R->pieces_left (&pos, 1) };

          check_moves (&pos, moves, n);
          const KsmMove *m = &moves[ksm_random_below (rng, n)];
          KsmCellContent target;
          bool target_waiting = false;
          if (m->kind != KSM_MOVE_LOSE)
            {
              R->cell_content (&pos, m->to, &target);
              target_waiting = target.waiting;
            }
          memset (&e, 0x55, sizeof e);
          R->apply_move (&pos, m, &e);

          g_assert_cmpint (e.captured, ==, m->captured);
          if (e.captured)
            {
              g_assert_cmpint (e.captured_player, ==, 1 - who);
              g_assert_cmpint (e.captured_waiting, ==, target_waiting ? e.captured : 0);
              lost[e.captured_player] += e.captured;
            }
          else
            g_assert_cmpint (e.captured_waiting, ==, 0);
          g_assert_cmpint (R->pieces_left (&pos, 1 - who), ==, before[1 - who] - e.captured);
          g_assert_cmpint (R->pieces_left (&pos, who), ==, before[who]);
          g_assert_cmpint (e.game_over, ==, pos.phase == KSM_PHASE_OVER);
          if (!e.game_over)
            {
              bool again = value >= 4 && (cfg->flags & KSM_OPT_KASIMALA_EXTRA_THROW);
              g_assert_cmpint (e.throws_again, ==, again);
              g_assert_cmpint (pos.phase, ==, KSM_PHASE_THROW);
              g_assert_cmpint (pos.to_move, ==, again ? who : 1 - who);
            }
        }
      check_invariants (&pos, lost);
      if (pos.phase != KSM_PHASE_OVER)
        {
          KsmOutcome out;
          R->outcome (&pos, &out);
          g_assert_false (out.over);
        }
      if (check_text && event % 7 == 0)
        check_notation (&pos);
      st->events++;
    }

  /* the end */
  KsmOutcome out;
  R->outcome (&pos, &out);
  g_assert_true (out.over);
  int left[2] = { R->pieces_left (&pos, 0), R->pieces_left (&pos, 1) };
  if (left[0] == 0 || left[1] == 0)
    {
      g_assert_cmpint (out.reason, ==, KSM_END_ALL_CAPTURED);
      g_assert_cmpint (out.winner, ==, left[0] ? 0 : 1);
      g_assert_cmpint (out.gulmasi, ==, lost[out.winner] == 0);
      g_assert_cmpint (out.score, ==, lost[out.winner] == 0 ? 2 : 1);
    }
  else
    {
      g_assert_cmpint (out.reason, ==, KSM_END_THROW_LIMIT);
      g_assert_cmpuint (pos.throw_count, ==, cfg->limit);
      g_assert_cmpint (out.winner, ==, left[0] > left[1] ? 0 : left[1] > left[0] ? 1 : -1);
      st->by_limit++;
    }
  if (check_text)
    check_notation (&pos);
  if (out.winner >= 0)
    st->wins[out.winner]++;
  else
    st->draws++;
  st->gulmasi += out.gulmasi && out.winner >= 0;
  st->games++;
}

static void
run (gconstpointer data)
{
  const Config *cfg = data;
  KsmRandom rng;
  Stats st = { 0 };

  ksm_random_seed (&rng, cfg->seed);
  for (int g = 0; g < cfg->games; g++)
    play_game (cfg, &rng, &st, g % 3 == 0);

  g_test_message ("L=%d flags=%u limit=%u: %ld games, bricks %ld, stones %ld, draws %ld, "
                  "gulmasi %ld, by the limit %ld, %.1f throws a game",
                  cfg->length, cfg->flags, cfg->limit, st.games, st.wins[0], st.wins[1],
                  st.draws, st.gulmasi, st.by_limit, (double) st.throws / st.games);
  g_assert_cmpint (st.games, ==, cfg->games);
  /* random play is no better for one side: both win some */
  if (cfg->games >= 100 && cfg->limit >= 3000)
    {
      g_assert_cmpint (st.wins[0], >, cfg->games / 5);
      g_assert_cmpint (st.wins[1], >, cfg->games / 5);
    }
}

/* The same seed plays the same games. */
static void
test_replay (void)
{
  for (int round = 0; round < 5; round++)
    {
      KsmRandom a, b;
      KsmOptions o;
      KsmPosition p, q;

      ksm_random_seed (&a, 1000 + round);
      ksm_random_seed (&b, 1000 + round);
      R->default_options (&o);
      o.first_player = 0;
      R->init (&p, &o);
      R->init (&q, &o);
      while (p.phase != KSM_PHASE_OVER)
        {
          if (p.phase == KSM_PHASE_THROW)
            {
              R->apply_throw (&p, ksm_throw_sample (&R->throws, &a, NULL));
              R->apply_throw (&q, ksm_throw_sample (&R->throws, &b, NULL));
            }
          else
            {
              KsmMove m1[KSM_MAX_MOVES], m2[KSM_MAX_MOVES];
              KsmEffect e;
              int n1 = R->legal_moves (&p, m1), n2 = R->legal_moves (&q, m2);
              g_assert_cmpint (n1, ==, n2);
              int i = ksm_random_below (&a, n1), j = ksm_random_below (&b, n2);
              g_assert_true (ksm_moves_equal (&m1[i], &m2[j]));
              R->apply_move (&p, &m1[i], &e);
              R->apply_move (&q, &m2[j], &e);
            }
          g_assert_cmpint (p.phase, ==, q.phase);
          g_assert_cmpuint (p.throw_count, ==, q.throw_count);
        }
      g_assert_cmpint (q.phase, ==, KSM_PHASE_OVER);
    }
}

static const Config CONFIGS[] = {
  { 17, KSM_OPT_KASIMALA_EXTRA_THROW | KSM_OPT_KASIMALA_KASI_STARTS | KSM_OPT_KASIMALA_SAFE_LAIGAS, 3000, 3000, 1 },
  { 21, KSM_OPT_KASIMALA_EXTRA_THROW | KSM_OPT_KASIMALA_KASI_STARTS | KSM_OPT_KASIMALA_SAFE_LAIGAS, 3000, 300, 2 },
  { 25, KSM_OPT_KASIMALA_EXTRA_THROW | KSM_OPT_KASIMALA_KASI_STARTS | KSM_OPT_KASIMALA_SAFE_LAIGAS, 3000, 300, 3 },
  { 17, KSM_OPT_KASIMALA_KASI_STARTS | KSM_OPT_KASIMALA_SAFE_LAIGAS, 3000, 300, 4 },
  { 17, KSM_OPT_KASIMALA_EXTRA_THROW | KSM_OPT_KASIMALA_SAFE_LAIGAS, 3000, 300, 5 },
  { 17, KSM_OPT_KASIMALA_EXTRA_THROW | KSM_OPT_KASIMALA_KASI_STARTS, 3000, 300, 6 },
  { 25, 0, 3000, 200, 7 },
  { 17, KSM_OPT_KASIMALA_EXTRA_THROW | KSM_OPT_KASIMALA_KASI_STARTS | KSM_OPT_KASIMALA_SAFE_LAIGAS, 60, 300, 8 },
};

static const char *CONFIG_NAMES[] = {
  "/kasimala/selfplay/17",
  "/kasimala/selfplay/21",
  "/kasimala/selfplay/25",
  "/kasimala/selfplay/17-extra-throw-off",
  "/kasimala/selfplay/17-kasi-starts-off",
  "/kasimala/selfplay/17-safe-laigas-off",
  "/kasimala/selfplay/25-all-off",
  "/kasimala/selfplay/17-limit-60",
};

/* Every position of many random games, of all three games and under their
 * options, goes through the notation and comes back the same: the parsers
 * refuse the positions that cannot arise (rules-decisions.md), and this
 * shows that they refuse none that does. Random and Easy players both, as
 * Easy captures whenever it can. */
static void
test_every_position_parses (void)
{
  static const struct { const char *game; int size; uint32_t flip; int games; } runs[] = {
    { "kasimala", 17, 0, 60 },
    { "kasimala", 21, KSM_OPT_KASIMALA_KASI_STARTS, 40 },
    { "kasimala", 25, KSM_OPT_KASIMALA_SAFE_LAIGAS | KSM_OPT_KASIMALA_EXTRA_THROW, 30 },
    { "ashte-kashte", 2, 0, 150 },
    { "ashte-kashte", 3, KSM_OPT_ASHTE_BLOOD_RULE, 60 },
    { "ashte-kashte", 4, KSM_OPT_ASHTE_GRACE, 40 },
    { "ashte-kashte", 4, KSM_OPT_ASHTE_GRACE | KSM_OPT_ASHTE_CAPTURE_EXTRA, 20 },
    { "asi-keliya", 4, 0, 60 },
    { "asi-keliya", 4, KSM_OPT_ASI_PASSING, 40 },
    { "asi-keliya", 4, KSM_OPT_ASI_PARTNER_PLAY, 40 },
  };
  KsmRandom rng;
  long positions = 0;

  ksm_random_seed (&rng, 20261201);
  for (gsize r = 0; r < G_N_ELEMENTS (runs); r++)
    {
      const KsmRules *rules = ksm_rules_lookup (runs[r].game);
      g_assert_nonnull (rules);
      for (int g = 0; g < runs[r].games; g++)
        {
          KsmOptions options;
          KsmPosition pos;
          KsmMove moves[KSM_MAX_MOVES];
          KsmLevel level = g % 2 ? KSM_LEVEL_EASY : KSM_LEVEL_RANDOM;

          rules->default_options (&options);
          if (options.game == KSM_GAME_KASIMALA)
            options.length = (uint8_t) runs[r].size;
          else if (options.game == KSM_GAME_ASHTE_KASHTE)
            options.n_players = (uint8_t) runs[r].size;
          options.flags ^= runs[r].flip;
          rules->init (&pos, &options);
          while (pos.phase != KSM_PHASE_OVER && pos.throw_count < 20000)
            {
              char text[KSM_NOTATION_MAX], again[KSM_NOTATION_MAX], error[KSM_ERROR_MAX] = "";
              KsmPosition parsed;

              if (pos.phase == KSM_PHASE_THROW)
                rules->apply_throw (&pos, ksm_throw_sample (&rules->throws, &rng, NULL));
              else
                {
                  int n = rules->legal_moves (&pos, moves);
                  rules->apply_move (&pos, &moves[ksm_player_choose (level, &pos, moves, n, &rng)], NULL);
                }
              g_assert_cmpint (rules->format_position (&pos, text, sizeof text), >, 0);
              if (!rules->parse_position (text, &parsed, error, sizeof error))
                g_error ("a position a game reached is refused: \"%s\": %s", text, error);
              g_assert_cmpint (rules->format_position (&parsed, again, sizeof again), >, 0);
              g_assert_cmpstr (again, ==, text);
              g_assert_cmpint (parsed.phase, ==, pos.phase);
              positions++;
            }
        }
    }
  g_test_message ("%ld positions parsed back", positions);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  R = ksm_rules_lookup ("kasimala");
  if (R == NULL)
    g_error ("no game \"kasimala\" in the registry");

  G_STATIC_ASSERT (G_N_ELEMENTS (CONFIGS) == G_N_ELEMENTS (CONFIG_NAMES));
  for (unsigned i = 0; i < G_N_ELEMENTS (CONFIGS); i++)
    g_test_add_data_func (CONFIG_NAMES[i], &CONFIGS[i], run);
  g_test_add_func ("/kasimala/selfplay/replay", test_replay);
  g_test_add_func ("/selfplay/every-position-parses", test_every_position_parses);

  return g_test_run ();
}
