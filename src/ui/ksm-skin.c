/* ksm-skin.c: finding a game's skin; the skins themselves are in ksm-skins.c. */
#include "config.h"

#include "ksm-skin.h"
#include "ksm-cell.h"

#include <glib/gi18n.h>
#include <string.h>

/* skins registered at run time, after the shipped ones are looked at */
static GPtrArray *registered_skins;

/* the looks every game may share, by the engine's style keys */
static const KsmSkinPieceStyle default_piece_styles[] = {
  { "brick", KSM_CELL_STYLE_BRICK }, { "stone", KSM_CELL_STYLE_STONE },
  { "red", KSM_CELL_STYLE_RED }, { "blue", KSM_CELL_STYLE_BLUE },
  { "green", KSM_CELL_STYLE_GREEN }, { "yellow", KSM_CELL_STYLE_YELLOW },
  { "black", KSM_CELL_STYLE_BLACK },
};

static const KsmSkin default_skin = {
  .rules_id = NULL,
  .name = NULL,
  .summary = NULL,
  .listed = TRUE,
  .piece_styles = default_piece_styles,
  .n_piece_styles = G_N_ELEMENTS (default_piece_styles),
};

const KsmSkin *
ksm_skin_lookup (const char *rules_id)
{
  if (rules_id == NULL)
    return NULL;
  for (guint i = 0; i < ksm_n_shipped_skins; i++)
    if (strcmp (ksm_shipped_skins[i]->rules_id, rules_id) == 0)
      return ksm_shipped_skins[i];
  for (guint i = 0; registered_skins != NULL && i < registered_skins->len; i++)
    {
      const KsmSkin *skin = g_ptr_array_index (registered_skins, i);
      if (strcmp (skin->rules_id, rules_id) == 0)
        return skin;
    }
  return NULL;
}

const KsmSkin *
ksm_skin_for (const KsmRules *rules)
{
  const KsmSkin *skin = rules != NULL ? ksm_skin_lookup (rules->id) : NULL;
  return skin != NULL ? skin : &default_skin;
}

void
ksm_skin_register (const KsmSkin *skin)
{
  g_return_if_fail (skin != NULL && skin->rules_id != NULL);

  if (registered_skins == NULL)
    registered_skins = g_ptr_array_new ();
  g_ptr_array_add (registered_skins, (gpointer) skin);
}

const KsmSkinSide *
ksm_skin_side (const KsmSkin *skin, const KsmRules *rules, const KsmOptions *options, int player)
{
  const char *name;

  if (player < 0 || player >= rules->n_players (options))
    return NULL;
  name = rules->player_name (options, player);
  for (guint i = 0; i < skin->n_sides; i++)
    if (g_strcmp0 (skin->sides[i].player, name) == 0)
      return &skin->sides[i];
  return NULL;
}

static int
find_piece_style (const KsmSkin *skin, const char *key)
{
  for (guint i = 0; key != NULL && i < skin->n_piece_styles; i++)
    if (strcmp (skin->piece_styles[i].key, key) == 0)
      return skin->piece_styles[i].style;
  return -1;
}

int
ksm_skin_piece_style (const KsmSkin *skin, const KsmRules *rules, const KsmOptions *options, int player)
{
  const char *key;
  int style;

  if (player < 0)
    return -1;
  key = ksm_rules_style_key (rules, options, player);
  style = find_piece_style (skin, key);
  if (style < 0)
    style = find_piece_style (&default_skin, key);
  /* a key nobody draws: the first player's pieces as bricks, the others' as stones */
  if (style < 0)
    style = player == 0 ? KSM_CELL_STYLE_BRICK : KSM_CELL_STYLE_STONE;
  return style;
}
