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

void
ksm_random_seed (KsmRandom *rng, uint64_t seed)
{
  uint64_t state = seed;
  for (int i = 0; i < 4; i++)
    rng->s[i] = splitmix64 (&state);
}

/* the external definitions of the inline draws in ksm-random.h */
extern inline uint64_t ksm_random_next  (KsmRandom *rng);
extern inline uint32_t ksm_random_below (KsmRandom *rng, uint32_t bound);
extern inline uint32_t ksm_random_bits  (KsmRandom *rng, unsigned n);
extern inline int      ksm_throw_sample (const KsmThrowModel *model, KsmRandom *rng,
                                         uint32_t *pattern);

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
