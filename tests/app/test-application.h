/* test-application.h: the one KsmApplication of a test process.
 *
 * Once an application has started up, GTK and libadwaita keep a reference
 * to it, so it outlives the test that made it, and so does what it exported
 * on the session bus: a second application in the same process exports the
 * same object path there and cannot register. A running app has one
 * application too; each test makes and destroys only its windows.
 *
 * Static inline, so each test binary gets its own copy.
 */
#pragma once

#include <adwaita.h>

#include "ksm-application.h"

static inline KsmApplication *
test_application (void)
{
  static KsmApplication *app;

  if (app == NULL)
    {
      /* non-unique: a test never claims the app's name, on whatever bus */
      app = g_object_new (KSM_TYPE_APPLICATION,
                          "application-id", "io.github.kasimala.Kasimala",
                          "flags", G_APPLICATION_NON_UNIQUE,
                          "resource-base-path", "/io/github/kasimala/Kasimala",
                          NULL);
      g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
    }
  return app;
}
