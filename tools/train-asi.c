/* tools/train-asi.c: fits Asi Keliya's evaluation for Hard
 * (ksm-asi-eval.h) to the results of self-play, and plays trial matches.
 * Not built by default:
 *
 *   ninja -C BUILD tools/train-asi
 *   BUILD/tools/train-asi fit [--games N] [--seed S] [--rate K] [--play P]
 *   BUILD/tools/train-asi match --a P --b P [--games N] [--seed S] [--w w0,w1,...]
 *
 * fit plays N games of P (medium) against itself, records the features of
 * one position in K (after a throw or a move), each with whether the team
 * seen went on to win, and fits a logistic regression (Newton's method, a
 * little L2). match plays N games, a's team alternating seats and each pair
 * of games throwing the same cowries, as kasimala-cli's tournament does.
 * Players: medium, easy, hard (the engine's: by rollouts, or with --depth
 * the search, --nodes to cap it), roll (Hard's rollouts with --n rollouts a
 * move, --h throws each, --k moves; the weights given judge their ends),
 * greedy (the model one move ahead), mlike (Medium's measure with the model
 * in place of the game's evaluation), policy (the rollout policy alone:
 * the one built in, or --pw FILE), expert (Expert's rollouts played by
 * that policy).
 *
 *   BUILD/tools/train-asi policy [--games N] [--seed S] [--rate K] [--n R] [--k C]
 *                                [--fits I1,I2,...] [--check G] [--jobs J] [--data FILE]
 *
 * policy learns a policy that plays rollouts (KsmPlayerOptions.policy_weights):
 * it plays N games of Medium against itself, and at one decision in K of
 * more than one move rolls out Medium's C best moves R times each, as Hard's
 * rollouts do (with --data, these decisions are kept in FILE and read from
 * it when it holds the same games); it then fits the weights of the moves'
 * features so that the policy's choice, softened, has the best rollouts' mean
 * (gradient ascent from Medium-like weights, on 80% of the decisions; the
 * rest measure the loss against the best move rolled out), keeping the
 * weights after I1, I2, ... steps. With G, each of those plays G games
 * against Medium (seed S+1), the best is kept and plays G others (seed
 * S+2). It prints the weights kept as data/expert/asi-keliya-policy.weights
 * holds them. The result does not depend on J.
 *
 *   BUILD/tools/train-asi regret [--games N] [--seed S] [--rate K] [--n R] [--jobs J]
 *
 * regret measures how much ways of choosing by rollouts give away by the
 * rollouts' own measure: Hard plays itself N games, and at one decision in
 * K of more than one move every move is rolled out R times on another
 * series of throws than the players' (KsmPlayerOptions.series); each way's
 * regret is the best move's mean less the mean of the move it plays. It
 * prints each way's mean regret with its standard error, and how often
 * the best move is not among Medium's best 4. The result does not depend
 * on J. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ksm-asi-eval.h"
#include "ksm-player.h"
#include "ksm-random.h"
#include "ksm-rules.h"

#define NF KSM_ASI_N_FEATURES

static long max_nodes = 0;
static int hard_depth = 0;
static int budget_ms = 0;
static int roll_n = 16, roll_h = 24, roll_k = 4;
/* the first game's index, so that one match may be shared among processes */
static int first_game = 0;

typedef struct {
  float *x, *y;
  size_t n, cap;
} Data;

static void
push (Data *d, const double *f, float y)
{
  if (d->n == d->cap)
    {
      d->cap = d->cap ? d->cap * 2 : 1 << 16;
      d->x = realloc (d->x, d->cap * NF * sizeof (float));
      d->y = realloc (d->y, d->cap * sizeof (float));
    }
  for (int i = 0; i < NF; i++)
    d->x[d->n * NF + i] = (float) f[i];
  d->y[d->n++] = y;
}

/* Medium's measure with the model for the race (see ksm-player.c) */
static double
expected_capture (const KsmRules *R, const KsmPosition *pos, int player)
{
  KsmPosition next = *pos;
  KsmMove moves[KSM_MAX_MOVES];
  int sum = 0;
  next.to_move = (uint8_t) player;
  next.phase = KSM_PHASE_THROW;
  for (int face = 0; face < R->throws.n_faces; face++)
    {
      KsmPosition thrown = next;
      int most = 0;
      R->apply_throw (&thrown, face);
      int n = R->legal_moves (&thrown, moves);
      for (int i = 0; i < n; i++)
        if (moves[i].captured > most)
          most = moves[i].captured;
      sum += ksm_rules_face_weight (R, face) * most;
    }
  return sum / 64.0;
}

static double
mlike_value (const KsmPosition *pos, const KsmMove *move)
{
  const KsmRules *R = ksm_rules_for (pos);
  KsmPosition after = *pos;
  int me = pos->to_move, team = me & 1;
  double value;
  R->apply_move (&after, move, NULL);
  if (after.phase == KSM_PHASE_OVER)
    {
      KsmOutcome outcome;
      R->outcome (&after, &outcome);
      return outcome.winning_team == team ? 1000 : -1000;
    }
  value = 3.0 * ksm_asi_model (&after, me, ksm_asi_hard_weights);
  if (after.phase == KSM_PHASE_THROW)
    {
      int next = after.to_move;
      double now = expected_capture (R, &after, next);
      value += (next & 1) == team ? now : -now;
    }
  return value;
}

/* the policy's weights for the policy player; the built-in fit's at first */
static float policy_w[KSM_POLICY_N_WEIGHTS (KSM_ASI_POLICY_N_FEATURES)];
#define PW ((int) (sizeof policy_w / sizeof policy_w[0]))

static int
choose (const char *kind, const KsmPosition *pos, const KsmMove *moves, int n, KsmRandom *rng)
{
  if (n <= 1)
    return 0;
  if (strcmp (kind, "policy") == 0)
    return ksm_player_policy_choose (pos, moves, n, policy_w);
  if (strcmp (kind, "greedy") == 0 || strcmp (kind, "mlike") == 0)
    {
      int best = 0;
      double best_v = -1e18;
      for (int i = 0; i < n; i++)
        {
          double v;
          if (kind[0] == 'g')
            {
              KsmPosition after = *pos;
              ksm_rules_for (pos)->apply_move (&after, &moves[i], NULL);
              v = ksm_asi_model (&after, pos->to_move, ksm_asi_hard_weights);
            }
          else
            v = mlike_value (pos, &moves[i]);
          if (v > best_v)
            best_v = v, best = i;
        }
      return best;
    }
  KsmPlayerOptions options = { .level = KSM_LEVEL_MEDIUM };
  if (strcmp (kind, "easy") == 0)
    options.level = KSM_LEVEL_EASY;
  else if (strcmp (kind, "roll") == 0)
    options = (KsmPlayerOptions) { .level = KSM_LEVEL_HARD, .rollouts = roll_n,
                                   .horizon = roll_h, .candidates = roll_k };
  else if (strcmp (kind, "expert") == 0)
    options = (KsmPlayerOptions) { .level = KSM_LEVEL_EXPERT, .policy_weights = policy_w };
  else if (strcmp (kind, "hard") == 0)
    options = (KsmPlayerOptions) { .level = KSM_LEVEL_HARD, .depth = hard_depth,
                                   .budget_ms = budget_ms, .max_nodes = max_nodes };
  return ksm_player_choose_with (&options, pos, moves, n, rng);
}

static uint64_t
mix (uint64_t x)
{
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/* a's share of n games; with d, records one position in `rate` */
static double
play (int games, uint64_t seed, const char *a, const char *b, Data *d, int rate)
{
  const KsmRules *R = ksm_rules_lookup ("asi-keliya");
  KsmOptions options;
  int wins = 0;
  R->default_options (&options);
  for (int g = first_game; g < first_game + games; g++)
    {
      KsmRandom throws_rng, rng, sample_rng;
      KsmPosition pos;
      KsmMove moves[KSM_MAX_MOVES];
      KsmOutcome outcome;
      size_t start = d ? d->n : 0;
      static int team_seen[1 << 16];
      int a_team = g % 2;

      ksm_random_seed (&throws_rng, mix (seed * 1000003ull + (uint64_t) (g / 2)));
      ksm_random_seed (&rng, mix (seed * 7919ull + (uint64_t) g + 12345));
      ksm_random_seed (&sample_rng, mix (seed * 31ull + (uint64_t) g + 777));
      R->init (&pos, &options);
      while (pos.phase != KSM_PHASE_OVER)
        {
          if (d != NULL && ksm_random_below (&sample_rng, (uint32_t) rate) == 0
              && d->n - start < (1 << 16))
            {
              double f[NF];
              int seen = pos.to_move & 1;
              if (ksm_random_below (&sample_rng, 2))
                seen ^= 1;
              if (ksm_asi_features (&pos, seen, f))
                {
                  team_seen[d->n - start] = seen;
                  push (d, f, 0);
                }
            }
          if (pos.phase == KSM_PHASE_THROW)
            {
              R->apply_throw (&pos, ksm_throw_sample (&R->throws, &throws_rng, NULL));
              continue;
            }
          int n = R->legal_moves (&pos, moves);
          int chosen = choose ((pos.to_move & 1) == a_team ? a : b, &pos, moves, n, &rng);
          R->apply_move (&pos, &moves[chosen], NULL);
        }
      R->outcome (&pos, &outcome);
      if (outcome.winning_team == a_team)
        wins++;
      if (d != NULL)
        for (size_t i = start; i < d->n; i++)
          d->y[i] = outcome.winning_team == team_seen[i - start] ? 1.0f : 0.0f;
    }
  return (double) wins / games;
}

static void
solve (double a[NF][NF], double *b, double *x, int n)
{
  for (int c = 0; c < n; c++)
    {
      int p = c;
      for (int r = c + 1; r < n; r++)
        if (fabs (a[r][c]) > fabs (a[p][c]))
          p = r;
      for (int k = 0; k < n; k++)
        {
          double t = a[c][k]; a[c][k] = a[p][k]; a[p][k] = t;
        }
      double t = b[c]; b[c] = b[p]; b[p] = t;
      for (int r = c + 1; r < n; r++)
        {
          double m = a[r][c] / a[c][c];
          for (int k = c; k < n; k++)
            a[r][k] -= m * a[c][k];
          b[r] -= m * b[c];
        }
    }
  for (int r = n - 1; r >= 0; r--)
    {
      double s = b[r];
      for (int k = r + 1; k < n; k++)
        s -= a[r][k] * x[k];
      x[r] = s / a[r][r];
    }
}

/* fits the features whose bit is set in `use`; returns the mean log loss */
static double
fit (const Data *d, unsigned use, double *w, double l2)
{
  int idx[NF], m = 0;
  double loss = 0;
  for (int i = 0; i < NF; i++)
    {
      if (use >> i & 1u)
        idx[m++] = i;
      else
        w[i] = 0;
    }
  for (int iter = 0; iter < 15; iter++)
    {
      static double h[NF][NF];
      double g[NF] = { 0 }, step[NF];
      memset (h, 0, sizeof h);
      loss = 0;
      for (size_t r = 0; r < d->n; r++)
        {
          const float *x = &d->x[r * NF];
          double z = 0;
          for (int k = 0; k < m; k++)
            z += w[idx[k]] * x[idx[k]];
          double p = 1 / (1 + exp (-z)), y = d->y[r];
          loss -= y * log (p + 1e-12) + (1 - y) * log (1 - p + 1e-12);
          for (int k = 0; k < m; k++)
            {
              g[k] += (p - y) * x[idx[k]];
              for (int j = 0; j < m; j++)
                h[k][j] += p * (1 - p) * x[idx[k]] * x[idx[j]];
            }
        }
      for (int k = 0; k < m; k++)
        {
          g[k] += l2 * w[idx[k]] * d->n;
          h[k][k] += l2 * d->n;
        }
      solve (h, g, step, m);
      for (int k = 0; k < m; k++)
        w[idx[k]] -= step[k];
    }
  return loss / d->n;
}

static void
parse_weights (const char *text, double *w)
{
  char *end;
  for (int i = 0; i < NF; i++)
    w[i] = 0;
  for (int i = 0; i < NF && *text; i++)
    {
      w[i] = strtod (text, &end);
      text = *end == ',' ? end + 1 : end;
    }
}

/* ---- the rollout policy (policy) ---- */

typedef struct {
  float  *x, *q;      /* each move's features and rollouts' mean (-1: not rolled out) */
  size_t  n_rows, cap_rows;
  int    *start;      /* each decision's first row */
  size_t  n_decisions, cap_decisions;
} Decisions;

static void
decisions_push (Decisions *d, const float *features, const double *values, int n)
{
  if (d->n_rows + (size_t) n > d->cap_rows)
    {
      d->cap_rows = (d->cap_rows + (size_t) n) * 2;
      d->x = realloc (d->x, d->cap_rows * PW * sizeof (float));
      d->q = realloc (d->q, d->cap_rows * sizeof (float));
    }
  if (d->n_decisions + 2 > d->cap_decisions)
    {
      d->cap_decisions = (d->cap_decisions + 2) * 2;
      d->start = realloc (d->start, d->cap_decisions * sizeof (int));
    }
  memcpy (d->x + d->n_rows * PW, features, (size_t) n * PW * sizeof (float));
  for (int i = 0; i < n; i++)
    d->q[d->n_rows + (size_t) i] = (float) values[i];
  d->start[d->n_decisions++] = (int) d->n_rows;
  d->n_rows += (size_t) n;
  d->start[d->n_decisions] = (int) d->n_rows;
}

static struct {
  int        games, rate, rollouts, candidates;
  uint64_t   seed;
  Decisions *by_game;
  int        next;
  pthread_mutex_t lock;
} label = { .lock = PTHREAD_MUTEX_INITIALIZER };

/* Medium's self-play, game g: its sampled decisions with their rollouts */
static void
label_game (int g, Decisions *d)
{
  const KsmRules *R = ksm_rules_lookup ("asi-keliya");
  KsmOptions options;
  KsmRandom throws_rng, sample_rng;
  KsmPosition pos;
  KsmMove moves[KSM_MAX_MOVES];
  static _Thread_local float f[KSM_MAX_MOVES * PW];
  double values[KSM_MAX_MOVES];
  KsmPlayerOptions medium = { .level = KSM_LEVEL_MEDIUM };
  KsmPlayerOptions roll = { .level = KSM_LEVEL_HARD, .rollouts = label.rollouts,
                            .candidates = label.candidates };

  R->default_options (&options);
  ksm_random_seed (&throws_rng, mix (label.seed * 1000003ull + (uint64_t) g));
  ksm_random_seed (&sample_rng, mix (label.seed * 31ull + (uint64_t) g + 777));
  R->init (&pos, &options);
  while (pos.phase != KSM_PHASE_OVER)
    {
      if (pos.phase == KSM_PHASE_THROW)
        {
          R->apply_throw (&pos, ksm_throw_sample (&R->throws, &throws_rng, NULL));
          continue;
        }
      int n = R->legal_moves (&pos, moves);
      if (n > 1 && ksm_random_below (&sample_rng, (uint32_t) label.rate) == 0
          && ksm_player_policy_features (&pos, moves, n, f))
        {
          ksm_player_rollout_values (&roll, &pos, moves, n, values);
          decisions_push (d, f, values, n);
        }
      R->apply_move (&pos, &moves[n > 1 ? ksm_player_choose_with (&medium, &pos, moves, n, NULL) : 0], NULL);
    }
}

static void *
label_worker (void *data)
{
  for (;;)
    {
      pthread_mutex_lock (&label.lock);
      int g = label.next++;
      pthread_mutex_unlock (&label.lock);
      if (g >= label.games)
        return data;
      label_game (g, &label.by_game[g]);
      fputc ('.', stderr);
    }
}

/* The policy's loss at a decision: the best rollouts' mean less that of
 * the move it plays (argmax), and less its softened choice's (softmax) */
#define MAX_SNAPSHOTS 8

/* Fits from v for `iters` steps; the weights at each step named in
 * `at` (n_at of them, rising) are kept in `kept` */
static void
policy_fit (const Decisions *d, int iters, double *v, const int *at, int n_at,
            double (*kept)[PW])
{
  int next_at = 0;
  size_t n_train = d->n_decisions * 8 / 10;
  double mu[PW] = { 0 }, sd[PW] = { 0 }, m1[PW] = { 0 }, m2[PW] = { 0 };
  float *q = malloc (d->n_rows * sizeof (float));

  /* a move not rolled out counts as a little worse than the worst that was */
  for (size_t k = 0; k < d->n_decisions; k++)
    {
      float low = 2;
      for (int r = d->start[k]; r < d->start[k + 1]; r++)
        if (d->q[r] >= 0 && d->q[r] < low)
          low = d->q[r];
      for (int r = d->start[k]; r < d->start[k + 1]; r++)
        q[r] = d->q[r] >= 0 ? d->q[r] : low - 0.02f;
    }
  for (size_t r = 0; r < d->n_rows; r++)
    for (int j = 0; j < PW; j++)
      mu[j] += d->x[r * PW + j];
  for (int j = 0; j < PW; j++)
    mu[j] /= (double) d->n_rows;
  for (size_t r = 0; r < d->n_rows; r++)
    for (int j = 0; j < PW; j++)
      sd[j] += (d->x[r * PW + j] - mu[j]) * (d->x[r * PW + j] - mu[j]);
  for (int j = 0; j < PW; j++)
    {
      sd[j] = sqrt (sd[j] / (double) d->n_rows);
      if (sd[j] < 1e-9)
        sd[j] = 1;
      v[j] *= sd[j];   /* the weights of standardised features */
    }
  for (int it = 0; it <= iters; it++)
    {
      double grad[PW] = { 0 }, hard[2] = { 0 }, soft[2] = { 0 };
      for (size_t k = 0; k < d->n_decisions; k++)
        {
          int set = k >= n_train, r0 = d->start[k], r1 = d->start[k + 1], played = 0;
          double score[KSM_MAX_MOVES], top = -1e300, z = 0, best_q = -1, mean_q = 0;
          for (int r = r0; r < r1; r++)
            {
              double t = 0;
              for (int j = 0; j < PW; j++)
                t += v[j] * (d->x[(size_t) r * PW + j] - mu[j]) / sd[j];
              score[r - r0] = t;
              if (t > top)
                top = t, played = r;
              if (q[r] > best_q)
                best_q = q[r];
            }
          for (int r = r0; r < r1; r++)
            z += exp (score[r - r0] - top);
          for (int r = r0; r < r1; r++)
            mean_q += exp (score[r - r0] - top) / z * q[r];
          hard[set] += best_q - q[played];
          soft[set] += best_q - mean_q;
          if (set)
            continue;
          for (int r = r0; r < r1; r++)
            {
              double g = exp (score[r - r0] - top) / z * (q[r] - mean_q);
              for (int j = 0; j < PW; j++)
                grad[j] += g * (d->x[(size_t) r * PW + j] - mu[j]) / sd[j];
            }
        }
      size_t n_held = d->n_decisions - n_train;
      if (it % 100 == 0 || it == iters)
        fprintf (stderr, "step %d: loss a decision, trained on %.5f (softened %.5f), held out %.5f (%.5f)\n",
                 it, hard[0] / (double) n_train, soft[0] / (double) n_train,
                 hard[1] / (double) n_held, soft[1] / (double) n_held);
      for (; next_at < n_at && at[next_at] == it; next_at++)
        for (int j = 0; j < PW; j++)
          kept[next_at][j] = v[j] / sd[j];
      if (it == iters)
        break;
      /* Adam, ascending */
      for (int j = 0; j < PW; j++)
        {
          double g = -grad[j] / (double) n_train;
          m1[j] = 0.9 * m1[j] + 0.1 * g;
          m2[j] = 0.999 * m2[j] + 0.001 * g * g;
          v[j] -= 0.05 * (m1[j] / (1 - pow (0.9, it + 1)))
                  / (sqrt (m2[j] / (1 - pow (0.999, it + 1))) + 1e-8);
        }
    }
  for (int j = 0; j < PW; j++)
    v[j] /= sd[j];
  free (q);
}

static const char *
policy_feature_name (int j, char *buf, size_t size)
{
  static const char *const own[KSM_POLICY_MOVE_FEATURES] = {
    "safe_cells", "next_take", "taken", "turn_goes_on",
  };
  int n = PW / 2, i = j % n;
  const char *name = i < KSM_POLICY_MOVE_FEATURES ? own[i]
                     : i - KSM_POLICY_MOVE_FEATURES < KSM_ASI_N_FEATURES
                     ? ksm_asi_feature_names[i - KSM_POLICY_MOVE_FEATURES] : "chance";
  snprintf (buf, size, "%s%s", name, j >= n ? " x turn_goes_on" : "");
  return buf;
}

/* a weights file as data/expert/asi-keliya-policy.weights holds them */
static bool
read_policy (const char *path)
{
  FILE *file = fopen (path, "r");
  char line[256];
  int n = 0;
  if (file == NULL)
    {
      perror (path);
      return false;
    }
  while (fgets (line, sizeof line, file) != NULL)
    {
      char *end;
      double w = strtod (line, &end);
      if (end != line && n < PW)
        policy_w[n++] = (float) w;
    }
  fclose (file);
  if (n != PW)
    fprintf (stderr, "%s: %d weights, not %d\n", path, n, PW);
  return n == PW;
}

/* The labelled decisions, kept so that fits can be tried again without
 * playing the games: a line that says how they were made, then the arrays */
static bool
decisions_load (Decisions *d, const char *path, const char *made)
{
  FILE *file = fopen (path, "rb");
  char line[256];
  size_t counts[2];
  bool ok = false;

  if (file == NULL)
    return false;
  if (fgets (line, sizeof line, file) != NULL && strcmp (line, made) == 0
      && fread (counts, sizeof counts, 1, file) == 1)
    {
      d->n_decisions = d->cap_decisions = counts[0];
      d->n_rows = d->cap_rows = counts[1];
      d->start = malloc ((d->n_decisions + 1) * sizeof (int));
      d->x = malloc (d->n_rows * PW * sizeof (float));
      d->q = malloc (d->n_rows * sizeof (float));
      ok = fread (d->start, sizeof (int), d->n_decisions + 1, file) == d->n_decisions + 1
           && fread (d->x, sizeof (float) * PW, d->n_rows, file) == d->n_rows
           && fread (d->q, sizeof (float), d->n_rows, file) == d->n_rows;
    }
  fclose (file);
  if (!ok)
    fprintf (stderr, "%s: not data of these games; playing them\n", path);
  return ok;
}

static void
decisions_save (const Decisions *d, const char *path, const char *made)
{
  FILE *file = fopen (path, "wb");
  size_t counts[2] = { d->n_decisions, d->n_rows };

  if (file == NULL
      || fputs (made, file) < 0
      || fwrite (counts, sizeof counts, 1, file) != 1
      || fwrite (d->start, sizeof (int), d->n_decisions + 1, file) != d->n_decisions + 1
      || fwrite (d->x, sizeof (float) * PW, d->n_rows, file) != d->n_rows
      || fwrite (d->q, sizeof (float), d->n_rows, file) != d->n_rows)
    perror (path);
  if (file != NULL)
    fclose (file);
}

static void
label_games (Decisions *all, int games, uint64_t seed, int rate, int jobs)
{
  pthread_t threads[8];

  label.games = games;
  label.seed = seed;
  label.rate = rate;
  label.rollouts = roll_n;
  label.candidates = roll_k;
  label.by_game = calloc ((size_t) games, sizeof (Decisions));
  jobs = jobs < 1 ? 1 : jobs > 8 ? 8 : jobs;
  for (int i = 0; i < jobs; i++)
    pthread_create (&threads[i], NULL, label_worker, NULL);
  for (int i = 0; i < jobs; i++)
    pthread_join (threads[i], NULL);
  /* in the games' order, so that the fit does not depend on the threads */
  for (int g = 0; g < games; g++)
    {
      Decisions *d = &label.by_game[g];
      for (size_t k = 0; k < d->n_decisions; k++)
        {
          double values[KSM_MAX_MOVES];
          int n = d->start[k + 1] - d->start[k];
          for (int i = 0; i < n; i++)
            values[i] = d->q[d->start[k] + i];
          decisions_push (all, d->x + (size_t) d->start[k] * PW, values, n);
        }
      free (d->x);
      free (d->q);
      free (d->start);
    }
  free (label.by_game);
}

static const char *data_path;   /* --data */

static int
policy_main (int games, uint64_t seed, int rate, const char *fits, int check, int jobs)
{
  Decisions all = { 0 };
  double v[PW] = { 0 };
  struct timespec t0, t1;
  char name[64], made[256];

  snprintf (made, sizeof made, "train-asi policy data: --games %d --seed %llu --rate %d --n %d --k %d, %d features\n",
            games, (unsigned long long) seed, rate, roll_n, roll_k, PW);
  clock_gettime (CLOCK_MONOTONIC, &t0);
  if (data_path == NULL || !decisions_load (&all, data_path, made))
    {
      label_games (&all, games, seed, rate, jobs);
      if (data_path != NULL)
        decisions_save (&all, data_path, made);
    }
  clock_gettime (CLOCK_MONOTONIC, &t1);
  fprintf (stderr, "%zu decisions of %d games, %.0f s\n", all.n_decisions, games,
           (double) (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9);

  /* from Medium's measure: safe cells, the next throw's take, 3 times the chance */
  v[0] = 1;
  v[1] = 1;
  v[KSM_POLICY_MOVE_FEATURES + KSM_ASI_N_FEATURES] = 3;
  /* the steps to try: the last of them is the fit's length */
  int at[MAX_SNAPSHOTS], n_at = 0;
  double kept[MAX_SNAPSHOTS][PW];
  for (const char *c = fits; *c != '\0' && n_at < MAX_SNAPSHOTS;)
    {
      char *end;
      long step = strtol (c, &end, 10);
      if (end == c || step < 0 || (n_at > 0 && step <= at[n_at - 1]))
        {
          fprintf (stderr, "--fits: rising steps, as 200,400,800\n");
          return 2;
        }
      at[n_at++] = (int) step;
      c = *end == ',' ? end + 1 : end;
    }
  policy_fit (&all, at[n_at - 1], v, at, n_at, kept);

  /* The fits are told apart by their games against Medium, not by the
   * loss: one fit's lead in it is far within the rollouts' noise. The
   * chosen one is then measured on other games. */
  int chosen = n_at - 1;
  if (check > 0 && n_at > 1)
    {
      double best_share = -1;
      for (int s = 0; s < n_at; s++)
        {
          for (int j = 0; j < PW; j++)
            policy_w[j] = (float) kept[s][j];
          double share = play (check, seed + 1, "policy", "medium", NULL, 1);
          fprintf (stderr, "step %d: policy vs medium, %d games (seed %llu): %.1f%%\n", at[s], check,
                   (unsigned long long) seed + 1, 100 * share);
          if (share > best_share)
            best_share = share, chosen = s;
        }
    }
  for (int j = 0; j < PW; j++)
    policy_w[j] = (float) (v[j] = kept[chosen][j]);
  if (check > 0)
    {
      double share = play (check, seed + 2, "policy", "medium", NULL, 1);
      fprintf (stderr, "step %d chosen: policy vs medium, %d other games (seed %llu): %.1f%% (+-%.1f)\n",
               at[chosen], check, (unsigned long long) seed + 2, 100 * share,
               196 * sqrt (share * (1 - share) / check));
    }
  printf ("# Asi Keliya: the weights of a policy that plays rollouts\n"
          "# (KsmPlayerOptions.policy_weights), one a line in the order of its\n"
          "# features. Written by tools/train-asi.c: policy --games %d --seed %llu\n"
          "# --rate %d --n %d --k %d --fits %s --check %d; the build\n"
          "# makes them into ksm_asi_keliya_policy_weights, which no level plays.\n", games, (unsigned long long) seed, rate,
          roll_n, roll_k, fits, check);
  for (int j = 0; j < PW; j++)
    printf ("%.6g # %s\n", v[j], policy_feature_name (j, name, sizeof name));
  return 0;
}

/* ---- regret ---- */

typedef struct {
  const char      *name;
  KsmPlayerOptions options;
} RegretWay;

static const RegretWay regret_ways[] = {
  { "hard (32 a move over Medium's 4)", { .level = KSM_LEVEL_HARD } },
  { "128 a move over Medium's 4", { .level = KSM_LEVEL_HARD, .rollouts = 128 } },
  { "512 a move over Medium's 4", { .level = KSM_LEVEL_HARD, .rollouts = 512 } },
  { "32 a move over every move", { .level = KSM_LEVEL_HARD, .candidates = KSM_MAX_MOVES } },
  { "128 a move over every move", { .level = KSM_LEVEL_HARD, .rollouts = 128, .candidates = KSM_MAX_MOVES } },
  { "expert", { .level = KSM_LEVEL_EXPERT } },
};
#define N_WAYS (int) (sizeof regret_ways / sizeof regret_ways[0])

typedef struct {
  KsmPosition *positions;
  int          n, next;
  double      *regret;       /* [position * N_WAYS + way] */
  bool        *beyond_medium;
  pthread_mutex_t lock;
} RegretRun;

static void *
regret_worker (void *data)
{
  RegretRun *run = data;
  const KsmRules *R = ksm_rules_lookup ("asi-keliya");
  for (;;)
    {
      pthread_mutex_lock (&run->lock);
      int i = run->next++;
      pthread_mutex_unlock (&run->lock);
      if (i >= run->n)
        return NULL;

      const KsmPosition *pos = &run->positions[i];
      KsmMove moves[KSM_MAX_MOVES];
      double oracle[KSM_MAX_MOVES], medium[KSM_MAX_MOVES];
      int n = R->legal_moves (pos, moves);
      KsmPlayerOptions measure = { .level = KSM_LEVEL_HARD, .rollouts = roll_n,
                                   .candidates = KSM_MAX_MOVES, .series = 1 };
      KsmPlayerOptions mediums = { .level = KSM_LEVEL_HARD, .rollouts = 1, .candidates = 4 };
      ksm_player_rollout_values (&measure, pos, moves, n, oracle);
      ksm_player_rollout_values (&mediums, pos, moves, n, medium);
      int best = 0;
      for (int m = 1; m < n; m++)
        if (oracle[m] > oracle[best])
          best = m;
      run->beyond_medium[i] = medium[best] < 0;
      for (int w = 0; w < N_WAYS; w++)
        {
          KsmRandom rng;
          ksm_random_seed (&rng, 1);
          int chosen = ksm_player_choose_with (&regret_ways[w].options, pos, moves, n, &rng);
          run->regret[i * N_WAYS + w] = oracle[best] - oracle[chosen];
        }
    }
}

static int
regret_main (int games, uint64_t seed, int rate, int jobs)
{
  const KsmRules *R = ksm_rules_lookup ("asi-keliya");
  KsmOptions options;
  RegretRun run = { 0 };
  int cap = 1024;
  long decisions = 0;

  R->default_options (&options);
  run.positions = malloc (sizeof *run.positions * (size_t) cap);
  for (int g = 0; g < games; g++)
    {
      KsmRandom throws_rng, rng, sample_rng;
      KsmPosition pos;
      KsmMove moves[KSM_MAX_MOVES];
      KsmPlayerOptions hard = { .level = KSM_LEVEL_HARD };
      ksm_random_seed (&throws_rng, mix (seed * 1000003ull + (uint64_t) g));
      ksm_random_seed (&rng, mix (seed * 7919ull + (uint64_t) g + 12345));
      ksm_random_seed (&sample_rng, mix (seed * 31ull + (uint64_t) g + 777));
      R->init (&pos, &options);
      while (pos.phase != KSM_PHASE_OVER)
        {
          if (pos.phase == KSM_PHASE_THROW)
            {
              R->apply_throw (&pos, ksm_throw_sample (&R->throws, &throws_rng, NULL));
              continue;
            }
          int n = R->legal_moves (&pos, moves);
          if (n > 1)
            {
              decisions++;
              if (ksm_random_below (&sample_rng, (uint32_t) rate) == 0)
                {
                  if (run.n == cap)
                    run.positions = realloc (run.positions, sizeof *run.positions * (size_t) (cap *= 2));
                  run.positions[run.n++] = pos;
                }
            }
          R->apply_move (&pos, &moves[n > 1 ? ksm_player_choose_with (&hard, &pos, moves, n, &rng) : 0], NULL);
        }
    }
  run.regret = calloc ((size_t) run.n * N_WAYS, sizeof *run.regret);
  run.beyond_medium = calloc ((size_t) run.n, sizeof *run.beyond_medium);
  pthread_mutex_init (&run.lock, NULL);
  pthread_t threads[64];
  if (jobs < 1 || jobs > 64)
    jobs = 2;
  for (int j = 0; j < jobs; j++)
    pthread_create (&threads[j], NULL, regret_worker, &run);
  for (int j = 0; j < jobs; j++)
    pthread_join (threads[j], NULL);

  int beyond = 0;
  for (int i = 0; i < run.n; i++)
    beyond += run.beyond_medium[i];
  printf ("%d decisions of %ld with a choice (Hard's self-play, %d games, seed %llu), every move "
          "rolled out %d times on another series\n", run.n, decisions, games,
          (unsigned long long) seed, roll_n);
  printf ("best move outside Medium's best 4: %d (%.1f%%)\n", beyond, 100.0 * beyond / run.n);
  for (int w = 0; w < N_WAYS; w++)
    {
      double sum = 0, squares = 0;
      for (int i = 0; i < run.n; i++)
        {
          double r = run.regret[i * N_WAYS + w];
          sum += r;
          squares += r * r;
        }
      double mean = sum / run.n;
      double error = sqrt ((squares / run.n - mean * mean) / run.n);
      printf ("%-34s mean regret %.5f (+-%.5f)\n", regret_ways[w].name, mean, error);
    }
  return 0;
}

int
main (int argc, char **argv)
{
  const char *verb = argc > 1 ? argv[1] : "";
  const char *a = "medium", *b = "medium", *self = "medium";
  int games = 1000, rate = 20;
  uint64_t seed = 1;
  unsigned use = (1u << NF) - 1;
  int check = 0, jobs = 2;
  const char *fits = "800";

  memcpy (policy_w, ksm_asi_keliya_policy_weights, sizeof policy_w);

  for (int i = 2; i + 1 < argc; i += 2)
    {
      if (strcmp (argv[i], "--games") == 0) games = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--seed") == 0) seed = strtoull (argv[i + 1], NULL, 10);
      else if (strcmp (argv[i], "--rate") == 0) rate = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--a") == 0) a = argv[i + 1];
      else if (strcmp (argv[i], "--b") == 0) b = argv[i + 1];
      else if (strcmp (argv[i], "--play") == 0) self = argv[i + 1];
      else if (strcmp (argv[i], "--use") == 0) use = (unsigned) strtoul (argv[i + 1], NULL, 0);
      else if (strcmp (argv[i], "--nodes") == 0) max_nodes = atol (argv[i + 1]);
      else if (strcmp (argv[i], "--depth") == 0) hard_depth = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--budget") == 0) budget_ms = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--n") == 0) roll_n = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--h") == 0) roll_h = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--k") == 0) roll_k = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--from") == 0) first_game = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--w") == 0) parse_weights (argv[i + 1], ksm_asi_hard_weights);
      else if (strcmp (argv[i], "--pw") == 0) { if (!read_policy (argv[i + 1])) return 1; }
      else if (strcmp (argv[i], "--fits") == 0) fits = argv[i + 1];
      else if (strcmp (argv[i], "--check") == 0) check = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--jobs") == 0) jobs = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--data") == 0) data_path = argv[i + 1];
      else { fprintf (stderr, "unknown %s\n", argv[i]); return 2; }
    }

  if (strcmp (verb, "policy") == 0)
    return policy_main (games, seed, rate, fits, check, jobs);
  if (strcmp (verb, "regret") == 0)
    return regret_main (games, seed, rate, jobs);
  if (strcmp (verb, "fit") == 0)
    {
      Data d = { 0 };
      double w[NF] = { 0 };
      play (games, seed, self, self, &d, rate);
      printf ("%zu positions\n", d.n);
      printf ("log loss, asi_logit alone: %.5f\n", fit (&d, 1u, w, 1e-6));
      printf ("  w0 %.4f\n", w[0]);
      for (int i = 0; i < NF; i++)
        w[i] = 0;
      double loss = fit (&d, use, w, 1e-5);
      printf ("log loss, fitted: %.5f\n", loss);
      for (int i = 0; i < NF; i++)
        printf ("  %-10s %9.4f\n", ksm_asi_feature_names[i], w[i]);
      printf ("--w ");
      for (int i = 0; i < NF; i++)
        printf ("%s%.4g", i ? "," : "", w[i]);
      printf ("\n");
      return 0;
    }
  if (strcmp (verb, "match") == 0)
    {
      struct timespec t0, t1;
      clock_gettime (CLOCK_MONOTONIC, &t0);
      double share = play (games, seed, a, b, NULL, 1);
      clock_gettime (CLOCK_MONOTONIC, &t1);
      fprintf (stderr, "%.1f s\n", (double) (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9);
      double half = 1.96 * sqrt (share * (1 - share) / games);
      printf ("%s vs %s: %d games, %.1f%% (+-%.1f)\n", a, b, games, 100 * share, 100 * half);
      return 0;
    }
  fprintf (stderr, "usage: train-asi fit|match|policy|regret ...\n");
  return 2;
}
