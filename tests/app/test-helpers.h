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

/* everything the main loop has ready, `times` over */
static inline void
iterate (guint times)
{
  for (guint i = 0; i < times; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}
