/* ksm-kasimala-eval.h: Kasimala's evaluation as features, for the offline
 * trainer (tools/train-kasimala.c). Private to the engine.
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

extern const char *const ksm_kasimala_feature_names[KSM_KASIMALA_N_FEATURES];

/* false when the game is over (or the position is not Kasimala's) */
bool ksm_kasimala_features (const KsmPosition *pos, double *features);
