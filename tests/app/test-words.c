/* test-words.c: words a player reads, in the language shown (run with
 * LANGUAGE=ne or new and the build's catalogues, or in English): a count
 * for one and for two, and why a saved game could not be read, without
 * the file's own terms. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "ksm-record.h"
#include "ksm-words.h"
#include "test-catalogue.h"

static gboolean
english (void)
{
  const char *language = g_getenv ("LANGUAGE");

  return language == NULL || *language == '\0';
}

static void
test_count_words (void)
{
  g_autofree char *one = ksm_words_board_length (1);
  g_autofree char *two = ksm_words_board_length (2);

  if (english ())
    {
      g_assert_cmpstr (one, ==, "1 cell");
      g_assert_cmpstr (two, ==, "2 cells");
    }
  else
    {
      /* translated, with the number in it, in Devanagari digits */
      g_assert_cmpstr (one, !=, "1 cell");
      g_assert_cmpstr (two, !=, "2 cells");
      g_assert_nonnull (strstr (one, "१"));
      g_assert_nonnull (strstr (two, "२"));
    }
}

/* Each way a saved game is refused, as ksm-record words it, is told to the
 * person without the file's field names */
static void
test_load_errors (void)
{
  static const struct { KsmRecordError code; const char *message; } refusals[] = {
    { KSM_RECORD_ERROR_NOT_JSON, "not a saved game: the file is not complete JSON (unexpected end)" },
    { KSM_RECORD_ERROR_FORMAT, "\"seed\": \"x\" is not a whole number" },
    { KSM_RECORD_ERROR_FORMAT, "\"generator\": not a generator state" },
    { KSM_RECORD_ERROR_VERSION, "saved-game format version 9 is not one this version of Kasimala reads" },
    { KSM_RECORD_ERROR_GAME, "the game \"chess\" is not one this version of Kasimala knows" },
    { KSM_RECORD_ERROR_EVENT, "event 3: it is not player 1's turn" },
    { KSM_RECORD_ERROR_TOO_LARGE, "not a saved game: big.json is 20 MB, more than the 16 MiB a saved game may be" },
    { KSM_RECORD_ERROR_ENCODING, "not a saved game: the file starts with a UTF-8 byte-order mark (BOM)" },
    { KSM_RECORD_ERROR_NOT_REGULAR, "not a saved game: fifo.json is a device, a pipe or a socket, not a file" },
  };
  static const char *const file_terms[] = { "seed", "generator", "event", "JSON", "format", "\"", NULL };
  g_autoptr(GError) io_error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "No such file");

  for (gsize i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      g_autoptr(GError) error = g_error_new_literal (KSM_RECORD_ERROR, refusals[i].code, refusals[i].message);
      const char *words = ksm_words_load_error (error);

      g_test_message ("“%s” is told as “%s”", refusals[i].message, words);
      g_assert_nonnull (words);
      g_assert_cmpstr (words, !=, "");
      for (const char *const *term = file_terms; *term != NULL; term++)
        g_assert_null (strstr (words, *term));
      if (!english ())
        g_assert_true (g_utf8_validate (words, -1, NULL) && (guchar) words[0] >= 0x80);
    }
  /* a file refused for its size, its encoding or its type is told why,
   * not that it is damaged */
  {
    g_autoptr(GError) damaged = g_error_new_literal (KSM_RECORD_ERROR, KSM_RECORD_ERROR_NOT_JSON, "x");
    const KsmRecordError own_words[] = { KSM_RECORD_ERROR_TOO_LARGE, KSM_RECORD_ERROR_ENCODING,
                                         KSM_RECORD_ERROR_NOT_REGULAR };
    for (gsize i = 0; i < G_N_ELEMENTS (own_words); i++)
      {
        g_autoptr(GError) error = g_error_new_literal (KSM_RECORD_ERROR, own_words[i], "x");
        g_assert_cmpstr (ksm_words_load_error (error), !=, ksm_words_load_error (damaged));
      }
  }
  /* GLib's own errors are already a person's words, and translated */
  g_assert_cmpstr (ksm_words_load_error (io_error), ==, "No such file");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  test_use_build_catalogue ();

  g_test_add_func ("/words/count", test_count_words);
  g_test_add_func ("/words/load-errors", test_load_errors);
  return g_test_run ();
}
