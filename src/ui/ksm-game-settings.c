/* ksm-game-settings.c: each game's settings at a path of its own. */
#include "config.h"

#include "ksm-game-settings.h"

#include <string.h>

#include "ksm-player.h"
#include "ksm-skin.h"

#define GAME_SCHEMA APPLICATION_ID ".Game"
#define GAMES_PATH "/io/github/kasimala/Kasimala/games/"

GSettings *
ksm_game_settings_new (const KsmRules *rules)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (rules != NULL && rules->id != NULL, NULL);

  path = g_strconcat (GAMES_PATH, rules->id, "/", NULL);
  return g_settings_new_with_path (GAME_SCHEMA, path);
}

/* whether a person (or the migration) set `key`: if not, the game's
 * default holds, whatever the schema's default says */
static gboolean
is_chosen (GSettings *settings, const char *key)
{
  g_autoptr(GVariant) value = g_settings_get_user_value (settings, key);
  return value != NULL;
}

gboolean
ksm_game_settings_rule_on (GSettings           *game_settings,
                           const KsmOptionInfo *info)
{
  g_auto(GStrv) off = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (game_settings), FALSE);
  g_return_val_if_fail (info != NULL, FALSE);

  if (!is_chosen (game_settings, "rules-off"))
    return info->default_on;
  off = g_settings_get_strv (game_settings, "rules-off");
  return !g_strv_contains ((const char *const *) off, info->key);
}

void
ksm_game_settings_get_choices (GSettings      *game_settings,
                               const KsmRules *rules,
                               KsmOptions     *options,
                               KsmSeat        *seats)
{
  g_auto(GStrv) seat_names = NULL;
  guint n_names;
  int min_players, max_players;

  g_return_if_fail (G_IS_SETTINGS (game_settings));
  g_return_if_fail (rules != NULL && options != NULL && seats != NULL);

  rules->default_options (options);
  ksm_rules_player_range (rules, &min_players, &max_players);
  if (min_players < max_players && is_chosen (game_settings, "players"))
    options->n_players = (uint8_t) CLAMP (g_settings_get_int (game_settings, "players"),
                                          min_players, max_players);
  if (rules->lengths != NULL && is_chosen (game_settings, "length"))
    {
      int length = g_settings_get_int (game_settings, "length");
      for (unsigned i = 0; i < rules->n_lengths; i++)
        if (rules->lengths[i] == length)
          options->length = (uint8_t) length;
    }
  if (rules->throw_limit && is_chosen (game_settings, "throw-limit"))
    options->throw_limit = (uint16_t) g_settings_get_int (game_settings, "throw-limit");
  for (unsigned k = 0; k < rules->n_option_info; k++)
    {
      const KsmOptionInfo *info = &rules->option_info[k];
      if (ksm_game_settings_rule_on (game_settings, info))
        options->flags |= info->flag;
      else
        options->flags &= ~info->flag;
    }
  if (is_chosen (game_settings, "first"))
    {
      int first = g_settings_get_int (game_settings, "first");
      options->first_player = (uint8_t) (first < rules->n_players (options) ? first : 0);
    }

  seat_names = g_settings_get_strv (game_settings, "seats");
  n_names = g_strv_length (seat_names);
  for (guint p = 0; p < KSM_MAX_PLAYERS; p++)
    {
      const char *name = p < n_names ? seat_names[p] : "medium";
      int level = ksm_level_lookup (name);

      if (strcmp (name, "person") == 0)
        seats[p] = (KsmSeat) { KSM_SEAT_PERSON, KSM_LEVEL_RANDOM };
      else
        seats[p] = (KsmSeat) { KSM_SEAT_COMPUTER, level >= 0 ? (KsmLevel) level : KSM_LEVEL_MEDIUM };
    }
}

void
ksm_game_settings_set_choices (GSettings        *game_settings,
                               const KsmRules   *rules,
                               const KsmOptions *options,
                               const KsmSeat    *seats)
{
  g_autoptr(GStrvBuilder) off = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) seat_names = g_strv_builder_new ();
  g_auto(GStrv) off_keys = NULL;
  g_auto(GStrv) seat_keys = NULL;
  int min_players, max_players;

  g_return_if_fail (G_IS_SETTINGS (game_settings));
  g_return_if_fail (rules != NULL && options != NULL && seats != NULL);

  for (guint p = 0; p < KSM_MAX_PLAYERS; p++)
    g_strv_builder_add (seat_names, seats[p].kind == KSM_SEAT_PERSON ? "person"
                                                                     : ksm_level_name (seats[p].level));
  for (unsigned k = 0; k < rules->n_option_info; k++)
    if (!(options->flags & rules->option_info[k].flag))
      g_strv_builder_add (off, rules->option_info[k].key);
  seat_keys = g_strv_builder_end (seat_names);
  off_keys = g_strv_builder_end (off);

  g_settings_set_strv (game_settings, "seats", (const char *const *) seat_keys);
  g_settings_set_strv (game_settings, "rules-off", (const char *const *) off_keys);
  g_settings_set_int (game_settings, "first", options->first_player);
  ksm_rules_player_range (rules, &min_players, &max_players);
  if (min_players < max_players)
    g_settings_set_int (game_settings, "players", options->n_players);
  if (rules->lengths != NULL)
    g_settings_set_int (game_settings, "length", options->length);
  if (rules->throw_limit)
    g_settings_set_int (game_settings, "throw-limit", options->throw_limit);
}

/* ---- the running score ---- */

/* A team's points are kept under the engine's name of its first seat
 * (under `options`), so a side keeps its points whoever sits where, in a
 * game whose sides take other seats as fewer play. NULL: no such team. */
static const char *
team_key (const KsmRules *rules, const KsmOptions *options, int team)
{
  for (int p = 0; p < rules->n_players (options); p++)
    if (rules->team_of (options, p) == team)
      return rules->player_name (options, p);
  return NULL;
}

/* the points stored under `key`, 0 where none are */
static int
stored_points (GVariant *score, const char *key)
{
  gint32 value = 0;

  if (key == NULL || !g_variant_lookup (score, key, "i", &value))
    return 0;
  return value;
}

/* `score` with `points` under `key`, in place of what was there */
static GVariant *
with_points (GVariant *score, const char *key, int points)
{
  GVariantBuilder builder;
  GVariantIter iter;
  const char *name;
  gint32 value;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{si}"));
  g_variant_iter_init (&iter, score);
  while (g_variant_iter_next (&iter, "{&si}", &name, &value))
    if (strcmp (name, key) != 0)
      g_variant_builder_add (&builder, "{si}", name, value);
  g_variant_builder_add (&builder, "{si}", key, (gint32) points);
  return g_variant_builder_end (&builder);
}

guint
ksm_game_settings_get_points (GSettings        *game_settings,
                              const KsmRules   *rules,
                              const KsmOptions *options,
                              int              *points)
{
  g_autoptr(GVariant) score = NULL;
  int n;

  g_return_val_if_fail (G_IS_SETTINGS (game_settings), 0);
  g_return_val_if_fail (rules != NULL && options != NULL && points != NULL, 0);

  score = g_settings_get_value (game_settings, "score");
  n = rules->n_players (options);
  for (int p = 0; p < n; p++)
    points[p] = stored_points (score, team_key (rules, options, rules->team_of (options, p)));
  return (guint) n;
}

void
ksm_game_settings_add_points (GSettings        *game_settings,
                              const KsmRules   *rules,
                              const KsmOptions *options,
                              int               winner,
                              int               points)
{
  g_autoptr(GVariant) score = NULL;
  const char *key;

  g_return_if_fail (G_IS_SETTINGS (game_settings));
  g_return_if_fail (rules != NULL && options != NULL);

  if (winner < 0 || winner >= rules->n_players (options))
    return;
  key = team_key (rules, options, rules->team_of (options, winner));
  score = g_settings_get_value (game_settings, "score");
  g_settings_set_value (game_settings, "score",
                        with_points (score, key, stored_points (score, key) + points));
}

/* ---- from the keys of the main schema ---- */

static GVariant *
old_value (GSettings *settings, const char *key)
{
  return key != NULL ? g_settings_get_user_value (settings, key) : NULL;
}

/* copies an old key of the same type, if a person set it */
static void
move_key (GSettings *settings, const char *old_key, GSettings *game_settings, const char *key)
{
  g_autoptr(GVariant) value = old_value (settings, old_key);

  if (value != NULL)
    g_settings_set_value (game_settings, key, value);
}

/* the old score, a tuple with an entry a team (under the default
 * options), into the score by team key */
static void
move_score (GSettings *settings, const char *old_key, GSettings *game_settings,
            const KsmRules *rules)
{
  g_autoptr(GVariant) value = old_value (settings, old_key);
  GVariantBuilder builder;
  KsmOptions defaults;

  if (value == NULL)
    return;
  rules->default_options (&defaults);
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{si}"));
  for (gsize team = 0; team < g_variant_n_children (value); team++)
    {
      g_autoptr(GVariant) points = g_variant_get_child_value (value, team);
      const char *key = team_key (rules, &defaults, (int) team);

      if (key != NULL && g_variant_is_of_type (points, G_VARIANT_TYPE_INT32))
        g_variant_builder_add (&builder, "{si}", key, g_variant_get_int32 (points));
    }
  g_settings_set_value (game_settings, "score", g_variant_builder_end (&builder));
}

static void
move_old_settings (GSettings                *settings,
                   const KsmSkinOldSettings *old,
                   GSettings                *game_settings,
                   const KsmRules           *rules)
{
  g_autoptr(GVariant) opponent = old_value (settings, old->opponent);
  g_autoptr(GVariant) first_side = old_value (settings, old->first_side);

  move_key (settings, old->seats, game_settings, "seats");
  if (opponent != NULL)
    {
      /* the first side was the person at the desk's */
      const char *seats[] = { "person", g_variant_get_string (opponent, NULL), "medium", "medium", NULL };
      g_settings_set_strv (game_settings, "seats", seats);
    }
  move_key (settings, old->first, game_settings, "first");
  if (first_side != NULL && old->first_sides != NULL)
    {
      const char *side = g_variant_get_string (first_side, NULL);
      for (int p = 0; old->first_sides[p] != NULL; p++)
        if (strcmp (old->first_sides[p], side) == 0)
          g_settings_set_int (game_settings, "first", p);
    }
  move_key (settings, old->rules_off, game_settings, "rules-off");
  move_key (settings, old->players, game_settings, "players");
  move_key (settings, old->length, game_settings, "length");
  move_key (settings, old->throw_limit, game_settings, "throw-limit");
  move_score (settings, old->score, game_settings, rules);
}

/* Whether a person set any of the old keys. Without, nothing is written,
 * not even the flag: the app no longer writes those keys, so there will
 * never be anything to carry over, and a first start writes no setting. */
static gboolean
has_old_settings (GSettings *settings)
{
  for (guint i = 0; i < ksm_n_shipped_skins; i++)
    {
      const KsmSkinOldSettings *old = ksm_shipped_skins[i]->old_settings;
      const char *keys[] = {
        old != NULL ? old->seats : NULL, old != NULL ? old->opponent : NULL,
        old != NULL ? old->first : NULL, old != NULL ? old->first_side : NULL,
        old != NULL ? old->rules_off : NULL, old != NULL ? old->players : NULL,
        old != NULL ? old->length : NULL, old != NULL ? old->throw_limit : NULL,
        old != NULL ? old->score : NULL,
      };

      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        {
          g_autoptr(GVariant) value = old_value (settings, keys[k]);
          if (value != NULL)
            return TRUE;
        }
    }
  return FALSE;
}

void
ksm_game_settings_migrate (GSettings *settings)
{
  g_return_if_fail (G_IS_SETTINGS (settings));

  if (g_settings_get_boolean (settings, "game-settings-moved") || !has_old_settings (settings))
    return;
  for (guint i = 0; i < ksm_n_shipped_skins; i++)
    {
      const KsmSkin *skin = ksm_shipped_skins[i];
      const KsmRules *rules = ksm_rules_lookup (skin->rules_id);
      g_autoptr(GSettings) game_settings = NULL;

      if (rules == NULL || skin->old_settings == NULL)
        continue;
      game_settings = ksm_game_settings_new (rules);
      move_old_settings (settings, skin->old_settings, game_settings, rules);
    }
  g_settings_set_boolean (settings, "game-settings-moved", TRUE);
}
