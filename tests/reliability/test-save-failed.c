/* test-save-failed.c: the app under Xvfb when the autosave cannot be
 * written (doc/reliability.md): the person is told, in a toast, and the game
 * stays open and goes on; once the fault clears, the next event writes the
 * whole game, the moves made meanwhile included.
 *
 * CI runs as root, where permissions stop no write, so the faults are ones
 * root meets too: the app's data folder is a plain file, the autosave's
 * name is taken by a folder, or the disk is full. No test machine lets a
 * test mount a small filesystem to fill, so a full disk is made where the
 * app meets it: this program's own write() answers ENOSPC, as the kernel
 * does on a full disk, for files under the data folder while `full_disk` is
 * set (the executable's definition takes the place of libc's for GLib too).
 * The autosave is written by a thread of the store's: what is checked in
 * the file is checked after ksm_window_flush_autosave ().
 */
/* readlink and syscall, outside C11 */
#define _GNU_SOURCE
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ksm-application.h"
#include "ksm-game-settings.h"
#include "ksm-store.h"
#include "ksm-window.h"

#include "app-test-util.h"

#define SAVE_FAILED "The game could not be saved"
/* in the name of the data folder's parent, so every error naming a path
 * carries it: text from outside the app, never markup (#25) */
#define MARKUP_IN_NAME "<i>&amp;<b>"

/* while set, the folder whose files cannot grow: read from any thread, so
 * a fixed buffer and a flag, nothing that allocates */
static char full_disk_dir[4096];
static volatile int full_disk;

static int
fd_is_under (int fd, const char *dir)
{
  char link[64], path[4096];
  ssize_t n;
  size_t len = strlen (dir);

  snprintf (link, sizeof link, "/proc/self/fd/%d", fd);
  n = readlink (link, path, sizeof path - 1);
  if (n < 0)
    return 0;
  path[n] = '\0';
  return strncmp (path, dir, len) == 0 && path[len] == '/';
}

ssize_t
write (int fd, const void *buf, size_t count)
{
  if (full_disk && count > 0 && fd_is_under (fd, full_disk_dir))
    {
      errno = ENOSPC;
      return -1;
    }
  return syscall (SYS_write, fd, buf, count);
}

/* a label whose text starts with `prefix`, anywhere under `widget` */
static GtkWidget *
find_label_prefix (GtkWidget *widget, const char *prefix)
{
  if (GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_prefix (child, prefix);
      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef struct {
  Fixture    *fixture;
  const char *prefix;
} LabelWanted;

static gboolean
label_shown (gpointer data)
{
  LabelWanted *wanted = data;
  return find_label_prefix (GTK_WIDGET (wanted->fixture->window), wanted->prefix) != NULL;
}

/* the toast is shown from the main loop */
static GtkWidget *
wait_for_label (Fixture *fixture, const char *prefix)
{
  LabelWanted wanted = { fixture, prefix };

  wait_for (label_shown, &wanted, prefix);
  return find_label_prefix (GTK_WIDGET (fixture->window), prefix);
}

static guint
n_events (KsmGame *game)
{
  return ksm_record_get_n_events (ksm_game_get_record (game));
}

/* a throw, and the first legal move when one is due: one or two events */
static void
play_a_turn (Fixture *fixture, KsmGame *game)
{
  guint before = n_events (game);

  if (ksm_game_get_phase (game) == KSM_PHASE_THROW)
    activate (fixture, "win.throw", NULL);
  if (ksm_game_get_phase (game) == KSM_PHASE_MOVE)
    {
      guint n_moves = 0;
      const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
      g_assert_cmpuint (n_moves, >, 0);
      g_assert_true (ksm_game_play (game, &moves[0]));
      iterate (2);
    }
  g_assert_cmpuint (n_events (game), >, before);
}

static KsmGame *
start_person_game (Fixture *fixture)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kasimala.Kasimala");
  g_autoptr(GSettings) game_settings = ksm_game_settings_new (ksm_rules_lookup ("kasimala"));

  g_settings_set_strv (game_settings, "seats", (const char *const[]) { "person", "person", NULL });
  g_settings_set_int (settings, "computer-delay", 0);
  activate (fixture, "win.choose-game", g_variant_new_string ("kasimala"));
  activate (fixture, "win.start-game", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  return ksm_window_get_game (fixture->window);
}

/* With `fault` in place, a game is told of the failure and goes on; with it
 * gone, the whole game is written. */
static void
check_fault (Fixture *fixture, const char *fault)
{
  KsmGame *game = start_person_game (fixture);
  g_autofree char *autosave = g_build_filename (fixture->data_dir, "autosave.json", NULL);
  GtkWidget *told;

  g_assert_nonnull (game);
  /* the new game itself could not be written, and the person is told */
  told = wait_for_label (fixture, SAVE_FAILED);
  g_assert_nonnull (told);
  g_test_message ("%s: told \"%s\"", fault, gtk_label_get_text (GTK_LABEL (told)));
  /* the error names the data folder, whose name holds markup: a toast's
   * title is markup, and the name is shown as it is, not as tags */
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (told)), MARKUP_IN_NAME));
  g_assert_false (g_file_test (autosave, G_FILE_TEST_IS_REGULAR));

  /* the game stays open and goes on, event by event */
  for (int turn = 0; turn < 10; turn++)
    play_a_turn (fixture, game);
  g_assert_true (ksm_window_get_game (fixture->window) == game);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  g_assert_cmpuint (n_events (game), >=, 10);
  ksm_window_flush_autosave (fixture->window);
  g_assert_false (g_file_test (autosave, G_FILE_TEST_IS_REGULAR));

  /* the fault clears: the next event writes everything played so far */
  remove_tree (fixture->data_dir);
  play_a_turn (fixture, game);
  ksm_window_flush_autosave (fixture->window);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GFile) file = g_file_new_for_path (autosave);
    g_autoptr(KsmRecord) saved = ksm_record_new_from_file (file, &error);
    KsmPosition position;
    char a[KSM_NOTATION_MAX], b[KSM_NOTATION_MAX];
    const KsmRules *rules = ksm_game_get_rules (game);

    g_assert_no_error (error);
    g_assert_cmpuint (ksm_record_get_n_events (saved), ==, n_events (game));
    g_assert_true (ksm_record_replay (saved, ksm_record_get_n_events (saved), &position, &error));
    rules->format_position (&position, a, sizeof a);
    rules->format_position (ksm_game_get_position (game), b, sizeof b);
    g_assert_cmpstr (a, ==, b);
  }
}

static void
test_folder_is_a_file (Fixture *fixture, gconstpointer data)
{
  /* the folder the app made at start-up (its autosave locks) goes first */
  remove_tree (fixture->data_dir);
  g_assert_true (g_file_set_contents (fixture->data_dir, "not a folder", -1, NULL));
  check_fault (fixture, "the data folder is a file");
}

static void
test_autosave_is_a_folder (Fixture *fixture, gconstpointer data)
{
  g_autofree char *autosave = g_build_filename (fixture->data_dir, "autosave.json", NULL);
  g_autofree char *inside = g_build_filename (autosave, "keep", NULL);

  /* not empty, so no rename can replace it */
  g_assert_cmpint (g_mkdir_with_parents (autosave, 0700), ==, 0);
  g_assert_true (g_file_set_contents (inside, "", -1, NULL));
  check_fault (fixture, "the autosave is a folder");
}

/* The disk fills mid-game: the person is told it is full, the game goes on,
 * the last autosave stays whole (a replacement is written beside it and
 * renamed, never over it), and once space is freed the next event writes
 * every event since. */
static void
test_disk_full (Fixture *fixture, gconstpointer data)
{
  KsmGame *game = start_person_game (fixture);
  g_autofree char *autosave = g_build_filename (fixture->data_dir, "autosave.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (autosave);
  g_autofree char *before = NULL;
  g_autofree char *during = NULL;
  g_autoptr(GError) error = NULL;
  guint saved_events;
  GtkWidget *told;

  for (int turn = 0; turn < 3; turn++)
    play_a_turn (fixture, game);
  ksm_window_flush_autosave (fixture->window);
  g_assert_null (find_label_prefix (GTK_WIDGET (fixture->window), SAVE_FAILED));
  g_assert_true (g_file_get_contents (autosave, &before, NULL, NULL));
  saved_events = n_events (game);

  g_strlcpy (full_disk_dir, fixture->data_dir, sizeof full_disk_dir);
  full_disk = 1;
  play_a_turn (fixture, game);
  told = wait_for_label (fixture, SAVE_FAILED);
  g_assert_nonnull (told);
  g_test_message ("disk full: told \"%s\"", gtk_label_get_text (GTK_LABEL (told)));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (told)), g_strerror (ENOSPC)));

  for (int turn = 0; turn < 10; turn++)
    play_a_turn (fixture, game);
  g_assert_true (ksm_window_get_game (fixture->window) == game);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  g_assert_cmpuint (n_events (game), >, saved_events + 10);
  ksm_window_flush_autosave (fixture->window);

  /* the autosave from before the disk filled, byte for byte, still loads */
  g_assert_true (g_file_get_contents (autosave, &during, NULL, NULL));
  g_assert_cmpstr (during, ==, before);
  {
    g_autoptr(KsmRecord) old = ksm_record_new_from_file (file, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (ksm_record_get_n_events (old), ==, saved_events);
  }

  /* space is freed: the next event writes the whole game */
  full_disk = 0;
  play_a_turn (fixture, game);
  ksm_window_flush_autosave (fixture->window);
  {
    g_autoptr(KsmRecord) saved = ksm_record_new_from_file (file, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (ksm_record_get_n_events (saved), ==, n_events (game));
  }
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-save-failed-" MARKUP_IN_NAME "-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add ("/save-failed/folder-is-a-file", Fixture, NULL,
              fixture_set_up, test_folder_is_a_file, fixture_tear_down);
  g_test_add ("/save-failed/autosave-is-a-folder", Fixture, NULL,
              fixture_set_up, test_autosave_is_a_folder, fixture_tear_down);

  g_test_add ("/save-failed/disk-full", Fixture, NULL,
              fixture_set_up, test_disk_full, fixture_tear_down);

  status = g_test_run ();
  remove_tree (data_home);
  return status;
}
