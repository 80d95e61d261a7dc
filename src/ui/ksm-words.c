/* ksm-words.c */
#include "config.h"

#include "ksm-words.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ksm-player.h"

typedef struct {
  const char *id;
  const char *text;
} Word;

static const char *
lookup (const Word *words, gsize n_words, const char *context, const char *id)
{
  for (gsize i = 0; i < n_words; i++)
    if (strcmp (words[i].id, id) == 0)
      return g_dpgettext2 (GETTEXT_PACKAGE, context, words[i].text);
  return id;
}

static const Word game_names[] = {
  /* Translators: the game's name; the Newar original is कसिमला पाँय् */
  { "kasimala", NC_("game", "Kasimala Paay") },
  { "ashte-kashte", NC_("game", "Ashte Kashte") },
  { "asi-keliya", NC_("game", "Asi Keliya") },
};

static const Word game_summaries[] = {
  { "kasimala", NC_("game", "Bhaktapur, Nepal. Two sides meet head on in the mala; capture every piece the other side has.") },
  { "ashte-kashte", NC_("game", "Bengal. Two to four players race four tokens round a spiral to the centre.") },
  { "asi-keliya", NC_("game", "Sri Lanka. Two teams race on a cross-shaped board with six cowries.") },
};

static const Word player_names[] = {
  { "Bricks", NC_("player", "Bricks") },
  { "Stones", NC_("player", "Stones") },
};

static const Word pieces_names[] = {
  { "Bricks", NC_("pieces", "bricks") },
  { "Stones", NC_("pieces", "stones") },
};

static const Word face_names[] = {
  /* Translators: Kasimala's throws, spelt as the rules glossary spells them */
  { "kasi", NC_("throw", "kasi") },
  { "dwadi", NC_("throw", "dwadi") },
  { "sudi", NC_("throw", "sudi") },
  { "chya", NC_("throw", "chya") },
  { "ngha", NC_("throw", "ngha") },
};

static const Word level_names[] = {
  { "random", NC_("level", "Random") },
  { "easy", NC_("level", "Easy") },
  { "medium", NC_("level", "Medium") },
  { "hard", NC_("level", "Hard") },
};

static const Word option_labels[] = {
  { "extra-throw", NC_("rule", "Chya and ngha throw again") },
  { "kasi-starts", NC_("rule", "A kasi is needed to start a piece") },
  { "safe-laigas", NC_("rule", "Laigas are safe") },
};

static const Word option_sources_on[] = {
  { "extra-throw", NC_("rule source", "as Bhaktapur’s elders play it") },
  { "kasi-starts", NC_("rule source", "as Bhaktapur’s elders play it") },
  { "safe-laigas", NC_("rule source", "as Bhaktapur’s elders play it") },
};

static const Word option_sources_off[] = {
  { "extra-throw", NC_("rule source", "a house rule, every throw passes the turn") },
  { "kasi-starts", NC_("rule source", "a house rule, any throw starts the next piece") },
  { "safe-laigas", NC_("rule source", "a house rule, laigas are ordinary cells") },
};

const char *
ksm_words_game_name (const KsmRules *rules)
{
  return lookup (game_names, G_N_ELEMENTS (game_names), "game", rules->id);
}

const char *
ksm_words_game_summary (const KsmRules *rules)
{
  return lookup (game_summaries, G_N_ELEMENTS (game_summaries), "game", rules->id);
}

const char *
ksm_words_player_name (const KsmRules *rules, const KsmOptions *options, int player)
{
  return lookup (player_names, G_N_ELEMENTS (player_names), "player",
                 rules->player_name (options, player));
}

const char *
ksm_words_pieces_name (const KsmRules *rules, const KsmOptions *options, int player)
{
  return lookup (pieces_names, G_N_ELEMENTS (pieces_names), "pieces",
                 rules->player_name (options, player));
}

char *
ksm_words_count_pieces (const KsmRules *rules, const KsmOptions *options, int player, guint count)
{
  const char *name = rules->player_name (options, player);

  if (strcmp (name, "Bricks") == 0)
    return g_strdup_printf (ngettext ("%u brick", "%u bricks", count), count);
  if (strcmp (name, "Stones") == 0)
    return g_strdup_printf (ngettext ("%u stone", "%u stones", count), count);
  return g_strdup_printf (ngettext ("%u piece", "%u pieces", count), count);
}

const char *
ksm_words_face_name (const KsmRules *rules, int face)
{
  return lookup (face_names, G_N_ELEMENTS (face_names), "throw", rules->throws.faces[face].name);
}

const char *
ksm_words_level_name (int level)
{
  const char *id = ksm_level_name ((KsmLevel) level);
  return id != NULL ? lookup (level_names, G_N_ELEMENTS (level_names), "level", id) : "";
}

const char *
ksm_words_option_label (const KsmRules *rules, const KsmOptionInfo *info)
{
  return lookup (option_labels, G_N_ELEMENTS (option_labels), "rule", info->key);
}

const char *
ksm_words_option_source (const KsmRules *rules, const KsmOptionInfo *info, gboolean on)
{
  if (on)
    return lookup (option_sources_on, G_N_ELEMENTS (option_sources_on), "rule source", info->key);
  return lookup (option_sources_off, G_N_ELEMENTS (option_sources_off), "rule source", info->key);
}

char *
ksm_words_cell_name (const KsmRules *rules, const KsmOptions *options, int cell)
{
  char name[16];

  rules->cell_name (options, cell, name, sizeof name);
  return g_strdup (name);
}
