/* ksm-renderer.h
 *
 * Which of GTK's renderers draws the app when nobody has said.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

const char *ksm_renderer_choose (const char *device_dir,
                                 guint       gtk_minor_version);
void        ksm_renderer_apply  (void);

G_END_DECLS
