/* ksm-numbers.h: numbers and dates written for people, in the digits and
 * words of the language shown.
 *
 * Every number a view shows goes through here, never through printf
 * directly: in Nepali and Newar it is written in Devanagari digits (०-९)
 * unless the person chose Latin digits in Preferences. Names of cells (B17,
 * d1) are passed as strings and stay as the board writes them. Dates are
 * in ksm-dates.h. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The code of the catalogue in use, from the catalogue itself: "en" when
 * none is ("ne", "new"...) */
const char *ksm_numbers_language          (void);
/* Whether the language shown has digits of its own (Preferences then
 * offers Latin ones) */
gboolean    ksm_numbers_language_has_digits (void);
/* Whether numbers are written in the language's own digits now */
gboolean    ksm_numbers_native_digits     (void);
/* The Preferences choice: Latin digits in every language */
void        ksm_numbers_set_latin_digits  (gboolean latin);
gboolean    ksm_numbers_get_latin_digits  (void);
/* Forgets the language read (the catalogue changed under it) */
void        ksm_numbers_language_changed  (void);

/* g_strdup_printf, with each numeric conversion (%d %u %f %.1f %+.1f %%...)
 * written in the language's digits; strings (%s) are copied as they are */
char       *ksm_format                    (const char *format,
                                           ...) G_GNUC_PRINTF (1, 2);
char       *ksm_format_valist             (const char *format,
                                           va_list     args) G_GNUC_PRINTF (1, 0);
/* the same for g_markup_printf_escaped: the strings are escaped */
char       *ksm_markup_format             (const char *format,
                                           ...) G_GNUC_PRINTF (1, 2);
/* the same, appended to a GString */
void        ksm_string_append_format      (GString    *string,
                                           const char *format,
                                           ...) G_GNUC_PRINTF (2, 3);
/* one whole number */
char       *ksm_format_number             (gint64      number);
/* one whole number in groups of three, as the rules pages write their
 * figures ("3,000"), in the language's digits */
char       *ksm_format_grouped_number     (guint64     number);

/* Text written elsewhere (the rules pages, a translation): every run of
 * ASCII digits in the language's digits, except one glued to a Latin letter
 * (a cell name, B17 or d1) */
char       *ksm_localize_digits           (const char *text);
/* the digits turned back to ASCII (for tests and searches) */
char       *ksm_delocalize_digits         (const char *text);
/* Whether `text` has an ASCII digit outside a cell-like name (a Latin
 * letter glued before it): for tests of the pages in Nepali and Newar */
gboolean    ksm_has_latin_number          (const char *text);

G_END_DECLS
