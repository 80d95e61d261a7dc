/* ksm-throw-view.h: the last throw, as the strips fell, and the Throw button. */
#pragma once

#include <gtk/gtk.h>

#include "ksm-game.h"

G_BEGIN_DECLS

#define KSM_TYPE_THROW_VIEW (ksm_throw_view_get_type ())
G_DECLARE_FINAL_TYPE (KsmThrowView, ksm_throw_view, KSM, THROW_VIEW, GtkWidget)

GtkWidget *ksm_throw_view_new      (void);

KsmGame   *ksm_throw_view_get_game (KsmThrowView *self);
void       ksm_throw_view_set_game (KsmThrowView *self,
                                    KsmGame      *game);

G_END_DECLS
