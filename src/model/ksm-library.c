/* ksm-library.c: the saved-games folder as a list. */
#include "config.h"

#include "ksm-library.h"

#define DELETED_SUFFIX ".deleted"

struct _KsmLibrary
{
  GObject     parent_instance;

  KsmStore   *store;
  GListStore *items;
  GHashTable *set_aside;     /* KsmLibraryItem -> GFile where it waits */
  guint       n_unreadable;
};

G_DEFINE_FINAL_TYPE (KsmLibrary, ksm_library, G_TYPE_OBJECT)

static void
ksm_library_finalize (GObject *object)
{
  KsmLibrary *self = KSM_LIBRARY (object);

  ksm_library_purge (self, NULL);
  g_clear_object (&self->store);
  g_clear_object (&self->items);
  g_clear_pointer (&self->set_aside, g_hash_table_unref);
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

static gboolean
is_set_aside (KsmLibrary *self, GFile *file)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->set_aside);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (g_file_equal (value, file))
      return TRUE;
  return FALSE;
}

void
ksm_library_reload (KsmLibrary *self)
{
  GFile *folder;
  g_autoptr(GFileEnumerator) children = NULL;
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_object_unref);
  GFileInfo *info;

  g_return_if_fail (KSM_IS_LIBRARY (self));

  self->n_unreadable = 0;
  folder = ksm_store_get_games_directory (self->store);
  children = g_file_enumerate_children (folder, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                        G_FILE_QUERY_INFO_NONE, NULL, NULL);
  while (children != NULL
         && g_file_enumerator_iterate (children, &info, NULL, NULL, NULL) && info != NULL)
    {
      const char *name = g_file_info_get_name (info);
      g_autoptr(GFile) file = g_file_get_child (folder, name);
      g_autoptr(KsmRecord) record = NULL;

      if (name[0] == '.')
        {
          /* set aside by a session that ended before it could purge */
          if (g_str_has_suffix (name, DELETED_SUFFIX) && !is_set_aside (self, file))
            g_file_delete (file, NULL, NULL);
          continue;
        }
      if (!g_str_has_suffix (name, ".json"))
        continue;
      record = ksm_record_new_from_file (file, NULL);
      if (record == NULL)
        {
          self->n_unreadable++;
          continue;
        }
      g_ptr_array_add (found, ksm_library_item_new (file, record));
    }
  g_list_store_remove_all (self->items);
  for (guint i = 0; i < found->len; i++)
    g_list_store_insert_sorted (self->items, found->pdata[i], newest_first, NULL);
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
  aside_name = g_strconcat (".", name, DELETED_SUFFIX, NULL);
  {
    g_autoptr(GFile) parent = g_file_get_parent (file);
    aside = g_file_get_child (parent, aside_name);
  }
  if (!g_file_move (file, aside, G_FILE_COPY_OVERWRITE | G_FILE_COPY_NOFOLLOW_SYMLINKS,
                    NULL, NULL, NULL, error))
    return FALSE;
  g_hash_table_replace (self->set_aside, g_object_ref (item), g_steal_pointer (&aside));
  g_list_store_remove (self->items, position);
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
