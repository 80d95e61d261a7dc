/* ksm-game.c: the game in progress.
 *
 * The record holds exactly the events played; undone events wait in
 * `redo`. The position is always the record replayed, so undo and redo
 * cannot drift from the rules. Throws come from the game's own generator,
 * which undo never rewinds. */
#include "config.h"

#include "ksm-game.h"

#include <glib/gi18n-lib.h>

#include "ksm-analysis.h"
#include "ksm-player.h"
#include "ksm-random.h"

#include <string.h>

struct _KsmGame
{
  GObject       parent_instance;

  const KsmRules *rules;
  KsmRecord    *record;
  GArray       *redo;            /* KsmEvent, oldest first */
  guint         n_person_moves;  /* in the record, so can-undo needs no scan */
  KsmPosition   position;
  KsmMove       moves[KSM_MAX_MOVES];
  guint         n_moves;

  int8_t        last_path[KSM_MAX_PATH];
  int           last_path_length;

  /* where a turn holds several throws to play: the one a person plays
   * next, and which group in hand enters with it (see update_selection);
   * the choices as the last action left them, and as they are now */
  guint         throw_choice;
  guint         group_choice;
  guint         selected_throw;
  guint         selected_group;

  KsmRandom     throw_rng;
  KsmRandom     computer_rng;

  guint         computer_delay;
  guint         throw_pause;     /* in place of computer_delay after a throw */
  guint         computer_source;
  GCancellable *cancellable;
  guint         generation;      /* bumped whenever a computer's work goes stale */
  gboolean      thinking;
  gboolean      read_only;       /* a game under review: it only seeks */

  /* the tutor: the person's move waiting for its judgement or held after
   * it, and the last judgement, kept for its position (a move taken back
   * and another chosen needs no second one) */
  gboolean      tutor;
  gboolean      judging;
  gboolean      questioned;
  KsmMove       tutor_move;
  KsmQuestion   question;
  guint         tutor_generation;
  GCancellable *tutor_cancellable;
  gboolean      have_judgement;
  KsmPosition   judged_position;
  guint         judged_events;
  KsmHint       judged[KSM_MAX_MOVES];
  int           n_judged;

  /* last announced values, so notifications fire only on change */
  KsmPhase      last_phase;
  guint         last_player;
  int           last_face;
  gboolean      last_can_undo;
  gboolean      last_can_redo;
  gboolean      last_throws_again;
  gboolean      last_can_throw;
  gboolean      last_can_move;
  guint         last_selected_throw;
  guint         last_selected_group;
};

G_DEFINE_FINAL_TYPE (KsmGame, ksm_game, G_TYPE_OBJECT)

/* the engine's plain structs, as GLib types for signals and bindings */
static KsmMove *
move_copy (const KsmMove *move)
{
  return g_memdup2 (move, sizeof *move);
}

static KsmEffect *
effect_copy (const KsmEffect *effect)
{
  return g_memdup2 (effect, sizeof *effect);
}

G_DEFINE_BOXED_TYPE (KsmMove, ksm_move, move_copy, g_free)
G_DEFINE_BOXED_TYPE (KsmEffect, ksm_effect, effect_copy, g_free)

enum {
  PROP_0,
  PROP_PHASE,
  PROP_PLAYER,
  PROP_FACE,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_THROWS_AGAIN,
  PROP_CAN_THROW,
  PROP_CAN_MOVE,
  PROP_SELECTED_THROW,
  PROP_SELECTED_GROUP,
  PROP_THINKING,
  PROP_COMPUTER_DELAY,
  PROP_THROW_PAUSE,
  PROP_TUTOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_THROWN,
  SIGNAL_MOVED,
  SIGNAL_THROW_LOST,
  SIGNAL_TURN_CHANGED,
  SIGNAL_GAME_OVER,
  SIGNAL_CHANGED,
  SIGNAL_MOVE_QUESTIONED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void schedule_computer (KsmGame *self);

/* the tutor forgets the move waiting or held: the game is as before the click */
static void
drop_tutor_move (KsmGame *self)
{
  self->tutor_generation++;
  if (self->tutor_cancellable != NULL)
    g_cancellable_cancel (self->tutor_cancellable);
  g_clear_object (&self->tutor_cancellable);
  self->judging = FALSE;
  self->questioned = FALSE;
}

static void
stop_computer (KsmGame *self)
{
  g_clear_handle_id (&self->computer_source, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->generation++;
  if (self->thinking)
    {
      self->thinking = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
    }
}

static void
ksm_game_dispose (GObject *object)
{
  KsmGame *self = KSM_GAME (object);

  g_clear_handle_id (&self->computer_source, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  drop_tutor_move (self);

  G_OBJECT_CLASS (ksm_game_parent_class)->dispose (object);
}

static void
ksm_game_finalize (GObject *object)
{
  KsmGame *self = KSM_GAME (object);

  g_clear_object (&self->record);
  g_clear_pointer (&self->redo, g_array_unref);

  G_OBJECT_CLASS (ksm_game_parent_class)->finalize (object);
}

static void
ksm_game_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  KsmGame *self = KSM_GAME (object);

  switch (prop_id)
    {
    case PROP_PHASE:
      g_value_set_int (value, self->position.phase);
      break;
    case PROP_PLAYER:
      g_value_set_uint (value, self->position.to_move);
      break;
    case PROP_FACE:
      g_value_set_int (value, ksm_game_get_face (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, ksm_game_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, ksm_game_can_redo (self));
      break;
    case PROP_THROWS_AGAIN:
      g_value_set_boolean (value, ksm_game_get_throws_again (self));
      break;
    case PROP_CAN_THROW:
      g_value_set_boolean (value, ksm_game_can_throw (self));
      break;
    case PROP_CAN_MOVE:
      g_value_set_boolean (value, ksm_game_can_move (self));
      break;
    case PROP_SELECTED_THROW:
      g_value_set_uint (value, self->selected_throw);
      break;
    case PROP_SELECTED_GROUP:
      g_value_set_uint (value, self->selected_group);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->thinking);
      break;
    case PROP_COMPUTER_DELAY:
      g_value_set_uint (value, self->computer_delay);
      break;
    case PROP_THROW_PAUSE:
      g_value_set_uint (value, self->throw_pause);
      break;
    case PROP_TUTOR:
      g_value_set_boolean (value, self->tutor);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_game_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  KsmGame *self = KSM_GAME (object);

  switch (prop_id)
    {
    case PROP_SELECTED_THROW:
      ksm_game_select_throw (self, g_value_get_uint (value));
      break;
    case PROP_SELECTED_GROUP:
      ksm_game_select_group (self, g_value_get_uint (value));
      break;
    case PROP_COMPUTER_DELAY:
      ksm_game_set_computer_delay (self, g_value_get_uint (value));
      break;
    case PROP_THROW_PAUSE:
      ksm_game_set_throw_pause (self, g_value_get_uint (value));
      break;
    case PROP_TUTOR:
      ksm_game_set_tutor (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_game_class_init (KsmGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ksm_game_dispose;
  object_class->finalize = ksm_game_finalize;
  object_class->get_property = ksm_game_get_property;
  object_class->set_property = ksm_game_set_property;

  properties[PROP_PHASE] =
    g_param_spec_int ("phase", NULL, NULL, KSM_PHASE_THROW, KSM_PHASE_OVER, KSM_PHASE_THROW,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLAYER] =
    g_param_spec_uint ("player", NULL, NULL, 0, KSM_MAX_PLAYERS - 1, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FACE] =
    g_param_spec_int ("face", NULL, NULL, -1, KSM_MAX_FACES - 1, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* the player to move throws again: the last event was theirs and the
   * turn did not pass (see ksm_game_get_throws_again) */
  properties[PROP_THROWS_AGAIN] =
    g_param_spec_boolean ("throws-again", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* a person is to throw: ksm_game_throw () would throw */
  properties[PROP_CAN_THROW] =
    g_param_spec_boolean ("can-throw", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* a person has a move to choose: ksm_game_play () would take one */
  properties[PROP_CAN_MOVE] =
    g_param_spec_boolean ("can-move", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* the held throw to play next, by its value (units, of a pool), and the
   * size of the group in hand that enters with it; 0: none to choose. A
   * choice that cannot be played is refused (ksm_game_select_throw) */
  properties[PROP_SELECTED_THROW] =
    g_param_spec_uint ("selected-throw", NULL, NULL, 0, G_MAXUINT8, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED_GROUP] =
    g_param_spec_uint ("selected-group", NULL, NULL, 0, KSM_MAX_PLAYERS, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COMPUTER_DELAY] =
    g_param_spec_uint ("computer-delay", NULL, NULL, 0, 60000, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THROW_PAUSE] =
    g_param_spec_uint ("throw-pause", NULL, NULL, 0, 60000, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* a person's moves are judged before they are played (ksm_game_set_tutor) */
  properties[PROP_TUTOR] =
    g_param_spec_boolean ("tutor", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* thrown (player, face, pattern): a throw was made */
  signals[SIGNAL_THROWN] =
    g_signal_new ("thrown", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT);
  /* moved (player, const KsmMove *move, const KsmEffect *effect): both
   * boxed, and only lent for the emission (static scope: handlers copy
   * them to keep them) */
  signals[SIGNAL_MOVED] =
    g_signal_new ("moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_UINT, KSM_TYPE_MOVE | G_SIGNAL_TYPE_STATIC_SCOPE,
                  KSM_TYPE_EFFECT | G_SIGNAL_TYPE_STATIC_SCOPE);
  /* throw-lost (player, face): nothing could use the throw */
  signals[SIGNAL_THROW_LOST] =
    g_signal_new ("throw-lost", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /* turn-changed (player): another player is to act */
  signals[SIGNAL_TURN_CHANGED] =
    g_signal_new ("turn-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
  /* game-over (winner or -1, gulmasi, score) */
  signals[SIGNAL_GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_BOOLEAN, G_TYPE_UINT);
  /* changed: the position is different (after any event, undo, redo) */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  /* move-questioned (player): the tutor holds the person's move
   * (ksm_game_get_question) */
  signals[SIGNAL_MOVE_QUESTIONED] =
    g_signal_new ("move-questioned", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
ksm_game_init (KsmGame *self)
{
  self->redo = g_array_new (FALSE, TRUE, sizeof (KsmEvent));
  self->last_face = -1;
}

/* ---- the held throw and the group a person chooses ---- */

/* a move that plays `distance` is legal now */
static gboolean
has_move_of (KsmGame *self, guint distance)
{
  for (guint i = 0; i < self->n_moves; i++)
    if (self->moves[i].kind != KSM_MOVE_LOSE && self->moves[i].distance == distance)
      return TRUE;
  return FALSE;
}

typedef struct {
  uint8_t faces[KSM_MAX_PENDING];
  int     n_faces;
  bool    split;
  int     pool;
} Held;

/* The throws the player to move holds, while a move of them is due;
 * false where the turn plays the throw just made */
static gboolean
get_held (KsmGame *self, Held *held)
{
  if (self->position.phase != KSM_PHASE_MOVE || !ksm_rules_holds_throws (self->rules))
    return FALSE;
  held->split = false;
  held->pool = 0;
  held->n_faces = ksm_rules_held_throws (self->rules, &self->position, held->faces, &held->split,
                                         &held->pool);
  return TRUE;
}

static guint
face_value (KsmGame *self, int face)
{
  return (guint) self->rules->throws.faces[face].value;
}

/* `distance` can be chosen: a held throw of that value (or that many
 * units of the pool) that a move can play */
static gboolean
choice_holds (KsmGame *self, const Held *held, guint distance)
{
  gboolean is_held = FALSE;

  if (held->split)
    is_held = distance >= 1 && distance <= (guint) held->pool;
  else
    for (int i = 0; i < held->n_faces; i++)
      is_held |= face_value (self, held->faces[i]) == distance;
  return is_held && has_move_of (self, distance);
}

/* The sizes (bits) of the groups in hand a person can choose to enter
 * with `distance`; 0 unless there are several */
static guint
group_sizes_for (KsmGame *self, guint distance)
{
  guint sizes = 0;

  if (!ksm_game_is_person_to_act (self))
    return 0;
  for (guint i = 0; i < self->n_moves; i++)
    if (self->moves[i].kind == KSM_MOVE_START && self->moves[i].group > 0
        && self->moves[i].distance == distance)
      sizes |= 1u << self->moves[i].group;
  return (sizes & (sizes - 1)) != 0 ? sizes : 0;
}

/* Brings the selection up to the position, from the choices the last
 * action left: the throw chosen stays while it can be played, else the
 * first held throw that can (of a pool, one unit); the group chosen stays
 * while it is offered, else the largest. */
static void
update_selection (KsmGame *self)
{
  Held held;
  guint sizes;

  self->selected_throw = 0;
  if (get_held (self, &held))
    {
      guint choice = self->throw_choice;

      if (held.split && !choice_holds (self, &held, choice))
        choice = 1;
      else if (!held.split && !choice_holds (self, &held, choice))
        {
          choice = held.n_faces > 0 ? face_value (self, held.faces[0]) : 0;
          for (int i = 0; i < held.n_faces; i++)
            if (has_move_of (self, face_value (self, held.faces[i])))
              {
                choice = face_value (self, held.faces[i]);
                break;
              }
        }
      self->selected_throw = choice;
    }

  sizes = group_sizes_for (self, self->selected_throw);
  if (sizes >> self->group_choice & 1u)
    self->selected_group = self->group_choice;
  else
    self->selected_group = sizes != 0 ? 31 - (guint) __builtin_clz (sizes) : 0;
}

/* The selection as an action leaves it becomes the choice the next starts
 * from. Only then: a state passed through within an action (a throw
 * before its loss) changes no choice. The throw chosen is kept through the
 * phases that hold none, as the tokens always kept it, so a later turn
 * that holds it starts with it. */
static void
commit_selection (KsmGame *self)
{
  Held held;

  if (get_held (self, &held))
    self->throw_choice = self->selected_throw;
  self->group_choice = self->selected_group;
}

/* the legal moves, and the selection among them, after the position changed */
static void
refresh_moves (KsmGame *self)
{
  self->n_moves = self->position.phase == KSM_PHASE_MOVE
                  ? (guint) self->rules->legal_moves (&self->position, self->moves) : 0;
  update_selection (self);
}

static void
store_generators (KsmGame *self)
{
  ksm_record_set_generators (self->record, &self->throw_rng, &self->computer_rng);
}

/* Notifies property `prop` when the value it shows is not what it was at
 * the last announcement. */
static void
notify_flag (KsmGame *self, gboolean *last, gboolean now, int prop)
{
  if (*last == now)
    return;
  *last = now;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
notify_value (KsmGame *self, guint *last, guint now, int prop)
{
  if (*last == now)
    return;
  *last = now;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
notify_selection (KsmGame *self)
{
  notify_value (self, &self->last_selected_throw, self->selected_throw, PROP_SELECTED_THROW);
  notify_value (self, &self->last_selected_group, self->selected_group, PROP_SELECTED_GROUP);
}

/* Announces what changed since the last announcement, then schedules the
 * computer if it is to act. */
static void
announce (KsmGame *self, gboolean emit_turn)
{
  GObject *object = G_OBJECT (self);
  int face = ksm_game_get_face (self);
  gboolean turn_changed = self->last_player != self->position.to_move;
  gboolean became_over = self->position.phase == KSM_PHASE_OVER && self->last_phase != KSM_PHASE_OVER;

  commit_selection (self);
  g_object_freeze_notify (object);
  if (self->last_phase != (KsmPhase) self->position.phase)
    {
      self->last_phase = self->position.phase;
      g_object_notify_by_pspec (object, properties[PROP_PHASE]);
    }
  if (turn_changed)
    {
      self->last_player = self->position.to_move;
      g_object_notify_by_pspec (object, properties[PROP_PLAYER]);
    }
  if (self->last_face != face)
    {
      self->last_face = face;
      g_object_notify_by_pspec (object, properties[PROP_FACE]);
    }
  notify_flag (self, &self->last_can_undo, ksm_game_can_undo (self), PROP_CAN_UNDO);
  notify_flag (self, &self->last_can_redo, ksm_game_can_redo (self), PROP_CAN_REDO);
  notify_flag (self, &self->last_throws_again, ksm_game_get_throws_again (self), PROP_THROWS_AGAIN);
  notify_flag (self, &self->last_can_throw, ksm_game_can_throw (self), PROP_CAN_THROW);
  notify_flag (self, &self->last_can_move, ksm_game_can_move (self), PROP_CAN_MOVE);
  notify_selection (self);
  g_object_thaw_notify (object);

  if (turn_changed && emit_turn && self->position.phase != KSM_PHASE_OVER)
    g_signal_emit (self, signals[SIGNAL_TURN_CHANGED], 0, (guint) self->position.to_move);
  if (became_over && !self->read_only)
    {
      KsmOutcome outcome;
      g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
      ksm_game_get_outcome (self, &outcome);
      if (ksm_record_get_ended (self->record) == NULL)
        ksm_record_set_ended (self->record, now);
      g_signal_emit (self, signals[SIGNAL_GAME_OVER], 0, (int) outcome.winner,
                     (gboolean) outcome.gulmasi, (guint) outcome.score);
    }
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  schedule_computer (self);
}

static gboolean is_person_move (KsmGame *self, const KsmEvent *event);

/* Every change to the record goes through these two, which keep the count
 * of the people's moves in it. */
static void
append_event (KsmGame *self, const KsmEvent *event)
{
  ksm_record_append (self->record, event);
  self->n_person_moves += is_person_move (self, event);
}

static void
truncate_record (KsmGame *self, guint n_events)
{
  for (guint i = n_events; i < ksm_record_get_n_events (self->record); i++)
    self->n_person_moves -= is_person_move (self, ksm_record_get_event (self->record, i));
  ksm_record_truncate (self->record, n_events);
}

static void
do_throw (KsmGame *self)
{
  KsmEvent event = { 0 };
  guint32 pattern;
  int face;

  face = ksm_throw_sample (&self->rules->throws, &self->throw_rng, &pattern);
  event.kind = KSM_EVENT_THROW;
  event.player = self->position.to_move;
  event.face = (guint8) face;
  event.pattern = pattern;

  /* a new event ends the redo line */
  g_array_set_size (self->redo, 0);
  append_event (self, &event);
  self->rules->apply_throw (&self->position, face);
  refresh_moves (self);
  store_generators (self);
  g_signal_emit (self, signals[SIGNAL_THROWN], 0, (guint) event.player, (guint) face, pattern);

  if (self->n_moves == 1 && self->moves[0].kind == KSM_MOVE_LOSE)
    {
      KsmEvent lost = { .kind = KSM_EVENT_LOST, .player = event.player, .face = (guint8) face };
      append_event (self, &lost);
      self->rules->apply_move (&self->position, &self->moves[0], NULL);
      refresh_moves (self);
      g_signal_emit (self, signals[SIGNAL_THROW_LOST], 0, (guint) lost.player, (guint) face);
    }
  announce (self, TRUE);
}

static void
do_move (KsmGame *self, const KsmMove *move)
{
  KsmEvent event = { 0 };
  KsmEffect effect = { .captured_player = -1 };

  /* A throw nothing can use is a lost event, never a move: a record holds
   * no "lost" move and refuses one on loading. A game resumed just after
   * such a throw (a record that ends with it) reaches here with the loss
   * as its only move, which a computer then chose (found by fuzz-resume). */
  if (move->kind == KSM_MOVE_LOSE)
    {
      KsmEvent lost = { .kind = KSM_EVENT_LOST, .player = self->position.to_move,
                        .face = self->position.face };

      g_array_set_size (self->redo, 0);
      append_event (self, &lost);
      self->rules->apply_move (&self->position, move, NULL);
      refresh_moves (self);
      store_generators (self);
      g_signal_emit (self, signals[SIGNAL_THROW_LOST], 0, (guint) lost.player, (guint) lost.face);
      announce (self, TRUE);
      return;
    }

  event.kind = KSM_EVENT_MOVE;
  event.player = self->position.to_move;
  event.move = *move;

  g_array_set_size (self->redo, 0);
  append_event (self, &event);
  self->last_path_length = self->rules->move_path != NULL
                           ? self->rules->move_path (&self->position, move, self->last_path) : 0;
  self->rules->apply_move (&self->position, move, &effect);
  refresh_moves (self);
  store_generators (self);
  g_signal_emit (self, signals[SIGNAL_MOVED], 0, (guint) event.player, &event.move, &effect);

  /* a turn of several throws: what is left of it that no
   * piece can use is lost, as a single throw is */
  if (self->position.phase == KSM_PHASE_MOVE && self->n_moves == 1
      && self->moves[0].kind == KSM_MOVE_LOSE)
    {
      KsmEvent lost = { .kind = KSM_EVENT_LOST, .player = self->position.to_move,
                        .face = self->position.face };
      append_event (self, &lost);
      self->rules->apply_move (&self->position, &self->moves[0], NULL);
      refresh_moves (self);
      store_generators (self);
      g_signal_emit (self, signals[SIGNAL_THROW_LOST], 0, (guint) lost.player, (guint) lost.face);
    }
  announce (self, TRUE);
}

/* ---- computer seats ---- */

typedef struct {
  KsmPosition position;
  KsmMove     moves[KSM_MAX_MOVES];
  int         n_moves;
  KsmLevel    level;
  KsmRandom   rng;
  guint       generation;
  GWeakRef    game;        /* not a strong ref: the game may go while we think */
} Decision;

static void
decision_free (gpointer data)
{
  Decision *decision = data;
  g_weak_ref_clear (&decision->game);
  g_free (decision);
}

static void
decide_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  Decision *decision = task_data;
  int chosen = ksm_player_choose (decision->level, &decision->position,
                                  decision->moves, decision->n_moves, &decision->rng);
  g_task_return_int (task, chosen);
}

static void
decided_cb (GObject      *source_object,
            GAsyncResult *result,
            gpointer      user_data)
{
  GTask *task = G_TASK (result);
  Decision *decision = g_task_get_task_data (task);
  g_autoptr(KsmGame) self = g_weak_ref_get (&decision->game);
  g_autoptr(GError) error = NULL;
  gssize chosen = g_task_propagate_int (task, &error);

  /* an undo, a new game or quitting made this decision stale */
  if (self == NULL || error != NULL || decision->generation != self->generation)
    return;

  self->thinking = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
  self->computer_rng = decision->rng;
  do_move (self, &decision->moves[chosen]);
}

static void
start_thinking (KsmGame *self)
{
  g_autoptr(GTask) task = NULL;
  Decision *decision = g_new0 (Decision, 1);

  decision->position = self->position;
  memcpy (decision->moves, self->moves, sizeof (KsmMove) * self->n_moves);
  decision->n_moves = (int) self->n_moves;
  decision->level = ksm_record_get_seat (self->record, self->position.to_move)->level;
  decision->rng = self->computer_rng;
  decision->generation = self->generation;
  g_weak_ref_init (&decision->game, self);

  if (self->cancellable == NULL)
    self->cancellable = g_cancellable_new ();
  /* no source object: the task must not keep the game alive, or the game
   * could be finalized in the worker thread */
  task = g_task_new (NULL, self->cancellable, decided_cb, NULL);
  g_task_set_source_tag (task, start_thinking);
  g_task_set_task_data (task, decision, decision_free);
  g_task_set_return_on_cancel (task, TRUE);

  self->thinking = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
  g_task_run_in_thread (task, decide_in_thread);
}

static gboolean
computer_step_cb (gpointer user_data)
{
  KsmGame *self = KSM_GAME (user_data);

  self->computer_source = 0;
  if (self->position.phase == KSM_PHASE_THROW)
    do_throw (self);
  else if (self->position.phase == KSM_PHASE_MOVE)
    start_thinking (self);
  return G_SOURCE_REMOVE;
}

/* A throw just made, the computer's or a lost one of anyone's, is held on
 * screen for the throw pause, so it can be read before what follows it
 * replaces it; anything else waits the delay. */
static guint
computer_wait (KsmGame *self)
{
  guint n_events = ksm_record_get_n_events (self->record);
  const KsmEvent *last = n_events > 0 ? ksm_record_get_event (self->record, n_events - 1) : NULL;

  if (last != NULL && (last->kind == KSM_EVENT_THROW || last->kind == KSM_EVENT_LOST))
    return self->throw_pause;
  return self->computer_delay;
}

static void
schedule_computer (KsmGame *self)
{
  if (self->read_only || self->position.phase == KSM_PHASE_OVER || self->computer_source != 0
      || self->thinking)
    return;
  if (ksm_record_get_seat (self->record, self->position.to_move)->kind != KSM_SEAT_COMPUTER)
    return;
  self->computer_source = g_timeout_add (computer_wait (self), computer_step_cb, self);
}

/* ---- construction ---- */

static KsmGame *
game_for_record (KsmRecord *record)
{
  KsmGame *self = g_object_new (KSM_TYPE_GAME, NULL);

  self->record = record;
  self->rules = ksm_record_get_rules (record);
  return self;
}

KsmGame *
ksm_game_new (const KsmOptions *options,
              const KsmSeat    *seats,
              guint64           seed)
{
  KsmGame *self;
  const KsmRules *rules;
  char error[KSM_ERROR_MAX];

  g_return_val_if_fail (options != NULL, NULL);
  rules = ksm_rules_get (options->game);
  g_return_val_if_fail (rules != NULL, NULL);
  if (!rules->check_options (options, error, sizeof error))
    {
      g_critical ("ksm_game_new: %s", error);
      return NULL;
    }

  self = game_for_record (ksm_record_new (options, seats, seed));
  ksm_random_seed (&self->throw_rng, seed);
  /* the computer's choices have their own stream, so the throws of a seed
   * do not depend on who plays */
  ksm_random_seed (&self->computer_rng, seed ^ G_GUINT64_CONSTANT (0x6b61736d616c6121));
  store_generators (self);
  rules->init (&self->position, options);
  refresh_moves (self);
  self->last_phase = self->position.phase;
  self->last_player = self->position.to_move;
  self->last_can_throw = ksm_game_can_throw (self);
  commit_selection (self);
  self->last_selected_throw = self->selected_throw;
  self->last_selected_group = self->selected_group;
  schedule_computer (self);
  return self;
}

KsmGame *
ksm_game_new_from_record (KsmRecord  *record,
                          GError    **error)
{
  g_autoptr(KsmGame) self = NULL;
  KsmPosition position;

  g_return_val_if_fail (KSM_IS_RECORD (record), NULL);

  if (!ksm_record_replay (record, ksm_record_get_n_events (record), &position, error))
    return NULL;

  self = game_for_record (ksm_record_copy (record));
  self->position = position;
  for (guint i = 0; i < ksm_record_get_n_events (record); i++)
    self->n_person_moves += is_person_move (self, ksm_record_get_event (record, i));
  if (ksm_record_get_generator (record) == NULL
      || !ksm_random_restore (&self->throw_rng, ksm_record_get_generator (record))
      || !ksm_random_restore (&self->computer_rng, ksm_record_get_computer_generator (record)))
    {
      /* an old record without states: start afresh from its seed, moved on by
       * its length so the throws already seen do not come again */
      guint64 seed = ksm_record_get_seed (record) + ksm_record_get_n_events (record);
      ksm_random_seed (&self->throw_rng, seed);
      ksm_random_seed (&self->computer_rng, seed ^ G_GUINT64_CONSTANT (0x6b61736d616c6121));
      store_generators (self);
    }
  refresh_moves (self);
  self->last_phase = self->position.phase;
  self->last_player = self->position.to_move;
  self->last_can_undo = ksm_game_can_undo (self);
  self->last_face = ksm_game_get_face (self);
  self->last_throws_again = ksm_game_get_throws_again (self);
  self->last_can_throw = ksm_game_can_throw (self);
  self->last_can_move = ksm_game_can_move (self);
  commit_selection (self);
  self->last_selected_throw = self->selected_throw;
  self->last_selected_group = self->selected_group;
  schedule_computer (self);
  return g_steal_pointer (&self);
}

static void replay_record (KsmGame *self);

KsmGame *
ksm_game_new_for_review (KsmRecord  *record,
                         GError    **error)
{
  g_autoptr(KsmGame) self = ksm_game_new_from_record (record, error);

  if (self == NULL)
    return NULL;
  self->read_only = TRUE;
  stop_computer (self);
  self->last_can_undo = FALSE;
  self->last_can_throw = FALSE;
  self->last_can_move = FALSE;
  /* nobody acts: no group to choose */
  update_selection (self);
  commit_selection (self);
  self->last_selected_throw = self->selected_throw;
  self->last_selected_group = self->selected_group;
  return g_steal_pointer (&self);
}

gboolean
ksm_game_is_read_only (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);
  return self->read_only;
}

guint
ksm_game_get_n_events (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), 0);
  return ksm_record_get_n_events (self->record);
}

gboolean
ksm_game_seek (KsmGame *self, guint n_events)
{
  guint now, total;

  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);
  g_return_val_if_fail (self->read_only, FALSE);

  now = ksm_record_get_n_events (self->record);
  total = now + self->redo->len;
  n_events = MIN (n_events, total);
  if (n_events == now)
    return FALSE;
  if (n_events < now)
    {
      for (guint i = n_events; i < now; i++)
        g_array_insert_val (self->redo, i - n_events, *ksm_record_get_event (self->record, i));
      truncate_record (self, n_events);
    }
  else
    {
      for (guint i = 0; i < n_events - now; i++)
        append_event (self, &g_array_index (self->redo, KsmEvent, i));
      g_array_remove_range (self->redo, 0, n_events - now);
    }
  self->last_path_length = 0;
  replay_record (self);
  announce (self, FALSE);
  return TRUE;
}

/* ---- getters ---- */

const KsmRules *
ksm_game_get_rules (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), NULL);
  return self->rules;
}

const KsmOptions *
ksm_game_get_options (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), NULL);
  return &self->position.options;
}

const KsmPosition *
ksm_game_get_position (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), NULL);
  return &self->position;
}

const KsmSeat *
ksm_game_get_seat (KsmGame *self, guint player)
{
  g_return_val_if_fail (KSM_IS_GAME (self), NULL);
  return ksm_record_get_seat (self->record, player);
}

KsmRecord *
ksm_game_get_record (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), NULL);
  return self->record;
}

KsmPhase
ksm_game_get_phase (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), KSM_PHASE_OVER);
  return self->position.phase;
}

guint
ksm_game_get_player (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), 0);
  return self->position.to_move;
}

int
ksm_game_get_face (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), -1);
  return self->position.phase == KSM_PHASE_MOVE ? self->position.face : -1;
}

const KsmMove *
ksm_game_get_moves (KsmGame *self, guint *n_moves)
{
  g_return_val_if_fail (KSM_IS_GAME (self), NULL);
  if (n_moves != NULL)
    *n_moves = self->n_moves;
  return self->moves;
}

void
ksm_game_get_outcome (KsmGame *self, KsmOutcome *outcome)
{
  g_return_if_fail (KSM_IS_GAME (self));
  self->rules->outcome (&self->position, outcome);
}

gboolean
ksm_game_is_thinking (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);
  return self->thinking;
}

int
ksm_game_get_last_path (KsmGame *self, const int8_t **cells)
{
  g_return_val_if_fail (KSM_IS_GAME (self), 0);
  if (cells != NULL)
    *cells = self->last_path;
  return self->last_path_length;
}

gboolean
ksm_game_is_person_to_act (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);
  return !self->read_only && self->position.phase != KSM_PHASE_OVER
         && ksm_record_get_seat (self->record, self->position.to_move)->kind == KSM_SEAT_PERSON;
}

gboolean
ksm_game_can_throw (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);
  return self->position.phase == KSM_PHASE_THROW && ksm_game_is_person_to_act (self);
}

gboolean
ksm_game_can_move (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);
  return self->position.phase == KSM_PHASE_MOVE && ksm_game_is_person_to_act (self)
         && self->n_moves > 0 && self->moves[0].kind != KSM_MOVE_LOSE;
}

guint
ksm_game_get_selected_throw (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), 0);
  return self->selected_throw;
}

guint
ksm_game_get_selected_group (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), 0);
  return self->selected_group;
}

guint
ksm_game_get_group_sizes (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), 0);
  return group_sizes_for (self, self->selected_throw);
}

gboolean
ksm_game_select_throw (KsmGame *self, guint distance)
{
  Held held;

  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);

  if (!get_held (self, &held) || !choice_holds (self, &held, distance))
    return FALSE;
  self->throw_choice = distance;
  update_selection (self);
  commit_selection (self);
  g_object_freeze_notify (G_OBJECT (self));
  notify_selection (self);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

gboolean
ksm_game_select_group (KsmGame *self, guint size)
{
  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);

  if (size >= 32 || !(group_sizes_for (self, self->selected_throw) >> size & 1u))
    return FALSE;
  self->group_choice = self->selected_group = size;
  notify_selection (self);
  return TRUE;
}

guint
ksm_game_get_computer_delay (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), 0);
  return self->computer_delay;
}

void
ksm_game_set_computer_delay (KsmGame *self, guint milliseconds)
{
  g_return_if_fail (KSM_IS_GAME (self));
  if (self->computer_delay == milliseconds)
    return;
  self->computer_delay = milliseconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTER_DELAY]);
}

guint
ksm_game_get_throw_pause (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), 0);
  return self->throw_pause;
}

void
ksm_game_set_throw_pause (KsmGame *self, guint milliseconds)
{
  g_return_if_fail (KSM_IS_GAME (self));
  if (self->throw_pause == milliseconds)
    return;
  self->throw_pause = milliseconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THROW_PAUSE]);
}

/* ---- the tutor ---- */

gboolean
ksm_game_get_tutor (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);
  return self->tutor;
}

void
ksm_game_set_tutor (KsmGame *self, gboolean tutor)
{
  g_return_if_fail (KSM_IS_GAME (self));
  tutor = !!tutor;
  if (self->tutor == tutor)
    return;
  self->tutor = tutor;
  /* a move the tutor was about to question is the person's to make again */
  if (!tutor)
    drop_tutor_move (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TUTOR]);
}

gboolean
ksm_game_get_question (KsmGame *self, KsmQuestion *question)
{
  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);
  if (self->questioned && question != NULL)
    *question = self->question;
  return self->questioned;
}

gboolean
ksm_game_is_judging (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);
  return self->judging;
}

gboolean
ksm_game_play_questioned (KsmGame *self)
{
  KsmMove move;

  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);
  if (!self->questioned)
    return FALSE;
  move = self->tutor_move;
  drop_tutor_move (self);
  do_move (self, &move);
  return TRUE;
}

gboolean
ksm_game_withdraw_questioned (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);
  if (!self->questioned)
    return FALSE;
  drop_tutor_move (self);
  return TRUE;
}

/* the last judgement is of the position now */
static gboolean
judgement_holds (KsmGame *self)
{
  return self->have_judgement && self->judged_events == ksm_record_get_n_events (self->record)
         && memcmp (&self->judged_position, &self->position, sizeof self->position) == 0;
}

/* The waiting move against the judgement: held and questioned when it
 * gives up the analysis's "?" or more, else played */
static void
settle_tutor_move (KsmGame *self)
{
  double played = -1;
  int chosen = -1;

  for (guint i = 0; i < self->n_moves; i++)
    if (ksm_moves_equal (&self->moves[i], &self->tutor_move))
      chosen = (int) i;
  for (int h = 0; h < self->n_judged; h++)
    if (self->judged[h].move == chosen)
      played = self->judged[h].win_chance;
  self->judging = FALSE;
  if (chosen < 0 || self->n_judged == 0 || played < 0
      || ksm_mark_for_loss (self->judged[0].win_chance - played) < KSM_MARK_BAD)
    {
      if (chosen >= 0)
        do_move (self, &self->moves[chosen]);
      return;
    }
  self->questioned = TRUE;
  self->question.move = self->moves[chosen];
  self->question.better = self->moves[self->judged[0].move];
  self->question.played = played;
  self->question.best = self->judged[0].win_chance;
  g_signal_emit (self, signals[SIGNAL_MOVE_QUESTIONED], 0, (guint) self->position.to_move);
}

typedef struct {
  KsmPosition position;
  KsmMove     moves[KSM_MAX_MOVES];
  int         n_moves;
  KsmHint     hints[KSM_MAX_MOVES];
  guint       generation;
  GWeakRef    game;        /* as a computer's decision holds it */
} Judgement;

static void
judgement_free (gpointer data)
{
  Judgement *judgement = data;
  g_weak_ref_clear (&judgement->game);
  g_free (judgement);
}

static void
judge_in_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  Judgement *judgement = task_data;

  g_task_return_int (task, ksm_analysis_rank (NULL, &judgement->position, judgement->moves,
                                              judgement->n_moves, judgement->hints));
}

static void
judged_cb (GObject      *source_object,
           GAsyncResult *result,
           gpointer      user_data)
{
  GTask *task = G_TASK (result);
  Judgement *judgement = g_task_get_task_data (task);
  g_autoptr(KsmGame) self = g_weak_ref_get (&judgement->game);
  g_autoptr(GError) error = NULL;
  gssize n_hints = g_task_propagate_int (task, &error);

  /* taken back, undone, or the tutor switched off meanwhile */
  if (self == NULL || error != NULL || judgement->generation != self->tutor_generation)
    return;
  g_clear_object (&self->tutor_cancellable);
  self->have_judgement = TRUE;
  self->judged_position = judgement->position;
  self->judged_events = ksm_record_get_n_events (self->record);
  self->n_judged = (int) n_hints;
  memcpy (self->judged, judgement->hints, sizeof (KsmHint) * (size_t) n_hints);
  settle_tutor_move (self);
}

/* A person chose `move` with the tutor on: it waits for the judgement of
 * the position, which runs on a worker thread unless it is already known */
static void
judge_move (KsmGame *self, const KsmMove *move)
{
  g_autoptr(GTask) task = NULL;
  Judgement *judgement;

  self->tutor_move = *move;
  self->judging = TRUE;
  if (judgement_holds (self))
    {
      settle_tutor_move (self);
      return;
    }

  judgement = g_new0 (Judgement, 1);
  judgement->position = self->position;
  memcpy (judgement->moves, self->moves, sizeof (KsmMove) * self->n_moves);
  judgement->n_moves = (int) self->n_moves;
  judgement->generation = ++self->tutor_generation;
  g_weak_ref_init (&judgement->game, self);
  self->tutor_cancellable = g_cancellable_new ();
  /* no source object, as for a computer's decision: the game must not be
   * finalized in the worker thread */
  task = g_task_new (NULL, self->tutor_cancellable, judged_cb, NULL);
  g_task_set_source_tag (task, judge_move);
  g_task_set_task_data (task, judgement, judgement_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, judge_in_thread);
}

/* ---- a person's actions ---- */

gboolean
ksm_game_throw (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);

  if (self->position.phase != KSM_PHASE_THROW || !ksm_game_is_person_to_act (self))
    return FALSE;
  do_throw (self);
  return TRUE;
}

gboolean
ksm_game_play (KsmGame *self, const KsmMove *move)
{
  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (self->position.phase != KSM_PHASE_MOVE || !ksm_game_is_person_to_act (self)
      || self->judging || self->questioned)
    return FALSE;
  for (guint i = 0; i < self->n_moves; i++)
    if (self->moves[i].kind != KSM_MOVE_LOSE && ksm_moves_equal (&self->moves[i], move))
      {
        if (self->tutor && self->n_moves > 1)
          judge_move (self, &self->moves[i]);
        else
          do_move (self, &self->moves[i]);
        return TRUE;
      }
  return FALSE;
}

/* ---- hints ---- */

typedef struct {
  KsmPosition position;
  KsmMove     moves[KSM_MAX_MOVES];
  int         n_moves;
  guint       n_events;   /* the record's length when asked */
} RankRequest;

static void
rank_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  RankRequest *request = task_data;
  GArray *hints = g_array_sized_new (FALSE, TRUE, sizeof (KsmHint), (guint) request->n_moves);

  g_array_set_size (hints, (guint) request->n_moves);
  ksm_player_rank (NULL, &request->position, request->moves, request->n_moves,
                   (KsmHint *) (void *) hints->data);
  g_task_return_pointer (task, hints, (GDestroyNotify) g_array_unref);
}

void
ksm_game_rank_moves_async (KsmGame             *self,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  RankRequest *request;

  g_return_if_fail (KSM_IS_GAME (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ksm_game_rank_moves_async);
  if (self->position.phase != KSM_PHASE_MOVE || self->n_moves == 0
      || self->moves[0].kind == KSM_MOVE_LOSE)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("no move to rank"));
      return;
    }

  request = g_new0 (RankRequest, 1);
  request->position = self->position;
  memcpy (request->moves, self->moves, sizeof (KsmMove) * self->n_moves);
  request->n_moves = (int) self->n_moves;
  request->n_events = ksm_record_get_n_events (self->record);
  g_task_set_task_data (task, request, g_free);
  g_task_run_in_thread (task, rank_in_thread);
}

GArray *
ksm_game_rank_moves_finish (KsmGame       *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  RankRequest *request;
  g_autoptr(GArray) hints = NULL;

  g_return_val_if_fail (KSM_IS_GAME (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  hints = g_task_propagate_pointer (G_TASK (result), error);
  if (hints == NULL)
    return NULL;
  request = g_task_get_task_data (G_TASK (result));
  /* a throw or a move since the question makes the answer wrong */
  if (request->n_events != ksm_record_get_n_events (self->record)
      || memcmp (&request->position, &self->position, sizeof self->position) != 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("the game has moved on"));
      return NULL;
    }
  return g_steal_pointer (&hints);
}

/* ---- undo and redo ---- */

static gboolean
is_person_move (KsmGame *self, const KsmEvent *event)
{
  return event->kind == KSM_EVENT_MOVE
         && ksm_record_get_seat (self->record, event->player)->kind == KSM_SEAT_PERSON;
}

/* the index of the last move a person made, or -1 */
static int
last_person_move (KsmGame *self)
{
  for (int i = (int) ksm_record_get_n_events (self->record) - 1; i >= 0; i--)
    if (is_person_move (self, ksm_record_get_event (self->record, (guint) i)))
      return i;
  return -1;
}

gboolean
ksm_game_can_undo (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);
  return !self->read_only && self->n_person_moves > 0;
}

gboolean
ksm_game_get_throws_again (KsmGame *self)
{
  guint n_events;
  const KsmEvent *last;

  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);

  n_events = ksm_record_get_n_events (self->record);
  if (n_events == 0 || self->position.phase != KSM_PHASE_THROW
      || self->rules->n_players (&self->position.options) < 2)
    return FALSE;
  last = ksm_record_get_event (self->record, n_events - 1);
  return last->player == self->position.to_move;
}

gboolean
ksm_game_can_redo (KsmGame *self)
{
  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);
  return !self->read_only && self->redo->len > 0;
}

static void
replay_record (KsmGame *self)
{
  g_autoptr(GError) error = NULL;

  /* every event in the record was checked when it was made */
  if (!ksm_record_replay (self->record, ksm_record_get_n_events (self->record),
                          &self->position, &error))
    g_critical ("the game's own record does not replay: %s", error->message);
  refresh_moves (self);
}

gboolean
ksm_game_undo (KsmGame *self)
{
  int index;
  guint n_events;

  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);

  if (self->n_person_moves == 0)
    return FALSE;
  index = last_person_move (self);
  if (index < 0)
    return FALSE;

  stop_computer (self);
  drop_tutor_move (self);
  n_events = ksm_record_get_n_events (self->record);
  /* the undone events go before any already waiting to be redone */
  for (guint i = (guint) index; i < n_events; i++)
    g_array_insert_val (self->redo, i - (guint) index, *ksm_record_get_event (self->record, i));
  truncate_record (self, (guint) index);
  if (self->position.phase == KSM_PHASE_OVER)
    ksm_record_set_ended (self->record, NULL);
  replay_record (self);
  announce (self, TRUE);
  return TRUE;
}

gboolean
ksm_game_redo (KsmGame *self)
{
  guint end;

  g_return_val_if_fail (KSM_IS_GAME (self), FALSE);

  if (self->redo->len == 0)
    return FALSE;

  stop_computer (self);
  drop_tutor_move (self);
  /* the person's move and everything after it, up to their next move */
  for (end = 1; end < self->redo->len; end++)
    if (is_person_move (self, &g_array_index (self->redo, KsmEvent, end)))
      break;
  for (guint i = 0; i < end; i++)
    append_event (self, &g_array_index (self->redo, KsmEvent, i));
  g_array_remove_range (self->redo, 0, end);
  replay_record (self);
  announce (self, TRUE);
  return TRUE;
}
