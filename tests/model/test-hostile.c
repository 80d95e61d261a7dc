/* test-hostile.c: files made to break the loader (deep nesting behind
 * json-glib's extensions, oversized, a FIFO, a BOM, UTF-16, bytes that are
 * not UTF-8, markup) are refused with their reason in a valid UTF-8
 * message, without a crash or a hang, along every path a saved game is
 * read: the record itself, the autosave, the library's folder and import.
 */
/* mkfifo () and truncate () under -std=c11 */
#define _POSIX_C_SOURCE 200809L

#include "model-test-util.h"

#include <sys/stat.h>
#include <unistd.h>

#include "tests/fifo-guard.h"

#include "ksm-library.h"

/* past json-glib's stack (it recursed about 80,000 deep before it died) */
#define DEEP 200000

typedef enum {
  MAKE_DATA,     /* the bytes of make () */
  MAKE_FIFO,
  MAKE_SPARSE,   /* a file over the cap, of holes */
  MAKE_FOLDER,
  MAKE_DEVICE,   /* a link to /dev/zero, which never ends */
} MakeKind;

typedef struct {
  const char *name;
  MakeKind    kind;
  char     *(*make) (gsize *length);
  int         code;
  const char *says;
} Case;

static char *good_data;
static gsize good_length;

static char *
deep_after (const char *opening, gsize *length)
{
  GString *text = g_string_new (opening);
  for (guint i = 0; i < DEEP; i++)
    g_string_append_c (text, '[');
  *length = text->len;
  return g_string_free (text, FALSE);
}

/* GScanner's single-quoted string holds a '"' that the old check took for
 * the start of a string running to the end of the file */
static char *
make_nested_quote (gsize *length)
{
  return deep_after ("['\"', ", length);
}

static char *
make_nested_comment (gsize *length)
{
  return deep_after ("[/* \" */ ", length);
}

static char *
make_nested_line_comment (gsize *length)
{
  return deep_after ("[// \"\n", length);
}

/* the good game with `from` replaced by `to` */
static char *
good_with (const char *from, const char *to, gsize *length)
{
  const char *at = strstr (good_data, from);
  GString *text = g_string_new_len (good_data, at - good_data);

  g_assert_nonnull (at);
  g_string_append (text, to);
  g_string_append (text, at + strlen (from));
  *length = text->len;
  return g_string_free (text, FALSE);
}

static char *
make_bom (gsize *length)
{
  *length = good_length + 3;
  return g_strconcat ("\xef\xbb\xbf", good_data, NULL);
}

static char *
make_utf16 (gsize *length)
{
  g_autoptr(GError) error = NULL;
  gsize read;
  char *utf16 = g_convert (good_data, (gssize) good_length, "UTF-16LE", "UTF-8", &read, length, &error);
  char *with_bom;

  g_assert_no_error (error);
  with_bom = g_malloc (*length + 2);
  memcpy (with_bom, "\xff\xfe", 2);
  memcpy (with_bom + 2, utf16, *length);
  *length += 2;
  g_free (utf16);
  return with_bom;
}

static char *
make_utf16_no_bom (gsize *length)
{
  g_autoptr(GError) error = NULL;
  gsize read;

  return g_convert (good_data, (gssize) good_length, "UTF-16BE", "UTF-8", &read, length, &error);
}

static char *
make_not_utf8 (gsize *length)
{
  return good_with ("\"kasimala\"", "\"kasi\xff\xfemala\"", length);
}

static char *
make_markup (gsize *length)
{
  return good_with ("\"kasimala\"", "\"<a href='x'>y</a>\"", length);
}

static char *
make_lone_surrogate (gsize *length)
{
  return good_with ("\"format\"", "\"\\ud800\" : 1, \"format\"", length);
}

/* json-glib 1.6 leaked 152 bytes on this member name */
static char *
make_unpaired_surrogate (gsize *length)
{
  return good_with ("\"format\"", "\"\\uD800\\u0041\" : 1, \"format\"", length);
}

static char *
make_trailing_comma (gsize *length)
{
  return good_with ("\"version\" : 1,", "\"version\" : 1,,", length);
}

static const Case cases[] = {
  { "nested-quote", MAKE_DATA, make_nested_quote, KSM_RECORD_ERROR_NOT_JSON, "strict JSON" },
  { "nested-comment", MAKE_DATA, make_nested_comment, KSM_RECORD_ERROR_NOT_JSON, "strict JSON" },
  { "nested-line-comment", MAKE_DATA, make_nested_line_comment, KSM_RECORD_ERROR_NOT_JSON, "strict JSON" },
  { "oversized", MAKE_SPARSE, NULL, KSM_RECORD_ERROR_TOO_LARGE, "more than the 16 MiB" },
  { "fifo", MAKE_FIFO, NULL, KSM_RECORD_ERROR_NOT_REGULAR, "a pipe (FIFO), not a regular file" },
  { "folder", MAKE_FOLDER, NULL, KSM_RECORD_ERROR_NOT_REGULAR, "a folder, not a regular file" },
  { "device", MAKE_DEVICE, NULL, KSM_RECORD_ERROR_NOT_REGULAR, "a device, not a regular file" },
  { "bom", MAKE_DATA, make_bom, KSM_RECORD_ERROR_ENCODING, "byte-order mark" },
  { "utf16", MAKE_DATA, make_utf16, KSM_RECORD_ERROR_ENCODING, "UTF-16" },
  { "utf16-no-bom", MAKE_DATA, make_utf16_no_bom, KSM_RECORD_ERROR_ENCODING, "UTF-16" },
  { "not-utf8", MAKE_DATA, make_not_utf8, KSM_RECORD_ERROR_ENCODING, "not UTF-8" },
  { "markup", MAKE_DATA, make_markup, KSM_RECORD_ERROR_GAME, "\"<a href='x'>y</a>\" is not one" },
  { "lone-surrogate", MAKE_DATA, make_lone_surrogate, KSM_RECORD_ERROR_NOT_JSON, "surrogate" },
  { "unpaired-surrogate", MAKE_DATA, make_unpaired_surrogate, KSM_RECORD_ERROR_NOT_JSON, "surrogate" },
  { "trailing-comma", MAKE_DATA, make_trailing_comma, KSM_RECORD_ERROR_NOT_JSON, "strict JSON" },
};

/* Writes the case at `path` */
static void
make_case (const Case *c, const char *path)
{
  g_autoptr(GError) error = NULL;

  switch (c->kind)
    {
    case MAKE_FIFO:
      g_assert_cmpint (mkfifo (path, 0600), ==, 0);
      break;
    case MAKE_FOLDER:
      g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
      break;
    case MAKE_DEVICE:
      g_assert_cmpint (symlink ("/dev/zero", path), ==, 0);
      break;
    case MAKE_SPARSE:
      g_assert_true (g_file_set_contents (path, "{", 1, &error));
      g_assert_cmpint (truncate (path, (off_t) KSM_RECORD_MAX_SIZE + 4096), ==, 0);
      break;
    case MAKE_DATA:
    default:
      {
        gsize length;
        g_autofree char *data = c->make (&length);
        g_assert_true (g_file_set_contents (path, data, (gssize) length, &error));
      }
      break;
    }
  g_assert_no_error (error);
}

/* What the file at `path` is, to check it is left as it was */
static char *
describe (const char *path)
{
  struct stat st;
  g_autofree char *data = NULL;
  gsize length;

  g_assert_cmpint (stat (path, &st), ==, 0);
  if (!S_ISREG (st.st_mode) || st.st_size > KSM_RECORD_MAX_SIZE)
    return g_strdup_printf ("mode %o, size %" G_GINT64_FORMAT, (guint) st.st_mode, (gint64) st.st_size);
  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, length);
}

static void
assert_refused (const Case *c, const GError *error, const char *how)
{
  if (error == NULL)
    g_error ("%s %s: no error", c->name, how);
  if (!g_utf8_validate (error->message, -1, NULL))
    g_error ("%s %s: the message is not UTF-8", c->name, how);
  if (error->domain != KSM_RECORD_ERROR || error->code != c->code)
    g_error ("%s %s: %s (code %d, not %d)", c->name, how, error->message, error->code, c->code);
  if (strstr (error->message, c->says) == NULL)
    g_error ("%s %s: \"%s\" does not say \"%s\"", c->name, how, error->message, c->says);
  g_test_message ("%s %s: %s", c->name, how, error->message);
}

typedef struct {
  char  *dir;
  GFile *directory;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->dir = make_temp_dir ();
  f->directory = g_file_new_for_path (f->dir);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->directory);
  remove_tree (f->dir);
  g_clear_pointer (&f->dir, g_free);
}

/* (a) the record read from the file */
static void
test_record (Fixture *f, gconstpointer data)
{
  const Case *c = data;
  g_autofree char *path = g_build_filename (f->dir, "hostile.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) record = NULL;
  FifoGuard guard;

  make_case (c, path);
  fifo_guard_arm (&guard, c->kind == MAKE_FIFO, path);
  record = ksm_record_new_from_file (file, &error);
  fifo_guard_release (&guard);
  g_assert_null (record);
  assert_refused (c, error, "as a file");

  /* and from its bytes, where there are bytes */
  if (c->kind == MAKE_DATA)
    {
      gsize length;
      g_autofree char *bytes = c->make (&length);
      g_clear_error (&error);
      record = ksm_record_new_from_data (bytes, (gssize) length, &error);
      g_assert_null (record);
      assert_refused (c, error, "as data");
    }
}

/* (b) as the autosave at start-up: refused, named, and left as it was */
static void
test_autosave (Fixture *f, gconstpointer data)
{
  const Case *c = data;
  g_autofree char *path = g_build_filename (f->dir, "autosave.json", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(KsmStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) record = NULL;
  g_autoptr(GFile) shelved = NULL;
  g_autofree char *own = NULL;
  FifoGuard guard;

  make_case (c, path);
  before = describe (path);
  store = ksm_store_new (f->directory);

  fifo_guard_arm (&guard, c->kind == MAKE_FIFO, path);
  record = ksm_store_load_autosave (store, &error);
  fifo_guard_release (&guard);
  g_assert_null (record);
  assert_refused (c, error, "as the autosave");

  fifo_guard_arm (&guard, c->kind == MAKE_FIFO, path);
  shelved = ksm_store_shelve_autosave (store, &error);
  fifo_guard_release (&guard);
  g_assert_null (shelved);
  assert_refused (c, ksm_store_get_unreadable_autosave (store), "as the autosave shelved");
  own = g_file_get_basename (ksm_store_get_autosave_file (store));
  g_assert_cmpstr (own, ==, "autosave-2.json");

  after = describe (path);
  g_assert_cmpstr (after, ==, before);
}

static void
keep_good (KsmStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) record = ksm_record_new_from_data (good_data, (gssize) good_length, &error);
  g_autoptr(GFile) kept = NULL;

  g_assert_no_error (error);
  kept = ksm_store_keep (store, record, &error);
  g_assert_no_error (error);
  g_assert_nonnull (kept);
}

/* (c) in the games folder: counted unreadable, the good game listed */
static void
test_library (Fixture *f, gconstpointer data)
{
  const Case *c = data;
  g_autoptr(KsmStore) store = ksm_store_new (f->directory);
  g_autoptr(KsmLibrary) library = ksm_library_new (store);
  g_autofree char *games = g_file_get_path (ksm_store_get_games_directory (store));
  g_autofree char *path = g_build_filename (games, "hostile.json", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  FifoGuard guard;

  keep_good (store);
  make_case (c, path);
  before = describe (path);

  fifo_guard_arm (&guard, c->kind == MAKE_FIFO, path);
  ksm_library_reload (library);
  fifo_guard_release (&guard);
  g_assert_cmpuint (g_list_model_get_n_items (ksm_library_get_model (library)), ==, 1);
  g_assert_cmpuint (ksm_library_get_n_unreadable (library), ==, 1);
  after = describe (path);
  g_assert_cmpstr (after, ==, before);
}

/* (d) imported: refused, and the library as it was */
static void
test_import (Fixture *f, gconstpointer data)
{
  const Case *c = data;
  g_autoptr(KsmStore) store = ksm_store_new (f->directory);
  g_autoptr(KsmLibrary) library = ksm_library_new (store);
  g_autofree char *path = g_build_filename (f->dir, "hostile.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmLibraryItem) item = NULL;
  g_autoptr(GFileEnumerator) children = NULL;
  GFileInfo *info;
  guint n_files = 0;
  FifoGuard guard;

  keep_good (store);
  ksm_library_reload (library);
  make_case (c, path);

  fifo_guard_arm (&guard, c->kind == MAKE_FIFO, path);
  item = ksm_library_import (library, file, &error);
  fifo_guard_release (&guard);
  g_assert_null (item);
  assert_refused (c, error, "imported");

  g_assert_cmpuint (g_list_model_get_n_items (ksm_library_get_model (library)), ==, 1);
  ksm_library_reload (library);
  g_assert_cmpuint (g_list_model_get_n_items (ksm_library_get_model (library)), ==, 1);
  g_assert_cmpuint (ksm_library_get_n_unreadable (library), ==, 0);
  g_clear_error (&error);
  children = g_file_enumerate_children (ksm_store_get_games_directory (store),
                                        G_FILE_ATTRIBUTE_STANDARD_NAME, G_FILE_QUERY_INFO_NONE,
                                        NULL, &error);
  g_assert_no_error (error);
  /* the games, not the library's own hidden index beside them */
  while (g_file_enumerator_iterate (children, &info, NULL, NULL, NULL) && info != NULL)
    n_files += g_file_info_get_name (info)[0] != '.';
  g_assert_cmpuint (n_files, ==, 1);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;

  g_test_init (&argc, &argv, NULL);
  g_assert_true (g_file_get_contents (MODEL_TEST_DATA "/doc-example.json", &good_data,
                                      &good_length, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      static const struct {
        const char *path;
        void (*test) (Fixture *, gconstpointer);
      } paths[] = {
        { "record", test_record },
        { "autosave", test_autosave },
        { "library", test_library },
        { "import", test_import },
      };
      for (guint p = 0; p < G_N_ELEMENTS (paths); p++)
        {
          g_autofree char *name = g_strdup_printf ("/model/hostile/%s/%s", paths[p].path, cases[i].name);
          g_test_add (name, Fixture, &cases[i], fixture_set_up, paths[p].test, fixture_tear_down);
        }
    }

  int status = g_test_run ();
  g_free (good_data);
  return status;
}
