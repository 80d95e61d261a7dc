/* ksm-new-game-page.h: the choices of a new game: opponent, who throws
 * first, board and every rule option, remembered in each game's settings. */
#pragma once

#include <adwaita.h>

#include "ksm-record.h"
#include "ksm-rules.h"

G_BEGIN_DECLS

#define KSM_TYPE_NEW_GAME_PAGE (ksm_new_game_page_get_type ())
G_DECLARE_FINAL_TYPE (KsmNewGamePage, ksm_new_game_page, KSM, NEW_GAME_PAGE, AdwBin)

GtkWidget      *ksm_new_game_page_new       (void);
void            ksm_new_game_page_set_rules (KsmNewGamePage *self, const KsmRules *rules);
const KsmRules *ksm_new_game_page_get_rules (KsmNewGamePage *self);
/* the choices on the page, which it also remembers for next time */
void            ksm_new_game_page_get_choices (KsmNewGamePage *self,
                                               KsmOptions     *options,
                                               KsmSeat        *seats);

G_END_DECLS
