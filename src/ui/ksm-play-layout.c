/* ksm-play-layout.c: the board and its panel, placed from the window's size.
 *
 * The board's rectangle depends on the size given and the board's shape
 * only (asked of the board's own measure, height for width), never on what
 * the panel holds: a status line that wraps or a strip that fills moves
 * nothing, and the panel, which scrolls inside itself, asks for no more
 * room. Two ways to lay out, and the one giving the board more room wins:
 * the board at full height with the panel beside it (square boards in a
 * landscape window), or the board across the full width with the panel
 * below it (wide boards, portrait windows), keeping room under the board
 * for the status line and the throw control. */
#include "config.h"

#include "ksm-play-layout.h"

#define SPACING           12
#define PANEL_MIN_WIDTH   256   /* the throw control and a seat card, side by side with the board */
#define PANEL_MAX_WIDTH   360
/* below a board on top: the status line's two lines and the throw control */
#define CONTROLS_HEIGHT   236
/* the natural width: a square board of about 700 px beside the panel */
#define NATURAL_WIDTH     996

struct _KsmPlayLayout
{
  GtkWidget  parent_instance;

  GtkWidget *board;
  GtkWidget *panel;
  gboolean   beside;
};

G_DEFINE_FINAL_TYPE (KsmPlayLayout, ksm_play_layout, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_BOARD, PROP_PANEL, PROP_BESIDE, N_PROPS };
static GParamSpec *properties[N_PROPS];

typedef struct {
  int x, y, width, height;
} Rect;

static int
board_height_for (KsmPlayLayout *self, int width)
{
  int natural;

  gtk_widget_measure (self->board, GTK_ORIENTATION_VERTICAL, width, NULL, &natural, NULL, NULL);
  return natural;
}

/* The widest the board can be, up to `width`, without being taller than
 * `height`: its measure gives height for width, so search the widths */
static int
board_width_within (KsmPlayLayout *self, int width, int height, int min_width)
{
  int lo = min_width, hi = width;

  if (board_height_for (self, hi) <= height)
    return hi;
  while (lo < hi)
    {
      int mid = lo + (hi - lo + 1) / 2;

      if (board_height_for (self, mid) <= height)
        lo = mid;
      else
        hi = mid - 1;
    }
  return lo;
}

/* the board's and the panel's rectangles in width x height; TRUE for beside */
static gboolean
place (KsmPlayLayout *self, int width, int height, Rect *board, Rect *panel)
{
  int min_width, min_height;
  int beside_width = 0, beside_height = 0;
  int above_width, above_height;

  gtk_widget_measure (self->board, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  gtk_widget_measure (self->board, GTK_ORIENTATION_VERTICAL, -1, &min_height, NULL, NULL, NULL);

  if (width - SPACING - PANEL_MIN_WIDTH >= min_width)
    {
      beside_width = board_width_within (self, width - SPACING - PANEL_MIN_WIDTH, height, min_width);
      beside_height = MIN (height, board_height_for (self, beside_width));
    }

  above_width = board_width_within (self, width, MAX (height - SPACING - CONTROLS_HEIGHT, min_height),
                                    min_width);
  above_height = MIN (height, board_height_for (self, above_width));

  if ((gint64) beside_width * beside_height > (gint64) above_width * above_height)
    {
      int panel_width = CLAMP (width - SPACING - beside_width, PANEL_MIN_WIDTH, PANEL_MAX_WIDTH);
      int x = MAX ((width - beside_width - SPACING - panel_width) / 2, 0);

      *board = (Rect) { x, (height - beside_height) / 2, beside_width, beside_height };
      *panel = (Rect) { x + beside_width + SPACING, 0, panel_width, height };
      return TRUE;
    }
  *board = (Rect) { (width - above_width) / 2, 0, above_width, above_height };
  *panel = (Rect) { 0, above_height + SPACING, width, MAX (height - above_height - SPACING, 0) };
  return FALSE;
}

static GtkSizeRequestMode
ksm_play_layout_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

/* What it asks for comes from the board and the panel's least, which do
 * not change in play: the window keeps its size. */
static void
ksm_play_layout_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  KsmPlayLayout *self = KSM_PLAY_LAYOUT (widget);
  int board_min = 0, board_nat = 0, panel_min = 0;

  if (self->board != NULL)
    gtk_widget_measure (self->board, orientation, -1, &board_min, &board_nat, NULL, NULL);
  if (self->panel != NULL)
    gtk_widget_measure (self->panel, orientation, -1, &panel_min, NULL, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MAX (board_min, panel_min);
      *natural = MAX (*minimum, NATURAL_WIDTH);
    }
  else
    {
      *minimum = board_min + SPACING + panel_min;
      *natural = MAX (*minimum, board_nat + SPACING + CONTROLS_HEIGHT);
    }
}

static void
ksm_play_layout_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  KsmPlayLayout *self = KSM_PLAY_LAYOUT (widget);
  Rect board, panel;
  gboolean beside;

  if (self->board == NULL || self->panel == NULL)
    return;
  beside = place (self, width, height, &board, &panel);
  gtk_widget_size_allocate (self->board,
                            &(GtkAllocation) { board.x, board.y, board.width, board.height }, -1);
  gtk_widget_size_allocate (self->panel,
                            &(GtkAllocation) { panel.x, panel.y, panel.width, panel.height }, -1);
  if (beside != self->beside)
    {
      self->beside = beside;
      /* the panel's contents may lay out differently beside the board */
      if (beside)
        gtk_widget_add_css_class (widget, "beside");
      else
        gtk_widget_remove_css_class (widget, "beside");
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BESIDE]);
    }
}

static void
set_child (KsmPlayLayout *self, GtkWidget **slot, GtkWidget *child, GParamSpec *pspec)
{
  if (*slot == child)
    return;
  g_clear_pointer (slot, gtk_widget_unparent);
  if (child != NULL)
    {
      *slot = child;
      /* the board first, so focus goes from it to the throw control */
      if (slot == &self->board)
        gtk_widget_insert_after (child, GTK_WIDGET (self), NULL);
      else
        gtk_widget_insert_before (child, GTK_WIDGET (self), NULL);
    }
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
ksm_play_layout_dispose (GObject *object)
{
  KsmPlayLayout *self = KSM_PLAY_LAYOUT (object);

  g_clear_pointer (&self->board, gtk_widget_unparent);
  g_clear_pointer (&self->panel, gtk_widget_unparent);
  G_OBJECT_CLASS (ksm_play_layout_parent_class)->dispose (object);
}

static void
ksm_play_layout_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  KsmPlayLayout *self = KSM_PLAY_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_BOARD:
      g_value_set_object (value, self->board);
      break;
    case PROP_PANEL:
      g_value_set_object (value, self->panel);
      break;
    case PROP_BESIDE:
      g_value_set_boolean (value, self->beside);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_play_layout_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  KsmPlayLayout *self = KSM_PLAY_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_BOARD:
      ksm_play_layout_set_board (self, g_value_get_object (value));
      break;
    case PROP_PANEL:
      ksm_play_layout_set_panel (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_play_layout_class_init (KsmPlayLayoutClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_play_layout_dispose;
  object_class->get_property = ksm_play_layout_get_property;
  object_class->set_property = ksm_play_layout_set_property;
  widget_class->get_request_mode = ksm_play_layout_get_request_mode;
  widget_class->measure = ksm_play_layout_measure;
  widget_class->size_allocate = ksm_play_layout_size_allocate;

  properties[PROP_BOARD] =
    g_param_spec_object ("board", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PANEL] =
    g_param_spec_object ("panel", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BESIDE] =
    g_param_spec_boolean ("beside", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "playlayout");
}

static void
ksm_play_layout_init (KsmPlayLayout *self)
{
}

GtkWidget *
ksm_play_layout_new (void)
{
  return g_object_new (KSM_TYPE_PLAY_LAYOUT, NULL);
}

GtkWidget *
ksm_play_layout_get_board (KsmPlayLayout *self)
{
  g_return_val_if_fail (KSM_IS_PLAY_LAYOUT (self), NULL);
  return self->board;
}

void
ksm_play_layout_set_board (KsmPlayLayout *self, GtkWidget *board)
{
  g_return_if_fail (KSM_IS_PLAY_LAYOUT (self));
  g_return_if_fail (board == NULL || GTK_IS_WIDGET (board));
  set_child (self, &self->board, board, properties[PROP_BOARD]);
}

GtkWidget *
ksm_play_layout_get_panel (KsmPlayLayout *self)
{
  g_return_val_if_fail (KSM_IS_PLAY_LAYOUT (self), NULL);
  return self->panel;
}

void
ksm_play_layout_set_panel (KsmPlayLayout *self, GtkWidget *panel)
{
  g_return_if_fail (KSM_IS_PLAY_LAYOUT (self));
  g_return_if_fail (panel == NULL || GTK_IS_WIDGET (panel));
  set_child (self, &self->panel, panel, properties[PROP_PANEL]);
}

gboolean
ksm_play_layout_get_beside (KsmPlayLayout *self)
{
  g_return_val_if_fail (KSM_IS_PLAY_LAYOUT (self), FALSE);
  return self->beside;
}
