/* ksm-board-private.h: what the files of KsmBoard share.
 *
 * ksm-board.c          the GObject and the public API
 * ksm-board-scene.c    what is shown (KsmBoardScene, no widgets; and
 *                      ksm-board-scene-cells.c, its cells and moves)
 * ksm-board-layout.c   building the cells, yards and arrows; measure, allocate
 * ksm-board-drawing.c  the cells drawn from the scene, highlights, the last
 *                      move's trail, the walk
 * ksm-board-input.c    pointer, focus and activation of the cells; the
 *                      board one Tab stop, its cells reached by the arrows
 * ksm-board-words.c    what a screen reader hears of a cell
 * ksm-board-coordinates.c  the cells' names along the edges */
#pragma once

#include <adwaita.h>

#include "ksm-board.h"
#include "ksm-board-scene.h"
#include "ksm-cell.h"
#include "ksm-skin.h"

G_BEGIN_DECLS

#define KSM_BOARD_MIN_UNIT         12   /* px per grid unit at least: 25 columns fit in 360 px */
#define KSM_BOARD_NATURAL_UNIT     48
#define KSM_BOARD_FIGURE_UNIT      20   /* a figure of the rules asks for less, beside the board */
#define KSM_BOARD_ARROW_SIZE       14
#define KSM_BOARD_ARROW_MIN_UNIT   30   /* below this the arrows would crowd the pieces */
#define KSM_BOARD_DEFAULT_DURATION 400
#define KSM_BOARD_SHADOW_ROOM      6    /* px kept past the frame for the board's shadow */
#define KSM_BOARD_COORDINATE_SIZE  14   /* px of the strip the edge labels stand in */

typedef enum {
  KSM_BOARD_COORDINATE_ROW,      /* a row's part of the names, beside the grid */
  KSM_BOARD_COORDINATE_COLUMN,   /* a column's part, below it */
  KSM_BOARD_COORDINATE_CELL,     /* a whole name, in its cell's corner */
} KsmBoardCoordinateKind;

typedef struct {
  GtkWidget             *label;
  KsmBoardCoordinateKind kind;
  float                  from, extent;   /* the row's y and height, or the column's x and width */
  int                    cell;           /* a cell it names */
} KsmBoardCoordinate;

typedef struct {
  GtkWidget *image;
  float      x, y;       /* centre, in grid units */
} KsmBoardArrow;

struct _KsmBoard
{
  GtkWidget      parent_instance;

  KsmBoardScene *scene;
  const KsmSkin *skin;           /* of the scene's game */
  GPtrArray     *cells;          /* KsmCell, by cell index */
  GArray        *places;         /* KsmCellPlace, by cell index */
  GArray        *arrows;         /* KsmBoardArrow */
  GArray        *coordinates;    /* KsmBoardCoordinate */
  gboolean       show_coordinates;
  gboolean       coordinates_on_edges;   /* the names split into rows and columns */
  float          grid_width;
  float          grid_height;
  float          yard_margin;    /* the units the board grew by each side for yards */
  float          frame_width;    /* px of the board's frame round the cells, as allocated */
  GtkWidget     *badge;          /* "takes 2" over the pointed move's target */
  GtkWidget     *glider;         /* the moving piece */
  GtkWidget     *ghost;          /* what it captured, leaving */

  AdwAnimation  *animation;
  guint          animation_duration;
  gboolean       animating;
  KsmBoardWalk   walk;           /* the one animating */
  int            walk_style;     /* the mover's look (ksm-cell.h) */
  int            walk_captured_style;
  double         anim_value;
  int            roving;         /* the cell Tab brings the focus back to, or -1 */
};

/* ksm-board.c */
KsmCell *ksm_board_cell_at        (KsmBoard *self, int index);
int      ksm_board_piece_style    (KsmBoard *self, int player);

/* ksm-board-layout.c */
void     ksm_board_clear_cells    (KsmBoard *self);
void     ksm_board_build_cells    (KsmBoard *self);
void     ksm_board_measure_grid   (KsmBoard *self, GtkOrientation orientation, int for_size,
                                   int *minimum, int *natural);
void     ksm_board_allocate_grid  (KsmBoard *self, int width, int height);
void     ksm_board_allocate_child (GtkWidget *child, int x, int y, int width, int height);

/* ksm-board-drawing.c */
void     ksm_board_snapshot       (GtkWidget *widget, GtkSnapshot *snapshot);
void     ksm_board_refresh        (KsmBoard *self);
void     ksm_board_update_targets (KsmBoard *self);
void     ksm_board_update_marks   (KsmBoard *self);
void     ksm_board_init_animation (KsmBoard *self);
void     ksm_board_start_walk     (KsmBoard *self, const KsmBoardWalk *walk);
void     ksm_board_allocate_walk  (KsmBoard *self);

/* ksm-board-input.c */
void     ksm_board_connect_cell   (KsmBoard *self, GtkWidget *cell);
void     ksm_board_init_keys      (GtkWidgetClass *widget_class);
gboolean ksm_board_focus          (GtkWidget *widget, GtkDirectionType direction);
gboolean ksm_board_grab_focus     (GtkWidget *widget);
/* the cell the focus goes to when it comes into the board, or NULL */
KsmCell *ksm_board_roving_cell    (KsmBoard *self);
/* the first cell a person can play from now, or NULL */
KsmCell *ksm_board_first_mover    (KsmBoard *self);

/* ksm-board-coordinates.c */
void     ksm_board_build_coordinates    (KsmBoard *self);
void     ksm_board_clear_coordinates    (KsmBoard *self);
int      ksm_board_coordinates_margin   (KsmBoard *self);
void     ksm_board_allocate_coordinates (KsmBoard *self, float unit, float ox, float oy);
void     ksm_board_update_coordinates   (KsmBoard *self);

/* ksm-board-words.c */
char    *ksm_board_cell_label     (KsmBoard *self, int index, const KsmBoardSceneCell *cell);

G_END_DECLS
