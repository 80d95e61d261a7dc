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
                  size_t length, uint32_t *flags, int field,
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
      if (value_length == 2 && strncmp (value, "on", 2) == 0)
        *flags |= info[i].flag;
      else if (value_length == 3 && strncmp (value, "off", 3) == 0)
        *flags &= ~info[i].flag;
      else
        {
          snprintf (error, error_size, "field %d: %s must be on or off", field, info[i].key);
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
          snprintf (error, error_size, "\"%s\": that move captures %d, not %d", text, m->captured, claimed);
          return false;
        }
      *move = *m;
      return true;
    }
  snprintf (error, error_size, "\"%s\": this move is not legal here", text);
  return false;
}
