/* remove-tree.h: removing what a test wrote, shared by the model, app and
 * packaging tests (each reaches it through the top-level include folder).
 *
 * A symbolic link is removed, never followed: some tests plant links that
 * point outside their folder, and what they point at is not theirs.
 */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>

static inline void
remove_tree (const char *path)
{
  GDir *dir = NULL;

  if (!g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    dir = g_dir_open (path, 0, NULL);
  if (dir != NULL)
    {
      const char *name;

      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_dir_close (dir);
    }
  g_remove (path);
}
