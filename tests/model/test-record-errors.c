/* test-record-errors.c: every kind of bad saved-game file is refused, with
 * its error code and a one-line message saying what is wrong and where, and
 * without a crash; and refusing a file leaves the game already open as it
 * was.
 *
 * The bad files are made from a good one (a whole seeded game) by cutting
 * it, or by editing its JSON tree one field at a time.
 */
#include "model-test-util.h"

#include <json-glib/json-glib.h>

static char  *good_data;        /* a finished game */
static gsize  good_length;
static guint  n_good_events;
static int    first_move;       /* index of its first move event */
static int    late_move;        /* a move event after the 100th event */
static int    first_lost;       /* its first lost throw */

static void
make_good_file (void)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmRecord) record = NULL;
  g_autoptr(GDateTime) ended = g_date_time_new_utc (2026, 11, 30, 11, 0, 0);
  KsmRandom rng;
  KsmPosition end;

  if (good_data != NULL)
    return;
  record = ksm_record_new (&options, PERSON_COMPUTER, 2024);
  ksm_random_seed (&rng, 2024);
  engine_play (record, &rng, G_MAXUINT, &end);
  g_assert_cmpint (end.phase, ==, KSM_PHASE_OVER);
  ksm_record_set_ended (record, ended);
  ksm_record_set_generators (record, &rng, &rng);

  n_good_events = ksm_record_get_n_events (record);
  first_move = find_event (record, KSM_EVENT_MOVE, 0);
  late_move = find_event (record, KSM_EVENT_MOVE, 100);
  first_lost = find_event (record, KSM_EVENT_LOST, 0);
  g_assert_cmpint (first_move, >, 0);
  g_assert_cmpint (late_move, >, 100);
  g_assert_cmpint (first_lost, >, 0);
  good_data = ksm_record_to_data (record, &good_length);
}

/* the good file as a tree, to edit */
static JsonNode *
good_tree (void)
{
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  make_good_file ();
  root = json_from_string (good_data, &error);
  g_assert_no_error (error);
  return root;
}

static JsonObject *
root_object (JsonNode *root)
{
  return json_node_get_object (root);
}

static JsonObject *
member_object (JsonNode *root, const char *name)
{
  return json_object_get_object_member (root_object (root), name);
}

static JsonArray *
events_of (JsonNode *root)
{
  return json_object_get_array_member (root_object (root), "events");
}

static JsonObject *
event_of (JsonNode *root, guint index)
{
  return json_array_get_object_element (events_of (root), index);
}

static JsonObject *
seat_of (JsonNode *root, guint index)
{
  return json_array_get_object_element (
    json_object_get_array_member (root_object (root), "seats"), index);
}

/* makes an event object say just what it is given */
static void
clear_event (JsonObject *event)
{
  json_object_remove_member (event, "throw");
  json_object_remove_member (event, "pattern");
  json_object_remove_member (event, "move");
  json_object_remove_member (event, "lost");
}

static KsmRecord *open_record;       /* the game already open */
static char      *open_data;
static char      *open_position;

static guint n_refused;

/* Loads `data` and checks it is refused with `code` and a one-line message
 * holding every fragment (NULL-terminated). The open game must not move. */
static void
expect_refused_data (const char *data, gssize length, int code, ...)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) record = ksm_record_new_from_data (data, length, &error);
  va_list args;
  const char *fragment;

  if (record != NULL)
    g_error ("a bad file was accepted:\n%.*s", length < 0 ? (int) strlen (data) : (int) length,
             data);
  g_assert_nonnull (error);
  g_assert_true (error->domain == KSM_RECORD_ERROR);
  if (error->code != code)
    g_error ("code %d, not %d: %s", error->code, code, error->message);
  g_assert_null (strchr (error->message, '\n'));
  g_assert_cmpuint (strlen (error->message), >, 10);

  va_start (args, code);
  while ((fragment = va_arg (args, const char *)) != NULL)
    if (strstr (error->message, fragment) == NULL)
      g_error ("the message \"%s\" does not say \"%s\"", error->message, fragment);
  va_end (args);

  if (g_test_verbose ())
    g_test_message ("refused: %s", error->message);
  n_refused++;

  /* the game already open is untouched */
  if (open_record != NULL)
    {
      g_autofree char *now = ksm_record_to_data (open_record, NULL);
      g_autofree char *position = record_position_text (open_record);
      g_assert_cmpstr (now, ==, open_data);
      g_assert_cmpstr (position, ==, open_position);
    }
}

#define expect_refused(data, code, ...) \
  expect_refused_data ((data), -1, (code), __VA_ARGS__, NULL)

/* serialises an edited tree, frees it, and expects it refused */
#define expect_tree_refused(root, code, ...) \
  G_STMT_START { \
    g_autofree char *text_ = json_to_string ((root), TRUE); \
    json_node_unref (root); \
    expect_refused_data (text_, -1, (code), __VA_ARGS__, NULL); \
  } G_STMT_END

static void
expect_tree_accepted (JsonNode *root, KsmRecord **out)
{
  g_autofree char *text = json_to_string (root, TRUE);
  g_autoptr(GError) error = NULL;
  KsmRecord *record;

  json_node_unref (root);
  record = ksm_record_new_from_data (text, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (record);
  if (out != NULL)
    *out = record;
  else
    g_object_unref (record);
}

/* ---- the tests ---- */

static void
test_good_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) record = NULL;

  record = ksm_record_new_from_data (good_data, (gssize) good_length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ksm_record_get_n_events (record), ==, n_good_events);
}

static void
test_truncated (void)
{
  /* cut in half */
  expect_refused_data (good_data, (gssize) good_length / 2, KSM_RECORD_ERROR_NOT_JSON,
                       "not a saved game: the file is not complete JSON", NULL);
  /* and cut anywhere at all before its last brace */
  for (gsize cut = 1; cut < good_length - 1; cut += 997)
    expect_refused_data (good_data, (gssize) cut, KSM_RECORD_ERROR_NOT_JSON,
                         "not complete JSON", NULL);
  expect_refused_data (good_data, (gssize) (strrchr (good_data, '}') - good_data),
                       KSM_RECORD_ERROR_NOT_JSON, "not complete JSON", NULL);
  {
    /* a NUL-terminated copy of the first half */
    g_autofree char *half = g_strndup (good_data, good_length / 2);
    expect_refused (half, KSM_RECORD_ERROR_NOT_JSON, "not a saved game");
  }
}

static void
test_not_json (void)
{
  static const char binary[] = { 'P', 'K', 3, 4, 0, 0, (char) 0xff, (char) 0xfe, 10, 0, 1 };

  expect_refused ("hello, world", KSM_RECORD_ERROR_NOT_JSON,
                  "not a saved game: the file is not complete JSON (");
  expect_refused ("{ format: \"kasimala-game\" }", KSM_RECORD_ERROR_NOT_JSON, "not complete JSON");
  expect_refused ("{ \"format\": \"kasimala-game\", }", KSM_RECORD_ERROR_NOT_JSON,
                  "not complete JSON");
  expect_refused ("<html><body>404</body></html>", KSM_RECORD_ERROR_NOT_JSON, "not complete JSON");
  /* checked as text before as JSON */
  expect_refused_data (binary, sizeof binary, KSM_RECORD_ERROR_ENCODING, "not UTF-8 text", NULL);
  {
    /* a good file with something after it */
    g_autofree char *tail = g_strconcat (good_data, "\n garbage", NULL);
    expect_refused (tail, KSM_RECORD_ERROR_NOT_JSON, "not complete JSON");
  }
  /* found by fuzzing: json-glib leaked a container after a first value */
  {
    static const char *twice[] = { "1{\"a\": 0}", "{\"a\": 0} {\"b\": 1}", "[1]{\"a\": 0}",
                                   "null [2]", "\"{\" {\"a\": \"}\"}" };
    for (guint i = 0; i < G_N_ELEMENTS (twice); i++)
      expect_refused (twice[i], KSM_RECORD_ERROR_NOT_JSON, "not complete JSON (more than one value)");
    g_autofree char *doubled = g_strconcat (good_data, good_data, NULL);
    expect_refused (doubled, KSM_RECORD_ERROR_NOT_JSON, "not complete JSON (more than one value)");
  }
}

static void
test_empty_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) record = ksm_record_new_from_data ("", 0, &error);

  /* nothing at all, or only white space: refused either as not JSON or as
   * holding no object, but refused */
  g_assert_null (record);
  g_assert_nonnull (error);
  g_assert_true (error->domain == KSM_RECORD_ERROR);
  g_assert_true (error->code == KSM_RECORD_ERROR_NOT_JSON || error->code == KSM_RECORD_ERROR_FORMAT);
  g_assert_true (g_str_has_prefix (error->message, "not a saved game"));
  g_clear_error (&error);

  record = ksm_record_new_from_data ("  \n\t ", -1, &error);
  g_assert_null (record);
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, "not a saved game"));
}

static void
test_not_an_object (void)
{
  static const char *texts[] = { "[]", "[1, 2, 3]", "42", "\"kasimala-game\"", "null", "true",
                                 "[{\"format\": \"kasimala-game\", \"version\": 1}]" };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    expect_refused (texts[i], KSM_RECORD_ERROR_FORMAT,
                    "not a saved game: the file holds no JSON object");
}

static void
test_wrong_format (void)
{
  JsonNode *root;

  expect_refused ("{}", KSM_RECORD_ERROR_FORMAT,
                  "not a saved game: \"format\" is not \"kasimala-game\"");

  root = good_tree ();
  json_object_set_string_member (root_object (root), "format", "chess-game");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"format\" is not \"kasimala-game\"");

  root = good_tree ();
  json_object_set_string_member (root_object (root), "format", "Kasimala-Game");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"format\" is not \"kasimala-game\"");

  root = good_tree ();
  json_object_set_int_member (root_object (root), "format", 1);
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"format\" is not \"kasimala-game\"");

  root = good_tree ();
  json_object_remove_member (root_object (root), "format");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"format\" is not \"kasimala-game\"");
}

static void
test_version (void)
{
  static const gint64 versions[] = { 99, 2, 0, -1, G_MAXINT64 };
  JsonNode *root;

  for (guint i = 0; i < G_N_ELEMENTS (versions); i++)
    {
      g_autofree char *says = g_strdup_printf ("saved-game format version %" G_GINT64_FORMAT
                                               " is not one", versions[i]);
      root = good_tree ();
      json_object_set_int_member (root_object (root), "version", versions[i]);
      expect_tree_refused (root, KSM_RECORD_ERROR_VERSION, says, "it reads version 1");
    }

  /* a version that is not a whole number is a wrong field, not a version */
  root = good_tree ();
  json_object_set_string_member (root_object (root), "version", "1");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"version\" must be a whole number");

  root = good_tree ();
  json_object_set_double_member (root_object (root), "version", 1.5);
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"version\" must be a whole number");

  root = good_tree ();
  json_object_remove_member (root_object (root), "version");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"version\" must be a whole number");
}

static void
test_unknown_game (void)
{
  JsonNode *root;

  root = good_tree ();
  json_object_set_string_member (root_object (root), "game", "chess");
  expect_tree_refused (root, KSM_RECORD_ERROR_GAME,
                       "the game \"chess\" is not one this version of Kasimala knows");

  root = good_tree ();
  json_object_set_string_member (root_object (root), "game", "");
  expect_tree_refused (root, KSM_RECORD_ERROR_GAME, "the game \"\" is not one");

  root = good_tree ();
  json_object_set_int_member (root_object (root), "game", 0);
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"game\" must be a string");
}

static void
test_wrong_field_types (void)
{
  JsonNode *root;

  /* options */
  root = good_tree ();
  json_object_set_string_member (root_object (root), "options", "standard");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"options\" must be an object");

  root = good_tree ();
  json_object_set_string_member (member_object (root, "options"), "length", "17");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "options: \"length\" must be a whole number");

  root = good_tree ();
  json_object_set_int_member (member_object (root, "options"), "length", 300);
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "options: \"length\" must be from 0 to 255");

  root = good_tree ();
  json_object_set_int_member (member_object (root, "options"), "length", 18);
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "options: ", "18");

  root = good_tree ();
  json_object_set_int_member (member_object (root, "options"), "players", 3);
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "options: ", "3");

  root = good_tree ();
  json_object_set_int_member (member_object (root, "options"), "first-player", 2);
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "options: ", "first player");

  root = good_tree ();
  json_object_set_int_member (member_object (root, "options"), "throw-limit", -1);
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "options: \"throw-limit\" must be from 0");

  root = good_tree ();
  json_object_set_boolean_member (member_object (root, "options"), "throw-limit", TRUE);
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT,
                       "options: \"throw-limit\" must be a whole number");

  root = good_tree ();
  json_object_remove_member (member_object (root, "options"), "rules");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "options: \"rules\" must be an object");

  root = good_tree ();
  json_object_remove_member (json_object_get_object_member (member_object (root, "options"),
                                                            "rules"),
                             "extra-throw");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT,
                       "options: rule \"extra-throw\" must be true or false");

  root = good_tree ();
  json_object_set_string_member (json_object_get_object_member (member_object (root, "options"),
                                                                "rules"),
                                 "safe-laigas", "yes");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT,
                       "options: rule \"safe-laigas\" must be true or false");

  /* seats */
  root = good_tree ();
  json_object_set_object_member (root_object (root), "seats", json_object_new ());
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"seats\" must be a list");

  root = good_tree ();
  json_array_remove_element (json_object_get_array_member (root_object (root), "seats"), 1);
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"seats\": 1 seats for a game of 2 players");

  root = good_tree ();
  json_object_set_string_member (seat_of (root, 1), "kind", "robot");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "seat 2: \"kind\" must be person or computer");

  root = good_tree ();
  json_object_remove_member (seat_of (root, 0), "kind");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "seat 1: \"kind\" must be a string");

  root = good_tree ();
  json_object_remove_member (seat_of (root, 1), "level");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "seat 2: \"level\" must be a string");

  root = good_tree ();
  json_object_set_string_member (seat_of (root, 1), "level", "grandmaster");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT,
                       "seat 2: unknown computer level \"grandmaster\"");

  /* seed */
  root = good_tree ();
  json_object_set_int_member (root_object (root), "seed", 2024);
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"seed\" must be a string");

  root = good_tree ();
  json_object_set_string_member (root_object (root), "seed", "-5");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"seed\": \"-5\" is not a whole number");

  root = good_tree ();
  json_object_set_string_member (root_object (root), "seed", "18446744073709551616");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"seed\": \"18446744073709551616\"");

  /* dates */
  root = good_tree ();
  json_object_remove_member (root_object (root), "started");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"started\" must be a date");

  root = good_tree ();
  json_object_set_string_member (root_object (root), "started", "yesterday");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT,
                       "\"started\": \"yesterday\" is not an ISO 8601 date");

  root = good_tree ();
  json_object_set_int_member (root_object (root), "ended", 5);
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"ended\" must be a date");

  /* generators */
  root = good_tree ();
  json_object_set_string_member (root_object (root), "generator", "not hex");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"generator\": not a generator state");

  root = good_tree ();
  json_object_remove_member (root_object (root), "computer-generator");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"computer-generator\" must be a string");

  /* events, as fields */
  root = good_tree ();
  json_object_set_string_member (root_object (root), "events", "none");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"events\" must be a list");

  root = good_tree ();
  json_array_add_int_element (events_of (root), 7);
  {
    g_autofree char *where = g_strdup_printf ("event %u must be an object", n_good_events + 1);
    expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, where);
  }

  root = good_tree ();
  json_object_remove_member (event_of (root, 2), "player");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "event 3: \"player\" must be a whole number");

  root = good_tree ();
  json_object_set_int_member (event_of (root, 2), "player", 7);
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "event 3: \"player\" must be from 0 to 3");

  root = good_tree ();
  clear_event (event_of (root, 2));
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "event 3: no \"throw\", \"move\" or \"lost\"");

  root = good_tree ();
  json_object_set_int_member (event_of (root, 0), "throw", 1);
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "event 1: \"throw\" must be a string");

  root = good_tree ();
  json_object_set_string_member (event_of (root, 0), "throw", "six");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT,
                       "event 1: \"six\" is not a throw of Kasimala Paay");

  root = good_tree ();
  json_object_set_int_member (event_of (root, 0), "pattern", 16);
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "event 1: \"pattern\" must be from 0 to 15");

  root = good_tree ();
  json_object_set_string_member (event_of (root, 0), "pattern", "1");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "event 1: \"pattern\" must be a whole number");

  root = good_tree ();
  json_object_set_string_member (event_of (root, (guint) first_lost), "lost", "six");
  {
    g_autofree char *where = g_strdup_printf ("event %d: \"six\" is not a throw", first_lost + 1);
    expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, where);
  }

  root = good_tree ();
  json_object_set_int_member (event_of (root, (guint) first_move), "move", 17);
  {
    g_autofree char *where = g_strdup_printf ("event %d: \"move\" must be a string", first_move + 1);
    expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, where);
  }

  /* the final position */
  root = good_tree ();
  json_object_set_int_member (root_object (root), "position", 0);
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"position\" must be a string");

  root = good_tree ();
  json_object_set_string_member (root_object (root), "position",
    "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"position\" is not where the events lead");

  /* a position no game can reach (rules-decisions.md, "Positions that
   * cannot arise") is refused by what is wrong with it, naming the cell */
  root = good_tree ();
  json_object_set_string_member (root_object (root), "position",
    "kasimala 17 B:BBBBBBBBBBBBBBBBb M:................. T:SSSSSSSSSSSSSSSSS b - 9 0/0");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"position\": cell B17",
                       "two cells nearer the mala");
  root = good_tree ();
  json_object_set_string_member (root_object (root), "position",
    "kasimala 17 B:b................ M:................. T:SSSSSSSSSSSSSSSSS b - 9 16/0");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"position\": cell B1", "first cell");
  root = good_tree ();
  json_object_set_string_member (root_object (root), "position",
    "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0 limit=9 limit=9");
  expect_tree_refused (root, KSM_RECORD_ERROR_FORMAT, "\"position\": field 11: limit is given twice");
}

/* Expects the edited tree refused as an illegal event: code EVENT, and a
 * message that starts by naming the event, counting from 1. */
static void
expect_event_error (JsonNode *root, int index, const char *what)
{
  g_autofree char *text = json_to_string (root, TRUE);
  g_autofree char *prefix = g_strdup_printf ("event %d: ", index + 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) record = NULL;

  json_node_unref (root);
  expect_refused_data (text, -1, KSM_RECORD_ERROR_EVENT, prefix, what, NULL);
  record = ksm_record_new_from_data (text, -1, &error);
  g_assert_nonnull (error);
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("the message \"%s\" does not start \"%s\"", error->message, prefix);
}

static void
test_illegal_events (void)
{
  const KsmRules *rules = kasimala_rules ();
  g_autoptr(KsmRecord) good = ksm_record_new_from_data (good_data, -1, NULL);
  int indices[] = { first_move, late_move };
  JsonNode *root;
  const char *name;

  /* a move that is never legal, early and late in the game */
  for (guint k = 0; k < G_N_ELEMENTS (indices); k++)
    {
      KsmPosition before;
      KsmMove move;
      char message[KSM_ERROR_MAX];

      g_assert_true (ksm_record_replay (good, (guint) indices[k], &before, NULL));
      g_assert_false (rules->parse_move (&before, "B1-T17", &move, message, sizeof message));

      root = good_tree ();
      json_object_set_string_member (event_of (root, (guint) indices[k]), "move", "B1-T17");
      expect_event_error (root, indices[k], "this move is not legal");

      root = good_tree ();
      json_object_set_string_member (event_of (root, (guint) indices[k]), "move", "Z9-Q1");
      expect_event_error (root, indices[k], "this move is not legal");
    }

  /* a move with the wrong capture count */
  root = good_tree ();
  {
    JsonObject *event = event_of (root, (guint) first_move);
    g_autofree char *text = g_strdup_printf ("%sx3", json_object_get_string_member (event, "move"));
    json_object_set_string_member (event, "move", text);
  }
  expect_event_error (root, first_move, "captures 0, not 3");

  /* a throw said to be lost when it can be used */
  root = good_tree ();
  {
    JsonObject *event = event_of (root, (guint) first_move);
    JsonObject *throw = event_of (root, (guint) first_move - 1);
    g_autofree char *face = g_strdup (json_object_get_string_member (throw, "throw"));
    clear_event (event);
    json_object_set_string_member (event, "lost", face);
  }
  expect_event_error (root, first_move, "the throw is said to be lost, but it can be used");

  /* a lost throw of another face than the one thrown */
  root = good_tree ();
  {
    JsonObject *event = event_of (root, (guint) first_lost);
    name = json_object_get_string_member (event, "lost");
    json_object_set_string_member (event, "lost", strcmp (name, "dwadi") == 0 ? "sudi" : "dwadi");
  }
  expect_event_error (root, first_lost, "lost");

  /* a throw whose pattern is not its face: one strip turned over */
  root = good_tree ();
  {
    JsonObject *event = event_of (root, 4);
    gint64 pattern = json_object_get_int_member (event, "pattern");
    g_assert_true (json_object_has_member (event, "throw"));
    json_object_set_int_member (event, "pattern", pattern ^ 1);
  }
  expect_event_error (root, 4, "the throw does not match how the strips fell");

  /* the same, with the face given by its value */
  root = good_tree ();
  json_object_set_string_member (event_of (root, 0), "throw",
                                 json_object_get_int_member (event_of (root, 0), "pattern") == 0
                                 ? "1" : "5");
  expect_event_error (root, 0, "the throw does not match");

  /* a throw by the player who is not to throw */
  root = good_tree ();
  {
    JsonObject *event = event_of (root, 0);
    json_object_set_int_member (event, "player", 1 - json_object_get_int_member (event, "player"));
  }
  expect_event_error (root, 0, "it is not player 1's turn");

  /* a throw where a move was due */
  root = good_tree ();
  {
    JsonObject *event = event_of (root, (guint) late_move);
    clear_event (event);
    json_object_set_string_member (event, "throw", "kasi");
    json_object_set_int_member (event, "pattern", 1);
  }
  expect_event_error (root, late_move, "a throw, but a move was due");

  /* a move where a throw was due */
  root = good_tree ();
  {
    JsonObject *event = event_of (root, 0);
    clear_event (event);
    json_object_set_string_member (event, "move", "B17-M17");
  }
  expect_event_error (root, 0, "a move, but a throw was due");

  /* an event taken out of the middle */
  root = good_tree ();
  json_array_remove_element (events_of (root), (guint) late_move);
  expect_tree_refused (root, KSM_RECORD_ERROR_EVENT, "event ");
}

static void
test_events_after_the_end (void)
{
  g_autoptr(KsmRecord) good = ksm_record_new_from_data (good_data, -1, NULL);
  JsonNode *root;
  JsonObject *event;
  KsmPosition end;

  g_assert_true (ksm_record_replay (good, n_good_events, &end, NULL));
  g_assert_cmpint (end.phase, ==, KSM_PHASE_OVER);

  root = good_tree ();
  event = json_object_new ();
  json_object_set_int_member (event, "player", end.to_move);
  json_object_set_string_member (event, "throw", "kasi");
  json_object_set_int_member (event, "pattern", 1);
  json_array_add_object_element (events_of (root), event);
  expect_event_error (root, (int) n_good_events, "the game is already over");

  root = good_tree ();
  event = json_object_new ();
  json_object_set_int_member (event, "player", 1 - end.to_move);
  json_object_set_string_member (event, "move", "M1-M2");
  json_array_add_object_element (events_of (root), event);
  expect_event_error (root, (int) n_good_events, "the game is already over");
}

/* what a reader may leave out or add, and still be read */
static void
test_accepted_variations (void)
{
  g_autoptr(KsmRecord) good = ksm_record_new_from_data (good_data, -1, NULL);
  KsmRecord *record = NULL;
  JsonNode *root;

  /* no position, no result, no generators */
  root = good_tree ();
  json_object_remove_member (root_object (root), "position");
  json_object_remove_member (root_object (root), "result");
  json_object_remove_member (root_object (root), "generator");
  json_object_remove_member (root_object (root), "computer-generator");
  expect_tree_accepted (root, &record);
  g_assert_null (ksm_record_get_generator (record));
  g_assert_cmpuint (ksm_record_get_n_events (record), ==, n_good_events);
  g_clear_object (&record);

  /* a field this version does not know */
  root = good_tree ();
  json_object_set_string_member (root_object (root), "comment", "played at Taulachhen");
  expect_tree_accepted (root, NULL);

  /* moves written without their capture counts: the counts come back */
  root = good_tree ();
  {
    JsonArray *events = events_of (root);
    guint stripped = 0;
    for (guint i = 0; i < json_array_get_length (events); i++)
      {
        JsonObject *event = json_array_get_object_element (events, i);
        const char *move = json_object_has_member (event, "move")
                           ? json_object_get_string_member (event, "move") : NULL;
        if (move != NULL && strchr (move, 'x') != NULL)
          {
            g_autofree char *bare = g_strndup (move, (gsize) (strchr (move, 'x') - move));
            json_object_set_string_member (event, "move", bare);
            stripped++;
          }
      }
    g_assert_cmpuint (stripped, >, 0);
  }
  expect_tree_accepted (root, &record);
  assert_records_equal (good, record, TRUE);
  g_clear_object (&record);
}

/* JSON nested a million deep: json-glib's parser recurses once a level, so
 * unguarded it runs out of stack. The file must be refused like any other
 * that is not a saved game. Run in a subprocess, so a crash fails this test
 * alone. */
static void
test_deep_nesting (void)
{
  static const char *const openers[] = { "[", "{\"a\":", "{\"format\":\"kasimala-game\",\"x\":[" };

  if (g_test_subprocess ())
    {
      for (guint k = 0; k < G_N_ELEMENTS (openers); k++)
        {
          g_autoptr(GString) text = g_string_new (NULL);
          g_autoptr(GError) error = NULL;
          g_autoptr(KsmRecord) record = NULL;

          for (guint i = 0; i < 1000000; i++)
            g_string_append (text, openers[k]);
          record = ksm_record_new_from_data (text->str, (gssize) text->len, &error);
          g_assert_null (record);
          g_assert_nonnull (error);
          g_assert_true (error->domain == KSM_RECORD_ERROR);
          g_assert_true (error->code == KSM_RECORD_ERROR_NOT_JSON
                         || error->code == KSM_RECORD_ERROR_FORMAT);
          g_assert_true (g_str_has_prefix (error->message, "not a saved game"));
          g_assert_null (strchr (error->message, '\n'));
        }
      return;
    }
  g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* files on disk: missing, a folder, and a bad one */
static void
test_files (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *missing = g_build_filename (dir, "missing.json", NULL);
  g_autofree char *half = g_build_filename (dir, "half.json", NULL);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) record = NULL;

  file = g_file_new_for_path (missing);
  record = ksm_record_new_from_file (file, &error);
  g_assert_null (record);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_clear_object (&file);

  file = g_file_new_for_path (dir);
  record = ksm_record_new_from_file (file, &error);
  g_assert_null (record);
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_clear_object (&file);

  g_assert_true (g_file_set_contents (half, good_data, (gssize) good_length / 2, NULL));
  file = g_file_new_for_path (half);
  record = ksm_record_new_from_file (file, &error);
  g_assert_null (record);
  g_assert_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_NOT_JSON);

  remove_tree (dir);
}

/* while a game is open, every bad file above is refused and the open
 * game's record and position do not change (expect_refused_data checks
 * after each one); and the game goes on afterwards */
static void
test_open_game_untouched (void)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmGame) game = ksm_game_new (&options, PERSONS, 99);
  guint before;

  for (guint i = 0; i < 120; i++)
    person_acts (game, 0);
  open_record = ksm_game_get_record (game);
  open_data = ksm_record_to_data (open_record, NULL);
  open_position = game_position_text (game);

  before = n_refused;
  test_truncated ();
  test_not_json ();
  test_not_an_object ();
  test_wrong_format ();
  test_version ();
  test_unknown_game ();
  test_wrong_field_types ();
  test_illegal_events ();
  test_events_after_the_end ();
  g_assert_cmpuint (n_refused - before, >, 80);

  {
    g_autofree char *position = game_position_text (game);
    g_assert_cmpstr (position, ==, open_position);
  }
  open_record = NULL;
  g_clear_pointer (&open_data, g_free);
  g_clear_pointer (&open_position, g_free);

  /* still playable */
  before = ksm_record_get_n_events (ksm_game_get_record (game));
  person_acts (game, 0);
  g_assert_cmpuint (ksm_record_get_n_events (ksm_game_get_record (game)), >, before);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  make_good_file ();

  g_test_add_func ("/model/record/errors/good-file", test_good_file);
  g_test_add_func ("/model/record/errors/truncated", test_truncated);
  g_test_add_func ("/model/record/errors/not-json", test_not_json);
  g_test_add_func ("/model/record/errors/empty", test_empty_file);
  g_test_add_func ("/model/record/errors/not-an-object", test_not_an_object);
  g_test_add_func ("/model/record/errors/format", test_wrong_format);
  g_test_add_func ("/model/record/errors/version", test_version);
  g_test_add_func ("/model/record/errors/game", test_unknown_game);
  g_test_add_func ("/model/record/errors/field-types", test_wrong_field_types);
  g_test_add_func ("/model/record/errors/illegal-events", test_illegal_events);
  g_test_add_func ("/model/record/errors/after-the-end", test_events_after_the_end);
  g_test_add_func ("/model/record/errors/accepted", test_accepted_variations);
  g_test_add_func ("/model/record/errors/files", test_files);
  g_test_add_func ("/model/record/errors/deep-nesting", test_deep_nesting);
  g_test_add_func ("/model/record/errors/open-game-untouched", test_open_game_untouched);

  status = g_test_run ();
  g_free (good_data);
  return status;
}
