/* ksm-renderer.c
 *
 * Without a GPU, OpenGL is Mesa's llvmpipe drawing in software: for a board
 * of a few hundred shapes it is slower than GTK's cairo renderer and holds
 * several times the memory (doc/performance.md: 672 ms against 280 ms to
 * the first frame, 224 MiB against 59 MiB after a game). GTK 4.14 and later
 * refuse GPU renderers on llvmpipe themselves; on older GTK (Debian 12 has
 * 4.8) the app makes the same choice, from what the machine shows before any
 * OpenGL is loaded. GSK_RENDERER, when set, always wins.
 *
 * A GPU behind a display without one (Xvfb on a desktop) goes unseen here
 * and GTK's choice stands.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "ksm-renderer.h"

/* A GPU that OpenGL can use shows as a DRM render node, or as NVIDIA's
 * control device when its driver runs without DRM. */
static gboolean
has_gpu_device (const char *device_dir)
{
  g_autoptr(GDir) dri = NULL;
  g_autofree char *dri_path = g_build_filename (device_dir, "dri", NULL);
  g_autofree char *nvidia_path = g_build_filename (device_dir, "nvidiactl", NULL);
  const char *name;

  if (g_file_test (nvidia_path, G_FILE_TEST_EXISTS))
    return TRUE;
  dri = g_dir_open (dri_path, 0, NULL);
  if (dri == NULL)
    return FALSE;
  while ((name = g_dir_read_name (dri)) != NULL)
    if (g_str_has_prefix (name, "renderD"))
      return TRUE;
  return FALSE;
}

static gboolean
software_gl_forced (void)
{
  const char *forced = g_getenv ("LIBGL_ALWAYS_SOFTWARE");
  return forced != NULL && *forced != '\0' && !g_str_equal (forced, "0")
         && g_ascii_strcasecmp (forced, "false") != 0;
}

/* "cairo" when OpenGL can only be software here and GTK would still use it;
 * NULL to leave the choice to GTK. device_dir is /dev, but for tests. */
const char *
ksm_renderer_choose (const char *device_dir,
                     guint       gtk_minor_version)
{
  if (g_getenv ("GSK_RENDERER") != NULL)
    return NULL;
  if (gtk_minor_version >= 14)
    return NULL;
  if (software_gl_forced () || !has_gpu_device (device_dir))
    return "cairo";
  return NULL;
}

/* Before GTK opens the display and makes its first renderer. With cairo
 * drawing, GDK is also told not to load OpenGL at all: Mesa and LLVM alone
 * are some 60 MiB resident. Programs the app starts inherit both, which
 * suits them too on a machine with no GPU. */
void
ksm_renderer_apply (void)
{
  const char *renderer = ksm_renderer_choose ("/dev", gtk_get_minor_version ());
  const char *debug = g_getenv ("GDK_DEBUG");
  g_autofree char *no_gl = NULL;

  if (renderer == NULL)
    return;
  g_setenv ("GSK_RENDERER", renderer, TRUE);
  no_gl = debug != NULL && *debug != '\0' ? g_strconcat (debug, ",gl-disable", NULL)
                                          : g_strdup ("gl-disable");
  g_setenv ("GDK_DEBUG", no_gl, TRUE);
}
