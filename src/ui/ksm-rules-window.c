/* ksm-rules-window.c: the rules page in a window of its own, for when no
 * game is on the board (from the start page or the new-game page); during a
 * game the same view opens as a pane beside the board. Opened away from the
 * new-game page it lets the person pick the game, among those listed. */
#include "config.h"

#include "ksm-rules-window.h"

#include <glib/gi18n.h>

#include "ksm-rules-view.h"
#include "ksm-skin.h"
#include "ksm-words.h"

struct _KsmRulesWindow
{
  AdwWindow       parent_instance;

  AdwHeaderBar   *header_bar;
  AdwWindowTitle *window_title;
  KsmRulesView   *rules_view;
  GtkDropDown    *games;           /* NULL when the window is for one game */
  GPtrArray      *listed;          /* const KsmRules *, the drop-down's order */
  KsmOptions      options;         /* the game's, when shown for one */
  gboolean        has_options;
};

G_DEFINE_FINAL_TYPE (KsmRulesWindow, ksm_rules_window, ADW_TYPE_WINDOW)

static void
view_close_cb (KsmRulesWindow *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

static void
ksm_rules_window_finalize (GObject *object)
{
  KsmRulesWindow *self = KSM_RULES_WINDOW (object);

  g_clear_pointer (&self->listed, g_ptr_array_unref);
  G_OBJECT_CLASS (ksm_rules_window_parent_class)->finalize (object);
}

static void
ksm_rules_window_class_init (KsmRulesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = ksm_rules_window_finalize;

  g_type_ensure (KSM_TYPE_RULES_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-rules-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmRulesWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, KsmRulesWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, KsmRulesWindow, rules_view);
  gtk_widget_class_bind_template_callback (widget_class, view_close_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
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
  if (options != NULL)
    {
      self->options = *options;
      self->has_options = TRUE;
    }
  return GTK_WIDGET (self);
}

static void
game_chosen_cb (KsmRulesWindow *self)
{
  guint chosen = gtk_drop_down_get_selected (self->games);

  if (chosen >= self->listed->len)
    return;
  ksm_rules_view_set_rules (self->rules_view, g_ptr_array_index (self->listed, chosen), NULL);
  /* a game picked is a wish to read its rules */
  ksm_rules_view_show_guide (self->rules_view, FALSE);
}

GtkWidget *
ksm_rules_window_new_choosing (const KsmRules *rules)
{
  KsmRulesWindow *self = g_object_new (KSM_TYPE_RULES_WINDOW, NULL);
  GtkStringList *names = gtk_string_list_new (NULL);
  guint chosen = 0;

  self->listed = g_ptr_array_new ();
  for (unsigned i = 0; i < ksm_rules_n_games (); i++)
    {
      const KsmRules *game = ksm_rules_nth (i);

      if (!ksm_skin_for (game)->listed)
        continue;
      if (game == rules)
        chosen = self->listed->len;
      g_ptr_array_add (self->listed, (gpointer) game);
      gtk_string_list_append (names, ksm_words_game_name (game));
    }
  self->games = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (names), NULL));
  gtk_drop_down_set_selected (self->games, chosen);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->games), _("The Game Whose Rules Are Shown"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->games),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game"),
                                  -1);
  adw_header_bar_set_title_widget (self->header_bar, GTK_WIDGET (self->games));
  g_signal_connect_object (self->games, "notify::selected", G_CALLBACK (game_chosen_cb), self,
                           G_CONNECT_SWAPPED);
  ksm_rules_view_set_rules (self->rules_view,
                            self->listed->len > 0 ? g_ptr_array_index (self->listed, chosen) : rules,
                            NULL);
  return GTK_WIDGET (self);
}

GtkWidget *
ksm_rules_window_new_like (KsmRulesWindow *old)
{
  const KsmRules *rules;
  KsmRulesWindow *self;
  int width, height;

  g_return_val_if_fail (KSM_IS_RULES_WINDOW (old), NULL);

  rules = ksm_rules_view_get_rules (old->rules_view);
  self = KSM_RULES_WINDOW (old->games != NULL ? ksm_rules_window_new_choosing (rules)
                                              : ksm_rules_window_new (rules, old->has_options ? &old->options : NULL));
  ksm_rules_view_show_guide (self->rules_view, ksm_rules_view_get_showing_guide (old->rules_view));
  gtk_window_get_default_size (GTK_WINDOW (old), &width, &height);
  gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  return GTK_WIDGET (self);
}

KsmRulesView *
ksm_rules_window_get_view (KsmRulesWindow *self)
{
  g_return_val_if_fail (KSM_IS_RULES_WINDOW (self), NULL);
  return self->rules_view;
}

GtkDropDown *
ksm_rules_window_get_games (KsmRulesWindow *self)
{
  g_return_val_if_fail (KSM_IS_RULES_WINDOW (self), NULL);
  return self->games;
}
