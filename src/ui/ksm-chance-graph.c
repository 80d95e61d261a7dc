/* ksm-chance-graph.c: drawn with GtkSnapshot from the review's analysis. */
#include "config.h"

#include "ksm-chance-graph.h"

#include <glib/gi18n.h>

struct _KsmChanceGraph
{
  GtkWidget  parent_instance;

  KsmReview    *review;
  GSignalGroup *review_signals;  /* the review's, whichever review it is */
};

G_DEFINE_FINAL_TYPE (KsmChanceGraph, ksm_chance_graph, GTK_TYPE_WIDGET)

/* one colour a team, readable on light and dark backgrounds */
static const char *const team_colours[KSM_MAX_PLAYERS] = {
  "#c64600", "#1c71d8", "#2ec27e", "#c88800",
};

const char *
ksm_chance_graph_team_colour (int team)
{
  return team_colours[team & (KSM_MAX_PLAYERS - 1)];
}

static void
ksm_chance_graph_dispose (GObject *object)
{
  KsmChanceGraph *self = KSM_CHANCE_GRAPH (object);

  if (self->review_signals != NULL)
    g_signal_group_set_target (self->review_signals, NULL);
  g_clear_object (&self->review_signals);
  g_clear_object (&self->review);
  G_OBJECT_CLASS (ksm_chance_graph_parent_class)->dispose (object);
}

static void
ksm_chance_graph_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  KsmChanceGraph *self = KSM_CHANCE_GRAPH (widget);
  float width = (float) gtk_widget_get_width (widget);
  float height = (float) gtk_widget_get_height (widget);
  guint n_steps;
  GdkRGBA fg, line;
  cairo_t *cr;

  if (self->review == NULL || width < 4 || height < 4)
    return;
  n_steps = MAX (ksm_review_get_n_steps (self->review), 1);
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_set_line_width (cr, 1);

  /* even chances, dashed */
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.3);
  {
    double dash = 4;
    cairo_set_dash (cr, &dash, 1, 0);
    cairo_move_to (cr, 0, height / 2.0);
    cairo_line_to (cr, width, height / 2.0);
    cairo_stroke (cr);
    cairo_set_dash (cr, NULL, 0, 0);
  }

  /* what is judged so far: the analysis fills the game in as it goes */
  {
    int n_teams = ksm_review_get_n_teams (self->review);

    cairo_set_line_width (cr, 2);
    cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
    for (int t = 0; t < n_teams; t++)
      {
        gboolean drawing = FALSE;

        gdk_rgba_parse (&line, team_colours[t]);
        gdk_cairo_set_source_rgba (cr, &line);
        for (guint s = 0; s <= ksm_review_get_n_steps (self->review); s++)
          {
            const double *chances = ksm_review_get_chances (self->review, s);
            double x = width * s / n_steps;
            double y;

            if (chances == NULL)
              {
                drawing = FALSE;   /* not judged yet: a gap */
                continue;
              }
            y = (1 - chances[t]) * (height - 4) + 2;
            if (drawing)
              cairo_line_to (cr, x, y);
            else
              cairo_move_to (cr, x, y);
            drawing = TRUE;
          }
        cairo_stroke (cr);
      }

    /* the marked moves: a dot on the mover's line, bigger the worse */
    {
      KsmRecord *record = ksm_review_get_record (self->review);
      const KsmRules *rules = ksm_record_get_rules (record);
      const KsmOptions *options = ksm_record_get_options (record);

      for (guint i = 0; i < ksm_review_get_n_steps (self->review); i++)
        {
          const KsmAnalysisEntry *entry = ksm_review_get_entry (self->review, i);
          int team;
          double x, y;

          if (entry == NULL || entry->mark == KSM_MARK_NONE)
            continue;
          team = rules->team_of (options, ksm_record_get_event (record, i)->player);
          x = width * (i + 1) / n_steps;
          y = (1 - entry->chance[team]) * (height - 4) + 2;
          gdk_rgba_parse (&line, team_colours[team]);
          gdk_cairo_set_source_rgba (cr, &line);
          cairo_arc (cr, x, y, 1.5 + entry->mark, 0, 2 * G_PI);
          cairo_fill (cr);
        }
    }
  }

  /* where the review is */
  {
    double x = width * ksm_review_get_step (self->review) / n_steps;
    cairo_set_line_width (cr, 1.5);
    cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.8);
    cairo_move_to (cr, x, 0);
    cairo_line_to (cr, x, height);
    cairo_stroke (cr);
  }
  cairo_destroy (cr);
}

static void
ksm_chance_graph_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                          int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 120 : 48;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 400 : 72;
}

static void
ksm_chance_graph_class_init (KsmChanceGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_chance_graph_dispose;
  widget_class->snapshot = ksm_chance_graph_snapshot;
  widget_class->measure = ksm_chance_graph_measure;
  gtk_widget_class_set_css_name (widget_class, "chance-graph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, KsmChanceGraph *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));

  if (self->review == NULL || width <= 0)
    return;
  ksm_review_set_step (self->review,
                       (guint) CLAMP (x / width * ksm_review_get_n_steps (self->review) + 0.5,
                                      0, ksm_review_get_n_steps (self->review)));
}

static void review_changed_cb (KsmChanceGraph *self);

static void
ksm_chance_graph_init (KsmChanceGraph *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  self->review_signals = g_signal_group_new (KSM_TYPE_REVIEW);
  g_signal_group_connect_object (self->review_signals, "notify::step", G_CALLBACK (review_changed_cb),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->review_signals, "notify::analysed", G_CALLBACK (review_changed_cb),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->review_signals, "judged", G_CALLBACK (review_changed_cb),
                                 self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Each side’s chance of winning across the game"), -1);
}

GtkWidget *
ksm_chance_graph_new (void)
{
  return g_object_new (KSM_TYPE_CHANCE_GRAPH, NULL);
}

static void
review_changed_cb (KsmChanceGraph *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ksm_chance_graph_set_review (KsmChanceGraph *self, KsmReview *review)
{
  g_return_if_fail (KSM_IS_CHANCE_GRAPH (self));

  if (self->review == review)
    return;
  g_set_object (&self->review, review);
  g_signal_group_set_target (self->review_signals, review);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
