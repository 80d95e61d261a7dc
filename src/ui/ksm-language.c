/* ksm-language.c: the language the app is shown in */
#include "config.h"

#include "ksm-language.h"

#include <locale.h>

#include "ksm-numbers.h"

/* LANGUAGE as the app was started with, for "the system's" chosen later */
static char *environment_language;
static gboolean environment_read;

static gboolean
is_newar (const char *language)
{
  return g_str_equal (language, "new") || g_str_has_prefix (language, "new_")
         || g_str_has_prefix (language, "new@");
}

char *
ksm_language_with_fallbacks (const char *languages)
{
  g_auto(GStrv) parts = NULL;
  g_autoptr(GPtrArray) out = g_ptr_array_new ();

  if (languages == NULL || *languages == '\0')
    return NULL;
  parts = g_strsplit (languages, ":", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      if (*parts[i] == '\0')
        continue;
      g_ptr_array_add (out, parts[i]);
      /* GTK and libadwaita have no Newar catalogue: their words come in
       * Nepali, which a Newar reader reads, rather than in English */
      if (is_newar (parts[i]) && !g_strv_contains ((const char *const *) parts, "ne"))
        g_ptr_array_add (out, (char *) "ne");
    }
  g_ptr_array_add (out, NULL);
  return g_strjoinv (":", (char **) out->pdata);
}

void
ksm_language_apply (const char *choice)
{
  g_autofree char *languages = NULL;
  const char *messages;

  if (!environment_read)
    {
      environment_language = g_strdup (g_getenv ("LANGUAGE"));
      environment_read = TRUE;
    }
  languages = ksm_language_with_fallbacks (choice != NULL && *choice != '\0' ? choice : environment_language);
  if (languages != NULL)
    g_setenv ("LANGUAGE", languages, TRUE);
  else
    g_unsetenv ("LANGUAGE");

  /* gettext follows LANGUAGE, but not under the C locale (a root shell on
   * a fresh Debian has no LANG), and Debian has no Newar locale at all:
   * then C.UTF-8 stands in. setlocale also makes gettext forget the
   * translations it has looked up, so a change takes at once. */
  setlocale (LC_ALL, "");
  messages = setlocale (LC_MESSAGES, NULL);
  if (languages != NULL && (messages == NULL || g_str_equal (messages, "C") || g_str_equal (messages, "POSIX")))
    {
      g_setenv ("LC_ALL", "C.UTF-8", TRUE);
      setlocale (LC_ALL, "");
    }
  ksm_numbers_language_changed ();
}
