/* ksm-lessons-page.c */
#include "config.h"

#include "ksm-lessons-page.h"

#include <glib/gi18n.h>

#include "ksm-a11y.h"
#include "ksm-numbers.h"
#include "ksm-rules-doc.h"

struct _KsmLessonsPage
{
  AdwBin         parent_instance;

  GtkLabel      *title_label;
  GtkLabel      *progress_label;
  GtkListBox    *lessons_list;
  GtkWidget     *reset_button;

  KsmLessonBook *book;
};

G_DEFINE_FINAL_TYPE (KsmLessonsPage, ksm_lessons_page, ADW_TYPE_BIN)

enum {
  SIGNAL_OPEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

char *
ksm_lessons_page_describe_progress (KsmLessonBook *book)
{
  guint done, total;

  g_return_val_if_fail (KSM_IS_LESSON_BOOK (book), NULL);

  done = ksm_lesson_book_get_n_done (book);
  total = ksm_lesson_book_get_n_lessons (book);
  if (done == 0)
    return ksm_format (g_dngettext (GETTEXT_PACKAGE, "%u lesson, none done yet",
                                    "%u lessons, none done yet", total), total);
  /* Translators: %u of %u, "3 of 11 lessons done" */
  return ksm_format (g_dngettext (GETTEXT_PACKAGE, "%u of %u lesson done",
                                  "%u of %u lessons done", total), done, total);
}

static void
fill (KsmLessonsPage *self)
{
  GtkWidget *child;
  g_autofree char *progress = NULL;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->lessons_list))) != NULL)
    gtk_list_box_remove (self->lessons_list, child);
  if (self->book == NULL)
    return;

  gtk_label_set_label (self->title_label,
                       ksm_rules_doc_translate_in ("lessons", ksm_lesson_book_get_title (self->book)));
  ksm_a11y_set_label (GTK_WIDGET (self->lessons_list),
                      ksm_rules_doc_translate_in ("lessons", ksm_lesson_book_get_title (self->book)));
  progress = ksm_lessons_page_describe_progress (self->book);
  gtk_label_set_label (self->progress_label, progress);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lessons.reset",
                                 ksm_lesson_book_get_n_done (self->book) > 0);

  for (guint i = 0; i < ksm_lesson_book_get_n_lessons (self->book); i++)
    {
      KsmLesson *lesson = ksm_lesson_book_get_lesson (self->book, i);
      gboolean done = ksm_lesson_book_is_done (self->book, lesson);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *number = ksm_format_number (i + 1);
      GtkWidget *number_label = gtk_label_new (number);
      GtkWidget *mark;

      gtk_widget_add_css_class (number_label, "dim-label");
      gtk_widget_set_size_request (number_label, 24, -1);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), number_label);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     ksm_rules_doc_translate_in ("lessons", ksm_lesson_get_title (lesson)));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), done ? _("Done") : "");
      if (done)
        {
          mark = ksm_a11y_decoration_new ("object-select-symbolic");
          gtk_widget_add_css_class (mark, "success");
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), mark);
        }
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), ksm_a11y_decoration_new ("go-next-symbolic"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data (G_OBJECT (row), "index", GUINT_TO_POINTER (i));
      gtk_list_box_append (self->lessons_list, row);
    }
}

static void
n_done_cb (KsmLessonBook  *book,
           GParamSpec     *pspec,
           KsmLessonsPage *self)
{
  fill (self);
}

void
ksm_lessons_page_set_book (KsmLessonsPage *self,
                           KsmLessonBook  *book)
{
  g_return_if_fail (KSM_IS_LESSONS_PAGE (self));
  g_return_if_fail (book == NULL || KSM_IS_LESSON_BOOK (book));

  if (self->book != NULL)
    g_signal_handlers_disconnect_by_data (self->book, self);
  g_set_object (&self->book, book);
  if (book != NULL)
    g_signal_connect_object (book, "notify::n-done", G_CALLBACK (n_done_cb), self, 0);
  fill (self);
}

KsmLessonBook *
ksm_lessons_page_get_book (KsmLessonsPage *self)
{
  g_return_val_if_fail (KSM_IS_LESSONS_PAGE (self), NULL);
  return self->book;
}

GtkListBox *
ksm_lessons_page_get_list (KsmLessonsPage *self)
{
  g_return_val_if_fail (KSM_IS_LESSONS_PAGE (self), NULL);
  return self->lessons_list;
}

static void
row_activated_cb (GtkListBox     *list,
                  GtkListBoxRow  *row,
                  KsmLessonsPage *self)
{
  g_signal_emit (self, signals[SIGNAL_OPEN], 0, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "index")));
}

static void
reset_cb (GtkWidget  *widget,
          const char *action_name,
          GVariant   *parameter)
{
  KsmLessonsPage *self = KSM_LESSONS_PAGE (widget);

  if (self->book != NULL)
    ksm_lesson_book_reset_progress (self->book);
}

static void
ksm_lessons_page_dispose (GObject *object)
{
  KsmLessonsPage *self = KSM_LESSONS_PAGE (object);

  if (self->book != NULL)
    g_signal_handlers_disconnect_by_data (self->book, self);
  g_clear_object (&self->book);
  G_OBJECT_CLASS (ksm_lessons_page_parent_class)->dispose (object);
}

static void
ksm_lessons_page_class_init (KsmLessonsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_lessons_page_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-lessons-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmLessonsPage, title_label);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonsPage, progress_label);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonsPage, lessons_list);
  gtk_widget_class_bind_template_child (widget_class, KsmLessonsPage, reset_button);
  gtk_widget_class_install_action (widget_class, "lessons.reset", NULL, reset_cb);

  /* open (guint): the lesson of that index was chosen */
  signals[SIGNAL_OPEN] =
    g_signal_new ("open", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
ksm_lessons_page_init (KsmLessonsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (self->lessons_list, "row-activated", G_CALLBACK (row_activated_cb), self, 0);
  ksm_a11y_name_by_label (GTK_BUTTON (self->reset_button));
}

GtkWidget *
ksm_lessons_page_new (void)
{
  return g_object_new (KSM_TYPE_LESSONS_PAGE, NULL);
}
