/* ksm-rules-view.h: a game's rules page, built from its document
 * (ksm-rules-doc.h) in the user's language: text, tables, figures drawn with
 * the board and the strips, the settings of the game shown, and a glossary
 * that can be searched and linked to. */
#pragma once

#include <adwaita.h>

#include "ksm-rules.h"

G_BEGIN_DECLS

#define KSM_TYPE_RULES_VIEW (ksm_rules_view_get_type ())
G_DECLARE_FINAL_TYPE (KsmRulesView, ksm_rules_view, KSM, RULES_VIEW, AdwBin)

GtkWidget      *ksm_rules_view_new              (void);
/* the game whose rules are shown, and the options of the game in progress
 * for the settings table (NULL: the game's defaults) */
void            ksm_rules_view_set_rules        (KsmRulesView     *self,
                                                 const KsmRules   *rules,
                                                 const KsmOptions *options);
const KsmRules *ksm_rules_view_get_rules        (KsmRulesView     *self);
/* clears the search, scrolls to a glossary entry and focuses it; FALSE when
 * the page has no such entry */
gboolean        ksm_rules_view_show_entry       (KsmRulesView     *self,
                                                 const char       *id);
/* for tests and the window */
GtkWidget      *ksm_rules_view_get_search_entry (KsmRulesView     *self);
GtkWidget      *ksm_rules_view_get_page         (KsmRulesView     *self);
GtkWidget      *ksm_rules_view_get_entry        (KsmRulesView     *self,
                                                 const char       *id);
GtkWidget      *ksm_rules_view_get_settings     (KsmRulesView     *self);

/* The game's words elsewhere lead to the glossary: Pango markup of `text`
 * as a link to "glossary:<id>" when the game's page has that entry, else
 * just `text`, escaped. */
char           *ksm_rules_view_link_markup      (const KsmRules   *rules,
                                                 const char       *id,
                                                 const char       *text);
/* a GtkLabel::activate-link handler for those links: it activates
 * "game.glossary" with the entry's id */
gboolean        ksm_rules_view_follow_link_cb   (GtkLabel         *label,
                                                 const char       *uri,
                                                 gpointer          user_data);

G_END_DECLS
