/* ksm-skin.c: finding a game's skin; the skins themselves are in ksm-skins.c. */
#include "config.h"

#include "ksm-skin.h"

#include <glib/gi18n.h>
#include <string.h>

/* skins registered at run time, after the shipped ones are looked at */
static GPtrArray *registered_skins;

static const KsmSkin default_skin = {
  .rules_id = NULL,
  .name = NULL,
  .summary = NULL,
  .listed = TRUE,
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
