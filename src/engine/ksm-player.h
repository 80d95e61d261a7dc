/* ksm-player.h: computer players and hints, over ksm-rules.h only.
 *
 * Every level works for every game through the rules interface; a game
 * lends them its judgement through KsmRules.evaluate. A player sees the
 * position and its throw only, never a throw to come: the levels above
 * random do not touch the generator at all, and Easy draws from it only to
 * break a tie. Everything here is reentrant, so a decision can run on a
 * worker thread while another runs on the next. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "ksm-random.h"
#include "ksm-rules.h"

typedef enum {
  KSM_LEVEL_RANDOM,   /* any legal move, uniformly */
  KSM_LEVEL_EASY,     /* the biggest capture, else onto a safe cell (a laiga) */
  KSM_LEVEL_MEDIUM,   /* one move ahead, weighing the other side's next throw */
  KSM_LEVEL_HARD,     /* expectimax over throws and replies, in a node budget */
  KSM_LEVEL_EXPERT,   /* Hard's search judged by a model learnt by self-play
                       * (KsmRules.expert_*); where a game has none, Hard
                       * with more rollouts (expert_rollouts), else Hard */
  KSM_N_LEVELS
} KsmLevel;

/* Every level decides by a fixed amount of work, never by the clock, so that
 * a position gets the same move on any machine at any load: Hard's search
 * stops on a count of positions searched (KsmRules.hard_nodes, else
 * KSM_HARD_NODES), its rollouts on their number. The clock stays only as a
 * safety net far above what a decision takes, and each decision it cuts
 * short is counted (ksm_player_safety_stops). */
#define KSM_HARD_NODES      20000   /* positions a depth, for a game without its own */
#define KSM_HARD_SAFETY_MS  2000    /* the clock's cap on one decision: a safety net */
/* a budget_ms that turns the clock off altogether: only the search's depth
 * and its node budget end it (the analysis; tests) */
#define KSM_NO_CLOCK_MS     1000000000
#define KSM_HARD_DEPTH      3    /* decisions Hard looks ahead: its, the reply, its next */

const char *ksm_level_name   (KsmLevel level);
int         ksm_level_lookup (const char *name);   /* -1 when unknown */
/* How a level plays in a game, for the words that say so: the level's
 * name, or "hard-rollouts" and "expert-rollouts" where the game's Hard
 * plays by rollouts and Expert rolls out more (Expert without a model or
 * more rollouts is "hard"); NULL for no level */
const char *ksm_level_way    (KsmLevel level, const KsmRules *rules);

/* the most plans of a turn rolled out (KsmPlayerOptions.plans) */
#define KSM_PLAYER_MAX_PLANS 8

typedef struct {
  KsmLevel level;
  int      budget_ms;   /* Hard: the clock's cap on one decision, a safety net
                         * that never decides in normal play; 0:
                         * KSM_HARD_SAFETY_MS; KSM_NO_CLOCK_MS: no clock */
  int      depth;       /* Medium, Hard: decisions looked ahead; 0: the level's own */
  long     max_nodes;   /* Hard's (and Expert's) search: positions searched at each depth of its
                         * iterative deepening, what ends a decision; 0: the
                         * game's own (KsmRules.hard_nodes, for Expert
                         * expert_nodes first, else KSM_HARD_NODES);
                         * negative: no cap */
  int      rollouts;    /* Hard, where the game plays it by rollouts: rollouts a
                         * move; 0: the game's own (KsmRules.hard_rollouts) */
  int      horizon;     /* throws a rollout runs; 0: the game's own */
  int      candidates;  /* moves rolled out, Medium's best; 0: the game's own */
  int      screen;      /* rollouts: where more than 0 (and fewer than `rollouts`),
                         * every move is first rolled out this many times and
                         * the candidates are the best by them instead of
                         * Medium's; their means are over all `rollouts`, the
                         * first `screen` of them the same */
  uint64_t series;      /* rollouts: 0, on the decision's own series of throws,
                         * seeded by the position; otherwise on another, to
                         * measure choices by rollouts independent of theirs
                         * (tools/train-asi regret) */
  int      plans;       /* rollouts: where the mover holds more throws of the turn,
                         * the turn's best `plans` ways to play them all are
                         * rolled out from their ends instead, to screen it
                         * (kasimala-cli tournament --a-plans); 0 or less: none */
  const float *expert_weights;  /* Expert: other weights for the game's learnt model
                                 * (its expert_n_features), to train or screen
                                 * them; NULL: the game's own */
  const float *policy_weights;  /* rollouts: played by this learnt policy instead of
                                 * Medium (KSM_POLICY_N_WEIGHTS of the game's
                                 * policy_n_features), ignored where the game has
                                 * no policy features (KsmRules.policy_features);
                                 * NULL: Medium */
} KsmPlayerOptions;

/* The index of the chosen move among moves[0..n_moves), which must be the
 * position's legal moves. `rng` is the caller's, for players that choose
 * at random or break ties. */
int ksm_player_choose (KsmLevel level, const KsmPosition *pos,
                       const KsmMove *moves, int n_moves, KsmRandom *rng);
int ksm_player_choose_with (const KsmPlayerOptions *options, const KsmPosition *pos,
                            const KsmMove *moves, int n_moves, KsmRandom *rng);

/* The move a rollout policy's `weights` (KSM_POLICY_N_WEIGHTS of the game's
 * policy_n_features) play: a win if a move wins, else the best scored.
 * The game must have policy features (KsmRules.policy_features). */
int ksm_player_policy_choose (const KsmPosition *pos, const KsmMove *moves, int n_moves,
                              const float *weights);
/* For training a rollout policy (tools/train-asi.c). Writes each move's
 * features as a policy sees them (KsmRules.policy_features), moves[i]'s
 * at features[i * KSM_POLICY_N_WEIGHTS (policy_n_features)], and returns
 * false where the game has no policy features or a move ends the game
 * (every level takes a win, so there is nothing to learn). */
bool ksm_player_policy_features (const KsmPosition *pos, const KsmMove *moves, int n_moves,
                                 float *features);
/* Medium's measure of each move, the one it and the rollouts' players
 * choose by: higher is better, +-1000 a move that ends the game. */
void ksm_player_medium_values (const KsmPosition *pos, const KsmMove *moves, int n_moves,
                               double *values);
/* What the rollouts of `options` (Hard's, or with its rollouts, horizon,
 * candidates and policy_weights) make of each of Medium's best candidates:
 * the mover's mean chance at their ends, on the decision's seeded throws;
 * -1 for the moves not rolled out. */
void ksm_player_rollout_values (const KsmPlayerOptions *options, const KsmPosition *pos,
                                const KsmMove *moves, int n_moves, double *values);

/* How many decisions and rankings the clock has cut short since the program
 * started, on every thread: with the default budget_ms only the safety net,
 * which should never fire, so `kasimala-cli bench` reports it. */
long ksm_player_safety_stops (void);

/* A hint: one legal move, how good it is and what it leaves open. */
typedef struct {
  int      move;            /* index into the moves given */
  double   win_chance;      /* the mover's chance of winning after it, 0 to 1 */
  int      captured;        /* pieces it takes */
  bool     throws_again;    /* the mover throws next (a chya or a ngha) */
  /* The moved piece where it lands, against the other side's next throw
   * (counted as if the other side threw next, even after a throw again):
   * exposed_faces has bit f set when the other side's face f could take it,
   * and exposed_weight is the chance of one of those faces, in
   * exposed_total (16 for four strips). No bits: it is safe there. */
  uint32_t exposed_faces;
  int      exposed_pieces;  /* pieces that would be lost there: the whole stack */
  int      exposed_weight;
  int      exposed_total;
  /* Over the whole board: the pieces the other side's next throw takes, on
   * average, if it takes the most it can. */
  double   expected_loss;
} KsmHint;

/* The judge of hints, the tutor and the analysis: the strongest level
 * (Expert, which is Hard where a game has no learnt model) on its own
 * fixed work, with no clock at all, so a position is judged alike on any
 * machine and wherever it is asked (doc/analysis.md). */
#define KSM_JUDGE_LEVEL KSM_LEVEL_EXPERT
void ksm_player_judge_options (KsmPlayerOptions *options);

/* What a level's search works to in a position of `pos`'s game, with the
 * options' own depth and max_nodes where set: decisions looked ahead and
 * positions a depth (0: no cap). */
void ksm_player_search_budget (const KsmPlayerOptions *options, const KsmPosition *pos,
                               int *depth, long *max_nodes);

/* Fills hints[0..n_moves) with every move ranked, best first, and returns
 * n_moves. `options` may be NULL: the judge (ksm_player_judge_options).
 * Random, Easy and Medium rank by the game's evaluation right after each
 * move. Hard's ranking takes as long as one of its decisions: call it from
 * a worker thread. */
int ksm_player_rank (const KsmPlayerOptions *options, const KsmPosition *pos,
                     const KsmMove *moves, int n_moves, KsmHint *hints);

/* The mover's chance after its best move, as ksm_player_rank's first hint
 * gives it where both search as deep, with fewer positions searched: only
 * the best's value is exact. */
double ksm_player_best_chance (const KsmPlayerOptions *options, const KsmPosition *pos,
                               const KsmMove *moves, int n_moves);

/* One line of plain English about a hint's exposure, such as "open to a
 * dwadi or a sudi: 10 in 16" or "safe from the next throw"; for the
 * command line and logs (the app words its own, translated). Returns the
 * length written, as snprintf does. */
int ksm_hint_describe (const KsmPosition *pos, const KsmHint *hint, char *buf, size_t size);
