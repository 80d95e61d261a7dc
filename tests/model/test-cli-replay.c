/* test-cli-replay.c: kasimala-cli's verbs that use saved games.
 *
 * `replay FILE` prints the game event by event and where it ended;
 * `selfplay --save DIR` writes one file a game, each readable by
 * ksm_record_new_from_file; a damaged file given to replay ends with exit
 * status 2 and one line on stderr. The binary comes from $KSM_CLI (set by
 * meson).
 */
/* mkfifo () and truncate () under -std=c11 */
#define _POSIX_C_SOURCE 200809L

#include "model-test-util.h"

#include <sys/stat.h>

#include "tests/fifo-guard.h"

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

/* Checks replay's output against the record, line by line. */
static void
check_replay_output (const Run *r, KsmRecord *record)
{
  const KsmRules *rules = ksm_record_get_rules (record);
  const KsmOptions *options = ksm_record_get_options (record);
  KsmPosition pos;
  KsmOutcome outcome;
  guint line = 0, n_events = ksm_record_get_n_events (record);
  g_autofree char *expected = NULL;
  g_autofree char *position = NULL;

  if (r->status != 0)
    g_error ("replay failed with status %d: %s", r->status, r->err);
  g_assert_cmpstr (r->err, ==, "");
  g_assert_cmpuint (g_strv_length (r->lines), ==, 1 + 2 + 1 + n_events + 2);

  expected = g_strdup_printf ("game: %s", rules->name);
  g_assert_cmpstr (r->lines[line++], ==, expected);
  for (int p = 0; p < 2; p++)
    {
      const KsmSeat *seat = ksm_record_get_seat (record, (guint) p);
      g_free (expected);
      expected = g_strdup_printf ("%s: %s", rules->player_name (options, p),
                                  seat->kind == KSM_SEAT_PERSON ? "person"
                                                                : ksm_level_name (seat->level));
      g_assert_cmpstr (r->lines[line++], ==, expected);
    }
  g_free (expected);
  expected = g_strdup_printf ("seed: %" G_GUINT64_FORMAT, ksm_record_get_seed (record));
  g_assert_cmpstr (r->lines[line++], ==, expected);

  /* every event, numbered from 1, as the record describes it */
  rules->init (&pos, options);
  for (guint i = 0; i < n_events; i++)
    {
      const KsmEvent *event = ksm_record_get_event (record, i);
      g_autofree char *text = ksm_record_describe_event (record, &pos, event);
      g_autofree char *numbered = g_strdup_printf ("%u. %s", i + 1, text);
      const char *player = rules->player_name (options, event->player);

      g_assert_cmpstr (r->lines[line++], ==, numbered);
      /* and the description names who acted */
      g_assert_true (g_str_has_prefix (text, player));
      g_assert_true (ksm_record_apply_event (record, i, &pos, NULL));
    }

  position = position_text (&pos);
  g_free (expected);
  expected = g_strdup_printf ("position: %s", position);
  g_assert_cmpstr (r->lines[line++], ==, expected);

  rules->outcome (&pos, &outcome);
  g_assert_true (g_str_has_prefix (r->lines[line], "result: "));
  if (!outcome.over)
    g_assert_cmpstr (r->lines[line], ==, "result: not finished");
  else if (outcome.winner < 0)
    g_assert_cmpstr (r->lines[line], ==, "result: a draw");
  else
    {
      g_assert_nonnull (strstr (r->lines[line], rules->player_name (options, outcome.winner)));
      g_assert_nonnull (strstr (r->lines[line], "won"));
      g_assert_cmpint (outcome.gulmasi, ==, strstr (r->lines[line], "gulmasi") != NULL);
    }
}

/* the example of doc/saved-games.md */
static void
test_replay_doc_example (void)
{
  g_autofree char *path = g_build_filename (MODEL_TEST_DATA, "doc-example.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) record = NULL;
  g_auto(Run) r;

  if (!have_cli ())
    return;
  record = ksm_record_new_from_file (file, &error);
  g_assert_no_error (error);

  run_cli (&r, "replay", path, NULL);
  check_replay_output (&r, record);
  g_assert_cmpstr (r.lines[0], ==, "game: Kasimala Paay");
  g_assert_cmpstr (r.lines[1], ==, "Bricks: person");
  g_assert_cmpstr (r.lines[2], ==, "Stones: random");
  g_assert_cmpstr (r.lines[3], ==, "seed: 5320248114040590185");
  g_assert_true (g_str_has_prefix (r.lines[4], "1. Bricks: kasi"));
  g_assert_true (g_str_has_prefix (r.lines[5], "2. Bricks: "));
  g_assert_nonnull (strstr (r.lines[5], "B17"));
  g_assert_nonnull (strstr (r.lines[5], "M17"));
  g_assert_true (g_str_has_prefix (r.lines[6], "3. Stones: sudi"));
  g_assert_true (g_str_has_prefix (r.lines[7], "4. Stones: "));
  g_assert_nonnull (strstr (r.lines[7], "lost"));
  g_assert_cmpstr (r.lines[8], ==, "position: kasimala 17 B:BBBBBBBBBBBBBBBB. M:................b "
                                   "T:SSSSSSSSSSSSSSSSS b - 2 0/0");
  g_assert_cmpstr (r.lines[9], ==, "result: not finished");
}

/* a game the model played and saved, with captures, to its end */
static void
test_replay_model_game (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmGame) game = NULL;
  g_auto(Run) r;
  guint captures = 0;

  if (!have_cli ())
    return;
  dir = make_temp_dir ();
  path = g_build_filename (dir, "game.json", NULL);
  file = g_file_new_for_path (path);

  options.length = 21;
  game = ksm_game_new (&options, PERSON_COMPUTER, 314);
  ksm_game_set_computer_delay (game, 0);
  while (ksm_game_get_phase (game) != KSM_PHASE_OVER)
    {
      person_acts (game, 0);
      run_computer (game);
    }
  for (guint i = 0; i < ksm_record_get_n_events (ksm_game_get_record (game)); i++)
    captures += ksm_record_get_event (ksm_game_get_record (game), i)->move.captured > 0;
  g_assert_cmpuint (captures, >, 0);
  g_assert_true (ksm_record_save_to_file (ksm_game_get_record (game), file, &error));
  g_assert_no_error (error);

  run_cli (&r, "replay", path, NULL);
  check_replay_output (&r, ksm_game_get_record (game));
  {
    /* the captures are told */
    guint told = 0;
    for (guint i = 0; r.lines[i] != NULL; i++)
      told += strstr (r.lines[i], "took") != NULL;
    g_assert_cmpuint (told, ==, captures);
  }
  remove_tree (dir);
}

static void
test_selfplay_save (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *again_dir = NULL;
  g_auto(Run) r;
  g_auto(Run) again;

  if (!have_cli ())
    return;
  dir = make_temp_dir ();
  again_dir = g_build_filename (dir, "again", NULL);

  run_cli (&r, "selfplay", "--game", "kasimala", "--games", "5", "--seed", "2", "--save", dir, NULL);
  if (r.status != 0)
    g_error ("selfplay failed with status %d: %s", r.status, r.err);
  g_assert_cmpstr (r.lines[0], ==, "games: 5");

  /* a run with the same seed into a new folder (made by selfplay) */
  run_cli (&again, "selfplay", "--game", "kasimala", "--games", "5", "--seed", "2",
           "--save", again_dir, NULL);
  g_assert_cmpint (again.status, ==, 0);

  for (guint g = 1; g <= 5; g++)
    {
      g_autofree char *name = g_strdup_printf ("game-%06u.json", g);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *again_path = g_build_filename (again_dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GFile) again_file = g_file_new_for_path (again_path);
      g_autoptr(GError) error = NULL;
      g_autoptr(KsmRecord) record = ksm_record_new_from_file (file, &error);
      g_autoptr(KsmRecord) again_record = NULL;
      KsmPosition end;
      KsmRandom rng;
      guint32 pattern;
      int face;
      g_auto(Run) replay;

      g_assert_no_error (error);
      g_assert_nonnull (record);
      /* played to the end, by two computers */
      g_assert_true (ksm_record_replay (record, ksm_record_get_n_events (record), &end, NULL));
      g_assert_cmpint (end.phase, ==, KSM_PHASE_OVER);
      g_assert_nonnull (ksm_record_get_ended (record));
      g_assert_cmpint (ksm_record_get_seat (record, 0)->kind, ==, KSM_SEAT_COMPUTER);
      g_assert_cmpint (ksm_record_get_seat (record, 1)->kind, ==, KSM_SEAT_COMPUTER);
      /* the first throw comes from the seed the file gives */
      ksm_random_seed (&rng, ksm_record_get_seed (record));
      face = ksm_throw_sample (&kasimala_rules ()->throws, &rng, &pattern);
      g_assert_cmpuint (ksm_record_get_event (record, 0)->face, ==, (guint) face);
      g_assert_cmpuint (ksm_record_get_event (record, 0)->pattern, ==, pattern);

      /* the same seed plays the same games */
      again_record = ksm_record_new_from_file (again_file, &error);
      g_assert_no_error (error);
      assert_records_equal (record, again_record, FALSE);

      /* and replay reads each of them */
      run_cli (&replay, "replay", path, NULL);
      check_replay_output (&replay, record);
    }
  {
    /* five files and the folder of the second run, nothing else */
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    guint n = 0;
    while (g_dir_read_name (d) != NULL)
      n++;
    g_assert_cmpuint (n, ==, 6);
  }
  remove_tree (dir);
}

/* a refusal: exit status 2, nothing on stdout, one line on stderr that
 * names the program, the file and what is wrong */
static void
assert_refused (const Run *r, const char *path, const char *what)
{
  g_assert_cmpint (r->status, ==, 2);
  g_assert_cmpstr (r->out, ==, "");
  g_assert_true (g_str_has_prefix (r->err, "kasimala-cli: "));
  g_assert_true (g_str_has_suffix (r->err, "\n"));
  g_assert_true (strchr (r->err, '\n') == r->err + strlen (r->err) - 1);
  if (path != NULL)
    g_assert_nonnull (strstr (r->err, path));
  if (what != NULL && strstr (r->err, what) == NULL)
    g_error ("stderr \"%s\" does not say \"%s\"", r->err, what);
}

static void
test_replay_bad_files (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *good_path = NULL, *half_path = NULL, *garbage_path = NULL;
  g_autofree char *illegal_path = NULL, *v2_path = NULL, *missing_path = NULL;
  g_autofree char *good = NULL;
  g_autoptr(KsmRecord) record = NULL;
  KsmOptions options = kasimala_options ();
  KsmRandom rng;
  gsize length;

  if (!have_cli ())
    return;
  dir = make_temp_dir ();
  good_path = g_build_filename (dir, "good.json", NULL);
  half_path = g_build_filename (dir, "half.json", NULL);
  garbage_path = g_build_filename (dir, "garbage.json", NULL);
  illegal_path = g_build_filename (dir, "illegal.json", NULL);
  v2_path = g_build_filename (dir, "v2.json", NULL);
  missing_path = g_build_filename (dir, "missing.json", NULL);

  record = ksm_record_new (&options, PERSONS, 77);
  ksm_random_seed (&rng, 77);
  engine_play (record, &rng, 300, NULL);
  good = ksm_record_to_data (record, &length);
  g_assert_true (g_file_set_contents (good_path, good, (gssize) length, NULL));
  g_assert_true (g_file_set_contents (half_path, good, (gssize) length / 2, NULL));
  g_assert_true (g_file_set_contents (garbage_path, "\x89PNG\r\n\x1a\n garbage", -1, NULL));
  {
    g_autofree char *v2 = g_strdup (good);
    char *version = strstr (v2, "\"version\" : 1");
    g_assert_nonnull (version);
    version[strlen ("\"version\" : ")] = '2';
    g_assert_true (g_file_set_contents (v2_path, v2, -1, NULL));
  }
  {
    /* the first move made one that is never legal */
    int index = find_event (record, KSM_EVENT_MOVE, 0);
    KsmPosition before;
    char move_text[64];
    g_autofree char *needle = NULL;
    g_autofree char *illegal = NULL;
    g_autofree char *what = NULL;
    char *at;

    g_assert_cmpint (index, >, 0);
    g_assert_true (ksm_record_replay (record, (guint) index, &before, NULL));
    kasimala_rules ()->format_move (&before, &ksm_record_get_event (record, (guint) index)->move,
                                    move_text, sizeof move_text);
    needle = g_strdup_printf ("\"move\" : \"%s\"", move_text);
    at = strstr (good, needle);
    g_assert_nonnull (at);
    illegal = g_strdup_printf ("%.*s\"move\" : \"B1-T17\"%s", (int) (at - good), good,
                               at + strlen (needle));
    g_assert_true (g_file_set_contents (illegal_path, illegal, -1, NULL));

    {
      g_auto(Run) r;
      what = g_strdup_printf ("event %d: this move is not legal", index + 1);
      run_cli (&r, "replay", illegal_path, NULL);
      assert_refused (&r, illegal_path, what);
    }
  }

  {
    g_auto(Run) r;
    run_cli (&r, "replay", good_path, NULL);
    check_replay_output (&r, record);
  }
  {
    g_auto(Run) r;
    run_cli (&r, "replay", half_path, NULL);
    assert_refused (&r, half_path, "not a saved game: the file is not complete JSON");
  }
  {
    g_auto(Run) r;
    run_cli (&r, "replay", garbage_path, NULL);
    assert_refused (&r, garbage_path, "not a saved game");
  }
  {
    g_auto(Run) r;
    run_cli (&r, "replay", v2_path, NULL);
    assert_refused (&r, v2_path, "version 2");
  }
  {
    g_auto(Run) r;
    run_cli (&r, "replay", missing_path, NULL);
    assert_refused (&r, missing_path, NULL);
  }
  {
    g_auto(Run) r;
    run_cli (&r, "replay", NULL);
    assert_refused (&r, NULL, "replay");
  }
  {
    g_auto(Run) r;
    run_cli (&r, "replay", good_path, half_path, NULL);
    assert_refused (&r, NULL, "replay");
  }
  remove_tree (dir);
}

/* a file nested a million deep is refused like any other bad file, not a
 * crash (see test-record-errors.c, deep-nesting) */
static void
test_replay_deep_file (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  g_auto(Run) r;

  if (!have_cli ())
    return;
  dir = make_temp_dir ();
  path = g_build_filename (dir, "deep.json", NULL);
  for (guint i = 0; i < 1000000; i++)
    g_string_append_c (text, '[');
  g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));

  run_cli (&r, "replay", path, NULL);
  assert_refused (&r, path, "not a saved game");
  remove_tree (dir);
}

/* Files made to break the loader (tests/model/test-hostile.c has them all):
 * replay and analyse refuse each, saying why, with exit status 2; neither
 * crashes, nor waits on the FIFO */
static void
test_hostile_files (void)
{
  static const char *const verbs[] = { "replay", "analyse" };
  g_autofree char *dir = NULL;
  g_autofree char *comment_path = NULL, *bom_path = NULL, *fifo_path = NULL, *big_path = NULL;
  g_autofree char *good = NULL;
  g_autoptr(GString) nested = g_string_new ("[/* \" */ ");
  gsize length;

  if (!have_cli ())
    return;
  dir = make_temp_dir ();
  comment_path = g_build_filename (dir, "nested-behind-comment.json", NULL);
  bom_path = g_build_filename (dir, "bom.json", NULL);
  fifo_path = g_build_filename (dir, "fifo.json", NULL);
  big_path = g_build_filename (dir, "big.json", NULL);

  for (guint i = 0; i < 200000; i++)
    g_string_append_c (nested, '[');
  g_assert_true (g_file_set_contents (comment_path, nested->str, (gssize) nested->len, NULL));
  g_assert_true (g_file_get_contents (MODEL_TEST_DATA "/doc-example.json", &good, &length, NULL));
  {
    g_autofree char *with_bom = g_strconcat ("\xef\xbb\xbf", good, NULL);
    g_assert_true (g_file_set_contents (bom_path, with_bom, -1, NULL));
  }
  g_assert_cmpint (mkfifo (fifo_path, 0600), ==, 0);
  g_assert_true (g_file_set_contents (big_path, "{", 1, NULL));
  g_assert_cmpint (truncate (big_path, (off_t) KSM_RECORD_MAX_SIZE + 1), ==, 0);

  for (guint v = 0; v < G_N_ELEMENTS (verbs); v++)
    {
      {
        g_auto(Run) r;
        run_cli (&r, verbs[v], comment_path, NULL);
        assert_refused (&r, comment_path, "strict JSON");
      }
      {
        g_auto(Run) r;
        run_cli (&r, verbs[v], bom_path, NULL);
        assert_refused (&r, bom_path, "byte-order mark");
      }
      {
        g_auto(Run) r;
        run_cli (&r, verbs[v], big_path, NULL);
        assert_refused (&r, big_path, "more than the 16 MiB");
      }
      {
        g_auto(Run) r;
        FifoGuard guard;
        fifo_guard_arm (&guard, TRUE, fifo_path);
        run_cli (&r, verbs[v], fifo_path, NULL);
        fifo_guard_release (&guard);
        assert_refused (&r, fifo_path, "a pipe (FIFO), not a regular file");
      }
    }
  remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  cli = g_getenv ("KSM_CLI");

  g_test_add_func ("/model/cli/replay-doc-example", test_replay_doc_example);
  g_test_add_func ("/model/cli/replay-model-game", test_replay_model_game);
  g_test_add_func ("/model/cli/selfplay-save", test_selfplay_save);
  g_test_add_func ("/model/cli/replay-bad-files", test_replay_bad_files);
  g_test_add_func ("/model/cli/replay-deep-file", test_replay_deep_file);
  g_test_add_func ("/model/cli/hostile-files", test_hostile_files);

  return g_test_run ();
}
