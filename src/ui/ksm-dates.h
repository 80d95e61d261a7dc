/* ksm-dates.h: dates and times for people, in the words and order of the
 * language shown, with the Bikram Sambat date beside the Gregorian one in
 * Nepali and Newar. Digits as ksm-numbers.h writes them. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "2 December 2026, 07:42"; in Nepali and Newar with the Bikram Sambat
 * date beside it. `when` in any zone: it is shown in local time. */
char *ksm_format_date_time (GDateTime *when);
/* the date alone, "2 December 2026" */
char *ksm_format_date      (GDateTime *when);

G_END_DECLS
