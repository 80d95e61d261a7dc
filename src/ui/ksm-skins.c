/* ksm-skins.c: the looks and words of the games the app ships, one skin a
 * game. This is the only file of src/ui that names a game or a player: the
 * views reach all of it through ksm-skin.h. */
#include "config.h"

#include "ksm-skin.h"
#include "ksm-cell.h"
#include "ksm-numbers.h"

#include <glib/gi18n.h>

/* ---- Kasimala Paay ---- */

static char *
count_bricks (guint count)
{
  return ksm_format (ngettext ("%u brick", "%u bricks", count), count);
}

static char *
count_stones (guint count)
{
  return ksm_format (ngettext ("%u stone", "%u stones", count), count);
}

/* The engine's names of the sides without a context, kept in the
 * catalogues as they were (the throw view once showed them so) */
static const char *const kasimala_engine_words[] G_GNUC_UNUSED = {
  N_("Bricks"), N_("Stones"),
};

static const KsmSkinSide kasimala_sides[] = {
  { "Bricks", NC_("player", "Bricks"), NC_("pieces", "bricks"), count_bricks },
  { "Stones", NC_("player", "Stones"), NC_("pieces", "stones"), count_stones },
};

static const KsmSkinPieceStyle kasimala_piece_styles[] = {
  { "brick", KSM_CELL_STYLE_BRICK }, { "stone", KSM_CELL_STYLE_STONE },
};

/* The first player's pieces are bricks, the second's stones */
static char *
kasimala_pieces_text (int player, guint count, gboolean waiting, gboolean yours)
{
  if (player == 0)
    {
      if (waiting)
        return g_strdup (yours ? _("your waiting brick") : _("a waiting brick"));
      return ksm_format (yours ? ngettext ("%u of your bricks", "%u of your bricks", count)
                               : ngettext ("%u brick", "%u bricks", count), count);
    }
  if (waiting)
    return g_strdup (yours ? _("your waiting stone") : _("a waiting stone"));
  return ksm_format (yours ? ngettext ("%u of your stones", "%u of your stones", count)
                           : ngettext ("%u stone", "%u stones", count), count);
}

/* a move takes the other side's pieces: the bricks' move takes stones */
static char *
kasimala_capture_text (int mover, guint count)
{
  if (mover != 0)
    return ksm_format (ngettext ("takes %u brick", "takes %u bricks", count), count);
  return ksm_format (ngettext ("takes %u stone", "takes %u stones", count), count);
}

/* why a throw is lost, in the words of the rules page: a kasi starts a
 * piece, and a laiga the other side holds stops a move */
static char *
kasimala_lost_text (KsmLostReason reason, int blocker)
{
  switch (reason)
    {
    case KSM_LOST_NEEDS_ENTRY:
      /* Translators: why a throw is lost, after "lost: " */
      return g_strdup (_("a kasi is needed to start a piece"));
    case KSM_LOST_BLOCKED:
      if (blocker == 0)
        /* Translators: why a throw is lost, after "lost: " */
        return g_strdup (_("every move lands on a laiga the bricks hold"));
      /* Translators: why a throw is lost, after "lost: " */
      return g_strdup (_("every move lands on a laiga the stones hold"));
    default:
      return NULL;
    }
}

static const char *const kasimala_first_sides[] = { "bricks", "stones", NULL };

static const KsmSkinOldSettings kasimala_old_settings = {
  .opponent = "kasimala-opponent",
  .first_side = "kasimala-first",
  .first_sides = kasimala_first_sides,
  .rules_off = "kasimala-rules-off",
  .length = "board-length",
  .throw_limit = "kasimala-throw-limit",
  .score = "kasimala-score",
};

static const KsmSkin kasimala_skin = {
  .rules_id = "kasimala",
  /* Translators: the game's name; the Newar original is कसिमला पाँय् */
  .name = NC_("game", "Kasimala Paay"),
  .summary = NC_("game", "Bhaktapur, Nepal. Two sides meet head on in the mala; capture every piece the other side has."),
  .listed = TRUE,
  .sides = kasimala_sides,
  .n_sides = G_N_ELEMENTS (kasimala_sides),
  .piece_styles = kasimala_piece_styles,
  .n_piece_styles = G_N_ELEMENTS (kasimala_piece_styles),
  .safe_word = N_("laiga"),
  .pieces_text = kasimala_pieces_text,
  .capture_text = kasimala_capture_text,
  .lost_text = kasimala_lost_text,
  .one_opponent = TRUE,
  .opponent_subtitle = N_("You play the bricks"),
  .length_subtitle = N_("Standard: 17. Each side has as many pieces as its row has cells; some boards in Bhaktapur run longer"),
  .limit_subtitle = N_("Standard: 3,000 throws, then more pieces left wins. 0: no limit"),
  .first_standard = N_("Standard: the human side"),
  .rules_standard = N_("The standard rules are the ones the elders of Bhaktapur play by."),
  .score_words = KSM_SKIN_SCORE_SIDES,
  .drawn = N_("The throw limit was reached with as many pieces left on each side. "
              "Score: %s %d, %s %d."),
  .gulmasi_heading = N_("Gulmasi!"),
  .gulmasi = N_("%s took every piece without losing one, and score double. "
                "Score: %s %d, %s %d."),
  .old_settings = &kasimala_old_settings,
};

/* ---- Ashte Kashte ---- */

static char *
count_red (guint count)
{
  return ksm_format (ngettext ("%u Red token", "%u Red tokens", count), count);
}

static char *
count_blue (guint count)
{
  return ksm_format (ngettext ("%u Blue token", "%u Blue tokens", count), count);
}

static char *
count_green (guint count)
{
  return ksm_format (ngettext ("%u Green token", "%u Green tokens", count), count);
}

static char *
count_yellow (guint count)
{
  return ksm_format (ngettext ("%u Yellow token", "%u Yellow tokens", count), count);
}

static const KsmSkinSide ashte_sides[] = {
  /* Translators: Ashte Kashte's colours, each a player's tokens and seat */
  { "Red", NC_("player", "Red"), NC_("pieces", "Red’s tokens"), count_red },
  { "Blue", NC_("player", "Blue"), NC_("pieces", "Blue’s tokens"), count_blue },
  { "Green", NC_("player", "Green"), NC_("pieces", "Green’s tokens"), count_green },
  { "Yellow", NC_("player", "Yellow"), NC_("pieces", "Yellow’s tokens"), count_yellow },
};

static const KsmSkinPieceStyle ashte_piece_styles[] = {
  { "red", KSM_CELL_STYLE_RED }, { "blue", KSM_CELL_STYLE_BLUE },
  { "green", KSM_CELL_STYLE_GREEN }, { "yellow", KSM_CELL_STYLE_YELLOW },
};

/* why a throw is lost: grace, the exact count to the centre, the blood rule */
static char *
ashte_lost_text (KsmLostReason reason, int blocker)
{
  switch (reason)
    {
    case KSM_LOST_NEEDS_ENTRY:
      /* Translators: why a throw is lost, after "lost: " (Falkener's grace) */
      return ksm_localize_digits (_("a 4 or an 8 is needed to enter a token"));
    case KSM_LOST_OVERSHOOT:
      /* Translators: why a throw is lost, after "lost: " */
      return g_strdup (_("only an exact count reaches the centre"));
    case KSM_LOST_NEEDS_BLOOD:
      /* Translators: why a throw is lost, after "lost: " (the blood rule) */
      return g_strdup (_("the inner rings open only after a capture"));
    default:
      return NULL;
    }
}

static const KsmSkinOldSettings ashte_old_settings = {
  .seats = "ashte-seats",
  .first = "ashte-first",
  .rules_off = "ashte-rules-off",
  .players = "ashte-players",
  .score = "ashte-score",
};

static const KsmSkin ashte_kashte_skin = {
  .rules_id = "ashte-kashte",
  .name = NC_("game", "Ashte Kashte"),
  .summary = NC_("game", "Bengal. Two to four players race four tokens round a spiral to the centre."),
  .listed = TRUE,
  .sides = ashte_sides,
  .n_sides = G_N_ELEMENTS (ashte_sides),
  .piece_styles = ashte_piece_styles,
  .n_piece_styles = G_N_ELEMENTS (ashte_piece_styles),
  .lost_text = ashte_lost_text,
  .safe_mark = "✦",
  .first_standard = N_("Standard: Red"),
  .rules_standard = N_("The standard rules are Bengal’s traditional ones; each switch says where the other reading comes from."),
  .players_subtitle = N_("Two play Red and Green, three Red, Blue and Green"),
  .score_words = KSM_SKIN_SCORE_LIST,
  /* Translators: %s is the winning colour, then the running score */
  .won = N_("%s brought all four tokens to the centre first. Score: %s."),
  .drawn = N_("Nobody drew blood, and every token waits at the end of the outer ring, "
              "so no one can move. Score: %s."),
  .old_settings = &ashte_old_settings,
};

/* ---- Asi Keliya ---- */

static char *
count_south (guint count)
{
  return ksm_format (ngettext ("%u South piece", "%u South pieces", count), count);
}

static char *
count_east (guint count)
{
  return ksm_format (ngettext ("%u East piece", "%u East pieces", count), count);
}

static char *
count_north (guint count)
{
  return ksm_format (ngettext ("%u North piece", "%u North pieces", count), count);
}

static char *
count_west (guint count)
{
  return ksm_format (ngettext ("%u West piece", "%u West pieces", count), count);
}

static const KsmSkinSide asi_sides[] = {
  /* Translators: Asi Keliya's seats, by the arm of the cross each sits at */
  { "South", NC_("player", "South"), NC_("pieces", "South’s pieces"), count_south },
  { "East", NC_("player", "East"), NC_("pieces", "East’s pieces"), count_east },
  { "North", NC_("player", "North"), NC_("pieces", "North’s pieces"), count_north },
  { "West", NC_("player", "West"), NC_("pieces", "West’s pieces"), count_west },
};

static const KsmSkinPieceStyle asi_piece_styles[] = {
  { "red", KSM_CELL_STYLE_RED }, { "black", KSM_CELL_STYLE_BLACK },
  { "yellow", KSM_CELL_STYLE_YELLOW }, { "green", KSM_CELL_STYLE_GREEN },
};

/* The pieces enter inside the central square: each seat's hand waits
 * beside its arm, on the right of it as the seat looks in, in the empty
 * corner of the board (a quarter turn of South's for each seat after) */
static const KsmCellPlace asi_yard_places[] = {
  { 7.5f, 8.5f, 1, 1 }, { 8.5f, 2.5f, 1, 1 }, { 2.5f, 1.5f, 1, 1 }, { 1.5f, 7.5f, 1, 1 },
};

/* the central square (cells 4 to 6 each way) crossed corner to corner, as
 * the cloth boards draw it; its triangles and the home lie on the lines */
static const KsmSkinLine asi_surface_lines[] = {
  { 4, 4, 7, 7 }, { 7, 4, 4, 7 },
};

/* the triangles where each seat enters, each pointing into the central square */
static const char *const asi_start_classes[] = {
  "triangle point-up", "triangle point-left", "triangle point-down", "triangle point-right",
};

/* why a throw is lost: entering, the home row, the passing rule */
static char *
asi_lost_text (KsmLostReason reason, int blocker)
{
  switch (reason)
    {
    case KSM_LOST_NEEDS_ENTRY:
      /* Translators: why a throw is lost, after "lost: " */
      return ksm_localize_digits (_("a 1 or a 5 is needed to enter a piece"));
    case KSM_LOST_OVERSHOOT:
      /* Translators: why a throw is lost, after "lost: " */
      return ksm_localize_digits (_("no move may pass the home row’s first cell, and on the home row only a 1 moves"));
    case KSM_LOST_NO_PASSING:
      /* Translators: why a throw is lost, after "lost: " */
      return g_strdup (_("passing the other team needs a So-hatara"));
    default:
      return NULL;
    }
}

static const KsmSkinOldSettings asi_old_settings = {
  .seats = "asi-seats",
  .first = "asi-first",
  .rules_off = "asi-rules-off",
  .score = "asi-score",
};

static const KsmSkin asi_keliya_skin = {
  .rules_id = "asi-keliya",
  .name = NC_("game", "Asi Keliya"),
  .summary = NC_("game", "Sri Lanka. Two teams race on a cross-shaped board with six cowries."),
  .listed = TRUE,
  .sides = asi_sides,
  .n_sides = G_N_ELEMENTS (asi_sides),
  .piece_styles = asi_piece_styles,
  .n_piece_styles = G_N_ELEMENTS (asi_piece_styles),
  .lost_text = asi_lost_text,
  .yard_places = asi_yard_places,
  .n_yard_places = G_N_ELEMENTS (asi_yard_places),
  .start_classes = asi_start_classes,
  .n_start_classes = G_N_ELEMENTS (asi_start_classes),
  .surface_lines = asi_surface_lines,
  .n_surface_lines = G_N_ELEMENTS (asi_surface_lines),
  .first_standard = N_("Standard: South"),
  .rules_standard = N_("The standard rules are Parker’s, from Ancient Ceylon (1909); each switch says where the other reading comes from."),
  .score_words = KSM_SKIN_SCORE_LIST,
  /* Translators: the first two %s are partners, then the running score */
  .team_won = N_("%s and %s brought all eight of their pieces home first. Score: %s."),
  .old_settings = &asi_old_settings,
};

const KsmSkin *const ksm_shipped_skins[] = {
  &kasimala_skin,
  &ashte_kashte_skin,
  &asi_keliya_skin,
};

const guint ksm_n_shipped_skins = G_N_ELEMENTS (ksm_shipped_skins);
