/* make-seeds.c: writes the seed corpus of the notation fuzz targets
 * (corpus/GAME/), from seeded random games of each game across its options:
 * a position from somewhere in a game, then the throws and moves that
 * followed it, one a line, as fuzz-notation.c reads them. Not part of any
 * build; to remake the seeds:
 *   cc -Isrc/engine tests/fuzz/make-seeds.c src/engine/*.c -lm -lpthread -o /tmp/make-seeds
 *   /tmp/make-seeds tests/fuzz/corpus
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ksm-random.h"
#include "ksm-rules.h"

#define SEEDS_PER_GAME 24
#define EVENTS_AFTER   40

int
main (int argc, char **argv)
{
  KsmRandom rng;

  if (argc != 2)
    {
      fprintf (stderr, "usage: make-seeds CORPUS-FOLDER\n");
      return 2;
    }
  ksm_random_seed (&rng, 11);
  for (unsigned g = 0; g < ksm_rules_n_games (); g++)
    {
      const KsmRules *R = ksm_rules_nth (g);
      for (int s = 0; s < SEEDS_PER_GAME; s++)
        {
          KsmOptions o;
          KsmPosition pos;
          char path[512], text[KSM_NOTATION_MAX], error[KSM_ERROR_MAX];

          R->default_options (&o);
          /* every rule flag on or off by turns, and the game's sizes */
          for (unsigned i = 0; i < R->n_option_info; i++)
            if (ksm_random_below (&rng, 2))
              o.flags ^= R->option_info[i].flag;
          if (o.game == KSM_GAME_KASIMALA)
            {
              o.length = (uint8_t) (17 + 4 * ksm_random_below (&rng, 3));
              o.throw_limit = s % 4 == 0 ? 40 : 3000;
            }
          if (o.game == KSM_GAME_ASHTE_KASHTE)
            o.n_players = (uint8_t) (2 + ksm_random_below (&rng, 3));
          o.first_player = (uint8_t) ksm_random_below (&rng, (uint32_t) R->n_players (&o));
          if (!R->check_options (&o, error, sizeof error))
            R->default_options (&o);
          R->init (&pos, &o);

          /* the first seeds start at the start; the others somewhere on */
          int skip = s < 4 ? 0 : (int) ksm_random_below (&rng, 400);
          for (int e = 0; e < skip && pos.phase != KSM_PHASE_OVER; e++)
            {
              KsmMove moves[KSM_MAX_MOVES];
              KsmEffect effect;
              if (pos.phase == KSM_PHASE_THROW)
                R->apply_throw (&pos, ksm_throw_sample (&R->throws, &rng, NULL));
              else
                R->apply_move (&pos, &moves[ksm_random_below (&rng, (uint32_t) R->legal_moves (&pos, moves))],
                               &effect);
            }

          snprintf (path, sizeof path, "%s/%s/seed-%02d", argv[1], R->id, s);
          FILE *f = fopen (path, "w");
          if (f == NULL)
            {
              perror (path);
              return 1;
            }
          R->format_position (&pos, text, sizeof text);
          fprintf (f, "%s\n", text);
          for (int e = 0; e < EVENTS_AFTER && pos.phase != KSM_PHASE_OVER; e++)
            {
              KsmMove moves[KSM_MAX_MOVES];
              KsmEffect effect;
              if (pos.phase == KSM_PHASE_THROW)
                {
                  int face = ksm_throw_sample (&R->throws, &rng, NULL);
                  fprintf (f, "%s\n", R->throws.faces[face].name);
                  R->apply_throw (&pos, face);
                }
              else
                {
                  int n = R->legal_moves (&pos, moves);
                  const KsmMove *m = &moves[ksm_random_below (&rng, (uint32_t) n)];
                  R->format_move (&pos, m, text, sizeof text);
                  fprintf (f, "%s\n", text);
                  R->apply_move (&pos, m, &effect);
                }
            }
          fclose (f);
        }
    }
  return 0;
}
