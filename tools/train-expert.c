/* tools/train-expert.c: learns a game's Expert model (KsmRules.expert_*) by
 * self-play with TD(lambda). Not built by default:
 *
 *   ninja -C BUILD tools/train-expert
 *   BUILD/tools/train-expert [--game G] [--games N] [--seed S] [--alpha A]
 *                            [--lambda L] [--from FILE] [--out FILE] [--check N]
 *                            [--players N] [--search D] [--nodes N]
 *                            [--bootstrap B]
 *
 * Both sides play one move ahead by the model being learnt, on throws drawn
 * from the seed, and after every throw the model's value of the position
 * before it is moved toward its value after (the result at the end), each
 * earlier position's by lambda less (Sutton's TD(lambda), the error's
 * gradient through the logistic). So the model learns values consistent
 * with its own play, where a fit to results (tools/train-kasimala.c)
 * learnt correlations that chose worse. With --search D both sides play as
 * Expert does instead, by its search D decisions deep (--nodes positions a
 * depth; the game's own budget by default) judged by the weights being
 * learnt, so the values are learnt on the positions Expert's play reaches.
 * Each feature's step is the rate over its mean square on the first games,
 * so that a raw count and a scaled one learn alike, and the rate falls to a
 * tenth by the last game.
 *
 * It starts from --from (a weights file) or, for Kasimala, from Hard's
 * hand-tuned weights (the rest 0), so the learnt model starts at Hard's
 * judgement. With --check it plays N games, sides alternating on the same
 * throws, one move ahead: the learnt weights against the starting ones.
 * --out writes the weights as data/expert/GAME.weights holds them. Single
 * threaded and seeded: the same command gives the same weights. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ksm-ashte-eval.h"
#include "ksm-kasimala-eval.h"
#include "ksm-player.h"
#include "ksm-random.h"
#include "ksm-rules.h"

#define MAX_F KSM_EXPERT_MAX_FEATURES
#define SCALE_GAMES 200   /* games that measure the features' mean squares */

static const KsmRules *R;
static int NF;
/* --search: decisions Expert's search looks ahead in self-play (0: one
 * move ahead by the model alone), on --nodes positions a depth */
static int search_depth;
static long search_nodes;
/* --bootstrap B: after each searched decision, the model's value of the
 * position the move leaves is also moved toward the search's value of it
 * (B times the step), so that the model learns what its own deeper search
 * says (RootStrap, Veness et al. 2009) as well as what the play that
 * follows says */
static double bootstrap;

/* a feature's name, for the games whose names are known here */
static const char *
feature_name (int i)
{
  if (R == ksm_rules_lookup ("kasimala"))
    return ksm_kasimala_expert_feature_names[i];
  if (R == ksm_rules_lookup ("ashte-kashte"))
    return ksm_ashte_expert_feature_names[i];
  return "";
}

static double
now_s (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void
features_of (const KsmPosition *pos, int player, double *x)
{
  float f[MAX_F];
  R->expert_features (pos, player, f);
  for (int i = 0; i < NF; i++)
    x[i] = f[i];
}

/* `player`'s chance by weights `w`, the result once the game is over */
static double
value_of (const KsmPosition *pos, const double *w, int player, double *x)
{
  KsmOutcome outcome;
  R->outcome (pos, &outcome);
  if (outcome.over)
    {
      int team = R->team_of (&pos->options, player);
      return outcome.winning_team < 0 ? 0.5 : outcome.winning_team == team ? 1.0 : 0.0;
    }
  double local[MAX_F];
  double *f = x != NULL ? x : local;
  double s = 0;
  features_of (pos, player, f);
  for (int i = 0; i < NF; i++)
    s += w[i] * f[i];
  return 1.0 / (1.0 + exp (-s));
}

/* Expert's search as --search asks, judged by `w` (copied to `weights`) */
static KsmPlayerOptions
search_options (const double *w, float *weights)
{
  for (int i = 0; i < NF; i++)
    weights[i] = (float) w[i];
  return (KsmPlayerOptions) {
    .level = KSM_LEVEL_EXPERT,
    .budget_ms = KSM_NO_CLOCK_MS,
    .depth = search_depth,
    .max_nodes = search_nodes,
    .expert_weights = weights,
  };
}

/* one move ahead by `w`: the move after which the mover's chance is best;
 * with --search, Expert's search judged by `w` */
static int
choose (const KsmPosition *pos, const KsmMove *moves, int n, const double *w)
{
  if (search_depth > 0 && n > 1)
    {
      float weights[MAX_F];
      KsmPlayerOptions options = search_options (w, weights);
      return ksm_player_choose_with (&options, pos, moves, n, NULL);
    }
  int best = 0;
  double best_value = -1;
  for (int i = 0; i < n && n > 1; i++)
    {
      KsmPosition after = *pos;
      R->apply_move (&after, &moves[i], NULL);
      double v = value_of (&after, w, pos->to_move, NULL);
      if (v > best_value)
        best_value = v, best = i;
    }
  return best;
}

/* Plays a game, `wa` for player 0's team and `wb` for the others; with
 * `learn`, TD(lambda) on `learn` from player 0's side. Returns player 0's
 * team's points. */
static double
play (const KsmOptions *options, uint64_t seed, const double *wa, const double *wb,
      double *learn, const double *alpha, double lambda, double *sq, long *positions,
      double *abs_error)
{
  KsmPosition pos;
  KsmRandom rng;
  KsmMove moves[KSM_MAX_MOVES];
  double trace[MAX_F] = { 0 }, x[MAX_F];
  double last = -1;
  int team0 = R->team_of (options, 0);

  ksm_random_seed (&rng, seed);
  R->init (&pos, options);
  for (;;)
    {
      if (pos.phase == KSM_PHASE_THROW || pos.phase == KSM_PHASE_OVER)
        {
          double v = value_of (&pos, learn != NULL ? learn : wa, 0, x);
          bool over = pos.phase == KSM_PHASE_OVER;
          if (learn != NULL && last >= 0)
            {
              double error = v - last;
              *abs_error += fabs (error);
              for (int i = 0; i < NF; i++)
                learn[i] += alpha[i] * error * trace[i];
            }
          if (over)
            return v;
          if (learn != NULL)
            {
              /* the value before the update: the gradient at this position */
              double grad = v * (1 - v);
              for (int i = 0; i < NF; i++)
                trace[i] = lambda * trace[i] + grad * x[i];
            }
          if (sq != NULL)
            for (int i = 0; i < NF; i++)
              sq[i] += x[i] * x[i];
          (*positions)++;
          last = v;
          R->apply_throw (&pos, ksm_throw_sample (&R->throws, &rng, NULL));
          continue;
        }
      int n = R->legal_moves (&pos, moves);
      bool a = R->team_of (&pos.options, pos.to_move) == team0;
      int mover = pos.to_move;
      double searched = -1;
      if (learn != NULL && bootstrap > 0 && search_depth > 0 && n > 1)
        {
          float weights[MAX_F];
          KsmPlayerOptions options = search_options (learn, weights);
          searched = ksm_player_best_chance (&options, &pos, moves, n);
        }
      R->apply_move (&pos, &moves[choose (&pos, moves, n, a ? wa : wb)], NULL);
      if (searched >= 0 && pos.phase != KSM_PHASE_OVER)
        {
          double v = value_of (&pos, learn, mover, x);
          double step = bootstrap * (searched - v) * v * (1 - v);
          for (int i = 0; i < NF; i++)
            learn[i] += alpha[i] * step * x[i];
        }
    }
}

static bool
read_weights (const char *path, double *w)
{
  FILE *file = fopen (path, "r");
  char line[256];
  int n = 0;
  if (file == NULL)
    return false;
  while (fgets (line, sizeof line, file) != NULL)
    {
      char *hash = strchr (line, '#');
      if (hash != NULL)
        *hash = '\0';
      char *end;
      double value = strtod (line, &end);
      if (end != line && n < NF)
        w[n++] = value;
    }
  fclose (file);
  return n == NF;
}

int
main (int argc, char **argv)
{
  const char *game = "kasimala", *from = NULL, *out = NULL;
  int games = 5000, check = 0, players = 0;
  unsigned long long seed = 1;
  double alpha0 = 0.01, lambda = 0.7;

  for (int i = 1; i + 1 < argc; i += 2)
    {
      if (strcmp (argv[i], "--game") == 0) game = argv[i + 1];
      else if (strcmp (argv[i], "--games") == 0) games = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--seed") == 0) seed = strtoull (argv[i + 1], NULL, 10);
      else if (strcmp (argv[i], "--alpha") == 0) alpha0 = atof (argv[i + 1]);
      else if (strcmp (argv[i], "--lambda") == 0) lambda = atof (argv[i + 1]);
      else if (strcmp (argv[i], "--from") == 0) from = argv[i + 1];
      else if (strcmp (argv[i], "--out") == 0) out = argv[i + 1];
      else if (strcmp (argv[i], "--check") == 0) check = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--players") == 0) players = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--search") == 0) search_depth = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--nodes") == 0) search_nodes = atol (argv[i + 1]);
      else if (strcmp (argv[i], "--bootstrap") == 0) bootstrap = atof (argv[i + 1]);
      else
        {
          fprintf (stderr, "unknown option %s\n", argv[i]);
          return 2;
        }
    }

  R = ksm_rules_lookup (game);
  if (R == NULL || R->expert_n_features <= 0 || R->expert_n_features > MAX_F)
    {
      fprintf (stderr, "%s: no such game, or no Expert model in it\n", game);
      return 2;
    }
  NF = R->expert_n_features;

  double start[MAX_F] = { 0 }, w[MAX_F], alpha[MAX_F], sq[MAX_F] = { 0 };
  if (from != NULL)
    {
      if (!read_weights (from, start))
        {
          fprintf (stderr, "%s: not %d weights\n", from, NF);
          return 2;
        }
    }
  else if (strcmp (game, "kasimala") == 0)
    memcpy (start, ksm_kasimala_hand_weights, sizeof ksm_kasimala_hand_weights);
  else if (strcmp (game, "ashte-kashte") == 0)
    memcpy (start, ksm_ashte_start_weights, sizeof ksm_ashte_start_weights);
  memcpy (w, start, sizeof w);

  KsmOptions options;
  R->default_options (&options);
  if (players > 0)
    options.n_players = (uint8_t) players;
  char problem[KSM_ERROR_MAX];
  if (!R->check_options (&options, problem, sizeof problem))
    {
      fprintf (stderr, "%s\n", problem);
      return 2;
    }
  double t0 = now_s ();

  /* the features' mean squares, under the starting weights' play one move
   * ahead (so that --search changes the play learnt from, not the steps) */
  long positions = 0;
  double abs_error = 0;
  int depth_asked = search_depth;
  search_depth = 0;
  for (int g = 0; g < SCALE_GAMES; g++)
    play (&options, seed * 1000003ull + 999999ull - (unsigned) g, start, start, NULL, NULL,
          0, sq, &positions, &abs_error);
  search_depth = depth_asked;
  for (int i = 0; i < NF; i++)
    {
      double mean = sq[i] / (double) (positions > 0 ? positions : 1);
      /* a feature seldom set keeps a step no bigger than a common one's */
      alpha[i] = alpha0 / (mean > 0.05 ? mean : 0.05);
    }

  positions = 0;
  double points = 0, error_sum = 0;
  for (int g = 0; g < games; g++)
    {
      double rates[MAX_F];
      double fall = 1.0 - 0.9 * g / (double) games;
      for (int i = 0; i < NF; i++)
        rates[i] = alpha[i] * fall;
      double err = 0;
      points += play (&options, seed * 1000003ull + (unsigned) g, w, w, w, rates, lambda, NULL,
                      &positions, &err);
      error_sum += err;
      if ((g + 1) % (games / 10 > 0 ? games / 10 : 1) == 0)
        {
          printf ("game %d: mean |TD error| %.4f over %ld positions, %.0f s\n", g + 1,
                  error_sum / (double) (positions > 0 ? positions : 1),
                  positions, now_s () - t0);
          fflush (stdout);
        }
    }
  double train_s = now_s () - t0;
  printf ("trained: %d games, %ld positions, seed %llu, alpha %g, lambda %g, %.1f s\n", games,
          positions, seed, alpha0, lambda, train_s);
  printf ("first player's share in self-play: %.3f\n", points / games);
  for (int i = 0; i < NF; i++)
    printf ("  %2d %-20s %9.4f (from %.4f)\n", i,
            feature_name (i), w[i], start[i]);

  /* the check is one move ahead whatever the training's play */
  search_depth = 0;
  if (check > 0)
    {
      double won = 0;
      long dummy = 0;
      for (int g = 0; g < check; g++)
        {
          /* games 2k and 2k+1 on the same throws, the learnt weights first
           * for player 0, then for the other */
          uint64_t s = seed * 7919ull + 77777ull + (unsigned) (g / 2);
          double p = g % 2 == 0 ? play (&options, s, w, start, NULL, NULL, 0, NULL, &dummy, &abs_error)
                     : 1 - play (&options, s, start, w, NULL, NULL, 0, NULL, &dummy, &abs_error);
          won += p;
        }
      double p = won / check, z = 1.96, n = check;
      double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
      double half = z * sqrt (p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
      printf ("check, one move ahead, learnt vs starting weights: %.1f of %d (%.1f%%, "
              "95%% CI %.1f%%-%.1f%%)\n", won, check, 100 * p, 100 * (centre - half),
              100 * (centre + half));
    }

  if (out != NULL)
    {
      FILE *file = fopen (out, "w");
      if (file == NULL)
        {
          perror (out);
          return 1;
        }
      fprintf (file, "# %s's Expert: the weights of its learnt model, one a line in the\n"
                     "# order of its features (for Kasimala, ksm-kasimala-eval.h's).\n"
                     "# Written by tools/train-expert.c: --game %s --games %d --seed %llu\n"
                     "# --alpha %g --lambda %g%s%s; the build makes them into the engine's\n"
                     "# weights.\n", R->name, game, games, seed, alpha0, lambda,
               from != NULL ? " --from " : "", from != NULL ? from : "");
      if (players > 0)
        fprintf (file, "# With --players %d.\n", players);
      if (depth_asked > 0)
        fprintf (file, "# With --search %d --nodes %ld --bootstrap %g.\n", depth_asked,
                 search_nodes, bootstrap);
      for (int i = 0; i < NF; i++)
        fprintf (file, "%.6g # %s\n", w[i], feature_name (i));
      fclose (file);
    }
  return 0;
}
