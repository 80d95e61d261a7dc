/* fuzz-record.c: libFuzzer target for the saved-game loader.
 *
 * Any input either loads or fails with a KSM_RECORD_ERROR and a message.
 * What loads must replay to its end, describe every event in words, and
 * survive save -> load -> save unchanged; what is refused says why in
 * valid UTF-8. The inputs come from fuzz-mutator.h. Any breach aborts,
 * which libFuzzer reports as a crash.
 */
#include "fuzz-load.h"
#include "fuzz-mutator.h"

static void
fail (const char *what, const char *detail)
{
  ksm_fuzz_fail ("fuzz-record", what, detail);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) record = NULL;

  if (size > KSM_FUZZ_MAX_INPUT)
    return 0;
  record = ksm_fuzz_load ("fuzz-record", data, size);
  if (record == NULL)
    return 0;

  /* every event replays, one by one as the views do, and reads in words */
  const KsmRules *rules = ksm_record_get_rules (record);
  guint n = ksm_record_get_n_events (record);
  KsmPosition pos, whole;

  if (!ksm_record_replay (record, 0, &pos, &error))
    fail ("the start does not replay", error->message);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *words = ksm_record_describe_event (record, &pos,
                                                          ksm_record_get_event (record, i));
      if (words == NULL || words[0] == '\0')
        fail ("an event has no words", NULL);
      if (!ksm_record_apply_event (record, i, &pos, &error))
        fail ("a loaded event does not apply", error->message);
    }
  if (!ksm_record_replay (record, n, &whole, &error))
    fail ("a loaded record does not replay", error->message);
  {
    char a[KSM_NOTATION_MAX], b[KSM_NOTATION_MAX];
    rules->format_position (&pos, a, sizeof a);
    rules->format_position (&whole, b, sizeof b);
    if (strcmp (a, b) != 0)
      fail ("event by event and all at once end apart", a);
  }

  /* save -> load -> save gives the same text */
  gsize length = 0, length2 = 0;
  g_autofree char *saved = ksm_record_to_data (record, &length);
  g_autoptr(KsmRecord) back = ksm_record_new_from_data (saved, (gssize) length, &error);
  if (back == NULL)
    fail ("a saved record does not load", error->message);
  g_autofree char *saved2 = ksm_record_to_data (back, &length2);
  if (length != length2 || memcmp (saved, saved2, length) != 0)
    fail ("save -> load -> save changes the file", saved2);
  return 0;
}
