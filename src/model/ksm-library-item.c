/* ksm-library-item.c: one saved game. */
#include "config.h"

#include "ksm-library-item.h"

#include <glib/gi18n-lib.h>

#include <string.h>

struct _KsmLibraryItem
{
  GObject     parent_instance;

  GFile      *file;
  KsmRecord  *record;     /* NULL until the game is opened */
  goffset     size;       /* the file's when summed up; -1: the record is the truth */
  gint64      modified;   /* µs */

  /* the summary */
  const KsmRules *rules;
  KsmOptions  options;
  KsmSeat     seats[KSM_MAX_PLAYERS];
  GDateTime  *started;
  GDateTime  *ended;      /* NULL: not ended */
  guint       n_events;
  KsmOutcome  outcome;
};

G_DEFINE_FINAL_TYPE (KsmLibraryItem, ksm_library_item, G_TYPE_OBJECT)

static void
ksm_library_item_finalize (GObject *object)
{
  KsmLibraryItem *self = KSM_LIBRARY_ITEM (object);

  g_clear_object (&self->file);
  g_clear_object (&self->record);
  g_clear_pointer (&self->started, g_date_time_unref);
  g_clear_pointer (&self->ended, g_date_time_unref);
  G_OBJECT_CLASS (ksm_library_item_parent_class)->finalize (object);
}

static void
ksm_library_item_class_init (KsmLibraryItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ksm_library_item_finalize;
}

static void
ksm_library_item_init (KsmLibraryItem *self)
{
  self->size = -1;
}

static KsmLibraryItem *
item_sum_up (GFile *file, KsmRecord *record)
{
  KsmLibraryItem *self = g_object_new (KSM_TYPE_LIBRARY_ITEM, NULL);
  const KsmRules *rules = ksm_record_get_rules (record);
  KsmPosition position;

  self->file = g_object_ref (file);
  self->rules = rules;
  self->options = *ksm_record_get_options (record);
  for (int p = 0; p < rules->n_players (&self->options) && p < KSM_MAX_PLAYERS; p++)
    self->seats[p] = *ksm_record_get_seat (record, (guint) p);
  self->started = g_date_time_ref (ksm_record_get_started (record));
  if (ksm_record_get_ended (record) != NULL)
    self->ended = g_date_time_ref (ksm_record_get_ended (record));
  self->n_events = ksm_record_get_n_events (record);
  if (ksm_record_replay (record, self->n_events, &position, NULL))
    rules->outcome (&position, &self->outcome);
  return self;
}

KsmLibraryItem *
ksm_library_item_new (GFile *file, KsmRecord *record)
{
  KsmLibraryItem *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (KSM_IS_RECORD (record), NULL);

  self = item_sum_up (file, record);
  self->record = g_object_ref (record);
  return self;
}

KsmLibraryItem *
ksm_library_item_new_summed (GFile *file, KsmRecord *record, goffset size, gint64 modified)
{
  KsmLibraryItem *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (KSM_IS_RECORD (record), NULL);

  self = item_sum_up (file, record);
  self->size = size;
  self->modified = modified;
  return self;
}

GFile *
ksm_library_item_get_file (KsmLibraryItem *self)
{
  g_return_val_if_fail (KSM_IS_LIBRARY_ITEM (self), NULL);
  return self->file;
}

KsmRecord *
ksm_library_item_load_record (KsmLibraryItem *self, GError **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(KsmRecord) record = NULL;

  g_return_val_if_fail (KSM_IS_LIBRARY_ITEM (self), NULL);

  if (self->record != NULL)
    return self->record;
  /* the summary was of the file as it was then: another file there now
   * would not be the game the player chose */
  info = g_file_query_info (self->file, G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                            G_FILE_ATTRIBUTE_TIME_MODIFIED "," G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                            G_FILE_QUERY_INFO_NONE, NULL, error);
  if (info == NULL)
    return NULL;
  if (g_file_info_get_size (info) != self->size
      || (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
         + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC) != self->modified)
    {
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_CHANGED, _("the file changed since it was listed"));
      return NULL;
    }
  record = ksm_record_new_from_file (self->file, error);
  if (record == NULL)
    return NULL;
  if (ksm_record_get_rules (record) != self->rules
      || ksm_record_get_n_events (record) != self->n_events)
    {
      g_set_error (error, KSM_RECORD_ERROR, KSM_RECORD_ERROR_CHANGED, _("the file is not the game listed"));
      return NULL;
    }
  self->record = g_steal_pointer (&record);
  return self->record;
}

KsmRecord *
ksm_library_item_get_record (KsmLibraryItem *self)
{
  g_return_val_if_fail (KSM_IS_LIBRARY_ITEM (self), NULL);
  return ksm_library_item_load_record (self, NULL);
}

const KsmRules *
ksm_library_item_get_rules (KsmLibraryItem *self)
{
  g_return_val_if_fail (KSM_IS_LIBRARY_ITEM (self), NULL);
  return self->rules;
}

const KsmOptions *
ksm_library_item_get_options (KsmLibraryItem *self)
{
  g_return_val_if_fail (KSM_IS_LIBRARY_ITEM (self), NULL);
  return &self->options;
}

const KsmSeat *
ksm_library_item_get_seat (KsmLibraryItem *self, guint player)
{
  g_return_val_if_fail (KSM_IS_LIBRARY_ITEM (self), NULL);
  g_return_val_if_fail (player < KSM_MAX_PLAYERS, NULL);
  return &self->seats[player];
}

guint
ksm_library_item_get_n_events (KsmLibraryItem *self)
{
  g_return_val_if_fail (KSM_IS_LIBRARY_ITEM (self), 0);
  return self->n_events;
}

GDateTime *
ksm_library_item_get_date (KsmLibraryItem *self)
{
  g_return_val_if_fail (KSM_IS_LIBRARY_ITEM (self), NULL);
  return self->ended != NULL ? self->ended : self->started;
}

void
ksm_library_item_get_outcome (KsmLibraryItem *self, KsmOutcome *outcome)
{
  g_return_if_fail (KSM_IS_LIBRARY_ITEM (self));
  *outcome = self->outcome;
}

/* ---- the index's entries ---- */

static gint64
date_to_usec (GDateTime *date)
{
  return g_date_time_to_unix (date) * G_USEC_PER_SEC + g_date_time_get_microsecond (date);
}

static GDateTime *
date_from_usec (gint64 usec)
{
  gint64 seconds = usec / G_USEC_PER_SEC, rest = usec % G_USEC_PER_SEC;
  g_autoptr(GDateTime) whole = NULL;

  if (rest < 0)
    {
      seconds--;
      rest += G_USEC_PER_SEC;
    }
  whole = g_date_time_new_from_unix_utc (seconds);
  return whole != NULL ? g_date_time_add (whole, rest) : NULL;
}

GVariant *
ksm_library_item_to_entry (KsmLibraryItem *item, const char *name, goffset size, gint64 modified)
{
  GVariantBuilder seats;
  const KsmOptions *o;

  g_variant_builder_init (&seats, G_VARIANT_TYPE ("a(yy)"));
  if (item == NULL)
    return g_variant_new ("(ssxx(yyyqu)a(yy)xbxu(bnnbyy))", name, "", (gint64) size, modified,
                          0, 0, 0, 0, 0, &seats, (gint64) 0, FALSE, (gint64) 0, 0,
                          FALSE, 0, 0, FALSE, 0, 0);
  o = &item->options;
  for (int p = 0; p < item->rules->n_players (o) && p < KSM_MAX_PLAYERS; p++)
    g_variant_builder_add (&seats, "(yy)", (guint8) item->seats[p].kind, (guint8) item->seats[p].level);
  return g_variant_new ("(ssxx(yyyqu)a(yy)xbxu(bnnbyy))", name, item->rules->id, (gint64) size, modified,
                        o->length, o->n_players, o->first_player, o->throw_limit, o->flags, &seats,
                        date_to_usec (item->started), item->ended != NULL,
                        item->ended != NULL ? date_to_usec (item->ended) : (gint64) 0, item->n_events,
                        (gboolean) item->outcome.over, (gint16) item->outcome.winner,
                        (gint16) item->outcome.winning_team, (gboolean) item->outcome.gulmasi,
                        item->outcome.score, item->outcome.reason);
}

/* a name the scan could have found: a game file right in the folder */
static gboolean
good_name (const char *name)
{
  return name[0] != '\0' && name[0] != '.' && strchr (name, '/') == NULL
         && g_str_has_suffix (name, ".json") && g_utf8_validate (name, -1, NULL);
}

gboolean
ksm_library_item_parse_entry (GVariant *entry, GFile *folder, char **name_out,
                              goffset *size_out, gint64 *modified_out, KsmLibraryItem **item_out)
{
  const char *name, *game_id;
  gint64 size, modified, started, ended;
  guint8 length, n_players, first_player, over_reason, score;
  guint16 throw_limit;
  guint32 flags, n_events;
  gboolean has_ended, over, gulmasi;
  gint16 winner, winning_team;
  g_autoptr(GVariantIter) seats = NULL;
  const KsmRules *rules;
  g_autoptr(KsmLibraryItem) self = NULL;
  char error[128];
  guint8 kind, level;
  int n = 0, players;

  if (!g_variant_is_of_type (entry, G_VARIANT_TYPE (KSM_LIBRARY_ITEM_ENTRY_TYPE)))
    return FALSE;
  g_variant_get (entry, "(&s&sxx(yyyqu)a(yy)xbxu(bnnbyy))", &name, &game_id, &size, &modified,
                 &length, &n_players, &first_player, &throw_limit, &flags, &seats,
                 &started, &has_ended, &ended, &n_events,
                 &over, &winner, &winning_team, &gulmasi, &score, &over_reason);
  if (!good_name (name) || size < 0)
    return FALSE;
  *item_out = NULL;
  if (game_id[0] != '\0')
    {
      rules = ksm_rules_lookup (game_id);
      if (rules == NULL)
        return FALSE;
      self = g_object_new (KSM_TYPE_LIBRARY_ITEM, NULL);
      self->rules = rules;
      self->options.game = (uint8_t) ksm_rules_kind (rules);
      self->options.length = length;
      self->options.n_players = n_players;
      self->options.first_player = first_player;
      self->options.throw_limit = throw_limit;
      self->options.flags = flags;
      if (self->options.game == (uint8_t) KSM_GAME_NONE
          || !rules->check_options (&self->options, error, sizeof error))
        return FALSE;
      players = rules->n_players (&self->options);
      if (players < 1 || players > KSM_MAX_PLAYERS)
        return FALSE;
      while (g_variant_iter_next (seats, "(yy)", &kind, &level))
        {
          if (n >= players || kind > KSM_SEAT_COMPUTER || level >= KSM_N_LEVELS)
            return FALSE;
          self->seats[n].kind = kind;
          self->seats[n].level = level;
          n++;
        }
      if (n != players || winner < -1 || winner >= players || winning_team < -1
          || winning_team >= players)
        return FALSE;
      self->started = date_from_usec (started);
      self->ended = has_ended ? date_from_usec (ended) : NULL;
      if (self->started == NULL || (has_ended && self->ended == NULL))
        return FALSE;
      self->n_events = n_events;
      self->outcome.over = over;
      self->outcome.winner = (int8_t) winner;
      self->outcome.winning_team = (int8_t) winning_team;
      self->outcome.gulmasi = gulmasi;
      self->outcome.score = score;
      self->outcome.reason = over_reason;
      self->file = g_file_get_child (folder, name);
      self->size = size;
      self->modified = modified;
    }
  *name_out = g_strdup (name);
  *size_out = size;
  *modified_out = modified;
  *item_out = g_steal_pointer (&self);
  return TRUE;
}
