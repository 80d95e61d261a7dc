/* ksm-start-page.c */
#include "config.h"

#include "ksm-start-page.h"

#include <glib/gi18n.h>

#include "ksm-a11y.h"
#include "ksm-lesson-book.h"
#include "ksm-lessons-page.h"
#include "ksm-library-item.h"
#include "ksm-library-page.h"
#include "ksm-numbers.h"
#include "ksm-rules-doc.h"
#include "ksm-rules.h"
#include "ksm-skin.h"
#include "ksm-words.h"

struct _KsmStartPage
{
  AdwBin        parent_instance;

  GtkWidget    *resume_group;
  GtkWidget    *notice_group;
  AdwActionRow *notice_row;
  GtkListBox   *unfinished_list;
  GtkListBox   *games_list;
  GtkWidget    *learn_group;
  GtkListBox   *learn_list;
  GtkWidget    *library_row;

  GSettings    *settings;
  GPtrArray    *books;    /* KsmLessonBook *, one a row of learn_list */
};

G_DEFINE_FINAL_TYPE (KsmStartPage, ksm_start_page, ADW_TYPE_BIN)

static void
ksm_start_page_dispose (GObject *object)
{
  KsmStartPage *self = KSM_START_PAGE (object);

  g_clear_pointer (&self->books, g_ptr_array_unref);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (ksm_start_page_parent_class)->dispose (object);
}

static void
ksm_start_page_class_init (KsmStartPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ksm_start_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmStartPage, unfinished_list);
  gtk_widget_class_bind_template_child (widget_class, KsmStartPage, notice_group);
  gtk_widget_class_bind_template_child (widget_class, KsmStartPage, notice_row);
  gtk_widget_class_bind_template_child (widget_class, KsmStartPage, resume_group);
  gtk_widget_class_bind_template_child (widget_class, KsmStartPage, games_list);
  gtk_widget_class_bind_template_child (widget_class, KsmStartPage, library_row);
  gtk_widget_class_bind_template_child (widget_class, KsmStartPage, learn_group);
  gtk_widget_class_bind_template_child (widget_class, KsmStartPage, learn_list);
}

/* One row a game the app can play, in the engine's order */
static void
add_game_rows (KsmStartPage *self)
{
  for (unsigned i = 0; i < ksm_rules_n_games (); i++)
    {
      const KsmRules *rules = ksm_rules_nth (i);

      if (!ksm_skin_for (rules)->listed)
        continue;
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *icon = g_strconcat (APPLICATION_ID "-", rules->id, NULL);
      /* a game's own picture, or the app's */
      GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (self)));
      GtkWidget *picture = ksm_a11y_decoration_new (gtk_icon_theme_has_icon (theme, icon)
                                                    ? icon : APPLICATION_ID);
      GtkWidget *arrow = ksm_a11y_decoration_new ("go-next-symbolic");

      gtk_image_set_pixel_size (GTK_IMAGE (picture), 64);
      gtk_widget_set_margin_top (picture, 6);
      gtk_widget_set_margin_bottom (picture, 6);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), ksm_words_game_name (rules));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), ksm_words_game_summary (rules));
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), picture);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.choose-game");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", rules->id);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_list_box_append (self->games_list, row);
    }
}

/* A row a game with lessons, showing how far the learner has got; the
 * reset shows once something is done */
static void
update_learn_row (GtkWidget *row, KsmLessonBook *book)
{
  g_autofree char *progress = ksm_lessons_page_describe_progress (book);
  GtkWidget *reset = g_object_get_data (G_OBJECT (row), "reset");

  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), progress);
  gtk_widget_set_visible (reset, ksm_lesson_book_get_n_done (book) > 0);
}

static void
book_done_cb (KsmLessonBook *book, GParamSpec *pspec, GtkWidget *row)
{
  update_learn_row (row, book);
}

static void
add_learn_rows (KsmStartPage *self)
{
  self->books = g_ptr_array_new_with_free_func (g_object_unref);
  for (unsigned i = 0; i < ksm_rules_n_games (); i++)
    {
      const KsmRules *rules = ksm_rules_nth (i);
      g_autoptr(KsmLessonBook) book = NULL;
      GtkWidget *row, *reset;

      if (!ksm_skin_for (rules)->listed)
        continue;
      book = ksm_lesson_book_new_for_game (rules->id, NULL);
      if (book == NULL)
        continue;
      ksm_lesson_book_set_settings (book, self->settings);
      row = adw_action_row_new ();
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     ksm_rules_doc_translate_in ("lessons", ksm_lesson_book_get_title (book)));
      reset = gtk_button_new_from_icon_name ("edit-clear-all-symbolic");
      /* Translators: the start page's button that forgets a game's lessons done */
      gtk_widget_set_tooltip_text (reset, _("Forget Which Lessons Are Done"));
      ksm_a11y_set_label (reset, _("Forget Which Lessons Are Done"));
      gtk_widget_set_valign (reset, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (reset, "flat");
      gtk_actionable_set_action_name (GTK_ACTIONABLE (reset), "win.reset-lessons");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (reset), "s", rules->id);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), reset);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), ksm_a11y_decoration_new ("go-next-symbolic"));
      g_object_set_data (G_OBJECT (row), "reset", reset);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.learn");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", rules->id);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_signal_connect_object (book, "notify::n-done", G_CALLBACK (book_done_cb), row, 0);
      update_learn_row (row, book);
      gtk_list_box_append (self->learn_list, row);
      g_ptr_array_add (self->books, g_steal_pointer (&book));
    }
  gtk_widget_set_visible (self->learn_group, self->books->len > 0);
}

static void
ksm_start_page_init (KsmStartPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  add_game_rows (self);
  self->settings = g_settings_new (APPLICATION_ID);
  add_learn_rows (self);
  /* the list its group makes for the row */
  ksm_a11y_set_label (gtk_widget_get_parent (self->library_row), _("Saved Games"));
}

GtkWidget *
ksm_start_page_new (void)
{
  return g_object_new (KSM_TYPE_START_PAGE, NULL);
}

/* a row that resumes a game: through `action`, with `path` as its target
 * when it is one of the games waiting */
static GtkWidget *
unfinished_row (const char *title, const char *subtitle, const char *action, const char *path)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  if (path != NULL)
    {
      /* abandoning a game waiting is a delete, with an undo */
      GtkWidget *delete_button = gtk_button_new_from_icon_name ("user-trash-symbolic");

      gtk_widget_set_tooltip_text (delete_button, _("Delete the Game"));
      ksm_a11y_set_label (delete_button, _("Delete the Game"));
      gtk_widget_set_valign (delete_button, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (delete_button, "flat");
      gtk_actionable_set_action_name (GTK_ACTIONABLE (delete_button), "win.delete-waiting");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (delete_button), "s", path);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), delete_button);
    }
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), ksm_a11y_decoration_new ("media-playback-start-symbolic"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (row), action);
  if (path != NULL)
    gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", path);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  return row;
}

/* the start page lists this many of the games waiting; Saved Games has all */
#define MAX_WAITING_ROWS 5

void
ksm_start_page_set_unfinished (KsmStartPage *self,
                               const char   *board_title,
                               const char   *board_subtitle,
                               GListModel   *waiting)
{
  GtkWidget *child;
  guint n_waiting = 0, shown = 0;

  g_return_if_fail (KSM_IS_START_PAGE (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->unfinished_list))) != NULL)
    gtk_list_box_remove (self->unfinished_list, child);

  if (board_title != NULL)
    {
      /* Translators: the start page's row for the game left on the board */
      g_autofree char *title = g_strdup_printf (_("Continue %s"), board_title);
      gtk_list_box_append (self->unfinished_list,
                           unfinished_row (title, board_subtitle, "win.resume", NULL));
    }
  for (guint i = 0; waiting != NULL && i < g_list_model_get_n_items (waiting); i++)
    {
      g_autoptr(KsmLibraryItem) item = g_list_model_get_item (waiting, i);
      KsmOutcome outcome;

      ksm_library_item_get_outcome (item, &outcome);
      if (outcome.over)
        continue;
      n_waiting++;
      if (shown < MAX_WAITING_ROWS)
        {
          const KsmRules *rules = ksm_library_item_get_rules (item);
          g_autofree char *subtitle = ksm_library_page_describe_length (item);
          g_autofree char *path = g_file_get_path (ksm_library_item_get_file (item));

          gtk_list_box_append (self->unfinished_list,
                               unfinished_row (ksm_words_game_name (rules), subtitle,
                                               "win.resume-game", path));
          shown++;
        }
    }
  if (n_waiting > shown)
    {
      GtkWidget *row = adw_action_row_new ();
      guint more = n_waiting - shown;
      g_autofree char *title = ksm_format (g_dngettext (GETTEXT_PACKAGE, "%u More in Saved Games",
                                                        "%u More in Saved Games", more), more);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), ksm_a11y_decoration_new ("go-next-symbolic"));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.saved-games");
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_list_box_append (self->unfinished_list, row);
    }
  gtk_widget_set_visible (self->resume_group, board_title != NULL || n_waiting > 0);
}

void
ksm_start_page_set_notice (KsmStartPage *self, const char *title, const char *text)
{
  g_return_if_fail (KSM_IS_START_PAGE (self));

  gtk_widget_set_visible (self->notice_group, title != NULL);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->notice_row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->notice_row), title != NULL ? title : "");
  adw_action_row_set_subtitle (self->notice_row, text != NULL ? text : "");
}

const char *
ksm_start_page_get_notice (KsmStartPage *self)
{
  g_return_val_if_fail (KSM_IS_START_PAGE (self), NULL);
  return gtk_widget_get_visible (self->notice_group)
         ? adw_action_row_get_subtitle (self->notice_row) : NULL;
}

GtkListBox *
ksm_start_page_get_unfinished_list (KsmStartPage *self)
{
  g_return_val_if_fail (KSM_IS_START_PAGE (self), NULL);
  return self->unfinished_list;
}

GtkListBox *
ksm_start_page_get_learn_list (KsmStartPage *self)
{
  g_return_val_if_fail (KSM_IS_START_PAGE (self), NULL);
  return self->learn_list;
}

GtkListBox *
ksm_start_page_get_games_list (KsmStartPage *self)
{
  g_return_val_if_fail (KSM_IS_START_PAGE (self), NULL);
  return self->games_list;
}
