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

typedef struct _KsmSkin KsmSkin;

struct _KsmSkin {
  const char        *rules_id;
  const char        *name;      /* msgctxt "game": "Kasimala Paay" */
  const char        *summary;   /* msgctxt "game", a line on the start page */
  /* the start page offers it: its board, throw and pages are ready */
  gboolean           listed;
  const KsmSkinSide *sides;
  guint              n_sides;
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

/* the skins of the games the app ships (ksm-skins.c) */
extern const KsmSkin *const ksm_shipped_skins[];
extern const guint ksm_n_shipped_skins;

G_END_DECLS
