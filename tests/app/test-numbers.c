/* test-numbers.c: numbers for people. In English as printf writes them; in
 * Nepali and Newar (LANGUAGE=ne or new, with the build's catalogues) in
 * Devanagari digits, the strings passed in and the cells' names left as
 * they are, and in Latin digits again when Preferences asks for them. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "ksm-numbers.h"
#include "test-catalogue.h"

static gboolean
devanagari (void)
{
  const char *language = g_getenv ("LANGUAGE");
  return language != NULL && (g_str_has_prefix (language, "ne") || g_str_has_prefix (language, "new"));
}

static void
test_format (void)
{
  g_autofree char *plain = ksm_format ("%u of %d home, %.1f%% in %s", 4u, 40, 49.5, "B17 3");
  g_autofree char *positions = ksm_format ("%2$s then %1$u", 12u, "d1");
  g_autofree char *markup = ksm_markup_format ("<b>%s</b> %+.1f", "a<b", -2.25);
  g_autofree char *number = ksm_format_number (3000);
  g_autofree char *grouped = ksm_format_grouped_number (1234567);
  g_autofree char *small = ksm_format_grouped_number (999);
  g_autoptr(GString) appended = g_string_new ("at ");
  ksm_string_append_format (appended, "%02u:%02u", 7u, 5u);

  g_assert_cmpstr (ksm_numbers_language (), ==, devanagari () ? g_getenv ("LANGUAGE") : "en");
  if (!devanagari ())
    {
      g_assert_false (ksm_numbers_native_digits ());
      g_assert_cmpstr (plain, ==, "4 of 40 home, 49.5% in B17 3");
      g_assert_cmpstr (positions, ==, "d1 then 12");
      g_assert_cmpstr (markup, ==, "<b>a&lt;b</b> -2.2");
      g_assert_cmpstr (number, ==, "3000");
      g_assert_cmpstr (grouped, ==, "1,234,567");
      g_assert_cmpstr (small, ==, "999");
      g_assert_cmpstr (appended->str, ==, "at 07:05");
      return;
    }
  g_assert_true (ksm_numbers_native_digits ());
  /* the string's own digits stay, the numbers' change */
  g_assert_cmpstr (plain, ==, "४ of ४० home, ४९.५% in B17 3");
  g_assert_cmpstr (positions, ==, "d1 then १२");
  g_assert_cmpstr (markup, ==, "<b>a&lt;b</b> -२.२");
  g_assert_cmpstr (number, ==, "३०००");
  g_assert_cmpstr (grouped, ==, "१,२३४,५६७");
  g_assert_cmpstr (small, ==, "९९९");
  g_assert_cmpstr (appended->str, ==, "at ०७:०५");

  /* the Preferences choice */
  ksm_numbers_set_latin_digits (TRUE);
  {
    g_autofree char *latin = ksm_format ("%u of %d", 4u, 40);
    g_assert_cmpstr (latin, ==, "4 of 40");
    g_assert_false (ksm_numbers_native_digits ());
  }
  ksm_numbers_set_latin_digits (FALSE);
}

static void
test_text (void)
{
  g_autofree char *text = ksm_localize_digits ("Class 6, 2075 BS: from B17 to d1 (3,000), F9");
  g_autofree char *back = ksm_delocalize_digits (text);

  g_assert_cmpstr (back, ==, "Class 6, 2075 BS: from B17 to d1 (3,000), F9");
  if (devanagari ())
    {
      g_assert_cmpstr (text, ==, "Class ६, २०७५ BS: from B17 to d1 (३,०००), F9");
      g_assert_false (ksm_has_latin_number (text));
    }
  else
    g_assert_true (ksm_has_latin_number (text));
  g_assert_false (ksm_has_latin_number ("B17, d1 and F9"));
  g_assert_true (ksm_has_latin_number ("B17 and 4"));
  g_assert_true (ksm_has_latin_number ("49%"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  test_use_build_catalogue ();

  g_test_add_func ("/numbers/format", test_format);
  g_test_add_func ("/numbers/text", test_text);
  return g_test_run ();
}
