/* ksm-dates.c: dates and times for people */
#include "config.h"

#include "ksm-dates.h"

#include <glib/gi18n.h>

#include "ksm-numbers.h"

char *
ksm_format_date (GDateTime *when)
{
  g_autoptr(GDateTime) local = NULL;

  g_return_val_if_fail (when != NULL, NULL);
  local = g_date_time_to_local (when);
  return ksm_format ("%d-%02d-%02d", g_date_time_get_year (local), g_date_time_get_month (local),
                     g_date_time_get_day_of_month (local));
}

char *
ksm_format_date_time (GDateTime *when)
{
  g_autoptr(GDateTime) local = NULL;
  g_autofree char *date = NULL;

  g_return_val_if_fail (when != NULL, NULL);
  local = g_date_time_to_local (when);
  date = ksm_format_date (local);
  return ksm_format ("%s %02d:%02d", date, g_date_time_get_hour (local), g_date_time_get_minute (local));
}
