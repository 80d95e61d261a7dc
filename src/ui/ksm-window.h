/* ksm-window.h */
#pragma once

#include <adwaita.h>

#include "ksm-application.h"

G_BEGIN_DECLS

#define KSM_TYPE_WINDOW (ksm_window_get_type ())

G_DECLARE_FINAL_TYPE (KsmWindow, ksm_window, KSM, WINDOW, AdwApplicationWindow)

KsmWindow *ksm_window_new (KsmApplication *application);

G_END_DECLS
