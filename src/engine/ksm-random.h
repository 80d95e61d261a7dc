/* ksm-random.h: a seeded generator for the callers of the engine.
 *
 * The rules never draw random numbers; the model, the command-line tool and
 * the random player sample throws and choices with this generator, whose state
 * can be saved as text and restored, so any game can be replayed. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ksm-rules.h"

/* xoshiro256** (Blackman and Vigna), seeded through splitmix64 */
typedef struct {
  uint64_t s[4];
} KsmRandom;

#define KSM_RANDOM_STATE_CHARS 64   /* hex digits of a saved state, without NUL */

void     ksm_random_seed    (KsmRandom *rng, uint64_t seed);
uint64_t ksm_random_next    (KsmRandom *rng);
/* uniform in [0, bound), without bias; bound > 0 */
uint32_t ksm_random_below   (KsmRandom *rng, uint32_t bound);
/* n uniform random bits, n <= 32 */
uint32_t ksm_random_bits    (KsmRandom *rng, unsigned n);

/* 64 hex digits; buf must hold KSM_RANDOM_STATE_CHARS + 1 */
void     ksm_random_save    (const KsmRandom *rng, char *buf);
bool     ksm_random_restore (KsmRandom *rng, const char *text);

/* One throw of the game's strips or cowries: every object falls either way
 * with probability 1/2. Returns the face; *pattern (may be NULL) gets how each
 * object fell, for a view to draw. */
int      ksm_throw_sample   (const KsmThrowModel *model, KsmRandom *rng, uint32_t *pattern);
