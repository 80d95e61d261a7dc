/* ksm-library-item.c: one saved game. */
#include "config.h"

#include "ksm-library-item.h"

struct _KsmLibraryItem
{
  GObject     parent_instance;

  GFile      *file;
  KsmRecord  *record;
  KsmOutcome  outcome;
};

G_DEFINE_FINAL_TYPE (KsmLibraryItem, ksm_library_item, G_TYPE_OBJECT)

static void
ksm_library_item_finalize (GObject *object)
{
  KsmLibraryItem *self = KSM_LIBRARY_ITEM (object);

  g_clear_object (&self->file);
  g_clear_object (&self->record);
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
}

KsmLibraryItem *
ksm_library_item_new (GFile *file, KsmRecord *record)
{
  KsmLibraryItem *self;
  KsmPosition position;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (KSM_IS_RECORD (record), NULL);

  self = g_object_new (KSM_TYPE_LIBRARY_ITEM, NULL);
  self->file = g_object_ref (file);
  self->record = g_object_ref (record);
  if (ksm_record_replay (record, ksm_record_get_n_events (record), &position, NULL))
    ksm_record_get_rules (record)->outcome (&position, &self->outcome);
  return self;
}

GFile *
ksm_library_item_get_file (KsmLibraryItem *self)
{
  g_return_val_if_fail (KSM_IS_LIBRARY_ITEM (self), NULL);
  return self->file;
}

KsmRecord *
ksm_library_item_get_record (KsmLibraryItem *self)
{
  g_return_val_if_fail (KSM_IS_LIBRARY_ITEM (self), NULL);
  return self->record;
}

GDateTime *
ksm_library_item_get_date (KsmLibraryItem *self)
{
  g_return_val_if_fail (KSM_IS_LIBRARY_ITEM (self), NULL);
  if (ksm_record_get_ended (self->record) != NULL)
    return ksm_record_get_ended (self->record);
  return ksm_record_get_started (self->record);
}

void
ksm_library_item_get_outcome (KsmLibraryItem *self, KsmOutcome *outcome)
{
  g_return_if_fail (KSM_IS_LIBRARY_ITEM (self));
  *outcome = self->outcome;
}
