/* test-cli-analyse.c: kasimala-cli analyse: the same output on two runs,
 * a line for every event with its judgement, marks by the documented
 * thresholds, a summary per player, and one line and status 2 for a bad
 * file.
 */
#include "model-test-util.h"

#include <stdarg.h>

#include "ksm-analysis.h"

static const char *cli;

typedef struct {
  int    status;    /* exit status, or -1 when it did not exit */
  char  *out;
  char  *err;
  char **lines;     /* of out */
} Run;

static void
run_clear (Run *r)
{
  g_free (r->out);
  g_free (r->err);
  g_strfreev (r->lines);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static void
run_cli (Run *r, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  GError *exit_error = NULL;
  int wait_status = 0;
  guint n;
  va_list args;

  g_ptr_array_add (argv, (char *) cli);
  va_start (args, r);
  for (const char *a = va_arg (args, const char *); a != NULL; a = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) a);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  memset (r, 0, sizeof *r);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                     &r->out, &r->err, &wait_status, &error))
    g_error ("cannot run %s: %s", cli, error->message);
  if (g_spawn_check_wait_status (wait_status, &exit_error))
    r->status = 0;
  else if (exit_error->domain == G_SPAWN_EXIT_ERROR)
    r->status = exit_error->code;
  else
    r->status = -1;
  g_clear_error (&exit_error);

  r->lines = g_strsplit (r->out, "\n", -1);
  n = g_strv_length (r->lines);
  if (n > 0 && r->lines[n - 1][0] == '\0')
    {
      g_free (r->lines[n - 1]);
      r->lines[n - 1] = NULL;
    }
}

static gboolean
have_cli (void)
{
  if (cli == NULL)
    {
      g_test_skip ("KSM_CLI is not set (run through meson test)");
      return FALSE;
    }
  return TRUE;
}

static void
test_analyse_same_twice (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "game-000001.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(KsmRecord) record = NULL;
  g_auto(Run) save = { 0 };
  g_auto(Run) first = { 0 };
  g_auto(Run) second = { 0 };
  guint n, line, marks = 0;

  if (!have_cli ())
    return;
  run_cli (&save, "selfplay", "--game", "kasimala", "--games", "1", "--seed", "7",
           "--limit", "60", "--save", dir, NULL);
  g_assert_cmpint (save.status, ==, 0);
  record = ksm_record_new_from_file (file, NULL);
  g_assert_nonnull (record);
  n = ksm_record_get_n_events (record);

  run_cli (&first, "analyse", path, "--nodes", "2000", NULL);
  run_cli (&second, "analyse", "--nodes=2000", path, NULL);
  g_assert_cmpint (first.status, ==, 0);
  g_assert_cmpstr (first.out, ==, second.out);

  g_assert_cmpstr (first.lines[0], ==, "game: Kasimala Paay");
  g_assert_cmpstr (first.lines[1], ==, "Bricks: random");
  g_assert_cmpstr (first.lines[2], ==, "Stones: random");
  g_assert_cmpstr (first.lines[3], ==, "judge: expert, depth 3, 2000 positions a depth");
  g_assert_true (g_str_has_prefix (first.lines[4], "start: "));
  for (line = 0; line < n; line++)
    {
      const char *text = first.lines[5 + line];
      g_autofree char *number = g_strdup_printf ("%u. ", line + 1);
      const char *lost = strstr (text, " lost ");
      g_assert_true (g_str_has_prefix (text, number));
      g_assert_nonnull (strstr (text, "  chances "));
      if (ksm_record_get_event (record, line)->kind == KSM_EVENT_THROW)
        g_assert_nonnull (strstr (text, "  luck "));
      /* a move's loss and its mark agree with the thresholds */
      if (lost != NULL && ksm_record_get_event (record, line)->kind == KSM_EVENT_MOVE)
        {
          double loss = g_ascii_strtod (lost + 6, NULL);
          KsmMark mark = ksm_mark_for_loss (loss);
          if (mark != KSM_MARK_NONE)
            {
              g_autofree char *want = g_strdup_printf (" %s %s", ksm_mark_symbol (mark), ksm_mark_name (mark));
              g_assert_nonnull (strstr (text, want));
              marks++;
            }
        }
    }
  g_assert_cmpstr (first.lines[5 + n], ==, "summary:");
  g_assert_true (g_str_has_prefix (first.lines[6 + n], "Bricks: "));
  g_assert_true (g_str_has_prefix (first.lines[7 + n], "Stones: "));
  g_assert_nonnull (strstr (first.lines[6 + n], " decisions, "));
  g_assert_nonnull (strstr (first.lines[7 + n], " luck "));
  g_assert_null (first.lines[8 + n]);
  g_test_message ("%u marked moves", marks);
  remove_tree (dir);
}

static void
test_analyse_bad_files (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "cut.json", NULL);
  g_auto(Run) cut = { 0 };
  g_auto(Run) missing = { 0 };
  g_auto(Run) none = { 0 };
  g_auto(Run) nodes = { 0 };

  if (!have_cli ())
    return;
  g_assert_true (g_file_set_contents (path, "{ \"format\" : \"kasimala-game\", ", -1, NULL));
  run_cli (&cut, "analyse", path, NULL);
  g_assert_cmpint (cut.status, ==, 2);
  g_assert_true (g_str_has_prefix (cut.err, "kasimala-cli: "));
  g_assert_nonnull (strstr (cut.err, "not a saved game"));
  g_assert_cmpstr (cut.out, ==, "");

  run_cli (&missing, "analyse", "/nonexistent/game.json", NULL);
  g_assert_cmpint (missing.status, ==, 2);
  run_cli (&none, "analyse", NULL);
  g_assert_cmpint (none.status, ==, 2);
  run_cli (&nodes, "analyse", path, "--nodes", "many", NULL);
  g_assert_cmpint (nodes.status, ==, 2);
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("KSM_CLI");

  g_test_add_func ("/model/cli/analyse-same-twice", test_analyse_same_twice);
  g_test_add_func ("/model/cli/analyse-bad-files", test_analyse_bad_files);
  return g_test_run ();
}
