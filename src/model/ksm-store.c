/* ksm-store.c: autosave and the saved-games folder. */
/* flock (), O_NOFOLLOW and O_CLOEXEC, outside C11 */
#define _DEFAULT_SOURCE
#include "config.h"

#include "ksm-store.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

/* The autosave is written by a thread of the store's own, so a slow disk
 * never holds up the window. The main thread copies the record (cheap: the
 * events are a flat array) and leaves the copy in `pending`; the writer
 * takes it and writes it with ksm_record_save_to_file, atomically as
 * before. One writer, one slot: the files are written in the order the
 * changes happened, and a newer snapshot left while the writer is busy
 * replaces the one waiting, so an older state never lands after a newer
 * one and the writer is never more than one write behind. What it learns
 * (a failure, a write done) goes back to the main thread through
 * `deliver_source`, where "save-failed" is emitted as before. */
typedef enum {
  JOB_WRITE,
  JOB_DELETE,
} JobKind;

typedef struct {
  guint64    seq;
  JobKind    kind;
  KsmRecord *record;     /* a copy only the writer touches (JOB_WRITE) */
  gboolean   report;     /* a failure is announced with "save-failed" */
} Job;

typedef struct {
  guint64   seq;
  gboolean  report;
  GError   *error;
} Outcome;

struct _KsmStore
{
  GObject   parent_instance;

  GFile    *directory;
  GFile    *autosave_file;
  GFile    *games_directory;
  GError   *unreadable;       /* why an autosave found was left unread */
  guint     slot;             /* the autosave this store writes (autosave_file_named), 0: none yet */
  int       slot_lock;        /* the open lock file that holds it, or -1 */
  gboolean  shared;           /* another instance holds the data folder */
  KsmGame  *game;
  gulong    changed_id;
  gulong    over_id;

  /* the writer; the fields below `lock` are shared with its thread */
  GMainContext *context;
  GSource  *deliver_source;
  GList    *waiters;          /* GTask of ksm_store_save_async, oldest first */
  guint64   last_seq;         /* main thread only */
  GThread  *thread;
  GMutex    lock;
  GCond     wake;             /* a job is pending, or the writer is to stop */
  GCond     idle;             /* a job is done */
  Job      *pending;
  gboolean  busy;
  gboolean  stopping;
  GQueue    outcomes;         /* Outcome, for the main thread */
};

G_DEFINE_FINAL_TYPE (KsmStore, ksm_store, G_TYPE_OBJECT)

enum {
  SIGNAL_SAVE_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
job_free (Job *job)
{
  g_clear_object (&job->record);
  g_free (job);
}

static void
outcome_free (Outcome *outcome)
{
  g_clear_error (&outcome->error);
  g_free (outcome);
}

static void stop_writer (KsmStore *self);

static void
ksm_store_dispose (GObject *object)
{
  KsmStore *self = KSM_STORE (object);

  ksm_store_unwatch (self);
  /* closing waits for the last write: nothing queued is lost */
  stop_writer (self);
  G_OBJECT_CLASS (ksm_store_parent_class)->dispose (object);
}

static void
ksm_store_finalize (GObject *object)
{
  KsmStore *self = KSM_STORE (object);

  g_queue_clear_full (&self->outcomes, (GDestroyNotify) outcome_free);
  if (self->deliver_source != NULL)
    g_source_destroy (self->deliver_source);
  g_clear_pointer (&self->deliver_source, g_source_unref);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->wake);
  g_cond_clear (&self->idle);
  g_clear_object (&self->directory);
  g_clear_object (&self->autosave_file);
  g_clear_object (&self->games_directory);
  g_clear_error (&self->unreadable);
  /* the writer has stopped (dispose): the slot is free for another */
  if (self->slot_lock >= 0)
    close (self->slot_lock);
  G_OBJECT_CLASS (ksm_store_parent_class)->finalize (object);
}

static void
ksm_store_class_init (KsmStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ksm_store_dispose;
  object_class->finalize = ksm_store_finalize;

  /* save-failed (message): the game could not be written; it stays open */
  signals[SIGNAL_SAVE_FAILED] =
    g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static gboolean deliver_dispatch (GSource *source, GSourceFunc callback, gpointer user_data);

static GSourceFuncs deliver_funcs = {
  .dispatch = deliver_dispatch,
};

static void
ksm_store_init (KsmStore *self)
{
  self->slot_lock = -1;
  g_mutex_init (&self->lock);
  g_cond_init (&self->wake);
  g_cond_init (&self->idle);
  g_queue_init (&self->outcomes);
  self->context = g_main_context_ref_thread_default ();
  /* ready (from the writer) once there is an outcome to hand on */
  self->deliver_source = g_source_new (&deliver_funcs, sizeof (GSource));
  g_source_set_callback (self->deliver_source, NULL, self, NULL);
  g_source_set_static_name (self->deliver_source, "KsmStore outcomes");
  g_source_attach (self->deliver_source, self->context);
}

/* The autosave is autosave.json; while one this version cannot read is
 * there (a newer version's), the store writes autosave-2.json, and so on,
 * so that file is never written over. */
#define MAX_AUTOSAVES 8

static GFile *
autosave_file_named (GFile *directory, guint n)
{
  /* a file's name: not for people */
  g_autofree char *name = n == 1 ? g_strdup ("autosave.json") : g_strdup_printf ("autosave-%u.json", n);
  return g_file_get_child (directory, name);
}

/* One data folder, one writer per autosave. GApplication keeps one
 * instance per session bus, but two sessions (or two buses) can share a
 * data folder; then each would write the other's autosave, and one's game
 * over delete the other's game. So each autosave has a lock file beside it,
 * .kasimala-lock-N, held with flock () for as long as a store writes it: a
 * store writes only an autosave whose lock it holds, and the one whose
 * autosave.json is held elsewhere takes the next free one. (flock () locks
 * belong to the open file, so two stores of one process exclude each other
 * as two processes do.) */
typedef enum {
  SLOT_TAKEN,       /* locked for this store */
  SLOT_HELD,        /* another store holds it */
  SLOT_UNLOCKABLE,  /* no lock file can be made (no data folder): unguarded */
} SlotLock;

static SlotLock
lock_slot (KsmStore *self, guint n, int *fd_out)
{
  g_autofree char *folder = g_file_get_path (self->directory);
  /* a file's name: not for people */
  g_autofree char *name = g_strdup_printf (".kasimala-lock-%u", n);
  g_autofree char *path = NULL;
  int fd;

  *fd_out = -1;
  if (folder == NULL || (g_mkdir_with_parents (folder, 0700) != 0 && errno != EEXIST))
    return SLOT_UNLOCKABLE;
  path = g_build_filename (folder, name, NULL);
  fd = open (path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0)
    return SLOT_UNLOCKABLE;
  while (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int saved_errno = errno;
      if (saved_errno == EINTR)
        continue;
      close (fd);
      if (saved_errno != EWOULDBLOCK)
        return SLOT_UNLOCKABLE;
      /* autosave.json held elsewhere: another instance has the folder */
      if (n == 1)
        self->shared = TRUE;
      return SLOT_HELD;
    }
  *fd_out = fd;
  return SLOT_TAKEN;
}

/* this store writes autosave `n` from now on, holding it with `fd` */
static void
take_slot (KsmStore *self, guint n, int fd)
{
  g_autoptr(GFile) file = autosave_file_named (self->directory, n);

  self->slot = n;
  self->slot_lock = fd;
  g_set_object (&self->autosave_file, file);
}

/* Takes the first autosave no other store holds and no earlier session
 * left (a later ksm_store_shelve_autosave () moves those to Saved Games),
 * autosave.json first: for a store that writes before it looked */
static void
claim_slot (KsmStore *self)
{
  if (self->slot != 0)
    return;
  for (guint n = 1; n <= MAX_AUTOSAVES; n++)
    {
      g_autoptr(GFile) file = autosave_file_named (self->directory, n);
      int fd;

      switch (lock_slot (self, n, &fd))
        {
        case SLOT_HELD:
          continue;
        case SLOT_UNLOCKABLE:
          /* the folder cannot be made now; the writes say why */
          take_slot (self, n, -1);
          return;
        case SLOT_TAKEN:
        default:
          if (n > 1 && g_file_query_exists (file, NULL))
            {
              close (fd);
              continue;
            }
          take_slot (self, n, fd);
          return;
        }
    }
  /* every autosave is held: written nowhere, and said at every write */
  self->slot = MAX_AUTOSAVES + 1;
  g_clear_object (&self->autosave_file);
}

gboolean
ksm_store_is_shared (KsmStore *self)
{
  g_return_val_if_fail (KSM_IS_STORE (self), FALSE);
  return self->shared;
}

KsmStore *
ksm_store_new (GFile *directory)
{
  KsmStore *self = g_object_new (KSM_TYPE_STORE, NULL);

  if (directory != NULL)
    self->directory = g_object_ref (directory);
  else
    self->directory = g_file_new_build_filename (g_get_user_data_dir (), DATA_FOLDER, NULL);
  self->autosave_file = autosave_file_named (self->directory, 1);
  self->games_directory = g_file_get_child (self->directory, "games");
  return self;
}

GFile *
ksm_store_get_directory (KsmStore *self)
{
  g_return_val_if_fail (KSM_IS_STORE (self), NULL);
  return self->directory;
}

GFile *
ksm_store_get_autosave_file (KsmStore *self)
{
  g_return_val_if_fail (KSM_IS_STORE (self), NULL);
  return self->autosave_file;
}

GFile *
ksm_store_get_games_directory (KsmStore *self)
{
  g_return_val_if_fail (KSM_IS_STORE (self), NULL);
  return self->games_directory;
}

static gboolean
ensure_directory (GFile *directory, GError **error)
{
  g_autoptr(GError) local_error = NULL;

  if (g_file_make_directory_with_parents (directory, NULL, &local_error)
      || g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

static void
report_failure (KsmStore *self, const GError *error)
{
  g_autofree char *message = g_strdup_printf (_("The game could not be saved: %s"), error->message);
  g_signal_emit (self, signals[SIGNAL_SAVE_FAILED], 0, message);
}

/* ---- the writer ---- */

/* in the writer's thread */
static Outcome *
run_job (KsmStore *self, Job *job)
{
  Outcome *outcome = g_new0 (Outcome, 1);

  outcome->seq = job->seq;
  outcome->report = job->report;
  if (self->autosave_file == NULL)
    {
      if (job->kind != JOB_DELETE)
        g_set_error (&outcome->error, G_IO_ERROR, G_IO_ERROR_BUSY,
                     _("every autosave of this data folder is in use by another Kasimala"));
    }
  else if (job->kind == JOB_DELETE)
    g_file_delete (self->autosave_file, NULL, NULL);
  else if (ensure_directory (self->directory, &outcome->error))
    ksm_record_save_to_file (job->record, self->autosave_file, &outcome->error);
  return outcome;
}

static gpointer
writer_thread (gpointer data)
{
  KsmStore *self = data;

  g_mutex_lock (&self->lock);
  for (;;)
    {
      Job *job;
      Outcome *outcome;

      while (self->pending == NULL && !self->stopping)
        g_cond_wait (&self->wake, &self->lock);
      /* stopping still writes what is pending first */
      if (self->pending == NULL)
        break;
      job = g_steal_pointer (&self->pending);
      self->busy = TRUE;
      g_mutex_unlock (&self->lock);

      outcome = run_job (self, job);
      job_free (job);

      g_mutex_lock (&self->lock);
      self->busy = FALSE;
      g_queue_push_tail (&self->outcomes, outcome);
      g_source_set_ready_time (self->deliver_source, 0);
      g_cond_broadcast (&self->idle);
    }
  g_mutex_unlock (&self->lock);
  return NULL;
}

/* Leaves a job for the writer, in place of any still waiting: the newest
 * state is the one to write. Returns its number. */
static guint64
queue_job (KsmStore *self, JobKind kind, KsmRecord *record, gboolean report)
{
  Job *job = g_new0 (Job, 1);
  guint64 seq = ++self->last_seq;

  /* before the first job, so the writer never sees the autosave change */
  claim_slot (self);

  job->seq = seq;
  job->kind = kind;
  job->record = record != NULL ? ksm_record_copy (record) : NULL;
  job->report = report;

  g_mutex_lock (&self->lock);
  if (self->thread == NULL)
    self->thread = g_thread_new ("ksm-autosave", writer_thread, self);
  if (self->pending != NULL)
    {
      /* a failure of the write this one replaces would have been told */
      job->report = job->report || (self->pending->report && kind == JOB_WRITE);
      job_free (self->pending);
    }
  self->pending = job;
  g_cond_signal (&self->wake);
  g_mutex_unlock (&self->lock);
  /* the writer may have taken and freed the job already */
  return seq;
}

/* Hands on the writer's outcomes, on the main thread: "save-failed" for
 * the failures to tell, and the waiting ksm_store_save_async tasks, each
 * answered by the first write that covered its state. With `tell` false
 * (when the store goes) nothing is emitted. `seq`/`error`: the error of
 * the write that covered job `seq`, for ksm_store_save_now. */
static void
deliver (KsmStore *self, gboolean tell, guint64 seq, GError **error)
{
  GQueue outcomes = G_QUEUE_INIT;
  Outcome *outcome;

  g_mutex_lock (&self->lock);
  outcomes = self->outcomes;
  g_queue_init (&self->outcomes);
  g_mutex_unlock (&self->lock);

  while ((outcome = g_queue_pop_head (&outcomes)) != NULL)
    {
      while (self->waiters != NULL)
        {
          GTask *task = self->waiters->data;
          guint64 waited = GPOINTER_TO_SIZE (g_task_get_task_data (task));

          if (waited > outcome->seq)
            break;
          self->waiters = g_list_delete_link (self->waiters, self->waiters);
          if (outcome->error != NULL)
            g_task_return_error (task, g_error_copy (outcome->error));
          else
            g_task_return_boolean (task, TRUE);
          g_object_unref (task);
        }
      if (seq != 0 && outcome->seq >= seq)
        {
          if (outcome->error != NULL && error != NULL && *error == NULL)
            g_propagate_error (error, g_error_copy (outcome->error));
          seq = 0;
        }
      if (tell && outcome->report && outcome->error != NULL)
        report_failure (self, outcome->error);
      outcome_free (outcome);
    }
}

static gboolean
deliver_dispatch (GSource *source, GSourceFunc callback, gpointer user_data)
{
  KsmStore *self = user_data;

  g_source_set_ready_time (source, -1);
  deliver (self, TRUE, 0, NULL);
  return G_SOURCE_CONTINUE;
}

static void
wait_until_idle (KsmStore *self)
{
  g_mutex_lock (&self->lock);
  while (self->pending != NULL || self->busy)
    g_cond_wait (&self->idle, &self->lock);
  g_mutex_unlock (&self->lock);
}

static void
stop_writer (KsmStore *self)
{
  GThread *thread;

  g_mutex_lock (&self->lock);
  self->stopping = TRUE;
  thread = g_steal_pointer (&self->thread);
  g_cond_signal (&self->wake);
  g_mutex_unlock (&self->lock);
  if (thread != NULL)
    g_thread_join (thread);
  /* the window that would have been told is going too */
  deliver (self, FALSE, 0, NULL);
  while (self->waiters != NULL)
    {
      GTask *task = self->waiters->data;
      self->waiters = g_list_delete_link (self->waiters, self->waiters);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("the store is closed"));
      g_object_unref (task);
    }
}

void
ksm_store_flush (KsmStore *self)
{
  g_return_if_fail (KSM_IS_STORE (self));

  wait_until_idle (self);
  deliver (self, TRUE, 0, NULL);
}

gboolean
ksm_store_save_now (KsmStore *self, GError **error)
{
  guint64 seq;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (KSM_IS_STORE (self), FALSE);

  if (self->game == NULL)
    return TRUE;
  /* through the writer, so it lands after what was queued before it */
  seq = queue_job (self, JOB_WRITE, ksm_game_get_record (self->game), FALSE);
  wait_until_idle (self);
  deliver (self, TRUE, seq, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}

void
ksm_store_save_async (KsmStore            *self,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (KSM_IS_STORE (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ksm_store_save_async);
  if (self->game == NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  g_task_set_task_data (task, GSIZE_TO_POINTER (queue_job (self, JOB_WRITE,
                                                           ksm_game_get_record (self->game),
                                                           FALSE)), NULL);
  self->waiters = g_list_append (self->waiters, g_steal_pointer (&task));
}

gboolean
ksm_store_save_finish (KsmStore      *self,
                       GAsyncResult  *result,
                       GError       **error)
{
  g_return_val_if_fail (KSM_IS_STORE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---- the game watched ---- */

static void
game_changed_cb (KsmStore *self,
                 KsmGame  *game)
{
  if (ksm_game_get_phase (game) == KSM_PHASE_OVER)
    return;   /* game_over_cb keeps it */
  queue_job (self, JOB_WRITE, ksm_game_get_record (game), TRUE);
}

static void
game_over_cb (KsmStore *self,
              int       winner,
              gboolean  gulmasi,
              guint     score,
              KsmGame  *game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) kept = ksm_store_keep (self, ksm_game_get_record (game), &error);

  if (kept == NULL)
    {
      /* keep the autosave, so the finished game is not lost */
      report_failure (self, error);
      queue_job (self, JOB_WRITE, ksm_game_get_record (game), FALSE);
      return;
    }
  ksm_store_discard_autosave (self);
}

void
ksm_store_unwatch (KsmStore *self)
{
  g_return_if_fail (KSM_IS_STORE (self));

  if (self->game == NULL)
    return;
  g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_signal_handler (&self->over_id, self->game);
  g_clear_object (&self->game);
}

void
ksm_store_watch (KsmStore *self, KsmGame *game)
{
  g_return_if_fail (KSM_IS_STORE (self));
  g_return_if_fail (KSM_IS_GAME (game));

  ksm_store_unwatch (self);
  self->game = g_object_ref (game);
  self->changed_id = g_signal_connect_object (game, "changed", G_CALLBACK (game_changed_cb),
                                              self, G_CONNECT_SWAPPED);
  self->over_id = g_signal_connect_object (game, "game-over", G_CALLBACK (game_over_cb),
                                           self, G_CONNECT_SWAPPED);
}

KsmRecord *
ksm_store_load_autosave (KsmStore *self, GError **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(KsmRecord) record = NULL;
  KsmPosition position;

  g_return_val_if_fail (KSM_IS_STORE (self), NULL);

  /* what was queued is what there is to read */
  ksm_store_flush (self);
  record = ksm_record_new_from_file (self->autosave_file, &local_error);
  if (record == NULL)
    {
      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  /* a finished game is kept in the games folder, not resumed */
  if (ksm_record_replay (record, ksm_record_get_n_events (record), &position, NULL)
      && position.phase == KSM_PHASE_OVER)
    return NULL;
  return g_steal_pointer (&record);
}

/* A save writes a hidden file of the app's own beside the game and renames
 * it over the game once whole (ksm_record_save_to_file); a kill mid-write
 * leaves that file behind. Only such files are removed: a person's own
 * files, whatever their names, are never touched. (Earlier versions wrote
 * NAME.json.XXXXXX, which a person's best-game.json.backup also matched;
 * what those left is left alone.) */
static gboolean
is_leftover (const char *name)
{
  return g_str_has_prefix (name, KSM_RECORD_SAVING_PREFIX);
}

static void
remove_leftovers_in (GFile *directory)
{
  g_autoptr(GFileEnumerator) children = NULL;
  GFileInfo *info;

  children = g_file_enumerate_children (directory, G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                        G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                        G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  if (children == NULL)
    return;
  while (g_file_enumerator_iterate (children, &info, NULL, NULL, NULL) && info != NULL)
    if (g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR
        && is_leftover (g_file_info_get_name (info)))
      {
        g_autoptr(GFile) child = g_file_get_child (directory, g_file_info_get_name (info));
        g_file_delete (child, NULL, NULL);
      }
}

void
ksm_store_remove_leftovers (KsmStore *self)
{
  g_return_if_fail (KSM_IS_STORE (self));

  remove_leftovers_in (self->directory);
  remove_leftovers_in (self->games_directory);
}

void
ksm_store_discard_autosave (KsmStore *self)
{
  g_return_if_fail (KSM_IS_STORE (self));
  /* after any write still to come, or it would bring the file back */
  queue_job (self, JOB_DELETE, NULL, FALSE);
}

GFile *
ksm_store_keep (KsmStore *self, KsmRecord *record, GError **error)
{
  g_autofree char *stamp = NULL;
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (KSM_IS_STORE (self), NULL);
  g_return_val_if_fail (KSM_IS_RECORD (record), NULL);

  if (!ensure_directory (self->games_directory, error))
    return NULL;

  stamp = g_date_time_format (ksm_record_get_started (record), "%Y%m%d-%H%M%S");
  for (guint n = 1; ; n++)
    {
      /* a file's name: not for people */
      g_autofree char *name = n == 1
        ? g_strdup_printf ("%s-%s.json", stamp, ksm_record_get_rules (record)->id)
        : g_strdup_printf ("%s-%s-%u.json", stamp, ksm_record_get_rules (record)->id, n);
      g_clear_object (&file);
      file = g_file_get_child (self->games_directory, name);
      if (!g_file_query_exists (file, NULL))
        break;
    }
  if (!ksm_record_save_to_file (record, file, error))
    return NULL;
  return g_steal_pointer (&file);
}

GFile *
ksm_store_shelve (KsmStore *self, KsmRecord *record, GError **error)
{
  g_autoptr(GFile) kept = NULL;

  g_return_val_if_fail (KSM_IS_STORE (self), NULL);
  g_return_val_if_fail (KSM_IS_RECORD (record), NULL);

  /* written whole from the record, the newest state there is, before the
   * autosave goes; if it cannot be written the autosave stays */
  kept = ksm_store_keep (self, record, error);
  if (kept == NULL)
    return NULL;
  if (self->game != NULL && ksm_game_get_record (self->game) == record)
    {
      ksm_store_unwatch (self);
      ksm_store_discard_autosave (self);
      ksm_store_flush (self);
    }
  return g_steal_pointer (&kept);
}

GFile *
ksm_store_shelve_autosave (KsmStore *self, GError **error)
{
  g_autoptr(GFile) shelved = NULL;
  g_autoptr(GError) first_error = NULL;

  g_return_val_if_fail (KSM_IS_STORE (self), NULL);

  if (self->game != NULL)
    return NULL;   /* the autosave is the game watched */
  ksm_store_flush (self);
  g_clear_error (&self->unreadable);
  /* Every autosave no running store holds is a game an earlier session
   * left, this store's own included: each goes to Saved Games. The first
   * one free once that is done is where this store writes, unless it has
   * one already. */
  for (guint n = 1; n <= MAX_AUTOSAVES; n++)
    {
      g_autoptr(GFile) file = autosave_file_named (self->directory, n);
      g_autoptr(GError) local_error = NULL;
      g_autoptr(KsmRecord) record = NULL;
      g_autoptr(GFile) kept = NULL;
      int fd = -1;

      if (n != self->slot)
        switch (lock_slot (self, n, &fd))
          {
          case SLOT_HELD:
            continue;   /* another store's game, on the board there */
          case SLOT_UNLOCKABLE:
          case SLOT_TAKEN:
          default:
            break;
          }

      if (!g_file_query_exists (file, NULL))
        {
          if (self->slot == 0)
            take_slot (self, n, fd);
          else if (fd >= 0)
            close (fd);
          continue;
        }
      record = ksm_record_new_from_file (file, &local_error);
      if (record == NULL)
        {
          /* left as it is, byte for byte: another version may read it */
          if (self->unreadable == NULL)
            self->unreadable = g_steal_pointer (&local_error);
          if (fd >= 0)
            close (fd);
          continue;
        }
      kept = ksm_store_keep (self, record, &local_error);
      if (kept == NULL || !g_file_delete (file, NULL, &local_error))
        {
          /* not moved: it is still an autosave, resumed from there; the
           * store's own if it has none yet */
          if (kept != NULL)
            g_file_delete (kept, NULL, NULL);
          if (self->slot == 0)
            take_slot (self, n, fd);
          else if (fd >= 0)
            close (fd);
          if (first_error == NULL)
            first_error = g_steal_pointer (&local_error);
          continue;
        }
      if (shelved == NULL)
        shelved = g_steal_pointer (&kept);
      if (self->slot == 0)
        take_slot (self, n, fd);
      else if (fd >= 0)
        close (fd);
    }
  if (first_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&first_error));
      return NULL;
    }
  return g_steal_pointer (&shelved);
}

const GError *
ksm_store_get_unreadable_autosave (KsmStore *self)
{
  g_return_val_if_fail (KSM_IS_STORE (self), NULL);
  return self->unreadable;
}
