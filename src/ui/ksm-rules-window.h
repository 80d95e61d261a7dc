/* ksm-rules-window.h: a game's rules page in a window of its own, for when
 * no game is on the board. */
#pragma once

#include <adwaita.h>

#include "ksm-rules.h"
#include "ksm-rules-view.h"

G_BEGIN_DECLS

#define KSM_TYPE_RULES_WINDOW (ksm_rules_window_get_type ())
G_DECLARE_FINAL_TYPE (KsmRulesWindow, ksm_rules_window, KSM, RULES_WINDOW, AdwWindow)

/* options: what the settings table shows; NULL for the game's defaults */
GtkWidget    *ksm_rules_window_new      (const KsmRules   *rules,
                                         const KsmOptions *options);
/* from the start page: a drop-down of the games listed, `rules` chosen */
GtkWidget    *ksm_rules_window_new_choosing (const KsmRules *rules);
/* the same rules, page and size as `old`, in the language now applied */
GtkWidget    *ksm_rules_window_new_like (KsmRulesWindow *old);
KsmRulesView *ksm_rules_window_get_view (KsmRulesWindow   *self);
/* the drop-down of the games; NULL in a window for one game */
GtkDropDown  *ksm_rules_window_get_games (KsmRulesWindow  *self);

G_END_DECLS
