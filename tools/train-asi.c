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
 * in place of the game's evaluation). */
#include <math.h>
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

static int
choose (const char *kind, const KsmPosition *pos, const KsmMove *moves, int n, KsmRandom *rng)
{
  if (n <= 1)
    return 0;
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

int
main (int argc, char **argv)
{
  const char *verb = argc > 1 ? argv[1] : "";
  const char *a = "medium", *b = "medium", *self = "medium";
  int games = 1000, rate = 20;
  uint64_t seed = 1;
  unsigned use = (1u << NF) - 1;

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
      else { fprintf (stderr, "unknown %s\n", argv[i]); return 2; }
    }

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
  fprintf (stderr, "usage: train-asi fit|match ...\n");
  return 2;
}
