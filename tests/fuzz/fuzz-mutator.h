/* fuzz-mutator.h: the structure-aware mutator the saved-game targets share
 * (fuzz-record, fuzz-review, fuzz-resume), included once by each.
 *
 * libFuzzer's byte mutations alone rarely build what breaks a JSON loader:
 * a comment or a single-quoted string holding a quote, then tens of
 * thousands of brackets, or a number no integer holds. Each call makes one
 * to three mutations, some of them libFuzzer's own (LLVMFuzzerMutate), the
 * others from the list below, so they combine. KSM_FUZZ_SEEDS (set by
 * meson) is the seed folder the spliced fields come from.
 */
#pragma once

#include <glib.h>
#include <stdint.h>
#include <string.h>

size_t LLVMFuzzerMutate (uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator (uint8_t *data, size_t size, size_t max_size, unsigned int seed);

/* what the mutations insert whole */
static const char *const ksm_fuzz_tokens[] = {
  "/* */", "/* \" */", "/* [ { */", "// \"\n", "// x\n", "/*", "*/", "//",
  "'\"'", "'a'", "'kasimala-game'", "'", "\"", "\\",
  "1e999", "-1e999", "1e-999", "-0", "-0.0", "9223372036854775808",
  "-9223372036854775809", "18446744073709551616", "4294967296", "-1",
  "2147483648", "1.5", "0x10", "NaN", "Infinity", "00", "1e", "-",
  "\xef\xbb\xbf", "\xff", "\xfe", "\xc0\x80", "\xc3", "\xe0\x80\x80",
  "\xed\xa0\x80", "\xed\xbf\xbf", "\xf4\x90\x80\x80", "\x80",
  "\\ud800", "\\udfff", "\\ud800\\u0041", "\\u0000", "\"\\ud83d\"", "\\u00",
  "null", "true", "[]", "{}", "\"\"", ",", ":", "\x00",
};

typedef struct {
  size_t offset;
  size_t length;
} KsmFuzzSpan;

/* the seeds one after another, kept for the program's life, and their
 * fields as spans of it */
static GString *ksm_fuzz_seed_text;
static GArray *ksm_fuzz_fields;

/* the end of the string opening at `i`, past its closing quote */
static size_t
ksm_fuzz_skip_string (const char *s, size_t n, size_t i)
{
  for (i++; i < n && s[i] != '"'; i++)
    if (s[i] == '\\')
      i++;
  return i < n ? i + 1 : n;
}

/* the length of the `"key":value` field opening at `i`, or 0 when none
 * does, or when it is longer than `limit` (so that a mutated input, nested
 * deep, is not scanned to its end from every key) */
static size_t
ksm_fuzz_field_at (const char *s, size_t n, size_t i, size_t limit)
{
  if (i == 0 || i >= n || s[i] != '"' || (s[i - 1] != '{' && s[i - 1] != ','))
    return 0;
  size_t j = ksm_fuzz_skip_string (s, n, i), end = MIN (n, i + limit);
  if (j >= end || s[j] != ':')
    return 0;
  int depth = 0;
  for (j++; j < end; j++)
    {
      if (s[j] == '"')
        j = ksm_fuzz_skip_string (s, n, j) - 1;
      else if (s[j] == '[' || s[j] == '{')
        depth++;
      else if ((s[j] == ']' || s[j] == '}') && depth-- == 0)
        return j - i;
      else if (s[j] == ',' && depth == 0)
        return j - i;
    }
  return 0;
}

/* each field of the seed at `base` of the seed text, at any depth */
static void
ksm_fuzz_collect_fields (size_t base)
{
  const char *s = ksm_fuzz_seed_text->str + base;
  size_t n = ksm_fuzz_seed_text->len - base;

  for (size_t i = 1; i < n; i++)
    {
      size_t length = ksm_fuzz_field_at (s, n, i, n);
      if (length > 0)
        {
          KsmFuzzSpan span = { base + i, length };
          g_array_append_val (ksm_fuzz_fields, span);
        }
    }
}

static void
ksm_fuzz_load_seeds (void)
{
  if (ksm_fuzz_fields != NULL)
    return;
  ksm_fuzz_seed_text = g_string_new (NULL);
  ksm_fuzz_fields = g_array_new (FALSE, FALSE, sizeof (KsmFuzzSpan));
#ifdef KSM_FUZZ_SEEDS
  g_autoptr(GDir) dir = g_dir_open (KSM_FUZZ_SEEDS, 0, NULL);
  const char *name;
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (KSM_FUZZ_SEEDS, name, NULL);
      g_autofree char *text = NULL;
      gsize length = 0;
      if (!g_file_get_contents (path, &text, &length, NULL))
        continue;
      size_t base = ksm_fuzz_seed_text->len;
      g_string_append_c (ksm_fuzz_seed_text, '\n');
      g_string_append_len (ksm_fuzz_seed_text, text, (gssize) length);
      ksm_fuzz_collect_fields (base);
    }
#endif
}

/* a small generator of its own, so a mutation depends only on `seed` */
static uint32_t
ksm_fuzz_next (uint32_t *state)
{
  *state ^= *state << 13;
  *state ^= *state >> 17;
  *state ^= *state << 5;
  return *state;
}

/* puts `length` bytes of `what` (or of `fill` repeated, when `what` is NULL)
 * at `at`, as far as max_size allows; the new size */
static size_t
ksm_fuzz_insert (uint8_t *data, size_t size, size_t max_size, size_t at,
                 const void *what, size_t length, char fill)
{
  if (size >= max_size)
    return size;
  length = MIN (length, max_size - size);
  at = MIN (at, size);
  memmove (data + at + length, data + at, size - at);
  if (what != NULL)
    memcpy (data + at, what, length);
  else
    memset (data + at, fill, length);
  return size + length;
}

/* where a value or a comment may start: just past the first ',', ':', '{'
 * or '[' from `at` (strings aside, mostly), else `at` itself */
static size_t
ksm_fuzz_boundary (const uint8_t *data, size_t size, size_t at)
{
  for (size_t i = at; i < size; i++)
    if (data[i] == ',' || data[i] == ':' || data[i] == '{' || data[i] == '[')
      return i + 1;
  return at;
}

/* thousands (up to all the room left) of one opening bracket, and as many
 * closing ones further on when there is room: deep documents, well formed
 * or not */
static size_t
ksm_fuzz_wrap (uint8_t *data, size_t size, size_t max_size, uint32_t *state)
{
  size_t room = max_size - size;
  size_t depths[] = { 100, 1000, 10000, 40000, 100000, 300000, room, room / 2 };
  size_t depth = MIN (depths[ksm_fuzz_next (state) % G_N_ELEMENTS (depths)], room);
  gboolean object = ksm_fuzz_next (state) % 4 == 0;
  size_t at = size > 0 ? ksm_fuzz_next (state) % (size + 1) : 0;

  /* mostly where a value may start, so the parser goes down them */
  if (ksm_fuzz_next (state) % 4 != 0)
    at = ksm_fuzz_boundary (data, size, at);
  /* and at times behind a quote a scanner that knows only JSON's strings
   * takes for a string's start, which a lenient parser skips */
  if (ksm_fuzz_next (state) % 4 == 0)
    {
      static const char *const hiders[] = { "/* \" */", "'\"'", "// \"\n" };
      const char *hider = hiders[ksm_fuzz_next (state) % G_N_ELEMENTS (hiders)];
      size_t before = size;
      size = ksm_fuzz_insert (data, size, max_size, at, hider, strlen (hider), 0);
      at += size - before;
      room = max_size - size;
      depth = MIN (depth, room);
    }

  if (object)
    {
      /* {"a":{"a":...: five bytes a level, made in place */
      size_t levels = depth / 5, before = size;
      /* as many levels as the insertion made room for: none when the
       * input is already at max_size (the copy wrote past the buffer) */
      at = MIN (at, size);
      size = ksm_fuzz_insert (data, size, max_size, at, NULL, levels * 5, '{');
      for (size_t k = 0; k + 5 <= size - before; k += 5)
        memcpy (data + at + k, "{\"a\":", 5);
      return size;
    }
  if (ksm_fuzz_next (state) % 2 == 0 && depth * 2 <= room)
    {
      size_t end = at + (size > at ? ksm_fuzz_next (state) % (size - at + 1) : 0);
      size = ksm_fuzz_insert (data, size, max_size, end, NULL, depth, ']');
    }
  return ksm_fuzz_insert (data, size, max_size, at, NULL, depth, '[');
}

/* one of the seeds' fields put after a '{' or a ',' of the input, or (own)
 * the input's own field there once more: a duplicated key */
static size_t
ksm_fuzz_splice (uint8_t *data, size_t size, size_t max_size, uint32_t *state, gboolean own)
{
  size_t marks = 0, at = 0;
  for (size_t i = 0; i < size; i++)
    marks += data[i] == '{' || data[i] == ',';
  if (marks == 0)
    return size;
  size_t pick = ksm_fuzz_next (state) % marks;
  for (size_t i = 0; i < size; i++)
    if ((data[i] == '{' || data[i] == ',') && pick-- == 0)
      {
        at = i + 1;
        break;
      }

  if (own)
    {
      /* the field that starts there, whole, once more */
      size_t length = ksm_fuzz_field_at ((const char *) data, size, at, 65536);
      if (length > 0)
        {
          g_autofree char *copy = g_strndup ((const char *) data + at, length);
          size = ksm_fuzz_insert (data, size, max_size, at, ",", 1, 0);
          size = ksm_fuzz_insert (data, size, max_size, at, copy, length, 0);
        }
      return size;
    }
  if (ksm_fuzz_fields->len == 0)
    return size;
  KsmFuzzSpan span = g_array_index (ksm_fuzz_fields, KsmFuzzSpan,
                                    ksm_fuzz_next (state) % ksm_fuzz_fields->len);
  size = ksm_fuzz_insert (data, size, max_size, at, ",", 1, 0);
  return ksm_fuzz_insert (data, size, max_size, at, ksm_fuzz_seed_text->str + span.offset,
                          span.length, 0);
}

size_t
LLVMFuzzerCustomMutator (uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
  uint32_t state = seed * 2654435761u + 1;
  int n = 1 + ksm_fuzz_next (&state) % 3;

  ksm_fuzz_load_seeds ();
  for (int k = 0; k < n; k++)
    {
      size_t at = size > 0 ? ksm_fuzz_next (&state) % (size + 1) : 0;
      switch (ksm_fuzz_next (&state) % 10)
        {
        case 0: case 1: case 2:
          size = LLVMFuzzerMutate (data, size, max_size);
          break;
        case 3: case 4:
          {
            const char *token = ksm_fuzz_tokens[ksm_fuzz_next (&state) % G_N_ELEMENTS (ksm_fuzz_tokens)];
            if (ksm_fuzz_next (&state) % 2 == 0)
              at = ksm_fuzz_boundary (data, size, at);
            size = ksm_fuzz_insert (data, size, max_size, at, token, MAX (strlen (token), 1), 0);
          }
          break;
        case 5:
          {
            /* a number replaced by an edge one */
            const char *token = ksm_fuzz_tokens[14 + ksm_fuzz_next (&state) % 18];
            size_t i = at, j;
            while (i < size && !g_ascii_isdigit (data[i]))
              i++;
            for (j = i; j < size && (g_ascii_isdigit (data[j]) || data[j] == '.'); j++)
              ;
            memmove (data + i, data + j, size - j);
            size -= j - i;
            size = ksm_fuzz_insert (data, size, max_size, i, token, strlen (token), 0);
          }
          break;
        case 6:
          size = ksm_fuzz_wrap (data, size, max_size, &state);
          break;
        case 7:
          /* a byte order mark, at the start or anywhere */
          size = ksm_fuzz_insert (data, size, max_size, ksm_fuzz_next (&state) % 2 ? 0 : at,
                                  "\xef\xbb\xbf", 3, 0);
          break;
        case 8:
          size = ksm_fuzz_splice (data, size, max_size, &state, FALSE);
          break;
        case 9:
          size = ksm_fuzz_splice (data, size, max_size, &state, TRUE);
          break;
        }
    }
  return size;
}
