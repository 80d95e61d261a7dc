/* ksm-dates.c: dates and times for people */
#include "config.h"

#include "ksm-dates.h"

#include <glib/gi18n.h>

#include "ksm-calendar.h"
#include "ksm-numbers.h"

static const char *const month_names[] = {
  NC_("month", "January"),
  NC_("month", "February"),
  NC_("month", "March"),
  NC_("month", "April"),
  NC_("month", "May"),
  NC_("month", "June"),
  NC_("month", "July"),
  NC_("month", "August"),
  NC_("month", "September"),
  NC_("month", "October"),
  NC_("month", "November"),
  NC_("month", "December"),
};

static const char *const bikram_sambat_month_names[] = {
  NC_("Bikram Sambat month", "Baisakh"),
  NC_("Bikram Sambat month", "Jestha"),
  NC_("Bikram Sambat month", "Asar"),
  NC_("Bikram Sambat month", "Shrawan"),
  NC_("Bikram Sambat month", "Bhadra"),
  NC_("Bikram Sambat month", "Asoj"),
  NC_("Bikram Sambat month", "Kartik"),
  NC_("Bikram Sambat month", "Mangsir"),
  NC_("Bikram Sambat month", "Poush"),
  NC_("Bikram Sambat month", "Magh"),
  NC_("Bikram Sambat month", "Falgun"),
  NC_("Bikram Sambat month", "Chaitra"),
};

/* The calendar beside the Gregorian one is Nepal's, in the languages of
 * Nepal */
static gboolean
shows_bikram_sambat (void)
{
  const char *language = ksm_numbers_language ();

  return g_str_equal (language, "ne") || g_str_equal (language, "new");
}

static char *
format_gregorian_date (GDateTime *local)
{
  int year, month, day;

  g_date_time_get_ymd (local, &year, &month, &day);
  /* Translators: a date: %1$d is the day of the month, %2$s the month's
   * name, %3$d the year, "2 December 2026". Put them in your language's
   * order (keep the numbers of the %N$), with its punctuation. */
  return ksm_format (C_("date", "%1$d %2$s %3$d"), day,
                     g_dpgettext2 (GETTEXT_PACKAGE, "month", month_names[month - 1]), year);
}

/* the Bikram Sambat date of the same day, or NULL outside its table */
static char *
format_bikram_sambat_date (GDateTime *local)
{
  int year, month, day;
  int bs_year, bs_month, bs_day;

  g_date_time_get_ymd (local, &year, &month, &day);
  if (!ksm_calendar_to_bikram_sambat (year, month, day, &bs_year, &bs_month, &bs_day))
    return NULL;
  /* Translators: a date in the Bikram Sambat calendar, shown beside the
   * Gregorian date in Nepali and Newar: %1$d is the day of the month,
   * %2$s the month's name, %3$d the year, "16 Mangsir 2083 BS". Put them
   * in your language's order (keep the numbers of the %N$). */
  return ksm_format (C_("Bikram Sambat date", "%1$d %2$s %3$d BS"), bs_day,
                     g_dpgettext2 (GETTEXT_PACKAGE, "Bikram Sambat month",
                                   bikram_sambat_month_names[bs_month - 1]),
                     bs_year);
}

/* `text`, with the Bikram Sambat date of `local` beside it where that
 * calendar is shown (takes `text`) */
static char *
beside_bikram_sambat (char      *text,
                      GDateTime *local)
{
  g_autofree char *bikram_sambat = NULL;
  char *both;

  if (!shows_bikram_sambat ())
    return text;
  bikram_sambat = format_bikram_sambat_date (local);
  if (bikram_sambat == NULL)
    return text;
  /* Translators: %1$s is a date (or date and time), %2$s the same day in
   * the Bikram Sambat calendar: "2 December 2026, 07:42 (16 Mangsir 2083 BS)" */
  both = ksm_format (C_("date beside its Bikram Sambat date", "%1$s (%2$s)"), text, bikram_sambat);
  g_free (text);
  return both;
}

char *
ksm_format_date (GDateTime *when)
{
  g_autoptr(GDateTime) local = NULL;

  g_return_val_if_fail (when != NULL, NULL);
  local = g_date_time_to_local (when);
  return beside_bikram_sambat (format_gregorian_date (local), local);
}

char *
ksm_format_date_time (GDateTime *when)
{
  g_autoptr(GDateTime) local = NULL;
  g_autofree char *date = NULL;

  g_return_val_if_fail (when != NULL, NULL);
  local = g_date_time_to_local (when);
  date = format_gregorian_date (local);
  /* Translators: a date and time: %1$s is the date, %2$02d the hour (0-23),
   * %3$02d the minute, "2 December 2026, 07:42" */
  return beside_bikram_sambat (ksm_format (C_("date and time", "%1$s, %2$02d:%3$02d"), date,
                                           g_date_time_get_hour (local),
                                           g_date_time_get_minute (local)),
                               local);
}
