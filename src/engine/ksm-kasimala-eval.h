/* ksm-kasimala-eval.h: Kasimala's evaluation as features, for the offline
 * trainers (tools/train-kasimala.c, tools/train-expert.c). Private to the
 * engine.
 *
 * The evaluation is a logistic model: the side to throw (or to move, when a
 * throw waits) wins with the chance 1 / (1 + exp (-w . f)). Seen from that
 * side ("m", against the other side "o"), with r = 1 / sqrt (pieces left on
 * the board, both sides), the features are:
 *   0  1: m is to throw
 *   1  (pieces of m - pieces of o) * r
 *   2  pieces of m - pieces of o
 *   3  what m takes with its throw: the most it can with each face, weighed
 *      by the face's exact odds (4, 6, 4, 1, 1 in 16; a kasi only starts a
 *      piece while one waits), or with the face it threw; * r
 *   4  what m takes with the second throw a chya or a ngha earns; * r
 *   5, 6  the same for o's next throw
 *   7, 8  every stack of o (of m) that m's (o's) next throw could reach,
 *      pieces times the chance of a face that reaches it; * r
 *   9  pieces on laigas, m - o; * r
 *  10  started pieces still in the open in their own row, m - o; * r
 *  11  raiders in the enemy's row times enemy pieces waiting, m - o; * r
 *  12  waiting pieces times enemy pieces started, m - o; * r
 *  13  waiting pieces, m - o; * r
 *  14  the laiga a kasi would start m's next piece onto is held by o
 *      (a kasi is then lost), m - o
 *  15  pieces in stacks of two or more off the laigas, m - o; * r
 *  16  pieces in the middle row off the laigas, m - o; * r */
#pragma once

#include <stdbool.h>

#include "ksm-rules.h"

#define KSM_KASIMALA_N_FEATURES 17

/* Expert's model (KsmRules.expert_*) reads the 17 above and these, from the
 * same side, learnt by self-play (tools/train-expert.c):
 *  17  raiders in the enemy's row, m - o; * r
 *  18-22  what m takes with each face (kasi to ngha) alone, the most it
 *      can; with the face it threw for all five once it has thrown; * r
 *  23-27  the same for o's next throw; * r
 *  28  pieces in stacks of three or more off the laigas, m - o; * r
 *  29  pieces of m - pieces of o, times the share of pieces left on the board
 *  30  pieces of m - pieces of o, times how near the throw limit is (0 to 1)
 *  31  waiting pieces, m - o
 * The weights are data/expert/kasimala.weights, which the build makes into
 * ksm_kasimala_expert_weights. */
#define KSM_KASIMALA_EXPERT_N_FEATURES 32

extern const char *const ksm_kasimala_feature_names[KSM_KASIMALA_N_FEATURES];
extern const char *const ksm_kasimala_expert_feature_names[KSM_KASIMALA_EXPERT_N_FEATURES];
/* Hard's hand-tuned weights, where Expert's training starts */
extern const double ksm_kasimala_hand_weights[KSM_KASIMALA_N_FEATURES];
/* Expert's, from data/expert/kasimala.weights */
extern const float ksm_kasimala_expert_weights[KSM_KASIMALA_EXPERT_N_FEATURES];

/* false when the game is over (or the position is not Kasimala's) */
bool ksm_kasimala_features (const KsmPosition *pos, double *features);
/* all KSM_KASIMALA_EXPERT_N_FEATURES, from the side to throw */
bool ksm_kasimala_expert_features_of (const KsmPosition *pos, double *features);
