/* ksm-rules-view.h: a game's rules page, built from its document
 * (ksm-rules-doc.h) in the user's language: text, tables, figures drawn with
 * the board and the strips, the settings of the game shown, and a glossary
 * that can be linked to; or, beside them, the guide to the app. The whole
 * text can be searched, match by match. Its "close" signal asks the pane or
 * window to close (Escape or Ctrl+W in the search field). */
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
/* the guide to the app (data/help/guide.xml) instead of the game's rules */
void            ksm_rules_view_show_guide       (KsmRulesView     *self,
                                                 gboolean          guide);
gboolean        ksm_rules_view_get_showing_guide (KsmRulesView    *self);
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
/* Learn: the game's lessons (app.learn) */
GtkWidget      *ksm_rules_view_get_learn_button (KsmRulesView     *self);
/* the search over the page's text: the number of matches, and the current
 * one's label and byte range in its text */
guint           ksm_rules_view_get_n_matches    (KsmRulesView     *self);
GtkLabel       *ksm_rules_view_get_current_match (KsmRulesView    *self,
                                                 int              *start,
                                                 int              *end);
GtkWidget      *ksm_rules_view_get_match_label  (KsmRulesView     *self);
GtkWidget      *ksm_rules_view_get_scroller     (KsmRulesView     *self);

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
