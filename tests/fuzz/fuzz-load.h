/* fuzz-load.h: what the saved-game targets (fuzz-record, fuzz-review,
 * fuzz-resume) share: loading an input as the app loads a file, and the
 * checks every refusal must pass. Included once by each.
 */
#pragma once

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ksm-record.h"

/* The largest input a target takes: a saved game of thousands of events is
 * a few hundred kilobytes, and the loader must refuse anything bigger
 * without harm, so the fuzzer's inputs reach past both */
#define KSM_FUZZ_MAX_INPUT (1024 * 1024)

static void
ksm_fuzz_fail (const char *target, const char *what, const char *detail)
{
  fprintf (stderr, "%s: %s: %s\n", target, what, detail != NULL ? detail : "");
  abort ();
}

/* A message that goes to a log or, through ksm_words_load_error, near a
 * player: it names the error and is valid UTF-8, whatever bytes the file
 * held */
static void
ksm_fuzz_check_error (const char *target, const GError *error, GQuark domain)
{
  if (error == NULL)
    ksm_fuzz_fail (target, "a refusal sets no error", NULL);
  if (!g_utf8_validate (error->message, -1, NULL))
    ksm_fuzz_fail (target, "an error message is not valid UTF-8", error->message);
  if (error->domain != domain || error->message[0] == '\0')
    ksm_fuzz_fail (target, "a refusal has no error of its domain", error->message);
}

/* the input as a record, or NULL once its refusal is checked */
static KsmRecord *
ksm_fuzz_load (const char *target, const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  KsmRecord *record;

  /* the loader is given a length, so it must not read past it: a copy in a
   * block of exactly that size lets AddressSanitizer see a read past it */
  char *copy = g_malloc (size > 0 ? size : 1);
  memcpy (copy, data, size);
  record = ksm_record_new_from_data (size > 0 ? copy : "", (gssize) size, &error);
  g_free (copy);

  if (record == NULL)
    {
      ksm_fuzz_check_error (target, error, KSM_RECORD_ERROR);
      return NULL;
    }
  if (error != NULL)
    ksm_fuzz_fail (target, "a loaded file sets an error", error->message);
  return record;
}
