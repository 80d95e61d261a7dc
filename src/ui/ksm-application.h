/* ksm-application.h */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define KSM_TYPE_APPLICATION (ksm_application_get_type ())

G_DECLARE_FINAL_TYPE (KsmApplication, ksm_application, KSM, APPLICATION, AdwApplication)

KsmApplication *ksm_application_new (const char *locale_dir);

G_END_DECLS
