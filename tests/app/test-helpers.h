/* test-helpers.h: what every app test under Xvfb needs, with or without
 * the shared window fixture of app-test-util.h: running the main loop, and
 * removing what a test wrote (tests/remove-tree.h).
 *
 * Static inline, so each test binary gets its own copy and an unused helper
 * draws no warning.
 */
#pragma once

#include <adwaita.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "tests/remove-tree.h"
#include "tests/test-wait.h"

/* everything the main loop has ready, `times` over */
static inline void
iterate (guint times)
{
  for (guint i = 0; i < times; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

/* Points the process's home and XDG folders (data, config, cache, state,
 * runtime) into `root`, before anything reads them (GLib keeps the first
 * values it sees): so a test neither reads the user's settings (GTK's
 * settings.ini and gtk.css), nor shares a file with a test running beside it.
 * The data folder is `root` itself. */
static inline void
test_isolate_home (const char *root)
{
  static const struct { const char *variable, *folder; } homes[] = {
    { "HOME", "home" }, { "XDG_CONFIG_HOME", "config" }, { "XDG_CACHE_HOME", "cache" },
    { "XDG_STATE_HOME", "state" }, { "XDG_RUNTIME_DIR", "runtime" },
  };

  g_assert_nonnull (root);
  g_setenv ("XDG_DATA_HOME", root, TRUE);
  for (gsize i = 0; i < G_N_ELEMENTS (homes); i++)
    {
      g_autofree char *path = g_build_filename (root, homes[i].folder, NULL);
      g_assert_cmpint (g_mkdir_with_parents (path, 0700), ==, 0);
      g_setenv (homes[i].variable, path, TRUE);
    }
}

/* a wait_for () condition: a message dialog is shown; `data`, when not
 * NULL, is an AdwMessageDialog ** that gets it */
static inline gboolean
dialog_shown (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);
      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        {
          if (data != NULL)
            *(AdwMessageDialog **) data = ADW_MESSAGE_DIALOG (window);
          return TRUE;
        }
    }
  return FALSE;
}

/* the label below `widget` that reads `text`, or NULL */
static inline GtkWidget *
find_label (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* the first widget of `type` at or below `widget` (depth first), or NULL */
static inline GtkWidget *
find_of_type (GtkWidget *widget, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_of_type (child, type);
      if (found != NULL)
        return found;
    }
  return NULL;
}
