/* ksm-player.c: computer players. */
#include "ksm-player.h"

#include <string.h>

static const char *const level_names[KSM_N_LEVELS] = {
  [KSM_LEVEL_RANDOM] = "random",
};

const char *
ksm_level_name (KsmLevel level)
{
  return (unsigned) level < KSM_N_LEVELS ? level_names[level] : NULL;
}

int
ksm_level_lookup (const char *name)
{
  for (int i = 0; i < KSM_N_LEVELS; i++)
    if (name != NULL && strcmp (level_names[i], name) == 0)
      return i;
  return -1;
}

int
ksm_player_choose (KsmLevel level, const KsmPosition *pos,
                   const KsmMove *moves, int n_moves, KsmRandom *rng)
{
  (void) pos;
  (void) moves;
  switch (level)
    {
    case KSM_LEVEL_RANDOM:
    default:
      return n_moves > 1 ? (int) ksm_random_below (rng, (uint32_t) n_moves) : 0;
    }
}
