/* ksm-review.c: a saved game, step by step, and its analysis. */
#include "config.h"

#include "ksm-review.h"

#include <glib/gi18n-lib.h>

struct _KsmReview
{
  GObject           parent_instance;

  KsmRecord        *record;
  KsmGame          *game;        /* read-only, at the current step */
  GFile            *file;
  KsmPosition      *positions;   /* n_steps + 1 */
  guint             n_steps;
  guint             step;

  /* analysis */
  GCancellable     *cancellable;
  KsmAnalysisEntry *entries;     /* n_steps; those judged so far are set */
  guint8           *judged;      /* n_steps: whether each entry is */
  double            start[KSM_MAX_PLAYERS];
  gboolean          start_judged;
  int               n_teams;
  gint              done;        /* events judged so far (atomic) */
  gboolean          analysed;
};

G_DEFINE_FINAL_TYPE (KsmReview, ksm_review, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STEP,
  PROP_N_STEPS,
  PROP_ANALYSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  JUDGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

KsmAnalysisEvent *
ksm_review_events_of_record (KsmRecord *record, guint *n_events)
{
  guint n = ksm_record_get_n_events (record);
  KsmAnalysisEvent *events = g_new0 (KsmAnalysisEvent, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      const KsmEvent *event = ksm_record_get_event (record, i);
      events[i].player = event->player;
      events[i].face = event->face;
      events[i].move = event->move;
      events[i].kind = event->kind == KSM_EVENT_THROW ? KSM_ANALYSIS_EVENT_THROW
                       : event->kind == KSM_EVENT_MOVE ? KSM_ANALYSIS_EVENT_MOVE
                       : KSM_ANALYSIS_EVENT_LOST;
    }
  *n_events = n;
  return events;
}

static void
ksm_review_dispose (GObject *object)
{
  KsmReview *self = KSM_REVIEW (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (ksm_review_parent_class)->dispose (object);
}

static void
ksm_review_finalize (GObject *object)
{
  KsmReview *self = KSM_REVIEW (object);

  g_clear_object (&self->record);
  g_clear_object (&self->game);
  g_clear_object (&self->file);
  g_clear_pointer (&self->positions, g_free);
  g_clear_pointer (&self->entries, g_free);
  g_clear_pointer (&self->judged, g_free);
  G_OBJECT_CLASS (ksm_review_parent_class)->finalize (object);
}

static void
ksm_review_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KsmReview *self = KSM_REVIEW (object);

  switch (prop_id)
    {
    case PROP_STEP:
      g_value_set_uint (value, self->step);
      break;
    case PROP_N_STEPS:
      g_value_set_uint (value, self->n_steps);
      break;
    case PROP_ANALYSED:
      g_value_set_boolean (value, self->analysed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_review_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KsmReview *self = KSM_REVIEW (object);

  switch (prop_id)
    {
    case PROP_STEP:
      ksm_review_set_step (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_review_class_init (KsmReviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ksm_review_dispose;
  object_class->finalize = ksm_review_finalize;
  object_class->get_property = ksm_review_get_property;
  object_class->set_property = ksm_review_set_property;

  properties[PROP_STEP] =
    g_param_spec_uint ("step", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_STEPS] =
    g_param_spec_uint ("n-steps", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANALYSED] =
    g_param_spec_boolean ("analysed", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* events first .. first + n_events - 1 are judged, while the analysis
   * runs (it judges the game in order, a part at a time) */
  signals[JUDGED] =
    g_signal_new ("judged", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
}

static void
ksm_review_init (KsmReview *self)
{
}

KsmReview *
ksm_review_new (KsmRecord *record, GFile *file)
{
  KsmReview *self;

  g_return_val_if_fail (KSM_IS_RECORD (record), NULL);

  self = g_object_new (KSM_TYPE_REVIEW, NULL);
  self->record = ksm_record_copy (record);
  self->file = file != NULL ? g_object_ref (file) : NULL;
  self->n_steps = ksm_record_get_n_events (record);
  self->positions = g_new (KsmPosition, self->n_steps + 1);
  ksm_record_get_rules (record)->init (&self->positions[0], ksm_record_get_options (record));
  for (guint i = 0; i < self->n_steps; i++)
    {
      self->positions[i + 1] = self->positions[i];
      /* a record is checked when it is read or made */
      if (!ksm_record_apply_event (self->record, i, &self->positions[i + 1], NULL))
        {
          self->n_steps = i;
          break;
        }
    }
  self->game = ksm_game_new_for_review (self->record, NULL);
  if (self->game != NULL)
    ksm_game_seek (self->game, 0);
  return self;
}

KsmGame *
ksm_review_get_game (KsmReview *self)
{
  g_return_val_if_fail (KSM_IS_REVIEW (self), NULL);
  return self->game;
}

KsmRecord *
ksm_review_get_record (KsmReview *self)
{
  g_return_val_if_fail (KSM_IS_REVIEW (self), NULL);
  return self->record;
}

GFile *
ksm_review_get_file (KsmReview *self)
{
  g_return_val_if_fail (KSM_IS_REVIEW (self), NULL);
  return self->file;
}

guint
ksm_review_get_n_steps (KsmReview *self)
{
  g_return_val_if_fail (KSM_IS_REVIEW (self), 0);
  return self->n_steps;
}

guint
ksm_review_get_step (KsmReview *self)
{
  g_return_val_if_fail (KSM_IS_REVIEW (self), 0);
  return self->step;
}

void
ksm_review_set_step (KsmReview *self, guint step)
{
  g_return_if_fail (KSM_IS_REVIEW (self));

  step = MIN (step, self->n_steps);
  if (step == self->step)
    return;
  self->step = step;
  if (self->game != NULL)
    ksm_game_seek (self->game, step);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

gboolean
ksm_review_step_forward (KsmReview *self)
{
  g_return_val_if_fail (KSM_IS_REVIEW (self), FALSE);
  if (self->step >= self->n_steps)
    return FALSE;
  ksm_review_set_step (self, self->step + 1);
  return TRUE;
}

gboolean
ksm_review_step_back (KsmReview *self)
{
  g_return_val_if_fail (KSM_IS_REVIEW (self), FALSE);
  if (self->step == 0)
    return FALSE;
  ksm_review_set_step (self, self->step - 1);
  return TRUE;
}

const KsmPosition *
ksm_review_get_position (KsmReview *self)
{
  g_return_val_if_fail (KSM_IS_REVIEW (self), NULL);
  return &self->positions[self->step];
}

void
ksm_review_position_at (KsmReview *self, guint step, KsmPosition *position)
{
  g_return_if_fail (KSM_IS_REVIEW (self));
  *position = self->positions[MIN (step, self->n_steps)];
}

/* ---- analysis ---- */

/* events judged at a time: parts small enough that the graph fills in
 * steadily, large enough that the judgement each repeats at its start
 * (the position before its first event) costs little */
#define CHUNK_EVENTS 32

typedef struct {
  KsmAnalysisOptions options;
  KsmOptions         game_options;
  KsmAnalysisEvent  *events;
  guint              n_events;
  KsmAnalysisEntry  *entries;
  double             start[KSM_MAX_PLAYERS];
  GCancellable      *cancellable;
  gint              *done;
  KsmReview         *review;     /* kept alive by the task */
  GMainContext      *context;    /* where the review lives */
  gint               next_chunk; /* atomic: the next part a worker takes */
  int                n_chunks;
  gint               stopped;    /* atomic: a part was cancelled */
} AnalysisJob;

static void
analysis_job_free (gpointer data)
{
  AnalysisJob *job = data;
  g_free (job->events);
  g_free (job->entries);
  g_clear_object (&job->cancellable);
  g_main_context_unref (job->context);
  g_free (job);
}

/* A part judged, on its way to the review's thread */
typedef struct {
  KsmReview        *review;
  GCancellable     *cancellable;   /* the analysis's: a newer one drops it */
  guint             first, n;
  KsmAnalysisEntry *entries;
  double            start[KSM_MAX_PLAYERS];
  gboolean          has_start;
} JudgedPart;

static void
judged_part_free (gpointer data)
{
  JudgedPart *part = data;
  g_object_unref (part->review);
  g_object_unref (part->cancellable);
  g_free (part->entries);
  g_free (part);
}

static gboolean
judged_part_arrived (gpointer data)
{
  JudgedPart *part = data;
  KsmReview *self = part->review;

  /* a newer analysis (or the review's end) has replaced this one's */
  if (part->cancellable != self->cancellable || self->analysed)
    return G_SOURCE_REMOVE;
  memcpy (&self->entries[part->first], part->entries, sizeof (KsmAnalysisEntry) * part->n);
  memset (&self->judged[part->first], 1, part->n);
  if (part->has_start)
    {
      memcpy (self->start, part->start, sizeof self->start);
      self->start_judged = TRUE;
    }
  g_signal_emit (self, signals[JUDGED], 0, part->first, part->n);
  return G_SOURCE_REMOVE;
}

typedef struct {
  AnalysisJob *job;
  int          done;
} AnalysisWorker;

static bool
analysis_progress (int done, int total, void *data)
{
  AnalysisWorker *worker = data;
  g_atomic_int_add (worker->job->done, done - worker->done);
  worker->done = done;
  return !g_cancellable_is_cancelled (worker->job->cancellable);
}

/* Takes the game's parts in order, one after another, until none is left:
 * each judgement depends on its position only, so parts judged on several
 * threads come to the same as one run */
static gpointer
analysis_worker (gpointer data)
{
  AnalysisJob *job = data;
  int k;

  while ((k = g_atomic_int_add (&job->next_chunk, 1)) < job->n_chunks)
    {
      AnalysisWorker worker = { job, 0 };
      int first = k * CHUNK_EVENTS;
      int last = MIN (first + CHUNK_EVENTS, (int) job->n_events);
      JudgedPart *part;

      if (ksm_analyse_part (&job->options, &job->game_options, job->events,
                            (int) job->n_events, first, last,
                            job->entries, first == 0 ? job->start : NULL,
                            analysis_progress, &worker) != last - first)
        {
          g_atomic_int_set (&job->stopped, 1);
          break;
        }
      part = g_new0 (JudgedPart, 1);
      part->review = g_object_ref (job->review);
      part->cancellable = g_object_ref (job->cancellable);
      part->first = (guint) first;
      part->n = (guint) (last - first);
      part->entries = g_memdup2 (&job->entries[first], sizeof (KsmAnalysisEntry) * part->n);
      part->has_start = first == 0;
      memcpy (part->start, job->start, sizeof part->start);
      g_main_context_invoke_full (job->context, G_PRIORITY_DEFAULT, judged_part_arrived, part,
                                  judged_part_free);
    }
  return NULL;
}

static void
analyse_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  AnalysisJob *job = data;
  int n_workers = CLAMP ((int) g_get_num_processors (), 1, 8);
  GThread *threads[8] = { NULL };

  job->n_chunks = MAX (((int) job->n_events + CHUNK_EVENTS - 1) / CHUNK_EVENTS, 1);
  n_workers = MIN (n_workers, job->n_chunks);
  for (int k = 1; k < n_workers; k++)
    threads[k] = g_thread_new ("ksm-analysis", analysis_worker, job);
  analysis_worker (job);
  for (int k = 1; k < n_workers; k++)
    g_thread_join (threads[k]);

  if (g_atomic_int_get (&job->stopped) || g_cancellable_is_cancelled (job->cancellable))
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("cancelled"));
  else
    g_task_return_boolean (task, TRUE);
}

static void
analysed_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  KsmReview *self = KSM_REVIEW (source);
  AnalysisJob *job = g_task_get_task_data (G_TASK (result));

  if (!g_task_propagate_boolean (G_TASK (result), NULL))
    return;
  /* every part, whether or not its own message came first */
  memcpy (self->entries, job->entries, sizeof (KsmAnalysisEntry) * job->n_events);
  memset (self->judged, 1, self->n_steps);
  memcpy (self->start, job->start, sizeof self->start);
  self->start_judged = TRUE;
  self->analysed = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSED]);
}

void
ksm_review_analyse (KsmReview *self, const KsmAnalysisOptions *options)
{
  g_autoptr(GTask) task = NULL;
  AnalysisJob *job;
  const KsmRules *rules;

  g_return_if_fail (KSM_IS_REVIEW (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  g_atomic_int_set (&self->done, 0);

  rules = ksm_record_get_rules (self->record);
  self->n_teams = 0;
  for (int p = 0; p < rules->n_players (ksm_record_get_options (self->record)); p++)
    self->n_teams = MAX (self->n_teams, rules->team_of (ksm_record_get_options (self->record), p) + 1);

  /* judged afresh: nothing of an earlier analysis stays */
  g_clear_pointer (&self->entries, g_free);
  g_clear_pointer (&self->judged, g_free);
  self->entries = g_new0 (KsmAnalysisEntry, MAX (self->n_steps, 1));
  self->judged = g_new0 (guint8, MAX (self->n_steps, 1));
  self->start_judged = FALSE;
  if (self->analysed)
    {
      self->analysed = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSED]);
    }

  job = g_new0 (AnalysisJob, 1);
  if (options != NULL)
    job->options = *options;
  job->game_options = *ksm_record_get_options (self->record);
  job->events = ksm_review_events_of_record (self->record, &job->n_events);
  job->n_events = MIN (job->n_events, self->n_steps);
  job->entries = g_new0 (KsmAnalysisEntry, MAX (job->n_events, 1));
  job->cancellable = g_object_ref (self->cancellable);
  job->done = &self->done;
  job->review = self;
  job->context = g_main_context_ref_thread_default ();

  task = g_task_new (self, self->cancellable, analysed_cb, NULL);
  g_task_set_source_tag (task, ksm_review_analyse);
  g_task_set_task_data (task, job, analysis_job_free);
  g_task_run_in_thread (task, analyse_thread);
}

gboolean
ksm_review_is_analysed (KsmReview *self)
{
  g_return_val_if_fail (KSM_IS_REVIEW (self), FALSE);
  return self->analysed;
}

double
ksm_review_get_progress (KsmReview *self)
{
  g_return_val_if_fail (KSM_IS_REVIEW (self), 0);
  if (self->analysed || self->n_steps == 0)
    return 1;
  return (double) g_atomic_int_get (&self->done) / self->n_steps;
}

const KsmAnalysisEntry *
ksm_review_get_entry (KsmReview *self, guint index)
{
  g_return_val_if_fail (KSM_IS_REVIEW (self), NULL);
  if (self->judged == NULL || index >= self->n_steps || !self->judged[index])
    return NULL;
  return &self->entries[index];
}

const double *
ksm_review_get_chances (KsmReview *self, guint step)
{
  g_return_val_if_fail (KSM_IS_REVIEW (self), NULL);
  step = MIN (step, self->n_steps);
  if (step == 0)
    return self->start_judged ? self->start : NULL;
  return ksm_review_get_entry (self, step - 1) != NULL ? self->entries[step - 1].chance : NULL;
}

int
ksm_review_get_n_teams (KsmReview *self)
{
  g_return_val_if_fail (KSM_IS_REVIEW (self), 0);
  return self->n_teams;
}

void
ksm_review_get_summary (KsmReview *self, KsmAnalysisSummary summary[KSM_MAX_PLAYERS])
{
  g_autofree KsmAnalysisEvent *events = NULL;
  guint n;

  g_return_if_fail (KSM_IS_REVIEW (self));
  memset (summary, 0, sizeof (KsmAnalysisSummary) * KSM_MAX_PLAYERS);
  if (!self->analysed)
    return;
  events = ksm_review_events_of_record (self->record, &n);
  ksm_analysis_summarise (ksm_record_get_options (self->record), events, self->entries,
                          (int) MIN (n, self->n_steps), summary);
}

/* ---- play from here ---- */

KsmGame *
ksm_review_play_from (KsmReview *self, guint step, GError **error)
{
  g_autoptr(KsmRecord) record = NULL;
  const KsmOptions *options;
  KsmSeat seats[KSM_MAX_PLAYERS];
  KsmRandom throws, computer;
  int n_players;

  g_return_val_if_fail (KSM_IS_REVIEW (self), NULL);

  options = ksm_record_get_options (self->record);
  n_players = ksm_record_get_rules (self->record)->n_players (options);
  for (int p = 0; p < n_players; p++)
    seats[p] = *ksm_record_get_seat (self->record, (guint) p);

  /* a new record, started now, so it is a game of its own in the library */
  record = ksm_record_new (options, seats, ksm_record_get_seed (self->record));
  for (guint i = 0; i < MIN (step, self->n_steps); i++)
    ksm_record_append (record, ksm_record_get_event (self->record, i));

  /* the throws to come are not the original's: they go on from where the
   * original game's generators stopped */
  if (ksm_record_get_generator (self->record) != NULL
      && ksm_random_restore (&throws, ksm_record_get_generator (self->record))
      && ksm_random_restore (&computer, ksm_record_get_computer_generator (self->record)))
    ksm_record_set_generators (record, &throws, &computer);

  return ksm_game_new_from_record (record, error);
}
