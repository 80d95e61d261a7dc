/* ksm-toolkit-words.h: the app's own words for what GTK and libadwaita
 * write in the windows they build (About, Shortcuts): those toolkits have
 * no Newar catalogue, and a Nepali one that lacks many of these words or
 * names them unlike the app. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Every label, row title, window title, button and tooltip under `root`
 * that shows a toolkit's word in the toolkit's own (or no) translation now
 * shows the app's translation of it */
void ksm_toolkit_words_apply (GtkWidget *root);

G_END_DECLS
