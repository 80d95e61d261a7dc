/* ksm-cell.c: one cell of the board.
 *
 * The board owns the meaning (whose turn, which moves); a cell shows what it
 * is told: the pieces on it as a styled label (a brick or a stone, with the
 * count of a stack), and CSS classes for the board's highlights. Styling is
 * all in style.css, so the light, dark and high-contrast looks follow the
 * system. */
#include "config.h"

#include "ksm-cell.h"

#include "ksm-numbers.h"

struct _KsmCell
{
  GtkWidget   parent_instance;

  GtkWidget  *piece;      /* a GtkLabel: its background is the piece */
  GtkWidget  *others[KSM_CELL_MAX_GROUPS - 1];  /* more colours sharing the cell */
  guint       index;
  int         player;     /* the first group's style */
  guint       count;
  gboolean    waiting;
  guint       n_groups;
  int         styles[KSM_CELL_MAX_GROUPS];
  guint       counts[KSM_CELL_MAX_GROUPS];
  gboolean    movable;
  char       *label;

  /* a played move's marks: beneath the pieces, but for what it took */
  GtkWidget  *wash;       /* the whole cell: where it landed */
  GtkWidget  *spot;       /* an outline where it left, a footstep on its way */
  GtkWidget  *taken;      /* a small piece of what it took, in a corner */
  GtkWidget  *mark;       /* a safe cell's glyph, drawn large beneath all; NULL: none */
  GtkWidget  *focus_ring; /* over all, shown while the keyboard focus is here */
  guint       trail;
  int         trail_style;
  int         taken_style;
};

G_DEFINE_FINAL_TYPE (KsmCell, ksm_cell, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_INDEX,
  PROP_MOVABLE,
  PROP_LABEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_ACTIVATE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* A piece's style: bits of brick against pebbles, as in the street games
 * some of them are played with, or round tokens of a colour
 * (KSM_CELL_STYLE_RED and on); which a player gets is its skin's choice. */
static const char *const piece_classes[] = { "brick", "stone", "red", "blue", "green", "yellow", "black" };

static void
set_class (GtkWidget *widget, const char *name, gboolean on)
{
  if (on)
    gtk_widget_add_css_class (widget, name);
  else
    gtk_widget_remove_css_class (widget, name);
}

void
ksm_cell_style_piece (GtkWidget *piece,
                      int        player,
                      guint      count,
                      gboolean   waiting)
{
  g_autofree char *text = NULL;

  g_return_if_fail (GTK_IS_LABEL (piece));

  for (guint i = 0; i < G_N_ELEMENTS (piece_classes); i++)
    set_class (piece, piece_classes[i], player == (int) i && count > 0);
  set_class (piece, "token", player >= KSM_CELL_STYLE_RED && count > 0);
  set_class (piece, "waiting", waiting && count > 0);
  set_class (piece, "none", player < 0 || count == 0);
  if (count > 1)
    text = ksm_format ("%u", count);
  gtk_label_set_label (GTK_LABEL (piece), text != NULL ? text : "");
}

static void
piece_rect (int player, int width, int height, graphene_rect_t *rect)
{
  float size = MIN (width, height);
  float w, h;

  if (player == KSM_CELL_STYLE_BRICK)
    {
      /* a bit of brick lying along the row, clear of the cell's corners
       * where the way's arrows stand */
      w = size * 0.78f;
      h = size * 0.54f;
    }
  else if (player == KSM_CELL_STYLE_STONE)
    {
      /* a pebble, a little wider than high */
      w = size * 0.72f;
      h = size * 0.64f;
    }
  else
    w = h = size * 0.62f;
  graphene_rect_init (rect, (width - w) / 2.0f, (height - h) / 2.0f, w, h);
}

/* A token of a cell several colours share: nearly half the cell across,
 * so that four of them in the quarters stay as large as they can */
#define SHARED_TOKEN 0.47f

/* Group `group` of `n` sharing a cell: side by side for two, in the
 * quarters for three or four. */
static void
group_rect (int player, guint group, guint n, int width, int height, graphene_rect_t *rect)
{
  float half_w = width / 2.0f, half_h = height / 2.0f;
  float size = MIN (width, height) * SHARED_TOKEN;

  if (n <= 1)
    {
      piece_rect (player, width, height, rect);
      return;
    }
  if (n == 2)
    {
      graphene_rect_init (rect, group * half_w + (half_w - size) / 2.0f, (height - size) / 2.0f, size, size);
      return;
    }
  graphene_rect_init (rect, (group % 2) * half_w + (half_w - size) / 2.0f,
                      (group / 2) * half_h + (half_h - size) / 2.0f, size, size);
}

void
ksm_cell_get_piece_bounds (KsmCell         *self,
                           int              player,
                           graphene_rect_t *bounds)
{
  int width, height;

  g_return_if_fail (KSM_IS_CELL (self));
  g_return_if_fail (bounds != NULL);

  width = gtk_widget_get_width (GTK_WIDGET (self));
  height = gtk_widget_get_height (GTK_WIDGET (self));
  for (guint g = 0; g < self->n_groups; g++)
    if (self->styles[g] == player)
      {
        group_rect (player, g, self->n_groups, width, height, bounds);
        return;
      }
  piece_rect (player, width, height, bounds);
}

/* the footstep: a dot, a fifth of the cell */
static void
spot_rect (KsmCell *self, int width, int height, graphene_rect_t *rect)
{
  float size = MIN (width, height) * 0.22f;

  if (self->trail & KSM_CELL_TRAIL_FROM)
    {
      piece_rect (self->trail_style, width, height, rect);
      return;
    }
  graphene_rect_init (rect, (width - size) / 2.0f, (height - size) / 2.0f, size, size);
}

/* what was taken: a small piece in the cell's top right corner, over the
 * edge of the piece that took it */
static void
taken_rect (KsmCell *self, int width, int height, graphene_rect_t *rect)
{
  float size = MIN (width, height);
  int box = (int) (size * 0.5f);
  /* inside the ring of where it landed */
  float inset = MAX (5.0f, size * 0.06f);

  piece_rect (self->taken_style, box, box, rect);
  rect->origin.x += width - box - inset + (box - rect->size.width) / 2.0f;
  rect->origin.y += inset - (box - rect->size.height) / 2.0f;
}

static void
allocate_rect (GtkWidget *widget, const graphene_rect_t *rect)
{
  int min;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, -1, &min, NULL, NULL, NULL);
  gtk_widget_size_allocate (widget,
                            &(GtkAllocation) {
                              (int) rect->origin.x, (int) rect->origin.y,
                              (int) rect->size.width, (int) rect->size.height,
                            }, -1);
}

/* The mark's glyph at its own size, scaled to most of the cell: a font
 * size in the stylesheet cannot follow the cell's */
static void
allocate_mark (GtkWidget *mark, int width, int height)
{
  int w, h;
  float scale;
  GskTransform *transform;

  gtk_widget_measure (mark, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
  gtk_widget_measure (mark, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
  if (w <= 0 || h <= 0)
    return;
  scale = MIN (width, height) * 0.8f / MAX (w, h);
  transform = gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT ((width - w * scale) / 2.0f,
                                                                   (height - h * scale) / 2.0f));
  transform = gsk_transform_scale (transform, scale, scale);
  gtk_widget_allocate (mark, w, h, -1, transform);
}

static GtkWidget *
group_widget (KsmCell *self, guint group)
{
  return group == 0 ? self->piece : self->others[group - 1];
}

/* ---- GtkWidget ---- */

static void
ksm_cell_measure (GtkWidget      *widget,
                  GtkOrientation  orientation,
                  int             for_size,
                  int            *minimum,
                  int            *natural,
                  int            *minimum_baseline,
                  int            *natural_baseline)
{
  /* the board gives each cell its place; it needs nothing of its own */
  *minimum = 0;
  *natural = 32;
}

static void
ksm_cell_size_allocate (GtkWidget *widget,
                        int        width,
                        int        height,
                        int        baseline)
{
  KsmCell *self = KSM_CELL (widget);
  guint n = MAX (self->n_groups, 1);

  for (guint g = 0; g < KSM_CELL_MAX_GROUPS; g++)
    {
      GtkWidget *piece = group_widget (self, g);
      graphene_rect_t rect;

      if (piece == NULL)
        continue;
      gtk_widget_set_child_visible (piece, g < n);
      if (g >= n)
        continue;
      group_rect (g < self->n_groups ? self->styles[g] : self->player, g, n, width, height, &rect);
      allocate_rect (piece, &rect);
    }

  if (gtk_widget_get_child_visible (self->wash))
    {
      graphene_rect_t rect;

      graphene_rect_init (&rect, 0, 0, width, height);
      allocate_rect (self->wash, &rect);
      spot_rect (self, width, height, &rect);
      allocate_rect (self->spot, &rect);
    }
  if (self->taken != NULL && gtk_widget_get_child_visible (self->taken))
    {
      graphene_rect_t rect;

      taken_rect (self, width, height, &rect);
      allocate_rect (self->taken, &rect);
    }
  if (self->mark != NULL)
    allocate_mark (self->mark, width, height);
  allocate_rect (self->focus_ring, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

/* The pieces stand on the trail of a move, and what it took shows over
 * them; the pieces keep their place as the cell's first children. */
static void
ksm_cell_snapshot (GtkWidget   *widget,
                   GtkSnapshot *snapshot)
{
  KsmCell *self = KSM_CELL (widget);

  if (self->mark != NULL)
    gtk_widget_snapshot_child (widget, self->mark, snapshot);
  gtk_widget_snapshot_child (widget, self->wash, snapshot);
  gtk_widget_snapshot_child (widget, self->spot, snapshot);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (child != self->wash && child != self->spot && child != self->taken && child != self->mark
        && child != self->focus_ring)
      gtk_widget_snapshot_child (widget, child, snapshot);
  if (self->taken != NULL)
    gtk_widget_snapshot_child (widget, self->taken, snapshot);
  /* over everything, so no mark or piece hides where the focus is */
  gtk_widget_snapshot_child (widget, self->focus_ring, snapshot);
}

static void
ksm_cell_dispose (GObject *object)
{
  KsmCell *self = KSM_CELL (object);

  g_clear_pointer (&self->piece, gtk_widget_unparent);
  for (guint i = 0; i < G_N_ELEMENTS (self->others); i++)
    g_clear_pointer (&self->others[i], gtk_widget_unparent);
  g_clear_pointer (&self->wash, gtk_widget_unparent);
  g_clear_pointer (&self->spot, gtk_widget_unparent);
  g_clear_pointer (&self->taken, gtk_widget_unparent);
  g_clear_pointer (&self->mark, gtk_widget_unparent);
  g_clear_pointer (&self->focus_ring, gtk_widget_unparent);

  G_OBJECT_CLASS (ksm_cell_parent_class)->dispose (object);
}

static void
ksm_cell_finalize (GObject *object)
{
  KsmCell *self = KSM_CELL (object);

  g_clear_pointer (&self->label, g_free);

  G_OBJECT_CLASS (ksm_cell_parent_class)->finalize (object);
}

static void
ksm_cell_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  KsmCell *self = KSM_CELL (object);

  switch (prop_id)
    {
    case PROP_INDEX:
      g_value_set_uint (value, self->index);
      break;
    case PROP_MOVABLE:
      g_value_set_boolean (value, self->movable);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_cell_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  KsmCell *self = KSM_CELL (object);

  switch (prop_id)
    {
    case PROP_INDEX:
      self->index = g_value_get_uint (value);
      break;
    case PROP_MOVABLE:
      ksm_cell_set_movable (self, g_value_get_boolean (value));
      break;
    case PROP_LABEL:
      ksm_cell_set_label (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            KsmCell         *self)
{
  if (self->movable)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
released_cb (GtkGestureClick *gesture,
             int              n_press,
             double           x,
             double           y,
             KsmCell         *self)
{
  if (self->movable && gtk_widget_contains (GTK_WIDGET (self), x, y))
    gtk_widget_activate (GTK_WIDGET (self));
}

/* Enter plays the piece here; on a cell that cannot move it does nothing,
 * and goes no further (to a default button) */
static gboolean
enter_cb (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  if (KSM_CELL (widget)->movable)
    gtk_widget_activate (widget);
  return TRUE;
}

/* Space plays a piece that can move; anywhere else it goes on up, where
 * the window throws with it (ksm-window.c) */
static gboolean
space_cb (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  if (!KSM_CELL (widget)->movable)
    return FALSE;
  gtk_widget_activate (widget);
  return TRUE;
}

static void
ksm_cell_class_init (KsmCellClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const guint enter_keys[] = { GDK_KEY_Return, GDK_KEY_ISO_Enter, GDK_KEY_KP_Enter };
  const guint space_keys[] = { GDK_KEY_space, GDK_KEY_KP_Space };

  object_class->dispose = ksm_cell_dispose;
  object_class->finalize = ksm_cell_finalize;
  object_class->get_property = ksm_cell_get_property;
  object_class->set_property = ksm_cell_set_property;
  widget_class->measure = ksm_cell_measure;
  widget_class->size_allocate = ksm_cell_size_allocate;
  widget_class->snapshot = ksm_cell_snapshot;

  properties[PROP_INDEX] =
    g_param_spec_uint ("index", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MOVABLE] =
    g_param_spec_boolean ("movable", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* activate: play the piece on this cell (click, Enter, or Space on a piece that can move) */
  signals[SIGNAL_ACTIVATE] =
    g_signal_new ("activate", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  gtk_widget_class_set_activate_signal (widget_class, signals[SIGNAL_ACTIVATE]);
  for (guint i = 0; i < G_N_ELEMENTS (enter_keys); i++)
    gtk_widget_class_add_binding (widget_class, enter_keys[i], 0, enter_cb, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (space_keys); i++)
    gtk_widget_class_add_binding (widget_class, space_keys[i], 0, space_cb, NULL);

  gtk_widget_class_set_css_name (widget_class, "boardcell");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
}

/* a drawn part of the cell, not a thing of its own for a screen reader */
static GtkWidget *
new_part (KsmCell *self, const char *css_class)
{
  GtkWidget *part = g_object_new (GTK_TYPE_LABEL,
                                  "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                  "can-target", FALSE,
                                  NULL);

  gtk_widget_add_css_class (part, css_class);
  gtk_widget_set_parent (part, GTK_WIDGET (self));
  return part;
}

static void
ksm_cell_init (KsmCell *self)
{
  GtkGesture *click;

  self->player = -1;
  self->trail_style = self->taken_style = -1;
  self->piece = new_part (self, "piece");
  /* drawn beneath the pieces (ksm_cell_snapshot) */
  self->wash = new_part (self, "trail");
  self->spot = new_part (self, "spot");
  gtk_widget_set_child_visible (self->wash, FALSE);
  gtk_widget_set_child_visible (self->spot, FALSE);
  ksm_cell_style_piece (self->piece, -1, 0, FALSE);
  /* its look is all in the stylesheets: boardcell:focus-visible > label.focus-ring */
  self->focus_ring = new_part (self, "focus-ring");

  /* Every cell of a game can be focused and read, the other side's and
   * the empty ones too; the board keeps them one Tab stop
   * (ksm-board-input.c). A figure of the rules turns it off. */
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  g_signal_connect (click, "released", G_CALLBACK (released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

/* ---- public ---- */

GtkWidget *
ksm_cell_new (guint index)
{
  return g_object_new (KSM_TYPE_CELL, "index", index, NULL);
}

guint
ksm_cell_get_index (KsmCell *self)
{
  g_return_val_if_fail (KSM_IS_CELL (self), 0);
  return self->index;
}

void
ksm_cell_set_content (KsmCell  *self,
                      int       player,
                      guint     count,
                      gboolean  waiting)
{
  g_return_if_fail (KSM_IS_CELL (self));

  if (count == 0)
    player = -1;
  if (self->player == player && self->count == count && self->waiting == waiting
      && self->n_groups <= 1)
    return;
  /* a brick and a stone differ in shape, so the piece is placed again */
  if (self->player != player || self->n_groups > 1)
    gtk_widget_queue_allocate (GTK_WIDGET (self));
  self->player = player;
  self->count = count;
  self->waiting = waiting;
  self->n_groups = player >= 0 ? 1 : 0;
  self->styles[0] = player;
  self->counts[0] = count;
  ksm_cell_style_piece (self->piece, player, count, waiting);
}

void
ksm_cell_set_groups (KsmCell     *self,
                     const int   *styles,
                     const guint *counts,
                     guint        n_groups)
{
  gboolean same;

  g_return_if_fail (KSM_IS_CELL (self));
  g_return_if_fail (n_groups <= KSM_CELL_MAX_GROUPS);

  if (n_groups <= 1)
    {
      ksm_cell_set_content (self, n_groups == 1 ? styles[0] : -1, n_groups == 1 ? counts[0] : 0, FALSE);
      return;
    }
  same = self->n_groups == n_groups && !self->waiting;
  for (guint g = 0; same && g < n_groups; g++)
    same = self->styles[g] == styles[g] && self->counts[g] == counts[g];
  if (same)
    return;

  self->n_groups = n_groups;
  self->player = styles[0];
  self->count = counts[0];
  self->waiting = FALSE;
  for (guint g = 0; g < n_groups; g++)
    {
      self->styles[g] = styles[g];
      self->counts[g] = counts[g];
      if (group_widget (self, g) == NULL)
        {
          GtkWidget *piece = g_object_new (GTK_TYPE_LABEL,
                                           "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                           "can-target", FALSE,
                                           NULL);
          gtk_widget_add_css_class (piece, "piece");
          gtk_widget_add_css_class (piece, "shared");
          gtk_widget_set_parent (piece, GTK_WIDGET (self));
          self->others[g - 1] = piece;
        }
      ksm_cell_style_piece (group_widget (self, g), styles[g], counts[g], FALSE);
    }
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

void
ksm_cell_set_on_side (KsmCell *self,
                      guint    groups)
{
  g_return_if_fail (KSM_IS_CELL (self));
  for (guint g = 0; g < KSM_CELL_MAX_GROUPS; g++)
    {
      GtkWidget *piece = group_widget (self, g);
      if (piece != NULL)
        set_class (piece, "on-side", (groups >> g & 1u) != 0);
    }
}

guint
ksm_cell_get_n_groups (KsmCell *self)
{
  g_return_val_if_fail (KSM_IS_CELL (self), 0);
  return self->n_groups;
}

void
ksm_cell_set_goal (KsmCell  *self,
                   gboolean  goal)
{
  g_return_if_fail (KSM_IS_CELL (self));
  set_class (GTK_WIDGET (self), "goal", goal);
}

void
ksm_cell_set_home_of (KsmCell *self,
                      int      style)
{
  g_return_if_fail (KSM_IS_CELL (self));
  for (guint i = KSM_CELL_STYLE_RED; i < G_N_ELEMENTS (piece_classes); i++)
    {
      g_autofree char *name = g_strconcat ("home-", piece_classes[i], NULL);
      set_class (GTK_WIDGET (self), name, style == (int) i);
    }
}

void
ksm_cell_set_ring (KsmCell *self,
                   int      ring)
{
  g_return_if_fail (KSM_IS_CELL (self));
  set_class (GTK_WIDGET (self), "ring-odd", ring >= 0 && ring % 2 == 1);
  set_class (GTK_WIDGET (self), "ring-even", ring >= 0 && ring % 2 == 0);
}

int
ksm_cell_get_player (KsmCell *self)
{
  g_return_val_if_fail (KSM_IS_CELL (self), -1);
  return self->player;
}

guint
ksm_cell_get_count (KsmCell *self)
{
  g_return_val_if_fail (KSM_IS_CELL (self), 0);
  return self->count;
}

void
ksm_cell_set_safe (KsmCell  *self,
                   gboolean  safe)
{
  g_return_if_fail (KSM_IS_CELL (self));
  set_class (GTK_WIDGET (self), "laiga", safe);
}

void
ksm_cell_set_mark (KsmCell    *self,
                   const char *mark)
{
  g_return_if_fail (KSM_IS_CELL (self));

  if (g_strcmp0 (mark, ksm_cell_get_mark (self)) == 0)
    return;
  set_class (GTK_WIDGET (self), "marked", mark != NULL);
  if (mark == NULL)
    {
      g_clear_pointer (&self->mark, gtk_widget_unparent);
      return;
    }
  if (self->mark == NULL)
    self->mark = new_part (self, "mark");
  gtk_label_set_label (GTK_LABEL (self->mark), mark);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

const char *
ksm_cell_get_mark (KsmCell *self)
{
  g_return_val_if_fail (KSM_IS_CELL (self), NULL);
  return self->mark != NULL ? gtk_label_get_label (GTK_LABEL (self->mark)) : NULL;
}

void
ksm_cell_set_next (KsmCell  *self,
                   gboolean  next)
{
  g_return_if_fail (KSM_IS_CELL (self));
  set_class (self->piece, "next", next);
}

void
ksm_cell_set_movable (KsmCell  *self,
                      gboolean  movable)
{
  g_return_if_fail (KSM_IS_CELL (self));

  movable = !!movable;
  if (self->movable == movable)
    return;
  self->movable = movable;
  set_class (GTK_WIDGET (self), "movable", movable);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), movable ? "pointer" : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MOVABLE]);
}

gboolean
ksm_cell_get_movable (KsmCell *self)
{
  g_return_val_if_fail (KSM_IS_CELL (self), FALSE);
  return self->movable;
}

void
ksm_cell_set_target (KsmCell  *self,
                     gboolean  target,
                     guint     captured)
{
  g_return_if_fail (KSM_IS_CELL (self));
  set_class (GTK_WIDGET (self), "target", target);
  set_class (GTK_WIDGET (self), "capture", target && captured > 0);
}

static const char *const trail_names[] = { "from", "path", "to" };

void
ksm_cell_set_trail (KsmCell  *self,
                    guint     trail,
                    int       style,
                    gboolean  recalled)
{
  g_return_if_fail (KSM_IS_CELL (self));

  for (guint i = 0; i < G_N_ELEMENTS (trail_names); i++)
    {
      g_autofree char *last = g_strconcat ("last-", trail_names[i], NULL);
      g_autofree char *again = g_strconcat ("recalled-", trail_names[i], NULL);
      gboolean on = (trail >> i & 1u) != 0;

      set_class (GTK_WIDGET (self), last, on && !recalled);
      set_class (GTK_WIDGET (self), again, on && recalled);
    }
  /* the outline where it left takes the mover's shape */
  for (guint i = 0; i < G_N_ELEMENTS (piece_classes); i++)
    set_class (self->spot, piece_classes[i], style == (int) i && (trail & KSM_CELL_TRAIL_FROM));
  set_class (self->spot, "token", style >= KSM_CELL_STYLE_RED && (trail & KSM_CELL_TRAIL_FROM));
  if (self->trail == trail && self->trail_style == style)
    return;
  self->trail = trail;
  self->trail_style = style;
  gtk_widget_set_child_visible (self->wash, trail != 0);
  gtk_widget_set_child_visible (self->spot, (trail & (KSM_CELL_TRAIL_FROM | KSM_CELL_TRAIL_PATH)) != 0);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

void
ksm_cell_set_taken (KsmCell  *self,
                    int       style,
                    guint     count,
                    gboolean  recalled)
{
  g_return_if_fail (KSM_IS_CELL (self));

  set_class (GTK_WIDGET (self), "last-taken", count > 0 && !recalled);
  set_class (GTK_WIDGET (self), "recalled-taken", count > 0 && recalled);
  if (count == 0 && self->taken == NULL)
    return;
  if (self->taken == NULL)
    {
      self->taken = new_part (self, "piece");
      gtk_widget_add_css_class (self->taken, "taken-mark");
    }
  ksm_cell_style_piece (self->taken, style, count, FALSE);
  gtk_widget_set_child_visible (self->taken, count > 0);
  if (self->taken_style != style)
    {
      self->taken_style = style;
      gtk_widget_queue_allocate (GTK_WIDGET (self));
    }
}

void
ksm_cell_set_label (KsmCell    *self,
                    const char *label)
{
  g_return_if_fail (KSM_IS_CELL (self));

  if (g_strcmp0 (self->label, label) == 0)
    return;
  g_free (self->label);
  self->label = g_strdup (label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label != NULL ? label : "",
                                  -1);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL]);
}

const char *
ksm_cell_get_label (KsmCell *self)
{
  g_return_val_if_fail (KSM_IS_CELL (self), NULL);
  return self->label;
}
