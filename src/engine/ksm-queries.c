/* ksm-queries.c: the rules queries for the views, with the answer for a
 * game that has no such thing (its function NULL). */
#include "ksm-rules.h"


int
ksm_rules_held_throws (const KsmRules *rules, const KsmPosition *pos,
                       uint8_t *faces, bool *split, int *pool)
{
  bool split_none;
  int pool_none;

  if (split == NULL)
    split = &split_none;
  if (pool == NULL)
    pool = &pool_none;
  *split = false;
  *pool = 0;
  if (rules->held_throws == NULL)
    return 0;
  return rules->held_throws (pos, faces, split, pool);
}

bool
ksm_rules_holds_throws (const KsmRules *rules)
{
  return rules->held_throws != NULL;
}

uint32_t
ksm_rules_player_flags (const KsmRules *rules, const KsmPosition *pos, int player)
{
  return rules->player_flags != NULL ? rules->player_flags (pos, player) : 0;
}

int
ksm_rules_next_to_start (const KsmRules *rules, const KsmPosition *pos, int player)
{
  return rules->next_to_start != NULL ? rules->next_to_start (pos, player) : -1;
}

int
ksm_rules_start_cell (const KsmRules *rules, const KsmOptions *options, int player)
{
  return rules->start_cell != NULL ? rules->start_cell (options, player) : -1;
}

int
ksm_rules_next_cell (const KsmRules *rules, const KsmOptions *options, int player, int cell)
{
  if (rules->next_cell == NULL || cell < 0 || cell >= rules->n_cells (options))
    return -1;
  return rules->next_cell (options, player, cell);
}

unsigned
ksm_rules_cell_flags (const KsmRules *rules, const KsmOptions *options, int cell)
{
  unsigned flags = rules->cell_flags (options, cell);

  for (int p = 0; p < rules->n_players (options); p++)
    if (cell >= 0 && ksm_rules_start_cell (rules, options, p) == cell)
      flags |= KSM_CELL_ENTRY;
  return flags;
}

bool
ksm_rules_face_throws_again (const KsmRules *rules, const KsmOptions *options, int face)
{
  if (face < 0 || face >= rules->throws.n_faces)
    return false;
  if (rules->face_throws_again != NULL)
    return rules->face_throws_again (options, face);
  return rules->throws.faces[face].throws_again;
}

unsigned
ksm_rules_object_marks (const KsmRules *rules, int object)
{
  if (object < 0 || object >= rules->throws.n_objects || object >= 32)
    return 0;
  return (rules->throws.marked_objects >> object & 1u) ? KSM_OBJECT_MARKED : 0u;
}

const char *
ksm_rules_style_key (const KsmRules *rules, const KsmOptions *options, int player)
{
  static const char *const keys[KSM_MAX_PLAYERS] = { "player-0", "player-1", "player-2", "player-3" };
  const char *key = rules->style_key != NULL ? rules->style_key (options, player) : NULL;

  if (key != NULL)
    return key;
  return player >= 0 && player < KSM_MAX_PLAYERS ? keys[player] : NULL;
}

unsigned
ksm_rules_lost_reasons (const KsmRules *rules, const KsmPosition *pos)
{
  KsmMove moves[KSM_MAX_MOVES];
  unsigned reasons;

  if (pos->phase != KSM_PHASE_MOVE)
    return 0;
  if (rules->legal_moves (pos, moves) != 1 || moves[0].kind != KSM_MOVE_LOSE)
    return 0;
  reasons = rules->lost_reasons != NULL ? rules->lost_reasons (pos) : 0;
  /* neither is a reason a piece is held back for */
  reasons &= ~(1u << KSM_LOST_NONE | 1u << KSM_LOST_SEVERAL);
  return reasons != 0 ? reasons : 1u << KSM_LOST_NOTHING_TO_MOVE;
}

KsmLostReason
ksm_rules_lost_reason (const KsmRules *rules, const KsmPosition *pos)
{
  unsigned reasons = ksm_rules_lost_reasons (rules, pos);

  if (reasons == 0)
    return KSM_LOST_NONE;
  if (reasons & (reasons - 1))
    return KSM_LOST_SEVERAL;
  return (KsmLostReason) __builtin_ctz (reasons);
}

/* KSM_LOST_BLOCKED says the other side holds the cells safely: where
 * there is one other side, it is that side's pieces */
int
ksm_rules_lost_blocker (const KsmRules *rules, const KsmPosition *pos)
{
  int n = rules->n_players (&pos->options);
  int team = rules->team_of (&pos->options, pos->to_move);
  int blocker = -1;

  if (!(ksm_rules_lost_reasons (rules, pos) & 1u << KSM_LOST_BLOCKED))
    return -1;
  for (int p = 0; p < n; p++)
    if (rules->team_of (&pos->options, p) != team)
      {
        if (blocker >= 0)
          return -1;
        blocker = p;
      }
  return blocker;
}

void
ksm_rules_player_range (const KsmRules *rules, int *min, int *max)
{
  KsmOptions defaults;

  rules->default_options (&defaults);
  *min = rules->min_players > 0 ? rules->min_players : rules->n_players (&defaults);
  *max = rules->max_players > 0 ? rules->max_players : rules->n_players (&defaults);
}

int
ksm_rules_partner_of (const KsmRules *rules, const KsmOptions *options, int player)
{
  int n = rules->n_players (options);

  if (player < 0 || player >= n)
    return -1;
  for (int other = 0; other < n; other++)
    if (other != player && rules->team_of (options, other) == rules->team_of (options, player))
      return other;
  return -1;
}
