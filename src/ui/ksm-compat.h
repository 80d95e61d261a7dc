/* ksm-compat.h: the one place that asks which GTK the app was built
 * against. The floor is GTK 4.8 (Debian 12); the Flatpak's runtime is newer,
 * and where it offers something 4.8 lacks, the app uses it from here. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Speaks `message` through the platform's announcements (GTK 4.14 and
 * newer); FALSE where GTK has none, and the caller speaks some other way. */
static inline gboolean
ksm_compat_announce (GtkWidget  *widget,
                     const char *message)
{
#if GTK_CHECK_VERSION (4, 14, 0)
  /* above the floor meson.build locks: allowed here, behind the check */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_accessible_announce (GTK_ACCESSIBLE (widget), message,
                           GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return TRUE;
#else
  (void) widget;
  (void) message;
  return FALSE;
#endif
}

G_END_DECLS
