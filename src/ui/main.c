/* main.c
 *
 * The entry point of the Kasimala app.
 */
#include "config.h"

#include <glib/gstdio.h>

#include "ksm-application.h"
#include "ksm-language.h"
#include "ksm-renderer.h"

/* Whether this process is the executable the build folder holds, not an
 * installed copy: then its catalogues and settings schema are the build's,
 * since the install prefix may hold none, or an older version's. */
static gboolean
running_from_build_folder (void)
{
  GStatBuf self, built;

  /* the same file, however the paths to it are spelled */
  return g_stat ("/proc/self/exe", &self) == 0 && g_stat (KSM_BUILD_EXECUTABLE, &built) == 0
         && self.st_dev == built.st_dev && self.st_ino == built.st_ino;
}

/* The language chosen in Preferences, or else the environment's, applied
 * before GTK reads the locale */
static void
apply_language (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autofree char *language = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema != NULL)
    {
      g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
      language = g_settings_get_string (settings, "language");
    }
  ksm_language_apply (language);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (KsmApplication) app = NULL;
  const char *locale_dir = LOCALEDIR;

  if (running_from_build_folder ())
    {
      locale_dir = KSM_BUILD_LOCALEDIR;
      /* before anything reads the schemas: GLib looks once */
      g_setenv ("GSETTINGS_SCHEMA_DIR", KSM_BUILD_SCHEMA_DIR, FALSE);
    }

  apply_language ();
  ksm_renderer_apply ();
  app = ksm_application_new (locale_dir);

  return g_application_run (G_APPLICATION (app), argc, argv);
}
