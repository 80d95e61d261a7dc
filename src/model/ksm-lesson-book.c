/* ksm-lesson-book.c: reads a lesson document with GMarkup, and keeps the
 * learner's progress.
 *
 * The format (data/lessons/README.md): <lessons game="…" context="lessons">
 * holds a <title> and <lesson>s; a lesson holds <title>, <p>s, <task>,
 * <right> and <wrong>, and its position, answers and margin as
 * attributes, or kind="game" and a level. Anything else is an error that
 * names the line, so a writer hears of a slip at once (the tests read
 * every document). */
#include "config.h"

#include "ksm-lesson-book.h"

#include <string.h>

#define DONE_KEY "lessons-done"

struct _KsmLessonBook
{
  GObject     parent_instance;

  char       *game;
  char       *title;
  GPtrArray  *lessons;   /* KsmLesson * */
  GSettings  *settings;
};

G_DEFINE_FINAL_TYPE (KsmLessonBook, ksm_lesson_book, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_N_DONE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

char *
ksm_lesson_normalize (const char *text)
{
  GString *out = g_string_new (NULL);
  gboolean space = FALSE;

  g_return_val_if_fail (text != NULL, NULL);

  /* xgettext's ITS "default" space: runs of these four become one space */
  for (const char *c = text; *c != '\0'; c++)
    {
      if (*c == ' ' || *c == '\t' || *c == '\n' || *c == '\r')
        space = TRUE;
      else
        {
          if (space && out->len > 0)
            g_string_append_c (out, ' ');
          space = FALSE;
          g_string_append_c (out, *c);
        }
    }
  return g_string_free (out, FALSE);
}

static void
ksm_lesson_book_dispose (GObject *object)
{
  KsmLessonBook *self = KSM_LESSON_BOOK (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (ksm_lesson_book_parent_class)->dispose (object);
}

static void
ksm_lesson_book_finalize (GObject *object)
{
  KsmLessonBook *self = KSM_LESSON_BOOK (object);

  g_free (self->game);
  g_free (self->title);
  g_ptr_array_unref (self->lessons);
  G_OBJECT_CLASS (ksm_lesson_book_parent_class)->finalize (object);
}

static void
ksm_lesson_book_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  KsmLessonBook *self = KSM_LESSON_BOOK (object);

  switch (prop_id)
    {
    case PROP_N_DONE:
      g_value_set_uint (value, ksm_lesson_book_get_n_done (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_lesson_book_class_init (KsmLessonBookClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ksm_lesson_book_dispose;
  object_class->finalize = ksm_lesson_book_finalize;
  object_class->get_property = ksm_lesson_book_get_property;

  properties[PROP_N_DONE] =
    g_param_spec_uint ("n-done", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ksm_lesson_book_init (KsmLessonBook *self)
{
  self->lessons = g_ptr_array_new_with_free_func (g_object_unref);
  self->title = g_strdup ("");
}

/* The reader */

typedef struct {
  KsmLessonBook *book;
  KsmLesson     *lesson;     /* the open lesson */
  char          *title;      /* its texts, read so far */
  GPtrArray     *paragraphs;
  char          *task;
  char          *right;
  char          *wrong;
  GString       *text;       /* the text element being read, or NULL */
  gboolean       seen_game;  /* a game lesson came: it must be the last */
} Reader;

static void
reader_clear_lesson (Reader *reader)
{
  g_clear_object (&reader->lesson);
  g_clear_pointer (&reader->title, g_free);
  g_clear_pointer (&reader->paragraphs, g_ptr_array_unref);
  g_clear_pointer (&reader->task, g_free);
  g_clear_pointer (&reader->right, g_free);
  g_clear_pointer (&reader->wrong, g_free);
}

static const char *
parent_of (GMarkupParseContext *context)
{
  const GSList *stack = g_markup_parse_context_get_element_stack (context);

  return stack != NULL && stack->next != NULL ? stack->next->data : NULL;
}

static gboolean
is_text_element (const char *name)
{
  return strcmp (name, "title") == 0 || strcmp (name, "p") == 0 || strcmp (name, "task") == 0
         || strcmp (name, "right") == 0 || strcmp (name, "wrong") == 0;
}

static void
fail (GMarkupParseContext *context, GError **error, const char *format, const char *what)
{
  int line;
  g_autofree char *message = g_strdup_printf (format, what);

  g_markup_parse_context_get_position (context, &line, NULL);
  /* not for people: a slip in a lesson document, for its writer (the log) */
  g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT, "line %d: %s", line, message);
}

static void
start_element_cb (GMarkupParseContext  *context,
                  const char           *name,
                  const char          **attribute_names,
                  const char          **attribute_values,
                  gpointer              user_data,
                  GError              **error)
{
  Reader *reader = user_data;
  const char *parent = parent_of (context);

  if (strcmp (name, "lessons") == 0 && parent == NULL)
    {
      const char *game = NULL, *text_context = NULL;

      if (!g_markup_collect_attributes (name, attribute_names, attribute_values, error,
                                        G_MARKUP_COLLECT_STRING, "game", &game,
                                        G_MARKUP_COLLECT_STRING, "context", &text_context,
                                        G_MARKUP_COLLECT_INVALID))
        return;
      if (strcmp (text_context, "lessons") != 0)
        return fail (context, error, "the context must be “lessons”, not “%s”", text_context);
      if (ksm_rules_lookup (game) == NULL)
        return fail (context, error, "no game “%s”", game);
      reader->book->game = g_strdup (game);
    }
  else if (strcmp (name, "lesson") == 0 && g_strcmp0 (parent, "lessons") == 0)
    {
      const char *id = NULL, *kind = NULL, *position = NULL, *answer = NULL, *margin = NULL,
                 *level = NULL, *players = NULL, *limit = NULL;
      gboolean game;

      if (!g_markup_collect_attributes (name, attribute_names, attribute_values, error,
                                        G_MARKUP_COLLECT_STRING, "id", &id,
                                        G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "kind", &kind,
                                        G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "position", &position,
                                        G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "answer", &answer,
                                        G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "margin", &margin,
                                        G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "level", &level,
                                        G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "players", &players,
                                        G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "limit", &limit,
                                        G_MARKUP_COLLECT_INVALID))
        return;
      if (ksm_lesson_book_find (reader->book, id, NULL) != NULL)
        return fail (context, error, "a second lesson “%s”", id);
      if (reader->seen_game)
        return fail (context, error, "lesson “%s” after the game, which must be the last", id);
      if (kind != NULL && strcmp (kind, "game") != 0)
        return fail (context, error, "no kind of lesson “%s”", kind);
      game = kind != NULL;

      reader->lesson = ksm_lesson_new (reader->book->game, id, game ? KSM_LESSON_GAME : KSM_LESSON_MOVE);
      reader->paragraphs = g_ptr_array_new_with_free_func (g_free);
      if (game)
        {
          GError *local = NULL;

          reader->seen_game = TRUE;
          if (position != NULL || answer != NULL || margin != NULL)
            return fail (context, error, "the game lesson “%s” has no position, answer or margin", id);
          if (!ksm_lesson_set_game (reader->lesson, level, players, limit, &local))
            {
              fail (context, error, "%s", local->message);
              g_error_free (local);
            }
        }
      else
        {
          GError *local = NULL;

          if (position == NULL || answer == NULL || margin == NULL)
            return fail (context, error, "lesson “%s” needs a position, an answer and a margin", id);
          if (level != NULL || players != NULL || limit != NULL)
            return fail (context, error, "lesson “%s” has a level, players or a limit, which only a game has", id);
          if (!ksm_lesson_set_problem (reader->lesson, position, answer, margin, &local))
            {
              fail (context, error, "%s", local->message);
              g_error_free (local);
            }
        }
    }
  else if ((strcmp (name, "title") == 0 && (g_strcmp0 (parent, "lessons") == 0 || g_strcmp0 (parent, "lesson") == 0))
           || (is_text_element (name) && g_strcmp0 (parent, "lesson") == 0))
    {
      if (attribute_names[0] != NULL)
        return fail (context, error, "<%s> has no attributes", name);
      reader->text = g_string_new (NULL);
    }
  else
    fail (context, error, "<%s> cannot stand here", name);
}

static void
take_text (char **field, char *text, GMarkupParseContext *context, const char *name, GError **error)
{
  if (*field != NULL)
    {
      g_free (text);
      fail (context, error, "a second <%s> in a lesson", name);
      return;
    }
  *field = text;
}

static void
end_element_cb (GMarkupParseContext  *context,
                const char           *name,
                gpointer              user_data,
                GError              **error)
{
  Reader *reader = user_data;

  if (reader->text != NULL)
    {
      char *text = ksm_lesson_normalize (reader->text->str);

      g_string_free (reader->text, TRUE);
      reader->text = NULL;
      if (*text == '\0')
        {
          g_free (text);
          return fail (context, error, "an empty <%s>", name);
        }
      if (reader->lesson == NULL)
        {
          g_free (reader->book->title);
          reader->book->title = text;
        }
      else if (strcmp (name, "p") == 0)
        g_ptr_array_add (reader->paragraphs, text);
      else if (strcmp (name, "title") == 0)
        take_text (&reader->title, text, context, name, error);
      else if (strcmp (name, "task") == 0)
        take_text (&reader->task, text, context, name, error);
      else if (strcmp (name, "right") == 0)
        take_text (&reader->right, text, context, name, error);
      else
        take_text (&reader->wrong, text, context, name, error);
      return;
    }

  if (strcmp (name, "lesson") == 0)
    {
      KsmLesson *lesson = reader->lesson;
      gboolean game = ksm_lesson_get_kind (lesson) == KSM_LESSON_GAME;
      const char *id = ksm_lesson_get_id (lesson);

      if (reader->title == NULL || reader->paragraphs->len == 0 || reader->task == NULL)
        return fail (context, error, "lesson “%s” needs a title, a paragraph and a task", id);
      if (!game && (reader->right == NULL || reader->wrong == NULL))
        return fail (context, error, "lesson “%s” needs what is right and what is wrong", id);
      if (game && (reader->right != NULL || reader->wrong != NULL))
        return fail (context, error, "the game lesson “%s” has no right or wrong", id);
      g_ptr_array_add (reader->paragraphs, NULL);
      ksm_lesson_set_texts (lesson, reader->title, (const char *const *) reader->paragraphs->pdata,
                            reader->task, reader->right, reader->wrong);
      g_ptr_array_add (reader->book->lessons, g_object_ref (lesson));
      reader_clear_lesson (reader);
    }
}

static void
text_cb (GMarkupParseContext  *context,
         const char           *text,
         gsize                 length,
         gpointer              user_data,
         GError              **error)
{
  Reader *reader = user_data;

  if (reader->text != NULL)
    g_string_append_len (reader->text, text, (gssize) length);
  else
    for (gsize i = 0; i < length; i++)
      if (!g_ascii_isspace (text[i]))
        return fail (context, error, "%s", "text outside a text element (title, p, task, right, wrong)");
}

static const GMarkupParser parser = {
  start_element_cb, end_element_cb, text_cb, NULL, NULL,
};

KsmLessonBook *
ksm_lesson_book_new_from_data (const char  *text,
                               gssize       length,
                               GError     **error)
{
  g_autoptr(KsmLessonBook) self = g_object_new (KSM_TYPE_LESSON_BOOK, NULL);
  Reader reader = { self };
  g_autoptr(GMarkupParseContext) context = NULL;
  gboolean parsed;

  g_return_val_if_fail (text != NULL, NULL);

  context = g_markup_parse_context_new (&parser, G_MARKUP_TREAT_CDATA_AS_TEXT, &reader, NULL);
  parsed = g_markup_parse_context_parse (context, text, length, error)
           && g_markup_parse_context_end_parse (context, error);
  if (reader.text != NULL)
    g_string_free (reader.text, TRUE);
  reader_clear_lesson (&reader);
  if (!parsed)
    return NULL;
  if (self->game == NULL || self->lessons->len == 0)
    {
      /* not for people: for the document's writer */
      g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                   "a lesson document needs a <lessons> root and a lesson");
      return NULL;
    }
  return g_steal_pointer (&self);
}

KsmLessonBook *
ksm_lesson_book_new_for_game (const char  *game_id,
                              GError     **error)
{
  g_autofree char *path = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (game_id != NULL, NULL);

  /* not for people: a resource path */
  path = g_strdup_printf ("/io/github/kasimala/Kasimala/lessons/%s.xml", game_id);
  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (bytes == NULL)
    return NULL;
  return ksm_lesson_book_new_from_data (g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes),
                                        error);
}

const char *
ksm_lesson_book_get_game (KsmLessonBook *self)
{
  g_return_val_if_fail (KSM_IS_LESSON_BOOK (self), NULL);
  return self->game;
}

const char *
ksm_lesson_book_get_title (KsmLessonBook *self)
{
  g_return_val_if_fail (KSM_IS_LESSON_BOOK (self), NULL);
  return self->title;
}

guint
ksm_lesson_book_get_n_lessons (KsmLessonBook *self)
{
  g_return_val_if_fail (KSM_IS_LESSON_BOOK (self), 0);
  return self->lessons->len;
}

KsmLesson *
ksm_lesson_book_get_lesson (KsmLessonBook *self,
                            guint          index)
{
  g_return_val_if_fail (KSM_IS_LESSON_BOOK (self), NULL);
  g_return_val_if_fail (index < self->lessons->len, NULL);
  return g_ptr_array_index (self->lessons, index);
}

KsmLesson *
ksm_lesson_book_find (KsmLessonBook *self,
                      const char    *id,
                      guint         *index)
{
  g_return_val_if_fail (KSM_IS_LESSON_BOOK (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < self->lessons->len; i++)
    {
      KsmLesson *lesson = g_ptr_array_index (self->lessons, i);

      if (strcmp (ksm_lesson_get_id (lesson), id) == 0)
        {
          if (index != NULL)
            *index = i;
          return lesson;
        }
    }
  return NULL;
}

static void
add_message (GPtrArray *messages, const char *text)
{
  if (text != NULL && *text != '\0')
    g_ptr_array_add (messages, (gpointer) text);
}

GPtrArray *
ksm_lesson_book_get_messages (KsmLessonBook *self)
{
  GPtrArray *messages;

  g_return_val_if_fail (KSM_IS_LESSON_BOOK (self), NULL);

  messages = g_ptr_array_new ();
  add_message (messages, self->title);
  for (guint i = 0; i < self->lessons->len; i++)
    {
      KsmLesson *lesson = g_ptr_array_index (self->lessons, i);
      const char *const *paragraphs = ksm_lesson_get_paragraphs (lesson);

      add_message (messages, ksm_lesson_get_title (lesson));
      for (guint k = 0; paragraphs[k] != NULL; k++)
        add_message (messages, paragraphs[k]);
      add_message (messages, ksm_lesson_get_task (lesson));
      add_message (messages, ksm_lesson_get_right (lesson));
      add_message (messages, ksm_lesson_get_wrong (lesson));
    }
  return messages;
}

/* Progress */

static char *
done_key (KsmLessonBook *self, KsmLesson *lesson)
{
  return g_strdup_printf ("%s/%s", self->game, ksm_lesson_get_id (lesson));
}

static void
done_changed_cb (KsmLessonBook *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_DONE]);
}

void
ksm_lesson_book_set_settings (KsmLessonBook *self,
                              GSettings     *settings)
{
  g_return_if_fail (KSM_IS_LESSON_BOOK (self));
  g_return_if_fail (settings == NULL || G_IS_SETTINGS (settings));

  if (self->settings == settings)
    return;
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_set_object (&self->settings, settings);
  if (settings != NULL)
    g_signal_connect_swapped (settings, "changed::" DONE_KEY, G_CALLBACK (done_changed_cb), self);
  done_changed_cb (self);
}

gboolean
ksm_lesson_book_is_done (KsmLessonBook *self,
                         KsmLesson     *lesson)
{
  g_auto(GStrv) done = NULL;
  g_autofree char *key = NULL;

  g_return_val_if_fail (KSM_IS_LESSON_BOOK (self), FALSE);
  g_return_val_if_fail (KSM_IS_LESSON (lesson), FALSE);

  if (self->settings == NULL)
    return FALSE;
  done = g_settings_get_strv (self->settings, DONE_KEY);
  key = done_key (self, lesson);
  return g_strv_contains ((const char *const *) done, key);
}

void
ksm_lesson_book_mark_done (KsmLessonBook *self,
                           KsmLesson     *lesson)
{
  g_auto(GStrv) done = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) marked = NULL;
  g_autofree char *key = NULL;

  g_return_if_fail (KSM_IS_LESSON_BOOK (self));
  g_return_if_fail (KSM_IS_LESSON (lesson));

  if (self->settings == NULL || ksm_lesson_book_is_done (self, lesson))
    return;
  done = g_settings_get_strv (self->settings, DONE_KEY);
  builder = g_strv_builder_new ();
  g_strv_builder_addv (builder, (const char **) done);
  key = done_key (self, lesson);
  g_strv_builder_add (builder, key);
  marked = g_strv_builder_end (builder);
  /* the settings' "changed" notifies n-done */
  g_settings_set_strv (self->settings, DONE_KEY, (const char *const *) marked);
}

guint
ksm_lesson_book_get_n_done (KsmLessonBook *self)
{
  guint n = 0;

  g_return_val_if_fail (KSM_IS_LESSON_BOOK (self), 0);

  for (guint i = 0; i < self->lessons->len; i++)
    n += ksm_lesson_book_is_done (self, g_ptr_array_index (self->lessons, i));
  return n;
}

guint
ksm_lesson_book_get_next (KsmLessonBook *self)
{
  g_return_val_if_fail (KSM_IS_LESSON_BOOK (self), 0);

  for (guint i = 0; i < self->lessons->len; i++)
    if (!ksm_lesson_book_is_done (self, g_ptr_array_index (self->lessons, i)))
      return i;
  return 0;
}

void
ksm_lesson_book_reset_progress (KsmLessonBook *self)
{
  g_auto(GStrv) done = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) kept = NULL;
  g_autofree char *prefix = NULL;

  g_return_if_fail (KSM_IS_LESSON_BOOK (self));

  if (self->settings == NULL)
    return;
  done = g_settings_get_strv (self->settings, DONE_KEY);
  prefix = g_strconcat (self->game, "/", NULL);
  builder = g_strv_builder_new ();
  for (guint i = 0; done[i] != NULL; i++)
    if (!g_str_has_prefix (done[i], prefix))
      g_strv_builder_add (builder, done[i]);
  kept = g_strv_builder_end (builder);
  if (g_strv_length (kept) != g_strv_length (done))
    g_settings_set_strv (self->settings, DONE_KEY, (const char *const *) kept);
}
