/* main.c
 *
 * The entry point of the Kasimala app.
 */
#include "config.h"

#include <locale.h>

#include "ksm-application.h"
#include "ksm-renderer.h"

/* The language chosen in Preferences, applied before GTK reads the locale.
 * gettext follows LANGUAGE, but not under the C locale, and Debian has no
 * Newar locale at all: then C.UTF-8 stands in, with LANGUAGE choosing the
 * catalogue. */
static void
apply_language (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *language = NULL;
  const char *messages;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema == NULL)
    return;
  settings = g_settings_new (APPLICATION_ID);
  language = g_settings_get_string (settings, "language");
  if (*language == '\0')
    return;

  g_setenv ("LANGUAGE", language, TRUE);
  setlocale (LC_ALL, "");
  messages = setlocale (LC_MESSAGES, NULL);
  if (messages == NULL || g_str_equal (messages, "C") || g_str_equal (messages, "POSIX"))
    {
      g_setenv ("LC_ALL", "C.UTF-8", TRUE);
      setlocale (LC_ALL, "");
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (KsmApplication) app = NULL;

  apply_language ();
  ksm_renderer_apply ();
  app = ksm_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
