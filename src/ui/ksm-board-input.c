/* ksm-board-input.c: a person points at, focuses and activates cells; the
 * board passes each to the scene. */
#include "config.h"

#include "ksm-board-private.h"

static int
controller_cell (GtkEventController *controller)
{
  return (int) ksm_cell_get_index (KSM_CELL (gtk_event_controller_get_widget (controller)));
}

static void
cell_activate_cb (KsmCell  *cell,
                  KsmBoard *self)
{
  ksm_board_scene_activate (self->scene, (int) ksm_cell_get_index (cell));
}

static void
motion_enter_cb (GtkEventControllerMotion *controller,
                 double                    x,
                 double                    y,
                 KsmBoard                 *self)
{
  ksm_board_scene_set_hovered (self->scene, controller_cell (GTK_EVENT_CONTROLLER (controller)), TRUE);
}

static void
motion_leave_cb (GtkEventControllerMotion *controller,
                 KsmBoard                 *self)
{
  ksm_board_scene_set_hovered (self->scene, controller_cell (GTK_EVENT_CONTROLLER (controller)), FALSE);
}

static void
focus_enter_cb (GtkEventControllerFocus *controller,
                KsmBoard                *self)
{
  ksm_board_scene_set_focused (self->scene, controller_cell (GTK_EVENT_CONTROLLER (controller)), TRUE);
}

static void
focus_leave_cb (GtkEventControllerFocus *controller,
                KsmBoard                *self)
{
  ksm_board_scene_set_focused (self->scene, controller_cell (GTK_EVENT_CONTROLLER (controller)), FALSE);
}

void
ksm_board_connect_cell (KsmBoard  *self,
                        GtkWidget *cell)
{
  GtkEventController *controller;

  g_signal_connect_object (cell, "activate", G_CALLBACK (cell_activate_cb), self, 0);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_object (controller, "enter", G_CALLBACK (motion_enter_cb), self, 0);
  g_signal_connect_object (controller, "leave", G_CALLBACK (motion_leave_cb), self, 0);
  gtk_widget_add_controller (cell, controller);
  controller = gtk_event_controller_focus_new ();
  g_signal_connect_object (controller, "enter", G_CALLBACK (focus_enter_cb), self, 0);
  g_signal_connect_object (controller, "leave", G_CALLBACK (focus_leave_cb), self, 0);
  gtk_widget_add_controller (cell, controller);
}
