/* test-flatpak-manifest.c: flatpak/<app id>.json, checked offline.
 *
 *  - it parses, and its file name, app ID and command are the project's;
 *  - the runtime is org.gnome.Platform at a supported version, with
 *    org.gnome.Sdk;
 *  - the last module is this project, built with meson from the source
 *    folder itself (no download);
 *  - finish-args only from the list below, which README.md's "Flatpak"
 *    section gives a reason for, one by one: no network, no files of the
 *    home folder (files come through the portals);
 *  - flatpak-builder --show-manifest reads it the same way, where
 *    flatpak-builder is installed (skipped elsewhere).
 *
 * meson sets KSM_SOURCE_ROOT, and KSM_PROJECT and KSM_COMMAND at build time.
 */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>
#include <string.h>

#include "tests/remove-tree.h"

/* The oldest org.gnome.Platform still supported: GNOME supports a runtime
 * until the second release after it (51 came out in September 2026). */
#define OLDEST_RUNTIME 50

/* Everything the app may be granted. Keep README.md's list in step. */
static const char *const allowed_finish_args[] = {
  "--share=ipc",             /* X11's shared memory, for fallback-x11 */
  "--socket=fallback-x11",   /* a display on X11 sessions only */
  "--socket=wayland",        /* the display */
  "--device=dri",            /* GPU rendering for GTK 4 */
  NULL
};

/* What the app must have to show a window at all */
static const char *const required_finish_args[] = {
  "--socket=wayland",
  "--socket=fallback-x11",
  "--share=ipc",
  NULL
};

static char *manifest_path;

static JsonObject *
load (const char *path, JsonParser *parser)
{
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  if (!json_parser_load_from_file (parser, path, &error))
    g_error ("%s: %s", path, error->message);
  root = json_parser_get_root (parser);
  g_assert_nonnull (root);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_node_get_object (root);
}

static const char *
string_member (JsonObject *object, const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* app-id, or id, as flatpak-builder accepts either */
static const char *
app_id (JsonObject *manifest)
{
  const char *id = string_member (manifest, "app-id");
  return id != NULL ? id : string_member (manifest, "id");
}

static void
check_identity (JsonObject *manifest)
{
  g_autofree char *base = g_path_get_basename (manifest_path);
  g_autofree char *expected_base = g_strconcat (APPLICATION_ID, ".json", NULL);

  g_assert_cmpstr (app_id (manifest), ==, APPLICATION_ID);
  g_assert_cmpstr (base, ==, expected_base);
  g_assert_cmpstr (string_member (manifest, "command"), ==, KSM_COMMAND);
}

static void
check_runtime (JsonObject *manifest)
{
  const char *version = string_member (manifest, "runtime-version");
  char *end = NULL;
  long number;

  g_assert_cmpstr (string_member (manifest, "runtime"), ==, "org.gnome.Platform");
  g_assert_cmpstr (string_member (manifest, "sdk"), ==, "org.gnome.Sdk");
  g_assert_nonnull (version);
  number = strtol (version, &end, 10);
  if (end == version || *end != '\0')
    g_error ("runtime-version “%s” is not a GNOME release (“master” is not for shipping)", version);
  g_assert_cmpint (number, >=, OLDEST_RUNTIME);
}

static void
check_finish_args (JsonObject *manifest)
{
  JsonArray *args;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_true (json_object_has_member (manifest, "finish-args"));
  args = json_object_get_array_member (manifest, "finish-args");
  g_assert_nonnull (args);

  for (guint i = 0; i < json_array_get_length (args); i++)
    {
      const char *arg = json_array_get_string_element (args, i);

      g_assert_nonnull (arg);
      if (g_str_equal (arg, "--share=network"))
        g_error ("finish-args: --share=network, but the app uses no network");
      if (g_str_has_prefix (arg, "--filesystem="))
        g_error ("finish-args: %s, but files come through the portals", arg);
      if (!g_strv_contains (allowed_finish_args, arg))
        g_error ("finish-args: %s is not one the app needs (see README.md, Flatpak)", arg);
      if (g_hash_table_contains (seen, arg))
        g_error ("finish-args: %s twice", arg);
      g_hash_table_add (seen, (gpointer) arg);
    }

  for (guint i = 0; required_finish_args[i] != NULL; i++)
    if (!g_hash_table_contains (seen, required_finish_args[i]))
      g_error ("finish-args: no %s, and the app needs it for a window", required_finish_args[i]);
}

/* The last module builds this project with meson, from the folder above
 * flatpak/, that is, this source tree. */
static void
check_modules (JsonObject *manifest)
{
  JsonArray *modules = json_object_get_array_member (manifest, "modules");
  JsonObject *module, *source;
  JsonArray *sources;
  g_autofree char *manifest_dir = g_path_get_dirname (manifest_path);
  g_autofree char *source_dir = NULL;
  g_autofree char *meson_build = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *project_line = NULL;

  g_assert_nonnull (modules);
  g_assert_cmpuint (json_array_get_length (modules), >=, 1);
  module = json_array_get_object_element (modules, json_array_get_length (modules) - 1);
  g_assert_nonnull (module);

  g_assert_cmpstr (string_member (module, "name"), ==, KSM_PROJECT);
  g_assert_cmpstr (string_member (module, "buildsystem"), ==, "meson");

  sources = json_object_get_array_member (module, "sources");
  g_assert_nonnull (sources);
  g_assert_cmpuint (json_array_get_length (sources), ==, 1);
  source = json_array_get_object_element (sources, 0);
  g_assert_cmpstr (string_member (source, "type"), ==, "dir");
  g_assert_nonnull (string_member (source, "path"));

  source_dir = g_build_filename (manifest_dir, string_member (source, "path"), NULL);
  meson_build = g_build_filename (source_dir, "meson.build", NULL);
  g_assert_true (g_file_get_contents (meson_build, &contents, NULL, NULL));
  project_line = g_strdup_printf ("project('%s'", KSM_PROJECT);
  g_assert_true (g_str_has_prefix (contents, project_line));
}

static void
test_manifest (void)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *manifest = load (manifest_path, parser);

  check_identity (manifest);
  check_runtime (manifest);
  check_finish_args (manifest);
  check_modules (manifest);
}

/* flatpak-builder's own reading: it rejects what it does not understand.
 * It runs in a scratch folder, where it leaves its .flatpak-builder/. */
static void
test_flatpak_builder (void)
{
  g_autofree char *builder = g_find_program_in_path ("flatpak-builder");
  g_autofree char *dir = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *shown;
  int status = 0;

  if (builder == NULL)
    {
      g_test_skip ("flatpak-builder is not installed");
      return;
    }

  dir = g_dir_make_tmp ("ksm-flatpak-XXXXXX", &error);
  g_assert_no_error (error);
  {
    const char *argv[] = { builder, "--show-manifest", manifest_path, NULL };
    if (!g_spawn_sync (dir, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                       &out, &err, &status, &error))
      g_error ("cannot run flatpak-builder: %s", error->message);
  }
  remove_tree (dir);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("flatpak-builder --show-manifest: %s\n%s", error->message, err);

  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, out, -1, &error))
    g_error ("flatpak-builder --show-manifest printed no JSON: %s", error->message);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  shown = json_node_get_object (json_parser_get_root (parser));

  check_identity (shown);
  check_runtime (shown);
  check_finish_args (shown);
  check_modules (shown);
}

int
main (int argc, char *argv[])
{
  const char *source_root = g_getenv ("KSM_SOURCE_ROOT");

  g_test_init (&argc, &argv, NULL);

  if (source_root == NULL)
    {
      g_printerr ("KSM_SOURCE_ROOT is not set (run through meson test)\n");
      return 77;
    }
  manifest_path = g_build_filename (source_root, "flatpak", APPLICATION_ID ".json", NULL);

  g_test_add_func ("/flatpak/manifest", test_manifest);
  g_test_add_func ("/flatpak/flatpak-builder", test_flatpak_builder);

  return g_test_run ();
}
