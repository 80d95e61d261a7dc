/* ksm-announce.h: news for a screen reader (whose turn it is, what was
 * thrown and played) without moving the person's focus.
 *
 * GTK 4.8 has no announcements, but Orca reads the focused widget's
 * description whenever it changes: the news becomes the description of
 * whatever holds the focus in the widget's window, until the focus moves
 * on. Messages that come while one is still being read wait, and are
 * delivered together after it, so nothing a person needs to hear is
 * replaced before it is read. With GTK 4.14 or newer (ksm-compat.h) each
 * message is an announcement instead. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Says `message` (a sentence, translated) in `widget`'s window; nothing
 * where the widget is in no window. */
void        ksm_announce                 (GtkWidget  *widget,
                                          const char *message);

/* As ksm_announce, for news that matters only at its latest (the step a
 * review is at): one still waiting to be shown is replaced by it. */
void        ksm_announce_latest          (GtkWidget  *widget,
                                          const char *message);

/* Sets the description `widget` has when no news is on it. A focusable
 * widget's description goes through here, so that news shown on it is put
 * back to this, not lost, and this is not lost under news. NULL: none. */
void        ksm_announce_set_description (GtkWidget  *widget,
                                          const char *description);

/* As ksm_announce_set_description, for a line that news says too (the
 * throw just made): where the widget has the focus, it takes the line only
 * when the focus leaves it, so a person does not hear the same twice, and
 * reads it when they come back. */
void        ksm_announce_set_description_later (GtkWidget  *widget,
                                                const char *description);

/* What has been said in `widget`'s window so far, oldest first, as each
 * message was given (for tests and the transcript; the last 64). */
GPtrArray  *ksm_announce_get_said        (GtkWidget  *widget);

/* What the focused widget's description holds now, news included; NULL
 * for nothing (for tests) */
const char *ksm_announce_get_showing     (GtkWidget  *widget);

/* whether news shown is still being read (held before the next, and
 * carried to where the focus moves) */
gboolean    ksm_announce_is_holding      (GtkWidget  *widget);

G_END_DECLS
