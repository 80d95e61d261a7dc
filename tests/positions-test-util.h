/* positions-test-util.h: what the engine tests of every game check of
 * positions written by hand (rules-decisions.md, "Positions that cannot
 * arise"): those refused, with a one-line message naming the cell or the
 * field, and those accepted, read back as written.
 *
 * Static inline, so each test binary gets its own copy.
 */
#pragma once

#include <glib.h>
#include <string.h>

#include "ksm-rules.h"

typedef struct {
  const char *text;
  const char *names;   /* what the message must name: a cell, a field, an option */
} RefusedPosition;

static inline void
assert_positions_refused (const KsmRules *rules, const RefusedPosition *refused, gsize n)
{
  for (gsize i = 0; i < n; i++)
    {
      KsmPosition pos;
      char error[KSM_ERROR_MAX] = "";

      g_assert_false (rules->parse_position (refused[i].text, &pos, error, sizeof error));
      g_test_message ("%s: %s", refused[i].text, error);
      g_assert_nonnull (strstr (error, refused[i].names));
      g_assert_null (strchr (error, '\n'));
    }
}

static inline void
assert_positions_accepted (const KsmRules *rules, const char *const *accepted, gsize n)
{
  for (gsize i = 0; i < n; i++)
    {
      KsmPosition pos;
      char error[KSM_ERROR_MAX] = "";
      char text[KSM_NOTATION_MAX];

      if (!rules->parse_position (accepted[i], &pos, error, sizeof error))
        g_error ("the engine refuses the position \"%s\": %s", accepted[i], error);
      rules->format_position (&pos, text, sizeof text);
      g_assert_cmpstr (text, ==, accepted[i]);
    }
}
