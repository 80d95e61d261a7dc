/* ksm-about.h: the About window, from the app's metainfo */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* where the games' rules come from, translated, NULL-terminated: the
 * About window's credits */
GStrv      ksm_about_rules_sources (void);
GtkWidget *ksm_about_window_new    (GtkWindow *parent);

G_END_DECLS
