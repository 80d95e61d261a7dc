/* ksm-lesson-view.c: a lesson on the real board, judged by the hints'
 * judge.
 *
 * The board holds the lesson's position as a question (ksm-board.h): the
 * learner picks a move as in play, the model judges it off the main
 * thread, and the board then shows the position again, still, with the
 * lesson's best move pointed at as a rules figure points at one. What the
 * view says is also given to a screen reader (ksm-announce.h). The view
 * knows no game: the lesson, the rules and the words say it all. */
#include "config.h"

#include "ksm-lesson-view.h"

#include <glib/gi18n.h>

#include "ksm-a11y.h"
#include "ksm-announce.h"
#include "ksm-numbers.h"
#include "ksm-rules-doc.h"
#include "ksm-words.h"

struct _KsmLessonView
{
  AdwBin         parent_instance;

  GtkWidget     *scroller;
  GtkLabel      *step_label;
  GtkLabel      *title_label;
  GtkWidget     *paragraphs_box;
  AdwBin        *board_bin;
  GtkLabel      *throw_label;
  GtkWidget     *distance_box;
  GtkLabel      *distance_label;
  GtkWidget     *distance_buttons;
  GtkLabel      *task_label;
  GtkWidget     *verdict_box;
  GtkLabel      *verdict_title;
  GtkLabel      *verdict_label;
  GtkWidget     *try_again_button;
  GtkWidget     *play_button;
  GtkWidget     *next_button;

  KsmBoard      *board;
  KsmLessonBook *book;
  guint          index;
  GCancellable  *judging;
  gboolean       has_verdict;
  gboolean       reveal_verdict;   /* scroll to it once it is laid out */
  KsmLessonVerdict verdict;
};

G_DEFINE_FINAL_TYPE (KsmLessonView, ksm_lesson_view, ADW_TYPE_BIN)

enum {
  SIGNAL_PLAY_GAME,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean reveal_verdict_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data);

static const char *
translate (const char *text)
{
  return ksm_rules_doc_translate_in ("lessons", text);
}

KsmLesson *
ksm_lesson_view_get_lesson (KsmLessonView *self)
{
  g_return_val_if_fail (KSM_IS_LESSON_VIEW (self), NULL);
  if (self->book == NULL || self->index >= ksm_lesson_book_get_n_lessons (self->book))
    return NULL;
  return ksm_lesson_book_get_lesson (self->book, self->index);
}

static void
stop_judging (KsmLessonView *self)
{
  if (self->judging != NULL)
    {
      g_cancellable_cancel (self->judging);
      g_clear_object (&self->judging);
    }
}

/* ---- the throw to play ---- */

static void
distance_toggled_cb (GtkToggleButton *button,
                     KsmLessonView   *self)
{
  if (gtk_toggle_button_get_active (button))
    ksm_board_set_distance (self->board,
                            GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "distance")));
}

/* Where the moves go different distances (a turn's several throws, a
 * pool of units), buttons choose the one the board plays, as the throw
 * view does in play */
static void
show_distances (KsmLessonView *self, const KsmPosition *position)
{
  KsmBoardScene *scene = ksm_board_get_scene (self->board);
  const KsmRules *rules = ksm_rules_for (position);
  guint n_moves, distances = 0, n_distances = 0;
  const KsmMove *moves = ksm_board_scene_get_moves (scene, &n_moves);
  uint8_t faces[KSM_MAX_PENDING];
  bool split = false;
  int pool = 0;
  GtkWidget *child;
  GtkToggleButton *first = NULL;

  while ((child = gtk_widget_get_first_child (self->distance_buttons)) != NULL)
    gtk_box_remove (GTK_BOX (self->distance_buttons), child);
  for (guint i = 0; i < n_moves; i++)
    if (moves[i].distance < 32 && !(distances >> moves[i].distance & 1u))
      {
        distances |= 1u << moves[i].distance;
        n_distances++;
      }
  gtk_widget_set_visible (self->distance_box, n_distances > 1);
  ksm_board_set_distance (self->board, 0);
  if (n_distances <= 1)
    return;

  ksm_rules_held_throws (rules, position, faces, &split, &pool);
  gtk_label_set_label (self->distance_label, split ? _("Units to move:") : _("Throw to play:"));
  for (guint d = 0; d < 32; d++)
    if (distances >> d & 1u)
      {
        g_autofree char *text = ksm_format_number (d);
        GtkWidget *button = gtk_toggle_button_new_with_label (text);

        g_object_set_data (G_OBJECT (button), "distance", GUINT_TO_POINTER (d));
        if (first != NULL)
          gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), first);
        else
          first = GTK_TOGGLE_BUTTON (button);
        g_signal_connect_object (button, "toggled", G_CALLBACK (distance_toggled_cb), self, 0);
        gtk_box_append (GTK_BOX (self->distance_buttons), button);
      }
  gtk_toggle_button_set_active (first, TRUE);
}

/* "To play: dwadi 2", or the turn's held throws */
static char *
describe_throw (const KsmPosition *position)
{
  const KsmRules *rules = ksm_rules_for (position);
  uint8_t faces[KSM_MAX_PENDING];
  bool split = false;
  int pool = 0, n;
  g_autoptr(GString) throws = g_string_new (NULL);

  n = ksm_rules_held_throws (rules, position, faces, &split, &pool);
  if (n == 0)
    {
      faces[0] = position->face;
      n = 1;
    }
  for (int i = 0; i < n; i++)
    {
      g_autofree char *title = ksm_words_face_title (rules, faces[i]);

      if (i > 0)
        /* Translators: between the throws a turn holds, "So-hatara 4, 2" */
        g_string_append (throws, C_("throws", ", "));
      g_string_append (throws, title);
    }
  /* Translators: the throw a lesson's task is to play, "To play: dwadi 2" */
  return g_strdup_printf (_("To play: %s"), throws->str);
}

/* ---- showing a lesson ---- */

static void
show_question (KsmLessonView *self)
{
  KsmLesson *lesson = ksm_lesson_view_get_lesson (self);
  const KsmPosition *position = ksm_lesson_get_position (lesson);
  g_autofree char *throw_text = describe_throw (position);

  stop_judging (self);
  self->has_verdict = FALSE;
  self->reveal_verdict = FALSE;
  ksm_board_set_question (self->board, position);
  show_distances (self, position);
  gtk_label_set_label (self->throw_label, throw_text);
  gtk_widget_set_visible (self->verdict_box, FALSE);
  gtk_widget_set_visible (self->try_again_button, FALSE);
  gtk_widget_remove_css_class (self->verdict_box, "success");
  gtk_widget_remove_css_class (self->verdict_box, "warning");
}

static void
update_next (KsmLessonView *self)
{
  gboolean last = self->book == NULL || self->index + 1 >= ksm_lesson_book_get_n_lessons (self->book);

  gtk_widget_set_visible (self->next_button, !last);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lesson.next", !last);
}

void
ksm_lesson_view_set_lesson (KsmLessonView *self,
                            KsmLessonBook *book,
                            guint          index)
{
  KsmLesson *lesson;
  const char *const *paragraphs;
  GtkWidget *child;
  g_autofree char *step = NULL;
  g_autofree char *spoken = NULL;
  gboolean game;

  g_return_if_fail (KSM_IS_LESSON_VIEW (self));
  g_return_if_fail (KSM_IS_LESSON_BOOK (book));
  g_return_if_fail (index < ksm_lesson_book_get_n_lessons (book));

  stop_judging (self);
  g_set_object (&self->book, book);
  self->index = index;
  lesson = ksm_lesson_book_get_lesson (book, index);
  game = ksm_lesson_get_kind (lesson) == KSM_LESSON_GAME;

  step = ksm_format (_("Lesson %u of %u"), index + 1, ksm_lesson_book_get_n_lessons (book));
  gtk_label_set_label (self->step_label, step);
  gtk_label_set_label (self->title_label, translate (ksm_lesson_get_title (lesson)));
  while ((child = gtk_widget_get_first_child (self->paragraphs_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->paragraphs_box), child);
  paragraphs = ksm_lesson_get_paragraphs (lesson);
  for (guint i = 0; paragraphs[i] != NULL; i++)
    {
      GtkWidget *label = gtk_label_new (translate (paragraphs[i]));

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_box_append (GTK_BOX (self->paragraphs_box), label);
    }
  gtk_label_set_label (self->task_label, translate (ksm_lesson_get_task (lesson)));

  gtk_widget_set_visible (GTK_WIDGET (self->board_bin), !game);
  gtk_widget_set_visible (GTK_WIDGET (self->throw_label), !game);
  gtk_widget_set_visible (self->play_button, game);
  if (game)
    {
      stop_judging (self);
      self->has_verdict = FALSE;
      gtk_widget_set_visible (self->distance_box, FALSE);
      gtk_widget_set_visible (self->verdict_box, FALSE);
      gtk_widget_set_visible (self->try_again_button, FALSE);
    }
  else
    show_question (self);
  update_next (self);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)), 0);

  /* the lesson's title and task, spoken as its page shows */
  spoken = g_strdup_printf ("%s. %s", translate (ksm_lesson_get_title (lesson)),
                            translate (ksm_lesson_get_task (lesson)));
  ksm_announce (GTK_WIDGET (self), spoken);
}

KsmLessonBook *
ksm_lesson_view_get_book (KsmLessonView *self)
{
  g_return_val_if_fail (KSM_IS_LESSON_VIEW (self), NULL);
  return self->book;
}

guint
ksm_lesson_view_get_index (KsmLessonView *self)
{
  g_return_val_if_fail (KSM_IS_LESSON_VIEW (self), 0);
  return self->index;
}

/* ---- the verdict ---- */

/* "M9 to M6, took 2 stones": the move as the history words it */
static char *
describe_move (const KsmPosition *position, const KsmMove *move)
{
  const KsmRules *rules = ksm_rules_for (position);
  g_autofree char *clauses = ksm_words_move_clauses (rules, &position->options, position,
                                                     position->to_move, move);
  const char *text = clauses;

  /* the clauses follow a throw's name: ", M9 to M6" */
  while (*text == ',' || *text == ' ')
    text++;
  return g_strdup (text);
}

static void
judged_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(KsmLessonView) self = user_data;
  KsmLesson *lesson = KSM_LESSON (source);
  const KsmPosition *position;
  g_autoptr(GError) error = NULL;
  KsmLessonVerdict verdict;
  g_autofree char *best = NULL;
  g_autofree char *text = NULL;
  g_autofree char *spoken = NULL;
  const char *title;
  int from;

  if (!ksm_lesson_judge_finish (lesson, result, &verdict, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("A lesson's move could not be judged: %s", error->message);
      return;
    }
  /* another lesson, or Try Again, came meanwhile */
  if (self->judging == NULL || g_cancellable_is_cancelled (self->judging)
      || lesson != ksm_lesson_view_get_lesson (self))
    return;
  g_clear_object (&self->judging);
  self->verdict = verdict;
  self->has_verdict = TRUE;
  position = ksm_lesson_get_position (lesson);

  best = describe_move (position, &verdict.best);
  if (verdict.right && verdict.expected)
    {
      title = _("Right");
      text = g_strdup (translate (ksm_lesson_get_right (lesson)));
    }
  else if (verdict.right)
    {
      title = _("Also Right");
      /* Translators: a move the hints' judge rates as well as the lesson's
       * answer; the lesson's own words about its answer follow */
      text = g_strdup_printf (_("Your move is as good as the lesson’s answer, as the hints judge it. "
                                "The answer, shown on the board: %s. %s"),
                              best, translate (ksm_lesson_get_right (lesson)));
    }
  else
    {
      title = _("Not Quite");
      /* Translators: after what a wrong move missed; %s is the best move,
       * "M9 to M6, took 2 stones" */
      text = g_strdup_printf (_("%s The best move is shown on the board: %s."),
                              translate (ksm_lesson_get_wrong (lesson)), best);
    }
  if (verdict.right)
    ksm_lesson_book_mark_done (self->book, lesson);

  gtk_label_set_label (self->verdict_title, title);
  gtk_label_set_label (self->verdict_label, text);
  gtk_widget_add_css_class (self->verdict_box, verdict.right ? "success" : "warning");
  gtk_widget_set_visible (self->verdict_box, TRUE);
  gtk_widget_set_visible (self->try_again_button, TRUE);

  /* the board still, with the best move pointed at as a figure does */
  ksm_board_set_position (self->board, position);
  from = ksm_board_scene_move_cell (ksm_board_get_scene (self->board), &verdict.best);
  ksm_board_set_highlight (self->board, from, verdict.best.to, verdict.best.captured, FALSE);
  gtk_widget_set_visible (self->distance_box, FALSE);

  /* the focus goes where the learner goes next, and the verdict is read */
  if (verdict.right && gtk_widget_get_visible (self->next_button))
    gtk_widget_grab_focus (self->next_button);
  else
    gtk_widget_grab_focus (self->try_again_button);
  if (!self->reveal_verdict)
    gtk_widget_add_tick_callback (GTK_WIDGET (self), reveal_verdict_cb, NULL, NULL);
  self->reveal_verdict = TRUE;
  spoken = g_strdup_printf ("%s. %s", title, text);
  ksm_announce (GTK_WIDGET (self), spoken);
}

/* The verdict and the button the focus went to, scrolled into view on the
 * first frame after they are laid out: the focus moved before they had a
 * place (a short window, 800 x 600, leaves them below the fold) */
static gboolean
reveal_verdict_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  KsmLessonView *self = KSM_LESSON_VIEW (widget);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  GtkWidget *viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (self->scroller));
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  graphene_rect_t verdict, button;
  double value = gtk_adjustment_get_value (adjustment);
  double top, bottom;

  if (!self->reveal_verdict || focus == NULL || viewport == NULL
      || !gtk_widget_get_visible (self->verdict_box))
    {
      self->reveal_verdict = FALSE;
      return G_SOURCE_REMOVE;
    }
  /* not laid out yet: the next frame */
  if (gtk_widget_get_height (self->verdict_box) <= 0 || gtk_widget_get_height (focus) <= 0
      || !gtk_widget_compute_bounds (self->verdict_box, viewport, &verdict)
      || !gtk_widget_compute_bounds (focus, viewport, &button))
    return G_SOURCE_CONTINUE;
  self->reveal_verdict = FALSE;
  top = value + verdict.origin.y;
  bottom = value + button.origin.y + button.size.height;
  if (bottom > value + gtk_adjustment_get_page_size (adjustment))
    gtk_adjustment_set_value (adjustment, MIN (top, bottom - gtk_adjustment_get_page_size (adjustment)));
  return G_SOURCE_REMOVE;
}

void
ksm_lesson_view_answer (KsmLessonView *self,
                        const KsmMove *move)
{
  KsmLesson *lesson;

  g_return_if_fail (KSM_IS_LESSON_VIEW (self));
  g_return_if_fail (move != NULL);

  lesson = ksm_lesson_view_get_lesson (self);
  if (lesson == NULL || ksm_lesson_get_kind (lesson) != KSM_LESSON_MOVE
      || self->has_verdict || self->judging != NULL)
    return;
  self->judging = g_cancellable_new ();
  ksm_announce (GTK_WIDGET (self), _("Judging the move…"));
  ksm_lesson_judge_async (lesson, move, self->judging, judged_cb, g_object_ref (self));
}

static void
picked_cb (KsmBoardScene *scene,
           const KsmMove *move,
           KsmLessonView *self)
{
  ksm_lesson_view_answer (self, move);
}

gboolean
ksm_lesson_view_get_verdict (KsmLessonView    *self,
                             KsmLessonVerdict *verdict)
{
  g_return_val_if_fail (KSM_IS_LESSON_VIEW (self), FALSE);

  if (self->has_verdict && verdict != NULL)
    *verdict = self->verdict;
  return self->has_verdict;
}

gboolean
ksm_lesson_view_is_judging (KsmLessonView *self)
{
  g_return_val_if_fail (KSM_IS_LESSON_VIEW (self), FALSE);
  return self->judging != NULL;
}

KsmBoard *
ksm_lesson_view_get_board (KsmLessonView *self)
{
  g_return_val_if_fail (KSM_IS_LESSON_VIEW (self), NULL);
  return self->board;
}

GtkLabel *
ksm_lesson_view_get_task_label (KsmLessonView *self)
{
  g_return_val_if_fail (KSM_IS_LESSON_VIEW (self), NULL);
  return self->task_label;
}

GtkLabel *
ksm_lesson_view_get_verdict_label (KsmLessonView *self)
{
  g_return_val_if_fail (KSM_IS_LESSON_VIEW (self), NULL);
  return self->verdict_label;
}

/* ---- actions ---- */

static void
try_again_cb (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  KsmLessonView *self = KSM_LESSON_VIEW (widget);
  KsmLesson *lesson = ksm_lesson_view_get_lesson (self);

  if (lesson == NULL || ksm_lesson_get_kind (lesson) != KSM_LESSON_MOVE)
    return;
  show_question (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
  ksm_announce (widget, translate (ksm_lesson_get_task (lesson)));
}

static void
next_cb (GtkWidget  *widget,
         const char *action_name,
         GVariant   *parameter)
{
  KsmLessonView *self = KSM_LESSON_VIEW (widget);

  if (self->book != NULL && self->index + 1 < ksm_lesson_book_get_n_lessons (self->book))
    {
      ksm_lesson_view_set_lesson (self, self->book, self->index + 1);
      gtk_widget_grab_focus (GTK_WIDGET (self->board));
    }
}

static void
play_cb (GtkWidget  *widget,
         const char *action_name,
         GVariant   *parameter)
{
  KsmLessonView *self = KSM_LESSON_VIEW (widget);
  KsmLesson *lesson = ksm_lesson_view_get_lesson (self);

  if (lesson != NULL && ksm_lesson_get_kind (lesson) == KSM_LESSON_GAME)
    g_signal_emit (self, signals[SIGNAL_PLAY_GAME], 0, lesson);
}

/* ---- GObject ---- */

static void
ksm_lesson_view_dispose (GObject *object)
{
  KsmLessonView *self = KSM_LESSON_VIEW (object);

  stop_judging (self);
  g_clear_object (&self->book);
  G_OBJECT_CLASS (ksm_lesson_view_parent_class)->dispose (object);
}

static void
ksm_lesson_view_class_init (KsmLessonViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_lesson_view_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-lesson-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmLessonView, scroller);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonView, step_label);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonView, title_label);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonView, paragraphs_box);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonView, board_bin);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonView, throw_label);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonView, distance_box);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonView, distance_label);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonView, distance_buttons);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonView, task_label);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonView, verdict_box);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonView, verdict_title);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonView, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonView, try_again_button);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonView, play_button);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonView, next_button);

  gtk_widget_class_install_action (widget_class, "lesson.try-again", NULL, try_again_cb);
  gtk_widget_class_install_action (widget_class, "lesson.next", NULL, next_cb);
  gtk_widget_class_install_action (widget_class, "lesson.play", NULL, play_cb);

  /* play-game (KsmLesson *): a game lesson's game is asked for */
  signals[SIGNAL_PLAY_GAME] =
    g_signal_new ("play-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, KSM_TYPE_LESSON);
}

static void
ksm_lesson_view_init (KsmLessonView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->board = KSM_BOARD (ksm_board_new ());
  gtk_widget_add_css_class (GTK_WIDGET (self->board), "lesson-board");
  adw_bin_set_child (self->board_bin, GTK_WIDGET (self->board));
  g_signal_connect_object (ksm_board_get_scene (self->board), "picked", G_CALLBACK (picked_cb), self, 0);
  ksm_a11y_name_by_label (GTK_BUTTON (self->try_again_button));
  ksm_a11y_name_by_label (GTK_BUTTON (self->play_button));
  ksm_a11y_name_by_label (GTK_BUTTON (self->next_button));
}

GtkWidget *
ksm_lesson_view_new (void)
{
  return g_object_new (KSM_TYPE_LESSON_VIEW, NULL);
}
