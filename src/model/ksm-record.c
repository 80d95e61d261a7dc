/* ksm-record.c: the event list of a game, and its JSON form. */
/* open () with O_CLOEXEC and O_NOCTTY, fsync () and write (), under -std=c11 */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include "ksm-record.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/stat.h>
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
                   _("event %u: the game is already over"), index + 1);
      return FALSE;
    }
  if (event->player != pos->to_move)
    {
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT,
                   _("event %u: it is not player %u's turn"), index + 1, event->player);
      return FALSE;
    }

  switch (event->kind)
    {
    case KSM_EVENT_THROW:
      if (pos->phase != KSM_PHASE_THROW)
        {
          g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT,
                       _("event %u: a throw, but a move was due"), index + 1);
          return FALSE;
        }
      if (event->face >= rules->throws.n_faces
          || rules->throws.face_of_pattern (event->pattern) != event->face
          || event->pattern >> rules->throws.n_objects != 0)
        {
          g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT,
                       _("event %u: the throw does not match how the %ss fell"), index + 1,
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
                       _("event %u: a move, but a throw was due"), index + 1);
          return FALSE;
        }
      n = rules->legal_moves (pos, moves);
      if (event->kind == KSM_EVENT_LOST)
        {
          if (event->face != pos->face)
            {
              g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT,
                           _("event %u: a lost %s, but the throw was a %s"), index + 1,
                           rules->throws.faces[event->face].name,
                           rules->throws.faces[pos->face].name);
              return FALSE;
            }
          if (moves[0].kind != KSM_MOVE_LOSE)
            {
              g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT,
                           _("event %u: the throw is said to be lost, but it can be used"),
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
                   _("event %u: this move is not legal"), index + 1);
      return FALSE;

    default:
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_EVENT,
                   _("event %u: unknown kind of event"), index + 1);
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
  /* a file's name: not for people */
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
                 _("Failed to write “%s”: %s"), shown, g_strerror (saved_errno));
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
    /* Translators: the first %s is where in the file (“seat 2”); the quoted
     * %s is the field's name in the file, left as it is */
    return format_error (error, _("%s: \"%s\" must be a whole number"), where, name);
  *value = json_node_get_int (node);
  if (*value < min || *value > max)
    /* long long, not G_GINT64_FORMAT, which xgettext cannot see through */
    return format_error (error, _("%s: \"%s\" must be from %lld to %lld"),
                         where, name, (long long) min, (long long) max);
  return TRUE;
}

static const char *
read_string (JsonObject *object, const char *where, const char *name, GError **error)
{
  JsonNode *node = member_of_type (object, name, G_TYPE_STRING);

  if (node == NULL)
    {
      format_error (error, _("%s: \"%s\" must be a string"), where, name);
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
    return format_error (error, _("\"%s\" must be a date"), name);
  *date = g_date_time_new_from_iso8601 (json_node_get_string (node), NULL);
  if (*date == NULL)
    return format_error (error, _("\"%s\": \"%s\" is not an ISO 8601 date"), name,
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
    return format_error (error, _("\"options\" must be an object"));
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
    return format_error (error, _("options: \"rules\" must be an object"));
  rule_object = json_node_get_object (node);
  for (unsigned k = 0; k < rules->n_option_info; k++)
    {
      JsonNode *rule = member_of_type (rule_object, rules->option_info[k].key, G_TYPE_BOOLEAN);
      if (rule == NULL)
        return format_error (error, _("options: rule \"%s\" must be true or false"),
                             rules->option_info[k].key);
      if (json_node_get_boolean (rule))
        options->flags |= rules->option_info[k].flag;
      else
        options->flags &= ~rules->option_info[k].flag;
    }

  if (!rules->check_options (options, message, sizeof message))
    return format_error (error, _("options: %s"), message);
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
    return format_error (error, _("\"seats\" must be a list"));
  array = json_node_get_array (node);
  if ((int) json_array_get_length (array) != n_players)
    return format_error (error, _("\"seats\": %u seats for a game of %d players"),
                         json_array_get_length (array), n_players);

  for (int p = 0; p < n_players; p++)
    {
      JsonNode *seat_node = json_array_get_element (array, (guint) p);
      /* Translators: a place in the file, as in
       * “seat 2: \"kind\" must be person or computer” */
      g_autofree char *where = g_strdup_printf (_("seat %d"), p + 1);
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
            return format_error (error, _("%s: unknown computer level \"%s\""), where, level_name);
          seats[p].kind = KSM_SEAT_COMPUTER;
          seats[p].level = (KsmLevel) level;
        }
      else
        return format_error (error, _("%s: \"kind\" must be person or computer"), where);
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
    return format_error (error, _("\"events\" must be a list"));
  array = json_node_get_array (node);

  rules->init (pos, &self->options);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *event_node = json_array_get_element (array, i);
      /* Translators: a place in the file, as in “event 3: this move is not legal” */
      g_autofree char *where = g_strdup_printf (_("event %u"), i + 1);
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
            return format_error (error, _("%s: \"%s\" is not a throw of %s"), where, text, rules->name);
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
            return format_error (error, _("%s: \"%s\" is not a throw of %s"), where, text, rules->name);
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
                           _("%s: this move is not legal (%s)"), where, message);
              return FALSE;
            }
        }
      else
        return format_error (error, _("%s: no \"throw\", \"move\" or \"lost\""), where);

      if (!play_event (rules, pos, &event, i, NULL, error))
        return FALSE;
      g_array_append_val (self->events, event);
    }
  return TRUE;
}

/* json-glib 1.6 reads more than JSON (GScanner underneath takes '...'
 * strings, comments, bare words), recurses once per level of nesting, reads
 * on past a first value and leaks on a lone surrogate. So before it sees a
 * file, the file must be strict RFC 8259 JSON, checked here without
 * recursion: then what json-glib parses is what this check read. A saved
 * game nests three deep. */
#define MAX_JSON_DEPTH 64

typedef enum {
  WANT_VALUE,
  WANT_VALUE_OR_CLOSE,   /* just after '[' */
  WANT_KEY,
  WANT_KEY_OR_CLOSE,     /* just after '{' */
  WANT_COLON,
  WANT_COMMA_OR_CLOSE,
  WANT_END,
} JsonWant;

static gboolean
refuse_json (GError **error, const char *data, gsize length, gsize at, const char *what)
{
  guint line = 1;
  gsize line_start = 0;

  for (gsize i = 0; i < at && i < length; i++)
    if (data[i] == '\n')
      {
        line++;
        line_start = i + 1;
      }
  /* only printable ASCII of the file is echoed: the message stays UTF-8 */
  if (at >= length)
    g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_NOT_JSON,
                 _("not a saved game: the file is not complete JSON (%s at the end)"), what);
  else if (data[at] > ' ' && data[at] < 0x7f)
    g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_NOT_JSON,
                 _("not a saved game: the file is not complete JSON (%s: '%c' at line %u, column %lu; "
                   "saved games are strict JSON)"), what, data[at], line, (gulong) (at - line_start + 1));
  else
    g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_NOT_JSON,
                 _("not a saved game: the file is not complete JSON (%s: byte 0x%02x at line %u, "
                   "column %lu; saved games are strict JSON)"), what, (guint) (guchar) data[at], line,
                 (gulong) (at - line_start + 1));
  return FALSE;
}

static int
hex_digit (char c)
{
  return g_ascii_isxdigit (c) ? g_ascii_xdigit_value (c) : -1;
}

/* \uXXXX at data[at] (at the backslash); its code unit, or -1 */
static int
unicode_escape (const char *data, gsize length, gsize at)
{
  int unit = 0;

  if (length - at < 6 || data[at] != '\\' || data[at + 1] != 'u')
    return -1;
  for (gsize k = at + 2; k < at + 6; k++)
    {
      int digit = hex_digit (data[k]);
      if (digit < 0)
        return -1;
      unit = unit * 16 + digit;
    }
  return unit;
}

/* a string whose opening quote is at data[*at]; leaves *at past its close */
static gboolean
check_string (const char *data, gsize length, gsize *at, GError **error)
{
  gsize i = *at + 1;

  while (i < length)
    {
      guchar c = (guchar) data[i];
      if (c == '"')
        {
          *at = i + 1;
          return TRUE;
        }
      if (c < 0x20)
        /* Translators: what is wrong, put in “the file is not complete
         * JSON (%s: ...)”; JSON is the file's format */
        return refuse_json (error, data, length, i, _("a control character inside a string"));
      if (c != '\\')
        {
          i++;   /* UTF-8 was checked over the whole file */
          continue;
        }
      if (i + 1 >= length)
        break;
      switch (data[i + 1])
        {
        case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
          i += 2;
          break;
        case 'u':
          {
            int unit = unicode_escape (data, length, i);
            if (unit < 0)
              return refuse_json (error, data, length, i, _("a \\u escape without four hex digits"));
            if (unit >= 0xdc00 && unit <= 0xdfff)
              return refuse_json (error, data, length, i, _("a lone low surrogate in a \\u escape"));
            if (unit >= 0xd800 && unit <= 0xdbff)
              {
                int low = unicode_escape (data, length, i + 6);
                if (low < 0xdc00 || low > 0xdfff)
                  return refuse_json (error, data, length, i,
                                      _("a high surrogate in a \\u escape without its low half"));
                i += 6;
              }
            i += 6;
          }
          break;
        default:
          return refuse_json (error, data, length, i, _("an escape JSON does not have"));
        }
    }
  return refuse_json (error, data, length, length, _("a string not closed"));
}

static gboolean
check_number (const char *data, gsize length, gsize *at, GError **error)
{
  gsize i = *at;

  if (i < length && data[i] == '-')
    i++;
  if (i < length && data[i] == '0')
    i++;
  else if (i < length && data[i] >= '1' && data[i] <= '9')
    while (i < length && g_ascii_isdigit (data[i]))
      i++;
  else
    return refuse_json (error, data, length, i, _("a number without digits"));
  if (i < length && data[i] == '.')
    {
      if (++i >= length || !g_ascii_isdigit (data[i]))
        return refuse_json (error, data, length, i, _("a number without digits after its point"));
      while (i < length && g_ascii_isdigit (data[i]))
        i++;
    }
  if (i < length && (data[i] == 'e' || data[i] == 'E'))
    {
      i++;
      if (i < length && (data[i] == '+' || data[i] == '-'))
        i++;
      if (i >= length || !g_ascii_isdigit (data[i]))
        return refuse_json (error, data, length, i, _("a number without digits in its exponent"));
      while (i < length && g_ascii_isdigit (data[i]))
        i++;
    }
  *at = i;
  return TRUE;
}

static gboolean
check_literal (const char *data, gsize length, gsize *at, GError **error)
{
  static const char *const literals[] = { "true", "false", "null" };

  for (guint k = 0; k < G_N_ELEMENTS (literals); k++)
    {
      gsize n = strlen (literals[k]);
      if (length - *at >= n && memcmp (data + *at, literals[k], n) == 0)
        {
          *at += n;
          /* "nullx" is one bare word to GScanner, not null then x */
          if (*at < length && (g_ascii_isalnum (data[*at]) || data[*at] == '_'))
            return refuse_json (error, data, length, *at, _("a word JSON does not have"));
          return TRUE;
        }
    }
  return refuse_json (error, data, length, *at, _("something that is not a JSON value"));
}

static gboolean
check_encoding (const char *data, gsize length, GError **error)
{
  const char *end = NULL;

  if ((length >= 2 && (((guchar) data[0] == 0xff && (guchar) data[1] == 0xfe)
                       || ((guchar) data[0] == 0xfe && (guchar) data[1] == 0xff)))
      /* UTF-16 or UTF-32 without a BOM: JSON starts with ASCII, so a NUL
       * beside it in the first two bytes */
      || (length >= 2 && (data[0] == '\0') != (data[1] == '\0')
          && (guchar) (data[0] | data[1]) < 0x80))
    {
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_ENCODING,
                   _("not a saved game: the file is UTF-16 text (or UTF-32), and saved games "
                     "are UTF-8"));
      return FALSE;
    }
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    {
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_ENCODING,
                   _("not a saved game: the file starts with a UTF-8 byte-order mark (BOM), "
                     "which saved games do not have"));
      return FALSE;
    }
  if (!g_utf8_validate_len (data, length, &end))
    {
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_ENCODING,
                   _("not a saved game: the file is not UTF-8 text (a byte that is not UTF-8 "
                     "at offset %lu)"), (gulong) (end - data));
      return FALSE;
    }
  return TRUE;
}

/* True when data is one strict JSON value, nested at most MAX_JSON_DEPTH
 * deep, in UTF-8. */
static gboolean
check_strict_json (const char *data, gsize length, GError **error)
{
  char stack[MAX_JSON_DEPTH];   /* the open containers, '[' or '{' */
  guint depth = 0;
  JsonWant want = WANT_VALUE;
  gsize i = 0;

  if (!check_encoding (data, length, error))
    return FALSE;

  for (;;)
    {
      char c;

      while (i < length && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r'))
        i++;
      if (i >= length)
        {
          if (want == WANT_END)
            return TRUE;
          return refuse_json (error, data, length, i,
                              depth > 0 ? _("a list or object not closed") : _("no value"));
        }
      c = data[i];

      switch (want)
        {
        case WANT_VALUE:
        case WANT_VALUE_OR_CLOSE:
          if (c == ']' && want == WANT_VALUE_OR_CLOSE)
            {
              depth--;
              i++;
              want = depth == 0 ? WANT_END : WANT_COMMA_OR_CLOSE;
            }
          else if (c == '[' || c == '{')
            {
              if (depth == MAX_JSON_DEPTH)
                {
                  g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_NOT_JSON,
                               _("not a saved game: the file nests deeper than %d levels"),
                               MAX_JSON_DEPTH);
                  return FALSE;
                }
              stack[depth++] = c;
              i++;
              want = c == '[' ? WANT_VALUE_OR_CLOSE : WANT_KEY_OR_CLOSE;
            }
          else
            {
              gboolean ok;
              if (c == '"')
                ok = check_string (data, length, &i, error);
              else if (c == '-' || g_ascii_isdigit (c))
                ok = check_number (data, length, &i, error);
              else
                ok = check_literal (data, length, &i, error);
              if (!ok)
                return FALSE;
              want = depth == 0 ? WANT_END : WANT_COMMA_OR_CLOSE;
            }
          break;

        case WANT_KEY:
        case WANT_KEY_OR_CLOSE:
          if (c == '}' && want == WANT_KEY_OR_CLOSE)
            {
              depth--;
              i++;
              want = depth == 0 ? WANT_END : WANT_COMMA_OR_CLOSE;
            }
          else if (c == '"')
            {
              if (!check_string (data, length, &i, error))
                return FALSE;
              want = WANT_COLON;
            }
          else
            return refuse_json (error, data, length, i, _("a member name not in double quotes"));
          break;

        case WANT_COLON:
          if (c != ':')
            return refuse_json (error, data, length, i, _("no ':' after a member name"));
          i++;
          want = WANT_VALUE;
          break;

        case WANT_COMMA_OR_CLOSE:
          if (c == ',')
            {
              i++;
              want = stack[depth - 1] == '[' ? WANT_VALUE : WANT_KEY;
            }
          else if ((c == ']' && stack[depth - 1] == '[') || (c == '}' && stack[depth - 1] == '{'))
            {
              depth--;
              i++;
              want = depth == 0 ? WANT_END : WANT_COMMA_OR_CLOSE;
            }
          else
            return refuse_json (error, data, length, i, _("no ',' or close where one must be"));
          break;

        case WANT_END:
        default:
          g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_NOT_JSON,
                       _("not a saved game: the file is not complete JSON (more than one value)"));
          return FALSE;
        }
    }
}

static KsmRecord *
record_from_data (const char  *data,
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
  if (!check_strict_json (data, (gsize) length, error))
    return NULL;
  if (!json_parser_load_from_data (parser, data, length, &local_error))
    {
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_NOT_JSON,
                   _("not a saved game: the file is not complete JSON (%s)"), local_error->message);
      return NULL;
    }
  root_node = json_parser_get_root (parser);
  if (root_node == NULL || !JSON_NODE_HOLDS_OBJECT (root_node))
    {
      format_error (error, _("not a saved game: the file holds no JSON object"));
      return NULL;
    }
  root = json_node_get_object (root_node);

  text = member_of_type (root, "format", G_TYPE_STRING)
         ? json_object_get_string_member (root, "format") : NULL;
  if (g_strcmp0 (text, KSM_RECORD_FORMAT) != 0)
    {
      format_error (error, _("not a saved game: \"format\" is not \"%s\""), KSM_RECORD_FORMAT);
      return NULL;
    }
  /* Translators: where in the file a field is wrong, as in
   * “saved game: \"version\" must be a whole number” */
  if (!read_int (root, _("saved game"), "version", G_MININT64, G_MAXINT64, &version, error))
    return NULL;
  if (version != KSM_RECORD_VERSION)
    {
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_VERSION,
                   _("saved-game format version %lld is not one this version "
                     "of Kasimala reads (it reads version %d)"), (long long) version, KSM_RECORD_VERSION);
      return NULL;
    }

  if ((text = read_string (root, _("saved game"), "game", error)) == NULL)
    return NULL;
  rules = ksm_rules_lookup (text);
  if (rules == NULL)
    {
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_GAME,
                   _("the game \"%s\" is not one this version of Kasimala knows"), text);
      return NULL;
    }

  if (!read_options (root, rules, &options, error)
      || !read_seats (root, rules, &options, seats, error))
    return NULL;

  if ((text = read_string (root, _("saved game"), "seed", error)) == NULL)
    return NULL;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &seed, NULL))
    {
      /* the field's name, as in the file, stays out of the catalogue */
      format_error (error, _("\"%s\": \"%s\" is not a whole number"), "seed", text);
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
      if ((text = read_string (root, _("saved game"), "generator", error)) == NULL
          || (computer = read_string (root, _("saved game"), "computer-generator", error)) == NULL)
        return NULL;
      if (!ksm_random_restore (&check, text) || !ksm_random_restore (&check, computer))
        {
          format_error (error, _("\"generator\": not a generator state"));
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
      if ((text = read_string (root, _("saved game"), "position", error)) == NULL)
        return NULL;
      /* the parser's own checks first, so a position no game can reach
       * (rules-decisions.md) is refused by what is wrong with it */
      if (!rules->parse_position (text, &written, parse_error, sizeof parse_error))
        {
          format_error (error, _("\"position\": %s"), parse_error);
          return NULL;
        }
      rules->format_position (&pos, position_text, sizeof position_text);
      if (strcmp (text, position_text) != 0)
        {
          format_error (error, _("\"position\" is not where the events lead (%s)"), position_text);
          return NULL;
        }
    }

  return g_steal_pointer (&self);
}

/* A field of the file echoed into a message is UTF-8 once the file passed
 * check_encoding; this is the last guard, for any message, should one slip. */
static void
make_message_valid (GError *error)
{
  if (error != NULL && !g_utf8_validate (error->message, -1, NULL))
    {
      char *valid = g_utf8_make_valid (error->message, -1);
      g_free (error->message);
      error->message = valid;
    }
}

KsmRecord *
ksm_record_new_from_data (const char  *data,
                          gssize       length,
                          GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  KsmRecord *record;

  g_return_val_if_fail (data != NULL, NULL);

  record = record_from_data (data, length, &local_error);
  make_message_valid (local_error);
  if (local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return record;
}

static gboolean
refuse_type (GError **error, const char *what)
{
  g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_NOT_REGULAR,
               _("not a saved game: the file is %s, not a regular file"), what);
  return FALSE;
}

static const char *
kind_of_mode (mode_t mode)
{
  if (S_ISDIR (mode))
    /* Translators: what the file is, put in “the file is %s, not a regular file” */
    return _("a folder");
  if (S_ISFIFO (mode))
    return _("a pipe (FIFO)");
  if (S_ISCHR (mode) || S_ISBLK (mode))
    return _("a device");
  if (S_ISSOCK (mode))
    return _("a socket");
  return _("of a special kind");
}

static const char *
kind_of_type (GFileType type)
{
  return type == G_FILE_TYPE_DIRECTORY ? _("a folder")
         : type == G_FILE_TYPE_MOUNTABLE ? _("a place to mount")
         : type == G_FILE_TYPE_SPECIAL ? _("a device, a pipe or a socket")
         : _("of a special kind");
}

/* `size` is what the file was found to hold: its stated size, or, where
 * it grew as it was read, the cap and the one byte past it that was read */
static gboolean
refuse_size (GError **error, guint64 size)
{
  /* two whole sentences, not "at least " put in: languages place it apart */
  if (size == (guint64) KSM_RECORD_MAX_SIZE + 1)
    g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_TOO_LARGE,
                 _("not a saved game: the file is at least %llu bytes, more than the %d MiB "
                   "(%d bytes) a saved game may be"),
                 (unsigned long long) size, KSM_RECORD_MAX_SIZE / (1024 * 1024), KSM_RECORD_MAX_SIZE);
  else
    g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_TOO_LARGE,
                 _("not a saved game: the file is %llu bytes, more than the %d MiB "
                   "(%d bytes) a saved game may be"),
                 (unsigned long long) size, KSM_RECORD_MAX_SIZE / (1024 * 1024), KSM_RECORD_MAX_SIZE);
  return FALSE;
}

static gboolean
refuse_errno (GError **error, GFile *file, gboolean opening, int saved_errno)
{
  g_autofree char *name = g_file_get_parse_name (file);

  /* whole sentences, as a verb put in would not translate */
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               opening ? _("could not open %s: %s") : _("could not read %s: %s"),
               name, g_strerror (saved_errno));
  return FALSE;
}

/* A local file: open without blocking (a FIFO would wait for a writer, and
 * a device is not opened at all), then check what was opened. */
static GBytes *
read_local (GFile *file, const char *path, GError **error)
{
  struct stat st;
  g_autofree char *data = NULL;
  gsize size, length = 0;
  int fd;

  /* a device can do things when opened: refuse it before opening */
  if (g_stat (path, &st) != 0)
    return refuse_errno (error, file, FALSE, errno), NULL;
  if (!S_ISREG (st.st_mode))
    return refuse_type (error, kind_of_mode (st.st_mode)), NULL;

  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);
  if (fd < 0)
    return refuse_errno (error, file, TRUE, errno), NULL;
  /* what was opened, which may not be what was looked at */
  if (fstat (fd, &st) != 0)
    {
      int saved_errno = errno;
      close (fd);
      return refuse_errno (error, file, FALSE, saved_errno), NULL;
    }
  if (!S_ISREG (st.st_mode) || st.st_size > KSM_RECORD_MAX_SIZE)
    {
      close (fd);
      if (!S_ISREG (st.st_mode))
        return refuse_type (error, kind_of_mode (st.st_mode)), NULL;
      return refuse_size (error, (guint64) st.st_size), NULL;
    }

  /* a file can grow while read: never more than the cap and one byte */
  size = (gsize) st.st_size + 1;
  data = g_malloc (size + 1);
  for (;;)
    {
      gssize n;
      if (length == size)
        {
          if (size > KSM_RECORD_MAX_SIZE)
            break;
          size = MIN (size * 2, (gsize) KSM_RECORD_MAX_SIZE + 1);
          data = g_realloc (data, size + 1);
        }
      n = read (fd, data + length, size - length);
      if (n < 0 && (errno == EINTR || errno == EAGAIN))
        continue;
      if (n < 0)
        {
          int saved_errno = errno;
          close (fd);
          return refuse_errno (error, file, FALSE, saved_errno), NULL;
        }
      if (n == 0)
        break;
      length += (gsize) n;
    }
  close (fd);
  if (length > KSM_RECORD_MAX_SIZE)
    return refuse_size (error, length), NULL;
  data[length] = '\0';
  return g_bytes_new_take (g_steal_pointer (&data), length);
}

/* A file with no local path (a GVfs location): its type asked first, and
 * read through a stream to the cap */
static GBytes *
read_stream (GFile *file, GError **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  guint8 buffer[65536];

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                            G_FILE_QUERY_INFO_NONE, NULL, error);
  if (info == NULL)
    return NULL;
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    return refuse_type (error, kind_of_type (g_file_info_get_file_type (info))), NULL;
  if (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_SIZE)
      && g_file_info_get_size (info) > KSM_RECORD_MAX_SIZE)
    return refuse_size (error, (guint64) g_file_info_get_size (info)), NULL;

  stream = g_file_read (file, NULL, error);
  if (stream == NULL)
    return NULL;
  while (bytes->len <= KSM_RECORD_MAX_SIZE)
    {
      gssize n = g_input_stream_read (G_INPUT_STREAM (stream), buffer,
                                      MIN (sizeof buffer, KSM_RECORD_MAX_SIZE + 1 - bytes->len),
                                      NULL, error);
      if (n < 0)
        return NULL;
      if (n == 0)
        break;
      g_byte_array_append (bytes, buffer, (guint) n);
    }
  if (bytes->len > KSM_RECORD_MAX_SIZE)
    return refuse_size (error, bytes->len), NULL;
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

GBytes *
ksm_record_read_file (GFile   *file,
                      GError **error)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) local_error = NULL;
  GBytes *bytes;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  path = g_file_get_path (file);
  bytes = path != NULL ? read_local (file, path, &local_error) : read_stream (file, &local_error);
  make_message_valid (local_error);
  if (local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return bytes;
}

KsmRecord *
ksm_record_new_from_file (GFile   *file,
                          GError **error)
{
  g_autoptr(GBytes) bytes = NULL;
  gsize length;
  const char *data;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  bytes = ksm_record_read_file (file, error);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  return ksm_record_new_from_data (data != NULL ? data : "", (gssize) length, error);
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
      if (face->throws_again)
        return g_strdup_printf (_("%s: %s (%d), throws again"), player, face->name, face->value);
      return g_strdup_printf (_("%s: %s (%d)"), player, face->name, face->value);
    case KSM_EVENT_LOST:
      face = &rules->throws.faces[event->face];
      return g_strdup_printf (_("%s: the %s (%d) is lost"), player, face->name, face->value);
    case KSM_EVENT_MOVE:
    default:
      rules->cell_name (&self->options, event->move.from, from, sizeof from);
      rules->cell_name (&self->options, event->move.to, to, sizeof to);
      if (event->move.captured == 0)
        return g_strdup_printf (_("%s: %s to %s"), player, from, to);
      {
        KsmCellContent victim;
        rules->cell_content (before, event->move.to, &victim);
        return g_strdup_printf (_("%s: %s to %s, took %u of %s"), player, from, to,
                                event->move.captured,
                                victim.player >= 0
                                  ? rules->player_name (&self->options, victim.player) : "?");
      }
    }
}
