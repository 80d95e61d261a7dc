/* ksm-rules-window.c
 *
 * For now the game's seed text as it was given, which is the app's own
 * "How to play" page; the rules pane built from a structured, translated
 * document replaces it. */
#include "config.h"

#include "ksm-rules-window.h"

#include <glib/gi18n.h>

#include "ksm-words.h"

struct _KsmRulesWindow
{
  AdwWindow       parent_instance;

  AdwWindowTitle *window_title;
  GtkTextView    *text_view;
};

G_DEFINE_FINAL_TYPE (KsmRulesWindow, ksm_rules_window, ADW_TYPE_WINDOW)

static void
ksm_rules_window_class_init (KsmRulesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-rules-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmRulesWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, KsmRulesWindow, text_view);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ksm_rules_window_init (KsmRulesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
ksm_rules_window_new (const KsmRules *rules)
{
  KsmRulesWindow *self = g_object_new (KSM_TYPE_RULES_WINDOW, NULL);
  g_autofree char *path = g_strdup_printf ("/io/github/kasimala/Kasimala/rules/%s.txt", rules->id);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);

  adw_window_title_set_subtitle (self->window_title, ksm_words_game_name (rules));
  if (bytes != NULL)
    gtk_text_buffer_set_text (buffer, g_bytes_get_data (bytes, NULL), (int) g_bytes_get_size (bytes));
  else
    gtk_text_buffer_set_text (buffer, _("The rules of this game are not written yet."), -1);
  return GTK_WIDGET (self);
}
