/* ksm-registry.c: the games the engine offers, and helpers over any game. */
#include "ksm-rules.h"

#include <stdlib.h>
#include <string.h>

extern const KsmRules ksm_kasimala_rules;
extern const KsmRules ksm_ashte_kashte_rules;
extern const KsmRules ksm_asi_keliya_rules;

/* indexed by KsmGameKind: the shipped games, then from KSM_N_GAMES those
 * registered at run time, in the order they came; a game not yet written
 * is NULL */
static const KsmRules *registry[KSM_MAX_GAMES] = {
  [KSM_GAME_KASIMALA] = &ksm_kasimala_rules,
  [KSM_GAME_ASHTE_KASHTE] = &ksm_ashte_kashte_rules,
  [KSM_GAME_ASI_KELIYA] = &ksm_asi_keliya_rules,
};

/* the kinds in use: KSM_N_GAMES and those registered after them */
static unsigned n_kinds = KSM_N_GAMES;

/* a KsmOptions.game must hold every kind */
_Static_assert (KSM_MAX_GAMES <= UINT8_MAX, "KsmOptions.game is one byte");
_Static_assert (sizeof (((KsmPosition *) 0)->u.bytes) <= sizeof (KsmKasimalaState)
                && sizeof (((KsmPosition *) 0)->u.bytes) <= sizeof (KsmAsiState),
                "a registered game's state must not make positions bigger");

const KsmRules *
ksm_rules_get (KsmGameKind game)
{
  if ((unsigned) game >= n_kinds)
    return NULL;
  return registry[game];
}

unsigned
ksm_rules_n_games (void)
{
  unsigned n = 0;
  for (unsigned i = 0; i < n_kinds; i++)
    if (registry[i] != NULL)
      n++;
  return n;
}

const KsmRules *
ksm_rules_nth (unsigned n)
{
  for (unsigned i = 0; i < n_kinds; i++)
    if (registry[i] != NULL && n-- == 0)
      return registry[i];
  return NULL;
}

const KsmRules *
ksm_rules_lookup (const char *id)
{
  if (id == NULL)
    return NULL;
  for (unsigned i = 0; i < n_kinds; i++)
    if (registry[i] != NULL && strcmp (registry[i]->id, id) == 0)
      return registry[i];
  return NULL;
}

KsmGameKind
ksm_rules_kind (const KsmRules *rules)
{
  for (unsigned i = 0; rules != NULL && i < n_kinds; i++)
    if (registry[i] == rules)
      return (KsmGameKind) i;
  return KSM_GAME_NONE;
}

KsmGameKind
ksm_rules_register (const KsmRules *rules)
{
  KsmGameKind kind;

  if (rules == NULL || rules->id == NULL)
    return KSM_GAME_NONE;
  kind = ksm_rules_kind (rules);
  if (kind != KSM_GAME_NONE)
    return kind;
  /* an id names one game: saved games find their rules by it */
  if (ksm_rules_lookup (rules->id) != NULL || n_kinds >= KSM_MAX_GAMES)
    return KSM_GAME_NONE;
  registry[n_kinds] = rules;
  return (KsmGameKind) n_kinds++;
}

const KsmRules *
ksm_rules_for (const KsmPosition *pos)
{
  return ksm_rules_get ((KsmGameKind) pos->options.game);
}

int
ksm_rules_face_weight (const KsmRules *rules, int face)
{
  int weight = 0;
  uint32_t n_patterns = 1u << rules->throws.n_objects;

  for (uint32_t pattern = 0; pattern < n_patterns; pattern++)
    if (rules->throws.face_of_pattern (pattern) == face)
      weight++;
  return weight;
}

int
ksm_rules_face_lookup (const KsmRules *rules, const char *text)
{
  if (text == NULL || *text == '\0')
    return -1;

  for (int face = 0; face < rules->throws.n_faces; face++)
    if (strcmp (rules->throws.faces[face].name, text) == 0)
      return face;
  for (int face = 0; face < rules->throws.n_faces; face++)
    {
      const char *other = rules->throws.faces[face].other_names;
      size_t length = strlen (text);
      while (other != NULL && *other != '\0')
        {
          size_t word = strcspn (other, " ");
          if (word == length && strncmp (other, text, length) == 0)
            return face;
          other += word + (other[word] == ' ');
        }
    }

  /* a value names a face only when no two faces share it */
  char *end;
  long value = strtol (text, &end, 10);
  if (*end != '\0')
    return -1;
  int found = -1;
  for (int face = 0; face < rules->throws.n_faces; face++)
    if (rules->throws.faces[face].value == value)
      {
        if (found >= 0)
          return -1;
        found = face;
      }
  return found;
}

bool
ksm_rules_parse_position (const char *text, KsmPosition *pos, char *error, size_t error_size)
{
  size_t id_length = text != NULL ? strcspn (text, " ") : 0;

  for (unsigned i = 0; i < n_kinds; i++)
    if (registry[i] != NULL && strlen (registry[i]->id) == id_length
        && strncmp (registry[i]->id, text, id_length) == 0)
      return registry[i]->parse_position (text, pos, error, error_size);

  if (error_size > 0)
    {
      char *out = error;
      size_t room = error_size;
      const char *prefix = "unknown game in the position's first field";
      strncpy (out, prefix, room - 1);
      out[room - 1] = '\0';
    }
  return false;
}

bool
ksm_moves_equal (const KsmMove *a, const KsmMove *b)
{
  return a->kind == b->kind && a->from == b->from && a->to == b->to
         && a->distance == b->distance && a->slot == b->slot && a->group == b->group;
}
