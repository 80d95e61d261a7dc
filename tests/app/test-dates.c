/* test-dates.c: dates for people. In English, "2 December 2026, 07:42"; in
 * Nepali and Newar (LANGUAGE=ne or new, with the build's catalogues) the
 * month's name in the language, Devanagari digits, and the Bikram Sambat
 * date beside it. Run with TZ=UTC: the dates are shown in local time. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "ksm-dates.h"
#include "ksm-numbers.h"
#include "test-catalogue.h"

/* The days asserted, each in local time, and how each language writes it
 * (the same words in Nepali and Newar) */
static const struct {
  int year, month, day, hour, minute;
  const char *english_date;
  const char *english_date_time;
  const char *devanagari_date;
  const char *devanagari_date_time;
} days[] = {
  { 2026, 12, 2, 7, 42,
    "2 December 2026", "2 December 2026, 07:42",
    "२ डिसेम्बर २०२६ (वि.सं. २०८३ मंसिर १६)",
    "२ डिसेम्बर २०२६, ०७:४२ (वि.सं. २०८३ मंसिर १६)" },
  /* new year's day, 1 Baisakh 2082 */
  { 2025, 4, 14, 0, 5,
    "14 April 2025", "14 April 2025, 00:05",
    "१४ अप्रिल २०२५ (वि.सं. २०८२ बैशाख १)",
    "१४ अप्रिल २०२५, ००:०५ (वि.सं. २०८२ बैशाख १)" },
  /* Maghe Sankranti, 1 Magh 2076 */
  { 2020, 1, 15, 23, 59,
    "15 January 2020", "15 January 2020, 23:59",
    "१५ जनवरी २०२० (वि.सं. २०७६ माघ १)",
    "१५ जनवरी २०२०, २३:५९ (वि.सं. २०७६ माघ १)" },
  /* before the Bikram Sambat table: the Gregorian date alone */
  { 1900, 3, 9, 18, 30,
    "9 March 1900", "9 March 1900, 18:30",
    "९ मार्च १९००",
    "९ मार्च १९००, १८:३०" },
};

static gboolean
devanagari (void)
{
  const char *language = g_getenv ("LANGUAGE");
  return language != NULL && (g_str_has_prefix (language, "ne") || g_str_has_prefix (language, "new"));
}

static void
test_days (void)
{
  g_assert_cmpstr (ksm_numbers_language (), ==, devanagari () ? g_getenv ("LANGUAGE") : "en");

  for (gsize i = 0; i < G_N_ELEMENTS (days); i++)
    {
      g_autoptr(GDateTime) when = g_date_time_new_local (days[i].year, days[i].month, days[i].day,
                                                         days[i].hour, days[i].minute, 0);
      g_autofree char *date = ksm_format_date (when);
      g_autofree char *date_time = ksm_format_date_time (when);

      if (!devanagari ())
        {
          g_assert_cmpstr (date, ==, days[i].english_date);
          g_assert_cmpstr (date_time, ==, days[i].english_date_time);
          continue;
        }
      g_assert_cmpstr (date, ==, days[i].devanagari_date);
      g_assert_cmpstr (date_time, ==, days[i].devanagari_date_time);
      g_assert_false (ksm_has_latin_number (date));
      g_assert_false (ksm_has_latin_number (date_time));
    }
}

/* a time of another zone is shown in local time (UTC here): 13:27 in
 * Kathmandu (+05:45) was 07:42 */
static void
test_local_time (void)
{
  g_autoptr(GTimeZone) kathmandu = g_time_zone_new_offset (5 * 3600 + 45 * 60);
  g_autoptr(GDateTime) when = g_date_time_new (kathmandu, 2026, 12, 2, 13, 27, 0);
  g_autofree char *date_time = ksm_format_date_time (when);

  g_assert_cmpstr (g_getenv ("TZ"), ==, "UTC");
  g_assert_cmpstr (date_time, ==, devanagari () ? days[0].devanagari_date_time : days[0].english_date_time);
}

/* Latin digits when Preferences asks for them, the words staying */
static void
test_latin_digits (void)
{
  g_autoptr(GDateTime) when = g_date_time_new_local (2026, 12, 2, 7, 42, 0);
  g_autofree char *date_time = NULL;

  if (!devanagari ())
    {
      g_test_skip ("the digits are Latin already");
      return;
    }
  ksm_numbers_set_latin_digits (TRUE);
  date_time = ksm_format_date_time (when);
  ksm_numbers_set_latin_digits (FALSE);
  g_assert_cmpstr (date_time, ==, "2 डिसेम्बर 2026, 07:42 (वि.सं. 2083 मंसिर 16)");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  test_use_build_catalogue ();

  g_test_add_func ("/dates/days", test_days);
  g_test_add_func ("/dates/local-time", test_local_time);
  g_test_add_func ("/dates/latin-digits", test_latin_digits);
  return g_test_run ();
}
