/* ksm-library.c: the saved-games folder as a list. */
#include "config.h"

#include "ksm-library.h"

/* A deleted game waits under a hidden name of the app's own until its undo
 * has passed, so the scan that removes what a crash left set aside never
 * takes a person's own hidden file for one */
#define DELETED_PREFIX ".kasimala-deleted-"

/* The summaries of the folder's games, kept beside them so that a library
 * opened again reads none of the files it has seen (doc/saved-games.md).
 * Its name starts with '.', so the scan passes it by. */
#define INDEX_NAME     ".kasimala-index"
#define INDEX_FORMAT   "kasimala-index"
#define INDEX_VERSION  1
#define INDEX_TYPE     "(sua" KSM_LIBRARY_ITEM_ENTRY_TYPE ")"
/* far more than a million games' entries: a bigger file is not ours */
#define INDEX_MAX_SIZE (256 << 20)

/* a test hook: how many game files the scans have read */
static volatile gint files_read;

struct _KsmLibrary
{
  GObject     parent_instance;

  KsmStore   *store;
  GListStore *items;
  GHashTable *set_aside;     /* KsmLibraryItem -> GFile where it waits */
  GHashTable *known;         /* file name -> Known: what the folder held */
  guint       changes;       /* counts the list's changes made here */
  guint       n_unreadable;
  gboolean    loaded;        /* a scan has been taken */
};

G_DEFINE_FINAL_TYPE (KsmLibrary, ksm_library, G_TYPE_OBJECT)

/* What a file was when last read: a file whose size and time are the same
 * is not read again, so the library reloads by looking, not by reading */
typedef struct {
  KsmLibraryItem *item;     /* NULL: it was not a saved game */
  gint64          modified; /* µs */
  goffset         size;
} Known;

static void
known_free (gpointer data)
{
  Known *known = data;

  g_clear_object (&known->item);
  g_free (known);
}

static GHashTable *
known_table_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, known_free);
}


static void
ksm_library_finalize (GObject *object)
{
  KsmLibrary *self = KSM_LIBRARY (object);

  ksm_library_purge (self, NULL);
  g_clear_object (&self->store);
  g_clear_object (&self->items);
  g_clear_pointer (&self->set_aside, g_hash_table_unref);
  g_clear_pointer (&self->known, g_hash_table_unref);
  G_OBJECT_CLASS (ksm_library_parent_class)->finalize (object);
}

static void
ksm_library_class_init (KsmLibraryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ksm_library_finalize;
}

static void
ksm_library_init (KsmLibrary *self)
{
  self->items = g_list_store_new (KSM_TYPE_LIBRARY_ITEM);
  self->set_aside = g_hash_table_new_full (g_direct_hash, g_direct_equal,
                                           g_object_unref, g_object_unref);
  self->known = known_table_new ();
}

KsmLibrary *
ksm_library_new (KsmStore *store)
{
  KsmLibrary *self;

  g_return_val_if_fail (KSM_IS_STORE (store), NULL);

  self = g_object_new (KSM_TYPE_LIBRARY, NULL);
  self->store = g_object_ref (store);
  return self;
}

GListModel *
ksm_library_get_model (KsmLibrary *self)
{
  g_return_val_if_fail (KSM_IS_LIBRARY (self), NULL);
  return G_LIST_MODEL (self->items);
}

gboolean
ksm_library_get_loaded (KsmLibrary *self)
{
  g_return_val_if_fail (KSM_IS_LIBRARY (self), FALSE);
  return self->loaded;
}

guint
ksm_library_get_n_unreadable (KsmLibrary *self)
{
  g_return_val_if_fail (KSM_IS_LIBRARY (self), 0);
  return self->n_unreadable;
}

static int
newest_first (gconstpointer a, gconstpointer b, gpointer user_data)
{
  KsmLibraryItem *x = (KsmLibraryItem *) a, *y = (KsmLibraryItem *) b;
  int by_date = g_date_time_compare (ksm_library_item_get_date (y), ksm_library_item_get_date (x));
  g_autofree char *xn = NULL, *yn = NULL;

  if (by_date != 0)
    return by_date;
  xn = g_file_get_basename (ksm_library_item_get_file (x));
  yn = g_file_get_basename (ksm_library_item_get_file (y));
  return g_strcmp0 (yn, xn);
}

static int
newest_first_indirect (gconstpointer a, gconstpointer b, gpointer user_data)
{
  return newest_first (*(gconstpointer *) a, *(gconstpointer *) b, user_data);
}

/* a copy of the table, its items shared, for the scan on another thread */
static GHashTable *
known_table_copy (GHashTable *table)
{
  GHashTable *copy = known_table_new ();
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Known *from = value, *known = g_new0 (Known, 1);
      known->item = from->item != NULL ? g_object_ref (from->item) : NULL;
      known->modified = from->modified;
      known->size = from->size;
      g_hash_table_insert (copy, g_strdup (key), known);
    }
  return copy;
}

typedef struct {
  GFile      *folder;
  GHashTable *known;        /* in: what was read before; out: what is there now */
  GPtrArray  *set_aside;    /* GFile: files deleted but still undoable */
  guint       n_unreadable;
} Scan;

static void
scan_free (Scan *scan)
{
  g_clear_object (&scan->folder);
  g_clear_pointer (&scan->known, g_hash_table_unref);
  g_clear_pointer (&scan->set_aside, g_ptr_array_unref);
  g_free (scan);
}

static gboolean
scan_is_set_aside (Scan *scan, GFile *file)
{
  for (guint i = 0; i < scan->set_aside->len; i++)
    if (g_file_equal (scan->set_aside->pdata[i], file))
      return TRUE;
  return FALSE;
}

/* What the index says the folder held, into `known`; an index that is
 * missing, too big, damaged or of another version adds nothing, and is
 * written again after the scan. Any thread. */
static gboolean
index_read (GFile *folder, GHashTable *known)
{
  g_autoptr(GFile) file = g_file_get_child (folder, INDEX_NAME);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GVariant) index = NULL, entries = NULL;
  g_autofree char *contents = NULL;
  const char *format;
  guint32 version;
  gsize length;
  GVariantIter iter;
  GVariant *entry;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  if (info == NULL || g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR
      || g_file_info_get_size (info) > INDEX_MAX_SIZE)
    return FALSE;
  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, NULL) || length > INDEX_MAX_SIZE)
    return FALSE;
  bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
  /* untrusted: GVariant reads any bytes as some value of the type, without
   * reading past them; each entry is then checked */
  index = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (INDEX_TYPE), bytes, FALSE));
  entries = g_variant_get_child_value (index, 2);
  g_variant_get_child (index, 0, "&s", &format);
  g_variant_get_child (index, 1, "u", &version);
  if (g_strcmp0 (format, INDEX_FORMAT) != 0 || version != INDEX_VERSION)
    return FALSE;
  g_variant_iter_init (&iter, entries);
  while ((entry = g_variant_iter_next_value (&iter)) != NULL)
    {
      Known *one = g_new0 (Known, 1);
      char *name = NULL;

      if (ksm_library_item_parse_entry (entry, folder, &name, &one->size, &one->modified, &one->item))
        g_hash_table_replace (known, name, one);
      else
        known_free (one);
      g_variant_unref (entry);
    }
  return TRUE;
}

/* writes `known` as the index, atomically; a failure costs only the next
 * opening's time. Any thread. */
static void
index_write (GFile *folder, GHashTable *known)
{
  g_autoptr(GFile) file = g_file_get_child (folder, INDEX_NAME);
  g_autoptr(GVariant) index = NULL;
  g_autoptr(GBytes) bytes = NULL;
  GVariantBuilder entries;
  GHashTableIter iter;
  gpointer key, value;

  g_variant_builder_init (&entries, G_VARIANT_TYPE ("a" KSM_LIBRARY_ITEM_ENTRY_TYPE));
  g_hash_table_iter_init (&iter, known);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Known *one = value;
      g_variant_builder_add_value (&entries, ksm_library_item_to_entry (one->item, key, one->size,
                                                                       one->modified));
    }
  index = g_variant_ref_sink (g_variant_new ("(sua" KSM_LIBRARY_ITEM_ENTRY_TYPE ")", INDEX_FORMAT,
                                             (guint32) INDEX_VERSION, &entries));
  bytes = g_variant_get_data_as_bytes (index);
  g_file_replace_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL, FALSE,
                           G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, NULL);
}

guint
ksm_library_get_files_read (void)
{
  return (guint) g_atomic_int_get (&files_read);
}

/* Reads the folder, on any thread: touches only `scan` */
static void
scan_folder (Scan *scan)
{
  g_autoptr(GFileEnumerator) children = NULL;
  g_autoptr(GHashTable) found = known_table_new ();
  GFileInfo *info;
  gboolean changed = FALSE;

  scan->n_unreadable = 0;
  /* nothing known yet (a first scan, or one begun before the first
   * ended): what the index knows */
  if (g_hash_table_size (scan->known) == 0)
    changed = !index_read (scan->folder, scan->known);
  children = g_file_enumerate_children (scan->folder,
                                        G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                        G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                                        G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                                        G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                        G_FILE_QUERY_INFO_NONE, NULL, NULL);
  while (children != NULL
         && g_file_enumerator_iterate (children, &info, NULL, NULL, NULL) && info != NULL)
    {
      const char *name = g_file_info_get_name (info);
      g_autoptr(GFile) file = g_file_get_child (scan->folder, name);
      Known *before, *now;

      if (name[0] == '.')
        {
          /* set aside by a session that ended before it could purge */
          if (g_str_has_prefix (name, DELETED_PREFIX) && !scan_is_set_aside (scan, file))
            g_file_delete (file, NULL, NULL);
          continue;
        }
      if (!g_str_has_suffix (name, ".json"))
        continue;
      now = g_new0 (Known, 1);
      now->size = g_file_info_get_size (info);
      now->modified = (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
                      + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
      before = g_hash_table_lookup (scan->known, name);
      if (before != NULL && before->modified == now->modified && before->size == now->size)
        now->item = before->item != NULL ? g_object_ref (before->item) : NULL;
      else
        {
          g_autoptr(KsmRecord) record = ksm_record_new_from_file (file, NULL);

          g_atomic_int_inc (&files_read);
          /* the summary, not the record: a game's record is read again
           * when it is opened */
          if (record != NULL)
            now->item = ksm_library_item_new_summed (file, record, now->size, now->modified);
          changed = TRUE;
        }
      if (now->item == NULL)
        scan->n_unreadable++;
      g_hash_table_insert (found, g_strdup (name), now);
    }
  /* a file gone since is left out of the index too */
  if (children != NULL && (changed || g_hash_table_size (found) != g_hash_table_size (scan->known)))
    index_write (scan->folder, found);
  g_hash_table_unref (scan->known);
  scan->known = g_steal_pointer (&found);
}

static Scan *
scan_new (KsmLibrary *self)
{
  Scan *scan = g_new0 (Scan, 1);
  GHashTableIter iter;
  gpointer value;

  scan->folder = g_object_ref (ksm_store_get_games_directory (self->store));
  scan->known = known_table_copy (self->known);
  scan->set_aside = g_ptr_array_new_with_free_func (g_object_unref);
  g_hash_table_iter_init (&iter, self->set_aside);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (scan->set_aside, g_object_ref (value));
  return scan;
}

static gboolean
same_items (GListModel *model, GPtrArray *items)
{
  if (g_list_model_get_n_items (model) != items->len)
    return FALSE;
  for (guint i = 0; i < items->len; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);
      if (item != items->pdata[i])
        return FALSE;
    }
  return TRUE;
}

/* the scan's games become the list, newest first, in one change */
static void
take_scan (KsmLibrary *self, Scan *scan)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, scan->known);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (((Known *) value)->item != NULL)
      g_ptr_array_add (items, ((Known *) value)->item);
  g_ptr_array_sort_with_data (items, (GCompareDataFunc) newest_first_indirect, NULL);
  /* an unchanged folder changes nothing: the views need not build their
   * rows again */
  if (!same_items (G_LIST_MODEL (self->items), items))
    g_list_store_splice (self->items, 0, g_list_model_get_n_items (G_LIST_MODEL (self->items)),
                         items->pdata, items->len);
  g_hash_table_unref (self->known);
  self->known = g_hash_table_ref (scan->known);
  self->n_unreadable = scan->n_unreadable;
  self->loaded = TRUE;
  self->changes++;
}

void
ksm_library_reload (KsmLibrary *self)
{
  Scan *scan;

  g_return_if_fail (KSM_IS_LIBRARY (self));

  scan = scan_new (self);
  scan_folder (scan);
  take_scan (self, scan);
  scan_free (scan);
}

static void
reload_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  scan_folder (data);
  g_task_return_boolean (task, TRUE);
}

static void
reload_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  KsmLibrary *self = KSM_LIBRARY (source);
  g_autoptr(GTask) outer = user_data;
  Scan *scan = g_task_get_task_data (G_TASK (result));

  /* a change made meanwhile (a deletion, a game kept) is not undone by
   * an older look at the folder: the scan is taken only if nothing did */
  if (self->changes == GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (result), "changes")))
    take_scan (self, scan);
  else
    ksm_library_reload (self);
  g_task_return_boolean (outer, TRUE);
}

void
ksm_library_reload_async (KsmLibrary          *self,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) inner = NULL;
  GTask *outer;

  g_return_if_fail (KSM_IS_LIBRARY (self));

  outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, ksm_library_reload_async);
  inner = g_task_new (self, cancellable, reload_done_cb, outer);
  g_task_set_task_data (inner, scan_new (self), (GDestroyNotify) scan_free);
  g_object_set_data (G_OBJECT (inner), "changes", GUINT_TO_POINTER (self->changes));
  g_task_set_return_on_cancel (inner, FALSE);
  g_task_run_in_thread (inner, reload_thread);
}

gboolean
ksm_library_reload_finish (KsmLibrary *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static gboolean
find_item (KsmLibrary *self, KsmLibraryItem *item, guint *position)
{
  return g_list_store_find (self->items, item, position);
}

gboolean
ksm_library_delete (KsmLibrary *self, KsmLibraryItem *item, GError **error)
{
  GFile *file;
  g_autofree char *name = NULL, *aside_name = NULL;
  g_autoptr(GFile) aside = NULL;
  guint position;

  g_return_val_if_fail (KSM_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (KSM_IS_LIBRARY_ITEM (item), FALSE);

  if (!find_item (self, item, &position))
    return TRUE;
  file = ksm_library_item_get_file (item);
  name = g_file_get_basename (file);
  aside_name = g_strconcat (DELETED_PREFIX, name, NULL);
  {
    g_autoptr(GFile) parent = g_file_get_parent (file);
    aside = g_file_get_child (parent, aside_name);
  }
  if (!g_file_move (file, aside, G_FILE_COPY_OVERWRITE | G_FILE_COPY_NOFOLLOW_SYMLINKS,
                    NULL, NULL, NULL, error))
    return FALSE;
  g_hash_table_replace (self->set_aside, g_object_ref (item), g_steal_pointer (&aside));
  g_list_store_remove (self->items, position);
  self->changes++;
  return TRUE;
}

gboolean
ksm_library_undo_delete (KsmLibrary *self, KsmLibraryItem *item, GError **error)
{
  GFile *aside;

  g_return_val_if_fail (KSM_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (KSM_IS_LIBRARY_ITEM (item), FALSE);

  aside = g_hash_table_lookup (self->set_aside, item);
  if (aside == NULL)
    return FALSE;
  if (!g_file_move (aside, ksm_library_item_get_file (item), G_FILE_COPY_NOFOLLOW_SYMLINKS,
                    NULL, NULL, NULL, error))
    return FALSE;
  g_hash_table_remove (self->set_aside, item);
  g_list_store_insert_sorted (self->items, item, newest_first, NULL);
  self->changes++;
  return TRUE;
}

void
ksm_library_purge (KsmLibrary *self, KsmLibraryItem *item)
{
  GHashTableIter iter;
  gpointer value;

  g_return_if_fail (KSM_IS_LIBRARY (self));

  if (item != NULL)
    {
      GFile *aside = g_hash_table_lookup (self->set_aside, item);
      if (aside != NULL)
        g_file_delete (aside, NULL, NULL);
      g_hash_table_remove (self->set_aside, item);
      return;
    }

  g_hash_table_iter_init (&iter, self->set_aside);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_file_delete (G_FILE (value), NULL, NULL);
  g_hash_table_remove_all (self->set_aside);
}

KsmLibraryItem *
ksm_library_keep (KsmLibrary *self, KsmRecord *record, GError **error)
{
  g_autoptr(GFile) kept = NULL;
  KsmLibraryItem *item;

  g_return_val_if_fail (KSM_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (KSM_IS_RECORD (record), NULL);

  kept = ksm_store_keep (self->store, record, error);
  if (kept == NULL)
    return NULL;
  item = ksm_library_item_new (kept, record);
  g_list_store_insert_sorted (self->items, item, newest_first, NULL);
  self->changes++;
  return item;
}

KsmLibraryItem *
ksm_library_import (KsmLibrary *self, GFile *source, GError **error)
{
  g_autoptr(KsmRecord) record = NULL;

  g_return_val_if_fail (KSM_IS_LIBRARY (self), NULL);
  g_return_val_if_fail (G_IS_FILE (source), NULL);

  record = ksm_record_new_from_file (source, error);
  if (record == NULL)
    return NULL;
  return ksm_library_keep (self, record, error);
}

gboolean
ksm_library_export (KsmLibrary *self, KsmLibraryItem *item, GFile *destination, GError **error)
{
  g_return_val_if_fail (KSM_IS_LIBRARY (self), FALSE);
  g_return_val_if_fail (KSM_IS_LIBRARY_ITEM (item), FALSE);
  g_return_val_if_fail (G_IS_FILE (destination), FALSE);

  return g_file_copy (ksm_library_item_get_file (item), destination, G_FILE_COPY_OVERWRITE,
                      NULL, NULL, NULL, error);
}
