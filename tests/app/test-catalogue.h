/* test-catalogue.h: the app's catalogue for a test run in a language
 * (LANGUAGE=ne or new, LANG=C.UTF-8), as ksm_application_new () binds it,
 * from the build folder (KSM_LOCALEDIR). gtk_test_init () and
 * g_test_init () keep the C locale, under which gettext ignores LANGUAGE:
 * the app takes the environment's, as here. */
#pragma once

#include <glib/gi18n.h>
#include <locale.h>

static inline void
test_use_build_catalogue (void)
{
  setlocale (LC_ALL, "");
  if (g_getenv ("KSM_LOCALEDIR") != NULL)
    {
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("KSM_LOCALEDIR"));
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }
}
