/* ksm-search.h: expectimax over any game, for the computer players.
 *
 * Private to the engine. Values are chances, 0 to 1, that one player (the
 * searching one) wins; decision nodes take the best for whoever moves,
 * chance nodes weigh every face of the throw by its exact odds. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "ksm-rules.h"

typedef struct {
  const KsmRules *rules;
  int             player;       /* whose chances the values are */
  int             team;
  int             weight[KSM_MAX_FACES];  /* out of total */
  int             total;
  int             face_order[KSM_MAX_FACES];  /* heaviest first */
  int             n_faces;
  int64_t         deadline_ns;  /* CLOCK_MONOTONIC; 0: none */
  long            max_nodes;    /* 0: no limit */
  int             free_forced;  /* forced decisions a line may pass uncounted */
  bool            expert;       /* judge leaves by the game's learnt model (Expert) */
  const float    *expert_weights;  /* that model's weights: the game's own from
                                    * ksm_search_init, unless a player gives others */
  long            nodes;
  bool            aborted;
  bool            clock_stopped;  /* aborted by deadline_ns, not max_nodes */
  int             completed;    /* root moves searched whole, in order */
} KsmSearch;

int64_t ksm_search_now_ns   (void);
void    ksm_search_init     (KsmSearch *search, const KsmPosition *pos);
/* the game's evaluation, or pieces left when it has none */
double  ksm_search_evaluate (const KsmSearch *search, const KsmPosition *pos);
/* the same for `player` of `team`, without a search */
double  ksm_search_chance   (const KsmRules *rules, const KsmPosition *pos, int player, int team);
/* the game's learnt model (KsmRules.expert_*), which it must have, for
 * `player` of `team`: the outcome once the game is over */
double  ksm_search_expert_chance (const KsmRules *rules, const KsmPosition *pos,
                                  int player, int team);
/* the same by other weights of that model (expert_n_features of them) */
double  ksm_search_expert_chance_by (const KsmRules *rules, const float *weights,
                                     const KsmPosition *pos, int player, int team);
/* values[i] of moves[i] with `depth` decisions counted from this one (1: the
 * evaluation right after the move), the moves taken in `order` (NULL: as
 * given). With `exact` every value is exact (for hints); without it a move
 * worse than the best before it may only get a bound at or below the best's
 * value. false when it ran out of time or nodes: then only the first
 * `completed` moves of the order have their values. */
bool    ksm_search_root     (KsmSearch *search, const KsmPosition *pos,
                             const KsmMove *moves, int n_moves, int depth,
                             bool exact, const int *order, double *values);
