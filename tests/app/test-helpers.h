/* test-helpers.h: what every app test under Xvfb needs, with or without
 * the shared window fixture of app-test-util.h: running the main loop, and
 * removing what a test wrote.
 *
 * Static inline, so each test binary gets its own copy and an unused helper
 * draws no warning.
 */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>

/* everything the main loop has ready, `times` over */
static inline void
iterate (guint times)
{
  for (guint i = 0; i < times; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

static inline void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    {
      g_remove (path);
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      remove_tree (child);
    }
  g_rmdir (path);
}
