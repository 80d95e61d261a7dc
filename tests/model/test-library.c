/* test-library.c: the saved-games library lists every game of the games
 * folder newest first, deletes with an undo, imports good files and refuses
 * bad ones without losing anything, and exports a game as it is.
 */
#include "model-test-util.h"

#include "ksm-library.h"

typedef struct {
  char       *dir;
  GFile      *directory;
  GFile      *games;
  KsmStore   *store;
  KsmLibrary *library;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->dir = make_temp_dir ();
  f->directory = g_file_new_for_path (f->dir);
  f->store = ksm_store_new (f->directory);
  f->games = g_object_ref (ksm_store_get_games_directory (f->store));
  f->library = ksm_library_new (f->store);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->library);
  g_clear_object (&f->store);
  g_clear_object (&f->games);
  g_clear_object (&f->directory);
  remove_tree (f->dir);
  g_clear_pointer (&f->dir, g_free);
}

/* a game of `n_events` random events, ended on day `day` of November */
static KsmRecord *
make_record (guint64 seed, guint n_events, int day)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmRecord) record = ksm_record_new (&options, PERSONS, seed);
  g_autoptr(GDateTime) ended = g_date_time_new_utc (2026, 11, day, 12, 0, 0);
  KsmRandom rng;

  ksm_random_seed (&rng, seed);
  engine_play (record, &rng, n_events, NULL);
  ksm_record_set_ended (record, ended);
  return g_steal_pointer (&record);
}

static KsmLibraryItem *
item_at (Fixture *f, guint i)
{
  return g_list_model_get_item (ksm_library_get_model (f->library), i);
}

static guint
n_items (Fixture *f)
{
  return g_list_model_get_n_items (ksm_library_get_model (f->library));
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* the names of the files in the games folder, sorted, one string */
static char *
folder_listing (Fixture *f)
{
  g_autofree char *path = g_file_get_path (f->games);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static char *
file_contents (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  char *contents = NULL;
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

static void
keep_three (Fixture *f)
{
  for (int i = 0; i < 3; i++)
    {
      /* days 10, 30, 20: the library must sort them, not the folder */
      g_autoptr(KsmRecord) record = make_record (100 + (guint64) i, 20 + 10 * (guint) i,
                                                 i == 0 ? 10 : i == 1 ? 30 : 20);
      g_autoptr(GError) error = NULL;
      g_autoptr(GFile) kept = ksm_store_keep (f->store, record, &error);
      g_assert_no_error (error);
      g_assert_nonnull (kept);
    }
}

static void
test_listing (Fixture *f, gconstpointer data)
{
  g_autoptr(GFile) junk = g_file_get_child (f->games, "not-a-game.json");
  g_autoptr(GError) error = NULL;

  ksm_library_reload (f->library);
  g_assert_cmpuint (n_items (f), ==, 0);   /* no folder yet: an empty library */

  keep_three (f);
  g_assert_true (g_file_replace_contents (junk, "{ \"format\" : ", 13, NULL, FALSE,
                                          G_FILE_CREATE_NONE, NULL, NULL, &error));
  g_assert_no_error (error);

  ksm_library_reload (f->library);
  g_assert_cmpuint (n_items (f), ==, 3);
  g_assert_cmpuint (ksm_library_get_n_unreadable (f->library), ==, 1);
  g_assert_true (g_file_query_exists (junk, NULL));   /* left alone */

  /* newest first: ended on the 30th (30 events), 20th (40), 10th (20) */
  const guint lengths[] = { 30, 40, 20 };
  const int days[] = { 30, 20, 10 };
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(KsmLibraryItem) item = item_at (f, i);
      g_assert_cmpuint (ksm_record_get_n_events (ksm_library_item_get_record (item)), ==, lengths[i]);
      g_assert_cmpint (g_date_time_get_day_of_month (ksm_library_item_get_date (item)), ==, days[i]);
    }
}

static void
test_delete_and_undo (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmLibraryItem) item = NULL;
  g_autofree char *before = NULL, *listing = NULL, *contents = NULL, *after = NULL;
  GFile *file;

  keep_three (f);
  ksm_library_reload (f->library);
  listing = folder_listing (f);
  item = item_at (f, 1);
  file = ksm_library_item_get_file (item);
  before = file_contents (file);

  g_assert_true (ksm_library_delete (f->library, item, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_items (f), ==, 2);
  g_assert_false (g_file_query_exists (file, NULL));
  ksm_library_reload (f->library);   /* a reload does not bring it back... */
  g_assert_cmpuint (n_items (f), ==, 2);

  /* ...but the undo does, in its place and with the file as it was */
  g_assert_true (ksm_library_undo_delete (f->library, item, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_items (f), ==, 3);
  {
    g_autoptr(KsmLibraryItem) second = item_at (f, 1);
    g_assert_true (second == item);
  }
  g_assert_true (g_file_query_exists (file, NULL));
  contents = file_contents (file);
  g_assert_cmpstr (contents, ==, before);
  after = folder_listing (f);
  g_assert_cmpstr (after, ==, listing);
  g_assert_false (ksm_library_undo_delete (f->library, item, NULL));   /* once */

  /* deleted and not undone: gone for good once purged */
  g_assert_true (ksm_library_delete (f->library, item, &error));
  g_assert_no_error (error);
  ksm_library_purge (f->library, item);
  g_assert_false (ksm_library_undo_delete (f->library, item, NULL));
  g_assert_false (g_file_query_exists (file, NULL));
  ksm_library_reload (f->library);
  g_assert_cmpuint (n_items (f), ==, 2);
  g_clear_pointer (&after, g_free);
  after = folder_listing (f);
  g_assert_null (strstr (after, ".deleted"));
  g_assert_cmpuint (strlen (after), <, strlen (listing));
}

static void
test_import_good (Fixture *f, gconstpointer data)
{
  g_autoptr(KsmRecord) record = make_record (7, 50, 15);
  g_autofree char *outside_dir = make_temp_dir ();
  g_autofree char *outside_path = g_build_filename (outside_dir, "from a friend.json", NULL);
  g_autoptr(GFile) outside = g_file_new_for_path (outside_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmLibraryItem) item = NULL;
  g_autofree char *exported_path = g_build_filename (outside_dir, "exported.json", NULL);
  g_autoptr(GFile) exported = g_file_new_for_path (exported_path);
  g_autofree char *kept = NULL, *copy = NULL;

  keep_three (f);
  ksm_library_reload (f->library);
  g_assert_true (ksm_record_save_to_file (record, outside, &error));

  item = ksm_library_import (f->library, outside, &error);
  g_assert_no_error (error);
  g_assert_nonnull (item);
  g_assert_cmpuint (n_items (f), ==, 4);
  assert_records_equal (ksm_library_item_get_record (item), record, TRUE);
  g_assert_true (g_file_query_exists (outside, NULL));   /* the original stays */

  /* it is in the folder, so the next reload lists it too */
  ksm_library_reload (f->library);
  g_assert_cmpuint (n_items (f), ==, 4);

  /* export writes the library's file as it is */
  g_assert_true (ksm_library_export (f->library, item, exported, &error));
  g_assert_no_error (error);
  kept = file_contents (ksm_library_item_get_file (item));
  copy = file_contents (exported);
  g_assert_cmpstr (copy, ==, kept);
  remove_tree (outside_dir);
}

static void
test_import_bad (Fixture *f, gconstpointer data)
{
  static const struct {
    const char *contents;
    const char *message;
    KsmRecordError code;
  } bad[] = {
    { "{ \"format\" : \"kasimala-game\", \"vers", "not a saved game: the file is not complete JSON",
      KSM_RECORD_ERROR_NOT_JSON },
    { "{ \"format\" : \"chess\" }", "not a saved game: \"format\" is not \"kasimala-game\"",
      KSM_RECORD_ERROR_FORMAT },
    { "{ \"format\" : \"kasimala-game\", \"version\" : 2 }", "saved-game format version 2",
      KSM_RECORD_ERROR_VERSION },
  };
  g_autofree char *outside_dir = make_temp_dir ();
  g_autofree char *listing = NULL;

  keep_three (f);
  ksm_library_reload (f->library);
  listing = folder_listing (f);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *path = g_build_filename (outside_dir, "bad.json", NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(KsmLibraryItem) item = NULL;
      g_autofree char *after = NULL;

      g_assert_true (g_file_set_contents (path, bad[i].contents, -1, NULL));
      item = ksm_library_import (f->library, file, &error);
      g_assert_null (item);
      g_assert_error (error, KSM_RECORD_ERROR, (int) bad[i].code);
      g_assert_true (g_str_has_prefix (error->message, bad[i].message));
      /* nothing lost, nothing added */
      g_assert_cmpuint (n_items (f), ==, 3);
      after = folder_listing (f);
      g_assert_cmpstr (after, ==, listing);
    }

  /* a file that is not there */
  {
    g_autoptr(GFile) missing = g_file_new_for_path ("/nonexistent/kasimala/game.json");
    g_autoptr(GError) error = NULL;
    g_assert_null (ksm_library_import (f->library, missing, &error));
    g_assert_nonnull (error);
    g_assert_cmpuint (n_items (f), ==, 3);
  }
  remove_tree (outside_dir);
}

static void
reloaded_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  gboolean *done = user_data;

  g_assert_true (ksm_library_reload_finish (KSM_LIBRARY (source), result, NULL));
  *done = TRUE;
}

/* Read on another thread, the library lists what a plain reload lists; a
 * reload reads again only the files that changed */
static void
test_reload_async_and_unchanged (Fixture *f, gconstpointer data)
{
  gboolean done = FALSE;
  g_autoptr(KsmLibraryItem) newest = NULL, oldest = NULL, again = NULL;
  g_autoptr(KsmRecord) longer = NULL;
  g_autoptr(GError) error = NULL;

  keep_three (f);
  ksm_library_reload_async (f->library, NULL, reloaded_cb, &done);
  g_assert_cmpuint (n_items (f), ==, 0);   /* nothing yet: it is read elsewhere */
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (n_items (f), ==, 3);
  newest = item_at (f, 0);
  oldest = item_at (f, 2);
  g_assert_cmpuint (ksm_record_get_n_events (ksm_library_item_get_record (newest)), ==, 30);

  /* the newest game's file is written over with a longer game */
  longer = make_record (101, 35, 30);
  g_assert_true (ksm_record_save_to_file (longer, ksm_library_item_get_file (newest), &error));
  g_assert_no_error (error);
  ksm_library_reload (f->library);
  g_assert_cmpuint (n_items (f), ==, 3);
  again = item_at (f, 0);
  g_assert_cmpuint (ksm_record_get_n_events (ksm_library_item_get_record (again)), ==, 35);
  g_assert_true (again != newest);
  /* the others were not read again */
  g_clear_object (&again);
  again = item_at (f, 2);
  g_assert_true (again == oldest);
}

/* ---- the index ---- */

static GFile *
index_file (Fixture *f)
{
  return g_file_get_child (f->games, ".kasimala-index");
}

/* a new library over the same folder, as the next session opens it */
static void
reopen (Fixture *f)
{
  g_clear_object (&f->library);
  f->library = ksm_library_new (f->store);
}

/* what the listing shows, one line per game, from the summaries */
static char *
summaries (Fixture *f)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < n_items (f); i++)
    {
      g_autoptr(KsmLibraryItem) item = item_at (f, i);
      g_autofree char *name = g_file_get_basename (ksm_library_item_get_file (item));
      g_autofree char *date = g_date_time_format_iso8601 (ksm_library_item_get_date (item));
      KsmOutcome outcome;

      ksm_library_item_get_outcome (item, &outcome);
      g_string_append_printf (text, "%s %s %s %u players %u events seat0 %d over %d winner %d gulmasi %d\n",
                              name, ksm_library_item_get_rules (item)->id, date,
                              ksm_library_item_get_rules (item)->n_players (ksm_library_item_get_options (item)),
                              ksm_library_item_get_n_events (item), ksm_library_item_get_seat (item, 0)->kind,
                              outcome.over, outcome.winner, outcome.gulmasi);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The first scan writes the index; a library opened again lists the same
 * games from it without reading a game file, and reads a game's file only
 * when the game is opened */
static void
test_index_written_and_read (Fixture *f, gconstpointer data)
{
  g_autofree char *listed = NULL, *again = NULL;
  g_autoptr(KsmLibraryItem) newest = NULL;
  guint reads;

  g_autoptr(GFile) index = index_file (f);

  keep_three (f);
  ksm_library_reload (f->library);
  g_assert_true (g_file_query_exists (index, NULL));
  listed = summaries (f);

  reopen (f);
  reads = ksm_library_get_files_read ();
  ksm_library_reload (f->library);
  g_assert_cmpuint (ksm_library_get_files_read (), ==, reads);
  again = summaries (f);
  g_assert_cmpstr (again, ==, listed);
  g_assert_cmpuint (ksm_library_get_n_unreadable (f->library), ==, 0);

  newest = item_at (f, 0);
  g_assert_cmpuint (ksm_record_get_n_events (ksm_library_item_get_record (newest)), ==, 30);
}

/* a file changed since the index (its size or time) is read again */
static void
test_index_changed_file (Fixture *f, gconstpointer data)
{
  g_autoptr(KsmLibraryItem) newest = NULL, again = NULL;
  g_autoptr(KsmRecord) longer = make_record (7, 45, 30);
  g_autoptr(GError) error = NULL;
  guint reads;

  keep_three (f);
  ksm_library_reload (f->library);
  newest = item_at (f, 0);
  g_assert_true (ksm_record_save_to_file (longer, ksm_library_item_get_file (newest), &error));
  g_assert_no_error (error);

  /* the item listed before no longer is the file: it says so */
  g_assert_null (ksm_library_item_load_record (newest, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  reopen (f);
  reads = ksm_library_get_files_read ();
  ksm_library_reload (f->library);
  g_assert_cmpuint (ksm_library_get_files_read (), ==, reads + 1);
  again = item_at (f, 0);
  g_assert_cmpuint (ksm_library_item_get_n_events (again), ==, 45);
  g_assert_cmpuint (ksm_record_get_n_events (ksm_library_item_get_record (again)), ==, 45);
}

/* a damaged, foreign or huge index is rebuilt from the files, no crash */
static void
test_index_bad (Fixture *f, gconstpointer data)
{
  g_autofree char *listed = NULL;
  g_autoptr(GFile) index = NULL;
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize length = 0;
  GRand *rand = g_rand_new_with_seed (25);

  keep_three (f);
  ksm_library_reload (f->library);
  listed = summaries (f);
  index = index_file (f);
  g_assert_true (g_file_load_contents (index, NULL, &contents, &length, NULL, &error));
  g_assert_no_error (error);

  for (int round = 0; round < 60; round++)
    {
      g_autofree char *bad = g_memdup2 (contents, length);
      g_autofree char *again = NULL;
      gsize bad_length = length;
      guint reads;

      if (round == 0)
        bad_length = 0;                       /* empty */
      else if (round == 1)
        bad_length = length / 2;              /* cut short */
      else if (round == 2)
        {
          g_free (bad);                       /* not ours at all */
          bad = g_strdup ("{ \"format\" : \"kasimala-game\" }");
          bad_length = strlen (bad);
        }
      else                                    /* bytes changed here and there */
        for (int k = 0; k < 1 + round % 7; k++)
          bad[g_rand_int_range (rand, 0, (gint32) length)] = (char) g_rand_int_range (rand, 0, 256);
      g_assert_true (g_file_replace_contents (index, bad, bad_length, NULL, FALSE, G_FILE_CREATE_NONE,
                                              NULL, NULL, &error));
      g_assert_no_error (error);
      reopen (f);
      reads = ksm_library_get_files_read ();
      ksm_library_reload (f->library);
      again = summaries (f);
      /* a changed byte may leave a good entry that says other things of a
       * file, but never one the scan takes for another file's size and time
       * without reading it; the untouched rounds must match exactly */
      if (round < 3)
        {
          g_assert_cmpstr (again, ==, listed);
          g_assert_cmpuint (ksm_library_get_files_read (), ==, reads + 3);
        }
      g_assert_cmpuint (n_items (f), <=, 3);
      /* and it is rebuilt, good again, for the next */
      reopen (f);
      ksm_library_reload (f->library);
    }
  g_rand_free (rand);

  /* a huge one is not even read */
  {
    g_autoptr(GFileOutputStream) out = g_file_replace (index, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &error);
    g_autofree char *again = NULL;
    guint reads;

    g_assert_no_error (error);
    g_assert_true (g_seekable_truncate (G_SEEKABLE (out), (goffset) 300 << 20, NULL, &error));
    g_assert_no_error (error);
    g_assert_true (g_output_stream_close (G_OUTPUT_STREAM (out), NULL, &error));
    reopen (f);
    reads = ksm_library_get_files_read ();
    ksm_library_reload (f->library);
    again = summaries (f);
    g_assert_cmpstr (again, ==, listed);
    g_assert_cmpuint (ksm_library_get_files_read (), ==, reads + 3);
  }
  g_free (contents);
}

/* delete and its undo go on working over a library read from its index */
static void
test_index_delete_and_undo (Fixture *f, gconstpointer data)
{
  g_autoptr(KsmLibraryItem) item = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *listed = NULL, *after_delete = NULL, *after_undo = NULL;

  keep_three (f);
  ksm_library_reload (f->library);
  listed = summaries (f);
  reopen (f);
  ksm_library_reload (f->library);

  item = item_at (f, 1);
  g_assert_true (ksm_library_delete (f->library, item, &error));
  g_assert_no_error (error);
  ksm_library_reload (f->library);
  g_assert_cmpuint (n_items (f), ==, 2);
  reopen (f);                         /* the index no longer has it either */
  ksm_library_reload (f->library);
  g_assert_cmpuint (n_items (f), ==, 2);
  after_delete = summaries (f);
  g_assert_null (strstr (after_delete, " 40 events"));

  /* and an undo puts a game back for good */
  g_clear_object (&item);
  item = item_at (f, 0);
  g_assert_true (ksm_library_delete (f->library, item, &error));
  g_assert_true (ksm_library_undo_delete (f->library, item, &error));
  g_assert_no_error (error);
  ksm_library_reload (f->library);
  g_assert_cmpuint (n_items (f), ==, 2);
  reopen (f);
  ksm_library_reload (f->library);
  after_undo = summaries (f);
  g_assert_cmpstr (after_undo, ==, after_delete);
  g_assert_nonnull (ksm_library_item_get_record (item));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/library/listing", Fixture, NULL, fixture_set_up, test_listing, fixture_tear_down);
  g_test_add ("/library/reload-async-and-unchanged", Fixture, NULL, fixture_set_up,
              test_reload_async_and_unchanged, fixture_tear_down);
  g_test_add ("/library/delete-and-undo", Fixture, NULL, fixture_set_up, test_delete_and_undo,
              fixture_tear_down);
  g_test_add ("/library/import-good", Fixture, NULL, fixture_set_up, test_import_good,
              fixture_tear_down);
  g_test_add ("/library/import-bad", Fixture, NULL, fixture_set_up, test_import_bad,
              fixture_tear_down);
  g_test_add ("/library/index/written-and-read", Fixture, NULL, fixture_set_up,
              test_index_written_and_read, fixture_tear_down);
  g_test_add ("/library/index/changed-file", Fixture, NULL, fixture_set_up,
              test_index_changed_file, fixture_tear_down);
  g_test_add ("/library/index/bad", Fixture, NULL, fixture_set_up, test_index_bad, fixture_tear_down);
  g_test_add ("/library/index/delete-and-undo", Fixture, NULL, fixture_set_up,
              test_index_delete_and_undo, fixture_tear_down);
  return g_test_run ();
}
