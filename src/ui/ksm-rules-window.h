/* ksm-rules-window.h: the rules of a game, to read beside the board. */
#pragma once

#include <adwaita.h>

#include "ksm-rules.h"

G_BEGIN_DECLS

#define KSM_TYPE_RULES_WINDOW (ksm_rules_window_get_type ())
G_DECLARE_FINAL_TYPE (KsmRulesWindow, ksm_rules_window, KSM, RULES_WINDOW, AdwWindow)

GtkWidget *ksm_rules_window_new (const KsmRules *rules);

G_END_DECLS
