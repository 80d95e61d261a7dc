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

/* The keys of the main schema where a shipped game kept its settings
 * before each game had a path of its own (ksm-game-settings.c carries
 * them over once); NULL where the game had no such key. */
typedef struct {
  const char        *seats;        /* as: "person" or a level, a seat */
  const char        *opponent;     /* s: the second seat's, the first a person */
  const char        *first;        /* i: the seat that throws first */
  const char        *first_side;   /* s: the same, one of first_sides */
  const char *const *first_sides;  /* the values of first_side, by seat */
  const char        *rules_off;    /* as: rule options switched off */
  const char        *players;      /* i: how many play */
  const char        *length;       /* i: the board length */
  const char        *throw_limit;  /* i */
  const char        *score;        /* a tuple of ints, a team each */
} KsmSkinOldSettings;

/* How a game-over sentence gives the running score */
typedef enum {
  /* %s: the list, "Red 1, Blue 0, Green 2" */
  KSM_SKIN_SCORE_LIST,
  /* %s %d, %s %d: the two sides and their points */
  KSM_SKIN_SCORE_SIDES,
} KsmSkinScoreWords;

/* A line drawn on the board's surface, from (x0, y0) to (x1, y1) in the
 * geometry's grid units (those of cell_place) */
typedef struct {
  float x0, y0, x1, y1;
} KsmSkinLine;

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
  /* the word for a safe cell ("laiga"); NULL: "safe square" */
  const char        *safe_word;
  /* `count` of `player`'s pieces in a cell's description, for pieces
   * that are not a side's tokens ("your waiting brick"); NULL: the side's
   * count_pieces, marked "(yours)" */
  char            *(*pieces_text)  (int player, guint count, gboolean waiting, gboolean yours);
  /* what a move of `mover` takes, "takes 2 stones"; NULL: the pieces of
   * the other sides on the target, counted */
  char            *(*capture_text) (int mover, guint count);
  /* why a throw is lost, where the game says a reason its own way ("a kasi
   * is needed to start a piece"): a phrase to follow "lost: ", or NULL for
   * the generic words. `blocker`: whose pieces hold the cells a blocked
   * move would land on (ksm_rules_lost_blocker), or -1. NULL: generic */
  char            *(*lost_text)    (KsmLostReason reason, int blocker);
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
  /* a glyph drawn large on each safe cell instead of its corner-to-corner
   * cross, where the game's boards mark them so ("✦"); NULL: the cross */
  const char        *safe_mark;
  /* lines the board's surface carries besides the cells' own (the
   * diagonals of a central square); NULL: none */
  const KsmSkinLine *surface_lines;
  guint              n_surface_lines;

  /* ---- the new-game page, the game's end and the settings ---- */
  /* the new-game page offers one opponent: the first side is the person
   * at this desk, the other side a person or a computer level; FALSE:
   * a row a seat */
  gboolean           one_opponent;
  /* the subtitles of the opponent, board length and throw limit rows, for
   * a game that has them */
  const char        *opponent_subtitle;
  const char        *length_subtitle;
  const char        *limit_subtitle;
  /* the subtitle of Who Throws First, "Standard: Red"; NULL: none */
  const char        *first_standard;
  /* above the rule switches: whose rules are the standard ones */
  const char        *rules_standard;
  /* under Number of Players, where a game lets it be chosen */
  const char        *players_subtitle;
  /* The game-over dialog's body, each sentence with the score worded as
   * score_words says; NULL: won says "%s won the game" with the sides'
   * points (two sides), the others have no body. */
  KsmSkinScoreWords  score_words;
  const char        *won;          /* the winner, then the score */
  const char        *team_won;     /* the winner and the partner, then the list */
  const char        *drawn;        /* the score */
  const char        *gulmasi_heading;  /* a win without losing a piece */
  const char        *gulmasi;      /* the winner, then the score */
  /* where the game's settings were before issue 21; NULL: nowhere */
  const KsmSkinOldSettings *old_settings;
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
