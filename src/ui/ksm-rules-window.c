/* ksm-rules-window.c: the rules page in a window of its own, for when no
 * game is on the board (from the start page or the new-game page); during a
 * game the same view opens as a pane beside the board. */
#include "config.h"

#include "ksm-rules-window.h"

#include <glib/gi18n.h>

#include "ksm-rules-view.h"
#include "ksm-words.h"

struct _KsmRulesWindow
{
  AdwWindow       parent_instance;

  AdwWindowTitle *window_title;
  KsmRulesView   *rules_view;
};

G_DEFINE_FINAL_TYPE (KsmRulesWindow, ksm_rules_window, ADW_TYPE_WINDOW)

static void
ksm_rules_window_class_init (KsmRulesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (KSM_TYPE_RULES_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-rules-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmRulesWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, KsmRulesWindow, rules_view);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F1, 0, "window.close", NULL);
}

static void
ksm_rules_window_init (KsmRulesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
ksm_rules_window_new (const KsmRules   *rules,
                      const KsmOptions *options)
{
  KsmRulesWindow *self = g_object_new (KSM_TYPE_RULES_WINDOW, NULL);

  adw_window_title_set_subtitle (self->window_title, ksm_words_game_name (rules));
  ksm_rules_view_set_rules (self->rules_view, rules, options);
  return GTK_WIDGET (self);
}

KsmRulesView *
ksm_rules_window_get_view (KsmRulesWindow *self)
{
  g_return_val_if_fail (KSM_IS_RULES_WINDOW (self), NULL);
  return self->rules_view;
}
