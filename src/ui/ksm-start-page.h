/* ksm-start-page.h: pick a game, or resume the one left unfinished. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define KSM_TYPE_START_PAGE (ksm_start_page_get_type ())
G_DECLARE_FINAL_TYPE (KsmStartPage, ksm_start_page, KSM, START_PAGE, AdwBin)

GtkWidget *ksm_start_page_new        (void);
/* shows the Resume row with this description, or hides it for NULL */
void       ksm_start_page_set_resume (KsmStartPage *self, const char *description);

G_END_DECLS
