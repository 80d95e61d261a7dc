/* ksm-board.c: the board of the game in progress, or of a figure of the
 * rules.
 *
 * The board draws its KsmBoardScene and turns a person's input into scene
 * calls; the scene says what every cell holds and what can move, from the
 * rules queries alone. The board's other jobs are in the files that share
 * ksm-board-private.h. */
#include "config.h"

#include <glib/gi18n.h>

#include "ksm-board-private.h"

G_DEFINE_FINAL_TYPE (KsmBoard, ksm_board, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_ANIMATION_DURATION,
  PROP_SHOW_COORDINATES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

KsmCell *
ksm_board_cell_at (KsmBoard *self, int index)
{
  if (index < 0 || (guint) index >= self->cells->len)
    return NULL;
  return g_ptr_array_index (self->cells, index);
}

/* A player's pieces look as its style key says, in the game's skin */
int
ksm_board_piece_style (KsmBoard *self, int player)
{
  if (player < 0 || ksm_board_scene_get_rules (self->scene) == NULL)
    return -1;
  return ksm_skin_piece_style (self->skin, ksm_board_scene_get_rules (self->scene),
                               ksm_board_scene_get_options (self->scene), player);
}

/* ---- the scene's signals ---- */

static void
scene_reset_cb (KsmBoardScene *scene,
                KsmBoard      *self)
{
  /* a new board keeps the focus the old one had */
  gboolean had_focus = gtk_widget_get_focus_child (GTK_WIDGET (self)) != NULL;

  ksm_board_clear_cells (self);
  self->roving = -1;
  self->skin = ksm_skin_for (ksm_board_scene_get_rules (scene));
  if (ksm_board_scene_get_position (scene) != NULL)
    {
      ksm_board_build_cells (self);
      ksm_board_refresh (self);
    }
  if (had_focus)
    ksm_board_grab_focus (GTK_WIDGET (self));
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
scene_changed_cb (KsmBoardScene *scene,
                  KsmBoard      *self)
{
  ksm_board_refresh (self);
}

static void
scene_highlight_changed_cb (KsmBoardScene *scene,
                            KsmBoard      *self)
{
  ksm_board_update_targets (self);
  ksm_board_update_marks (self);
}

static void
scene_interrupt_cb (KsmBoardScene *scene,
                    KsmBoard      *self)
{
  ksm_board_finish_animation (self);
}

static void
scene_walk_cb (KsmBoardScene *scene,
               gpointer       walk,
               KsmBoard      *self)
{
  ksm_board_start_walk (self, walk);
}

/* ---- GtkWidget ---- */

static GtkSizeRequestMode
ksm_board_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
ksm_board_measure (GtkWidget      *widget,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int            *minimum_baseline,
                   int            *natural_baseline)
{
  ksm_board_measure_grid (KSM_BOARD (widget), orientation, for_size, minimum, natural);
}

static void
ksm_board_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  KsmBoard *self = KSM_BOARD (widget);

  if (self->grid_width <= 0)
    return;
  ksm_board_allocate_grid (self, width, height);
  ksm_board_allocate_walk (self);
}

/* ---- GObject ---- */

static void
ksm_board_dispose (GObject *object)
{
  KsmBoard *self = KSM_BOARD (object);

  if (self->scene != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->scene, self);
      g_clear_object (&self->scene);
    }
  g_clear_object (&self->animation);
  if (self->cells != NULL)
    ksm_board_clear_cells (self);
  g_clear_pointer (&self->badge, gtk_widget_unparent);
  g_clear_pointer (&self->glider, gtk_widget_unparent);
  g_clear_pointer (&self->ghost, gtk_widget_unparent);

  G_OBJECT_CLASS (ksm_board_parent_class)->dispose (object);
}

static void
ksm_board_finalize (GObject *object)
{
  KsmBoard *self = KSM_BOARD (object);

  g_clear_pointer (&self->cells, g_ptr_array_unref);
  g_clear_pointer (&self->places, g_array_unref);
  g_clear_pointer (&self->arrows, g_array_unref);
  g_clear_pointer (&self->coordinates, g_array_unref);

  G_OBJECT_CLASS (ksm_board_parent_class)->finalize (object);
}

static void
ksm_board_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  KsmBoard *self = KSM_BOARD (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, ksm_board_get_game (self));
      break;
    case PROP_ANIMATION_DURATION:
      g_value_set_uint (value, self->animation_duration);
      break;
    case PROP_SHOW_COORDINATES:
      g_value_set_boolean (value, self->show_coordinates);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_board_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  KsmBoard *self = KSM_BOARD (object);

  switch (prop_id)
    {
    case PROP_GAME:
      ksm_board_set_game (self, g_value_get_object (value));
      break;
    case PROP_ANIMATION_DURATION:
      ksm_board_set_animation_duration (self, g_value_get_uint (value));
      break;
    case PROP_SHOW_COORDINATES:
      ksm_board_set_show_coordinates (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_board_class_init (KsmBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_board_dispose;
  object_class->finalize = ksm_board_finalize;
  object_class->get_property = ksm_board_get_property;
  object_class->set_property = ksm_board_set_property;
  widget_class->get_request_mode = ksm_board_get_request_mode;
  widget_class->measure = ksm_board_measure;
  widget_class->size_allocate = ksm_board_size_allocate;
  widget_class->snapshot = ksm_board_snapshot;
  widget_class->focus = ksm_board_focus;
  widget_class->grab_focus = ksm_board_grab_focus;
  ksm_board_init_keys (widget_class);

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KSM_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATION_DURATION] =
    g_param_spec_uint ("animation-duration", NULL, NULL, 0, 10000, KSM_BOARD_DEFAULT_DURATION,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static GtkWidget *
new_overlay_label (KsmBoard *self, const char *class1, const char *class2)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL,
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                   "can-target", FALSE,
                                   "visible", FALSE,
                                   NULL);

  gtk_widget_add_css_class (label, class1);
  if (class2 != NULL)
    gtk_widget_add_css_class (label, class2);
  gtk_widget_set_parent (label, GTK_WIDGET (self));
  return label;
}

static void
ksm_board_init (KsmBoard *self)
{
  self->cells = g_ptr_array_new ();
  self->roving = -1;
  self->places = g_array_new (FALSE, TRUE, sizeof (KsmCellPlace));
  self->arrows = g_array_new (FALSE, TRUE, sizeof (KsmBoardArrow));
  self->coordinates = g_array_new (FALSE, TRUE, sizeof (KsmBoardCoordinate));
  self->show_coordinates = TRUE;
  self->animation_duration = KSM_BOARD_DEFAULT_DURATION;
  self->skin = ksm_skin_for (NULL);

  self->badge = new_overlay_label (self, "takes", NULL);
  self->ghost = new_overlay_label (self, "piece", "taken");
  self->glider = new_overlay_label (self, "piece", "moving");

  /* the board is laid out as the notation reads, whatever the language */
  gtk_widget_set_direction (GTK_WIDGET (self), GTK_TEXT_DIR_LTR);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  -1);

  ksm_board_init_animation (self);

  self->scene = ksm_board_scene_new ();
  g_signal_connect_object (self->scene, "reset", G_CALLBACK (scene_reset_cb), self, 0);
  g_signal_connect_object (self->scene, "changed", G_CALLBACK (scene_changed_cb), self, 0);
  g_signal_connect_object (self->scene, "highlight-changed", G_CALLBACK (scene_highlight_changed_cb), self, 0);
  g_signal_connect_object (self->scene, "interrupt", G_CALLBACK (scene_interrupt_cb), self, 0);
  g_signal_connect_object (self->scene, "walk", G_CALLBACK (scene_walk_cb), self, 0);
}

/* ---- public ---- */

GtkWidget *
ksm_board_new (void)
{
  return g_object_new (KSM_TYPE_BOARD, NULL);
}

KsmBoardScene *
ksm_board_get_scene (KsmBoard *self)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), NULL);
  return self->scene;
}

KsmGame *
ksm_board_get_game (KsmBoard *self)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), NULL);
  return ksm_board_scene_get_game (self->scene);
}

void
ksm_board_set_game (KsmBoard *self,
                    KsmGame  *game)
{
  g_return_if_fail (KSM_IS_BOARD (self));
  g_return_if_fail (game == NULL || KSM_IS_GAME (game));

  if (ksm_board_scene_get_game (self->scene) == game)
    return;
  /* the scene ends the walk and rebuilds the cells ("interrupt", "reset") */
  ksm_board_scene_set_game (self->scene, game);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

guint
ksm_board_get_animation_duration (KsmBoard *self)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), 0);
  return self->animation_duration;
}

void
ksm_board_set_animation_duration (KsmBoard *self,
                                  guint     milliseconds)
{
  g_return_if_fail (KSM_IS_BOARD (self));

  if (self->animation_duration == milliseconds)
    return;
  self->animation_duration = milliseconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION_DURATION]);
}

GtkWidget *
ksm_board_get_cell (KsmBoard *self,
                    guint     index)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), NULL);
  return (GtkWidget *) ksm_board_cell_at (self, (int) index);
}

void
ksm_board_set_position (KsmBoard          *self,
                        const KsmPosition *position)
{
  g_return_if_fail (KSM_IS_BOARD (self));
  g_return_if_fail (position != NULL);
  g_return_if_fail (ksm_rules_for (position) != NULL);

  if (ksm_board_get_game (self) != NULL)
    ksm_board_set_game (self, NULL);
  ksm_board_scene_set_position (self->scene, position);
}

void
ksm_board_set_question (KsmBoard          *self,
                        const KsmPosition *position)
{
  g_return_if_fail (KSM_IS_BOARD (self));
  g_return_if_fail (position != NULL);
  g_return_if_fail (ksm_rules_for (position) != NULL);

  if (ksm_board_get_game (self) != NULL)
    ksm_board_set_game (self, NULL);
  ksm_board_scene_set_question (self->scene, position);
}

const KsmPosition *
ksm_board_get_position (KsmBoard *self)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), NULL);
  return ksm_board_scene_get_position (self->scene);
}

void
ksm_board_set_highlight (KsmBoard *self,
                         int       from,
                         int       to,
                         guint     captured,
                         gboolean  refused)
{
  g_return_if_fail (KSM_IS_BOARD (self));
  ksm_board_scene_set_highlight (self->scene, from, to, captured, refused);
}

GtkWidget *
ksm_board_get_move_cell (KsmBoard      *self,
                         const KsmMove *move)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), NULL);
  g_return_val_if_fail (move != NULL, NULL);

  return (GtkWidget *) ksm_board_cell_at (self, ksm_board_scene_move_cell (self->scene, move));
}

void
ksm_board_set_distance (KsmBoard *self,
                        guint     distance)
{
  g_return_if_fail (KSM_IS_BOARD (self));
  ksm_board_scene_set_distance (self->scene, distance);
}

guint
ksm_board_get_distance (KsmBoard *self)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), 0);
  return ksm_board_scene_get_distance (self->scene);
}

void
ksm_board_set_group (KsmBoard *self,
                     guint     group)
{
  g_return_if_fail (KSM_IS_BOARD (self));
  ksm_board_scene_set_group (self->scene, group);
}

guint
ksm_board_get_group (KsmBoard *self)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), 0);
  return ksm_board_scene_get_group (self->scene);
}

guint
ksm_board_get_n_board_cells (KsmBoard *self)
{
  g_return_val_if_fail (KSM_IS_BOARD (self), 0);
  return ksm_board_scene_get_n_board_cells (self->scene);
}
