/* ksm-a11y.h: names for a screen reader where GTK 4.8 gives none of its own,
 * or a wrong one. A widget without a label is named by its type there
 * ("GtkImage push button"); these help the views name theirs. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* An icon that only decorates what its row or button says in words: not an
 * object of its own for a screen reader */
GtkWidget  *ksm_a11y_decoration_new   (const char *icon_name);

/* Names `widget` `label` (translated) for a screen reader, as a tooltip
 * does not on GTK 4.8; NULL or "": no name of its own */
void        ksm_a11y_set_label        (GtkWidget  *widget,
                                       const char *label);

/* A button with a mnemonic label ("_Throw") is named by the label as written
 * and again by its text ("_Throw Throw") on GTK 4.8: names it by the text,
 * once. Call again after its label changes. */
void        ksm_a11y_name_by_label    (GtkButton  *button);

/* Names the parts of a toolkit's composite widget under `root` that GTK 4.8
 * and libadwaita 1.2 leave unnamed (an AdwPreferencesWindow's stacks,
 * scroll panes, page switchers, search entry, a group's list): each by the
 * group it is in, or else `name`. Call once the widgets are built. */
void        ksm_a11y_name_parts       (GtkWidget  *root,
                                       const char *name);

G_END_DECLS
