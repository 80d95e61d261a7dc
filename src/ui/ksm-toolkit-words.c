/* ksm-toolkit-words.c: the app's words for the toolkits' */
#include "config.h"

#include "ksm-toolkit-words.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

/* A word a toolkit writes: its domain, its context (NULL for none) and
 * the English; the app's translation has the context "toolkit" */
typedef struct {
  const char *domain;
  const char *context;
  const char *english;
} ToolkitWord;

static const ToolkitWord words[] = {
  /* AdwAboutWindow (libadwaita 1.2) */
  { "libadwaita", NULL, NC_("toolkit", "About") },
  { "libadwaita", NULL, NC_("toolkit", "Details") },
  { "libadwaita", NULL, NC_("toolkit", "_Details") },
  { "libadwaita", NULL, NC_("toolkit", "Credits") },
  { "libadwaita", NULL, NC_("toolkit", "_Credits") },
  { "libadwaita", NULL, NC_("toolkit", "Legal") },
  { "libadwaita", NULL, NC_("toolkit", "_Legal") },
  { "libadwaita", NULL, NC_("toolkit", "Acknowledgements") },
  { "libadwaita", NULL, NC_("toolkit", "_Acknowledgements") },
  { "libadwaita", NULL, NC_("toolkit", "What’s New") },
  { "libadwaita", NULL, NC_("toolkit", "_What’s New") },
  { "libadwaita", NULL, NC_("toolkit", "Website") },
  { "libadwaita", NULL, NC_("toolkit", "_Website") },
  { "libadwaita", NULL, NC_("toolkit", "Troubleshooting") },
  { "libadwaita", NULL, NC_("toolkit", "_Troubleshooting") },
  { "libadwaita", NULL, NC_("toolkit", "Debugging Information") },
  { "libadwaita", NULL, NC_("toolkit", "_Debugging Information") },
  { "libadwaita", NULL, NC_("toolkit", "Support Questions") },
  { "libadwaita", NULL, NC_("toolkit", "_Support Questions") },
  { "libadwaita", NULL, NC_("toolkit", "Report an Issue") },
  { "libadwaita", NULL, NC_("toolkit", "_Report an Issue") },
  { "libadwaita", NULL, NC_("toolkit", "Code by") },
  { "libadwaita", NULL, NC_("toolkit", "Design by") },
  { "libadwaita", NULL, NC_("toolkit", "Artwork by") },
  { "libadwaita", NULL, NC_("toolkit", "Documentation by") },
  { "libadwaita", NULL, NC_("toolkit", "Translated by") },
  { "libadwaita", NULL, NC_("toolkit", "Copy Text") },
  { "libadwaita", NULL, NC_("toolkit", "_Copy Text") },
  { "libadwaita", NULL, NC_("toolkit", "Save as…") },
  { "libadwaita", NULL, NC_("toolkit", "_Save as…") },
  { "libadwaita", NULL, NC_("toolkit", "Back") },
  { "libadwaita", NULL, NC_("toolkit", "To assist in troubleshooting, you can view your debugging information. "
                           "Providing this information to the application developers can help diagnose "
                           "any problems you encounter when you report an issue.") },
  /* GtkShortcutsWindow (GTK 4.8) */
  { "gtk40", NULL, NC_("toolkit", "Shortcuts") },
  { "gtk40", NULL, NC_("toolkit", "Search Shortcuts") },
  { "gtk40", NULL, NC_("toolkit", "Search Results") },
  { "gtk40", NULL, NC_("toolkit", "No Results Found") },
  { "gtk40", NULL, NC_("toolkit", "Try a different search") },
  { "gtk40", NULL, NC_("toolkit", "Show All") },
  { "gtk40", NULL, NC_("toolkit", "Clear entry") },
  /* the keys' names, as GTK writes them in shortcuts */
  { "gtk40", "keyboard label", NC_("toolkit", "Shift") },
  { "gtk40", "keyboard label", NC_("toolkit", "Ctrl") },
  { "gtk40", "keyboard label", NC_("toolkit", "Alt") },
  { "gtk40", "keyboard label", NC_("toolkit", "Space") },
  { "gtk40", "keyboard label", NC_("toolkit", "Tab") },
  { "gtk40", "keyboard label", NC_("toolkit", "Home") },
  { "gtk40", "keyboard label", NC_("toolkit", "End") },
  { "gtk40", "keyboard label", NC_("toolkit", "Page Up") },
  { "gtk40", "keyboard label", NC_("toolkit", "Page Down") },
  { "gtk40", "keyboard label", NC_("toolkit", "Backspace") },
  { "gtk40", "keyboard label", NC_("toolkit", "Delete") },
};

/* the app's word for `text`, if `text` is a toolkit's word as the toolkit
 * writes it now and the app says it otherwise; NULL if not */
static const char *
own_word (const char *text)
{
  if (text == NULL || *text == '\0')
    return NULL;
  for (gsize i = 0; i < G_N_ELEMENTS (words); i++)
    {
      const char *theirs = words[i].context != NULL
                           ? g_dpgettext2 (words[i].domain, words[i].context, words[i].english)
                           : g_dgettext (words[i].domain, words[i].english);
      const char *ours;

      if (!g_str_equal (text, theirs) && !g_str_equal (text, words[i].english))
        continue;
      ours = g_dpgettext2 (GETTEXT_PACKAGE, "toolkit", words[i].english);
      return g_str_equal (ours, text) ? NULL : ours;
    }
  return NULL;
}

static void
apply_to (GtkWidget *widget)
{
  const char *ours;

  /* a markup label holds one of these words as it is: none has < or & */
  if (GTK_IS_LABEL (widget) && (ours = own_word (gtk_label_get_label (GTK_LABEL (widget)))) != NULL
      && strpbrk (ours, "<&") == NULL)
    gtk_label_set_label (GTK_LABEL (widget), ours);
  if (ADW_IS_PREFERENCES_GROUP (widget)
      && (ours = own_word (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)))) != NULL)
    adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (widget), ours);
  if (ADW_IS_PREFERENCES_ROW (widget)
      && (ours = own_word (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)))) != NULL)
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (widget), ours);
  if (ADW_IS_WINDOW_TITLE (widget)
      && (ours = own_word (adw_window_title_get_title (ADW_WINDOW_TITLE (widget)))) != NULL)
    adw_window_title_set_title (ADW_WINDOW_TITLE (widget), ours);
  if (GTK_IS_BUTTON (widget) && (ours = own_word (gtk_button_get_label (GTK_BUTTON (widget)))) != NULL)
    gtk_button_set_label (GTK_BUTTON (widget), ours);
  if (GTK_IS_WINDOW (widget) && (ours = own_word (gtk_window_get_title (GTK_WINDOW (widget)))) != NULL)
    gtk_window_set_title (GTK_WINDOW (widget), ours);
  if ((ours = own_word (gtk_widget_get_tooltip_text (widget))) != NULL)
    gtk_widget_set_tooltip_text (widget, ours);
  if (GTK_IS_EDITABLE (widget) && GTK_IS_SEARCH_ENTRY (widget))
    {
      g_autofree char *placeholder = NULL;
      g_object_get (widget, "placeholder-text", &placeholder, NULL);
      if ((ours = own_word (placeholder)) != NULL)
        g_object_set (widget, "placeholder-text", ours, NULL);
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    apply_to (child);
}

void
ksm_toolkit_words_apply (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));
  apply_to (root);
}
