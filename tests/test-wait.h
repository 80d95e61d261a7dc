/* test-wait.h: waiting in a test for what it needs, never for a time.
 *
 * A test waits on a condition: the state it needs (a signal's effect, a
 * property, the computer's move landing). A wait has one limit, the same
 * everywhere and far beyond what any wait takes on a loaded machine, so
 * that only a hang reaches it: it is a safety net that names what hung,
 * not a verdict on the machine's speed. Meson's timeout for the whole test
 * is the outer net. A check that nothing happens needs no clock either:
 * what could still happen is already queued in the main loop, which
 * drain_main_loop () runs, or is a source still waiting for its time, which
 * g_main_context_find_source_by_user_data () finds.
 *
 * Shared by the model and app tests (through the top-level include folder);
 * static inline, so each test binary gets its own copy.
 */
#pragma once

#include <glib.h>

#define TEST_HANG_SECONDS 900

/* when a wait that began now is taken to hang */
static inline gint64
test_hang_deadline (void)
{
  return g_get_monotonic_time () + (gint64) TEST_HANG_SECONDS * G_USEC_PER_SEC;
}

/* for loops that drive a game: fails, naming `what`, past the deadline */
static inline void
test_check_hang (gint64 deadline, const char *what)
{
  if (g_get_monotonic_time () > deadline)
    g_error ("%s: not done after %d s, taken to hang", what, TEST_HANG_SECONDS);
}

static gboolean
test_wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop until done (data) holds. It sleeps between events, so
 * the threads it waits on keep the cores; a tick wakes it now and then for
 * conditions another thread makes true without waking the main loop. */
static inline void
wait_for (gboolean (*done) (gpointer), gpointer data, const char *what)
{
  gint64 deadline = test_hang_deadline ();
  guint tick = g_timeout_add (10, test_wake_cb, NULL);

  while (!done (data))
    {
      test_check_hang (deadline, what);
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (tick);
}

/* Sleeps until the main loop has something to do, or a tick has passed:
 * for a loop that drives a game while the computer has its turn. */
static inline void
wait_for_an_event (void)
{
  guint tick = g_timeout_add (10, test_wake_cb, NULL);

  g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
}

/* Runs everything the main loop has ready, until nothing is. */
static inline void
drain_main_loop (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}
