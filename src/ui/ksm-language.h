/* ksm-language.h: the language the app is shown in, chosen in Preferences
 * or the environment's, applied at start and again when the choice
 * changes. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Applies `choice` (a "language" setting: "" for the environment's, "en",
 * "ne", "new"): LANGUAGE and the locale, so gettext reads its catalogue.
 * Newar falls back to Nepali ("new:ne"), which GTK and libadwaita have. */
void  ksm_language_apply           (const char *choice);
/* `languages` (a LANGUAGE value) with Nepali after each Newar entry */
char *ksm_language_with_fallbacks  (const char *languages);

G_END_DECLS
