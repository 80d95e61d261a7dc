/* test-helpers.h: what every app test under Xvfb needs, with or without
 * the shared window fixture of app-test-util.h: running the main loop, and
 * removing what a test wrote (tests/remove-tree.h).
 *
 * Static inline, so each test binary gets its own copy and an unused helper
 * draws no warning.
 */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>

#include "tests/remove-tree.h"
#include "tests/test-wait.h"

/* everything the main loop has ready, `times` over */
static inline void
iterate (guint times)
{
  for (guint i = 0; i < times; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

/* Points the process's home and XDG folders (data, config, cache, state,
 * runtime) into `root`, before anything reads them (GLib keeps the first
 * values it sees): so a test neither reads the user's settings (GTK's
 * settings.ini and gtk.css), nor shares a file with a test running beside it.
 * The data folder is `root` itself. */
static inline void
test_isolate_home (const char *root)
{
  static const struct { const char *variable, *folder; } homes[] = {
    { "HOME", "home" }, { "XDG_CONFIG_HOME", "config" }, { "XDG_CACHE_HOME", "cache" },
    { "XDG_STATE_HOME", "state" }, { "XDG_RUNTIME_DIR", "runtime" },
  };

  g_assert_nonnull (root);
  g_setenv ("XDG_DATA_HOME", root, TRUE);
  for (gsize i = 0; i < G_N_ELEMENTS (homes); i++)
    {
      g_autofree char *path = g_build_filename (root, homes[i].folder, NULL);
      g_assert_cmpint (g_mkdir_with_parents (path, 0700), ==, 0);
      g_setenv (homes[i].variable, path, TRUE);
    }
}
