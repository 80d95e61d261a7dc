/* tools/train-kasimala.c: fits Kasimala's evaluation (ksm-kasimala-eval.h) to the
 * results of self-play. Not built by default:
 *
 *   ninja -C BUILD tools/train-kasimala
 *   BUILD/tools/train-kasimala [--games N] [--seed S] [--a P] [--b P]
 *                              [--weights w0,w1,...] [--drop k,k] [--base w0,w1,...]
 *                              [--check N]
 *
 * It plays N games between players P (medium; greedy: one move ahead with
 * the weights given, or the engine's own when none are; hard1, hard2: the
 * engine's Hard at that depth), sides alternating; records the features of
 * every position where a side is to throw, with whether that side went on
 * to win; and fits a logistic regression (Newton's method, a little L2) of
 * the result on the features. --drop leaves features out; --base fits a
 * scale of the weights given plus the features not dropped. It prints the
 * weights as C, and with --check plays N games of greedy with the fitted
 * weights against Medium (and with the engine's own, on the same throws).
 *
 * What it found (doc/computer-players.md): weights fitted to the results
 * predict them better but choose worse; the engine keeps its hand-tuned
 * ones. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ksm-kasimala-eval.h"
#include "ksm-player.h"
#include "ksm-random.h"
#include "ksm-rules.h"

#define NF KSM_KASIMALA_N_FEATURES

typedef struct {
  float *x;       /* n * NF */
  float *y;
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

static double
score_of (const KsmPosition *pos, const double *w, int player)
{
  double f[NF];
  if (!ksm_kasimala_features (pos, f))
    {
      KsmOutcome outcome;
      ksm_rules_for (pos)->outcome (pos, &outcome);
      return outcome.winner < 0 ? 0 : outcome.winner == player ? 1e9 : -1e9;
    }
  double s = 0;
  for (int i = 0; i < NF; i++)
    s += w[i] * f[i];
  return pos->to_move == player ? s : -s;
}

static int
choose (const char *kind, const double *w, const KsmPosition *pos, const KsmMove *moves,
        int n, KsmRandom *rng)
{
  const KsmRules *R = ksm_rules_for (pos);
  if (strcmp (kind, "greedy") == 0 && w != NULL)
    {
      int best = 0;
      double best_score = -2e9;
      for (int i = 0; i < n; i++)
        {
          KsmPosition after = *pos;
          R->apply_move (&after, &moves[i], NULL);
          double s = score_of (&after, w, pos->to_move);
          if (s > best_score)
            best_score = s, best = i;
        }
      return best;
    }
  KsmPlayerOptions options = { .level = KSM_LEVEL_MEDIUM };
  if (strcmp (kind, "greedy") == 0)
    options = (KsmPlayerOptions) { .level = KSM_LEVEL_HARD, .depth = 1, .budget_ms = 60000 };
  else if (strncmp (kind, "hard", 4) == 0)
    options = (KsmPlayerOptions) { .level = KSM_LEVEL_HARD, .depth = atoi (kind + 4),
                                   .budget_ms = 60000, .max_nodes = 200000 };
  return ksm_player_choose_with (&options, pos, moves, n, rng);
}

/* plays games; records into d when not NULL; returns a's share of the points */
static double
play (int games, unsigned long long seed, const char *a, const double *wa,
      const char *b, const double *wb, Data *d, double epsilon)
{
  const KsmRules *R = ksm_rules_lookup ("kasimala");
  KsmOptions options;
  double points = 0;
  R->default_options (&options);

  for (int g = 0; g < games; g++)
    {
      KsmRandom throws_rng, rng;
      KsmPosition pos;
      KsmMove moves[KSM_MAX_MOVES];
      KsmOutcome outcome;
      size_t start = d ? d->n : 0;
      int who[4096];   /* the side to throw, per position recorded */
      int a_side = g % 2;

      ksm_random_seed (&throws_rng, seed * 1000003ull + (unsigned long long) (g / 2));
      ksm_random_seed (&rng, seed * 7919ull + (unsigned long long) g + 12345);
      R->init (&pos, &options);
      while (pos.phase != KSM_PHASE_OVER)
        {
          if (pos.phase == KSM_PHASE_THROW)
            {
              double f[NF];
              if (d != NULL && ksm_kasimala_features (&pos, f) && d->n - start < 4096)
                {
                  who[d->n - start] = pos.to_move;
                  push (d, f, 0);
                }
              R->apply_throw (&pos, ksm_throw_sample (&R->throws, &throws_rng, NULL));
              continue;
            }
          int n = R->legal_moves (&pos, moves);
          int chosen;
          if (epsilon > 0 && n > 1 && ksm_random_below (&rng, 1000000) < epsilon * 1e6)
            chosen = (int) ksm_random_below (&rng, (uint32_t) n);
          else if (pos.to_move == a_side)
            chosen = choose (a, wa, &pos, moves, n, &rng);
          else
            chosen = choose (b, wb, &pos, moves, n, &rng);
          R->apply_move (&pos, &moves[chosen], NULL);
        }
      R->outcome (&pos, &outcome);
      if (outcome.winner < 0)
        points += 0.5;
      else if (outcome.winner == a_side)
        points += 1;
      if (d != NULL)
        for (size_t i = start; i < d->n; i++)
          d->y[i] = outcome.winner < 0 ? 0.5f : outcome.winner == who[i - start] ? 1.0f : 0.0f;
    }
  return points / games;
}

/* solves a x = b by Gaussian elimination with pivoting; a is NF x NF */
static void
solve (double a[NF][NF], double *b, double *x)
{
  int n = NF;
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

static double
fit (const Data *d, double *w, double l2)
{
  double loss = 0;
  for (int iter = 0; iter < 12; iter++)
    {
      static double h[NF][NF];
      double g[NF], step[NF];
      memset (h, 0, sizeof h);
      memset (g, 0, sizeof g);
      loss = 0;
      for (size_t i = 0; i < d->n; i++)
        {
          const float *x = d->x + i * NF;
          double s = 0;
          for (int k = 0; k < NF; k++)
            s += w[k] * x[k];
          double p = 1 / (1 + exp (-s));
          double y = d->y[i];
          loss -= y * log (p + 1e-12) + (1 - y) * log (1 - p + 1e-12);
          double q = p * (1 - p);
          for (int k = 0; k < NF; k++)
            {
              g[k] += (p - y) * x[k];
              for (int j = 0; j <= k; j++)
                h[k][j] += q * x[k] * x[j];
            }
        }
      for (int k = 0; k < NF; k++)
        {
          g[k] += l2 * d->n * w[k];
          h[k][k] += l2 * d->n;
          for (int j = 0; j < k; j++)
            h[j][k] = h[k][j];
        }
      solve (h, g, step);
      double size = 0;
      for (int k = 0; k < NF; k++)
        {
          w[k] -= step[k];
          size += fabs (step[k]);
        }
      if (size < 1e-6)
        break;
    }
  return loss / d->n;
}

static void
parse_weights (const char *text, double *w)
{
  char *end;
  for (int i = 0; i < NF; i++)
    {
      w[i] = strtod (text, &end);
      text = *end == ',' ? end + 1 : end;
    }
}

int
main (int argc, char **argv)
{
  int games = 10000, check = 0;
  unsigned long long seed = 1;
  const char *a = "greedy", *b = "medium";
  double w[NF] = { 0 }, given[NF];
  bool have_given = false;
  double epsilon = 0, l2 = 1e-6;
  const char *drop = "";
  double base[NF];
  bool have_base = false;

  for (int i = 1; i + 1 < argc; i += 2)
    {
      if (strcmp (argv[i], "--games") == 0) games = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--seed") == 0) seed = strtoull (argv[i + 1], NULL, 10);
      else if (strcmp (argv[i], "--a") == 0) a = argv[i + 1];
      else if (strcmp (argv[i], "--b") == 0) b = argv[i + 1];
      else if (strcmp (argv[i], "--check") == 0) check = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--epsilon") == 0) epsilon = atof (argv[i + 1]);
      else if (strcmp (argv[i], "--l2") == 0) l2 = atof (argv[i + 1]);
      else if (strcmp (argv[i], "--drop") == 0) drop = argv[i + 1];
      else if (strcmp (argv[i], "--base") == 0)
        {
          parse_weights (argv[i + 1], base);
          have_base = true;
        }
      else if (strcmp (argv[i], "--weights") == 0)
        {
          parse_weights (argv[i + 1], given);
          have_given = true;
        }
      else
        {
          fprintf (stderr, "unknown option %s\n", argv[i]);
          return 2;
        }
    }

  Data d = { 0 };
  if (games > 0)
    {
      double share = play (games, seed, a, have_given ? given : NULL, b,
                           have_given ? given : NULL, &d, epsilon);
      fprintf (stderr, "%d games of %s vs %s: %s scored %.1f%%; %zu positions\n",
               games, a, b, a, 100 * share, d.n);
      /* --base: column 0 becomes the score of the weights given, so that
       * the fit scales them and adds only the features not dropped */
      if (have_base)
        for (size_t i = 0; i < d.n; i++)
          {
            double s = 0;
            for (int k = 0; k < NF; k++)
              s += base[k] * d.x[i * NF + k];
            d.x[i * NF] = (float) s;
          }
      /* features left out: their column is zeroed, so their weight stays 0 */
      for (const char *p = drop; *p != '\0'; )
        {
          char *end;
          long k = strtol (p, &end, 10);
          if (end == p)
            break;
          for (size_t i = 0; i < d.n && k >= 0 && k < NF; i++)
            d.x[i * NF + k] = 0;
          p = *end == ',' ? end + 1 : end;
        }
      double loss = fit (&d, w, l2);
      printf ("/* log loss %.5f over %zu positions */\n", loss, d.n);
      printf ("static const double eval_weights[KSM_KASIMALA_N_FEATURES] = {\n");
      if (have_base)
        {
          double scale = w[0];
          for (int i = 0; i < NF; i++)
            w[i] = scale * base[i] + (i == 0 ? 0 : w[i]);
          fprintf (stderr, "base scaled by %.4f\n", scale);
        }
      for (int i = 0; i < NF; i++)
        printf ("  %+.4f,   /* %s */\n", w[i], ksm_kasimala_feature_names[i]);
      printf ("};\n");
      for (int i = 0; i < NF; i++)
        fprintf (stderr, "%s%.4f", i ? "," : "", w[i]);
      fprintf (stderr, "\n");
    }
  else if (have_given)
    memcpy (w, given, sizeof w);

  if (check > 0)
    {
      double share = play (check, seed + 777, "greedy", w, "medium", NULL, NULL, 0);
      fprintf (stderr, "check: greedy with these weights vs medium, %d games: %.1f%%\n",
               check, 100 * share);
      share = play (check, seed + 777, "greedy", NULL, "medium", NULL, NULL, 0);
      fprintf (stderr, "check: greedy with the engine's weights vs medium, %d games: %.1f%%\n",
               check, 100 * share);
    }
  free (d.x);
  free (d.y);
  return 0;
}
