/* test-keys.h: a key pressed in a test, as GTK would handle it.
 *
 * GTK 4 has no public way to send a key event, so a key is pressed as GTK
 * routes it: the shortcuts of the widgets from the window down to the
 * focus (capture), then from the focus up (bubble), the first whose action
 * runs taking the key. The widgets' own key bindings are shortcuts too
 * (their class's controller), so what the board, the cells and the window
 * bind is what runs. Key controllers (GtkEventControllerKey) are not run.
 *
 * Static inline, so each test binary gets its own copy.
 */
#pragma once

#include <gtk/gtk.h>

static inline gboolean
trigger_matches (GtkShortcutTrigger *trigger, guint keyval, GdkModifierType modifiers)
{
  if (GTK_IS_KEYVAL_TRIGGER (trigger))
    return gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval
           && gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == modifiers;
  if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    return trigger_matches (gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)), keyval, modifiers)
           || trigger_matches (gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)), keyval,
                               modifiers);
  return FALSE;
}

static inline gboolean
run_shortcuts (GtkWidget *widget, GtkPropagationPhase phase, guint keyval, GdkModifierType modifiers)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller) || gtk_event_controller_get_propagation_phase (controller) != phase)
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (trigger_matches (gtk_shortcut_get_trigger (shortcut), keyval, modifiers)
              && gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                               widget, gtk_shortcut_get_arguments (shortcut)))
            {
              g_test_message ("key %s taken by %s", gdk_keyval_name (keyval), G_OBJECT_TYPE_NAME (widget));
              return TRUE;
            }
        }
    }
  return FALSE;
}

/* TRUE when a widget from the focus up to `top` took the key */
static inline gboolean
press_within (GtkWidget *top, guint keyval, GdkModifierType modifiers)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (top));
  g_autoptr(GPtrArray) chain = g_ptr_array_new ();

  g_assert_true (focus == top || gtk_widget_is_ancestor (focus, top));
  for (GtkWidget *w = focus; w != NULL; w = w == top ? NULL : gtk_widget_get_parent (w))
    g_ptr_array_insert (chain, 0, w);
  for (guint i = 0; i < chain->len; i++)
    if (run_shortcuts (g_ptr_array_index (chain, i), GTK_PHASE_CAPTURE, keyval, modifiers))
      return TRUE;
  for (guint i = chain->len; i-- > 0;)
    if (run_shortcuts (g_ptr_array_index (chain, i), GTK_PHASE_BUBBLE, keyval, modifiers))
      return TRUE;
  return FALSE;
}

/* Space as the window's capture-phase key controller ("ksm-space-throws")
 * gets it, before any focused widget: TRUE when it took the key */
static inline gboolean
press_space_first (GtkWidget *window)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (window);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) each = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (each), "ksm-space-throws") != 0)
        continue;
      g_assert_cmpint (gtk_event_controller_get_propagation_phase (each), ==, GTK_PHASE_CAPTURE);
      g_signal_emit_by_name (each, "key-pressed", GDK_KEY_space, 0, 0, &handled);
      return handled;
    }
  g_error ("the window has no controller for Space");
  return FALSE;
}

/* TRUE when something in the window took the key */
static inline gboolean
press (GtkWidget *window, guint keyval, GdkModifierType modifiers)
{
  return press_within (window, keyval, modifiers);
}

