/* test-calendar.c: the Bikram Sambat calendar. Known days both ways, every
 * day of the table there and back, and days outside it refused. */
#include "config.h"

#include <glib.h>

#include "ksm-calendar.h"

/* Days whose BS date is known outside the table: new years, and Maghe
 * Sankranti (1 Magh), as Nepal's calendars print them */
static const struct {
  int bs_year, bs_month, bs_day;
  int year, month, day;
} known_days[] = {
  { 2000, 1, 1,  1943, 4, 14 },
  { 2075, 1, 1,  2018, 4, 14 },
  { 2076, 10, 1, 2020, 1, 15 },
  { 2080, 1, 1,  2023, 4, 14 },
  { 2081, 1, 1,  2024, 4, 13 },
  { 2082, 1, 1,  2025, 4, 14 },
  /* Vijaya Dashami, 2 October 2025, and a day of 2083 BS */
  { 2082, 6, 16, 2025, 10, 2 },
  { 2083, 8, 16, 2026, 12, 2 },
};

static void
test_known_days (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (known_days); i++)
    {
      int bs_year = 0, bs_month = 0, bs_day = 0;
      int year = 0, month = 0, day = 0;

      g_assert_true (ksm_calendar_to_bikram_sambat (known_days[i].year, known_days[i].month,
                                                    known_days[i].day, &bs_year, &bs_month, &bs_day));
      g_assert_cmpint (bs_year, ==, known_days[i].bs_year);
      g_assert_cmpint (bs_month, ==, known_days[i].bs_month);
      g_assert_cmpint (bs_day, ==, known_days[i].bs_day);

      g_assert_true (ksm_calendar_to_gregorian (known_days[i].bs_year, known_days[i].bs_month,
                                                known_days[i].bs_day, &year, &month, &day));
      g_assert_cmpint (year, ==, known_days[i].year);
      g_assert_cmpint (month, ==, known_days[i].month);
      g_assert_cmpint (day, ==, known_days[i].day);
    }
}

/* each month 29-32 days, each year 365 or 366 */
static void
test_month_lengths (void)
{
  for (int bs_year = KSM_CALENDAR_FIRST_YEAR; bs_year <= KSM_CALENDAR_LAST_YEAR; bs_year++)
    {
      int days = 0;

      for (int bs_month = 1; bs_month <= 12; bs_month++)
        {
          int length = ksm_calendar_month_length (bs_year, bs_month);

          g_assert_cmpint (length, >=, 29);
          g_assert_cmpint (length, <=, 32);
          days += length;
        }
      g_assert_cmpint (days, >=, 365);
      g_assert_cmpint (days, <=, 366);
    }
}

/* every Gregorian day from 1 Baisakh of the first year to the last day of
 * the last is one BS day after the one before, and converts back to
 * itself */
static void
test_every_day (void)
{
  g_autoptr(GDateTime) when = g_date_time_new_utc (1943, 4, 14, 12, 0, 0);
  int last_bs_year = KSM_CALENDAR_FIRST_YEAR, last_bs_month = 1, last_bs_day = 0;
  int n_days = 0;

  for (;;)
    {
      g_autoptr(GDateTime) next = NULL;
      int year, month, day;
      int bs_year, bs_month, bs_day;
      int back_year, back_month, back_day;

      g_date_time_get_ymd (when, &year, &month, &day);
      if (!ksm_calendar_to_bikram_sambat (year, month, day, &bs_year, &bs_month, &bs_day))
        break;

      if (n_days > 0 && bs_day == 1)
        {
          /* a new month, after the whole of the one before */
          g_assert_cmpint (last_bs_day, ==, ksm_calendar_month_length (last_bs_year, last_bs_month));
          if (bs_month == 1)
            g_assert_cmpint (bs_year, ==, last_bs_year + 1);
          else
            {
              g_assert_cmpint (bs_year, ==, last_bs_year);
              g_assert_cmpint (bs_month, ==, last_bs_month + 1);
            }
        }
      else
        {
          g_assert_cmpint (bs_year, ==, last_bs_year);
          g_assert_cmpint (bs_month, ==, last_bs_month);
          g_assert_cmpint (bs_day, ==, last_bs_day + 1);
        }

      g_assert_true (ksm_calendar_to_gregorian (bs_year, bs_month, bs_day,
                                                &back_year, &back_month, &back_day));
      g_assert_cmpint (back_year, ==, year);
      g_assert_cmpint (back_month, ==, month);
      g_assert_cmpint (back_day, ==, day);

      last_bs_year = bs_year;
      last_bs_month = bs_month;
      last_bs_day = bs_day;
      n_days++;
      next = g_date_time_add_days (when, 1);
      g_date_time_unref (when);
      when = g_steal_pointer (&next);
    }

  /* the loop ended on the day after the table's last */
  g_assert_cmpint (last_bs_year, ==, KSM_CALENDAR_LAST_YEAR);
  g_assert_cmpint (last_bs_month, ==, 12);
  g_assert_cmpint (last_bs_day, ==, ksm_calendar_month_length (KSM_CALENDAR_LAST_YEAR, 12));
  g_assert_cmpint (n_days, >, 365 * 100);
}

static void
test_outside (void)
{
  int bs_year = -1, year = -1;

  /* the day before 1 Baisakh 2000 */
  g_assert_false (ksm_calendar_to_bikram_sambat (1943, 4, 13, &bs_year, NULL, NULL));
  g_assert_false (ksm_calendar_to_bikram_sambat (1900, 1, 1, &bs_year, NULL, NULL));
  g_assert_false (ksm_calendar_to_bikram_sambat (2200, 1, 1, &bs_year, NULL, NULL));
  g_assert_false (ksm_calendar_to_bikram_sambat (2026, 2, 30, &bs_year, NULL, NULL));
  g_assert_false (ksm_calendar_to_bikram_sambat (2026, 13, 1, &bs_year, NULL, NULL));
  g_assert_cmpint (bs_year, ==, -1);

  g_assert_false (ksm_calendar_to_gregorian (KSM_CALENDAR_FIRST_YEAR - 1, 12, 30, &year, NULL, NULL));
  g_assert_false (ksm_calendar_to_gregorian (KSM_CALENDAR_LAST_YEAR + 1, 1, 1, &year, NULL, NULL));
  g_assert_false (ksm_calendar_to_gregorian (2083, 13, 1, &year, NULL, NULL));
  g_assert_false (ksm_calendar_to_gregorian (2083, 0, 1, &year, NULL, NULL));
  g_assert_false (ksm_calendar_to_gregorian (2083, 8, 0, &year, NULL, NULL));
  /* Mangsir 2083 has 29 days */
  g_assert_false (ksm_calendar_to_gregorian (2083, 8, 30, &year, NULL, NULL));
  g_assert_cmpint (year, ==, -1);

  g_assert_cmpint (ksm_calendar_month_length (KSM_CALENDAR_FIRST_YEAR - 1, 1), ==, 0);
  g_assert_cmpint (ksm_calendar_month_length (KSM_CALENDAR_LAST_YEAR + 1, 1), ==, 0);
  g_assert_cmpint (ksm_calendar_month_length (2083, 0), ==, 0);
  g_assert_cmpint (ksm_calendar_month_length (2083, 13), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/calendar/known-days", test_known_days);
  g_test_add_func ("/calendar/month-lengths", test_month_lengths);
  g_test_add_func ("/calendar/every-day", test_every_day);
  g_test_add_func ("/calendar/outside", test_outside);
  return g_test_run ();
}
