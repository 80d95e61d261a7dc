/* ksm-calendar.h: the Bikram Sambat calendar (Nepal's official solar
 * calendar) beside the Gregorian one.
 *
 * Its months are 29 to 32 days long and their lengths follow the sky, not
 * a rule, so they come from a table: BS years KSM_CALENDAR_FIRST_YEAR to
 * KSM_CALENDAR_LAST_YEAR (14 April 1943 to 12 April 2044). Outside it the
 * functions return FALSE (or 0). Months count from 1 (Baisakh) to 12
 * (Chaitra), as Gregorian months count from 1 (January). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define KSM_CALENDAR_FIRST_YEAR 2000
#define KSM_CALENDAR_LAST_YEAR  2100

/* the BS date of a Gregorian day */
gboolean ksm_calendar_to_bikram_sambat (int  year,
                                        int  month,
                                        int  day,
                                        int *bs_year,
                                        int *bs_month,
                                        int *bs_day);
/* the Gregorian date of a BS day */
gboolean ksm_calendar_to_gregorian     (int  bs_year,
                                        int  bs_month,
                                        int  bs_day,
                                        int *year,
                                        int *month,
                                        int *day);
/* the days in a BS month, 0 outside the table */
int      ksm_calendar_month_length     (int  bs_year,
                                        int  bs_month);

G_END_DECLS
