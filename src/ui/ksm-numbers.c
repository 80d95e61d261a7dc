/* ksm-numbers.c: numbers for people, in the language's digits */
#include "config.h"

#include "ksm-numbers.h"

#include <glib/gi18n.h>
#include <string.h>

/* The languages that write numbers in digits of their own, and those digits */
static const struct {
  const char *language;
  const char *digits[10];
} native_digits[] = {
  { "ne",  { "०", "१", "२", "३", "४", "५", "६", "७", "८", "९" } },
  { "new", { "०", "१", "२", "३", "४", "५", "६", "७", "८", "९" } },
};

/* Around each number printf writes, so the digits of the numbers are
 * changed and those of the strings are not: bytes no text of ours holds */
#define NUMBER_START '\x01'
#define NUMBER_END   '\x02'

static char *language;          /* read from the catalogue, once */
static gboolean latin_digits;

const char *
ksm_numbers_language (void)
{
  if (language == NULL)
    {
      /* Translators: the code of the language you translate into, as in
       * po/LINGUAS ("ne", "new"): it chooses the digits numbers are written
       * in and the calendar beside the dates. Do not translate it otherwise. */
      const char *code = C_("language code", "en");
      language = g_strdup (code);
    }
  return language;
}

void
ksm_numbers_language_changed (void)
{
  g_clear_pointer (&language, g_free);
}

void
ksm_numbers_set_latin_digits (gboolean latin)
{
  latin_digits = latin;
}

gboolean
ksm_numbers_get_latin_digits (void)
{
  return latin_digits;
}

static const char *const *
language_digits (void)
{
  const char *code = ksm_numbers_language ();

  for (gsize i = 0; i < G_N_ELEMENTS (native_digits); i++)
    if (g_str_equal (code, native_digits[i].language))
      return native_digits[i].digits;
  return NULL;
}

gboolean
ksm_numbers_language_has_digits (void)
{
  return language_digits () != NULL;
}

static const char *const *
current_digits (void)
{
  return latin_digits ? NULL : language_digits ();
}

gboolean
ksm_numbers_native_digits (void)
{
  return current_digits () != NULL;
}

/* `text` with the marks around numbers taken out, and the digits between
 * them in `digits` (NULL: as they are) */
static char *
unmark (char *text, const char *const *digits)
{
  GString *out = g_string_sized_new (strlen (text) + 16);
  gboolean in_number = FALSE;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == NUMBER_START)
        in_number = TRUE;
      else if (*p == NUMBER_END)
        in_number = FALSE;
      else if (in_number && digits != NULL && g_ascii_isdigit (*p))
        g_string_append (out, digits[*p - '0']);
      else
        g_string_append_c (out, *p);
    }
  g_free (text);
  return g_string_free (out, FALSE);
}

/* `format` with every numeric conversion between the marks. A conversion
 * is %, then an argument's place (3$), flags, width, precision, length and
 * its letter; the marks go around the whole of it, so positions, widths
 * and the like work as in printf. */
static char *
mark_numbers (const char *format)
{
  GString *out = g_string_sized_new (strlen (format) + 16);

  for (const char *p = format; *p != '\0'; )
    {
      const char *start = p;
      const char *q;

      if (*p != '%')
        {
          g_string_append_c (out, *p++);
          continue;
        }
      if (p[1] == '%')
        {
          g_string_append (out, "%%");
          p += 2;
          continue;
        }
      q = p + 1;
      while (*q != '\0' && strchr ("0123456789$#-+ '.*hlLqjzt", *q) != NULL)
        q++;
      if (*q == '\0')
        {
          g_string_append (out, start);
          break;
        }
      if (strchr ("diouxXeEfFgGaA", *q) != NULL)
        {
          g_string_append_c (out, NUMBER_START);
          g_string_append_len (out, start, q + 1 - start);
          g_string_append_c (out, NUMBER_END);
        }
      else
        g_string_append_len (out, start, q + 1 - start);
      p = q + 1;
    }
  return g_string_free (out, FALSE);
}

/* the format is ours, marks added around its numbers: the compiler checked
 * the one it came from */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

char *
ksm_format_valist (const char *format, va_list args)
{
  const char *const *digits = current_digits ();
  g_autofree char *marked = NULL;

  if (digits == NULL)
    return g_strdup_vprintf (format, args);
  marked = mark_numbers (format);
  return unmark (g_strdup_vprintf (marked, args), digits);
}

char *
ksm_format (const char *format, ...)
{
  va_list args;
  char *text;

  va_start (args, format);
  text = ksm_format_valist (format, args);
  va_end (args);
  return text;
}

char *
ksm_markup_format (const char *format, ...)
{
  const char *const *digits = current_digits ();
  g_autofree char *marked = digits != NULL ? mark_numbers (format) : NULL;
  va_list args;
  char *text;

  va_start (args, format);
  text = g_markup_vprintf_escaped (marked != NULL ? marked : format, args);
  va_end (args);
  return digits != NULL ? unmark (text, digits) : text;
}

#pragma GCC diagnostic pop

void
ksm_string_append_format (GString *string, const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = ksm_format_valist (format, args);
  va_end (args);
  g_string_append (string, text);
}

char *
ksm_format_number (gint64 number)
{
  return ksm_format ("%" G_GINT64_FORMAT, number);
}

char *
ksm_format_grouped_number (guint64 number)
{
  g_autofree char *digits = ksm_format ("%" G_GUINT64_FORMAT, number);
  glong n_digits = g_utf8_strlen (digits, -1);
  GString *grouped = g_string_new (NULL);
  const char *digit = digits;

  for (glong i = 0; i < n_digits; i++, digit = g_utf8_next_char (digit))
    {
      if (i > 0 && (n_digits - i) % 3 == 0)
        g_string_append_c (grouped, ',');
      g_string_append_unichar (grouped, g_utf8_get_char (digit));
    }
  return g_string_free (grouped, FALSE);
}

/* a digit run is a cell's or a key's name when a Latin letter is glued
 * before it (B17, d1, F9) */
static gboolean
glued_to_letter (const char *text, const char *run)
{
  return run > text && g_ascii_isalpha (run[-1]);
}

char *
ksm_localize_digits (const char *text)
{
  const char *const *digits = current_digits ();
  GString *out;

  g_return_val_if_fail (text != NULL, NULL);
  if (digits == NULL)
    return g_strdup (text);
  out = g_string_sized_new (strlen (text) + 16);
  for (const char *p = text; *p != '\0'; )
    {
      if (!g_ascii_isdigit (*p))
        {
          g_string_append_c (out, *p++);
          continue;
        }
      {
        const char *run = p;
        gboolean keep = glued_to_letter (text, run);

        for (; g_ascii_isdigit (*p); p++)
          if (keep)
            g_string_append_c (out, *p);
          else
            g_string_append (out, digits[*p - '0']);
      }
    }
  return g_string_free (out, FALSE);
}

char *
ksm_delocalize_digits (const char *text)
{
  GString *out;

  g_return_val_if_fail (text != NULL, NULL);
  out = g_string_sized_new (strlen (text));
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c >= 0x0966 && c <= 0x096F)
        g_string_append_c (out, (char) ('0' + (c - 0x0966)));
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
  return g_string_free (out, FALSE);
}

gboolean
ksm_has_latin_number (const char *text)
{
  g_return_val_if_fail (text != NULL, FALSE);
  for (const char *p = text; *p != '\0'; p++)
    if (g_ascii_isdigit (*p))
      {
        if (!glued_to_letter (text, p))
          return TRUE;
        while (g_ascii_isdigit (p[1]))
          p++;
      }
  return FALSE;
}
