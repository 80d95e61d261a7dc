/* test-helpers.h: what every app test under Xvfb needs, with or without
 * the shared window fixture of app-test-util.h: running the main loop,
 * removing what a test wrote (tests/remove-tree.h), the app's renderer, and
 * a crash that says where it happened.
 *
 * Static inline, so each test binary gets its own copy and an unused helper
 * draws no warning.
 */
#pragma once

#include <adwaita.h>
#include <execinfo.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "ksm-board.h"
#include "ksm-cell.h"
#include "ksm-game.h"
#include "ksm-renderer.h"
#include "tests/remove-tree.h"
#include "tests/test-wait.h"

/* ---- a crash that says where it happened ---- */

/* writes all of `text` to stderr, from a signal handler */
static inline void
test_crash_write (const char *text)
{
  size_t left = strlen (text);

  while (left > 0)
    {
      ssize_t written = write (STDERR_FILENO, text, left);
      if (written <= 0)
        return;
      text += written;
      left -= (size_t) written;
    }
}

/* the fatal signals a crash handler reports, and their names */
#define TEST_N_FATAL_SIGNALS 6

static inline int
test_fatal_signal (guint i, const char **name)
{
  static const struct { int signum; const char *name; } fatal[TEST_N_FATAL_SIGNALS] = {
    { SIGSEGV, "SIGSEGV" }, { SIGBUS, "SIGBUS" }, { SIGFPE, "SIGFPE" },
    { SIGILL, "SIGILL" }, { SIGABRT, "SIGABRT" }, { SIGTRAP, "SIGTRAP" },
  };

  if (name != NULL)
    *name = fatal[i].name;
  return fatal[i].signum;
}

static inline void
test_crash_cb (int signum)
{
  void *frames[64];
  int n = backtrace (frames, G_N_ELEMENTS (frames));
  const char *path = g_test_get_path ();
  const char *name = "a fatal signal";

  for (guint i = 0; i < TEST_N_FATAL_SIGNALS; i++)
    {
      const char *each;
      if (test_fatal_signal (i, &each) == signum)
        name = each;
    }
  test_crash_write ("\n# crashed (");
  test_crash_write (name);
  test_crash_write (") in ");
  test_crash_write (path != NULL && path[0] != '\0' ? path : "no test: setting up or ending");
  test_crash_write ("; the frames (addr2line -e <the test> <offset> names this binary's):\n");
  backtrace_symbols_fd (frames, n, STDERR_FILENO);
  /* the signal is held until the handler returns, then kills as it would
   * have: the exit status, and the core, are the crash's */
  signal (signum, SIG_DFL);
  raise (signum);
}

/* A fatal signal prints the test that was running and a backtrace to
 * stderr, so a crash seen once in a loaded run of the suite, and not
 * again, leaves more than its signal in the log. A signal some other tool
 * already handles (the sanitizers' own reports) is left to it. */
static inline void
test_report_crashes (void)
{
  void *frame;

  /* backtrace () loads what it needs on its first call: not in the handler */
  backtrace (&frame, 1);
  for (guint i = 0; i < TEST_N_FATAL_SIGNALS; i++)
    {
      struct sigaction action = { .sa_handler = test_crash_cb };
      struct sigaction current;
      int signum = test_fatal_signal (i, NULL);

      if (sigaction (signum, NULL, &current) == 0 && current.sa_handler == SIG_DFL)
        sigaction (signum, &action, NULL);
    }
}

/* What an app test's main does first, before GTK starts. It draws as the
 * app would on this machine (src/ui/main.c does the same): without a GPU,
 * with cairo and no OpenGL loaded. Under Xvfb the tests otherwise drew with
 * Mesa's llvmpipe, which the app never uses there, and compiled its shaders
 * afresh in every test process: most of a test's time on a loaded machine. */
static inline void
test_init_process (void)
{
  test_report_crashes ();
  ksm_renderer_apply ();
}

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

/* `widget` and everything below it, the popovers included */
static inline void
test_collect_widgets (GtkWidget *widget, GPtrArray *widgets)
{
  g_ptr_array_add (widgets, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    test_collect_widgets (child, widgets);
}

/* Destroys `window` and fails if an idle or timeout still has one of its
 * widgets as its data: it would run on a widget whose children are gone.
 * Only the pointers are compared, so a freed widget is never read. The
 * window itself is left out: what waits on it holds a reference. */
static inline void
test_destroy_window (GtkWindow *window)
{
  g_autoptr(GPtrArray) widgets = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (window)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    test_collect_widgets (child, widgets);
  for (guint i = 0; i < widgets->len; i++)
    g_ptr_array_add (names, (gpointer) G_OBJECT_TYPE_NAME (widgets->pdata[i]));
  gtk_window_destroy (window);
  for (guint i = 0; i < widgets->len; i++)
    if (g_main_context_find_source_by_user_data (NULL, widgets->pdata[i]) != NULL)
      g_error ("a source still points at a %s of the closed window", (const char *) names->pdata[i]);
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

/* a tick callback: counts the frames the widget's clock has run */
static inline gboolean
count_frame_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

static inline gboolean
frames_counted (gpointer data)
{
  return *(guint *) data >= 3;
}

/* lets `widget` lay out and draw what changed: three frames of its clock */
static inline void
wait_for_frames (GtkWidget *widget)
{
  guint frames = 0;
  guint id = gtk_widget_add_tick_callback (widget, count_frame_cb, &frames, NULL);

  wait_for (frames_counted, &frames, "three frames");
  gtk_widget_remove_tick_callback (widget, id);
}

/* a game of `kind` with its default rules, a person in every seat */
static inline KsmGame *
new_game_of (KsmGameKind kind)
{
  const KsmRules *rules = ksm_rules_get (kind);
  KsmOptions options;
  KsmSeat seats[4] = {
    { .kind = KSM_SEAT_PERSON }, { .kind = KSM_SEAT_PERSON },
    { .kind = KSM_SEAT_PERSON }, { .kind = KSM_SEAT_PERSON },
  };

  rules->default_options (&options);
  return ksm_game_new (&options, seats, 1);
}

/* the first cell of `board`, yards included, whose piece can move now */
static inline GtkWidget *
first_movable_cell (KsmBoard *board)
{
  GtkWidget *cell;

  for (guint i = 0; (cell = ksm_board_get_cell (board, i)) != NULL; i++)
    if (ksm_cell_get_movable (KSM_CELL (cell)))
      return cell;
  return NULL;
}

/* What a finder's test says of a widget: it is the one, it is not (look
 * below it), or nothing below it can be (a hidden widget, say) */
typedef enum {
  TEST_MATCH_NO,
  TEST_MATCH_YES,
  TEST_MATCH_PRUNE,
} TestMatch;

/* the first widget at or below `widget`, depth first, that `match` says is
 * the one, or NULL: every finder of the app tests is one of these */
static inline GtkWidget *
find_widget (GtkWidget *widget, TestMatch (*match) (GtkWidget *widget, gconstpointer data),
             gconstpointer data)
{
  switch (match (widget, data))
    {
    case TEST_MATCH_YES:
      return widget;
    case TEST_MATCH_PRUNE:
      return NULL;
    case TEST_MATCH_NO:
      break;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, match, data);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static inline TestMatch
match_label (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0
         ? TEST_MATCH_YES : TEST_MATCH_NO;
}

static inline TestMatch
match_label_starting (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), text)
         ? TEST_MATCH_YES : TEST_MATCH_NO;
}

static inline TestMatch
match_type (GtkWidget *widget, gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type)) ? TEST_MATCH_YES : TEST_MATCH_NO;
}

static inline TestMatch
match_css_class (GtkWidget *widget, gconstpointer css_class)
{
  return gtk_widget_has_css_class (widget, css_class) ? TEST_MATCH_YES : TEST_MATCH_NO;
}

/* a shown preferences row titled `title`; nothing below a hidden widget is */
static inline TestMatch
match_visible_row (GtkWidget *widget, gconstpointer title)
{
  if (!gtk_widget_get_visible (widget))
    return TEST_MATCH_PRUNE;
  return ADW_IS_PREFERENCES_ROW (widget)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0
         ? TEST_MATCH_YES : TEST_MATCH_NO;
}

/* the shown row titled `title` under `widget`, or NULL */
static inline GtkWidget *
find_visible_row (GtkWidget *widget, const char *title)
{
  return find_widget (widget, match_visible_row, title);
}

/* the label below `widget` that reads `text`, or NULL */
static inline GtkWidget *
find_label (GtkWidget *widget, const char *text)
{
  return find_widget (widget, match_label, text);
}

/* the first widget of `type` at or below `widget` (depth first), or NULL */
static inline GtkWidget *
find_of_type (GtkWidget *widget, GType type)
{
  return find_widget (widget, match_type, GSIZE_TO_POINTER (type));
}

/* With KSM_SHOT_DIR set, writes `window` (a GtkNative: a window or a
 * popover) as it is drawn to KSM_SHOT_DIR/<name>-<language>.png, for a
 * person to look at; without it, nothing */
static inline void
test_save_shot (GtkWidget *window, const char *name)
{
  const char *dir = g_getenv ("KSM_SHOT_DIR");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = NULL, *path = NULL;
  const char *language = g_getenv ("LANGUAGE");

  if (dir == NULL)
    return;
  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (window), gtk_widget_get_height (window));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node, NULL);
  file = g_strdup_printf ("%s-%s.png", name, language != NULL && *language != '\0' ? language : "en");
  path = g_build_filename (dir, file, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}
