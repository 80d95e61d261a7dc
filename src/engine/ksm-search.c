/* ksm-search.c: expectimax with chance nodes over the rules interface.
 *
 * Decisions are searched with alpha-beta bounds and throws with Ballard's
 * Star1 bounds: values lie in [0, 1], so once the faces seen make a chance
 * node's value certain to fall outside the window, the rest are skipped. The
 * result is the same as plain expectimax, found with fewer nodes. */
#include "ksm-search.h"

#include <math.h>
#include <string.h>
#include <time.h>

#define CHECK_EVERY 256   /* nodes between two looks at the clock */
#define NARROW      12    /* most moves of a decision that continues a turn uncounted */

int64_t
ksm_search_now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void
ksm_search_init (KsmSearch *search, const KsmPosition *pos)
{
  const KsmRules *rules = ksm_rules_for (pos);

  memset (search, 0, sizeof *search);
  search->rules = rules;
  search->expert_weights = rules->expert_weights;
  search->player = pos->to_move;
  search->team = rules->team_of (&pos->options, pos->to_move);
  for (int face = 0; face < rules->throws.n_faces; face++)
    search->weight[face] = ksm_rules_face_weight (rules, face);
  search->total = 1 << rules->throws.n_objects;

  /* the likeliest faces first: they settle a chance node's bounds soonest */
  search->n_faces = rules->throws.n_faces;
  for (int face = 0; face < search->n_faces; face++)
    {
      int k = face;
      for (; k > 0 && search->weight[search->face_order[k - 1]] < search->weight[face]; k--)
        search->face_order[k] = search->face_order[k - 1];
      search->face_order[k] = face;
    }
}

double
ksm_search_chance (const KsmRules *rules, const KsmPosition *pos, int player, int team)
{
  if (rules->evaluate != NULL)
    return rules->evaluate (pos, player);

  KsmOutcome outcome;
  rules->outcome (pos, &outcome);
  if (outcome.over)
    return outcome.winning_team < 0 ? 0.5 : outcome.winning_team == team ? 1.0 : 0.0;

  int mine = 0, all = 0;
  for (int p = 0; p < rules->n_players (&pos->options); p++)
    {
      int left = rules->pieces_left (pos, p);
      all += left;
      if (rules->team_of (&pos->options, p) == team)
        mine += left;
    }
  return all > 0 ? (double) mine / all : 0.5;
}

double
ksm_search_expert_chance (const KsmRules *rules, const KsmPosition *pos, int player, int team)
{
  return ksm_search_expert_chance_by (rules, rules->expert_weights, pos, player, team);
}

double
ksm_search_expert_chance_by (const KsmRules *rules, const float *weights,
                             const KsmPosition *pos, int player, int team)
{
  float features[KSM_EXPERT_MAX_FEATURES];
  KsmOutcome outcome;

  rules->outcome (pos, &outcome);
  if (outcome.over)
    return outcome.winning_team < 0 ? 0.5 : outcome.winning_team == team ? 1.0 : 0.0;

  rules->expert_features (pos, player, features);
  float score = 0;
  for (int i = 0; i < rules->expert_n_features; i++)
    score += weights[i] * features[i];
  return 1.0 / (1.0 + exp (-(double) score));
}

double
ksm_search_evaluate (const KsmSearch *search, const KsmPosition *pos)
{
  if (search->expert)
    return ksm_search_expert_chance_by (search->rules, search->expert_weights,
                                        pos, search->player, search->team);
  return ksm_search_chance (search->rules, pos, search->player, search->team);
}

static bool
out_of_time (KsmSearch *search)
{
  if (search->aborted)
    return true;
  search->nodes++;
  if (search->max_nodes > 0 && search->nodes > search->max_nodes)
    search->aborted = true;
  else if (search->deadline_ns > 0 && search->nodes % CHECK_EVERY == 0
           && ksm_search_now_ns () > search->deadline_ns)
    search->aborted = search->clock_stopped = true;
  return search->aborted;
}

static double decision_value (KsmSearch *search, const KsmPosition *pos, int depth,
                              int free, double alpha, double beta);

/* After a move: the next throw, or the end. */
static double
chance_value (KsmSearch *search, const KsmPosition *pos, int depth, int free,
              double alpha, double beta)
{
  if (depth <= 0 || pos->phase == KSM_PHASE_OVER)
    return ksm_search_evaluate (search, pos);
  if (pos->phase == KSM_PHASE_MOVE)
    return decision_value (search, pos, depth, free, alpha, beta);

  /* Star1: `sum` is what the faces seen give; the faces not yet seen give
   * between 0 and 1 each */
  double sum = 0;
  double left = search->total;
  for (int k = 0; k < search->n_faces; k++)
    {
      int face = search->face_order[k];
      double weight = search->weight[face];
      if (weight == 0)
        continue;
      left -= weight;
      double child_alpha = (alpha * search->total - sum - left) / weight;
      double child_beta = (beta * search->total - sum) / weight;
      KsmPosition child = *pos;
      search->rules->apply_throw (&child, face);
      child_alpha = child_alpha > 0 ? child_alpha : 0;
      child_beta = child_beta < 1 ? child_beta : 1;
      /* a throw that earns another (Asi Keliya's 1, 5 and So-hatara) is
       * another chance node; it counts as a level, or a long sequence
       * would multiply the faces without end */
      double value = child.phase == KSM_PHASE_THROW
                     ? chance_value (search, &child, depth - 1, free, child_alpha, child_beta)
                     : decision_value (search, &child, depth, free, child_alpha, child_beta);
      if (search->aborted)
        return 0.5;
      sum += weight * value;
      if (sum + left <= alpha * search->total)
        return (sum + left) / search->total;   /* fails low */
      if (sum >= beta * search->total)
        return sum / search->total;            /* fails high */
    }
  return sum / search->total;
}

/* Whether a decision whose move leaves `child` passes without counting
 * against the depth: the same player moving again with no throw between (the
 * rest of an Asi Keliya turn's throws), while the choices are few, so that
 * a turn is planned whole. */
static inline bool
continues_turn (const KsmPosition *pos, const KsmPosition *child, int n_moves, int free)
{
  return free > 0 && n_moves <= NARROW && child->phase == KSM_PHASE_MOVE
         && child->to_move == pos->to_move;
}

/* `free`: how many more forced decisions (one legal move: a lost throw, a
 * kasi that must start a piece) or continued turns may be passed without
 * counting against the depth; they see further where it is cheap. */
static double
decision_value (KsmSearch *search, const KsmPosition *pos, int depth, int free,
                double alpha, double beta)
{
  const KsmRules *rules = search->rules;
  KsmMove moves[KSM_MAX_MOVES];

  if (out_of_time (search))
    return 0.5;

  int n = rules->legal_moves (pos, moves);
  bool maximize = rules->team_of (&pos->options, pos->to_move) == search->team;
  double best = maximize ? -1.0 : 2.0;
  int order[KSM_MAX_MOVES];

  if (n == 1 && free > 0)
    {
      KsmPosition child = *pos;
      rules->apply_move (&child, &moves[0], NULL);
      return chance_value (search, &child, depth, free - 1, alpha, beta);
    }

  /* Near the leaves, captures first; higher up, the moves in the order the
   * evaluation ranks them, so that the best comes early and cuts the rest
   * short. */
  if (depth >= 2 && n > 1)
    {
      double guess[KSM_MAX_MOVES];
      for (int i = 0; i < n; i++)
        {
          KsmPosition child = *pos;
          rules->apply_move (&child, &moves[i], NULL);
          guess[i] = ksm_search_evaluate (search, &child);
          if (!maximize)
            guess[i] = -guess[i];
          int j = i;
          for (; j > 0 && guess[order[j - 1]] < guess[i]; j--)
            order[j] = order[j - 1];
          order[j] = i;
        }
    }
  else
    {
      int k = 0;
      for (int i = 0; i < n; i++)
        if (moves[i].captured > 0)
          order[k++] = i;
      for (int i = 0; i < n; i++)
        if (moves[i].captured == 0)
          order[k++] = i;
    }

  for (int k = 0; k < n; k++)
    {
      const KsmMove *move = &moves[order[k]];
      KsmPosition child = *pos;
      rules->apply_move (&child, move, NULL);
      bool same_turn = continues_turn (pos, &child, n, free);
      double value = chance_value (search, &child, same_turn ? depth : depth - 1,
                                   same_turn ? free - 1 : free, alpha, beta);
      if (search->aborted)
        return 0.5;
      if (maximize)
        {
          if (value > best)
            best = value;
          if (best > alpha)
            alpha = best;
        }
      else
        {
          if (value < best)
            best = value;
          if (best < beta)
            beta = best;
        }
      if (alpha >= beta)
        return best;
    }
  return best;
}

bool
ksm_search_root (KsmSearch *search, const KsmPosition *pos,
                 const KsmMove *moves, int n_moves, int depth, bool exact,
                 const int *order, double *values)
{
  double best = 0.0;

  search->completed = 0;
  for (int k = 0; k < n_moves; k++)
    {
      int i = order != NULL ? order[k] : k;
      KsmPosition child = *pos;
      search->rules->apply_move (&child, &moves[i], NULL);
      bool same_turn = continues_turn (pos, &child, n_moves, search->free_forced);
      values[i] = chance_value (search, &child, same_turn ? depth : depth - 1,
                                search->free_forced - same_turn, exact ? 0.0 : best, 1.0);
      if (search->aborted)
        return false;
      search->completed = k + 1;
      /* a bound that only ties the best is no better than it */
      if (!exact && k > 0 && values[i] == best)
        values[i] = best - 1e-12;
      if (values[i] > best)
        best = values[i];
    }
  return true;
}
