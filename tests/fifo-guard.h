/* fifo-guard.h: a stand-in writer for a FIFO a test hands to a loader
 * (shared by the model and app tests). The including file defines
 * _POSIX_C_SOURCE first.
 */
#pragma once

#include <fcntl.h>
#include <glib.h>
#include <unistd.h>

/* A loader reading the FIFO with a blocking open () waits for a writer for
 * ever; this thread is that writer, so the old code gets an empty file
 * instead of a hang, and the test fails by its assertions. The loader
 * that refuses the FIFO never opens it, and the thread is let go by
 * fifo_guard_release opening the FIFO itself. */
typedef struct {
  char    *path;
  GThread *thread;
  int      opened;   /* atomic: the writer's open () returned */
} FifoGuard;

static inline gpointer
fifo_writer (gpointer data)
{
  FifoGuard *guard = data;
  int fd = open (guard->path, O_WRONLY | O_CLOEXEC);

  /* set before the close that lets a blocked reader see its end */
  g_atomic_int_set (&guard->opened, TRUE);
  if (fd >= 0)
    close (fd);
  return NULL;
}

static inline void
fifo_guard_arm (FifoGuard *guard, gboolean is_fifo, const char *path)
{
  guard->path = NULL;
  guard->thread = NULL;
  guard->opened = FALSE;
  if (!is_fifo)
    return;
  guard->path = g_strdup (path);
  guard->thread = g_thread_new ("fifo-writer", fifo_writer, guard);
}

static inline void
fifo_guard_release (FifoGuard *guard)
{
  int fd;

  if (guard->thread == NULL)
    return;
  /* only a reader that opened the FIFO let the writer's open () return;
   * the loader must not even open it */
  if (g_atomic_int_get (&guard->opened))
    g_error ("the loader opened the FIFO %s and waited for a writer", guard->path);
  /* a reader lets a writer blocked in open () go; non-blocking, so this
   * does not wait either if the writer has gone */
  fd = open (guard->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  g_assert_cmpint (fd, >=, 0);
  g_thread_join (guard->thread);
  close (fd);
  g_clear_pointer (&guard->path, g_free);
}
