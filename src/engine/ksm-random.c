/* ksm-random.c: xoshiro256** with splitmix64 seeding. */
#include "ksm-random.h"

#include <stdio.h>
#include <string.h>

static uint64_t
splitmix64 (uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static inline uint64_t
rotl (uint64_t x, int k)
{
  return (x << k) | (x >> (64 - k));
}

void
ksm_random_seed (KsmRandom *rng, uint64_t seed)
{
  uint64_t state = seed;
  for (int i = 0; i < 4; i++)
    rng->s[i] = splitmix64 (&state);
}

uint64_t
ksm_random_next (KsmRandom *rng)
{
  uint64_t *s = rng->s;
  uint64_t result = rotl (s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);
  return result;
}

uint32_t
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

uint32_t
ksm_random_bits (KsmRandom *rng, unsigned n)
{
  if (n == 0)
    return 0;
  return (uint32_t) (ksm_random_next (rng) >> (64 - n));
}

void
ksm_random_save (const KsmRandom *rng, char *buf)
{
  for (int i = 0; i < 4; i++)
    snprintf (buf + 16 * i, 17, "%016llx", (unsigned long long) rng->s[i]);
}

bool
ksm_random_restore (KsmRandom *rng, const char *text)
{
  KsmRandom parsed;

  if (text == NULL || strlen (text) != KSM_RANDOM_STATE_CHARS)
    return false;

  for (int i = 0; i < 4; i++)
    {
      uint64_t value = 0;
      for (int j = 0; j < 16; j++)
        {
          char c = text[16 * i + j];
          int digit;
          if (c >= '0' && c <= '9')
            digit = c - '0';
          else if (c >= 'a' && c <= 'f')
            digit = c - 'a' + 10;
          else if (c >= 'A' && c <= 'F')
            digit = c - 'A' + 10;
          else
            return false;
          value = (value << 4) | (uint64_t) digit;
        }
      parsed.s[i] = value;
    }

  /* the all-zero state is xoshiro's fixed point: never a saved state */
  if ((parsed.s[0] | parsed.s[1] | parsed.s[2] | parsed.s[3]) == 0)
    return false;

  *rng = parsed;
  return true;
}

int
ksm_throw_sample (const KsmThrowModel *model, KsmRandom *rng, uint32_t *pattern)
{
  uint32_t bits = ksm_random_bits (rng, model->n_objects);

  if (pattern != NULL)
    *pattern = bits;
  return model->face_of_pattern (bits);
}
