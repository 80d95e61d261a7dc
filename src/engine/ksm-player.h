/* ksm-player.h: computer players, over ksm-rules.h only. */
#pragma once

#include "ksm-random.h"
#include "ksm-rules.h"

typedef enum {
  KSM_LEVEL_RANDOM,   /* any legal move, uniformly */
  KSM_N_LEVELS
} KsmLevel;

const char *ksm_level_name   (KsmLevel level);
int         ksm_level_lookup (const char *name);   /* -1 when unknown */

/* The index of the chosen move among moves[0..n_moves). A player sees the
 * position and its throw only; `rng` is the caller's, for players that
 * break ties or choose at random. */
int ksm_player_choose (KsmLevel level, const KsmPosition *pos,
                       const KsmMove *moves, int n_moves, KsmRandom *rng);
