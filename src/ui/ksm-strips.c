/* ksm-strips.c: one box per strip, styled by style.css exactly as the throw
 * view's strips (".strips .strip.hollow", ".round"), so a figure looks like
 * a throw in play. */
#include "config.h"

#include "ksm-strips.h"

struct _KsmStrips
{
  GtkWidget  parent_instance;

  char      *hollow;
  gboolean   cowries;
  guint32    marked;   /* bit per object told apart (a yellow cowrie) */
};

G_DEFINE_FINAL_TYPE (KsmStrips, ksm_strips, GTK_TYPE_WIDGET)

static void
ksm_strips_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (ksm_strips_parent_class)->dispose (object);
}

static void
ksm_strips_finalize (GObject *object)
{
  KsmStrips *self = KSM_STRIPS (object);

  g_free (self->hollow);
  G_OBJECT_CLASS (ksm_strips_parent_class)->finalize (object);
}

static void
ksm_strips_class_init (KsmStripsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_strips_dispose;
  object_class->finalize = ksm_strips_finalize;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "strips");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ksm_strips_init (KsmStrips *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
  gtk_widget_add_css_class (GTK_WIDGET (self), "strips");
  gtk_widget_set_halign (GTK_WIDGET (self), GTK_ALIGN_CENTER);
}

GtkWidget *
ksm_strips_new (const char *hollow)
{
  GtkWidget *self = g_object_new (KSM_TYPE_STRIPS, NULL);

  ksm_strips_set_hollow (KSM_STRIPS (self), hollow);
  return self;
}

void
ksm_strips_set_hollow (KsmStrips  *self,
                       const char *hollow)
{
  GtkWidget *child;

  g_return_if_fail (KSM_IS_STRIPS (self));
  g_return_if_fail (hollow != NULL);

  g_free (self->hollow);
  self->hollow = g_strdup (hollow);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  for (const char *c = hollow; *c != '\0'; c++)
    {
      GtkWidget *strip = g_object_new (GTK_TYPE_BOX,
                                       "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                       NULL);
      if (self->cowries)
        {
          gtk_widget_add_css_class (strip, "cowrie");
          gtk_widget_add_css_class (strip, *c == '1' ? "up" : "down");
          if (c - hollow < 32 && (self->marked >> (c - hollow) & 1u))
            gtk_widget_add_css_class (strip, "yellow");
        }
      else
        {
          gtk_widget_add_css_class (strip, "strip");
          gtk_widget_add_css_class (strip, *c == '1' ? "hollow" : "round");
        }
      gtk_widget_set_parent (strip, GTK_WIDGET (self));
    }
}

GtkWidget *
ksm_strips_new_for (const KsmRules *rules,
                    const char     *pattern)
{
  KsmStrips *self = g_object_new (KSM_TYPE_STRIPS, NULL);

  self->cowries = rules != NULL && g_strcmp0 (rules->throws.object_name, "cowrie") == 0;
  for (int i = 0; rules != NULL && i < rules->throws.n_objects && i < 32; i++)
    if (ksm_rules_object_marks (rules, i) & KSM_OBJECT_MARKED)
      self->marked |= 1u << i;
  ksm_strips_set_hollow (self, pattern);
  return GTK_WIDGET (self);
}

const char *
ksm_strips_get_hollow (KsmStrips *self)
{
  g_return_val_if_fail (KSM_IS_STRIPS (self), NULL);
  return self->hollow;
}
