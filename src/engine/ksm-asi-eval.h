/* ksm-asi-eval.h: Asi Keliya's evaluation as features, for Hard and the
 * offline trainer (tools/train-asi.c). Private to the engine. */
#pragma once

#include <stdbool.h>

#include "ksm-rules.h"

#define KSM_ASI_N_FEATURES 12

extern const char *const ksm_asi_feature_names[KSM_ASI_N_FEATURES];

/* The features seen from `player`'s team; false when the game is over. */
bool   ksm_asi_features (const KsmPosition *pos, int player, double *features);
/* The chance `player`'s team wins by the logistic model with weights `w`. */
double ksm_asi_model (const KsmPosition *pos, int player, const double *w);

/* Hard's leaf evaluation is ksm_asi_model with these */
extern double ksm_asi_hard_weights[KSM_ASI_N_FEATURES];

/* The rollout policy tools/train-asi.c policy fitted last
 * (data/expert/asi-keliya-policy.weights), for screens and tests: no level
 * plays it, since with it Expert beat Hard no more than without */
#define KSM_ASI_POLICY_N_FEATURES (KSM_ASI_N_FEATURES + 1)   /* and the evaluation's chance */
extern const float ksm_asi_keliya_policy_weights[KSM_POLICY_N_WEIGHTS (KSM_ASI_POLICY_N_FEATURES)];
