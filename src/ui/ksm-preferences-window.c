/* ksm-preferences-window.c */
#include "config.h"

#include "ksm-preferences-window.h"

#include <glib/gi18n.h>

#include "ksm-a11y.h"
#include "ksm-numbers.h"
#include "ksm-pace.h"

/* the "language" key's values, in the order of the language row */
static const char *const languages[] = { "", "en", "ne", "new" };

struct _KsmPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GtkSwitch   *autoplay_switch;
  GtkSwitch   *tutor_switch;
  GtkSwitch   *coordinates_switch;
  GtkSwitch   *latin_digits_switch;
  AdwComboRow *pace_row;
  AdwComboRow *language_row;
  GSettings   *settings;
};

G_DEFINE_FINAL_TYPE (KsmPreferencesWindow, ksm_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static void
ksm_preferences_window_finalize (GObject *object)
{
  KsmPreferencesWindow *self = KSM_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (ksm_preferences_window_parent_class)->finalize (object);
}

static void
ksm_preferences_window_class_init (KsmPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = ksm_preferences_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmPreferencesWindow, autoplay_switch);
  gtk_widget_class_bind_template_child (widget_class, KsmPreferencesWindow, tutor_switch);
  gtk_widget_class_bind_template_child (widget_class, KsmPreferencesWindow, coordinates_switch);
  gtk_widget_class_bind_template_child (widget_class, KsmPreferencesWindow, latin_digits_switch);
  gtk_widget_class_bind_template_child (widget_class, KsmPreferencesWindow, pace_row);
  gtk_widget_class_bind_template_child (widget_class, KsmPreferencesWindow, language_row);
}

/* the row says the chosen pace's times */
static void
show_pace (KsmPreferencesWindow *self)
{
  guint selected = adw_combo_row_get_selected (self->pace_row);

  if (selected < ksm_pace_count ())
    {
      /* a translation writes the times in Latin digits, as the English does */
      g_autofree char *times = ksm_localize_digits (ksm_pace_describe (ksm_pace_nth (selected)));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->pace_row), times);
    }
}

static void
pace_selected_cb (KsmPreferencesWindow *self)
{
  guint selected = adw_combo_row_get_selected (self->pace_row);

  if (selected >= ksm_pace_count ())
    return;
  g_settings_set_string (self->settings, "pace", ksm_pace_nth (selected)->id);
  /* a time of its own (an older version's) gives way to the pace chosen */
  g_settings_reset (self->settings, "computer-delay");
  show_pace (self);
}

static void
language_selected_cb (KsmPreferencesWindow *self)
{
  guint selected = adw_combo_row_get_selected (self->language_row);

  if (selected < G_N_ELEMENTS (languages))
    g_settings_set_string (self->settings, "language", languages[selected]);
}

static void
ksm_preferences_window_init (KsmPreferencesWindow *self)
{
  g_autofree char *pace = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  ksm_a11y_name_parts (GTK_WIDGET (self), _("Preferences"));

  self->settings = g_settings_new (APPLICATION_ID);
  g_settings_bind (self->settings, "autoplay-single-move", self->autoplay_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "tutor", self->tutor_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "show-coordinates", self->coordinates_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "latin-digits", self->latin_digits_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  /* English has no other digits to choose from */
  gtk_widget_set_visible (gtk_widget_get_ancestor (GTK_WIDGET (self->latin_digits_switch), ADW_TYPE_ACTION_ROW),
                          ksm_numbers_language_has_digits ());

  pace = g_settings_get_string (self->settings, "pace");
  for (guint i = 0; i < ksm_pace_count (); i++)
    if (ksm_pace_nth (i) == ksm_pace_lookup (pace))
      adw_combo_row_set_selected (self->pace_row, i);
  show_pace (self);
  g_signal_connect_swapped (self->pace_row, "notify::selected", G_CALLBACK (pace_selected_cb), self);

  {
    g_autofree char *language = g_settings_get_string (self->settings, "language");
    for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
      if (g_str_equal (language, languages[i]))
        adw_combo_row_set_selected (self->language_row, i);
  }
  g_signal_connect_swapped (self->language_row, "notify::selected", G_CALLBACK (language_selected_cb), self);
}

GtkWidget *
ksm_preferences_window_new (GtkWindow *parent)
{
  return g_object_new (KSM_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
}
