/* ksm-lesson.c: a lesson, and its judge.
 *
 * A move is right when it is one of the lesson's answers, or when the
 * hints' judge ranks it within the lesson's margin of the best: the
 * learner is told the truth the hints would tell, and a move as good as
 * the writer's by the judge is never called wrong. */
#include "config.h"

#include "ksm-lesson.h"

#include <stdlib.h>
#include <string.h>

struct _KsmLesson
{
  GObject       parent_instance;

  char         *game;
  char         *id;
  KsmLessonKind kind;
  char         *title;
  GStrv         paragraphs;
  char         *task;
  char         *right;
  char         *wrong;

  char         *position_text;
  KsmPosition   position;
  GArray       *answers;   /* KsmMove */
  double        margin;
  KsmLevel      level;
  KsmOptions    game_options;
};

G_DEFINE_FINAL_TYPE (KsmLesson, ksm_lesson, G_TYPE_OBJECT)

static void
ksm_lesson_finalize (GObject *object)
{
  KsmLesson *self = KSM_LESSON (object);

  g_free (self->game);
  g_free (self->id);
  g_free (self->title);
  g_strfreev (self->paragraphs);
  g_free (self->task);
  g_free (self->right);
  g_free (self->wrong);
  g_free (self->position_text);
  g_array_unref (self->answers);
  G_OBJECT_CLASS (ksm_lesson_parent_class)->finalize (object);
}

static void
ksm_lesson_class_init (KsmLessonClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ksm_lesson_finalize;
}

static void
ksm_lesson_init (KsmLesson *self)
{
  self->answers = g_array_new (FALSE, TRUE, sizeof (KsmMove));
  self->paragraphs = g_new0 (char *, 1);
  self->title = g_strdup ("");
  self->task = g_strdup ("");
  self->right = g_strdup ("");
  self->wrong = g_strdup ("");
  self->margin = -1;
  self->level = KSM_LEVEL_EASY;
}

KsmLesson *
ksm_lesson_new (const char    *game,
                const char    *id,
                KsmLessonKind  kind)
{
  KsmLesson *self;

  g_return_val_if_fail (game != NULL && id != NULL, NULL);

  self = g_object_new (KSM_TYPE_LESSON, NULL);
  self->game = g_strdup (game);
  self->id = g_strdup (id);
  self->kind = kind;
  return self;
}

static void
replace (char **field, const char *text)
{
  g_free (*field);
  *field = g_strdup (text != NULL ? text : "");
}

void
ksm_lesson_set_texts (KsmLesson         *self,
                      const char        *title,
                      const char *const *paragraphs,
                      const char        *task,
                      const char        *right,
                      const char        *wrong)
{
  g_return_if_fail (KSM_IS_LESSON (self));

  replace (&self->title, title);
  replace (&self->task, task);
  replace (&self->right, right);
  replace (&self->wrong, wrong);
  g_strfreev (self->paragraphs);
  self->paragraphs = paragraphs != NULL ? g_strdupv ((char **) paragraphs) : g_new0 (char *, 1);
}

gboolean
ksm_lesson_set_problem (KsmLesson   *self,
                        const char  *position,
                        const char  *answers,
                        const char  *margin,
                        GError     **error)
{
  char message[KSM_ERROR_MAX];
  const KsmRules *rules;
  g_auto(GStrv) moves = NULL;

  g_return_val_if_fail (KSM_IS_LESSON (self), FALSE);
  g_return_val_if_fail (position != NULL && answers != NULL && margin != NULL, FALSE);

  /* not for people: slips in a lesson document, for its writer */
  if (!ksm_rules_parse_position (position, &self->position, message, sizeof message))
    {
      /* not for people: for the document's writer */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "lesson “%s”: the position is not legal: %s", self->id, message);
      return FALSE;
    }
  rules = ksm_rules_for (&self->position);
  if (g_strcmp0 (rules->id, self->game) != 0)
    {
      /* not for people: for the document's writer */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "lesson “%s”: the position is of %s, not %s", self->id, rules->id, self->game);
      return FALSE;
    }
  if (self->position.phase != KSM_PHASE_MOVE)
    {
      /* not for people: for the document's writer */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "lesson “%s”: the position has no throw waiting to be played", self->id);
      return FALSE;
    }
  replace (&self->position_text, position);

  g_array_set_size (self->answers, 0);
  moves = g_strsplit_set (answers, " ", -1);
  for (guint i = 0; moves[i] != NULL; i++)
    {
      KsmMove move;

      if (moves[i][0] == '\0')
        continue;
      if (!rules->parse_move (&self->position, moves[i], &move, message, sizeof message))
        {
          /* not for people: for the document's writer */
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       "lesson “%s”: the answer “%s” is not a legal move: %s", self->id, moves[i], message);
          return FALSE;
        }
      g_array_append_val (self->answers, move);
    }
  if (self->answers->len == 0)
    {
      /* not for people: for the document's writer */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "lesson “%s”: no answer", self->id);
      return FALSE;
    }

  if (strcmp (margin, "none") == 0)
    self->margin = -1;
  else
    {
      char *end = NULL;
      double value = g_ascii_strtod (margin, &end);

      if (end == margin || *end != '\0' || !(value >= 0 && value <= 1))
        {
          /* not for people: for the document's writer */
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       "lesson “%s”: the margin “%s” is not a chance from 0 to 1, nor “none”", self->id, margin);
          return FALSE;
        }
      self->margin = value;
    }
  return TRUE;
}

static gboolean
parse_count (const char *text, guint max, guint *value)
{
  guint64 parsed;

  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 0, max, &parsed, NULL))
    return FALSE;
  *value = (guint) parsed;
  return TRUE;
}

gboolean
ksm_lesson_set_game (KsmLesson   *self,
                     const char  *level,
                     const char  *players,
                     const char  *limit,
                     GError     **error)
{
  const KsmRules *rules;
  char message[KSM_ERROR_MAX];
  guint n_players = 0, throw_limit = 0;
  int found;

  g_return_val_if_fail (KSM_IS_LESSON (self), FALSE);

  found = ksm_level_lookup (level != NULL ? level : "easy");
  if (found < 0)
    {
      /* not for people: for the document's writer */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "lesson “%s”: no computer level “%s”", self->id, level);
      return FALSE;
    }
  self->level = (KsmLevel) found;

  rules = ksm_rules_lookup (self->game);
  g_return_val_if_fail (rules != NULL, FALSE);
  rules->default_options (&self->game_options);
  if (!parse_count (players, KSM_MAX_PLAYERS, &n_players)
      || !parse_count (limit, G_MAXUINT16, &throw_limit))
    {
      /* not for people: for the document's writer */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "lesson “%s”: players and limit are whole numbers", self->id);
      return FALSE;
    }
  if (players != NULL)
    self->game_options.n_players = (uint8_t) n_players;
  if (limit != NULL)
    self->game_options.throw_limit = (uint16_t) throw_limit;
  if (!rules->check_options (&self->game_options, message, sizeof message))
    {
      /* not for people: for the document's writer */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "lesson “%s”: its game's options make no game: %s", self->id, message);
      return FALSE;
    }
  return TRUE;
}

void
ksm_lesson_get_game_options (KsmLesson  *self,
                             KsmOptions *options)
{
  g_return_if_fail (KSM_IS_LESSON (self));
  g_return_if_fail (options != NULL);
  g_return_if_fail (self->kind == KSM_LESSON_GAME);
  *options = self->game_options;
}

const char *
ksm_lesson_get_id (KsmLesson *self)
{
  g_return_val_if_fail (KSM_IS_LESSON (self), NULL);
  return self->id;
}

const char *
ksm_lesson_get_game (KsmLesson *self)
{
  g_return_val_if_fail (KSM_IS_LESSON (self), NULL);
  return self->game;
}

KsmLessonKind
ksm_lesson_get_kind (KsmLesson *self)
{
  g_return_val_if_fail (KSM_IS_LESSON (self), KSM_LESSON_MOVE);
  return self->kind;
}

const char *
ksm_lesson_get_title (KsmLesson *self)
{
  g_return_val_if_fail (KSM_IS_LESSON (self), NULL);
  return self->title;
}

const char *const *
ksm_lesson_get_paragraphs (KsmLesson *self)
{
  g_return_val_if_fail (KSM_IS_LESSON (self), NULL);
  return (const char *const *) self->paragraphs;
}

const char *
ksm_lesson_get_task (KsmLesson *self)
{
  g_return_val_if_fail (KSM_IS_LESSON (self), NULL);
  return self->task;
}

const char *
ksm_lesson_get_right (KsmLesson *self)
{
  g_return_val_if_fail (KSM_IS_LESSON (self), NULL);
  return self->right;
}

const char *
ksm_lesson_get_wrong (KsmLesson *self)
{
  g_return_val_if_fail (KSM_IS_LESSON (self), NULL);
  return self->wrong;
}

const KsmPosition *
ksm_lesson_get_position (KsmLesson *self)
{
  g_return_val_if_fail (KSM_IS_LESSON (self), NULL);
  return self->kind == KSM_LESSON_MOVE && self->position_text != NULL ? &self->position : NULL;
}

const char *
ksm_lesson_get_position_text (KsmLesson *self)
{
  g_return_val_if_fail (KSM_IS_LESSON (self), NULL);
  return self->position_text;
}

guint
ksm_lesson_get_n_answers (KsmLesson *self)
{
  g_return_val_if_fail (KSM_IS_LESSON (self), 0);
  return self->answers->len;
}

const KsmMove *
ksm_lesson_get_answer (KsmLesson *self,
                       guint      index)
{
  g_return_val_if_fail (KSM_IS_LESSON (self), NULL);
  g_return_val_if_fail (index < self->answers->len, NULL);
  return &g_array_index (self->answers, KsmMove, index);
}

gboolean
ksm_lesson_is_answer (KsmLesson     *self,
                      const KsmMove *move)
{
  g_return_val_if_fail (KSM_IS_LESSON (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  for (guint i = 0; i < self->answers->len; i++)
    if (ksm_moves_equal (move, &g_array_index (self->answers, KsmMove, i)))
      return TRUE;
  return FALSE;
}

double
ksm_lesson_get_margin (KsmLesson *self)
{
  g_return_val_if_fail (KSM_IS_LESSON (self), -1);
  return self->margin;
}

KsmLevel
ksm_lesson_get_level (KsmLesson *self)
{
  g_return_val_if_fail (KSM_IS_LESSON (self), KSM_LEVEL_EASY);
  return self->level;
}

/* the judge's numbers are sums of floating point: equal moves may differ
 * in their last bits */
#define CHANCE_EPSILON 1e-9

gboolean
ksm_lesson_judge (KsmLesson         *self,
                  const KsmMove     *move,
                  KsmLessonVerdict  *verdict,
                  GError           **error)
{
  const KsmRules *rules;
  KsmMove moves[KSM_MAX_MOVES];
  KsmHint hints[KSM_MAX_MOVES];
  int n_moves, played = -1;

  g_return_val_if_fail (KSM_IS_LESSON (self), FALSE);
  g_return_val_if_fail (move != NULL && verdict != NULL, FALSE);
  g_return_val_if_fail (self->kind == KSM_LESSON_MOVE && self->answers->len > 0, FALSE);

  rules = ksm_rules_for (&self->position);
  n_moves = rules->legal_moves (&self->position, moves);
  for (int i = 0; i < n_moves && played < 0; i++)
    if (ksm_moves_equal (&moves[i], move))
      played = i;
  if (played < 0)
    {
      /* not for people: for the document's writer */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "lesson “%s”: the move is not legal in its position", self->id);
      return FALSE;
    }

  memset (verdict, 0, sizeof *verdict);
  verdict->move = moves[played];
  verdict->best = g_array_index (self->answers, KsmMove, 0);
  verdict->expected = ksm_lesson_is_answer (self, move);

  ksm_player_rank (NULL, &self->position, moves, n_moves, hints);
  verdict->best_chance = hints[0].win_chance;
  for (int i = 0; i < n_moves; i++)
    if (hints[i].move == played)
      verdict->chance = hints[i].win_chance;

  verdict->right = verdict->expected
                   || (self->margin >= 0
                       && verdict->chance >= verdict->best_chance - self->margin - CHANCE_EPSILON);
  return TRUE;
}

static void
judge_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  KsmLessonVerdict *verdict = g_new0 (KsmLessonVerdict, 1);
  GError *error = NULL;

  if (ksm_lesson_judge (KSM_LESSON (source), task_data, verdict, &error))
    g_task_return_pointer (task, verdict, g_free);
  else
    {
      g_free (verdict);
      g_task_return_error (task, error);
    }
}

void
ksm_lesson_judge_async (KsmLesson           *self,
                        const KsmMove       *move,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (KSM_IS_LESSON (self));
  g_return_if_fail (move != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ksm_lesson_judge_async);
  g_task_set_task_data (task, g_memdup2 (move, sizeof *move), g_free);
  g_task_run_in_thread (task, judge_thread);
}

gboolean
ksm_lesson_judge_finish (KsmLesson         *self,
                         GAsyncResult      *result,
                         KsmLessonVerdict  *verdict,
                         GError           **error)
{
  g_autofree KsmLessonVerdict *judged = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  judged = g_task_propagate_pointer (G_TASK (result), error);
  if (judged == NULL)
    return FALSE;
  *verdict = *judged;
  return TRUE;
}
