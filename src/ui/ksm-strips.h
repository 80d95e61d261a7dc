/* ksm-strips.h: thrown strips (or cowries) as they fell, drawn like the throw view's, for
 * the figures of the rules. */
#pragma once

#include <gtk/gtk.h>

#include "ksm-rules.h"

G_BEGIN_DECLS

#define KSM_TYPE_STRIPS (ksm_strips_get_type ())
G_DECLARE_FINAL_TYPE (KsmStrips, ksm_strips, KSM, STRIPS, GtkWidget)

/* `hollow` has one character a strip, '1' for hollow side up: "1000" is
 * a kasi of four strips */
GtkWidget  *ksm_strips_new        (const char *hollow);
/* the throw objects of a game (its throws.object_name): "strip", or
 * "cowrie" with '1' for mouth up, the marked ones told apart; NULL rules:
 * strips */
GtkWidget  *ksm_strips_new_for    (const KsmRules *rules,
                                   const char     *pattern);
void        ksm_strips_set_hollow (KsmStrips  *self,
                                   const char *hollow);
const char *ksm_strips_get_hollow (KsmStrips  *self);

G_END_DECLS
