/* test-soak.c: seeded random games of every game, across its options, with
 * the game's invariants checked after every event (doc/reliability.md).
 *
 * KSM_SOAK_GAMES games of each game (100000 unless set), the options taken
 * in turn from every combination of the game's rule flags and sizes; game i
 * of a game is seeded with i, so a failure names the one game to replay.
 * The games are shared among threads, one a processor (at most 4). The
 * players choose at random (choose_move: in a race a capture is mostly
 * declined, or Ashte Kashte's games would last tens of thousands of events).
 *
 * After every event, at the cost of a few reads:
 *   - the phase and the player to move are in range, and the outcome agrees
 *     with the phase;
 *   - a throw moves no piece, keeps the player, counts one throw;
 *   - the legal moves are 1 to KSM_MAX_MOVES, a lost throw alone, each from
 *     and to a cell of the board;
 *   - pieces are conserved: pieces_left falls by exactly what a move says it
 *     captured, from whom it says, and (race games) never falls at all;
 *   - the landing cell holds the mover's side, and no other side unless it
 *     is a safe square or the goal;
 *   - turns pass in seat order, except on a throw again;
 *   - the game ends within a bound of throws.
 * And every 256 events and at the end, the whole board through cell_content
 * (every 32 made it two thirds of the soak's time):
 *   each side's pieces on it are no more than it has left (exactly as many
 *   in Kasimala), and no cell but a safe one or the goal is shared by two
 *   sides (teams, in Asi Keliya).
 */
#include <glib.h>
#include <string.h>

#include "ksm-random.h"
#include "ksm-rules.h"

#define DEFAULT_GAMES 100000
#define MAX_THREADS   4
#define FULL_CHECK_EVERY 256
/* far beyond any game seen: a game this long is taken not to end */
#define MAX_THROWS    200000

typedef struct {
  const KsmRules *rules;
  guint           games;
  gint            next;       /* the next game to play, shared */
  gint64          events;     /* totals, shared */
  gint64          throws;
  gint64          captured;
} Soak;

typedef struct {
  const KsmRules *rules;
  guint           game;       /* index, also the seed */
  long            event;
  KsmPosition     pos;
} Play;

G_GNUC_NORETURN static void
broken (const Play *play, const char *what)
{
  char text[KSM_NOTATION_MAX];
  if (play->rules->format_position (&play->pos, text, sizeof text) < 0)
    strcpy (text, "(unformattable)");
  g_error ("%s game %u (seed %u), event %ld: %s, in %s",
           play->rules->id, play->game, play->game, play->event, what, text);
}

#define CHECK(play, cond) G_STMT_START { if (G_UNLIKELY (!(cond))) broken (play, #cond); } G_STMT_END

/* The options of game i: every combination of the rule flags, and of the
 * sizes each game has, in turn. */
static void
options_for (const KsmRules *R, guint i, KsmOptions *o)
{
  guint n_flags = R->n_option_info;
  guint combo = i & ((1u << n_flags) - 1);
  guint rest = i >> n_flags;

  R->default_options (o);
  o->flags = 0;
  for (guint k = 0; k < n_flags; k++)
    if (combo >> k & 1u)
      o->flags |= R->option_info[k].flag;
  switch (o->game)
    {
    case KSM_GAME_KASIMALA:
      o->length = (guint8) (17 + 4 * (rest % 3));
      /* a short limit now and then, so games also end by the limit */
      o->throw_limit = (rest / 3) % 4 == 0 ? 60 : 3000;
      break;
    case KSM_GAME_ASHTE_KASHTE:
      o->n_players = (guint8) (2 + rest % 3);
      break;
    default:
      break;
    }
  o->first_player = (guint8) ((i / 7) % (guint) R->n_players (o));
}

/* a cell several sides may share: a safe one, the goal, or Asi Keliya's
 * home (the central square, where every side's finished pieces stand; it
 * carries no flag, as the board draws it apart) */
static bool
shared_cell (const KsmRules *R, const KsmOptions *o, int cell)
{
  char name[16];

  if (R->cell_flags (o, cell) & (KSM_CELL_SAFE | KSM_CELL_GOAL))
    return true;
  R->cell_name (o, cell, name, sizeof name);
  return o->game == KSM_GAME_ASI_KELIYA && strcmp (name, "H") == 0;
}

static int
team (const KsmRules *R, const KsmOptions *o, int player)
{
  return R->team_of != NULL ? R->team_of (o, player) : player;
}

/* the whole board: no side has more on it than it has left, and no cell but
 * a safe one or the goal holds two teams */
static void
check_board (const Play *play)
{
  const KsmRules *R = play->rules;
  const KsmOptions *o = &play->pos.options;
  int n_players = R->n_players (o);
  int n_cells = R->n_cells (o);
  int on_board[KSM_MAX_PLAYERS] = { 0 };

  for (int c = 0; c < n_cells; c++)
    {
      KsmCellContent content;
      int teams = 0, first_team = -1;

      R->cell_content (&play->pos, c, &content);
      for (int p = 0; p < n_players; p++)
        if (content.counts[p] > 0)
          {
            on_board[p] += content.counts[p];
            if (first_team != team (R, o, p))
              teams++;
            first_team = team (R, o, p);
          }
      if (teams > 1)
        CHECK (play, shared_cell (R, o, c));
    }
  for (int p = 0; p < n_players; p++)
    {
      if (R->race)
        CHECK (play, on_board[p] <= R->pieces_left (&play->pos, p));
      else
        CHECK (play, on_board[p] == R->pieces_left (&play->pos, p));
    }
}

static void
check_position (const Play *play)
{
  const KsmRules *R = play->rules;
  const KsmPosition *pos = &play->pos;
  KsmOutcome out;

  CHECK (play, pos->phase <= KSM_PHASE_OVER);
  CHECK (play, pos->to_move < R->n_players (&pos->options));
  CHECK (play, pos->throw_count < MAX_THROWS);
  R->outcome (pos, &out);
  CHECK (play, out.over == (pos->phase == KSM_PHASE_OVER));
}

/* The soak's player: a legal move uniformly at random, except that in a
 * race (Ashte Kashte, Asi Keliya), where a capture only sends pieces back
 * to start again, it declines a capture DECLINE_IN_10 times in 10 when it
 * has another move. Uniformly random four-player Ashte Kashte with
 * Falkener's grace takes 44,000 events a game on average (376,000 at
 * worst): captures all round. In Kasimala a capture shortens the game. */
#define DECLINE_IN_10 9

static int
choose_move (const KsmRules *R, const KsmMove *moves, int n, KsmRandom *rng)
{
  int chosen = (int) ksm_random_below (rng, (uint32_t) n);
  if (!R->race || moves[chosen].captured == 0 || ksm_random_below (rng, 10) >= DECLINE_IN_10)
    return chosen;

  int quiet[KSM_MAX_MOVES], n_quiet = 0;
  for (int i = 0; i < n; i++)
    if (moves[i].captured == 0)
      quiet[n_quiet++] = i;
  return n_quiet > 0 ? quiet[ksm_random_below (rng, (uint32_t) n_quiet)] : chosen;
}

static void
play_game (Play *play, KsmRandom *rng, gint64 *events, gint64 *throws, gint64 *captured)
{
  const KsmRules *R = play->rules;
  KsmOptions o;
  char error[KSM_ERROR_MAX];
  int n_players, starting[KSM_MAX_PLAYERS];

  options_for (R, play->game, &o);
  if (!R->check_options (&o, error, sizeof error))
    g_error ("%s game %u: options refused: %s", R->id, play->game, error);
  ksm_random_seed (rng, play->game);
  R->init (&play->pos, &o);
  play->event = 0;
  n_players = R->n_players (&o);
  for (int p = 0; p < n_players; p++)
    starting[p] = R->pieces_left (&play->pos, p);
  CHECK (play, play->pos.to_move == o.first_player);
  check_position (play);
  check_board (play);

  while (play->pos.phase != KSM_PHASE_OVER)
    {
      KsmPosition *pos = &play->pos;
      KsmMove moves[KSM_MAX_MOVES];
      int mover = pos->to_move;
      uint32_t count = pos->throw_count;
      int left[KSM_MAX_PLAYERS];

      play->event++;
      /* in a race nobody ever loses a piece: the count is checked against
       * the start once a move; in the others, against before the event */
      for (int p = 0; p < n_players; p++)
        left[p] = R->race ? starting[p] : R->pieces_left (pos, p);

      if (pos->phase == KSM_PHASE_THROW)
        {
          CHECK (play, R->legal_moves (pos, moves) == 0);
          int face = ksm_throw_sample (&R->throws, rng, NULL);
          R->apply_throw (pos, face);
          CHECK (play, pos->throw_count == count + 1);
          CHECK (play, pos->to_move == mover);
          /* Asi Keliya stays to throw while throws earn another */
          CHECK (play, pos->phase == KSM_PHASE_MOVE
                       || (pos->phase == KSM_PHASE_THROW && o.game == KSM_GAME_ASI_KELIYA));
          if (!R->race)
            for (int p = 0; p < n_players; p++)
              CHECK (play, R->pieces_left (pos, p) == left[p]);
          (*throws)++;
        }
      else
        {
          int n_cells = R->n_cells (&o);
          int n = R->legal_moves (pos, moves);
          KsmEffect e;

          CHECK (play, n >= 1 && n <= KSM_MAX_MOVES);
          CHECK (play, moves[0].kind != KSM_MOVE_LOSE || n == 1);
          for (int i = 0; i < n; i++)
            {
              CHECK (play, moves[i].kind <= KSM_MOVE_LOSE);
              if (moves[i].kind != KSM_MOVE_LOSE)
                CHECK (play, moves[i].from >= -1 && moves[i].from < n_cells
                             && moves[i].to >= 0 && moves[i].to < n_cells);
            }
          KsmMove m = moves[choose_move (R, moves, n, rng)];
          R->apply_move (pos, &m, &e);

          CHECK (play, pos->throw_count == count);
          CHECK (play, e.game_over == (pos->phase == KSM_PHASE_OVER));
          CHECK (play, e.captured == m.captured);
          *captured += e.captured;
          /* pieces conserved: only the captured side loses, by the capture,
           * and in a race nobody loses any */
          for (int p = 0; p < n_players; p++)
            {
              int lost = R->race ? 0 : (e.captured_player == p ? e.captured : 0);
              CHECK (play, R->pieces_left (pos, p) == left[p] - lost);
            }
          if (e.captured > 0)
            CHECK (play, e.captured_player >= 0 && team (R, &o, e.captured_player) != team (R, &o, mover));

          if (m.kind != KSM_MOVE_LOSE)
            {
              KsmCellContent at;
              bool mine = false, theirs = false;
              R->cell_content (pos, m.to, &at);
              for (int p = 0; p < n_players; p++)
                if (at.counts[p] > 0)
                  {
                    if (team (R, &o, p) == team (R, &o, mover))
                      mine = true;
                    else
                      theirs = true;
                  }
              if (!mine || (theirs && !shared_cell (R, &o, m.to)))
                {
                  char name[16], what[128];
                  R->cell_name (&o, m.to, name, sizeof name);
                  g_snprintf (what, sizeof what, "player %d moved %s %d to %s, which holds %d %d %d %d",
                              mover, m.kind == KSM_MOVE_START ? "in" : "a piece", m.distance, name,
                              at.counts[0], at.counts[1], at.counts[2], at.counts[3]);
                  broken (play, what);
                }
            }

          /* turn order: in seat order, unless the throw earns another (in
           * Asi Keliya the turn's throws are played first, and a player
           * all home is passed over) */
          if (!e.game_over && pos->phase == KSM_PHASE_THROW)
            {
              if (e.throws_again)
                CHECK (play, pos->to_move == mover);
              else if (o.game != KSM_GAME_ASI_KELIYA)
                CHECK (play, pos->to_move == (mover + 1) % n_players);
              else
                CHECK (play, pos->to_move != mover || n_players == 1
                             || (o.flags & KSM_OPT_ASI_PARTNER_PLAY) == 0);
            }
          if (!e.game_over && pos->phase == KSM_PHASE_MOVE)
            CHECK (play, o.game == KSM_GAME_ASI_KELIYA && pos->to_move == mover);
        }

      check_position (play);
      if (play->event % FULL_CHECK_EVERY == 0)
        check_board (play);
    }
  check_board (play);
  for (int p = 0; p < n_players; p++)
    CHECK (play, R->race ? R->pieces_left (&play->pos, p) == starting[p]
                         : R->pieces_left (&play->pos, p) <= starting[p]);
  *events += play->event;

  KsmOutcome out;
  R->outcome (&play->pos, &out);
  CHECK (play, out.over);
  CHECK (play, out.winner >= -1 && out.winner < n_players);
  if (o.game == KSM_GAME_KASIMALA && o.throw_limit > 0)
    CHECK (play, play->pos.throw_count <= o.throw_limit);
}

static gpointer
worker (gpointer data)
{
  Soak *soak = data;
  Play *play = g_new0 (Play, 1);
  KsmRandom rng;
  gint64 events = 0, throws = 0, captured = 0;

  play->rules = soak->rules;
  for (;;)
    {
      gint i = g_atomic_int_add (&soak->next, 1);
      if ((guint) i >= soak->games)
        break;
      play->game = (guint) i;
      play_game (play, &rng, &events, &throws, &captured);
    }
  g_free (play);
  /* summed once each thread is done */
  G_LOCK_DEFINE_STATIC (totals);
  G_LOCK (totals);
  soak->events += events;
  soak->throws += throws;
  soak->captured += captured;
  G_UNLOCK (totals);
  return NULL;
}

static guint
n_games (void)
{
  const char *text = g_getenv ("KSM_SOAK_GAMES");
  guint64 n = DEFAULT_GAMES;
  if (text != NULL && !g_ascii_string_to_unsigned (text, 10, 1, G_MAXUINT, &n, NULL))
    g_error ("KSM_SOAK_GAMES=%s is not a number of games", text);
  return (guint) n;
}

static void
test_soak (gconstpointer data)
{
  Soak soak = { .rules = data, .games = n_games () };
  guint n_threads = MIN (MAX (g_get_num_processors (), 1), MAX_THREADS);
  GThread *threads[MAX_THREADS];
  gint64 start = g_get_monotonic_time ();

  for (guint t = 0; t < n_threads; t++)
    threads[t] = g_thread_new ("soak", worker, &soak);
  for (guint t = 0; t < n_threads; t++)
    g_thread_join (threads[t]);

  double seconds = (g_get_monotonic_time () - start) / 1e6;
  g_test_message ("%s: %u games, %" G_GINT64_FORMAT " events, %" G_GINT64_FORMAT
                  " throws, %" G_GINT64_FORMAT " pieces captured, %.1f s on %u threads, %.0f games/s",
                  soak.rules->id, soak.games, soak.events, soak.throws, soak.captured, seconds,
                  n_threads, soak.games / MAX (seconds, 1e-6));
  g_assert_cmpint (soak.next, >=, (gint) soak.games);
  g_assert_cmpint (soak.throws, >=, soak.games);
  /* declining captures must not leave them untested: several a game */
  g_assert_cmpint (soak.captured, >=, 5 * (gint64) soak.games);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (unsigned i = 0; i < ksm_rules_n_games (); i++)
    {
      const KsmRules *R = ksm_rules_nth (i);
      g_autofree char *path = g_strdup_printf ("/soak/%s", R->id);
      g_test_add_data_func (path, R, test_soak);
    }
  return g_test_run ();
}
