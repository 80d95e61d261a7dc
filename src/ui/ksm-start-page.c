/* ksm-start-page.c */
#include "config.h"

#include "ksm-start-page.h"

#include <glib/gi18n.h>

#include "ksm-rules.h"
#include "ksm-skin.h"
#include "ksm-words.h"

struct _KsmStartPage
{
  AdwBin        parent_instance;

  AdwActionRow *resume_row;
  GtkWidget    *resume_group;
  GtkListBox   *games_list;
};

G_DEFINE_FINAL_TYPE (KsmStartPage, ksm_start_page, ADW_TYPE_BIN)

static void
ksm_start_page_class_init (KsmStartPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmStartPage, resume_row);
  gtk_widget_class_bind_template_child (widget_class, KsmStartPage, resume_group);
  gtk_widget_class_bind_template_child (widget_class, KsmStartPage, games_list);
}

/* One row a game the app can play, in the engine's order */
static void
add_game_rows (KsmStartPage *self)
{
  for (unsigned i = 0; i < ksm_rules_n_games (); i++)
    {
      const KsmRules *rules = ksm_rules_nth (i);

      if (!ksm_skin_for (rules)->listed)
        continue;
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *icon = g_strconcat (APPLICATION_ID "-", rules->id, NULL);
      /* a game's own picture, or the app's */
      GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (self)));
      GtkWidget *picture = gtk_image_new_from_icon_name (gtk_icon_theme_has_icon (theme, icon)
                                                         ? icon : APPLICATION_ID);
      GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");

      gtk_image_set_pixel_size (GTK_IMAGE (picture), 64);
      gtk_widget_set_margin_top (picture, 6);
      gtk_widget_set_margin_bottom (picture, 6);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), ksm_words_game_name (rules));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), ksm_words_game_summary (rules));
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), picture);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.choose-game");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", rules->id);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_list_box_append (self->games_list, row);
    }
}

static void
ksm_start_page_init (KsmStartPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  add_game_rows (self);
}

GtkWidget *
ksm_start_page_new (void)
{
  return g_object_new (KSM_TYPE_START_PAGE, NULL);
}

void
ksm_start_page_set_resume (KsmStartPage *self, const char *description)
{
  g_return_if_fail (KSM_IS_START_PAGE (self));

  gtk_widget_set_visible (self->resume_group, description != NULL);
  if (description != NULL)
    adw_action_row_set_subtitle (self->resume_row, description);
}
