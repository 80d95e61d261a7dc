/* test-records.h: saved games made up for the app tests. Static inline,
 * so each test binary gets its own copy. */
#pragma once

#include <glib.h>

#include "ksm-random.h"
#include "ksm-record.h"
#include "ksm-rules.h"

/* a two-person Kasimala game of random moves, `n_events` long */
static inline KsmRecord *
test_random_record (guint64 seed, guint n_events)
{
  const KsmRules *rules = ksm_rules_get (KSM_GAME_KASIMALA);
  const KsmSeat seats[2] = { { KSM_SEAT_PERSON, 0 }, { KSM_SEAT_PERSON, 0 } };
  KsmOptions options;
  KsmPosition pos;
  KsmMove moves[KSM_MAX_MOVES];
  KsmRandom rng;
  KsmRecord *record;

  rules->default_options (&options);
  record = ksm_record_new (&options, seats, seed);
  ksm_random_seed (&rng, seed);
  rules->init (&pos, &options);
  for (guint i = 0; i < n_events && pos.phase != KSM_PHASE_OVER; i++)
    {
      KsmEvent event = { .player = pos.to_move };
      if (pos.phase == KSM_PHASE_THROW)
        {
          event.kind = KSM_EVENT_THROW;
          event.face = (guint8) ksm_throw_sample (&rules->throws, &rng, &event.pattern);
          rules->apply_throw (&pos, event.face);
        }
      else
        {
          int n = rules->legal_moves (&pos, moves);
          int chosen = (int) ksm_random_below (&rng, (guint32) n);
          event.kind = moves[chosen].kind == KSM_MOVE_LOSE ? KSM_EVENT_LOST : KSM_EVENT_MOVE;
          event.face = pos.face;
          event.move = moves[chosen];
          rules->apply_move (&pos, &moves[chosen], NULL);
        }
      ksm_record_append (record, &event);
    }
  return record;
}
