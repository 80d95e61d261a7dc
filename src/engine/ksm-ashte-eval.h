/* ksm-ashte-eval.h: Ashte Kashte's Expert model as features, for the
 * offline trainer (tools/train-expert.c). Private to the engine.
 *
 * Seen from `player`'s side ("m") against its rival ("o"): with two
 * players the other one; with three or four the other whose hand score
 * (ashte_evaluate's) is highest, as Hard's evaluation weighs a side
 * against the best of the rest. Every feature is a quantity of m less the
 * same of o, so with two players the other side's features are these
 * negated and the two chances add up to one. "Next throw" counts each
 * face by its exact odds (one 4, two 6, three 4, four 1, ashte 1 in 16),
 * or the face thrown once it is known.
 *   0  the hand score's lead / 40: Hard's evaluation is the logistic of it
 *   1  Hard's evaluation, its chance less one half
 *   2  1 for the side to throw (the model's bias, two-sided)
 *   3  progress: token indices summed / 48
 *   4  token indices / 48, squared, summed
 *   5  tokens home (on the centre)
 *   6  tokens off the board (grace)
 *   7  blooded, where the blood rule holds
 *   8  unblooded tokens at indices 16-23, where few throws still move them
 *   9  unblooded tokens at 23, which nothing moves
 *  10  tokens in the inner rings (24-47)
 *  11  tokens in the innermost ring (40-47), where the centre takes an
 *      exact count
 *  12  tokens on a safe square other than their own start
 *  13  tokens sharing an unsafe square with their own
 *  14  the chance the next throw can move nothing
 *  15  each token's chance that a rival's next throw lands on it, summed
 *  16  the same, times the token's index / 48 (the progress it would lose)
 *  17  the side to throw: the chance its next throw can capture
 *  18  the side to throw: the most progress (/ 48) its next throw can send back
 *  19, 20  the same, for a side not to throw
 *  21  the chance the next throw can capture, for a side the blood rule
 *      still holds back
 *  22  the hindmost token's index / 48
 *  23  the lead (0) times how far both sides have come (0 to 1)
 * The weights are data/expert/ashte-kashte.weights, which the build makes
 * into ksm_ashte_kashte_expert_weights. */
#pragma once

#include "ksm-rules.h"

#define KSM_ASHTE_EXPERT_N_FEATURES 24

extern const char *const ksm_ashte_expert_feature_names[KSM_ASHTE_EXPERT_N_FEATURES];
/* where training starts: Hard's evaluation (1 on feature 0, the rest 0) */
extern const double ksm_ashte_start_weights[KSM_ASHTE_EXPERT_N_FEATURES];
/* Expert's, from data/expert/ashte-kashte.weights */
extern const float ksm_ashte_kashte_expert_weights[KSM_ASHTE_EXPERT_N_FEATURES];
