/* ksm-ashte-kashte.c: Ashte Kashte of Bengal, by seeds/ashte-kashte.txt and
 * the decisions in rules-decisions.md.
 *
 * A seat is a player index; its colour depends on how many play (two: Red
 * and Green; three: Red, Blue and Green; four: all, in turn order). A cell
 * is file + 7 * rank, a1 = 0, g7 = 48. A token's place is its index along
 * its colour's path (0-48, 48 the centre), or OFF_BOARD before it enters
 * under Falkener's grace. */
#include "ksm-ashte-eval.h"
#include "ksm-rules.h"
#include "ksm-text.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

enum { RED, BLUE, GREEN, YELLOW };

#define N_CELLS       49
#define PATH_LENGTH   49
#define CENTRE        48
#define OUTER_END     23     /* the blood rule's last index */
#define INNER_ENTRY   24
#define OFF_BOARD     (-1)
#define TOKENS        4
#define ALL_FLAGS     (KSM_OPT_ASHTE_BLOOD_RULE | KSM_OPT_ASHTE_CAPTURE_EXTRA | KSM_OPT_ASHTE_GRACE)

static const char colour_letters[KSM_MAX_PLAYERS] = { 'R', 'B', 'G', 'Y' };
static const char *const colour_names[KSM_MAX_PLAYERS] = { "Red", "Blue", "Green", "Yellow" };

/* Red's path (rules-decisions.md); the others are it turned about d4 */
static const char *const red_path_names[PATH_LENGTH] = {
  "d1", "e1", "f1", "g1", "g2", "g3", "g4", "g5", "g6", "g7", "f7", "e7", "d7", "c7", "b7", "a7",
  "a6", "a5", "a4", "a3", "a2", "a1", "b1", "c1",
  "c2", "d2", "e2", "f2", "f3", "f4", "f5", "f6", "e6", "d6", "c6", "b6", "b5", "b4", "b3", "b2",
  "c3", "d3", "e3", "e4", "e5", "d5", "c5", "c4",
  "d4",
};

/* path[colour][index] = cell; place[colour][cell] = index */
typedef struct {
  int8_t path[KSM_MAX_PLAYERS][PATH_LENGTH];
  int8_t place[KSM_MAX_PLAYERS][N_CELLS];
  bool   safe[N_CELLS];
  /* where nobody is captured: the safe squares, and the centre, which is
   * home (rules-decisions.md: "the centre") */
  bool   shared[N_CELLS];
} Tables;

static Tables tables;
static once_flag tables_once = ONCE_FLAG_INIT;

static int
cell_of_name (const char *name)
{
  return (name[0] - 'a') + 7 * (name[1] - '1');
}

/* a quarter turn anticlockwise about d4, as seen with rank 7 at the top */
static int
turn_quarter (int cell)
{
  int x = cell % 7 - 3, y = cell / 7 - 3;
  return (3 - y) + 7 * (3 + x);
}

/* Filled once: the paths never change. */
static void
build_tables (void)
{
  Tables t;

  memset (&t, 0, sizeof t);
  for (int i = 0; i < PATH_LENGTH; i++)
    t.path[RED][i] = (int8_t) cell_of_name (red_path_names[i]);
  for (int colour = BLUE; colour <= YELLOW; colour++)
    for (int i = 0; i < PATH_LENGTH; i++)
      t.path[colour][i] = (int8_t) turn_quarter (t.path[colour - 1][i]);
  for (int colour = 0; colour < KSM_MAX_PLAYERS; colour++)
    for (int i = 0; i < PATH_LENGTH; i++)
      t.place[colour][t.path[colour][i]] = (int8_t) i;
  for (int colour = 0; colour < KSM_MAX_PLAYERS; colour++)
    {
      t.safe[t.path[colour][0]] = true;
      t.safe[t.path[colour][INNER_ENTRY]] = true;
    }
  for (int cell = 0; cell < N_CELLS; cell++)
    t.shared[cell] = t.safe[cell];
  t.shared[t.path[RED][CENTRE]] = true;
  tables = t;
}

static inline void
ensure_tables (void)
{
  call_once (&tables_once, build_tables);
}

/* The colour of a seat, by how many play */
static int
colour_of (const KsmOptions *options, int player)
{
  /* by number of players: a table, as move generation asks for every seat */
  static const int8_t colours[KSM_MAX_PLAYERS + 1][KSM_MAX_PLAYERS] = {
    [2] = { RED, GREEN },
    [3] = { RED, BLUE, GREEN },
    [4] = { RED, BLUE, GREEN, YELLOW },
  };

  return options->n_players >= 2 && options->n_players <= KSM_MAX_PLAYERS
         ? colours[options->n_players][player & 3] : player;
}

/* ---- throws ---- */

/* bit set = mouth up; no mouth up is an Ashte, 8 */
static uint8_t
ashte_face_of_pattern (uint32_t pattern)
{
  /* by pattern, not popcount: without -mpopcnt that is a library call */
  static const uint8_t faces[16] = { 4, 0, 0, 1, 0, 1, 1, 2, 0, 1, 1, 2, 1, 2, 2, 3 };
  return faces[pattern & 0xfu];
}

static inline int
face_value (int face)
{
  return face == 4 ? 8 : face + 1;
}

/* ---- options ---- */

static const KsmOptionInfo ashte_option_info[] = {
  { "blood-rule", "A colour must capture before it enters the inner rings",
    "the Bengal tradition", "a house rule: the inner rings are open to all",
    KSM_OPT_ASHTE_BLOOD_RULE, true },
  { "capture-extra", "A capture earns another throw",
    "the Bengal tradition", "a house rule: only a 4 or an 8 throws again",
    KSM_OPT_ASHTE_CAPTURE_EXTRA, true },
  { "grace", "Tokens enter only with a 4 or an 8",
    "Falkener, Games Ancient and Oriental (1892)", "the Bengal tradition: tokens start on the board",
    KSM_OPT_ASHTE_GRACE, false },
};

#define N_OPTION_INFO (sizeof ashte_option_info / sizeof ashte_option_info[0])

static void
ashte_default_options (KsmOptions *options)
{
  memset (options, 0, sizeof *options);
  options->game = KSM_GAME_ASHTE_KASHTE;
  options->length = 7;
  options->n_players = 4;
  options->first_player = 0;
  options->flags = KSM_OPT_ASHTE_BLOOD_RULE | KSM_OPT_ASHTE_CAPTURE_EXTRA;
}

static bool
ashte_check_options (const KsmOptions *options, char *error, size_t error_size)
{
  if (options->game != KSM_GAME_ASHTE_KASHTE)
    snprintf (error, error_size, "these options are not Ashte Kashte's");
  else if (options->n_players < 2 || options->n_players > 4)
    snprintf (error, error_size, "Ashte Kashte is for 2 to 4 players, not %d", options->n_players);
  else if (options->first_player >= options->n_players)
    snprintf (error, error_size, "the first player must be one of the %d seated", options->n_players);
  else if (options->length != 7)
    snprintf (error, error_size, "the Ashte Kashte board is 7 by 7, not %d", options->length);
  else if (options->flags & ~ALL_FLAGS)
    snprintf (error, error_size, "unknown rule option bits 0x%x", options->flags & ~ALL_FLAGS);
  else
    return true;
  return false;
}

static void
ashte_init (KsmPosition *pos, const KsmOptions *options)
{
  int start = (options->flags & KSM_OPT_ASHTE_GRACE) ? OFF_BOARD : 0;

  ensure_tables ();
  memset (pos, 0, sizeof *pos);
  pos->options = *options;
  pos->phase = KSM_PHASE_THROW;
  pos->to_move = options->first_player;
  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    for (int t = 0; t < TOKENS; t++)
      pos->u.ashte.token[p][t] = (int8_t) (p < options->n_players ? start : OFF_BOARD);
}

static int
ashte_n_players (const KsmOptions *options)
{
  return options->n_players;
}

static int
ashte_team_of (const KsmOptions *options, int player)
{
  (void) options;
  return player;
}

static const char *
ashte_player_name (const KsmOptions *options, int player)
{
  return colour_names[colour_of (options, player)];
}

/* ---- play ---- */

static void
ashte_apply_throw (KsmPosition *pos, int face)
{
  if (pos->phase != KSM_PHASE_THROW || face < 0 || face > 4)
    return;
  pos->face = (uint8_t) face;
  pos->phase = KSM_PHASE_MOVE;
  pos->throw_count++;
}

/* A player's four tokens as one word, a byte each, so that all four are
 * compared with an index at once. */
static inline uint32_t
tokens_word (const KsmAshteState *st, int player)
{
  uint32_t word;
  memcpy (&word, st->token[player], sizeof word);
  return word;
}

/* How many of a word's tokens stand at `index`: the bytes of the word that
 * equal it, counted exactly (no borrow crosses a byte). */
static inline int
tokens_at (uint32_t word, int index)
{
  uint32_t x = word ^ ((uint32_t) (uint8_t) index * 0x01010101u);
  uint32_t zero = ~(((x & 0x7f7f7f7fu) + 0x7f7f7f7fu) | x | 0x7f7f7f7fu);
  return (int) (((zero >> 7) * 0x01010101u) >> 24);
}

/* How many tokens of other seats stand on `cell` */
static int
others_on (const KsmPosition *pos, int player, int cell)
{
  int n = 0;

  for (int p = 0; p < pos->options.n_players; p++)
    if (p != player)
      n += tokens_at (tokens_word (&pos->u.ashte, p),
                      tables.place[colour_of (&pos->options, p)][cell]);
  return n;
}

static int
ashte_legal_moves (const KsmPosition *pos, KsmMove *moves)
{
  const KsmAshteState *st = &pos->u.ashte;
  int player = pos->to_move;
  int colour = colour_of (&pos->options, player);
  int value = face_value (pos->face);
  bool blood_rule = pos->options.flags & KSM_OPT_ASHTE_BLOOD_RULE;
  bool blooded = st->blooded >> player & 1u;
  int done_places[TOKENS];
  int n_done = 0, n = 0;

  if (pos->phase != KSM_PHASE_MOVE)
    return 0;

  for (int t = 0; t < TOKENS; t++)
    {
      int from = st->token[player][t];
      int to_index;
      bool seen = false;

      /* tokens sharing a square are alike: one move for the stack */
      for (int d = 0; d < n_done; d++)
        seen |= done_places[d] == from;
      if (seen)
        continue;
      done_places[n_done++] = from;

      if (from == OFF_BOARD)
        {
          /* Falkener's grace: a 4 or an 8 brings a token onto its start */
          if (value != 4 && value != 8)
            continue;
          to_index = 0;
        }
      else
        to_index = from + value;

      if (to_index > CENTRE)
        continue;   /* the centre needs the exact count */
      if (blood_rule && !blooded && to_index > OUTER_END)
        continue;

      int to_cell = tables.path[colour][to_index];
      int captured = tables.shared[to_cell] ? 0 : others_on (pos, player, to_cell);
      KsmMove *m = &moves[n++];
      m->kind = (uint8_t) (from == OFF_BOARD ? KSM_MOVE_START : KSM_MOVE_STEP);
      m->from = (int8_t) (from == OFF_BOARD ? -1 : tables.path[colour][from]);
      m->to = (int8_t) to_cell;
      m->distance = (uint8_t) value;
      m->slot = 0;
      m->captured = (uint8_t) captured;
      m->group = 0;
    }

  if (n == 0)
    {
      KsmMove *m = &moves[n++];
      memset (m, 0, sizeof *m);
      m->kind = KSM_MOVE_LOSE;
      m->from = m->to = -1;
    }
  return n;
}

static bool
all_home (const KsmPosition *pos, int player)
{
  return tokens_word (&pos->u.ashte, player) == CENTRE * 0x01010101u;
}

/* The seed's draw: nobody has captured and every token waits at the end of
 * the outer ring, where even a 1 would cross into the inner rings. */
static bool
blocked (const KsmPosition *pos)
{
  if (!(pos->options.flags & KSM_OPT_ASHTE_BLOOD_RULE) || pos->u.ashte.blooded != 0)
    return false;
  for (int p = 0; p < pos->options.n_players; p++)
    for (int t = 0; t < TOKENS; t++)
      if (pos->u.ashte.token[p][t] != OUTER_END)
        return false;
  return true;
}

static bool
game_ended (const KsmPosition *pos)
{
  for (int p = 0; p < pos->options.n_players; p++)
    if (all_home (pos, p))
      return true;
  return blocked (pos);
}

static void
ashte_apply_move (KsmPosition *pos, const KsmMove *move, KsmEffect *effect)
{
  KsmAshteState *st = &pos->u.ashte;
  int player = pos->to_move;
  int colour = colour_of (&pos->options, player);
  int value = face_value (pos->face);
  int back = (pos->options.flags & KSM_OPT_ASHTE_GRACE) ? OFF_BOARD : 0;
  KsmEffect local;

  if (effect == NULL)
    effect = &local;
  memset (effect, 0, sizeof *effect);
  effect->captured_player = -1;

  if (pos->phase != KSM_PHASE_MOVE)
    return;

  if (move->kind != KSM_MOVE_LOSE)
    {
      int from_index = move->from < 0 ? OFF_BOARD : tables.place[colour][move->from];
      int to_index = tables.place[colour][move->to];

      for (int t = 0; t < TOKENS; t++)
        if (st->token[player][t] == from_index)
          {
            st->token[player][t] = (int8_t) to_index;
            break;
          }

      if (!tables.shared[move->to])
        for (int p = 0; p < pos->options.n_players; p++)
          {
            if (p == player)
              continue;
            int index = tables.place[colour_of (&pos->options, p)][move->to];
            for (int t = 0; t < TOKENS; t++)
              if (st->token[p][t] == index)
                {
                  st->token[p][t] = (int8_t) back;
                  effect->captured++;
                  effect->captured_player = (int8_t) p;
                }
          }
      if (effect->captured > 0)
        st->blooded |= (uint8_t) (1u << player);
    }

  /* a 4 or an 8 throws again even when it could not be used */
  effect->throws_again = value == 4 || value == 8
                         || (effect->captured > 0 && (pos->options.flags & KSM_OPT_ASHTE_CAPTURE_EXTRA));

  pos->phase = KSM_PHASE_THROW;
  if (!effect->throws_again)
    pos->to_move = (uint8_t) ((player + 1) % pos->options.n_players);
  if (game_ended (pos))
    {
      pos->phase = KSM_PHASE_OVER;
      effect->game_over = true;
      effect->throws_again = false;
    }
}

static void
ashte_outcome (const KsmPosition *pos, KsmOutcome *outcome)
{
  memset (outcome, 0, sizeof *outcome);
  outcome->winner = outcome->winning_team = -1;
  if (!game_ended (pos))
    return;

  outcome->over = true;
  for (int p = 0; p < pos->options.n_players; p++)
    if (all_home (pos, p))
      {
        outcome->winner = outcome->winning_team = (int8_t) p;
        outcome->reason = KSM_END_ALL_HOME;
        outcome->score = 1;
        return;
      }
  outcome->reason = KSM_END_BLOCKED;
}

static int
ashte_pieces_left (const KsmPosition *pos, int player)
{
  return player >= 0 && player < pos->options.n_players ? TOKENS : 0;
}

/* Progress towards the centre, and the blood drawn, against the others'.
 * A token home is banked for good (nothing captures on the centre), so it
 * counts a bonus over its steps. */
static double
ashte_evaluate (const KsmPosition *pos, int player)
{
  KsmOutcome outcome;
  double mine = 0, best_other = 0;

  if (pos->phase == KSM_PHASE_OVER)
    {
      ashte_outcome (pos, &outcome);
      if (outcome.winner < 0)
        return 0.5;
      return outcome.winner == player ? 1.0 : 0.0;
    }

  for (int p = 0; p < pos->options.n_players; p++)
    {
      double score = 0;
      bool blooded = pos->u.ashte.blooded >> p & 1u;
      for (int t = 0; t < TOKENS; t++)
        {
          int index = pos->u.ashte.token[p][t];
          score += index < 0 ? -4 : index;
          if (index == CENTRE)
            score += 8;
        }
      if (blooded || !(pos->options.flags & KSM_OPT_ASHTE_BLOOD_RULE))
        score += 12;
      if (p == player)
        mine = score;
      else if (score > best_other)
        best_other = score;
    }
  /* a logistic of the lead, in units of a few throws' progress */
  double lead = (mine - best_other) / 40.0;
  return 1.0 / (1.0 + __builtin_exp (-lead));
}

/* ---- Expert's model (ksm-ashte-eval.h) ---- */

const char *const ksm_ashte_expert_feature_names[KSM_ASHTE_EXPERT_N_FEATURES] = {
  "hand-lead", "hand-chance", "to-throw", "progress", "progress-sq", "home",
  "off-board", "blooded", "unblooded-late", "unblooded-stuck", "inner", "innermost",
  "safe", "stacked-open", "lost-throw", "exposed", "exposed-progress",
  "capture-to-throw", "capture-progress-to-throw", "capture-waiting",
  "capture-progress-waiting", "capture-unblooded", "hindmost", "lead-by-stage",
};

const double ksm_ashte_start_weights[KSM_ASHTE_EXPERT_N_FEATURES] = { [0] = 1.0 };

/* Out of 16: one, two, three, four, ashte */
static const int face_odds[5] = { 4, 6, 4, 1, 1 };

/* What the features read of one side */
typedef struct {
  double score;          /* ashte_evaluate's */
  double progress, progress_sq, hindmost;
  int    home, off, late, stuck, inner, innermost, safe, stacked;
  bool   held;           /* the blood rule still holds it back */
  bool   blooded;        /* under the blood rule, has captured */
  double lost;           /* chance its next throw moves nothing */
  double capture;        /* chance its next throw can capture */
  double capture_value;  /* the most progress it can send back, by the odds */
  uint64_t reach[5];     /* cells its tokens can land on, by face */
} AshteSide;

static double
hand_score (const KsmPosition *pos, int p)
{
  double score = 0;
  for (int t = 0; t < TOKENS; t++)
    {
      int index = pos->u.ashte.token[p][t];
      score += index < 0 ? -4 : index;
      if (index == CENTRE)
        score += 8;
    }
  if ((pos->u.ashte.blooded >> p & 1u) || !(pos->options.flags & KSM_OPT_ASHTE_BLOOD_RULE))
    score += 12;
  return score;
}

/* Where `p`'s tokens land with each face, as ashte_legal_moves allows */
static void
side_reach (const KsmPosition *pos, int p, AshteSide *side)
{
  int colour = colour_of (&pos->options, p);
  for (int face = 0; face < 5; face++)
    {
      int value = face_value (face);
      uint64_t reach = 0;
      for (int t = 0; t < TOKENS; t++)
        {
          int from = pos->u.ashte.token[p][t];
          int to = from == OFF_BOARD ? (value == 4 || value == 8 ? 0 : -1) : from + value;
          if (to < 0 || to > CENTRE || (side->held && to > OUTER_END))
            continue;
          reach |= 1ull << tables.path[colour][to];
        }
      side->reach[face] = reach;
    }
}

static void
ashte_expert_features (const KsmPosition *pos, int player, float *features)
{
  const KsmAshteState *st = &pos->u.ashte;
  int np = pos->options.n_players;
  bool blood_rule = pos->options.flags & KSM_OPT_ASHTE_BLOOD_RULE;
  AshteSide sides[KSM_MAX_PLAYERS];
  /* by cell: the progress of each side's tokens there, and how many */
  int16_t worth[KSM_MAX_PLAYERS][N_CELLS];
  memset (worth, 0, sizeof worth);

  ensure_tables ();
  for (int p = 0; p < np; p++)
    {
      AshteSide *s = &sides[p];
      int colour = colour_of (&pos->options, p);
      memset (s, 0, sizeof *s);
      s->score = hand_score (pos, p);
      s->blooded = blood_rule && (st->blooded >> p & 1u);
      s->held = blood_rule && !(st->blooded >> p & 1u);
      s->hindmost = 1.0;
      for (int t = 0; t < TOKENS; t++)
        {
          int index = st->token[p][t];
          double share = index < 0 ? 0.0 : index / 48.0;
          s->progress += share;
          s->progress_sq += share * share;
          if (share < s->hindmost)
            s->hindmost = share;
          if (index < 0)
            {
              s->off++;
              continue;
            }
          int cell = tables.path[colour][index];
          s->home += index == CENTRE;
          s->late += s->held && index >= 16;
          s->stuck += s->held && index == OUTER_END;
          s->inner += index >= INNER_ENTRY && index < CENTRE;
          s->innermost += index >= 40 && index < CENTRE;
          s->safe += tables.safe[cell] && index > 0;
          if (!tables.shared[cell])
            {
              s->stacked += tokens_at (tokens_word (st, p), index) > 1;
              worth[p][cell] = (int16_t) (worth[p][cell] + index);
            }
        }
      side_reach (pos, p, s);
    }

  /* each side's captures with its next throw, by face */
  for (int p = 0; p < np; p++)
    {
      AshteSide *s = &sides[p];
      bool known = pos->phase == KSM_PHASE_MOVE && pos->to_move == p;
      for (int face = 0; face < 5; face++)
        {
          int odds = known ? (face == pos->face ? 16 : 0) : face_odds[face];
          if (odds == 0)
            continue;
          if (s->reach[face] == 0)
            {
              s->lost += odds / 16.0;
              continue;
            }
          int best = -1;
          for (uint64_t bits = s->reach[face]; bits != 0; bits &= bits - 1)
            {
              int cell = __builtin_ctzll (bits);
              if (tables.shared[cell])
                continue;
              int taken = -1;
              for (int q = 0; q < np; q++)
                if (q != p && tokens_at (tokens_word (st, q), tables.place[colour_of (&pos->options, q)][cell]) > 0)
                  taken = (taken < 0 ? 0 : taken) + worth[q][cell];
              if (taken > best)
                best = taken;
            }
          if (best >= 0)
            {
              s->capture += odds / 16.0;
              s->capture_value += odds / 16.0 * best / 48.0;
            }
        }
    }

  /* the rival: with more than two, the best of the rest by hand score */
  int rival = -1;
  for (int k = 1; k < np; k++)
    {
      int q = (player + k) % np;
      if (rival < 0 || sides[q].score > sides[rival].score)
        rival = q;
    }

  double q[2][KSM_ASHTE_EXPERT_N_FEATURES];
  int who[2] = { player, rival };
  for (int k = 0; k < 2; k++)
    {
      int p = who[k];
      const AshteSide *s = &sides[p];
      int colour = colour_of (&pos->options, p);
      double exposed = 0, exposed_value = 0;
      /* each token on an unsafe square, by the chance some rival's next
       * throw lands there */
      for (int t = 0; t < TOKENS; t++)
        {
          int index = st->token[p][t];
          if (index < 0)
            continue;
          int cell = tables.path[colour][index];
          if (tables.shared[cell])
            continue;
          int odds = 0;
          for (int face = 0; face < 5; face++)
            {
              bool hit = false;
              for (int o = 0; o < np && !hit; o++)
                hit = o != p && (sides[o].reach[face] >> cell & 1u)
                      && !(pos->phase == KSM_PHASE_MOVE && pos->to_move == o && pos->face != face);
              odds += hit ? face_odds[face] : 0;
            }
          exposed += odds / 16.0;
          exposed_value += odds / 16.0 * index / 48.0;
        }
      bool to_throw = pos->to_move == p;
      double *f = q[k];
      f[0] = s->score / 40.0;
      f[1] = 0;
      f[2] = to_throw;
      f[3] = s->progress;
      f[4] = s->progress_sq;
      f[5] = s->home;
      f[6] = s->off;
      f[7] = s->blooded;
      f[8] = s->late;
      f[9] = s->stuck;
      f[10] = s->inner;
      f[11] = s->innermost;
      f[12] = s->safe;
      f[13] = s->stacked;
      f[14] = s->lost;
      f[15] = exposed;
      f[16] = exposed_value;
      f[17] = to_throw ? s->capture : 0;
      f[18] = to_throw ? s->capture_value : 0;
      f[19] = to_throw ? 0 : s->capture;
      f[20] = to_throw ? 0 : s->capture_value;
      f[21] = s->held ? s->capture : 0;
      f[22] = s->hindmost;
      f[23] = 0;
    }
  for (int i = 0; i < KSM_ASHTE_EXPERT_N_FEATURES; i++)
    features[i] = (float) (q[0][i] - q[1][i]);
  double lead = q[0][0] - q[1][0];
  features[1] = (float) (1.0 / (1.0 + exp (-lead)) - 0.5);
  features[23] = (float) (lead * (sides[player].progress + sides[rival].progress) / 8.0);
}

/* ---- geometry ---- */

static int
ashte_n_cells (const KsmOptions *options)
{
  (void) options;
  return N_CELLS;
}

static void
ashte_cell_name (const KsmOptions *options, int cell, char *buf, size_t size)
{
  (void) options;
  if (cell < 0 || cell >= N_CELLS)
    snprintf (buf, size, "?");
  else
    snprintf (buf, size, "%c%d", 'a' + cell % 7, cell / 7 + 1);
}

/* Red's side at the bottom: rank 7 on top */
static void
ashte_cell_place (const KsmOptions *options, int cell, KsmCellPlace *place)
{
  (void) options;
  place->x = (float) (cell % 7);
  place->y = (float) (6 - cell / 7);
  place->width = place->height = 1.0f;
}

static unsigned
ashte_cell_flags (const KsmOptions *options, int cell)
{
  (void) options;
  ensure_tables ();
  if (cell < 0 || cell >= N_CELLS)
    return 0;
  return (tables.safe[cell] ? KSM_CELL_SAFE : 0u)
         | (cell == tables.path[RED][CENTRE] ? KSM_CELL_GOAL : 0u);
}

static void
ashte_cell_content (const KsmPosition *pos, int cell, KsmCellContent *content)
{
  memset (content, 0, sizeof *content);
  content->player = -1;
  for (int p = 0; p < pos->options.n_players; p++)
    {
      int index = tables.place[colour_of (&pos->options, p)][cell];
      for (int t = 0; t < TOKENS; t++)
        if (pos->u.ashte.token[p][t] == index)
          content->counts[p]++;
      if (content->counts[p] > 0 && content->player < 0)
        {
          content->player = (int8_t) p;
          content->count = content->counts[p];
        }
    }
}

static int
ashte_move_path (const KsmPosition *pos, const KsmMove *move, int8_t *cells)
{
  int colour = colour_of (&pos->options, pos->to_move);
  int n = 0;

  if (move->kind == KSM_MOVE_LOSE)
    return 0;
  if (move->kind == KSM_MOVE_START)
    {
      cells[0] = move->to;
      return 1;
    }
  for (int i = tables.place[colour][move->from] + 1; i <= tables.place[colour][move->to]; i++)
    cells[n++] = tables.path[colour][i];
  return n;
}

/* ---- notation (doc/notation.md) ---- */


static int
compare_places (const void *a, const void *b)
{
  return *(const int8_t *) a - *(const int8_t *) b;
}

static int
ashte_format_position (const KsmPosition *pos, char *buf, size_t size)
{
  const KsmAshteState *st = &pos->u.ashte;
  KsmWriter w;
  ksm_writer_init (&w, buf, size);
  bool any_blood = false;

  ksm_put (&w, "ashte-kashte %d", pos->options.n_players);
  for (int p = 0; p < pos->options.n_players; p++)
    {
      int8_t places[TOKENS];
      memcpy (places, st->token[p], sizeof places);
      qsort (places, TOKENS, 1, compare_places);
      ksm_put (&w, " %c:", colour_letters[colour_of (&pos->options, p)]);
      for (int t = 0; t < TOKENS; t++)
        {
          if (places[t] == OFF_BOARD)
            ksm_put (&w, "%sx", t ? "," : "");
          else
            ksm_put (&w, "%s%d", t ? "," : "", places[t]);
        }
    }
  ksm_put (&w, " blood:");
  for (int p = 0; p < pos->options.n_players; p++)
    if (st->blooded >> p & 1u)
      {
        ksm_put (&w, "%c", colour_letters[colour_of (&pos->options, p)]);
        any_blood = true;
      }
  if (!any_blood)
    ksm_put (&w, "-");
  ksm_put (&w, " %c", colour_letters[colour_of (&pos->options, pos->to_move)] - 'A' + 'a');
  if (pos->phase == KSM_PHASE_MOVE)
    ksm_put (&w, " %d", face_value (pos->face));
  else
    ksm_put (&w, " -");
  ksm_put (&w, " %u", pos->throw_count);

  KsmOptions defaults;
  ashte_default_options (&defaults);
  ksm_put_options (&w, ashte_option_info, N_OPTION_INFO, pos->options.flags, defaults.flags);
  return ksm_writer_finish (&w);
}

#define FAIL(...) do { ksm_set_error (error, error_size, __VA_ARGS__); return false; } while (0)

/* the seat playing `letter` (R, B, G, Y; either case), or -1 */
static int
seat_of_letter (const KsmOptions *options, char letter)
{
  for (int p = 0; p < options->n_players; p++)
    if (colour_letters[colour_of (options, p)] == letter
        || colour_letters[colour_of (options, p)] - 'A' + 'a' == letter)
      return p;
  return -1;
}

static bool
ashte_parse_position (const char *text, KsmPosition *pos, char *error, size_t error_size)
{
  KsmPosition parsed;
  KsmOptions options;
  char *copy, *save = NULL, *field;
  char *fields[16];
  int n = 0;

  ensure_tables ();
  if (text == NULL || *text == '\0')
    FAIL ("the position is empty");
  if (strstr (text, "  ") != NULL || text[0] == ' ' || text[strlen (text) - 1] == ' ')
    FAIL ("fields must be separated by single spaces");
  if (strlen (text) >= KSM_NOTATION_MAX)
    FAIL ("the position is too long");

  copy = strdup (text);
  if (copy == NULL)
    FAIL ("out of memory");
  for (field = strtok_r (copy, " ", &save); field != NULL && n < 16; field = strtok_r (NULL, " ", &save))
    fields[n++] = field;
  if (field != NULL)
    {
      free (copy);
      FAIL ("too many fields");
    }

#undef FAIL
#define FAIL(...) do { ksm_set_error (error, error_size, __VA_ARGS__); free (copy); return false; } while (0)

  if (n < 1 || strcmp (fields[0], "ashte-kashte") != 0)
    FAIL ("field 1: the game must be \"ashte-kashte\"");
  if (n < 2 || strlen (fields[1]) != 1 || fields[1][0] < '2' || fields[1][0] > '4')
    FAIL ("field 2: the number of players must be 2, 3 or 4");

  ashte_default_options (&options);
  options.n_players = (uint8_t) (fields[1][0] - '0');
  int np = options.n_players;
  if (n < 2 + np + 4)
    FAIL ("an Ashte Kashte position of %d players has at least %d fields, this has %d",
          np, 2 + np + 4, n);

  /* options first: grace decides whether a token may be off the board */
  uint32_t seen_options = 0;
  for (int i = 2 + np + 4; i < n; i++)
    {
      int matched = ksm_parse_option (ashte_option_info, N_OPTION_INFO, fields[i], strlen (fields[i]),
                                      &options.flags, &seen_options, i + 1, error, error_size);
      if (matched < 0)
        {
          free (copy);
          return false;
        }
      if (!matched)
        FAIL ("field %d: unknown option \"%s\"", i + 1, fields[i]);
    }

  memset (&parsed, 0, sizeof parsed);
  parsed.options = options;
  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    for (int t = 0; t < TOKENS; t++)
      parsed.u.ashte.token[p][t] = OFF_BOARD;

  for (int p = 0; p < np; p++)
    {
      const char *f = fields[2 + p];
      char letter = colour_letters[colour_of (&options, p)];
      int t = 0;

      if (f[0] != letter || f[1] != ':')
        FAIL ("field %d: expected %c: and %s's four tokens", 3 + p, letter,
              colour_names[colour_of (&options, p)]);
      f += 2;
      while (*f != '\0')
        {
          int value;
          if (t == TOKENS)
            FAIL ("field %d: more than four tokens", 3 + p);
          if (*f == 'x')
            {
              if (!(options.flags & KSM_OPT_ASHTE_GRACE))
                FAIL ("field %d: a token off the board (x) needs grace=on", 3 + p);
              value = OFF_BOARD;
              f++;
            }
          else if (*f >= '0' && *f <= '9')
            {
              value = 0;
              /* checked digit by digit: a long run of digits overflowed
               * (found by fuzzing) */
              while (*f >= '0' && *f <= '9')
                {
                  value = value * 10 + (*f++ - '0');
                  if (value > CENTRE)
                    FAIL ("field %d: a path index goes from 0 to 48", 3 + p);
                }
            }
          else
            FAIL ("field %d: a token is a path index 0-48%s", 3 + p,
                  (options.flags & KSM_OPT_ASHTE_GRACE) ? " or x" : "");
          parsed.u.ashte.token[p][t++] = (int8_t) value;
          if (*f == ',')
            {
              f++;
              if (*f == '\0')
                FAIL ("field %d: a comma with no token after it", 3 + p);
            }
          else if (*f != '\0')
            FAIL ("field %d: tokens are separated by commas", 3 + p);
        }
      if (t != TOKENS)
        FAIL ("field %d: %s has four tokens, not %d", 3 + p, colour_names[colour_of (&options, p)], t);
    }

  /* rules-decisions.md, "Positions that cannot arise": a landing off the
   * safe squares and the centre captures every other colour there, so no
   * game leaves two colours on such a square */
  for (int p = 0; p < np; p++)
    for (int t = 0; t < TOKENS; t++)
      {
        int index = parsed.u.ashte.token[p][t];
        if (index == OFF_BOARD)
          continue;
        int square = tables.path[colour_of (&options, p)][index];
        if (tables.shared[square])
          continue;
        for (int q = p + 1; q < np; q++)
          if (tokens_at (tokens_word (&parsed.u.ashte, q), tables.place[colour_of (&options, q)][square]) > 0)
            FAIL ("square %c%d: %s and %s cannot share it, as it is not safe: "
                  "the one landing there would have captured the other",
                  'a' + square % 7, square / 7 + 1, colour_names[colour_of (&options, p)],
                  colour_names[colour_of (&options, q)]);
      }

  const char *blood = fields[2 + np];
  if (strncmp (blood, "blood:", 6) != 0)
    FAIL ("field %d: expected blood: and the colours that have captured, or -", 3 + np);
  if (strcmp (blood + 6, "-") != 0)
    for (const char *b = blood + 6; *b != '\0'; b++)
      {
        int seat = seat_of_letter (&options, *b);
        if (seat < 0 || *b >= 'a')
          FAIL ("field %d: \"%c\" is not a colour in this game", 3 + np, *b);
        parsed.u.ashte.blooded |= (uint8_t) (1u << seat);
      }
  for (int p = 0; p < np; p++)
    if (!(parsed.u.ashte.blooded >> p & 1u) && (options.flags & KSM_OPT_ASHTE_BLOOD_RULE))
      for (int t = 0; t < TOKENS; t++)
        if (parsed.u.ashte.token[p][t] > OUTER_END)
          FAIL ("field %d: %s has not captured, so no token of it can be past index 23",
                3 + p, colour_names[colour_of (&options, p)]);

  const char *side = fields[3 + np];
  int seat = strlen (side) == 1 && side[0] >= 'a' ? seat_of_letter (&options, side[0]) : -1;
  if (seat < 0)
    FAIL ("field %d: the colour to play, in lower case (r, b, g, y), must be seated", 4 + np);
  parsed.to_move = (uint8_t) seat;

  const char *thrown = fields[4 + np];
  if (strcmp (thrown, "-") == 0)
    parsed.phase = KSM_PHASE_THROW;
  else if (strlen (thrown) == 1 && strchr ("12348", thrown[0]) != NULL)
    {
      int value = thrown[0] - '0';
      parsed.phase = KSM_PHASE_MOVE;
      parsed.face = (uint8_t) (value == 8 ? 4 : value - 1);
    }
  else
    FAIL ("field %d: the throw must be - (to throw) or 1, 2, 3, 4 or 8", 5 + np);

  const char *count = fields[5 + np];
  unsigned long throws = 0;
  if (*count == '\0' || strlen (count) > 9)
    FAIL ("field %d: the throw count must be a whole number", 6 + np);
  for (const char *c = count; *c != '\0'; c++)
    {
      if (*c < '0' || *c > '9')
        FAIL ("field %d: the throw count must be a whole number", 6 + np);
      throws = throws * 10 + (unsigned long) (*c - '0');
    }
  parsed.throw_count = (uint32_t) throws;
  if (parsed.phase == KSM_PHASE_MOVE && throws == 0)
    FAIL ("field %d: a throw waits to be played, so the throw count cannot be 0", 6 + np);

  if (game_ended (&parsed))
    {
      if (parsed.phase == KSM_PHASE_MOVE)
        FAIL ("field %d: the game is over, so no throw can wait to be played", 5 + np);
      parsed.phase = KSM_PHASE_OVER;
    }

  free (copy);
  *pos = parsed;
  return true;
}

#undef FAIL
#define FAIL(...) do { ksm_set_error (error, error_size, __VA_ARGS__); return false; } while (0)

static int
ashte_format_move (const KsmPosition *pos, const KsmMove *move, char *buf, size_t size)
{
  KsmWriter w;

  ksm_writer_init (&w, buf, size);
  ksm_put_move_words (&w, ashte_cell_name, &pos->options, move);
  return ksm_writer_finish (&w);
}

static int
parse_square (const KsmOptions *options, const char *text, size_t len)
{
  (void) options;
  if (len != 2 || text[0] < 'a' || text[0] > 'g' || text[1] < '1' || text[1] > '7')
    return -1;
  return (text[0] - 'a') + 7 * (text[1] - '1');
}

static bool
ashte_parse_move (const KsmPosition *pos, const char *text, KsmMove *move,
                  char *error, size_t error_size)
{
  KsmMove moves[KSM_MAX_MOVES];

  if (pos->phase != KSM_PHASE_MOVE)
    FAIL ("no throw waits to be played, so no move can be made");
  if (text == NULL || *text == '\0')
    FAIL ("the move is empty");
  return ksm_parse_move_text (&pos->options, parse_square, moves, ashte_legal_moves (pos, moves),
                              text, -1, "d1-f1, in-d1", move, error, error_size);
}

/* ---- queries for the views ---- */

static uint32_t
ashte_player_flags (const KsmPosition *pos, int player)
{
  uint32_t flags = 0;

  if (player < 0 || player >= pos->options.n_players)
    return 0;
  if (pos->options.flags & KSM_OPT_ASHTE_BLOOD_RULE)
    flags |= KSM_PLAYER_BLOOD_RULE;
  if (pos->u.ashte.blooded >> player & 1u)
    flags |= KSM_PLAYER_BLOODED;
  return flags;
}

/* a colour's start square, where its tokens stand or (grace) enter */
static int
ashte_start_cell (const KsmOptions *options, int player)
{
  if (player < 0 || player >= options->n_players)
    return -1;
  ensure_tables ();
  return tables.path[colour_of (options, player)][0];
}

static const char *
ashte_style_key (const KsmOptions *options, int player)
{
  static const char *const keys[KSM_MAX_PLAYERS] = { "red", "blue", "green", "yellow" };
  return player >= 0 && player < options->n_players ? keys[colour_of (options, player)] : NULL;
}

/* Each token is held back by grace, the exact count to the centre or the
 * blood rule, as ashte_legal_moves skips it */
static unsigned
ashte_lost_reasons (const KsmPosition *pos)
{
  const KsmAshteState *st = &pos->u.ashte;
  int player = pos->to_move;
  int value = face_value (pos->face);
  bool blood_rule = pos->options.flags & KSM_OPT_ASHTE_BLOOD_RULE;
  bool blooded = st->blooded >> player & 1u;
  unsigned reasons = 0;

  for (int t = 0; t < TOKENS; t++)
    {
      int from = st->token[player][t];
      int to_index = from == OFF_BOARD ? 0 : from + value;

      if (from == CENTRE)
        continue;
      if (from == OFF_BOARD && value != 4 && value != 8)
        reasons |= 1u << KSM_LOST_NEEDS_ENTRY;
      else if (to_index > CENTRE)
        reasons |= 1u << KSM_LOST_OVERSHOOT;
      else if (blood_rule && !blooded && to_index > OUTER_END)
        reasons |= 1u << KSM_LOST_NEEDS_BLOOD;
    }
  return reasons;
}

const KsmRules ksm_ashte_kashte_rules = {
  .id = "ashte-kashte",
  .name = "Ashte Kashte",
  .throws = {
    .object_name = "cowrie",
    .n_objects = 4,
    .n_faces = 5,
    .faces = {
      { "one", 1, false },
      { "two", 2, false },
      { "three", 3, false },
      { "four", 4, true },
      { "ashte", 8, true },
    },
    .face_of_pattern = ashte_face_of_pattern,
  },
  .race = true,
  /* more than any depth of three decisions here has needed: the search
   * ends on its depth */
  .hard_nodes = 20000,
  /* learnt by tools/train-expert.c (doc/computer-players.md, "Expert") */
  .expert_n_features = KSM_ASHTE_EXPERT_N_FEATURES,
  .expert_features = ashte_expert_features,
  .expert_weights = ksm_ashte_kashte_expert_weights,
  .expert_depth = 4,
  .option_info = ashte_option_info,
  .n_option_info = sizeof ashte_option_info / sizeof ashte_option_info[0],
  .default_options = ashte_default_options,
  .check_options = ashte_check_options,
  .init = ashte_init,
  .n_players = ashte_n_players,
  .team_of = ashte_team_of,
  .player_name = ashte_player_name,
  .apply_throw = ashte_apply_throw,
  .legal_moves = ashte_legal_moves,
  .apply_move = ashte_apply_move,
  .outcome = ashte_outcome,
  .pieces_left = ashte_pieces_left,
  .n_cells = ashte_n_cells,
  .cell_name = ashte_cell_name,
  .cell_place = ashte_cell_place,
  .cell_flags = ashte_cell_flags,
  .cell_content = ashte_cell_content,
  .format_position = ashte_format_position,
  .parse_position = ashte_parse_position,
  .format_move = ashte_format_move,
  .parse_move = ashte_parse_move,
  .evaluate = ashte_evaluate,
  .move_path = ashte_move_path,
  .player_flags = ashte_player_flags,
  .start_cell = ashte_start_cell,
  .style_key = ashte_style_key,
  .lost_reasons = ashte_lost_reasons,
  .min_players = 2,
  .max_players = 4,
};
