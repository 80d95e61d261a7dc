/* ksm-text.c */
#include "ksm-text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void
ksm_writer_init (KsmWriter *w, char *buf, size_t size)
{
  w->buf = buf;
  w->size = size;
  w->used = 0;
  w->overflow = size == 0;
  if (size > 0)
    buf[0] = '\0';
}

void
ksm_put (KsmWriter *w, const char *format, ...)
{
  va_list args;
  int n;

  if (w->overflow)
    return;
  va_start (args, format);
  n = vsnprintf (w->buf + w->used, w->size - w->used, format, args);
  va_end (args);
  if (n < 0 || (size_t) n >= w->size - w->used)
    w->overflow = true;
  else
    w->used += (size_t) n;
}

int
ksm_writer_finish (KsmWriter *w)
{
  return w->overflow ? -1 : (int) w->used;
}

void
ksm_put_options (KsmWriter *w, const KsmOptionInfo *info, unsigned n_info,
                 uint32_t flags, uint32_t defaults)
{
  for (unsigned i = 0; i < n_info; i++)
    if ((flags & info[i].flag) != (defaults & info[i].flag))
      ksm_put (w, " %s=%s", info[i].key, flags & info[i].flag ? "on" : "off");
}

int
ksm_parse_option (const KsmOptionInfo *info, unsigned n_info, const char *word,
                  size_t length, uint32_t *flags, uint32_t *seen, int field,
                  char *error, size_t error_size)
{
  for (unsigned i = 0; i < n_info; i++)
    {
      size_t key_length = strlen (info[i].key);
      if (length <= key_length || strncmp (word, info[i].key, key_length) != 0
          || word[key_length] != '=')
        continue;
      const char *value = word + key_length + 1;
      size_t value_length = length - key_length - 1;
      if (*seen & info[i].flag)
        {
          ksm_set_error (error, error_size, "field %d: %s is given twice", field, info[i].key);
          return -1;
        }
      *seen |= info[i].flag;
      if (value_length == 2 && strncmp (value, "on", 2) == 0)
        *flags |= info[i].flag;
      else if (value_length == 3 && strncmp (value, "off", 3) == 0)
        *flags &= ~info[i].flag;
      else
        {
          ksm_set_error (error, error_size, "field %d: %s must be on or off", field, info[i].key);
          return -1;
        }
      return 1;
    }
  return 0;
}

int
ksm_parse_capture (const char *suffix)
{
  int count = 0;

  if (suffix == NULL || *suffix != 'x')
    return -1;
  if (suffix[1] == '\0')
    return -2;
  for (const char *c = suffix + 1; *c != '\0'; c++)
    {
      if (*c < '0' || *c > '9' || count > 99)
        return -2;
      count = count * 10 + (*c - '0');
    }
  return count == 0 ? -2 : count;
}

bool
ksm_find_move (const KsmMove *moves, int n_moves, int from, int to, int distance,
               int claimed, const char *text, KsmMove *move,
               char *error, size_t error_size)
{
  for (int i = 0; i < n_moves; i++)
    {
      const KsmMove *m = &moves[i];
      if (m->kind == KSM_MOVE_LOSE || m->from != from || m->to != to
          || (distance >= 0 && m->distance != distance))
        continue;
      if (claimed >= 0 && claimed != m->captured)
        {
          ksm_set_error (error, error_size, "\"%s\": that move captures %d, not %d", text, m->captured, claimed);
          return false;
        }
      *move = *m;
      return true;
    }
  ksm_set_error (error, error_size, "\"%s\": this move is not legal here", text);
  return false;
}

bool
ksm_parse_move_text (const KsmOptions *options, KsmCellParser parse_cell,
                     const KsmMove *moves, int n_moves, const char *text, int distance,
                     const char *example, KsmMove *move, char *error, size_t error_size)
{
  const char *to_text;
  int from = -1, to, claimed;

  if (strcmp (text, "lost") == 0)
    {
      if (n_moves > 0 && moves[0].kind == KSM_MOVE_LOSE)
        {
          *move = moves[0];
          return true;
        }
      ksm_set_error (error, error_size, "\"lost\": the throw can be used, so it is not lost");
      return false;
    }

  if (strncmp (text, "in-", 3) == 0)
    to_text = text + 3;
  else
    {
      const char *dash = strchr (text, '-');
      if (dash == NULL)
        {
          ksm_set_error (error, error_size, "\"%s\": a move is written FROM-TO, like %s, or lost", text, example);
          return false;
        }
      from = parse_cell (options, text, (size_t) (dash - text));
      if (from < 0)
        {
          ksm_set_error (error, error_size, "\"%s\": no such cell \"%.*s\" on this board", text,
                    (int) (dash - text), text);
          return false;
        }
      to_text = dash + 1;
    }

  const char *x = strchr (to_text, 'x');
  size_t to_length = x != NULL ? (size_t) (x - to_text) : strlen (to_text);
  to = parse_cell (options, to_text, to_length);
  if (to < 0)
    {
      ksm_set_error (error, error_size, "\"%s\": no such cell \"%.*s\" on this board", text,
                (int) to_length, to_text);
      return false;
    }
  claimed = ksm_parse_capture (x);
  if (claimed == -2)
    {
      ksm_set_error (error, error_size, "\"%s\": the capture count after x must be a number from 1", text);
      return false;
    }
  return ksm_find_move (moves, n_moves, from, to, distance, claimed, text, move, error, error_size);
}

void
ksm_put_move_words (KsmWriter *w, void (*cell_name) (const KsmOptions *, int, char *, size_t),
                    const KsmOptions *options, const KsmMove *move)
{
  char from[16], to[16];

  if (move->kind == KSM_MOVE_LOSE)
    {
      ksm_put (w, "lost");
      return;
    }
  cell_name (options, move->to, to, sizeof to);
  if (move->from < 0)
    ksm_put (w, "in-%s", to);
  else
    {
      cell_name (options, move->from, from, sizeof from);
      ksm_put (w, "%s-%s", from, to);
    }
  if (move->captured > 0)
    ksm_put (w, "x%d", move->captured);
}

/* the length of the whole UTF-8 character at `s`, or 0 if none starts there
 * (overlong forms, surrogates and code points past U+10FFFF included) */
static size_t
utf8_length (const unsigned char *s)
{
  unsigned c = s[0];
  size_t n;
  unsigned min, code;

  if (c < 0x80)
    return 1;
  if (c >= 0xc2 && c <= 0xdf)
    n = 2, min = 0x80, code = c & 0x1f;
  else if (c >= 0xe0 && c <= 0xef)
    n = 3, min = 0x800, code = c & 0x0f;
  else if (c >= 0xf0 && c <= 0xf4)
    n = 4, min = 0x10000, code = c & 0x07;
  else
    return 0;
  for (size_t i = 1; i < n; i++)
    {
      if ((s[i] & 0xc0) != 0x80)
        return 0;
      code = (code << 6) | (s[i] & 0x3f);
    }
  if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
    return 0;
  return n;
}

void
ksm_make_valid_utf8 (char *text)
{
  unsigned char *s = (unsigned char *) text;

  while (*s != '\0')
    {
      size_t n = utf8_length (s);
      if (n == 0)
        *s++ = '?';
      else
        s += n;
    }
}

void
ksm_set_error (char *error, size_t size, const char *format, ...)
{
  va_list args;

  if (error == NULL || size == 0)
    return;
  va_start (args, format);
  vsnprintf (error, size, format, args);
  va_end (args);
  ksm_make_valid_utf8 (error);
}
