/* ksm-chance-graph.h: each side's chance of winning across a reviewed game,
 * with the step shown and the marked moves. Clicking seeks. */
#pragma once

#include <adwaita.h>

#include "ksm-review.h"

G_BEGIN_DECLS

#define KSM_TYPE_CHANCE_GRAPH (ksm_chance_graph_get_type ())
G_DECLARE_FINAL_TYPE (KsmChanceGraph, ksm_chance_graph, KSM, CHANCE_GRAPH, GtkWidget)

GtkWidget *ksm_chance_graph_new        (void);
void       ksm_chance_graph_set_review (KsmChanceGraph *self, KsmReview *review);
/* the colour the graph draws team `team` in, as "#rrggbb" */
const char *ksm_chance_graph_team_colour (int team);

G_END_DECLS
