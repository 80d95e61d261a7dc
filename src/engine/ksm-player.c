/* ksm-player.c: computer players and hints.
 *
 * Random and Easy look at the moves only. Medium and Hard search with
 * ksm-search.c and judge with the game's own evaluation; Medium stops right
 * after its move (where the evaluation counts what the other side's next
 * throw could take, at the throw's exact odds), Hard goes on over the
 * throws and the replies until its depth or its node budget runs out. Where a
 * game asks for it (KsmRules.hard_rollouts: Asi Keliya), Hard instead
 * plays Medium's best few moves on with Medium in every seat, on throws
 * of its own drawn from a seed the position gives, and keeps the move whose
 * rollouts end best. Expert is Hard's search with the game's learnt model
 * at the leaves (KsmRules.expert_*), on its own node budget. */
#include "ksm-player.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ksm-search.h"

static const char *const level_names[KSM_N_LEVELS] = {
  [KSM_LEVEL_RANDOM] = "random",
  [KSM_LEVEL_EASY] = "easy",
  [KSM_LEVEL_MEDIUM] = "medium",
  [KSM_LEVEL_HARD] = "hard",
  [KSM_LEVEL_EXPERT] = "expert",
};

#define MEDIUM_DEPTH      1
#define HARD_FREE_FORCED  2   /* forced decisions a line passes without counting */

/* decisions the clock cut short, on every thread */
static atomic_long safety_stops;

long
ksm_player_safety_stops (void)
{
  return atomic_load (&safety_stops);
}

/* Hard's safety net: when the clock gives up on a decision, 0 for none */
static int64_t
hard_deadline (const KsmPlayerOptions *options)
{
  int budget = options->budget_ms > 0 ? options->budget_ms : KSM_HARD_SAFETY_MS;
  if (budget >= KSM_NO_CLOCK_MS)
    return 0;
  return ksm_search_now_ns () + (int64_t) budget * 1000000;
}

const char *
ksm_level_name (KsmLevel level)
{
  return (unsigned) level < KSM_N_LEVELS ? level_names[level] : NULL;
}

int
ksm_level_lookup (const char *name)
{
  for (int i = 0; i < KSM_N_LEVELS; i++)
    if (name != NULL && strcmp (level_names[i], name) == 0)
      return i;
  return -1;
}

const char *
ksm_level_way (KsmLevel level, const KsmRules *rules)
{
  if (rules != NULL && level == KSM_LEVEL_EXPERT && rules->expert_n_features <= 0)
    level = rules->expert_rollouts > 0 ? level : KSM_LEVEL_HARD;
  if (rules != NULL && rules->hard_rollouts > 0)
    {
      if (level == KSM_LEVEL_HARD)
        return "hard-rollouts";
      if (level == KSM_LEVEL_EXPERT && rules->expert_n_features <= 0)
        return "expert-rollouts";
    }
  return ksm_level_name (level);
}

/* where nobody is captured: a safe cell, or a goal, which is home (Ashte
 * Kashte's centre) */
#define UNCAPTURABLE (KSM_CELL_SAFE | KSM_CELL_GOAL)

static bool
is_safe (const KsmPosition *pos, int cell)
{
  const KsmRules *rules = ksm_rules_for (pos);
  return cell >= 0 && (rules->cell_flags (&pos->options, cell) & UNCAPTURABLE);
}

/* One of the candidates, uniformly: Easy's only use of the generator. */
static int
pick (const int *candidates, int n, KsmRandom *rng)
{
  return candidates[n > 1 ? ksm_random_below (rng, (uint32_t) n) : 0];
}

/* Easy, as the app that kept Kasimala's rules played: a capture if it sees
 * one (the biggest), otherwise a move onto a safe cell (one from the open
 * before one from another safe cell), otherwise a move that leaves no safe
 * cell, otherwise anything. Ties at random. */
static int
choose_easy (const KsmPosition *pos, const KsmMove *moves, int n_moves, KsmRandom *rng)
{
  int candidates[KSM_MAX_MOVES];
  int n = 0, most = 0;

  for (int i = 0; i < n_moves; i++)
    if (moves[i].captured > most)
      {
        most = moves[i].captured;
        n = 0;
        candidates[n++] = i;
      }
    else if (most > 0 && moves[i].captured == most)
      candidates[n++] = i;
  if (n > 0)
    return pick (candidates, n, rng);

  for (int pass = 0; pass < 2 && n == 0; pass++)
    for (int i = 0; i < n_moves; i++)
      if (moves[i].kind != KSM_MOVE_LOSE && is_safe (pos, moves[i].to)
          && is_safe (pos, moves[i].from) == (pass == 1))
        candidates[n++] = i;
  if (n > 0)
    return pick (candidates, n, rng);

  for (int i = 0; i < n_moves; i++)
    if (!is_safe (pos, moves[i].from))
      candidates[n++] = i;
  if (n > 0)
    return pick (candidates, n, rng);

  return n_moves > 1 ? (int) ksm_random_below (rng, (uint32_t) n_moves) : 0;
}

/* ---- Medium ---- */

/* how many pieces a race's whole evaluation (0 to 1) is worth beside the
 * pieces the next throw could send back */
#define RACE_PROGRESS_WEIGHT 3.0

/* The most `player` can take with each face, on average over the faces, if
 * it threw next in `pos`. */
static double
expected_capture (const KsmRules *rules, const KsmPosition *pos, int player,
                  const int *weight, int total)
{
  KsmPosition next = *pos;
  KsmMove moves[KSM_MAX_MOVES];
  int sum = 0;

  next.to_move = (uint8_t) player;
  next.phase = KSM_PHASE_THROW;
  for (int face = 0; face < rules->throws.n_faces; face++)
    {
      KsmPosition thrown = next;
      int most = 0;
      if (weight[face] == 0)
        continue;
      rules->apply_throw (&thrown, face);
      int n = rules->legal_moves (&thrown, moves);
      for (int i = 0; i < n; i++)
        if (moves[i].captured > most)
          most = moves[i].captured;
      sum += weight[face] * most;
    }
  return (double) sum / total;
}

/* Medium judges a move by what it takes and what it leaves open: pieces
 * left, less what the other side's next throw can take at the throw's exact
 * odds (or plus what its own can, when the move earns another throw), plus
 * a little for each piece on a safe cell. It needs nothing of a game but
 * the rules interface, and it is the judge of the hints for Random and
 * Easy. (Giving it the game's evaluation, or half its own next throw, made
 * it barely weaker than Hard; see doc/computer-players.md.) */
/* What Medium needs of a game's rules, worked out once a decision (or once
 * a rollout's whole run) rather than once a move: the faces' odds and the
 * safe cells. */
typedef struct {
  int weight[KSM_MAX_FACES];
  int total;
  int n_safe;
  int16_t safe[KSM_MAX_CELLS];
} MediumJudge;

static void
medium_judge_init (MediumJudge *judge, const KsmPosition *pos)
{
  const KsmRules *rules = ksm_rules_for (pos);
  int n_cells = rules->n_cells (&pos->options);

  for (int face = 0; face < rules->throws.n_faces; face++)
    judge->weight[face] = ksm_rules_face_weight (rules, face);
  judge->total = 1 << rules->throws.n_objects;
  judge->n_safe = 0;
  for (int cell = 0; cell < n_cells; cell++)
    if (rules->cell_flags (&pos->options, cell) & UNCAPTURABLE)
      judge->safe[judge->n_safe++] = (int16_t) cell;
}

/* What the next throw after a move is expected to take, for the mover's
 * `team` (the other side's throw counts against it): 0 while the mover
 * still has throws of its turn to play, as nothing is thrown next */
static double
medium_next_take (const KsmRules *rules, const KsmPosition *after, int team,
                  const MediumJudge *judge)
{
  if (after->phase != KSM_PHASE_THROW)
    return 0;
  int next = after->to_move;
  double now = expected_capture (rules, after, next, judge->weight, judge->total);
  return rules->team_of (&after->options, next) == team ? now : -now;
}

/* `value` and a tenth of a piece for each of `team`'s pieces on a safe
 * cell, less the same for the other side's. Every player's pieces on a
 * shared cell count: counting only the first player's there judged a move
 * otherwise from one seat than from the next. */
static double
medium_add_safe_cells (const KsmRules *rules, const KsmPosition *after, int team,
                       const MediumJudge *judge, double value)
{
  int n_players = rules->n_players (&after->options);

  for (int k = 0; k < judge->n_safe; k++)
    {
      KsmCellContent content;
      rules->cell_content (after, judge->safe[k], &content);
      if (content.player < 0)
        continue;
      for (int p = 0; p < n_players; p++)
        value += (rules->team_of (&after->options, p) == team ? 0.1 : -0.1) * content.counts[p];
    }
  return value;
}

static double
medium_value (const KsmPosition *pos, const KsmMove *move, const MediumJudge *judge)
{
  const KsmRules *rules = ksm_rules_for (pos);
  KsmPosition after = *pos;
  int me = pos->to_move;
  int team = rules->team_of (&pos->options, me);
  int n_players = rules->n_players (&pos->options);
  double value = 0;

  rules->apply_move (&after, move, NULL);
  if (after.phase == KSM_PHASE_OVER)
    {
      KsmOutcome outcome;
      rules->outcome (&after, &outcome);
      return outcome.winning_team < 0 ? 0 : outcome.winning_team == team ? 1000 : -1000;
    }

  for (int p = 0; p < n_players; p++)
    {
      int sign = rules->team_of (&pos->options, p) == team ? 1 : -1;
      value += sign * rules->pieces_left (&after, p);
    }
  /* in a race nobody loses pieces: what a move gains or gives away is
   * progress, which the game's evaluation measures */
  if (rules->race && rules->evaluate != NULL)
    value += RACE_PROGRESS_WEIGHT * rules->evaluate (&after, me);

  /* the next throw: the other side's, or ours again after a throw that
   * earns another (while the mover still has throws of its turn to play,
   * nothing is thrown next) */
  value += medium_next_take (rules, &after, team, judge);
  return medium_add_safe_cells (rules, &after, team, judge, value);
}

static void
medium_values_with (const KsmPosition *pos, const KsmMove *moves, int n_moves,
                    const MediumJudge *judge, double *values)
{
  for (int i = 0; i < n_moves; i++)
    values[i] = medium_value (pos, &moves[i], judge);
}

static void
medium_values (const KsmPosition *pos, const KsmMove *moves, int n_moves, double *values)
{
  MediumJudge judge;
  medium_judge_init (&judge, pos);
  medium_values_with (pos, moves, n_moves, &judge, values);
}

void
ksm_player_medium_values (const KsmPosition *pos, const KsmMove *moves, int n_moves,
                          double *values)
{
  medium_values (pos, moves, n_moves, values);
}

/* The moves' indices by value, best first; equal values keep their order */
static void
order_best_first (const double *values, int n_moves, int *order)
{
  for (int i = 0; i < n_moves; i++)
    {
      int k = i;
      for (; k > 0 && values[order[k - 1]] < values[i]; k--)
        order[k] = order[k - 1];
      order[k] = i;
    }
}

static int
best_of (const double *values, int n_moves)
{
  int best = 0;
  for (int i = 1; i < n_moves; i++)
    if (values[i] > values[best])
      best = i;
  return best;
}

/* ---- A learnt rollout policy (KsmPlayerOptions.policy_weights) ---- */

#define POLICY_MAX_WEIGHTS KSM_POLICY_N_WEIGHTS (KSM_POLICY_MAX_FEATURES)

/* The move's features for the policy, from the mover's side; false when
 * it ends the game, with *won saying whether the mover's team won */
static bool
policy_move_features (const KsmPosition *pos, const KsmMove *move, const MediumJudge *judge,
                      float *f, bool *won)
{
  const KsmRules *rules = ksm_rules_for (pos);
  KsmPosition after = *pos;
  KsmEffect effect;
  int me = pos->to_move;
  int team = rules->team_of (&pos->options, me);
  int n = KSM_POLICY_MOVE_FEATURES + rules->policy_n_features;

  rules->apply_move (&after, move, &effect);
  if (after.phase == KSM_PHASE_OVER)
    {
      KsmOutcome outcome;
      rules->outcome (&after, &outcome);
      *won = outcome.winning_team == team;
      return false;
    }
  /* Medium's counts: safe cells held, and the next throw's take */
  f[0] = (float) medium_add_safe_cells (rules, &after, team, judge, 0);
  f[1] = (float) medium_next_take (rules, &after, team, judge);
  f[2] = effect.captured;
  f[3] = after.phase == KSM_PHASE_MOVE && after.to_move == me;
  rules->policy_features (&after, me, f + KSM_POLICY_MOVE_FEATURES);
  /* a move inside a turn is judged otherwise than the turn's last: the
   * same features again, on only while the turn goes on */
  for (int i = 0; i < n; i++)
    f[n + i] = f[i] * f[3];
  return true;
}

static int
policy_choice (const KsmPosition *pos, const KsmMove *moves, int n_moves,
               const MediumJudge *judge, const float *weights)
{
  int n_weights = KSM_POLICY_N_WEIGHTS (ksm_rules_for (pos)->policy_n_features);
  int best = 0;
  double best_value = -HUGE_VAL;

  for (int i = 0; i < n_moves; i++)
    {
      float f[POLICY_MAX_WEIGHTS];
      bool won;
      double value = 0;
      if (!policy_move_features (pos, &moves[i], judge, f, &won))
        {
          if (won)
            return i;
          continue;
        }
      for (int k = 0; k < n_weights; k++)
        value += (double) weights[k] * f[k];
      if (value > best_value)
        {
          best_value = value;
          best = i;
        }
    }
  return best;
}

int
ksm_player_policy_choose (const KsmPosition *pos, const KsmMove *moves, int n_moves,
                          const float *weights)
{
  MediumJudge judge;
  medium_judge_init (&judge, pos);
  return policy_choice (pos, moves, n_moves, &judge, weights);
}

bool
ksm_player_policy_features (const KsmPosition *pos, const KsmMove *moves, int n_moves,
                            float *features)
{
  const KsmRules *rules = ksm_rules_for (pos);
  int n_weights = KSM_POLICY_N_WEIGHTS (rules->policy_n_features);
  MediumJudge judge;

  if (rules->policy_features == NULL)
    return false;
  medium_judge_init (&judge, pos);
  for (int i = 0; i < n_moves; i++)
    {
      bool won;
      if (!policy_move_features (pos, &moves[i], &judge, features + (size_t) i * n_weights, &won))
        return false;
    }
  return true;
}

/* ---- Hard by rollouts ---- */

static uint64_t
fnv1a (const void *data, size_t size)
{
  const uint8_t *bytes = data;
  uint64_t hash = 0xcbf29ce484222325ull;
  for (size_t b = 0; b < size; b++)
    hash = (hash ^ bytes[b]) * 0x100000001b3ull;
  return hash;
}

/* FNV-1a of the position's notation: the rollouts' seed, so that a
 * decision depends on the position only, never on the clock or the game's
 * own generator */
static uint64_t
position_seed (const KsmRules *rules, const KsmPosition *pos)
{
  char text[KSM_NOTATION_MAX];
  if (rules->format_position (pos, text, sizeof text) < 0)
    text[0] = '\0';
  return fnv1a (text, strlen (text));
}

/* Plays on from `pos` with Medium (or the policy) in every seat until a throw is due after
 * `horizon` throws (perhaps inside a sequence: the judge counts the throws
 * held), on throws drawn from `seed`, and returns `player`'s chance by the
 * judge. */
static double
rollout (const KsmRules *rules, const KsmPosition *start, int player, uint64_t seed, int horizon,
         const MediumJudge *judge, const float *policy)
{
  KsmPosition pos = *start;
  KsmRandom rng;
  KsmMove moves[KSM_MAX_MOVES];
  double values[KSM_MAX_MOVES];
  int throws = 0;

  ksm_random_seed (&rng, seed);
  while (pos.phase != KSM_PHASE_OVER)
    {
      if (pos.phase == KSM_PHASE_THROW)
        {
          if (throws >= horizon)
            break;
          rules->apply_throw (&pos, ksm_throw_sample (&rules->throws, &rng, NULL));
          throws++;
          continue;
        }
      int n = rules->legal_moves (&pos, moves);
      int chosen = 0;
      if (n > 1 && policy != NULL)
        chosen = policy_choice (&pos, moves, n, judge, policy);
      else if (n > 1)
        {
          medium_values_with (&pos, moves, n, judge, values);
          chosen = best_of (values, n);
        }
      rules->apply_move (&pos, &moves[chosen], NULL);
    }
  /* a game without an evaluation (a test's) is judged by pieces left */
  return rules->hard_evaluate != NULL ? rules->hard_evaluate (&pos, player)
         : ksm_search_chance (rules, &pos, player, rules->team_of (&pos.options, player));
}

/* ---- Rollouts of the turn planned whole (a screen: no level plays it yet) ---- */

/* Where the mover still holds throws of its turn, a move is only part of
 * what it does: Hard's rollouts leave the rest to Medium, one throw at a
 * time. Planned whole, the turn's ways to play every throw it holds are
 * walked (Medium's best few at each step, no deeper than a few steps), the
 * best few ends by Medium's measure of their last move are kept, and those
 * ends are rolled out: the move played is the first of the best. */
#define PLAN_BEAM       6     /* moves tried at each step of a plan, Medium's best */
#define PLAN_MAX_STEPS  8     /* a plan longer is judged where it stops */
#define PLAN_MAX_VISITS 4000  /* moves tried in all; the plans found by then are kept */

typedef struct {
  KsmPosition end;
  double      value;   /* Medium's measure of the plan's last move */
  int         first;   /* index of its first move, at the decision */
} TurnPlan;

typedef struct {
  const MediumJudge *judge;
  int                mover;
  TurnPlan           kept[KSM_PLAYER_MAX_PLANS];  /* best first */
  int                n_kept, max_kept;
  long               visits;
} PlanWalk;

static void
keep_plan (PlanWalk *walk, const KsmPosition *end, double value, int first)
{
  int at;

  /* two orders of the same throws often end alike: one of them is enough */
  for (int k = 0; k < walk->n_kept; k++)
    if (memcmp (&walk->kept[k].end, end, sizeof *end) == 0)
      return;
  if (walk->n_kept < walk->max_kept)
    at = walk->n_kept++;
  else if (value > walk->kept[walk->n_kept - 1].value)
    at = walk->n_kept - 1;
  else
    return;
  for (; at > 0 && walk->kept[at - 1].value < value; at--)
    walk->kept[at] = walk->kept[at - 1];
  walk->kept[at].end = *end;
  walk->kept[at].value = value;
  walk->kept[at].first = first;
}

static void
walk_turn (PlanWalk *walk, const KsmPosition *pos, int first, int steps)
{
  const KsmRules *rules = ksm_rules_for (pos);
  KsmMove moves[KSM_MAX_MOVES];
  double values[KSM_MAX_MOVES] = { 0 };  /* gcc cannot see medium_values_with fill it */
  int order[KSM_MAX_MOVES];
  int n = rules->legal_moves (pos, moves);

  medium_values_with (pos, moves, n, walk->judge, values);
  order_best_first (values, n, order);
  for (int j = 0; j < n && j < PLAN_BEAM; j++)
    {
      int i = order[j];
      int plan_first = first < 0 ? i : first;
      KsmPosition after = *pos;
      if (++walk->visits > PLAN_MAX_VISITS)
        return;
      rules->apply_move (&after, &moves[i], NULL);
      if (after.phase == KSM_PHASE_MOVE && after.to_move == walk->mover && steps + 1 < PLAN_MAX_STEPS)
        walk_turn (walk, &after, plan_first, steps + 1);
      else
        keep_plan (walk, &after, values[i], plan_first);
    }
}

static bool
turn_goes_on (const KsmRules *rules, const KsmPosition *pos, const KsmMove *moves, int n_moves)
{
  for (int i = 0; i < n_moves; i++)
    {
      KsmPosition after = *pos;
      rules->apply_move (&after, &moves[i], NULL);
      if (after.phase == KSM_PHASE_MOVE && after.to_move == pos->to_move)
        return true;
    }
  return false;
}

/* A decision's candidates, each rolled out on the same series of throws
 * from where it leads; the best so far is kept. */
typedef struct {
  const KsmRules    *rules;
  const MediumJudge *judge;
  const float       *policy;    /* the rollouts' player; NULL: Medium */
  int                player;
  int                n_rollouts;
  int                horizon;
  uint64_t           seed;
  int64_t            deadline;
  int                best;      /* the move: an index into the decision's moves */
  double             best_sum;
  double            *means;     /* where set, each candidate's mean by its move */
} RolloutRace;

/* Adds the rollouts `first` to `last` - 1 of the decision's series from
 * `from` to *sum. False when the clock's safety net stops it (the safety
 * net only). */
static bool
roll_series (RolloutRace *race, const KsmPosition *from, int first, int last, double *sum)
{
  for (int r = first; r < last; r++)
    {
      if (race->deadline > 0 && ksm_search_now_ns () > race->deadline)
        {
          atomic_fetch_add (&safety_stops, 1);
          return false;
        }
      *sum += rollout (race->rules, from, race->player,
                       race->seed + 0x9e3779b97f4a7c15ull * (uint64_t) (r + 1), race->horizon,
                       race->judge, race->policy);
    }
  return true;
}

/* Compares the candidate that plays `move`, rolled out whole to `sum`,
 * with the best so far */
static void
race_compare (RolloutRace *race, int move, double sum)
{
  if (race->means != NULL)
    race->means[move] = sum / race->n_rollouts;
  if (sum > race->best_sum)
    {
      race->best_sum = sum;
      race->best = move;
    }
}

/* Rolls out the candidate that plays `move` and leads to `from`. False
 * when the clock's safety net stops it: a candidate not rolled out whole
 * is not compared, the best of those that were is kept. */
static bool
race_candidate (RolloutRace *race, const KsmPosition *from, int move)
{
  double sum = 0;
  if (!roll_series (race, from, 0, race->n_rollouts, &sum))
    return false;
  race_compare (race, move, sum);
  return true;
}

/* Rolls out Medium's best `n_candidates` moves and returns the best */
static int
race_medium_best (RolloutRace *race, const KsmPosition *pos, const KsmMove *moves, int n_moves,
                  int n_candidates)
{
  double values[KSM_MAX_MOVES] = { 0 };  /* gcc cannot see medium_values_with fill it */
  int order[KSM_MAX_MOVES];

  medium_values_with (pos, moves, n_moves, race->judge, values);
  order_best_first (values, n_moves, order);
  if (n_candidates > n_moves)
    n_candidates = n_moves;
  /* a move that ends the game: nothing to roll out */
  if (values[order[0]] >= 1000)
    return order[0];

  race->best = order[0];
  for (int k = 0; k < n_candidates; k++)
    {
      KsmPosition child = *pos;
      race->rules->apply_move (&child, &moves[order[k]], NULL);
      if (!race_candidate (race, &child, order[k]))
        break;
    }
  return race->best;
}

/* Medium's measure misses the move the rollouts like best in about one
 * decision with a choice in five, which costs more than the rollouts'
 * own noise does (doc/computer-players.md), so every move is first rolled out `screen`
 * times, and the best `n_candidates` by those go on to the whole series,
 * its first `screen` rollouts the same. Moves that lead to the same
 * position (two pieces on one cell) are rolled out once, as the first of
 * them by Medium's order. Returns the best of them; where set,
 * race->means holds each move's mean: over the whole series for the
 * candidates and moves that lead where they do, over the screen for the
 * rest. */
static int
race_screened_best (RolloutRace *race, const KsmPosition *pos, const KsmMove *moves, int n_moves,
                    int n_candidates, int screen)
{
  double values[KSM_MAX_MOVES] = { 0 };  /* gcc cannot see medium_values_with fill it */
  double sums[KSM_MAX_MOVES] = { 0 };
  uint64_t hashes[KSM_MAX_MOVES];
  int order[KSM_MAX_MOVES], by_screen[KSM_MAX_MOVES], same_as[KSM_MAX_MOVES];
  int n_distinct = 0, k = 0;

  /* nothing to screen out: every move is rolled out whole */
  if (n_moves <= n_candidates || screen >= race->n_rollouts)
    return race_medium_best (race, pos, moves, n_moves, n_moves);
  medium_values_with (pos, moves, n_moves, race->judge, values);
  order_best_first (values, n_moves, order);
  if (values[order[0]] >= 1000)
    return order[0];

  for (; k < n_moves; k++)
    {
      int i = order[k];
      KsmPosition child = *pos;
      race->rules->apply_move (&child, &moves[i], NULL);
      hashes[i] = fnv1a (&child, sizeof child);
      same_as[i] = -1;
      for (int j = 0; j < n_distinct && same_as[i] < 0; j++)
        if (hashes[by_screen[j]] == hashes[i])
          {
            KsmPosition earlier = *pos;
            race->rules->apply_move (&earlier, &moves[by_screen[j]], NULL);
            if (memcmp (&earlier, &child, sizeof child) == 0)
              same_as[i] = by_screen[j];
          }
      if (same_as[i] >= 0)
        continue;
      if (!roll_series (race, &child, 0, screen, &sums[i]))
        break;
      /* by the screen, best first; Medium's order breaks ties */
      int at = n_distinct++;
      for (; at > 0 && sums[by_screen[at - 1]] < sums[i]; at--)
        by_screen[at] = by_screen[at - 1];
      by_screen[at] = i;
    }
  race->best = n_distinct > 0 ? by_screen[0] : order[0];
  if (k < n_moves)
    return race->best;
  if (race->means != NULL)
    for (int j = 0; j < n_distinct; j++)
      race->means[by_screen[j]] = sums[by_screen[j]] / screen;

  for (int j = 0; j < n_candidates && j < n_distinct; j++)
    {
      int i = by_screen[j];
      KsmPosition child = *pos;
      race->rules->apply_move (&child, &moves[i], NULL);
      if (!roll_series (race, &child, screen, race->n_rollouts, &sums[i]))
        break;
      race_compare (race, i, sums[i]);
    }
  if (race->means != NULL)
    for (int i = 0; i < n_moves; i++)
      if (same_as[i] >= 0)
        race->means[i] = race->means[same_as[i]];
  return race->best;
}

/* The best of the decision's candidates: Medium's best few, or the best
 * few by a screen of every move where `options` asks for one */
static int
race_best (RolloutRace *race, const KsmPlayerOptions *options, const KsmPosition *pos,
           const KsmMove *moves, int n_moves, int n_candidates)
{
  if (options->screen > 0)
    return race_screened_best (race, pos, moves, n_moves, n_candidates, options->screen);
  return race_medium_best (race, pos, moves, n_moves, n_candidates);
}

/* The race a decision's rollouts run under `options` (Hard's where they
 * set nothing), and in *n_candidates how many of Medium's best it rolls out */
static RolloutRace
rollout_race (const KsmPlayerOptions *options, const KsmPosition *pos, const MediumJudge *judge,
              int *n_candidates)
{
  const KsmRules *rules = ksm_rules_for (pos);
  *n_candidates = options->candidates > 0 ? options->candidates : rules->hard_candidates;
  return (RolloutRace) {
    .rules = rules, .judge = judge,
    .policy = rules->policy_features != NULL ? options->policy_weights : NULL,
    .player = pos->to_move,
    .n_rollouts = options->rollouts > 0 ? options->rollouts : rules->hard_rollouts,
    .horizon = options->horizon > 0 ? options->horizon : rules->hard_horizon,
    .seed = position_seed (rules, pos) ^ (options->series * 0xd6e8feb86659fd93ull),
    .deadline = hard_deadline (options),
    .best_sum = -1,
  };
}

static int
choose_by_rollouts (const KsmPlayerOptions *options, const KsmPosition *pos,
                    const KsmMove *moves, int n_moves)
{
  const KsmRules *rules = ksm_rules_for (pos);
  int n_candidates;
  MediumJudge judge;

  medium_judge_init (&judge, pos);
  RolloutRace race = rollout_race (options, pos, &judge, &n_candidates);

  if (options->plans > 0 && turn_goes_on (rules, pos, moves, n_moves))
    {
      PlanWalk walk = { .judge = &judge, .mover = pos->to_move,
                        .max_kept = options->plans < KSM_PLAYER_MAX_PLANS ? options->plans
                                    : KSM_PLAYER_MAX_PLANS };
      walk_turn (&walk, pos, -1, 0);
      race.best = walk.kept[0].first;
      /* a plan that ends the game: nothing to roll out */
      if (walk.kept[0].value >= 1000)
        return race.best;
      for (int k = 0; k < walk.n_kept; k++)
        if (!race_candidate (&race, &walk.kept[k].end, walk.kept[k].first))
          break;
      return race.best;
    }

  return race_best (&race, options, pos, moves, n_moves, n_candidates);
}

void
ksm_player_rollout_values (const KsmPlayerOptions *options, const KsmPosition *pos,
                           const KsmMove *moves, int n_moves, double *values)
{
  int n_candidates;
  MediumJudge judge;

  for (int i = 0; i < n_moves; i++)
    values[i] = -1;
  medium_judge_init (&judge, pos);
  RolloutRace race = rollout_race (options, pos, &judge, &n_candidates);
  race.deadline = 0;   /* training wants every mean, however long they take */
  race.means = values;
  race_best (&race, options, pos, moves, n_moves, n_candidates);
}

void
ksm_player_search_budget (const KsmPlayerOptions *options, const KsmPosition *pos,
                          int *depth, long *max_nodes)
{
  const KsmRules *rules = ksm_rules_for (pos);
  bool expert = options->level == KSM_LEVEL_EXPERT && rules->expert_n_features > 0;
  int hard_depth = rules->hard_depth > 0 ? rules->hard_depth : KSM_HARD_DEPTH;
  long hard_nodes = rules->hard_nodes > 0 ? rules->hard_nodes : KSM_HARD_NODES;

  *depth = options->depth > 0 ? options->depth
           : expert && rules->expert_depth > 0 ? rules->expert_depth : hard_depth;
  *max_nodes = options->max_nodes > 0 ? options->max_nodes
               : options->max_nodes < 0 ? 0
               : expert && rules->expert_nodes > 0 ? rules->expert_nodes
               : hard_nodes;
}

void
ksm_player_judge_options (KsmPlayerOptions *options)
{
  memset (options, 0, sizeof *options);
  options->level = KSM_JUDGE_LEVEL;
  options->budget_ms = KSM_NO_CLOCK_MS;
}

/* What a search is for: a choice, every move's exact value (hints), or
 * only the best move's value, which alpha-beta at the root finds with
 * fewer positions (the analysis's throws) */
typedef enum {
  AIM_CHOOSE,
  AIM_RANK,
  AIM_BEST,
} SearchAim;

/* Values of every move by iterative deepening: each depth completed
 * replaces the last. Each depth takes the moves best first by the depth
 * before, so when the node budget (or the clock's safety net) cuts one
 * short, the moves it finished are the likeliest best: for a choice the
 * best of those wins, and the rest, not reached, get -1; for hints and for
 * the best value the cut depth is thrown away. */
static void
search_values (const KsmPlayerOptions *options, const KsmPosition *pos,
               const KsmMove *moves, int n_moves, SearchAim aim, double *values)
{
  bool exact = aim == AIM_RANK;
  KsmSearch search;
  double trial[KSM_MAX_MOVES];
  int depth, first;

  ksm_search_init (&search, pos);
  if (options->level == KSM_LEVEL_HARD || options->level == KSM_LEVEL_EXPERT)
    {
      /* Expert is Hard with the learnt model and a budget of its own;
       * ksm_player_choose_with makes it Hard where a game has no model */
      ksm_player_search_budget (options, pos, &depth, &search.max_nodes);
      search.deadline_ns = hard_deadline (options);
      search.expert = options->level == KSM_LEVEL_EXPERT;
      if (options->expert_weights != NULL)
        search.expert_weights = options->expert_weights;
      search.free_forced = HARD_FREE_FORCED;
      first = 1;
    }
  else
    {
      depth = options->depth > 0 ? options->depth : MEDIUM_DEPTH;
      first = depth;
    }

  /* the shallowest depth always finishes: it is one evaluation a move */
  KsmSearch shallow = search;
  shallow.deadline_ns = 0;
  shallow.max_nodes = 0;
  ksm_search_root (&shallow, pos, moves, n_moves, first, exact, NULL, values);

  for (int d = first + 1; d <= depth; d++)
    {
      int order[KSM_MAX_MOVES];
      order_best_first (values, n_moves, order);
      search.nodes = 0;
      if (ksm_search_root (&search, pos, moves, n_moves, d, exact, order, trial))
        memcpy (values, trial, sizeof (double) * (size_t) n_moves);
      else
        {
          if (aim == AIM_CHOOSE && search.completed > 0)
            for (int k = 0; k < n_moves; k++)
              values[order[k]] = k < search.completed ? trial[order[k]] : -1.0;
          if (search.clock_stopped)
            atomic_fetch_add (&safety_stops, 1);
          break;
        }
    }
}

/* Expert where the game has no learnt model is Hard, rollouts and all,
 * with the game's own number of them for Expert (KsmRules.expert_rollouts,
 * expert_candidates, expert_screen) where it sets one; the ranking only
 * searches, so it ignores them */
static KsmPlayerOptions
without_missing_model (const KsmPlayerOptions *options, const KsmPosition *pos)
{
  const KsmRules *rules = ksm_rules_for (pos);
  KsmPlayerOptions played = *options;
  if (played.level == KSM_LEVEL_EXPERT && rules->expert_n_features <= 0)
    {
      played.level = KSM_LEVEL_HARD;
      if (played.rollouts <= 0)
        played.rollouts = rules->expert_rollouts;
      if (played.candidates <= 0)
        played.candidates = rules->expert_candidates;
      if (played.screen <= 0)
        played.screen = rules->expert_screen;
    }
  return played;
}

int
ksm_player_choose_with (const KsmPlayerOptions *given, const KsmPosition *pos,
                        const KsmMove *moves, int n_moves, KsmRandom *rng)
{
  double values[KSM_MAX_MOVES];

  if (n_moves <= 1)
    return 0;

  KsmPlayerOptions played = without_missing_model (given, pos);
  const KsmPlayerOptions *options = &played;

  switch (options->level)
    {
    case KSM_LEVEL_EASY:
      return choose_easy (pos, moves, n_moves, rng);

    case KSM_LEVEL_MEDIUM:
      if (options->depth > 1)
        search_values (options, pos, moves, n_moves, AIM_CHOOSE, values);
      else
        medium_values (pos, moves, n_moves, values);
      return best_of (values, n_moves);

    case KSM_LEVEL_HARD:
      if ((options->rollouts > 0 || ksm_rules_for (pos)->hard_rollouts > 0) && options->depth == 0)
        return choose_by_rollouts (options, pos, moves, n_moves);
      search_values (options, pos, moves, n_moves, AIM_CHOOSE, values);
      return best_of (values, n_moves);

    case KSM_LEVEL_EXPERT:
      search_values (options, pos, moves, n_moves, AIM_CHOOSE, values);
      return best_of (values, n_moves);

    case KSM_LEVEL_RANDOM:
    default:
      return (int) ksm_random_below (rng, (uint32_t) n_moves);
    }
}

int
ksm_player_choose (KsmLevel level, const KsmPosition *pos,
                   const KsmMove *moves, int n_moves, KsmRandom *rng)
{
  KsmPlayerOptions options = { .level = level };
  return ksm_player_choose_with (&options, pos, moves, n_moves, rng);
}

/* ---- hints ---- */

/* Who throws after `mover` when the turn passes. */
static int
other_side (const KsmRules *rules, const KsmPosition *after, int mover)
{
  if (after->to_move != mover)
    return after->to_move;
  return (mover + 1) % rules->n_players (&after->options);
}

static void
fill_exposure (const KsmPosition *pos, const KsmMove *move, KsmHint *hint)
{
  const KsmRules *rules = ksm_rules_for (pos);
  KsmPosition after = *pos;
  KsmEffect effect;
  KsmMove replies[KSM_MAX_MOVES];
  int mover = pos->to_move;

  rules->apply_move (&after, move, &effect);
  hint->captured = effect.captured;
  hint->throws_again = effect.throws_again;
  hint->exposed_total = 1 << rules->throws.n_objects;
  if (after.phase == KSM_PHASE_OVER)
    return;

  if (move->kind != KSM_MOVE_LOSE && move->to >= 0)
    {
      KsmCellContent content;
      rules->cell_content (&after, move->to, &content);
      hint->exposed_pieces = content.player == mover ? content.count : 0;
    }

  /* the other side's next throw, face by face */
  KsmPosition next = after;
  next.to_move = (uint8_t) other_side (rules, &after, mover);
  next.phase = KSM_PHASE_THROW;
  int loss = 0;
  for (int face = 0; face < rules->throws.n_faces; face++)
    {
      KsmPosition thrown = next;
      int weight = ksm_rules_face_weight (rules, face);
      int most = 0;

      rules->apply_throw (&thrown, face);
      int n = rules->legal_moves (&thrown, replies);
      for (int i = 0; i < n; i++)
        {
          if (replies[i].captured > most)
            most = replies[i].captured;
          if (replies[i].captured > 0 && hint->exposed_pieces > 0 && replies[i].to == move->to)
            hint->exposed_faces |= 1u << face;
        }
      loss += weight * most;
      if (hint->exposed_faces >> face & 1u)
        hint->exposed_weight += weight;
    }
  hint->expected_loss = (double) loss / hint->exposed_total;
}

static int
compare_hints (const void *a, const void *b)
{
  const KsmHint *x = a, *y = b;
  if (x->win_chance != y->win_chance)
    return x->win_chance > y->win_chance ? -1 : 1;
  return x->move - y->move;
}

/* Who ranks: the options given, else the judge; Expert without a model is
 * Hard, and the levels that do not search rank as Medium */
static KsmPlayerOptions
ranking_judge (const KsmPlayerOptions *options, const KsmPosition *pos)
{
  KsmPlayerOptions judge;

  if (options != NULL)
    judge = *options;
  else
    ksm_player_judge_options (&judge);
  judge = without_missing_model (&judge, pos);
  if (judge.level == KSM_LEVEL_RANDOM || judge.level == KSM_LEVEL_EASY)
    judge.level = KSM_LEVEL_MEDIUM;
  return judge;
}

int
ksm_player_rank (const KsmPlayerOptions *options, const KsmPosition *pos,
                 const KsmMove *moves, int n_moves, KsmHint *hints)
{
  KsmPlayerOptions judge = ranking_judge (options, pos);
  double values[KSM_MAX_MOVES];

  search_values (&judge, pos, moves, n_moves, AIM_RANK, values);
  for (int i = 0; i < n_moves; i++)
    {
      memset (&hints[i], 0, sizeof hints[i]);
      hints[i].move = i;
      hints[i].win_chance = values[i] < 0 ? 0 : values[i] > 1 ? 1 : values[i];
      fill_exposure (pos, &moves[i], &hints[i]);
    }
  qsort (hints, (size_t) n_moves, sizeof *hints, compare_hints);
  return n_moves;
}

double
ksm_player_best_chance (const KsmPlayerOptions *options, const KsmPosition *pos,
                        const KsmMove *moves, int n_moves)
{
  KsmPlayerOptions judge = ranking_judge (options, pos);
  double values[KSM_MAX_MOVES];
  double best = 0;

  search_values (&judge, pos, moves, n_moves, AIM_BEST, values);
  for (int i = 0; i < n_moves; i++)
    if (values[i] > best)
      best = values[i];
  return best > 1 ? 1 : best;
}

int
ksm_hint_describe (const KsmPosition *pos, const KsmHint *hint, char *buf, size_t size)
{
  const KsmRules *rules = ksm_rules_for (pos);
  int n_faces = __builtin_popcount (hint->exposed_faces);
  size_t used = 0;
  int seen = 0;

  if (n_faces == 0)
    return snprintf (buf, size, "safe from the next throw");

  used += (size_t) snprintf (buf, size, "open to ");
  for (int face = 0; face < rules->throws.n_faces; face++)
    {
      if (!(hint->exposed_faces >> face & 1u))
        continue;
      const char *name = rules->throws.faces[face].name;
      const char *article = strchr ("aeiou", name[0]) != NULL ? "an" : "a";
      const char *joint = seen == 0 ? "" : seen == n_faces - 1 ? " or " : ", ";
      used += (size_t) snprintf (used < size ? buf + used : NULL, used < size ? size - used : 0,
                                 "%s%s %s", joint, article, name);
      seen++;
    }
  used += (size_t) snprintf (used < size ? buf + used : NULL, used < size ? size - used : 0,
                             ": %d in %d", hint->exposed_weight, hint->exposed_total);
  return (int) used;
}
