/* test-translations.c: the rules documents and the catalogues.
 *
 *  - every rules document (data/rules/ *.xml) reads, and its figures are true
 *    to the engine: positions parse, the cells named exist, and a move shown
 *    as refused is one the engine refuses (and the other way round);
 *  - every text of every document is in the .pot, with the context "rules",
 *    as xgettext makes it from po/POTFILES.in with the ITS rules of po/its/
 *    (the same arguments as meson's glib preset), so a paragraph the
 *    extraction misses fails here;
 *  - every catalogue in po/LINGUAS is complete against that .pot: msgfmt
 *    --check --statistics finds nothing untranslated or fuzzy, in the file as
 *    it is and merged with the new .pot. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ksm-lesson-book.h"
#include "ksm-rules-doc.h"
#include "ksm-rules.h"

static char *source_root;
static char *work_dir;
static char *pot_path;

static const char *
tool (const char *variable, const char *fallback)
{
  const char *path = g_getenv (variable);
  return path != NULL && *path != '\0' ? path : fallback;
}

/* runs argv, and returns its stderr (NULL if it could not run or failed) */
static char *
run (const char *const *argv, const char *const *envp, int *status)
{
  g_autofree char *out = NULL;
  char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = g_get_environ ();

  for (guint i = 0; envp != NULL && envp[i] != NULL; i += 2)
    env = g_environ_setenv (env, envp[i], envp[i + 1], TRUE);
  if (!g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, status, &error))
    g_error ("%s could not run: %s", argv[0], error->message);
  return err;
}

/* The .pot as the build's kasimala-pot target makes it, into a scratch
 * folder. */
static void
make_pot (void)
{
  g_autofree char *potfiles = g_build_filename (source_root, "po", "POTFILES.in", NULL);
  g_autofree char *its_dir = g_build_filename (source_root, "po", NULL);
  g_autofree char *files_from = g_strconcat ("--files-from=", potfiles, NULL);
  g_autofree char *directory = g_strconcat ("--directory=", source_root, NULL);
  g_autofree char *output = g_strconcat ("--output=", pot_path, NULL);
  const char *argv[] = {
    tool ("KSM_XGETTEXT", "xgettext"), "--package-name=" GETTEXT_PACKAGE,
    files_from, directory, output,
    "--from-code=UTF-8", "--add-comments",
    "--keyword=_", "--keyword=N_", "--keyword=C_:1c,2", "--keyword=NC_:1c,2",
    "--keyword=g_dcgettext:2", "--keyword=g_dngettext:2,3", "--keyword=g_dpgettext2:2c,3",
    NULL,
  };
  const char *envp[] = { "GETTEXTDATADIRS", its_dir, NULL };
  int status;
  g_autofree char *err = run (argv, envp, &status);

  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("xgettext failed: %s", err);
  g_assert_true (g_file_test (pot_path, G_FILE_TEST_EXISTS));
}

/* A .po string's contents: the quoted text of one line, unescaped. */
static void
append_quoted (GString *out, const char *line)
{
  const char *start = strchr (line, '"');
  const char *end = strrchr (line, '"');
  g_autofree char *raw = NULL;
  g_autofree char *text = NULL;

  if (start == NULL || end == start)
    return;
  raw = g_strndup (start + 1, (gsize) (end - start - 1));
  text = g_strcompress (raw);
  g_string_append (out, text);
}

/* "context\004msgid" of every message of a .pot */
static GHashTable *
read_pot (const char *path)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  GHashTable *messages = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GString) context = g_string_new (NULL);
  g_autoptr(GString) id = g_string_new (NULL);
  GString *current = NULL;
  gboolean has_context = FALSE;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];

      if (g_str_has_prefix (line, "msgctxt "))
        {
          g_string_truncate (context, 0);
          has_context = TRUE;
          current = context;
          append_quoted (current, line);
        }
      else if (g_str_has_prefix (line, "msgid "))
        {
          g_string_truncate (id, 0);
          current = id;
          append_quoted (current, line);
        }
      else if (g_str_has_prefix (line, "msgstr") || g_str_has_prefix (line, "msgid_plural"))
        {
          if (current == id)
            g_hash_table_add (messages, has_context ? g_strdup_printf ("%s\004%s", context->str, id->str)
                                                    : g_strdup (id->str));
          has_context = FALSE;
          current = NULL;
        }
      else if (line[0] == '"' && current != NULL)
        append_quoted (current, line);
    }
  return messages;
}

static GPtrArray *
rules_documents (void)
{
  g_autofree char *folder = g_build_filename (source_root, "data", "rules", NULL);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (paths, g_build_filename (folder, name, NULL));
  g_assert_cmpuint (paths->len, >, 0);
  return paths;
}

static KsmRulesDoc *
read_document (const char *path)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  KsmRulesDoc *doc;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  doc = ksm_rules_doc_new_from_data (contents, -1, &error);
  if (doc == NULL)
    g_error ("%s: %s", path, error->message);
  return doc;
}

static int
find_cell (const KsmRules *rules, const KsmOptions *options, const char *name)
{
  for (int i = 0; i < rules->n_cells (options); i++)
    {
      char buf[16];
      rules->cell_name (options, i, buf, sizeof buf);
      if (g_strcmp0 (buf, name) == 0)
        return i;
    }
  return -1;
}

static void
test_documents_true_to_engine (void)
{
  g_autoptr(GPtrArray) paths = rules_documents ();

  for (guint p = 0; p < paths->len; p++)
    {
      g_autoptr(KsmRulesDoc) doc = read_document (g_ptr_array_index (paths, p));
      const KsmRules *rules = ksm_rules_lookup (ksm_rules_doc_get_game (doc));
      guint figures = 0, glossaries = 0;

      g_test_message ("%s", (char *) g_ptr_array_index (paths, p));
      g_assert_nonnull (rules);
      for (guint i = 0; i < ksm_rules_doc_get_n_blocks (doc); i++)
        {
          const KsmRulesBlock *block = ksm_rules_doc_get_block (doc, i);
          KsmPosition position;
          char error[KSM_ERROR_MAX];
          KsmMove move;
          g_auto(GStrv) ends = NULL;

          glossaries += block->kind == KSM_RULES_GLOSSARY;
          if (block->kind != KSM_RULES_FIGURE)
            continue;
          figures++;
          g_assert_nonnull (block->text);
          if (block->position == NULL)
            {
              /* strips: one a face of the game's throw, each as many as it throws */
              g_assert_cmpuint (block->children->len, ==, rules->throws.n_faces);
              for (guint k = 0; k < block->children->len; k++)
                {
                  const KsmRulesStrips *strips = g_ptr_array_index (block->children, k);
                  uint32_t pattern = 0;

                  g_assert_cmpuint (strlen (strips->hollow), ==, rules->throws.n_objects);
                  for (guint b = 0; strips->hollow[b] != '\0'; b++)
                    pattern |= (uint32_t) (strips->hollow[b] == '1') << b;
                  g_assert_cmpint (rules->throws.face_of_pattern (pattern), ==, (int) k);
                  g_assert_nonnull (strips->caption);
                }
              continue;
            }

          if (!ksm_rules_parse_position (block->position, &position, error, sizeof error))
            g_error ("figure “%s”: %s", block->text, error);
          g_assert_true (ksm_rules_for (&position) == rules);
          if (block->highlight == NULL)
            continue;
          ends = g_strsplit (block->highlight, "-", 2);
          g_assert_nonnull (ends[1]);
          g_assert_cmpint (find_cell (rules, &position.options, ends[0]), >=, 0);
          g_assert_cmpint (find_cell (rules, &position.options, ends[1]), >=, 0);
          /* with its throw in the position, the engine agrees with the figure */
          if (position.phase == KSM_PHASE_MOVE)
            {
              gboolean legal = rules->parse_move (&position, block->highlight, &move, error, sizeof error);
              if (legal == block->refused)
                g_error ("figure “%s”: the engine %s %s", block->text,
                         legal ? "allows" : "refuses", block->highlight);
            }
        }
      g_assert_cmpuint (figures, >, 0);
      g_assert_cmpuint (glossaries, ==, 1);
    }
}

static void
test_rules_in_pot (void)
{
  g_autoptr(GHashTable) pot = read_pot (pot_path);
  g_autoptr(GPtrArray) paths = rules_documents ();
  guint checked = 0;

  /* the guide beside the rules is translated the same way */
  g_ptr_array_add (paths, g_build_filename (source_root, "data", "help", "guide.xml", NULL));

  for (guint p = 0; p < paths->len; p++)
    {
      g_autoptr(KsmRulesDoc) doc = read_document (g_ptr_array_index (paths, p));
      g_autoptr(GPtrArray) messages = ksm_rules_doc_get_messages (doc);

      for (guint i = 0; i < messages->len; i++)
        {
          const char *text = g_ptr_array_index (messages, i);
          g_autofree char *key = g_strdup_printf ("rules\004%s", text);

          /* xgettext 0.21 keeps these escaped, so the app could not find them */
          if (strpbrk (text, "&<>") != NULL)
            g_error ("%s: write “%s” without &, < or >", (char *) g_ptr_array_index (paths, p), text);
          if (!g_hash_table_contains (pot, key))
            g_error ("%s: not in the .pot with the context “rules”: “%s”",
                     (char *) g_ptr_array_index (paths, p), text);
          checked++;
        }
    }
  g_assert_cmpuint (checked, >, 100);
}

/* Every text of every game's lessons (data/lessons/), context "lessons". */
static void
test_lessons_in_pot (void)
{
  g_autoptr(GHashTable) pot = read_pot (pot_path);
  guint checked = 0;

  for (int g = 0; g < KSM_N_GAMES; g++)
    {
      const char *id = ksm_rules_get ((KsmGameKind) g)->id;
      g_autofree char *name = g_strconcat (id, ".xml", NULL);
      g_autofree char *path = g_build_filename (source_root, "data", "lessons", name, NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(KsmLessonBook) book = NULL;
      g_autoptr(GPtrArray) messages = NULL;

      g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
      book = ksm_lesson_book_new_from_data (contents, -1, &error);
      if (book == NULL)
        g_error ("%s: %s", path, error->message);
      messages = ksm_lesson_book_get_messages (book);
      for (guint i = 0; i < messages->len; i++)
        {
          const char *text = g_ptr_array_index (messages, i);
          g_autofree char *key = g_strdup_printf ("lessons\004%s", text);

          if (strpbrk (text, "&<>") != NULL)
            g_error ("%s: write “%s” without &, < or >", path, text);
          if (!g_hash_table_contains (pot, key))
            g_error ("%s: not in the .pot with the context “lessons”: “%s”", path, text);
          checked++;
        }
    }
  g_assert_cmpuint (checked, >, 50);
}

/* What a reader sees names sources as a reader knows them (the Bhaktapur
 * rules page, Parker's Ancient Ceylon, Falkener), never this repository's
 * seeds or its files: no message of the .pot, the rules pages and every
 * other text of the app, says "seed" or a file's name. */
static void
test_no_repository_names (void)
{
  g_autoptr(GHashTable) pot = read_pot (pot_path);
  GHashTableIter iter;
  gpointer key;
  static const char *const words[] = { "seed", ".txt", ".md", "doc/", "data/" };

  g_hash_table_iter_init (&iter, pot);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      const char *text = strchr (key, '\004') != NULL ? strchr (key, '\004') + 1 : key;
      g_autofree char *lower = g_utf8_strdown (text, -1);
      for (gsize w = 0; w < G_N_ELEMENTS (words); w++)
        if (strstr (lower, words[w]) != NULL)
          g_error ("a text of the app says “%s”: “%s”", words[w], text);
    }
}

/* The Ashte Kashte page states the decisions of rules-decisions.md: the
 * centre is home, and under grace a captured token enters again with a 4
 * or an 8 */
static void
test_ashte_decisions_on_page (void)
{
  g_autoptr(GPtrArray) paths = rules_documents ();
  gboolean home = FALSE, reenters = FALSE;

  for (guint p = 0; p < paths->len; p++)
    {
      g_autoptr(KsmRulesDoc) doc = read_document (g_ptr_array_index (paths, p));
      g_autoptr(GPtrArray) messages = ksm_rules_doc_get_messages (doc);

      if (strcmp (ksm_rules_doc_get_game (doc), "ashte-kashte") != 0)
        continue;
      for (guint i = 0; i < messages->len; i++)
        {
          const char *text = g_ptr_array_index (messages, i);
          home |= strstr (text, "The centre is home") != NULL && strstr (text, "never be captured") != NULL;
          reenters |= strstr (text, "captured token goes back off the board") != NULL
                      && strstr (text, "enter again with a 4 or an 8") != NULL;
        }
    }
  g_assert_true (home);
  g_assert_true (reenters);
}

/* msgfmt's statistics, on stderr: "12 translated messages, 1 fuzzy
 * translation, 3 untranslated messages." */
static void
assert_complete (const char *po_path)
{
  const char *argv[] = {
    tool ("KSM_MSGFMT", "msgfmt"), "--check", "--statistics", "--output-file=/dev/null", po_path, NULL,
  };
  int status;
  g_autofree char *err = run (argv, NULL, &status);

  g_test_message ("%s: %s", po_path, err);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("msgfmt --check fails on %s: %s", po_path, err);
  if (strstr (err, "untranslated") != NULL || strstr (err, "fuzzy") != NULL)
    g_error ("%s is not complete: %s", po_path, err);
}

static void
test_catalogue (gconstpointer data)
{
  const char *language = data;
  g_autofree char *po_name = g_strconcat (language, ".po", NULL);
  g_autofree char *po_path = g_build_filename (source_root, "po", po_name, NULL);
  g_autofree char *merged = g_build_filename (work_dir, po_name, NULL);
  g_autofree char *output = g_strconcat ("--output-file=", merged, NULL);
  const char *argv[] = {
    tool ("KSM_MSGMERGE", "msgmerge"), "--quiet", "--no-fuzzy-matching", output, po_path, pot_path, NULL,
  };
  int status;
  g_autofree char *err = NULL;

  g_assert_true (g_file_test (po_path, G_FILE_TEST_EXISTS));
  /* as it is */
  assert_complete (po_path);
  /* and against the strings the sources have now */
  err = run (argv, NULL, &status);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("msgmerge failed: %s", err);
  assert_complete (merged);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      g_remove (child);
    }
  g_rmdir (path);
}

int
main (int argc, char **argv)
{
  g_autofree char *linguas_path = NULL;
  g_autofree char *linguas = NULL;
  g_auto(GStrv) languages = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  source_root = g_strdup (g_getenv ("KSM_SOURCE_ROOT"));
  g_assert_nonnull (source_root);
  work_dir = g_dir_make_tmp ("ksm-pot-XXXXXX", NULL);
  pot_path = g_build_filename (work_dir, GETTEXT_PACKAGE ".pot", NULL);
  make_pot ();

  g_test_add_func ("/rules/documents-true-to-engine", test_documents_true_to_engine);
  g_test_add_func ("/rules/every-text-in-pot", test_rules_in_pot);
  g_test_add_func ("/lessons/every-text-in-pot", test_lessons_in_pot);
  g_test_add_func ("/rules/no-repository-names", test_no_repository_names);
  g_test_add_func ("/rules/ashte-decisions-on-page", test_ashte_decisions_on_page);

  linguas_path = g_build_filename (source_root, "po", "LINGUAS", NULL);
  g_assert_true (g_file_get_contents (linguas_path, &linguas, NULL, NULL));
  languages = g_strsplit_set (linguas, " \t\n", -1);
  for (guint i = 0; languages[i] != NULL; i++)
    if (languages[i][0] != '\0' && languages[i][0] != '#')
      {
        g_autofree char *path = g_strdup_printf ("/catalogue/%s/complete", languages[i]);
        g_test_add_data_func (path, languages[i], test_catalogue);
      }

  status = g_test_run ();
  remove_tree (work_dir);
  return status;
}
