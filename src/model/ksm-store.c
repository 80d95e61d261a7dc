/* ksm-store.c: autosave and the saved-games folder. */
#include "config.h"

#include "ksm-store.h"

#include <string.h>

struct _KsmStore
{
  GObject   parent_instance;

  GFile    *directory;
  GFile    *autosave_file;
  GFile    *games_directory;
  KsmGame  *game;
  gulong    changed_id;
  gulong    over_id;
};

G_DEFINE_FINAL_TYPE (KsmStore, ksm_store, G_TYPE_OBJECT)

enum {
  SIGNAL_SAVE_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
ksm_store_dispose (GObject *object)
{
  ksm_store_unwatch (KSM_STORE (object));
  G_OBJECT_CLASS (ksm_store_parent_class)->dispose (object);
}

static void
ksm_store_finalize (GObject *object)
{
  KsmStore *self = KSM_STORE (object);

  g_clear_object (&self->directory);
  g_clear_object (&self->autosave_file);
  g_clear_object (&self->games_directory);
  G_OBJECT_CLASS (ksm_store_parent_class)->finalize (object);
}

static void
ksm_store_class_init (KsmStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ksm_store_dispose;
  object_class->finalize = ksm_store_finalize;

  /* save-failed (message): the game could not be written; it stays open */
  signals[SIGNAL_SAVE_FAILED] =
    g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
ksm_store_init (KsmStore *self)
{
}

KsmStore *
ksm_store_new (GFile *directory)
{
  KsmStore *self = g_object_new (KSM_TYPE_STORE, NULL);

  if (directory != NULL)
    self->directory = g_object_ref (directory);
  else
    self->directory = g_file_new_build_filename (g_get_user_data_dir (), "kasimala", NULL);
  self->autosave_file = g_file_get_child (self->directory, "autosave.json");
  self->games_directory = g_file_get_child (self->directory, "games");
  return self;
}

GFile *
ksm_store_get_directory (KsmStore *self)
{
  g_return_val_if_fail (KSM_IS_STORE (self), NULL);
  return self->directory;
}

GFile *
ksm_store_get_autosave_file (KsmStore *self)
{
  g_return_val_if_fail (KSM_IS_STORE (self), NULL);
  return self->autosave_file;
}

GFile *
ksm_store_get_games_directory (KsmStore *self)
{
  g_return_val_if_fail (KSM_IS_STORE (self), NULL);
  return self->games_directory;
}

static gboolean
ensure_directory (GFile *directory, GError **error)
{
  g_autoptr(GError) local_error = NULL;

  if (g_file_make_directory_with_parents (directory, NULL, &local_error)
      || g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

gboolean
ksm_store_save_now (KsmStore *self, GError **error)
{
  g_return_val_if_fail (KSM_IS_STORE (self), FALSE);

  if (self->game == NULL)
    return TRUE;
  return ensure_directory (self->directory, error)
         && ksm_record_save_to_file (ksm_game_get_record (self->game), self->autosave_file, error);
}

static void
report_failure (KsmStore *self, const GError *error)
{
  g_autofree char *message = g_strdup_printf ("The game could not be saved: %s", error->message);
  g_signal_emit (self, signals[SIGNAL_SAVE_FAILED], 0, message);
}

static void
game_changed_cb (KsmStore *self,
                 KsmGame  *game)
{
  g_autoptr(GError) error = NULL;

  if (ksm_game_get_phase (game) == KSM_PHASE_OVER)
    return;   /* game_over_cb keeps it */
  if (!ksm_store_save_now (self, &error))
    report_failure (self, error);
}

static void
game_over_cb (KsmStore *self,
              int       winner,
              gboolean  gulmasi,
              guint     score,
              KsmGame  *game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) kept = ksm_store_keep (self, ksm_game_get_record (game), &error);

  if (kept == NULL)
    {
      /* keep the autosave, so the finished game is not lost */
      g_autoptr(GError) autosave_error = NULL;
      report_failure (self, error);
      ksm_store_save_now (self, &autosave_error);
      return;
    }
  ksm_store_discard_autosave (self);
}

void
ksm_store_unwatch (KsmStore *self)
{
  g_return_if_fail (KSM_IS_STORE (self));

  if (self->game == NULL)
    return;
  g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_signal_handler (&self->over_id, self->game);
  g_clear_object (&self->game);
}

void
ksm_store_watch (KsmStore *self, KsmGame *game)
{
  g_return_if_fail (KSM_IS_STORE (self));
  g_return_if_fail (KSM_IS_GAME (game));

  ksm_store_unwatch (self);
  self->game = g_object_ref (game);
  self->changed_id = g_signal_connect_object (game, "changed", G_CALLBACK (game_changed_cb),
                                              self, G_CONNECT_SWAPPED);
  self->over_id = g_signal_connect_object (game, "game-over", G_CALLBACK (game_over_cb),
                                           self, G_CONNECT_SWAPPED);
}

KsmRecord *
ksm_store_load_autosave (KsmStore *self, GError **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(KsmRecord) record = NULL;
  KsmPosition position;

  g_return_val_if_fail (KSM_IS_STORE (self), NULL);

  record = ksm_record_new_from_file (self->autosave_file, &local_error);
  if (record == NULL)
    {
      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  /* a finished game is kept in the games folder, not resumed */
  if (ksm_record_replay (record, ksm_record_get_n_events (record), &position, NULL)
      && position.phase == KSM_PHASE_OVER)
    return NULL;
  return g_steal_pointer (&record);
}

/* A saved game is written to NAME.json.XXXXXX beside NAME.json and renamed
 * over it once whole (g_file_set_contents); a crash or a kill mid-write
 * leaves that copy behind, never anything else. */
static gboolean
is_leftover (const char *name)
{
  const char *dot = strrchr (name, '.');

  if (dot == NULL || dot - name < 5 || strncmp (dot - 5, ".json", 5) != 0 || strlen (dot + 1) != 6)
    return FALSE;
  for (const char *c = dot + 1; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c))
      return FALSE;
  return TRUE;
}

static void
remove_leftovers_in (GFile *directory)
{
  g_autoptr(GFileEnumerator) children = NULL;
  GFileInfo *info;

  children = g_file_enumerate_children (directory, G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                        G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  if (children == NULL)
    return;
  while (g_file_enumerator_iterate (children, &info, NULL, NULL, NULL) && info != NULL)
    if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR
        && is_leftover (g_file_info_get_name (info)))
      {
        g_autoptr(GFile) child = g_file_get_child (directory, g_file_info_get_name (info));
        g_file_delete (child, NULL, NULL);
      }
}

void
ksm_store_remove_leftovers (KsmStore *self)
{
  g_return_if_fail (KSM_IS_STORE (self));

  remove_leftovers_in (self->directory);
  remove_leftovers_in (self->games_directory);
}

void
ksm_store_discard_autosave (KsmStore *self)
{
  g_return_if_fail (KSM_IS_STORE (self));
  g_file_delete (self->autosave_file, NULL, NULL);
}

GFile *
ksm_store_keep (KsmStore *self, KsmRecord *record, GError **error)
{
  g_autofree char *stamp = NULL;
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (KSM_IS_STORE (self), NULL);
  g_return_val_if_fail (KSM_IS_RECORD (record), NULL);

  if (!ensure_directory (self->games_directory, error))
    return NULL;

  stamp = g_date_time_format (ksm_record_get_started (record), "%Y%m%d-%H%M%S");
  for (guint n = 1; ; n++)
    {
      g_autofree char *name = n == 1
        ? g_strdup_printf ("%s-%s.json", stamp, ksm_record_get_rules (record)->id)
        : g_strdup_printf ("%s-%s-%u.json", stamp, ksm_record_get_rules (record)->id, n);
      g_clear_object (&file);
      file = g_file_get_child (self->games_directory, name);
      if (!g_file_query_exists (file, NULL))
        break;
    }
  if (!ksm_record_save_to_file (record, file, error))
    return NULL;
  return g_steal_pointer (&file);
}
