/* test-store.c: KsmStore keeps the game in progress in autosave.json after
 * every change, a resumed game goes on exactly as the original would have,
 * finished games go to games/, and a store that cannot write says so with
 * "save-failed" while the game goes on. The autosave is written by a thread
 * of the store's: the checks of the file flush it first, and the writer's
 * own tests watch it at its renames (see rename () below).
 */
/* dlsym's RTLD_NEXT, outside C11 */
#define _GNU_SOURCE
#include "model-test-util.h"
#include "ksm-library.h"

#include <dlfcn.h>
#include <stdio.h>

/* Every autosave replaces the old file with rename () (g_file_set_contents):
 * this program's rename, which takes the place of libc's for GLib too,
 * notes each one made while `watching` is set, on which thread and holding
 * how many events, and while `gate_closed` holds the writer there (never the
 * main thread, which would hang), so a test can make events while a write
 * is under way, timing-free. */
typedef struct {
  gboolean main_thread;
  gint     n_events;    /* -1: not a whole saved game */
} Rename;

static GMutex   renames_lock;
static GCond    gate_cond;
static GArray  *renames;            /* Rename, in the order made */
static gboolean watching;
static gboolean gate_closed;
static GThread *main_thread;

int
rename (const char *from, const char *to)
{
  static int (*real_rename) (const char *, const char *);

  if (real_rename == NULL)
    real_rename = (int (*) (const char *, const char *)) dlsym (RTLD_NEXT, "rename");

  g_mutex_lock (&renames_lock);
  if (watching && g_str_has_suffix (to, "/autosave.json"))
    {
      g_autoptr(GFile) file = g_file_new_for_path (from);
      g_autoptr(KsmRecord) record = ksm_record_new_from_file (file, NULL);
      Rename seen = { .main_thread = g_thread_self () == main_thread,
                      .n_events = record != NULL ? (gint) ksm_record_get_n_events (record) : -1 };

      g_array_append_val (renames, seen);
      while (gate_closed && !seen.main_thread)
        g_cond_wait (&gate_cond, &renames_lock);
    }
  g_mutex_unlock (&renames_lock);
  return real_rename (from, to);
}

static void
watch_renames (gboolean gate)
{
  g_mutex_lock (&renames_lock);
  g_array_set_size (renames, 0);
  watching = TRUE;
  gate_closed = gate;
  g_mutex_unlock (&renames_lock);
}

static void
open_gate (void)
{
  g_mutex_lock (&renames_lock);
  gate_closed = FALSE;
  g_cond_broadcast (&gate_cond);
  g_mutex_unlock (&renames_lock);
}

/* stops watching; returns what was seen */
static GArray *
stop_watching_renames (void)
{
  GArray *seen = g_array_new (FALSE, FALSE, sizeof (Rename));

  g_mutex_lock (&renames_lock);
  watching = FALSE;
  gate_closed = FALSE;
  g_cond_broadcast (&gate_cond);
  g_array_append_vals (seen, renames->data, renames->len);
  g_array_set_size (renames, 0);
  g_mutex_unlock (&renames_lock);
  return seen;
}

static guint
n_renames (void)
{
  guint n;

  g_mutex_lock (&renames_lock);
  n = renames->len;
  g_mutex_unlock (&renames_lock);
  return n;
}

typedef struct {
  char     *dir;
  GFile    *directory;
  KsmStore *store;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->dir = make_temp_dir ();
  f->directory = g_file_new_for_path (f->dir);
  f->store = ksm_store_new (f->directory);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->store);
  g_clear_object (&f->directory);
  remove_tree (f->dir);
  g_clear_pointer (&f->dir, g_free);
}

static gboolean
autosave_exists (Fixture *f)
{
  ksm_store_flush (f->store);
  return g_file_query_exists (ksm_store_get_autosave_file (f->store), NULL);
}

/* the autosave, which must be there and readable */
static KsmRecord *
load_autosave (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  KsmRecord *record = ksm_store_load_autosave (f->store, &error);

  g_assert_no_error (error);
  g_assert_nonnull (record);
  return record;
}

static void
assert_autosave_is_game (Fixture *f, KsmGame *game)
{
  g_autoptr(KsmRecord) saved = load_autosave (f);
  g_autofree char *saved_text = record_position_text (saved);
  g_autofree char *game_text = game_position_text (game);

  assert_records_equal (saved, ksm_game_get_record (game), TRUE);
  g_assert_cmpstr (saved_text, ==, game_text);
}

static guint
n_saved_games (Fixture *f, char **first_name)
{
  g_autofree char *path = g_file_get_path (ksm_store_get_games_directory (f->store));
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;
  guint n = 0;

  if (dir == NULL)
    return 0;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (n == 0 && first_name != NULL)
        *first_name = g_strdup (name);
      n++;
    }
  return n;
}

static void
test_paths (Fixture *f, gconstpointer data)
{
  g_autofree char *autosave = g_file_get_path (ksm_store_get_autosave_file (f->store));
  g_autofree char *games = g_file_get_path (ksm_store_get_games_directory (f->store));
  g_autofree char *expected_autosave = g_build_filename (f->dir, "autosave.json", NULL);
  g_autofree char *expected_games = g_build_filename (f->dir, "games", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_equal (ksm_store_get_directory (f->store), f->directory));
  g_assert_cmpstr (autosave, ==, expected_autosave);
  g_assert_cmpstr (games, ==, expected_games);

  /* nothing saved yet: no autosave, and no error */
  g_assert_null (ksm_store_load_autosave (f->store, &error));
  g_assert_no_error (error);
  /* nothing watched: saving now has nothing to do */
  g_assert_true (ksm_store_save_now (f->store, &error));
  g_assert_no_error (error);
  g_assert_false (autosave_exists (f));
}

static void
test_autosave_after_every_change (Fixture *f, gconstpointer data)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmGame) game = ksm_game_new (&options, PERSONS, 8);
  guint undos = 0;

  ksm_store_watch (f->store, game);
  /* watching writes nothing until the game changes */
  g_assert_false (autosave_exists (f));

  g_assert_true (ksm_game_throw (game));
  g_assert_true (autosave_exists (f));
  assert_autosave_is_game (f, game);

  for (guint i = 0; i < 150; i++)
    {
      person_acts (game, i);
      assert_autosave_is_game (f, game);
      if (i % 25 == 24 && ksm_game_can_undo (game))
        {
          /* undo and redo are changes too */
          g_assert_true (ksm_game_undo (game));
          assert_autosave_is_game (f, game);
          g_assert_true (ksm_game_redo (game));
          assert_autosave_is_game (f, game);
          undos++;
        }
    }
  g_assert_cmpuint (undos, >, 0);

  /* no stray files beside it, only the lock that keeps it this store's */
  {
    g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);
    const char *name;
    guint n = 0;
    while ((name = g_dir_read_name (dir)) != NULL)
      if (strcmp (name, ".kasimala-lock-1") != 0)
        n++;
    g_assert_cmpuint (n, ==, 1);
  }

  ksm_store_discard_autosave (f->store);
  g_assert_false (autosave_exists (f));
}

/* Resumes a copy of `game` from the autosave, checks it is where the game
 * is, then plays both side by side for `steps` person actions (and the
 * computer's answers): every event of the two must be the same. Returns the
 * number of throws compared. */
static guint
resume_and_compare (Fixture *f, KsmGame *game, guint steps)
{
  g_autoptr(KsmGame) resumed = NULL;
  g_autoptr(KsmRecord) saved = load_autosave (f);
  g_autoptr(GError) error = NULL;
  KsmRecord *a, *b;
  guint same_throws = 0;

  resumed = ksm_game_new_from_record (saved, &error);
  g_assert_no_error (error);
  g_assert_nonnull (resumed);
  ksm_game_set_computer_delay (resumed, 0);

  a = ksm_game_get_record (game);
  b = ksm_game_get_record (resumed);
  /* the game keeps a record of its own */
  g_assert_true (b != saved);
  assert_records_equal (a, b, TRUE);
  {
    g_autofree char *ta = game_position_text (game);
    g_autofree char *tb = game_position_text (resumed);
    g_assert_cmpstr (ta, ==, tb);
  }
  g_assert_cmpint (ksm_game_get_phase (resumed), ==, ksm_game_get_phase (game));
  g_assert_cmpuint (ksm_game_get_player (resumed), ==, ksm_game_get_player (game));
  g_assert_cmpint (ksm_game_get_face (resumed), ==, ksm_game_get_face (game));
  g_assert_cmpint (ksm_game_can_undo (resumed), ==, ksm_game_can_undo (game));
  g_assert_false (ksm_game_can_redo (resumed));
  g_assert_true (ksm_game_is_person_to_act (resumed));

  /* from here on, the same actions give the same events: the same throws
   * (the throw generator was saved) and the same computer choices (so was
   * the computer's) */
  for (guint step = 0; step < steps && ksm_game_get_phase (game) != KSM_PHASE_OVER; step++)
    {
      guint n = ksm_record_get_n_events (a);

      person_acts (game, step);
      person_acts (resumed, step);
      run_computer (game);
      run_computer (resumed);
      g_assert_cmpuint (ksm_record_get_n_events (a), ==, ksm_record_get_n_events (b));
      for (guint i = n; i < ksm_record_get_n_events (a); i++)
        {
          assert_events_equal (ksm_record_get_event (a, i), ksm_record_get_event (b, i), i);
          same_throws += ksm_record_get_event (a, i)->kind == KSM_EVENT_THROW;
        }
    }
  g_assert_cmpint (ksm_game_get_phase (resumed), ==, ksm_game_get_phase (game));
  assert_records_equal (a, b, FALSE);
  return same_throws;
}

/* A person-and-computer game, watched by the store, is resumed from its
 * autosave again and again as it goes, each copy played beside it. */
static void
test_resume_continues_the_same (Fixture *f, gconstpointer data)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmGame) game = ksm_game_new (&options, PERSON_COMPUTER, 12);
  guint checkpoints = 0, throws = 0;

  ksm_game_set_computer_delay (game, 0);
  ksm_store_watch (f->store, game);
  /* (every change is written, with an fsync: keep the game short) */
  while (ksm_game_get_phase (game) != KSM_PHASE_OVER && checkpoints < 8)
    {
      /* a few actions between resumes, so the computer has choices to make
       * with its own generator */
      for (guint i = 0; i < 10 && ksm_game_get_phase (game) != KSM_PHASE_OVER; i++)
        {
          run_computer (game);
          if (ksm_game_get_phase (game) != KSM_PHASE_OVER)
            person_acts (game, 1);
        }
      /* then on to the person's next throw */
      for (;;)
        {
          run_computer (game);
          if (ksm_game_get_phase (game) != KSM_PHASE_MOVE)
            break;
          person_acts (game, 1);
        }
      if (ksm_game_get_phase (game) == KSM_PHASE_OVER)
        break;
      /* a throw is due: the autosave holds everything so far */
      throws += resume_and_compare (f, game, 15);
      checkpoints++;
    }
  g_test_message ("%u resumes, %u throws compared", checkpoints, throws);
  g_assert_cmpuint (checkpoints, ==, 8);
  g_assert_cmpuint (throws, >=, 100);
}

/* a record without generator states (an older file) resumes with throws
 * seeded from its seed moved on by its length */
static void
test_resume_without_generators (Fixture *f, gconstpointer data)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmRecord) record = ksm_record_new (&options, PERSONS, 4242);
  g_autoptr(KsmGame) game = NULL;
  g_autoptr(GError) error = NULL;
  KsmRandom rng, expected;
  KsmPosition end;
  guint n, throw_index;
  int face;
  guint32 pattern;

  ksm_random_seed (&rng, 4242);
  engine_play (record, &rng, 61, &end);
  n = ksm_record_get_n_events (record);
  g_assert_null (ksm_record_get_generator (record));

  game = ksm_game_new_from_record (record, &error);
  g_assert_no_error (error);
  /* it got states now, for its own saves */
  g_assert_nonnull (ksm_record_get_generator (ksm_game_get_record (game)));

  /* a move may be due first; it draws nothing */
  while (ksm_game_get_phase (game) != KSM_PHASE_THROW)
    person_acts (game, 0);
  throw_index = ksm_record_get_n_events (ksm_game_get_record (game));
  g_assert_true (ksm_game_throw (game));
  ksm_random_seed (&expected, 4242 + n);
  face = ksm_throw_sample (&kasimala_rules ()->throws, &expected, &pattern);
  {
    const KsmEvent *event = ksm_record_get_event (ksm_game_get_record (game), throw_index);
    g_assert_cmpint (event->kind, ==, KSM_EVENT_THROW);
    g_assert_cmpuint (event->face, ==, (guint) face);
    g_assert_cmpuint (event->pattern, ==, pattern);
  }
}

/* a record that does not replay is refused */
static void
test_resume_bad_record (Fixture *f, gconstpointer data)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmRecord) record = ksm_record_new (&options, PERSONS, 1);
  g_autoptr(GError) error = NULL;
  KsmEvent event = { .kind = KSM_EVENT_MOVE, .player = 0 };

  ksm_record_append (record, &event);
  g_assert_null (ksm_game_new_from_record (record, &error));
  g_assert_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT);
  g_assert_true (g_str_has_prefix (error->message, "event 1: "));
}

static void
count_cb (GObject *object, GParamSpec *pspec, guint *count)
{
  (*count)++;
}

/* A game resumed while a move is due announces its face like any other:
 * when the move is played and the face goes, "face" is notified. */
static void
test_resume_in_move_phase_notifies (Fixture *f, gconstpointer data)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmGame) game = ksm_game_new (&options, PERSONS, 8);
  g_autoptr(KsmGame) resumed = NULL;
  g_autoptr(KsmRecord) saved = NULL;
  guint face_notes = 0, original_face_notes = 0;
  guint n_moves;
  const KsmMove *moves;

  ksm_store_watch (f->store, game);
  /* a move due whose playing passes the turn (so the face goes to -1) */
  for (;;)
    {
      person_acts (game, 0);
      if (ksm_game_get_phase (game) == KSM_PHASE_MOVE && ksm_game_get_face (game) < FACE_CHYA)
        break;
    }
  saved = load_autosave (f);
  resumed = ksm_game_new_from_record (saved, NULL);
  g_assert_nonnull (resumed);
  g_assert_cmpint (ksm_game_get_face (resumed), ==, ksm_game_get_face (game));
  {
    GValue value = G_VALUE_INIT;
    g_value_init (&value, G_TYPE_INT);
    g_object_get_property (G_OBJECT (resumed), "face", &value);
    g_assert_cmpint (g_value_get_int (&value), ==, ksm_game_get_face (game));
  }

  g_signal_connect (game, "notify::face", G_CALLBACK (count_cb), &original_face_notes);
  g_signal_connect (resumed, "notify::face", G_CALLBACK (count_cb), &face_notes);

  moves = ksm_game_get_moves (game, &n_moves);
  g_assert_true (ksm_game_play (game, &moves[0]));
  moves = ksm_game_get_moves (resumed, &n_moves);
  g_assert_true (ksm_game_play (resumed, &moves[0]));

  g_assert_cmpint (ksm_game_get_face (resumed), ==, -1);
  g_assert_cmpuint (original_face_notes, ==, 1);
  g_assert_cmpuint (face_notes, ==, 1);
}

static void
test_finished_game_kept (Fixture *f, gconstpointer data)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;

  options.throw_limit = 60;
  game = ksm_game_new (&options, PERSON_COMPUTER, 17);
  ksm_game_set_computer_delay (game, 0);
  ksm_store_watch (f->store, game);

  while (ksm_game_get_phase (game) != KSM_PHASE_OVER)
    {
      person_acts (game, 0);
      run_computer (game);
      if (ksm_game_get_phase (game) != KSM_PHASE_OVER)
        {
          g_assert_true (autosave_exists (f));
          g_assert_cmpuint (n_saved_games (f, NULL), ==, 0);
        }
    }

  /* kept in games/, under the time it started and the game */
  g_assert_cmpuint (n_saved_games (f, &name), ==, 1);
  g_assert_true (g_str_has_suffix (name, "-kasimala.json"));
  {
    g_autofree char *stamp = g_date_time_format (ksm_record_get_started (ksm_game_get_record (game)),
                                                 "%Y%m%d-%H%M%S");
    g_assert_true (g_str_has_prefix (name, stamp));
  }
  {
    g_autoptr(GFile) file = g_file_get_child (ksm_store_get_games_directory (f->store), name);
    g_autoptr(KsmRecord) kept = ksm_record_new_from_file (file, &error);
    g_assert_no_error (error);
    assert_records_equal (kept, ksm_game_get_record (game), TRUE);
    g_assert_nonnull (ksm_record_get_ended (kept));
  }

  /* the autosave is gone, and there is nothing to resume */
  g_assert_false (autosave_exists (f));
  g_assert_null (ksm_store_load_autosave (f->store, &error));
  g_assert_no_error (error);
}

/* keeping the same game twice makes two files, never one over the other */
static void
test_keep_twice (Fixture *f, gconstpointer data)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmRecord) record = ksm_record_new (&options, PERSONS, 5);
  g_autoptr(GFile) one = NULL, two = NULL;
  g_autoptr(GError) error = NULL;
  KsmRandom rng;

  ksm_random_seed (&rng, 5);
  engine_play (record, &rng, 40, NULL);
  one = ksm_store_keep (f->store, record, &error);
  g_assert_no_error (error);
  two = ksm_store_keep (f->store, record, &error);
  g_assert_no_error (error);
  g_assert_false (g_file_equal (one, two));
  g_assert_cmpuint (n_saved_games (f, NULL), ==, 2);
  {
    g_autoptr(KsmRecord) a = ksm_record_new_from_file (one, &error);
    g_assert_no_error (error);
    g_autoptr(KsmRecord) b = ksm_record_new_from_file (two, &error);
    g_assert_no_error (error);
    assert_records_equal (a, record, TRUE);
    assert_records_equal (b, record, TRUE);
  }
}

/* a finished game found in the autosave is not offered for resuming */
static void
test_finished_autosave_not_resumed (Fixture *f, gconstpointer data)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmRecord) record = ksm_record_new (&options, PERSONS, 6);
  g_autoptr(GError) error = NULL;
  KsmRandom rng;
  KsmPosition end;

  ksm_random_seed (&rng, 6);
  engine_play (record, &rng, G_MAXUINT, &end);
  g_assert_cmpint (end.phase, ==, KSM_PHASE_OVER);
  g_assert_true (ksm_record_save_to_file (record, ksm_store_get_autosave_file (f->store), &error));
  g_assert_no_error (error);

  g_assert_null (ksm_store_load_autosave (f->store, &error));
  g_assert_no_error (error);
}

static guint
n_games_kept (Fixture *f)
{
  g_autoptr(GDir) dir = NULL;
  g_autofree char *path = g_file_get_path (ksm_store_get_games_directory (f->store));
  guint n = 0;

  dir = g_dir_open (path, 0, NULL);
  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* A game left unfinished goes from the autosave into the games folder,
 * whole; the last session's autosave does the same at the next start */
static void
test_shelve (Fixture *f, gconstpointer data)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmGame) game = ksm_game_new (&options, PERSONS, 8);
  g_autoptr(KsmRecord) kept = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  ksm_store_watch (f->store, game);
  for (int i = 0; i < 10 && ksm_game_get_phase (game) != KSM_PHASE_OVER; i++)
    {
      if (ksm_game_get_phase (game) == KSM_PHASE_MOVE)
        g_assert_true (ksm_game_play (game, &ksm_game_get_moves (game, NULL)[0]));
      else
        g_assert_true (ksm_game_throw (game));
    }
  ksm_store_flush (f->store);
  g_assert_true (autosave_exists (f));

  file = ksm_store_shelve (f->store, ksm_game_get_record (game), &error);
  g_assert_no_error (error);
  g_assert_nonnull (file);
  g_assert_false (autosave_exists (f));
  kept = ksm_record_new_from_file (file, &error);
  g_assert_no_error (error);
  assert_records_equal (kept, ksm_game_get_record (game), TRUE);
  /* no longer watched: a change writes nothing */
  if (ksm_game_get_phase (game) == KSM_PHASE_MOVE)
    g_assert_true (ksm_game_play (game, &ksm_game_get_moves (game, NULL)[0]));
  else
    g_assert_true (ksm_game_throw (game));
  ksm_store_flush (f->store);
  g_assert_false (autosave_exists (f));

  /* the autosave a session left moves the same way */
  g_assert_true (ksm_record_save_to_file (ksm_game_get_record (game), ksm_store_get_autosave_file (f->store), NULL));
  g_clear_object (&file);
  file = ksm_store_shelve_autosave (f->store, &error);
  g_assert_no_error (error);
  g_assert_nonnull (file);
  g_assert_false (autosave_exists (f));
  g_assert_cmpuint (n_games_kept (f), ==, 2);
  g_assert_null (ksm_store_get_unreadable_autosave (f->store));
}

/* An autosave this version cannot read stays byte for byte; the store
 * writes its own beside it */
static void
test_unreadable_autosave_kept (Fixture *f, gconstpointer data)
{
  const char *newer = "{\"format\": \"kasimala-game\", \"version\": 7}";
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmGame) game = ksm_game_new (&options, PERSONS, 9);
  g_autofree char *path = g_build_filename (f->dir, "autosave.json", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *own = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) shelved = NULL;

  g_assert_true (g_file_set_contents (path, newer, -1, NULL));
  g_assert_null (ksm_store_shelve_autosave (f->store, &error));
  g_assert_no_error (error);
  g_assert_error (ksm_store_get_unreadable_autosave (f->store), KSM_RECORD_ERROR, KSM_RECORD_ERROR_VERSION);
  own = g_file_get_basename (ksm_store_get_autosave_file (f->store));
  g_assert_cmpstr (own, ==, "autosave-2.json");

  ksm_store_watch (f->store, game);
  g_assert_true (ksm_game_throw (game));
  ksm_store_flush (f->store);
  assert_autosave_is_game (f, game);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, newer);

  /* the next start: this version's game moves to the games folder, the
   * other stays and is still named */
  ksm_store_unwatch (f->store);
  g_clear_object (&f->store);
  f->store = ksm_store_new (f->directory);
  shelved = ksm_store_shelve_autosave (f->store, &error);
  g_assert_no_error (error);
  g_assert_nonnull (shelved);
  g_assert_nonnull (ksm_store_get_unreadable_autosave (f->store));
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, newer);
}

/* a damaged autosave is reported, and does not touch the game open */
static void
test_bad_autosave (Fixture *f, gconstpointer data)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmGame) game = ksm_game_new (&options, PERSONS, 9);
  g_autoptr(GError) error = NULL;
  g_autofree char *autosave = g_file_get_path (ksm_store_get_autosave_file (f->store));
  g_autofree char *data_before = NULL, *data_after = NULL, *pos_before = NULL, *pos_after = NULL;
  g_autofree char *good = NULL;
  gsize length;

  ksm_store_watch (f->store, game);
  for (guint i = 0; i < 40; i++)
    person_acts (game, 0);
  ksm_store_flush (f->store);
  data_before = ksm_record_to_data (ksm_game_get_record (game), NULL);
  pos_before = game_position_text (game);

  /* cut short */
  g_assert_true (g_file_get_contents (autosave, &good, &length, NULL));
  g_assert_true (g_file_set_contents (autosave, good, (gssize) length / 2, NULL));
  g_assert_null (ksm_store_load_autosave (f->store, &error));
  g_assert_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_NOT_JSON);
  g_clear_error (&error);

  /* another version */
  {
    g_autofree char *v9 = g_strdup (good);
    char *version = strstr (v9, "\"version\" : 1");
    g_assert_nonnull (version);
    memcpy (version, "\"version\" : 9", strlen ("\"version\" : 9"));
    g_assert_true (g_file_set_contents (autosave, v9, -1, NULL));
    g_assert_null (ksm_store_load_autosave (f->store, &error));
    g_assert_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_VERSION);
    g_clear_error (&error);
  }

  /* a position no game can reach (rules-decisions.md, "Positions that
   * cannot arise"), refused by what is wrong with it */
  {
    const char *start = strstr (good, "\"position\" : \"");
    g_assert_nonnull (start);
    start += strlen ("\"position\" : \"");
    const char *end = strchr (start, '"');
    g_autofree char *edited = g_strdup_printf ("%.*s%s%s", (int) (start - good), good,
      "kasimala 17 B:b................ M:................. T:SSSSSSSSSSSSSSSSS b - 9 16/0", end);
    g_assert_true (g_file_set_contents (autosave, edited, -1, NULL));
    g_assert_null (ksm_store_load_autosave (f->store, &error));
    g_assert_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_FORMAT);
    g_assert_nonnull (strstr (error->message, "\"position\": cell B1:"));
    g_clear_error (&error);
  }

  data_after = ksm_record_to_data (ksm_game_get_record (game), NULL);
  pos_after = game_position_text (game);
  g_assert_cmpstr (data_after, ==, data_before);
  g_assert_cmpstr (pos_after, ==, pos_before);

  /* the game's next change writes a good autosave again */
  person_acts (game, 0);
  assert_autosave_is_game (f, game);
}

typedef struct {
  guint  count;
  char  *message;
} Failures;

static void
save_failed_cb (KsmStore *store, const char *message, Failures *failures)
{
  failures->count++;
  g_free (failures->message);
  failures->message = g_strdup (message);
}

static void
check_save_failed (const char *dir_path)
{
  g_autoptr(GFile) directory = g_file_new_for_path (dir_path);
  g_autoptr(KsmStore) store = ksm_store_new (directory);
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmGame) game = NULL;
  g_autoptr(GError) error = NULL;
  Failures failures = { 0 };
  guint changes = 0;

  options.throw_limit = 80;
  game = ksm_game_new (&options, PERSONS, 13);
  g_signal_connect (store, "save-failed", G_CALLBACK (save_failed_cb), &failures);
  ksm_store_watch (store, game);

  g_assert_true (ksm_game_throw (game));
  changes++;
  ksm_store_flush (store);
  g_assert_cmpuint (failures.count, ==, 1);
  g_assert_nonnull (failures.message);
  g_assert_true (g_str_has_prefix (failures.message, "The game could not be saved: "));
  g_assert_cmpuint (strlen (failures.message), >, strlen ("The game could not be saved: "));

  g_assert_false (ksm_store_save_now (store, &error));
  g_assert_nonnull (error);
  /* from making the folder (GIO) or from writing the file (GLib's file utilities) */
  g_assert_true (error->domain == G_IO_ERROR || error->domain == G_FILE_ERROR);

  /* the game goes on, to its end, a failure reported at every change */
  while (ksm_game_get_phase (game) != KSM_PHASE_OVER)
    {
      person_acts (game, 0);
      changes++;
      ksm_store_flush (store);
      g_assert_cmpuint (failures.count, ==, changes);
    }
  g_assert_true (g_str_has_prefix (failures.message, "The game could not be saved: "));
  {
    g_autofree char *replayed = record_position_text (ksm_game_get_record (game));
    g_autofree char *position = game_position_text (game);
    g_assert_cmpstr (replayed, ==, position);
  }
  g_free (failures.message);
}

static void
test_save_failed (Fixture *f, gconstpointer data)
{
  /* we may be root, so permissions prove nothing: make the store's folder a
   * plain file, and also a folder under a plain file */
  g_autofree char *blocker = g_build_filename (f->dir, "blocker", NULL);
  g_autofree char *under = g_build_filename (blocker, "kasimala", NULL);

  g_assert_true (g_file_set_contents (blocker, "not a folder", -1, NULL));
  check_save_failed (blocker);
  check_save_failed (under);
  /* nothing was written anywhere */
  {
    g_autofree char *text = NULL;
    g_assert_true (g_file_get_contents (blocker, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, "not a folder");
  }
}

static void
test_unwatch (Fixture *f, gconstpointer data)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmGame) first = ksm_game_new (&options, PERSONS, 20);
  g_autoptr(KsmGame) second = ksm_game_new (&options, PERSONS, 21);

  ksm_store_watch (f->store, first);
  g_assert_true (ksm_game_throw (first));
  assert_autosave_is_game (f, first);

  /* watching another game stops watching the first */
  ksm_store_watch (f->store, second);
  g_assert_true (ksm_game_throw (first));
  g_assert_true (ksm_game_throw (second));
  assert_autosave_is_game (f, second);
  person_acts (first, 0);
  assert_autosave_is_game (f, second);

  /* unwatched, nothing is written */
  ksm_store_unwatch (f->store);
  ksm_store_discard_autosave (f->store);
  person_acts (second, 0);
  g_assert_false (autosave_exists (f));

  /* a store dropped while watching lets the game go on */
  ksm_store_watch (f->store, second);
  g_clear_object (&f->store);
  person_acts (second, 0);
  person_acts (second, 0);
  f->store = ksm_store_new (f->directory);
}

/* What a kill mid-save leaves (the app's own hidden temporary name) goes;
 * nothing else does: a person's best-game.json.backup matched the old
 * NAME.json.XXXXXX pattern and went */
static void
test_remove_leftovers (Fixture *f, gconstpointer data)
{
  const char *gone[] = { KSM_RECORD_SAVING_PREFIX "autosave.json-k1ll3d",
                         "games/" KSM_RECORD_SAVING_PREFIX "kasimala-1.json-Ab12Cd" };
  const char *kept[] = { "autosave.json", "games/kasimala-1.json", "notes.txt",
                         "best-game.json.backup", "games/best-game.json.backup",
                         "autosave.json.k1ll3d", "games/kasimala-1.json.Ab12Cd",
                         "autosave.json.bak", "autosave.json.ab-12c", "games/kasimala-2.json~",
                         "other.txt.Ab12Cd", ".hidden.json.deleted", "games/.hidden.json.deleted",
                         ".kasimala-notes" };
  g_autofree char *games = g_build_filename (f->dir, "games", NULL);

  g_assert_cmpint (g_mkdir_with_parents (games, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (gone); i++)
    {
      g_autofree char *path = g_build_filename (f->dir, gone[i], NULL);
      g_assert_true (g_file_set_contents (path, "{", -1, NULL));
    }
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *path = g_build_filename (f->dir, kept[i], NULL);
      g_assert_true (g_file_set_contents (path, "{}", -1, NULL));
    }

  /* the start-up clean-up, and the library's scan of the games folder */
  {
    g_autoptr(KsmLibrary) library = ksm_library_new (f->store);
    ksm_library_reload (library);
  }
  ksm_store_remove_leftovers (f->store);

  for (guint i = 0; i < G_N_ELEMENTS (gone); i++)
    {
      g_autofree char *path = g_build_filename (f->dir, gone[i], NULL);
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    }
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *path = g_build_filename (f->dir, kept[i], NULL);
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    }
}

/* the record in `file`, which must be there and read */
static KsmRecord *
record_in (GFile *file)
{
  g_autoptr(GError) error = NULL;
  KsmRecord *record = ksm_record_new_from_file (file, &error);

  g_assert_no_error (error);
  g_assert_nonnull (record);
  return record;
}

/* Two instances on two session buses share one data folder: each keeps its
 * own game, one's game over never deletes the other's, and a later lone
 * start finds what the second left (#25) */
static void
test_two_stores_one_folder (Fixture *f, gconstpointer data)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmStore) second = ksm_store_new (f->directory);
  g_autoptr(KsmGame) first_game = ksm_game_new (&options, PERSONS, 21);
  g_autoptr(KsmGame) second_game = ksm_game_new (&options, PERSONS, 22);
  g_autoptr(GError) error = NULL;
  g_autofree char *first_path = NULL, *second_path = NULL;
  guint second_events;

  /* each looks for a last session's game at its start, as the window does */
  g_assert_null (ksm_store_shelve_autosave (f->store, &error));
  g_assert_no_error (error);
  g_assert_null (ksm_store_shelve_autosave (second, &error));
  g_assert_no_error (error);
  g_assert_false (ksm_store_is_shared (f->store));
  g_assert_true (ksm_store_is_shared (second));
  first_path = g_file_get_path (ksm_store_get_autosave_file (f->store));
  second_path = g_file_get_path (ksm_store_get_autosave_file (second));
  g_assert_cmpstr (first_path, !=, second_path);

  ksm_store_watch (f->store, first_game);
  ksm_store_watch (second, second_game);
  for (guint i = 0; i < 30; i++)
    {
      person_acts (first_game, i);
      person_acts (second_game, i);
    }
  ksm_store_flush (f->store);
  ksm_store_flush (second);
  {
    g_autoptr(KsmRecord) a = record_in (ksm_store_get_autosave_file (f->store));
    g_autoptr(KsmRecord) b = record_in (ksm_store_get_autosave_file (second));
    assert_records_equal (a, ksm_game_get_record (first_game), TRUE);
    assert_records_equal (b, ksm_game_get_record (second_game), TRUE);
  }

  /* the first game ends: it goes to the games folder, its autosave goes,
   * and the second's stays as it was */
  for (guint i = 0; ksm_game_get_phase (first_game) != KSM_PHASE_OVER; i++)
    person_acts (first_game, i);
  ksm_store_flush (f->store);
  g_assert_false (g_file_query_exists (ksm_store_get_autosave_file (f->store), NULL));
  g_assert_cmpuint (n_saved_games (f, NULL), ==, 1);
  {
    g_autoptr(KsmRecord) b = record_in (ksm_store_get_autosave_file (second));
    assert_records_equal (b, ksm_game_get_record (second_game), TRUE);
  }
  /* a new game in the first writes its own autosave again, not the second's */
  {
    g_autoptr(KsmGame) again = ksm_game_new (&options, PERSONS, 23);
    ksm_store_watch (f->store, again);
    person_acts (again, 0);
    ksm_store_flush (f->store);
    ksm_store_discard_autosave (f->store);
    ksm_store_flush (f->store);
    ksm_store_unwatch (f->store);
  }
  {
    g_autoptr(KsmRecord) b = record_in (ksm_store_get_autosave_file (second));
    assert_records_equal (b, ksm_game_get_record (second_game), TRUE);
  }

  /* the second is killed mid-game (its autosave stays), the first quits;
   * the next lone start offers the second's game among the waiting ones */
  second_events = ksm_record_get_n_events (ksm_game_get_record (second_game));
  ksm_store_unwatch (second);
  g_clear_object (&second);
  g_clear_object (&f->store);
  f->store = ksm_store_new (f->directory);
  {
    g_autoptr(GFile) shelved = ksm_store_shelve_autosave (f->store, &error);
    g_autoptr(KsmRecord) waiting = NULL;
    g_assert_no_error (error);
    g_assert_nonnull (shelved);
    waiting = record_in (shelved);
    g_assert_cmpuint (ksm_record_get_n_events (waiting), ==, second_events);
    assert_records_equal (waiting, ksm_game_get_record (second_game), TRUE);
  }
  g_assert_false (ksm_store_is_shared (f->store));
  g_assert_cmpuint (n_saved_games (f, NULL), ==, 2);
  {
    g_autoptr(GFile) left = g_file_new_for_path (second_path);
    g_assert_false (g_file_query_exists (left, NULL));
  }
}

/* ---- the writer ---- */

static gboolean
a_rename_seen (gpointer data)
{
  return n_renames () > 0;
}

/* Many events in a row, none waited for: once flushed, the autosave holds
 * them all, and none was written by the main thread. */
static void
test_many_events_then_flush (Fixture *f, gconstpointer data)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmGame) game = ksm_game_new (&options, PERSONS, 31);
  g_autoptr(GArray) seen = NULL;

  watch_renames (FALSE);
  ksm_store_watch (f->store, game);
  for (guint i = 0; i < 200 && ksm_game_get_phase (game) != KSM_PHASE_OVER; i++)
    person_acts (game, i);
  ksm_store_flush (f->store);
  seen = stop_watching_renames ();
  g_assert_cmpuint (seen->len, >, 0);
  for (guint i = 0; i < seen->len; i++)
    g_assert_false (g_array_index (seen, Rename, i).main_thread);
  assert_autosave_is_game (f, game);
}

/* While the writer is held inside a write, the game goes on: the main
 * thread is not the one writing, and is not kept waiting. The states made
 * meanwhile end in one write of the newest; no write is ever of an older
 * state than the one before it; an undo's shorter record, being newer,
 * wins too. */
static void
test_writes_in_order_off_the_main_thread (Fixture *f, gconstpointer data)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmGame) game = ksm_game_new (&options, PERSONS, 32);
  g_autoptr(GArray) seen = NULL;
  guint first_events;

  watch_renames (TRUE);
  ksm_store_watch (f->store, game);
  g_assert_true (ksm_game_throw (game));
  first_events = ksm_game_get_n_events (game);
  /* the first write is under way, held at its rename */
  wait_for (a_rename_seen, NULL, "the first autosave");

  for (guint i = 0; i < 60 && ksm_game_get_phase (game) != KSM_PHASE_OVER; i++)
    person_acts (game, i);
  g_assert_cmpuint (ksm_game_get_n_events (game), >, first_events + 30);
  /* nothing more written while the writer was held */
  g_assert_cmpuint (n_renames (), ==, 1);

  open_gate ();
  ksm_store_flush (f->store);
  seen = stop_watching_renames ();
  for (guint i = 0; i < seen->len; i++)
    {
      Rename *rename_seen = &g_array_index (seen, Rename, i);
      g_assert_false (rename_seen->main_thread);
      g_assert_cmpint (rename_seen->n_events, >, 0);
      if (i > 0)
        g_assert_cmpint (rename_seen->n_events, >, g_array_index (seen, Rename, i - 1).n_events);
    }
  /* the state when the writer was held, then the newest: nothing between */
  g_assert_cmpuint (seen->len, ==, 2);
  g_assert_cmpint (g_array_index (seen, Rename, 0).n_events, ==, (gint) first_events);
  g_assert_cmpint (g_array_index (seen, Rename, 1).n_events, ==, (gint) ksm_game_get_n_events (game));
  assert_autosave_is_game (f, game);

  /* an undo made while a longer state is being written lands after it */
  g_assert_true (ksm_game_can_undo (game));
  watch_renames (TRUE);
  person_acts (game, 0);
  wait_for (a_rename_seen, NULL, "the autosave before the undo");
  g_assert_true (ksm_game_undo (game));
  open_gate ();
  ksm_store_flush (f->store);
  g_clear_pointer (&seen, g_array_unref);
  seen = stop_watching_renames ();
  g_assert_cmpuint (seen->len, ==, 2);
  g_assert_cmpint (g_array_index (seen, Rename, 1).n_events, ==, (gint) ksm_game_get_n_events (game));
  assert_autosave_is_game (f, game);
}

/* Dropping the store writes what was still queued: closing loses nothing */
static void
test_dispose_flushes (Fixture *f, gconstpointer data)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmGame) game = ksm_game_new (&options, PERSONS, 33);

  watch_renames (TRUE);
  ksm_store_watch (f->store, game);
  g_assert_true (ksm_game_throw (game));
  wait_for (a_rename_seen, NULL, "the first autosave");
  for (guint i = 0; i < 20; i++)
    person_acts (game, i);
  open_gate ();
  g_clear_object (&f->store);
  g_array_unref (stop_watching_renames ());

  f->store = ksm_store_new (f->directory);
  assert_autosave_is_game (f, game);
}

static void
first_save_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GError **error = user_data;

  g_assert_false (ksm_store_save_finish (KSM_STORE (source), result, error));
  g_assert_nonnull (*error);
}

static gboolean
error_set (gpointer data)
{
  return *(GError **) data != NULL;
}

/* ksm_store_save_async answers once written; its failure is its own, not
 * told with "save-failed" */
static void
test_save_async (Fixture *f, gconstpointer data)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmGame) game = ksm_game_new (&options, PERSONS, 34);
  g_autofree char *blocker = g_build_filename (f->dir, "blocker", NULL);
  g_autoptr(GFile) blocked = g_file_new_for_path (blocker);
  g_autoptr(KsmStore) store = NULL;
  g_autoptr(GError) error = NULL;
  Failures failures = { 0 };

  g_assert_true (g_file_set_contents (blocker, "not a folder", -1, NULL));
  store = ksm_store_new (blocked);
  g_signal_connect (store, "save-failed", G_CALLBACK (save_failed_cb), &failures);
  ksm_store_watch (store, game);
  ksm_store_save_async (store, NULL, first_save_cb, &error);
  wait_for (error_set, &error, "the first save's answer");
  g_assert_cmpuint (failures.count, ==, 0);
  ksm_store_unwatch (store);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  main_thread = g_thread_self ();
  renames = g_array_new (FALSE, FALSE, sizeof (Rename));

#define ADD(path, func) \
  g_test_add ("/model/store/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("paths", test_paths);
  ADD ("autosave-after-every-change", test_autosave_after_every_change);
  ADD ("resume-continues-the-same", test_resume_continues_the_same);
  ADD ("resume-without-generators", test_resume_without_generators);
  ADD ("resume-bad-record", test_resume_bad_record);
  ADD ("resume-in-move-phase-notifies", test_resume_in_move_phase_notifies);
  ADD ("finished-game-kept", test_finished_game_kept);
  ADD ("keep-twice", test_keep_twice);
  ADD ("finished-autosave-not-resumed", test_finished_autosave_not_resumed);
  ADD ("bad-autosave", test_bad_autosave);
  ADD ("shelve", test_shelve);
  ADD ("unreadable-autosave-kept", test_unreadable_autosave_kept);
  ADD ("save-failed", test_save_failed);
  ADD ("unwatch", test_unwatch);
  ADD ("remove-leftovers", test_remove_leftovers);
  ADD ("two-stores-one-folder", test_two_stores_one_folder);
  ADD ("many-events-then-flush", test_many_events_then_flush);
  ADD ("writes-in-order-off-the-main-thread", test_writes_in_order_off_the_main_thread);
  ADD ("dispose-flushes", test_dispose_flushes);
  ADD ("save-async", test_save_async);

  return g_test_run ();
}
