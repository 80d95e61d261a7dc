/* ksm-a11y.c */
#include "config.h"

#include "ksm-a11y.h"

#include <adwaita.h>

GtkWidget *
ksm_a11y_decoration_new (const char *icon_name)
{
  /* the role is fixed at construction */
  return g_object_new (GTK_TYPE_IMAGE,
                       "icon-name", icon_name,
                       "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                       NULL);
}

void
ksm_a11y_set_label (GtkWidget  *widget,
                    const char *label)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (label != NULL && *label != '\0')
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

void
ksm_a11y_name_by_label (GtkButton *button)
{
  GtkWidget *child;

  g_return_if_fail (GTK_IS_BUTTON (button));

  child = gtk_button_get_child (button);
  if (!GTK_IS_LABEL (child))
    return;
  /* the label widget's text is the label without its underline; the
   * relation to that widget is the second naming */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  ksm_a11y_set_label (GTK_WIDGET (button), gtk_label_get_text (GTK_LABEL (child)));
}

/* the title of the preferences group `widget` is in, or NULL */
static const char *
group_title (GtkWidget *widget)
{
  GtkWidget *group = gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_GROUP);
  const char *title = group != NULL ? adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (group)) : NULL;

  return title != NULL && *title != '\0' ? title : NULL;
}

void
ksm_a11y_name_parts (GtkWidget  *root,
                     const char *name)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *parent = gtk_widget_get_parent (child);

      /* a stack page without a title is named by its type */
      if (GTK_IS_STACK (parent))
        {
          GtkStackPage *page = gtk_stack_get_page (GTK_STACK (parent), child);

          if (gtk_stack_page_get_title (page) == NULL)
            gtk_stack_page_set_title (page, name);
        }
      if (GTK_IS_SCROLLED_WINDOW (child) || GTK_IS_SEARCH_ENTRY (child)
          || ADW_IS_VIEW_SWITCHER (child))
        ksm_a11y_set_label (child, name);
      else if (GTK_IS_LIST_BOX (child))
        ksm_a11y_set_label (child, group_title (child) != NULL ? group_title (child) : name);
      ksm_a11y_name_parts (child, name);
    }
}
