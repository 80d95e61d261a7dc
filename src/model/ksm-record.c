/* ksm-record.c: the event list of a game, and its JSON form. */
/* fsync and write, outside C11 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"

#include "ksm-record.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <unistd.h>

#include "ksm-random.h"

struct _KsmRecord
{
  GObject     parent_instance;

  const KsmRules *rules;
  KsmOptions  options;
  KsmSeat     seats[KSM_MAX_PLAYERS];
  guint64     seed;
  GDateTime  *started;
  GDateTime  *ended;
  char       *generator;
  char       *computer_generator;
  GArray     *events;     /* KsmEvent */
};

G_DEFINE_FINAL_TYPE (KsmRecord, ksm_record, G_TYPE_OBJECT)

G_DEFINE_QUARK (ksm-record-error-quark, ksm_record_error)

static void
ksm_record_finalize (GObject *object)
{
  KsmRecord *self = KSM_RECORD (object);

  g_clear_pointer (&self->started, g_date_time_unref);
  g_clear_pointer (&self->ended, g_date_time_unref);
  g_clear_pointer (&self->generator, g_free);
  g_clear_pointer (&self->computer_generator, g_free);
  g_clear_pointer (&self->events, g_array_unref);

  G_OBJECT_CLASS (ksm_record_parent_class)->finalize (object);
}

static void
ksm_record_class_init (KsmRecordClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ksm_record_finalize;
}

static void
ksm_record_init (KsmRecord *self)
{
  self->events = g_array_new (FALSE, TRUE, sizeof (KsmEvent));
}

KsmRecord *
ksm_record_new (const KsmOptions *options,
                const KsmSeat    *seats,
                guint64           seed)
{
  KsmRecord *self;

  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (ksm_rules_get (options->game) != NULL, NULL);

  self = g_object_new (KSM_TYPE_RECORD, NULL);
  self->rules = ksm_rules_get (options->game);
  self->options = *options;
  if (seats != NULL)
    memcpy (self->seats, seats, sizeof (KsmSeat) * (gsize) self->rules->n_players (options));
  self->seed = seed;
  self->started = g_date_time_new_now_utc ();
  return self;
}

KsmRecord *
ksm_record_copy (KsmRecord *self)
{
  KsmRecord *copy;

  g_return_val_if_fail (KSM_IS_RECORD (self), NULL);

  copy = ksm_record_new (&self->options, self->seats, self->seed);
  g_clear_pointer (&copy->started, g_date_time_unref);
  copy->started = g_date_time_ref (self->started);
  if (self->ended != NULL)
    copy->ended = g_date_time_ref (self->ended);
  copy->generator = g_strdup (self->generator);
  copy->computer_generator = g_strdup (self->computer_generator);
  g_array_append_vals (copy->events, self->events->data, self->events->len);
  return copy;
}

const KsmRules *
ksm_record_get_rules (KsmRecord *self)
{
  g_return_val_if_fail (KSM_IS_RECORD (self), NULL);
  return self->rules;
}

const KsmOptions *
ksm_record_get_options (KsmRecord *self)
{
  g_return_val_if_fail (KSM_IS_RECORD (self), NULL);
  return &self->options;
}

const KsmSeat *
ksm_record_get_seat (KsmRecord *self, guint player)
{
  g_return_val_if_fail (KSM_IS_RECORD (self), NULL);
  g_return_val_if_fail (player < KSM_MAX_PLAYERS, NULL);
  return &self->seats[player];
}

guint64
ksm_record_get_seed (KsmRecord *self)
{
  g_return_val_if_fail (KSM_IS_RECORD (self), 0);
  return self->seed;
}

GDateTime *
ksm_record_get_started (KsmRecord *self)
{
  g_return_val_if_fail (KSM_IS_RECORD (self), NULL);
  return self->started;
}

GDateTime *
ksm_record_get_ended (KsmRecord *self)
{
  g_return_val_if_fail (KSM_IS_RECORD (self), NULL);
  return self->ended;
}

void
ksm_record_set_ended (KsmRecord *self, GDateTime *ended)
{
  g_return_if_fail (KSM_IS_RECORD (self));
  g_clear_pointer (&self->ended, g_date_time_unref);
  if (ended != NULL)
    self->ended = g_date_time_ref (ended);
}

const char *
ksm_record_get_generator (KsmRecord *self)
{
  g_return_val_if_fail (KSM_IS_RECORD (self), NULL);
  return self->generator;
}

const char *
ksm_record_get_computer_generator (KsmRecord *self)
{
  g_return_val_if_fail (KSM_IS_RECORD (self), NULL);
  return self->computer_generator;
}

void
ksm_record_set_generators (KsmRecord       *self,
                           const KsmRandom *throws,
                           const KsmRandom *computer)
{
  char text[KSM_RANDOM_STATE_CHARS + 1];

  g_return_if_fail (KSM_IS_RECORD (self));

  ksm_random_save (throws, text);
  g_free (self->generator);
  self->generator = g_strdup (text);
  ksm_random_save (computer, text);
  g_free (self->computer_generator);
  self->computer_generator = g_strdup (text);
}

guint
ksm_record_get_n_events (KsmRecord *self)
{
  g_return_val_if_fail (KSM_IS_RECORD (self), 0);
  return self->events->len;
}

const KsmEvent *
ksm_record_get_event (KsmRecord *self, guint index)
{
  g_return_val_if_fail (KSM_IS_RECORD (self), NULL);
  g_return_val_if_fail (index < self->events->len, NULL);
  return &g_array_index (self->events, KsmEvent, index);
}

void
ksm_record_append (KsmRecord *self, const KsmEvent *event)
{
  g_return_if_fail (KSM_IS_RECORD (self));
  g_array_append_val (self->events, *event);
}

void
ksm_record_truncate (KsmRecord *self, guint n_events)
{
  g_return_if_fail (KSM_IS_RECORD (self));
  if (n_events < self->events->len)
    g_array_set_size (self->events, n_events);
}

/* ---- replay ---- */

/* Checks one event against the position before it and plays it. Event
 * numbers in messages count from 1, as people count. */
static gboolean
play_event (const KsmRules *rules,
            KsmPosition    *pos,
            const KsmEvent *event,
            guint           index,
            KsmEffect      *effect,
            GError        **error)
{
  KsmMove moves[KSM_MAX_MOVES];
  int n;

  if (pos->phase == KSM_PHASE_OVER)
    {
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT,
                   "event %u: the game is already over", index + 1);
      return FALSE;
    }
  if (event->player != pos->to_move)
    {
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT,
                   "event %u: it is not player %u's turn", index + 1, event->player);
      return FALSE;
    }

  switch (event->kind)
    {
    case KSM_EVENT_THROW:
      if (pos->phase != KSM_PHASE_THROW)
        {
          g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT,
                       "event %u: a throw, but a move was due", index + 1);
          return FALSE;
        }
      if (event->face >= rules->throws.n_faces
          || rules->throws.face_of_pattern (event->pattern) != event->face
          || event->pattern >> rules->throws.n_objects != 0)
        {
          g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT,
                       "event %u: the throw does not match how the %ss fell", index + 1,
                       rules->throws.object_name);
          return FALSE;
        }
      rules->apply_throw (pos, event->face);
      return TRUE;

    case KSM_EVENT_MOVE:
    case KSM_EVENT_LOST:
      if (pos->phase != KSM_PHASE_MOVE)
        {
          g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT,
                       "event %u: a move, but a throw was due", index + 1);
          return FALSE;
        }
      n = rules->legal_moves (pos, moves);
      if (event->kind == KSM_EVENT_LOST)
        {
          if (event->face != pos->face)
            {
              g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT,
                           "event %u: a lost %s, but the throw was a %s", index + 1,
                           rules->throws.faces[event->face].name,
                           rules->throws.faces[pos->face].name);
              return FALSE;
            }
          if (moves[0].kind != KSM_MOVE_LOSE)
            {
              g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT,
                           "event %u: the throw is said to be lost, but it can be used",
                           index + 1);
              return FALSE;
            }
          rules->apply_move (pos, &moves[0], effect);
          return TRUE;
        }
      for (int i = 0; i < n; i++)
        if (moves[i].kind != KSM_MOVE_LOSE && ksm_moves_equal (&moves[i], &event->move))
          {
            rules->apply_move (pos, &moves[i], effect);
            return TRUE;
          }
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT,
                   "event %u: this move is not legal", index + 1);
      return FALSE;

    default:
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT,
                   "event %u: unknown kind of event", index + 1);
      return FALSE;
    }
}

gboolean
ksm_record_replay (KsmRecord   *self,
                   guint        n_events,
                   KsmPosition *position,
                   GError     **error)
{
  KsmPosition pos;

  g_return_val_if_fail (KSM_IS_RECORD (self), FALSE);
  g_return_val_if_fail (n_events <= self->events->len, FALSE);

  self->rules->init (&pos, &self->options);
  for (guint i = 0; i < n_events; i++)
    if (!play_event (self->rules, &pos, &g_array_index (self->events, KsmEvent, i), i, NULL, error))
      return FALSE;
  if (position != NULL)
    *position = pos;
  return TRUE;
}

gboolean
ksm_record_apply_event (KsmRecord   *self,
                        guint        index,
                        KsmPosition *position,
                        GError     **error)
{
  g_return_val_if_fail (KSM_IS_RECORD (self), FALSE);
  g_return_val_if_fail (index < self->events->len, FALSE);

  return play_event (self->rules, position, &g_array_index (self->events, KsmEvent, index),
                     index, NULL, error);
}

gboolean
ksm_record_count (KsmRecord      *self,
                  KsmRecordCount  counts[KSM_MAX_PLAYERS],
                  GError        **error)
{
  KsmPosition pos;

  g_return_val_if_fail (KSM_IS_RECORD (self), FALSE);
  g_return_val_if_fail (counts != NULL, FALSE);

  memset (counts, 0, sizeof (KsmRecordCount) * KSM_MAX_PLAYERS);
  self->rules->init (&pos, &self->options);
  for (guint i = 0; i < self->events->len; i++)
    {
      const KsmEvent *event = &g_array_index (self->events, KsmEvent, i);
      /* the effect says how many pieces a move took, which a loaded
       * event's move does not */
      KsmEffect effect = { .captured_player = -1 };

      if (!play_event (self->rules, &pos, event, i, &effect, error))
        return FALSE;
      if (event->kind == KSM_EVENT_THROW)
        counts[event->player].throws++;
      else if (event->kind == KSM_EVENT_MOVE)
        counts[event->player].captures += effect.captured;
    }
  return TRUE;
}

/* ---- JSON ---- */

static const char *
seat_kind_name (KsmSeatKind kind)
{
  return kind == KSM_SEAT_COMPUTER ? "computer" : "person";
}

static const char *
end_reason_name (int reason)
{
  switch (reason)
    {
    case KSM_END_ALL_CAPTURED: return "all-captured";
    case KSM_END_THROW_LIMIT:  return "throw-limit";
    case KSM_END_ALL_HOME:     return "all-home";
    case KSM_END_BLOCKED:      return "blocked";
    default:                   return "none";
    }
}

static void
add_date (JsonBuilder *builder, const char *name, GDateTime *date)
{
  json_builder_set_member_name (builder, name);
  if (date == NULL)
    json_builder_add_null_value (builder);
  else
    {
      g_autofree char *text = g_date_time_format_iso8601 (date);
      json_builder_add_string_value (builder, text);
    }
}

char *
ksm_record_to_data (KsmRecord *self, gsize *length)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *seed_text = NULL;
  const KsmRules *rules;
  KsmPosition pos;
  KsmOutcome outcome;
  char position_text[KSM_NOTATION_MAX];
  int n_players;

  g_return_val_if_fail (KSM_IS_RECORD (self), NULL);

  rules = self->rules;
  n_players = rules->n_players (&self->options);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, KSM_RECORD_FORMAT);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, KSM_RECORD_VERSION);
  json_builder_set_member_name (builder, "game");
  json_builder_add_string_value (builder, rules->id);

  json_builder_set_member_name (builder, "options");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "length");
  json_builder_add_int_value (builder, self->options.length);
  json_builder_set_member_name (builder, "players");
  json_builder_add_int_value (builder, self->options.n_players);
  json_builder_set_member_name (builder, "first-player");
  json_builder_add_int_value (builder, self->options.first_player);
  json_builder_set_member_name (builder, "throw-limit");
  json_builder_add_int_value (builder, self->options.throw_limit);
  json_builder_set_member_name (builder, "rules");
  json_builder_begin_object (builder);
  for (unsigned k = 0; k < rules->n_option_info; k++)
    {
      json_builder_set_member_name (builder, rules->option_info[k].key);
      json_builder_add_boolean_value (builder,
                                      (self->options.flags & rules->option_info[k].flag) != 0);
    }
  json_builder_end_object (builder);
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "seats");
  json_builder_begin_array (builder);
  for (int p = 0; p < n_players; p++)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "player");
      json_builder_add_string_value (builder, rules->player_name (&self->options, p));
      json_builder_set_member_name (builder, "kind");
      json_builder_add_string_value (builder, seat_kind_name (self->seats[p].kind));
      if (self->seats[p].kind == KSM_SEAT_COMPUTER)
        {
          json_builder_set_member_name (builder, "level");
          json_builder_add_string_value (builder, ksm_level_name (self->seats[p].level));
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  /* a string: JSON readers lose precision on 64-bit integers */
  seed_text = g_strdup_printf ("%" G_GUINT64_FORMAT, self->seed);
  json_builder_set_member_name (builder, "seed");
  json_builder_add_string_value (builder, seed_text);
  if (self->generator != NULL)
    {
      json_builder_set_member_name (builder, "generator");
      json_builder_add_string_value (builder, self->generator);
      json_builder_set_member_name (builder, "computer-generator");
      json_builder_add_string_value (builder, self->computer_generator);
    }
  add_date (builder, "started", self->started);
  add_date (builder, "ended", self->ended);

  rules->init (&pos, &self->options);
  json_builder_set_member_name (builder, "events");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->events->len; i++)
    {
      const KsmEvent *event = &g_array_index (self->events, KsmEvent, i);
      char move_text[64];

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "player");
      json_builder_add_int_value (builder, event->player);
      switch (event->kind)
        {
        case KSM_EVENT_THROW:
          json_builder_set_member_name (builder, "throw");
          json_builder_add_string_value (builder, rules->throws.faces[event->face].name);
          json_builder_set_member_name (builder, "pattern");
          json_builder_add_int_value (builder, event->pattern);
          break;
        case KSM_EVENT_LOST:
          json_builder_set_member_name (builder, "lost");
          json_builder_add_string_value (builder, rules->throws.faces[event->face].name);
          break;
        case KSM_EVENT_MOVE:
        default:
          rules->format_move (&pos, &event->move, move_text, sizeof move_text);
          json_builder_set_member_name (builder, "move");
          json_builder_add_string_value (builder, move_text);
          break;
        }
      json_builder_end_object (builder);
      /* the events were checked as they were made; a move's text needs the
       * position before it */
      play_event (rules, &pos, event, i, NULL, NULL);
    }
  json_builder_end_array (builder);

  rules->format_position (&pos, position_text, sizeof position_text);
  json_builder_set_member_name (builder, "position");
  json_builder_add_string_value (builder, position_text);

  rules->outcome (&pos, &outcome);
  json_builder_set_member_name (builder, "result");
  if (!outcome.over)
    json_builder_add_null_value (builder);
  else
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "winner");
      if (outcome.winner < 0)
        json_builder_add_null_value (builder);
      else
        json_builder_add_int_value (builder, outcome.winner);
      json_builder_set_member_name (builder, "gulmasi");
      json_builder_add_boolean_value (builder, outcome.gulmasi);
      json_builder_set_member_name (builder, "score");
      json_builder_add_int_value (builder, outcome.score);
      json_builder_set_member_name (builder, "reason");
      json_builder_add_string_value (builder, end_reason_name (outcome.reason));
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  return json_generator_to_data (generator, length);
}

/* Writes `data` to a new file beside `path` and renames it over `path` once
 * it is whole and on disk, so a full disk or a crash leaves the last save
 * intact. The new file's name starts with KSM_RECORD_SAVING_PREFIX, which no
 * person's file has, so what a kill mid-write leaves can be told from
 * anything of theirs (ksm_store_remove_leftovers). */
static gboolean
write_beside (const char *path, const char *data, gsize length, GError **error)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *template = g_strconcat (KSM_RECORD_SAVING_PREFIX, name, "-XXXXXX", NULL);
  g_autofree char *temporary = g_build_filename (folder, template, NULL);
  int fd, saved_errno;
  gsize written = 0;

  fd = g_mkstemp_full (temporary, O_RDWR | O_CLOEXEC, 0666);
  if (fd < 0)
    goto failed;
  while (written < length)
    {
      gssize n = write (fd, data + written, length - written);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        goto failed;
      written += (gsize) n;
    }
  if (fsync (fd) != 0)
    goto failed;
  if (close (fd) != 0)
    {
      fd = -1;
      goto failed;
    }
  fd = -1;
  if (g_rename (temporary, path) != 0)
    goto failed;
  return TRUE;

failed:
  saved_errno = errno != 0 ? errno : EIO;
  if (fd >= 0)
    close (fd);
  g_unlink (temporary);
  {
    g_autofree char *shown = g_filename_display_name (path);
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                 "Failed to write “%s”: %s", shown, g_strerror (saved_errno));
  }
  return FALSE;
}

gboolean
ksm_record_save_to_file (KsmRecord  *self,
                         GFile      *file,
                         GError    **error)
{
  g_autofree char *data = NULL;
  g_autofree char *path = NULL;
  gsize length;

  g_return_val_if_fail (KSM_IS_RECORD (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  data = ksm_record_to_data (self, &length);
  path = g_file_get_path (file);
  /* g_file_replace_contents renames even when a write failed: a full disk
   * left an empty autosave (tests/reliability/test-save-failed.c) */
  if (path != NULL)
    return write_beside (path, data, length, error);
  return g_file_replace_contents (file, data, length, NULL, FALSE,
                                  G_FILE_CREATE_NONE, NULL, NULL, error);
}

/* Field readers that say which field is wrong */

static gboolean
format_error (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
format_error (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_FORMAT, message);
  return FALSE;
}

static JsonNode *
member_of_type (JsonObject *object, const char *name, GType type)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_VALUE
      || json_node_get_value_type (node) != type)
    return NULL;
  return node;
}

static gboolean
read_int (JsonObject *object, const char *where, const char *name,
          gint64 min, gint64 max, gint64 *value, GError **error)
{
  JsonNode *node = member_of_type (object, name, G_TYPE_INT64);

  if (node == NULL)
    return format_error (error, "%s: \"%s\" must be a whole number", where, name);
  *value = json_node_get_int (node);
  if (*value < min || *value > max)
    return format_error (error, "%s: \"%s\" must be from %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT,
                         where, name, min, max);
  return TRUE;
}

static const char *
read_string (JsonObject *object, const char *where, const char *name, GError **error)
{
  JsonNode *node = member_of_type (object, name, G_TYPE_STRING);

  if (node == NULL)
    {
      format_error (error, "%s: \"%s\" must be a string", where, name);
      return NULL;
    }
  return json_node_get_string (node);
}

static gboolean
read_date (JsonObject *object, const char *name, gboolean nullable,
           GDateTime **date, GError **error)
{
  JsonNode *node = json_object_get_member (object, name);

  *date = NULL;
  if (node != NULL && JSON_NODE_HOLDS_NULL (node) && nullable)
    return TRUE;
  if (node == NULL || member_of_type (object, name, G_TYPE_STRING) == NULL)
    return format_error (error, "\"%s\" must be a date", name);
  *date = g_date_time_new_from_iso8601 (json_node_get_string (node), NULL);
  if (*date == NULL)
    return format_error (error, "\"%s\": \"%s\" is not an ISO 8601 date", name,
                         json_node_get_string (node));
  return TRUE;
}

static gboolean
read_options (JsonObject *root, const KsmRules *rules, KsmOptions *options, GError **error)
{
  JsonNode *node = json_object_get_member (root, "options");
  JsonObject *object, *rule_object;
  gint64 value;
  char message[KSM_ERROR_MAX];

  rules->default_options (options);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return format_error (error, "\"options\" must be an object");
  object = json_node_get_object (node);

  if (!read_int (object, "options", "length", 0, 255, &value, error))
    return FALSE;
  options->length = (guint8) value;
  if (!read_int (object, "options", "players", 1, KSM_MAX_PLAYERS, &value, error))
    return FALSE;
  options->n_players = (guint8) value;
  if (!read_int (object, "options", "first-player", 0, KSM_MAX_PLAYERS - 1, &value, error))
    return FALSE;
  options->first_player = (guint8) value;
  if (!read_int (object, "options", "throw-limit", 0, G_MAXUINT16, &value, error))
    return FALSE;
  options->throw_limit = (guint16) value;

  node = json_object_get_member (object, "rules");
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return format_error (error, "options: \"rules\" must be an object");
  rule_object = json_node_get_object (node);
  for (unsigned k = 0; k < rules->n_option_info; k++)
    {
      JsonNode *rule = member_of_type (rule_object, rules->option_info[k].key, G_TYPE_BOOLEAN);
      if (rule == NULL)
        return format_error (error, "options: rule \"%s\" must be true or false",
                             rules->option_info[k].key);
      if (json_node_get_boolean (rule))
        options->flags |= rules->option_info[k].flag;
      else
        options->flags &= ~rules->option_info[k].flag;
    }

  if (!rules->check_options (options, message, sizeof message))
    return format_error (error, "options: %s", message);
  return TRUE;
}

static gboolean
read_seats (JsonObject *root, const KsmRules *rules, const KsmOptions *options,
            KsmSeat *seats, GError **error)
{
  JsonNode *node = json_object_get_member (root, "seats");
  JsonArray *array;
  int n_players = rules->n_players (options);

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return format_error (error, "\"seats\" must be a list");
  array = json_node_get_array (node);
  if ((int) json_array_get_length (array) != n_players)
    return format_error (error, "\"seats\": %u seats for a game of %d players",
                         json_array_get_length (array), n_players);

  for (int p = 0; p < n_players; p++)
    {
      JsonNode *seat_node = json_array_get_element (array, (guint) p);
      g_autofree char *where = g_strdup_printf ("seat %d", p + 1);
      JsonObject *seat;
      const char *kind;

      if (!JSON_NODE_HOLDS_OBJECT (seat_node))
        return format_error (error, "%s must be an object", where);
      seat = json_node_get_object (seat_node);
      if ((kind = read_string (seat, where, "kind", error)) == NULL)
        return FALSE;
      if (strcmp (kind, "person") == 0)
        seats[p].kind = KSM_SEAT_PERSON;
      else if (strcmp (kind, "computer") == 0)
        {
          const char *level_name = read_string (seat, where, "level", error);
          int level;
          if (level_name == NULL)
            return FALSE;
          level = ksm_level_lookup (level_name);
          if (level < 0)
            return format_error (error, "%s: unknown computer level \"%s\"", where, level_name);
          seats[p].kind = KSM_SEAT_COMPUTER;
          seats[p].level = (KsmLevel) level;
        }
      else
        return format_error (error, "%s: \"kind\" must be person or computer", where);
    }
  return TRUE;
}

/* Reads the events, checking each against the rules as it goes: a move's
 * text can only be read against the position before it. */
static gboolean
read_events (JsonObject *root, KsmRecord *self, KsmPosition *pos, GError **error)
{
  const KsmRules *rules = self->rules;
  JsonNode *node = json_object_get_member (root, "events");
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return format_error (error, "\"events\" must be a list");
  array = json_node_get_array (node);

  rules->init (pos, &self->options);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *event_node = json_array_get_element (array, i);
      g_autofree char *where = g_strdup_printf ("event %u", i + 1);
      JsonObject *object;
      KsmEvent event = { 0 };
      gint64 value;
      const char *text;

      if (!JSON_NODE_HOLDS_OBJECT (event_node))
        return format_error (error, "%s must be an object", where);
      object = json_node_get_object (event_node);
      if (!read_int (object, where, "player", 0, KSM_MAX_PLAYERS - 1, &value, error))
        return FALSE;
      event.player = (guint8) value;

      if (json_object_has_member (object, "throw"))
        {
          if ((text = read_string (object, where, "throw", error)) == NULL)
            return FALSE;
          event.kind = KSM_EVENT_THROW;
          int face = ksm_rules_face_lookup (rules, text);
          if (face < 0)
            return format_error (error, "%s: \"%s\" is not a throw of %s", where, text, rules->name);
          event.face = (guint8) face;
          if (!read_int (object, where, "pattern", 0, (1 << rules->throws.n_objects) - 1,
                         &value, error))
            return FALSE;
          event.pattern = (guint32) value;
        }
      else if (json_object_has_member (object, "lost"))
        {
          if ((text = read_string (object, where, "lost", error)) == NULL)
            return FALSE;
          event.kind = KSM_EVENT_LOST;
          int face = ksm_rules_face_lookup (rules, text);
          if (face < 0)
            return format_error (error, "%s: \"%s\" is not a throw of %s", where, text, rules->name);
          event.face = (guint8) face;
        }
      else if (json_object_has_member (object, "move"))
        {
          char message[KSM_ERROR_MAX];
          if ((text = read_string (object, where, "move", error)) == NULL)
            return FALSE;
          event.kind = KSM_EVENT_MOVE;
          /* the forms older files wrote read as they meant them then */
          if (pos->phase == KSM_PHASE_MOVE && event.player == pos->to_move
              && !(rules->parse_saved_move != NULL ? rules->parse_saved_move : rules->parse_move)
                    (pos, text, &event.move, message, sizeof message))
            {
              g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT,
                           "%s: this move is not legal (%s)", where, message);
              return FALSE;
            }
        }
      else
        return format_error (error, "%s: no \"throw\", \"move\" or \"lost\"", where);

      if (!play_event (rules, pos, &event, i, NULL, error))
        return FALSE;
      g_array_append_val (self->events, event);
    }
  return TRUE;
}

/* json-glib's parser recurses once per level of nesting, so a file nested a
 * few hundred thousand deep runs it out of stack. A saved game nests three
 * deep; refuse anything past this before parsing. */
#define MAX_JSON_DEPTH 64

static gboolean
nesting_is_shallow (const char *data, gsize length)
{
  int depth = 0;
  gboolean in_string = FALSE, escaped = FALSE;

  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];
      if (in_string)
        {
          if (escaped)
            escaped = FALSE;
          else if (c == '\\')
            escaped = TRUE;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if ((c == '[' || c == '{') && ++depth > MAX_JSON_DEPTH)
        return FALSE;
      else if (c == ']' || c == '}')
        depth--;
    }
  return TRUE;
}

/* json-glib 1.6 reads on past a first whole value and leaks a container
 * that follows it ("1{...}", "{...}{...}"); a saved game is one object, so
 * such a file is refused before parsing (found by fuzzing). True when a
 * container opens at the top level after something else did. */
static gboolean
follows_a_value (const char *data, gsize length)
{
  int depth = 0;
  gboolean in_string = FALSE, escaped = FALSE, seen = FALSE;

  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];
      if (in_string)
        {
          if (escaped)
            escaped = FALSE;
          else if (c == '\\')
            escaped = TRUE;
          else if (c == '"')
            in_string = FALSE;
          continue;
        }
      if (depth == 0 && (c == '[' || c == '{') && seen)
        return TRUE;
      if (depth == 0 && !g_ascii_isspace (c))
        seen = TRUE;
      if (c == '"')
        in_string = TRUE;
      else if (c == '[' || c == '{')
        depth++;
      else if ((c == ']' || c == '}') && depth > 0)
        depth--;
    }
  return FALSE;
}

KsmRecord *
ksm_record_new_from_data (const char  *data,
                          gssize       length,
                          GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(KsmRecord) self = NULL;
  g_autoptr(GError) local_error = NULL;
  JsonNode *root_node;
  JsonObject *root;
  const char *text;
  const KsmRules *rules;
  KsmOptions options;
  KsmSeat seats[KSM_MAX_PLAYERS] = { 0 };
  KsmPosition pos;
  gint64 version;
  guint64 seed;

  g_return_val_if_fail (data != NULL, NULL);

  if (length < 0)
    length = (gssize) strlen (data);
  if (!nesting_is_shallow (data, (gsize) length))
    {
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_NOT_JSON,
                   "not a saved game: the file nests deeper than %d levels", MAX_JSON_DEPTH);
      return NULL;
    }
  if (follows_a_value (data, (gsize) length))
    {
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_NOT_JSON,
                   "not a saved game: the file is not complete JSON (more than one value)");
      return NULL;
    }
  if (!json_parser_load_from_data (parser, data, length, &local_error))
    {
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_NOT_JSON,
                   "not a saved game: the file is not complete JSON (%s)", local_error->message);
      return NULL;
    }
  root_node = json_parser_get_root (parser);
  if (root_node == NULL || !JSON_NODE_HOLDS_OBJECT (root_node))
    {
      format_error (error, "not a saved game: the file holds no JSON object");
      return NULL;
    }
  root = json_node_get_object (root_node);

  text = member_of_type (root, "format", G_TYPE_STRING)
         ? json_object_get_string_member (root, "format") : NULL;
  if (g_strcmp0 (text, KSM_RECORD_FORMAT) != 0)
    {
      format_error (error, "not a saved game: \"format\" is not \"%s\"", KSM_RECORD_FORMAT);
      return NULL;
    }
  if (!read_int (root, "saved game", "version", G_MININT64, G_MAXINT64, &version, error))
    return NULL;
  if (version != KSM_RECORD_VERSION)
    {
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_VERSION,
                   "saved-game format version %" G_GINT64_FORMAT " is not one this version "
                   "of Kasimala reads (it reads version %d)", version, KSM_RECORD_VERSION);
      return NULL;
    }

  if ((text = read_string (root, "saved game", "game", error)) == NULL)
    return NULL;
  rules = ksm_rules_lookup (text);
  if (rules == NULL)
    {
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_GAME,
                   "the game \"%s\" is not one this version of Kasimala knows", text);
      return NULL;
    }

  if (!read_options (root, rules, &options, error)
      || !read_seats (root, rules, &options, seats, error))
    return NULL;

  if ((text = read_string (root, "saved game", "seed", error)) == NULL)
    return NULL;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &seed, NULL))
    {
      format_error (error, "\"seed\": \"%s\" is not a whole number", text);
      return NULL;
    }

  self = ksm_record_new (&options, seats, seed);
  g_clear_pointer (&self->started, g_date_time_unref);
  if (!read_date (root, "started", FALSE, &self->started, error)
      || !read_date (root, "ended", TRUE, &self->ended, error))
    return NULL;

  if (json_object_has_member (root, "generator"))
    {
      KsmRandom check;
      const char *computer;
      if ((text = read_string (root, "saved game", "generator", error)) == NULL
          || (computer = read_string (root, "saved game", "computer-generator", error)) == NULL)
        return NULL;
      if (!ksm_random_restore (&check, text) || !ksm_random_restore (&check, computer))
        {
          format_error (error, "\"generator\": not a generator state");
          return NULL;
        }
      self->generator = g_strdup (text);
      self->computer_generator = g_strdup (computer);
    }

  if (!read_events (root, self, &pos, error))
    return NULL;

  /* the final position is there for people to read; a file whose events
   * lead elsewhere has been edited or damaged */
  if (json_object_has_member (root, "position"))
    {
      char position_text[KSM_NOTATION_MAX], parse_error[KSM_ERROR_MAX] = "";
      KsmPosition written;
      if ((text = read_string (root, "saved game", "position", error)) == NULL)
        return NULL;
      /* the parser's own checks first, so a position no game can reach
       * (rules-decisions.md) is refused by what is wrong with it */
      if (!rules->parse_position (text, &written, parse_error, sizeof parse_error))
        {
          format_error (error, "\"position\": %s", parse_error);
          return NULL;
        }
      rules->format_position (&pos, position_text, sizeof position_text);
      if (strcmp (text, position_text) != 0)
        {
          format_error (error, "\"position\" is not where the events lead (%s)", position_text);
          return NULL;
        }
    }

  return g_steal_pointer (&self);
}

KsmRecord *
ksm_record_new_from_file (GFile   *file,
                          GError **error)
{
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (!g_file_load_contents (file, NULL, &data, &length, NULL, error))
    return NULL;
  return ksm_record_new_from_data (data, (gssize) length, error);
}

char *
ksm_record_describe_event (KsmRecord         *self,
                           const KsmPosition *before,
                           const KsmEvent    *event)
{
  const KsmRules *rules;
  const char *player;
  const KsmFace *face;
  char from[16], to[16];

  g_return_val_if_fail (KSM_IS_RECORD (self), NULL);

  rules = self->rules;
  player = rules->player_name (&self->options, event->player);
  switch (event->kind)
    {
    case KSM_EVENT_THROW:
      face = &rules->throws.faces[event->face];
      return g_strdup_printf ("%s: %s (%d)%s", player, face->name, face->value,
                              face->throws_again ? ", throws again" : "");
    case KSM_EVENT_LOST:
      face = &rules->throws.faces[event->face];
      return g_strdup_printf ("%s: the %s (%d) is lost", player, face->name, face->value);
    case KSM_EVENT_MOVE:
    default:
      rules->cell_name (&self->options, event->move.from, from, sizeof from);
      rules->cell_name (&self->options, event->move.to, to, sizeof to);
      if (event->move.captured == 0)
        return g_strdup_printf ("%s: %s to %s", player, from, to);
      {
        KsmCellContent victim;
        rules->cell_content (before, event->move.to, &victim);
        return g_strdup_printf ("%s: %s to %s, took %u of %s", player, from, to,
                                event->move.captured,
                                victim.player >= 0
                                  ? rules->player_name (&self->options, victim.player) : "?");
      }
    }
}
