/* test-build-tree.c: the app started from the build folder, as README.md
 * starts it, speaks the language asked of it.
 *
 * The binary in the build folder is not installed: its catalogues are the
 * ones the build compiled into <build>/po, not the install prefix's (which
 * may hold none). It is started with LANGUAGE=ne and LANGUAGE=new, with no
 * LANG (a root shell on a fresh Debian 12 has none) and with LANG=C.UTF-8,
 * from another folder, and nothing in its environment points it at the
 * catalogues or the settings schema. What it prints for --version and --help
 * comes from the app's own catalogue. */
#include "config.h"

#include <glib.h>
#include <string.h>

static const char *app_path;
static const char *source_root;

/* `message`'s translation in po/<language>.po, where it stands on one line
 * (read from the file, as the build compiled it, not through gettext, which
 * keeps the first language it loads) */
static char *
translation (const char *language, const char *message)
{
  g_autofree char *file = g_strdup_printf ("%s/po/%s.po", source_root, language);
  g_autofree char *text = NULL;
  g_autofree char *key = g_strdup_printf ("\nmsgid \"%s\"\nmsgstr \"", message);
  const char *start, *end;

  g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
  start = strstr (text, key);
  g_assert_nonnull (start);
  start += strlen (key);
  end = strchr (start, '"');
  g_assert_nonnull (end);
  return g_strndup (start, (gsize) (end - start));
}

/* runs the build-tree app with `argument` in `language`, its stdout */
static char *
run_app (const char *language, const char *lang, const char *argument)
{
  const char *argv[] = { app_path, argument, NULL };
  g_auto(GStrv) env = g_get_environ ();
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status;

  for (const char *const *name = (const char *const[]) { "LANG", "LC_ALL", "LC_MESSAGES",
                                                         "GSETTINGS_SCHEMA_DIR", "KSM_LOCALEDIR",
                                                         "LANGUAGE", NULL };
       *name != NULL; name++)
    env = g_environ_unsetenv (env, *name);
  env = g_environ_setenv (env, "LANGUAGE", language, TRUE);
  if (lang != NULL)
    env = g_environ_setenv (env, "LANG", lang, TRUE);
  /* the settings may choose a language too: none is chosen here */
  env = g_environ_setenv (env, "GSETTINGS_BACKEND", "memory", TRUE);

  g_assert_true (g_spawn_sync ("/", (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_spawn_check_wait_status (status, &error);
  g_assert_no_error (error);
  return out;
}

static void
test_language (gconstpointer data)
{
  const char *language = data;
  g_autofree char *name = translation (language, "Kasimala");
  g_autofree char *option = translation (language, "Show the version and quit");

  /* the catalogue translates both, or the test proves nothing */
  g_assert_cmpstr (name, !=, "Kasimala");
  g_assert_cmpstr (option, !=, "Show the version and quit");

  for (const char *const *lang = (const char *const[]) { "", "C.UTF-8", NULL }; *lang != NULL; lang++)
    {
      g_autofree char *version = run_app (language, **lang ? *lang : NULL, "--version");
      g_autofree char *help = run_app (language, **lang ? *lang : NULL, "--help");
      g_autofree char *expected = g_strdup_printf ("%s %s\n", name, PACKAGE_VERSION);

      g_test_message ("LANGUAGE=%s LANG=%s: %s", language, *lang, version);
      g_assert_cmpstr (version, ==, expected);
      g_assert_nonnull (strstr (help, option));
      g_assert_null (strstr (help, "Show the version and quit"));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  app_path = g_getenv ("KSM_APP");
  source_root = g_getenv ("KSM_SOURCE_ROOT");
  g_assert_nonnull (app_path);
  g_assert_nonnull (source_root);

  g_test_add_data_func ("/build-tree/nepali", "ne", test_language);
  g_test_add_data_func ("/build-tree/newar", "new", test_language);
  return g_test_run ();
}
