/* ksm-preferences-window.h */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define KSM_TYPE_PREFERENCES_WINDOW (ksm_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (KsmPreferencesWindow, ksm_preferences_window, KSM, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

GtkWidget *ksm_preferences_window_new (GtkWindow *parent);

G_END_DECLS
