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

/* The draws are inline (C99 inline: ksm-random.c holds the one external
 * definition of each) because random playouts call them a few times a
 * throw, and a call costs as much as the draw. */
inline uint64_t
ksm_random_next (KsmRandom *rng)
{
  uint64_t *s = rng->s;
  uint64_t x = s[1] * 5;
  uint64_t result = ((x << 7) | (x >> 57)) * 9;
  uint64_t t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = (s[3] << 45) | (s[3] >> 19);
  return result;
}

/* uniform in [0, bound), without bias; bound > 0 */
inline uint32_t
ksm_random_below (KsmRandom *rng, uint32_t bound)
{
  /* Lemire's multiply-shift with rejection: exact, and usually one draw */
  uint64_t m = (uint64_t) (uint32_t) (ksm_random_next (rng) >> 32) * bound;
  uint32_t low = (uint32_t) m;

  if (low < bound)
    {
      uint32_t threshold = (uint32_t) -bound % bound;
      while (low < threshold)
        {
          m = (uint64_t) (uint32_t) (ksm_random_next (rng) >> 32) * bound;
          low = (uint32_t) m;
        }
    }
  return (uint32_t) (m >> 32);
}

/* n uniform random bits, n <= 32 */
inline uint32_t
ksm_random_bits (KsmRandom *rng, unsigned n)
{
  if (n == 0)
    return 0;
  return (uint32_t) (ksm_random_next (rng) >> (64 - n));
}

/* 64 hex digits; buf must hold KSM_RANDOM_STATE_CHARS + 1 */
void     ksm_random_save    (const KsmRandom *rng, char *buf);
bool     ksm_random_restore (KsmRandom *rng, const char *text);

/* One throw of the game's strips or cowries: every object falls either way
 * with probability 1/2. Returns the face; *pattern (may be NULL) gets how each
 * object fell, for a view to draw. */
inline int
ksm_throw_sample (const KsmThrowModel *model, KsmRandom *rng, uint32_t *pattern)
{
  uint32_t bits = ksm_random_bits (rng, model->n_objects);

  if (pattern != NULL)
    *pattern = bits;
  return model->face_of_pattern (bits);
}
