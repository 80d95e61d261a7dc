/* ksm-window.c */
#include "config.h"

#include <glib/gi18n.h>

#include "ksm-window.h"

struct _KsmWindow
{
  AdwApplicationWindow parent_instance;

  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (KsmWindow, ksm_window, ADW_TYPE_APPLICATION_WINDOW)

KsmWindow *
ksm_window_new (KsmApplication *application)
{
  g_return_val_if_fail (KSM_IS_APPLICATION (application), NULL);

  return g_object_new (KSM_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

static void
ksm_window_dispose (GObject *object)
{
  KsmWindow *self = KSM_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), KSM_TYPE_WINDOW);

  G_OBJECT_CLASS (ksm_window_parent_class)->dispose (object);
}

static void
ksm_window_finalize (GObject *object)
{
  KsmWindow *self = KSM_WINDOW (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ksm_window_parent_class)->finalize (object);
}

static void
ksm_window_class_init (KsmWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_window_dispose;
  object_class->finalize = ksm_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-window.ui");
}

static void
ksm_window_init (KsmWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* The window remembers its size across runs. */
  self->settings = g_settings_new (APPLICATION_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
}
