/* ksm-skin.h: how a game looks and how its pieces are called.
 *
 * A skin is data keyed by the rules id: the one place in src/ui that names
 * a game (ksm-skins.c holds the games the app ships). Views ask the skin of
 * their game and never compare ids or player names themselves. A game the
 * engine gains at run time (a test's) registers its skin, or gets the
 * default one, which draws every player by its style key. */
#pragma once

#include <glib.h>

#include "ksm-rules.h"

G_BEGIN_DECLS

/* A side as people call it, keyed by the engine's player name */
typedef struct {
  const char *player;     /* the engine's name: "Red" */
  const char *name;       /* msgctxt "player": "Red" */
  const char *pieces;     /* msgctxt "pieces", mid-sentence: "Red’s tokens" */
  /* "%u Red token": a count of the side's pieces */
  char     *(*count_pieces) (guint count);
} KsmSkinSide;

/* How the pieces of a style key (ksm_rules_style_key) are drawn */
typedef struct {
  const char *key;        /* "brick", "red" */
  int         style;      /* KSM_CELL_STYLE_* (ksm-cell.h) */
} KsmSkinPieceStyle;

typedef struct _KsmSkin KsmSkin;

struct _KsmSkin {
  const char        *rules_id;
  const char        *name;      /* msgctxt "game": "Kasimala Paay" */
  const char        *summary;   /* msgctxt "game", a line on the start page */
  /* the start page offers it: its board, throw and pages are ready */
  gboolean           listed;
  const KsmSkinSide *sides;
  guint              n_sides;

  /* ---- the board (ksm-board*.c); NULL or 0 where the board's generic
   * looks and words do ---- */
  /* the looks of the style keys; keys it lacks are looked up in the
   * default skin's */
  const KsmSkinPieceStyle *piece_styles;
  guint              n_piece_styles;
  /* a cell as people name it, from the engine's name ("M9": "mala 9");
   * NULL: the engine's name */
  char            *(*place_name)   (const char *cell_name);
  /* the word for a safe cell ("laiga"); NULL: "safe square" */
  const char        *safe_word;
  /* `count` of `player`'s pieces in a cell's description, for pieces
   * that are not a side's tokens ("your waiting brick"); NULL: the side's
   * count_pieces, marked "(yours)" */
  char            *(*pieces_text)  (int player, guint count, gboolean waiting, gboolean yours);
  /* what a move of `mover` takes, "takes 2 stones"; NULL: the pieces of
   * the other sides on the target, counted */
  char            *(*capture_text) (int mover, guint count);
  /* each player's yard (its pieces off the board), in the geometry's grid
   * units, inside the board; NULL: beside its start cell, the board
   * growing a unit each side to make room */
  const KsmCellPlace *yard_places;
  guint              n_yard_places;
  /* CSS classes, space-separated, each player's start cell wears instead
   * of being tinted in the player's colour ("triangle point-up"); NULL:
   * tinted */
  const char *const *start_classes;
  guint              n_start_classes;
};

/* never NULL: a game without a skin of its own gets the default skin */
const KsmSkin     *ksm_skin_for        (const KsmRules *rules);
/* the skin registered for `rules_id`, or NULL */
const KsmSkin     *ksm_skin_lookup     (const char *rules_id);
/* for a game added at run time; the skin must outlive the process */
void               ksm_skin_register   (const KsmSkin *skin);
/* the side of `player` in the skin, or NULL where it names none */
const KsmSkinSide *ksm_skin_side       (const KsmSkin *skin, const KsmRules *rules,
                                        const KsmOptions *options, int player);

/* the look (KSM_CELL_STYLE_*) of `player`'s pieces, by its style key;
 * -1 for no player */
int                ksm_skin_piece_style (const KsmSkin *skin, const KsmRules *rules,
                                         const KsmOptions *options, int player);

/* the skins of the games the app ships (ksm-skins.c) */
extern const KsmSkin *const ksm_shipped_skins[];
extern const guint ksm_n_shipped_skins;

G_END_DECLS
