/* ksm-words.c */
#include "config.h"

#include "ksm-words.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ksm-numbers.h"
#include "ksm-player.h"
#include "ksm-record.h"
#include "ksm-skin.h"

typedef struct {
  const char *id;
  const char *text;
} Word;

/* the translated word for `id`; `fallback` (the engine's English) for an id
 * the table does not know, a game's that came after the table */
static const char *
lookup_or (const Word *words, gsize n_words, const char *context, const char *id,
           const char *fallback)
{
  for (gsize i = 0; i < n_words; i++)
    if (strcmp (words[i].id, id) == 0)
      return g_dpgettext2 (GETTEXT_PACKAGE, context, words[i].text);
  return fallback;
}

static const char *
lookup (const Word *words, gsize n_words, const char *context, const char *id)
{
  return lookup_or (words, n_words, context, id, id);
}

static const Word face_names[] = {
  /* Translators: the throws of four strips, spelt as the rules glossary
   * spells them */
  { "kasi", NC_("throw", "kasi") },
  { "dwadi", NC_("throw", "dwadi") },
  { "sudi", NC_("throw", "sudi") },
  { "chya", NC_("throw", "chya") },
  { "ngha", NC_("throw", "ngha") },
  /* Translators: the throws of four cowries: how many mouths are up, and
   * "ashte" (eight) when none is */
  { "one", NC_("throw", "one") },
  { "two", NC_("throw", "two") },
  { "three", NC_("throw", "three") },
  { "four", NC_("throw", "four") },
  { "ashte", NC_("throw", "ashte") },
  /* Translators: the throws of six cowries; "So-hatara" is three mouths up
   * without the marked cowrie, worth 4 */
  { "zero", NC_("throw", "zero") },
  { "so-hatara", NC_("throw", "So-hatara") },
  { "five", NC_("throw", "five") },
  { "six", NC_("throw", "six") },
};

static const Word level_names[] = {
  { "random", NC_("level", "Random") },
  { "easy", NC_("level", "Easy") },
  { "medium", NC_("level", "Medium") },
  { "hard", NC_("level", "Hard") },
  { "expert", NC_("level", "Expert") },
};

/* what each level does, in a line (the new-game page's seats) */
static const Word level_descriptions[] = {
  { "random", NC_("level description", "Plays any legal move") },
  { "easy", NC_("level description", "Takes the biggest capture, else runs to a safe cell") },
  { "medium", NC_("level description", "Looks one move ahead, weighing your next throw") },
  { "hard", NC_("level description", "Looks three moves ahead, over every throw") },
  /* Translators: the Expert judges positions by weights it learnt by
   * playing game after game against itself */
  { "expert", NC_("level description", "Looks three moves ahead or more, with a judgement learnt from self-play") },
  /* Translators: Hard where it plays each of Medium's best moves on to see
   * how the games go (Asi Keliya) */
  { "hard-rollouts", NC_("level description", "Plays its best moves on, over many throws to come") },
  { "expert-rollouts", NC_("level description", "Plays every move on, and its best four times as often as Hard") },
};

static const Word option_labels[] = {
  { "extra-throw", NC_("rule", "Chya and ngha throw again") },
  { "kasi-starts", NC_("rule", "A kasi is needed to start a piece") },
  { "safe-laigas", NC_("rule", "Laigas are safe") },
  { "blood-rule", NC_("rule", "A colour must capture before it enters the inner rings") },
  { "capture-extra", NC_("rule", "A capture earns another throw") },
  { "grace", NC_("rule", "Tokens enter only with a 4 or an 8") },
  { "passing", NC_("rule", "No passing the other team without a So-hatara") },
  { "partner-play", NC_("rule", "A player whose pieces are all home plays for the partner") },
};

static const Word option_sources_on[] = {
  { "extra-throw", NC_("rule source", "as Bhaktapur’s elders play it") },
  { "kasi-starts", NC_("rule source", "as Bhaktapur’s elders play it") },
  { "safe-laigas", NC_("rule source", "as Bhaktapur’s elders play it") },
  { "blood-rule", NC_("rule source", "the Bengal tradition") },
  { "capture-extra", NC_("rule source", "the Bengal tradition") },
  { "grace", NC_("rule source", "Falkener, Games Ancient and Oriental (1892)") },
  { "passing", NC_("rule source", "Parker, Ancient Ceylon (1909)") },
  { "partner-play", NC_("rule source", "a house rule, as in Pachisi") },
};

static const Word option_sources_off[] = {
  { "extra-throw", NC_("rule source", "a house rule, every throw passes the turn") },
  { "kasi-starts", NC_("rule source", "a house rule, any throw starts the next piece") },
  { "safe-laigas", NC_("rule source", "a house rule, laigas are ordinary cells") },
  { "blood-rule", NC_("rule source", "a house rule, the inner rings are open to all") },
  { "capture-extra", NC_("rule source", "a house rule, only a 4 or an 8 throws again") },
  { "grace", NC_("rule source", "the Bengal tradition, tokens start on the board") },
  { "passing", NC_("rule source", "a house rule, pieces pass freely") },
  { "partner-play", NC_("rule source", "a player whose pieces are all home passes") },
};

const char *
ksm_words_game_name (const KsmRules *rules)
{
  const KsmSkin *skin = ksm_skin_for (rules);
  return skin->name != NULL ? g_dpgettext2 (GETTEXT_PACKAGE, "game", skin->name) : rules->name;
}

const char *
ksm_words_game_summary (const KsmRules *rules)
{
  const KsmSkin *skin = ksm_skin_for (rules);
  return skin->summary != NULL ? g_dpgettext2 (GETTEXT_PACKAGE, "game", skin->summary) : "";
}

const char *
ksm_words_player_name (const KsmRules *rules, const KsmOptions *options, int player)
{
  const KsmSkinSide *side = ksm_skin_side (ksm_skin_for (rules), rules, options, player);
  return side != NULL ? g_dpgettext2 (GETTEXT_PACKAGE, "player", side->name)
                      : rules->player_name (options, player);
}

const char *
ksm_words_pieces_name (const KsmRules *rules, const KsmOptions *options, int player)
{
  const KsmSkinSide *side = ksm_skin_side (ksm_skin_for (rules), rules, options, player);
  return side != NULL ? g_dpgettext2 (GETTEXT_PACKAGE, "pieces", side->pieces)
                      : rules->player_name (options, player);
}

char *
ksm_words_count_pieces (const KsmRules *rules, const KsmOptions *options, int player, guint count)
{
  const KsmSkinSide *side = ksm_skin_side (ksm_skin_for (rules), rules, options, player);

  if (side != NULL && side->count_pieces != NULL)
    return side->count_pieces (count);
  return ksm_format (ngettext ("%u piece", "%u pieces", count), count);
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
ksm_words_level_description (const KsmRules *rules, int level)
{
  const char *id = ksm_level_way ((KsmLevel) level, rules);
  return id != NULL ? lookup (level_descriptions, G_N_ELEMENTS (level_descriptions), "level description", id) : "";
}

const char *
ksm_words_option_label (const KsmRules *rules, const KsmOptionInfo *info)
{
  return lookup_or (option_labels, G_N_ELEMENTS (option_labels), "rule", info->key,
                    info->label != NULL ? info->label : info->key);
}

const char *
ksm_words_option_source (const KsmRules *rules, const KsmOptionInfo *info, gboolean on)
{
  const char *english = on ? info->source : info->other_source;

  if (english == NULL)
    english = "";
  if (on)
    return lookup_or (option_sources_on, G_N_ELEMENTS (option_sources_on), "rule source", info->key, english);
  return lookup_or (option_sources_off, G_N_ELEMENTS (option_sources_off), "rule source", info->key, english);
}

char *
ksm_words_cell_name (const KsmRules *rules, const KsmOptions *options, int cell)
{
  char name[16];

  if (cell < 0)
    /* Translators: where a token waits before it enters (Falkener's grace) */
    return g_strdup (_("off the board"));
  rules->cell_name (options, cell, name, sizeof name);
  return g_strdup (name);
}

char *
ksm_words_face_title (const KsmRules *rules, int face)
{
  const KsmFace *f = &rules->throws.faces[face];
  static const char *const counted[] = { "zero", "one", "two", "three", "four", "five", "six" };

  /* a throw named by its count says how it fell instead: "two 2" reads badly */
  if (strcmp (rules->throws.object_name, "cowrie") == 0)
    for (guint i = 0; i < G_N_ELEMENTS (counted); i++)
      if (strcmp (f->name, counted[i]) == 0)
        /* Translators: a throw of cowries, by how many fell mouth up */
        return ksm_format (ngettext ("%u mouth up", "%u mouths up", f->value), (guint) f->value);
  /* Translators: a throw's name and its value, as "kasi 1" */
  return ksm_format (C_("throw", "%s %u"), ksm_words_face_name (rules, face), (guint) f->value);
}

const char *
ksm_words_enter_group (guint size)
{
  switch (size)
    {
    /* Translators: a button: of the pieces waiting in hand, the
     * one sent back alone enters the board */
    case 1: return _("Enter the single piece");
    /* Translators: a button: the two pieces sent back together
     * from one cell enter the board together */
    case 2: return _("Enter the pair");
    /* Translators: a button: three pieces sent back together */
    case 3: return _("Enter the three together");
    /* Translators: a button: all four pieces sent back together */
    default: return _("Enter all four together");
    }
}

const char *
ksm_words_group_enters (guint size)
{
  switch (size)
    {
    /* Translators: said of a move from hand: the piece sent
     * back alone enters, not a group */
    case 1: return _("the single piece enters");
    /* Translators: said of a move from hand: the two pieces
     * sent back together enter together */
    case 2: return _("the pair enters");
    /* Translators: said of a move from hand */
    case 3: return _("the three enter together");
    /* Translators: said of a move from hand */
    default: return _("all four enter together");
    }
}

/* a reason in words any game can use, where its skin has none of its own */
static char *
generic_lost_text (const KsmRules *rules, const KsmOptions *options, KsmLostReason reason, int blocker)
{
  switch (reason)
    {
    case KSM_LOST_NEEDS_ENTRY:
      /* Translators: why a throw is lost, after "lost: " */
      return g_strdup (_("the pieces waiting cannot enter on this throw"));
    case KSM_LOST_OVERSHOOT:
      /* Translators: why a throw is lost, after "lost: " */
      return g_strdup (_("only an exact count reaches the goal"));
    case KSM_LOST_BLOCKED:
      if (blocker >= 0)
        /* Translators: why a throw is lost, after "lost: "; %s is a side's
         * pieces, mid-sentence ("<colour>’s tokens") */
        return g_strdup_printf (_("every move lands on a safe square held by %s"),
                                ksm_words_pieces_name (rules, options, blocker));
      /* Translators: why a throw is lost, after "lost: " */
      return g_strdup (_("every move lands on a safe square the other side holds"));
    case KSM_LOST_NO_PASSING:
      /* Translators: why a throw is lost, after "lost: " */
      return g_strdup (_("no piece may pass the other team on this throw"));
    case KSM_LOST_NEEDS_BLOOD:
      /* Translators: why a throw is lost, after "lost: " */
      return g_strdup (_("a capture must come first"));
    case KSM_LOST_NO_COUNT:
      /* Translators: why a throw is lost, after "lost: ": it counts 0 */
      return g_strdup (_("the throw counts nothing"));
    case KSM_LOST_NOTHING_TO_MOVE:
    default:
      /* Translators: why a throw is lost, after "lost: " */
      return g_strdup (_("no piece is left to move"));
    }
}

char *
ksm_words_lost_reason (const KsmRules *rules, const KsmPosition *position)
{
  const KsmSkin *skin = ksm_skin_for (rules);
  unsigned reasons = ksm_rules_lost_reasons (rules, position);
  int blocker = ksm_rules_lost_blocker (rules, position);
  g_autoptr(GString) text = NULL;

  if (reasons == 0)
    return NULL;
  text = g_string_new (NULL);
  for (; reasons != 0; reasons &= reasons - 1)
    {
      KsmLostReason reason = (KsmLostReason) __builtin_ctz (reasons);
      g_autofree char *phrase = skin->lost_text != NULL ? skin->lost_text (reason, blocker) : NULL;

      if (phrase == NULL)
        phrase = generic_lost_text (rules, &position->options, reason, blocker);
      if (text->len > 0)
        /* Translators: between the reasons a throw is lost for, where
         * pieces are held back by different rules */
        g_string_append (text, _("; "));
      g_string_append (text, phrase);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A saved game's errors name the file's fields ("seed", "events"): those
 * go to the debug log, and the person reads what went wrong for them */
const char *
ksm_words_load_error (const GError *error)
{
  g_return_val_if_fail (error != NULL, NULL);

  if (error->domain != KSM_RECORD_ERROR)
    return error->message;
  g_debug ("a saved game could not be read: %s", error->message);
  switch ((KsmRecordError) error->code)
    {
    case KSM_RECORD_ERROR_VERSION:
      return _("it was saved by a newer version of Kasimala");
    case KSM_RECORD_ERROR_GAME:
      return _("it is a game this version of Kasimala does not have");
    case KSM_RECORD_ERROR_EVENT:
      return _("its moves and throws do not follow the rules");
    case KSM_RECORD_ERROR_TOO_LARGE:
      return _("it is far larger than any saved game");
    case KSM_RECORD_ERROR_ENCODING:
      /* Translators: UTF-8 is the name of a way of writing text in a file */
      return _("it is not written as saved games are, in plain UTF-8 text");
    case KSM_RECORD_ERROR_NOT_REGULAR:
      return _("it is not a file but a folder, a device or a pipe");
    case KSM_RECORD_ERROR_CHANGED:
      return _("it has changed since Saved Games listed it");
    case KSM_RECORD_ERROR_NOT_JSON:
    case KSM_RECORD_ERROR_FORMAT:
    default:
      return _("the file is not a saved game, or it is damaged");
    }
}

char *
ksm_words_board_length (guint cells)
{
  /* Translators: a board length, in cells along each row */
  return ksm_format (ngettext ("%u cell", "%u cells", cells), cells);
}

/* ", M9 to M6, took 2 stones": where a move went and what it took, from
 * the position it was played in */
char *
ksm_words_move_clauses (const KsmRules *rules, const KsmOptions *options,
                        const KsmPosition *position, int mover, const KsmMove *move)
{
  g_autofree char *from = ksm_words_cell_name (rules, options, move->from);
  g_autofree char *to = ksm_words_cell_name (rules, options, move->to);
  g_autofree char *moved = NULL;

  if (move->from < 0)
    /* Translators: added to "<side>: ashte (8)": a token enters the board on a cell */
    {
      moved = g_strdup_printf (_(", enters on %s"), to);
      /* pieces sent back together entered together */
      if (move->group > 1)
        {
          g_autofree char *single = g_steal_pointer (&moved);
          moved = g_strconcat (single, _(", "), ksm_words_group_enters (move->group), NULL);
        }
    }
  else
    /* Translators: added to "<side>: sudi (3)": the cells moved from and to */
    moved = g_strdup_printf (_(", %s to %s"), from, to);
  if (move->captured > 0)
    {
      KsmCellContent victim;
      g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *taken = NULL;

      rules->cell_content (position, move->to, &victim);
      /* each colour taken, where several shared the square */
      for (int p = 0; p < KSM_MAX_PLAYERS; p++)
        if (p != mover && victim.counts[p] > 0)
          g_ptr_array_add (parts, ksm_words_count_pieces (rules, options, p, victim.counts[p]));
      if (parts->len > 0)
        {
          g_ptr_array_add (parts, NULL);
          /* Translators: between the colours a capture took, "1 <colour> token and 2 <colour> tokens" */
          taken = g_strjoinv (_(" and "), (char **) parts->pdata);
        }
      else
        taken = ksm_words_count_pieces (rules, options, victim.player, move->captured);
      /* Translators: added after the move: "took 2 stones" */
      g_autofree char *took = g_strdup_printf (_(", took %s"), taken);
      g_autofree char *single = g_steal_pointer (&moved);
      moved = g_strconcat (single, took, NULL);
    }
  return g_steal_pointer (&moved);
}

/* ", lost: a kasi is needed to start a piece": a loss and why, from the
 * position the throw was lost in */
char *
ksm_words_lost_clause (const KsmRules *rules, const KsmPosition *position)
{
  g_autofree char *reason = ksm_words_lost_reason (rules, position);

  if (reason == NULL)
    /* Translators: added to "<side>: sudi (3)" when nothing could use it */
    return g_strdup (_(", lost"));
  /* Translators: added to "<side>: sudi (3)" when nothing could use it;
   * %s says why: ", lost: a kasi is needed to start a piece" */
  return g_strdup_printf (_(", lost: %s"), reason);
}
