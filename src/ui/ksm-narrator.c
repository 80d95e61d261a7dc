/* ksm-narrator.c
 *
 * One message an action: the game speaks its events first and "changed"
 * last (ksm-game.h), so the events' words are gathered and said together
 * at "changed", "Stones threw sudi, 3, M12 to M15, took 1 brick, throws
 * again", and a new turn's first words follow in the same message. */
#include "config.h"

#include "ksm-narrator.h"

#include <glib/gi18n.h>

#include "ksm-announce.h"
#include "ksm-numbers.h"
#include "ksm-words.h"

struct _KsmNarrator
{
  GObject       parent_instance;

  GtkWidget    *speaker;        /* weak */
  KsmGame      *game;
  GSignalGroup *game_signals;
  KsmPosition   before;         /* the position the next event is played in */
  GString      *words;          /* this action's, not yet said */
  gboolean      turn_changed;
  GString      *told;           /* the actions' words, to be said */
  guint         tell_id;
  char         *opened;         /* the game opened, as it stood, to be said */
  guint         opened_id;
};

G_DEFINE_FINAL_TYPE (KsmNarrator, ksm_narrator, G_TYPE_OBJECT)

static void
ksm_narrator_dispose (GObject *object)
{
  KsmNarrator *self = KSM_NARRATOR (object);

  g_clear_handle_id (&self->opened_id, g_source_remove);
  g_clear_handle_id (&self->tell_id, g_source_remove);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  if (self->speaker != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->speaker), (gpointer *) &self->speaker);
  self->speaker = NULL;
  G_OBJECT_CLASS (ksm_narrator_parent_class)->dispose (object);
}

static void
ksm_narrator_finalize (GObject *object)
{
  KsmNarrator *self = KSM_NARRATOR (object);

  g_string_free (self->words, TRUE);
  g_string_free (self->told, TRUE);
  g_free (self->opened);
  G_OBJECT_CLASS (ksm_narrator_parent_class)->finalize (object);
}

static void
ksm_narrator_class_init (KsmNarratorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ksm_narrator_dispose;
  object_class->finalize = ksm_narrator_finalize;
}

static gboolean
is_told (KsmNarrator *self)
{
  return self->game != NULL && !ksm_game_is_read_only (self->game) && self->speaker != NULL;
}

static const char *
player_name (KsmNarrator *self, guint player)
{
  return ksm_words_player_name (ksm_game_get_rules (self->game), ksm_game_get_options (self->game),
                                (int) player);
}

/* whether the words so far end a sentence (the status line's own end with
 * "…" or "!") */
static gboolean
ends_sentence (const char *words)
{
  /* Translators: ends a sentence a screen reader says of the game */
  const char *stop = _(".");

  return *words == '\0' || g_str_has_suffix (words, stop) || g_str_has_suffix (words, ".")
         || g_str_has_suffix (words, "…") || g_str_has_suffix (words, "!");
}

/* each event starts its own sentence but the first of a side's action */
static void
start_sentence (KsmNarrator *self)
{
  if (self->words->len > 0)
    g_string_append (self->words, " ");
}

static void
end_sentence (KsmNarrator *self)
{
  if (!ends_sentence (self->words->str))
    g_string_append (self->words, _("."));
}

/* A person's own throw or move cuts short what is being read: they pressed
 * a key, and a screen reader stops at a key press, so their result is not
 * held back behind the news they interrupted */
static void
person_acted (KsmNarrator *self, guint player)
{
  const KsmSeat *seat = ksm_game_get_seat (self->game, player);

  if (self->words->len == 0 && seat != NULL && seat->kind == KSM_SEAT_PERSON)
    ksm_announce_interrupt (self->speaker);
}

static void
thrown_cb (KsmNarrator *self, guint player, guint face, guint pattern, KsmGame *game)
{
  const KsmRules *rules = ksm_game_get_rules (game);

  if (!is_told (self))
    return;
  person_acted (self, player);
  start_sentence (self);
  /* Translators: said to a screen reader: a side, the throw's name and its
   * value, "Stones threw sudi, 3" */
  ksm_string_append_format (self->words, _("%s threw %s, %d"), player_name (self, player),
                            ksm_words_face_name (rules, (int) face), rules->throws.faces[face].value);
  self->before = *ksm_game_get_position (game);
}

static void
moved_cb (KsmNarrator *self, guint player, const KsmMove *move, gpointer effect, KsmGame *game)
{
  g_autofree char *clauses = NULL;

  if (!is_told (self))
    return;
  person_acted (self, player);
  clauses = ksm_words_move_clauses (ksm_game_get_rules (game), ksm_game_get_options (game),
                                    &self->before, (int) player, move);
  /* after its own throw the move goes on the throw's sentence; a move of a
   * throw held from before is a side's sentence of its own */
  if (ends_sentence (self->words->str))
    {
      start_sentence (self);
      g_string_append (self->words, player_name (self, player));
    }
  g_string_append (self->words, clauses);
  self->before = *ksm_game_get_position (game);
}

static void
throw_lost_cb (KsmNarrator *self, guint player, guint face, KsmGame *game)
{
  g_autofree char *clause = NULL;

  if (!is_told (self))
    return;
  clause = ksm_words_lost_clause (ksm_game_get_rules (game), &self->before);
  if (ends_sentence (self->words->str))
    {
      start_sentence (self);
      g_string_append (self->words, player_name (self, player));
    }
  g_string_append (self->words, clause);
  self->before = *ksm_game_get_position (game);
}

static void
turn_changed_cb (KsmNarrator *self, guint player, KsmGame *game)
{
  self->turn_changed = TRUE;
}

/* how many of the side's pieces could move now: where a person chooses */
static guint
count_movers (KsmGame *game)
{
  guint n_moves = 0;
  const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
  g_autoptr(GHashTable) from = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < n_moves; i++)
    g_hash_table_add (from, GINT_TO_POINTER (moves[i].from + 2));
  return g_hash_table_size (from);
}

static gboolean
tell_cb (gpointer data)
{
  KsmNarrator *self = data;

  self->tell_id = 0;
  if (self->speaker != NULL && self->told->len > 0)
    ksm_announce (self->speaker, self->told->str);
  g_string_truncate (self->told, 0);
  return G_SOURCE_REMOVE;
}

static void
changed_cb (KsmNarrator *self, KsmGame *game)
{
  const KsmPosition *position = ksm_game_get_position (game);
  gboolean over = ksm_game_get_phase (game) == KSM_PHASE_OVER;
  gboolean events = self->words->len > 0;

  if (!is_told (self))
    {
      g_string_truncate (self->words, 0);
      self->turn_changed = FALSE;
      return;
    }

  /* the same side goes on: a chya, an ashte, a capture that earns a throw */
  if (events && !over && !self->turn_changed && ksm_game_get_phase (game) == KSM_PHASE_THROW
      && ksm_game_get_rules (game)->n_players (ksm_game_get_options (game)) > 1)
    /* Translators: added when the same side throws next: "<side> threw chya, 4, M9 to M5, throws again" */
    g_string_append (self->words, _(", throws again"));
  end_sentence (self);

  if (over || self->turn_changed)
    {
      g_autofree char *state = ksm_narrator_describe_state (game);
      start_sentence (self);
      g_string_append (self->words, state);
      end_sentence (self);
    }
  else if (events && ksm_game_is_person_to_act (game) && ksm_game_get_phase (game) == KSM_PHASE_MOVE)
    {
      guint movers = count_movers (game);
      start_sentence (self);
      /* Translators: said to a screen reader after a person's throw */
      ksm_string_append_format (self->words, ngettext ("%u piece can move", "%u pieces can move", movers),
                                movers);
      end_sentence (self);
    }

  /* said once the window has put the focus where the action leaves it
   * (a piece to move, the board), where a screen reader reads it */
  if (self->words->len > 0)
    {
      if (self->told->len > 0)
        g_string_append_c (self->told, ' ');
      g_string_append (self->told, self->words->str);
      if (self->tell_id == 0)
        self->tell_id = g_idle_add_full (G_PRIORITY_LOW, tell_cb, self, NULL);
    }
  g_string_truncate (self->words, 0);
  self->turn_changed = FALSE;
  self->before = *position;
}

static void
ksm_narrator_init (KsmNarrator *self)
{
  self->words = g_string_new (NULL);
  self->told = g_string_new (NULL);
  self->game_signals = g_signal_group_new (KSM_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "thrown", G_CALLBACK (thrown_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "moved", G_CALLBACK (moved_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "throw-lost", G_CALLBACK (throw_lost_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "turn-changed", G_CALLBACK (turn_changed_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "changed", G_CALLBACK (changed_cb), self,
                                 G_CONNECT_SWAPPED);
}

KsmNarrator *
ksm_narrator_new (GtkWidget *speaker)
{
  KsmNarrator *self;

  g_return_val_if_fail (GTK_IS_WIDGET (speaker), NULL);
  self = g_object_new (KSM_TYPE_NARRATOR, NULL);
  self->speaker = speaker;
  g_object_add_weak_pointer (G_OBJECT (speaker), (gpointer *) &self->speaker);
  return self;
}

static gboolean
say_opened_cb (gpointer data)
{
  KsmNarrator *self = data;

  self->opened_id = 0;
  if (self->speaker != NULL && self->opened != NULL)
    ksm_announce (self->speaker, self->opened);
  g_clear_pointer (&self->opened, g_free);
  return G_SOURCE_REMOVE;
}

void
ksm_narrator_set_game (KsmNarrator *self,
                       KsmGame     *game)
{
  g_return_if_fail (KSM_IS_NARRATOR (self));
  g_return_if_fail (game == NULL || KSM_IS_GAME (game));

  if (!g_set_object (&self->game, game))
    return;
  g_string_truncate (self->words, 0);
  g_string_truncate (self->told, 0);
  g_clear_handle_id (&self->tell_id, g_source_remove);
  self->turn_changed = FALSE;
  if (game != NULL)
    self->before = *ksm_game_get_position (game);
  g_signal_group_set_target (self->game_signals, game);
  /* a game opened: the game and where it stands, once its page has shown
   * and given the focus to what the person plays with, where it is read */
  g_clear_handle_id (&self->opened_id, g_source_remove);
  g_clear_pointer (&self->opened, g_free);
  if (is_told (self))
    {
      g_autofree char *state = ksm_narrator_describe_state (game);

      self->opened = g_strdup_printf ("%s%s %s%s", ksm_words_game_name (ksm_game_get_rules (game)),
                                      _("."), state, ends_sentence (state) ? "" : _("."));
      self->opened_id = g_idle_add_full (G_PRIORITY_LOW, say_opened_cb, self, NULL);
    }
}

/* a throw that earns another, where the turn holds no throws to play */
static gboolean
throws_again_now (KsmGame *game)
{
  uint8_t held[KSM_MAX_PENDING];
  bool split;
  int pool;

  return ksm_game_get_throws_again (game)
         && ksm_rules_held_throws (ksm_game_get_rules (game), ksm_game_get_position (game),
                                   held, &split, &pool) == 0;
}

char *
ksm_narrator_describe_state (KsmGame *game)
{
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  const char *name = ksm_words_player_name (rules, options, (int) ksm_game_get_player (game));

  if (ksm_game_get_phase (game) == KSM_PHASE_OVER)
    {
      KsmOutcome outcome;
      ksm_game_get_outcome (game, &outcome);
      if (outcome.winner < 0)
        return g_strdup (_("The game is drawn"));
      if (ksm_rules_partner_of (rules, options, outcome.winner) >= 0)
        /* Translators: a team's win; %s and %s are the partners */
        return g_strdup_printf (_("%s and %s won"), ksm_words_player_name (rules, options, outcome.winner),
                                ksm_words_player_name (rules, options,
                                                       ksm_rules_partner_of (rules, options, outcome.winner)));
      if (outcome.gulmasi)
        /* Translators: %s is the winning side */
        return g_strdup_printf (_("%s won. Gulmasi!"), ksm_words_player_name (rules, options, outcome.winner));
      return g_strdup_printf (_("%s won"), ksm_words_player_name (rules, options, outcome.winner));
    }
  if (ksm_game_is_read_only (game) && ksm_game_get_phase (game) == KSM_PHASE_THROW)
    /* Translators: a reviewed game: %s is the side whose throw comes next */
    return g_strdup_printf (_("Next: %s throws"), name);
  if (ksm_game_is_read_only (game))
    /* Translators: a reviewed game: %s is the side whose move comes next */
    return g_strdup_printf (_("Next: %s moves"), name);
  if (!ksm_game_is_person_to_act (game) && throws_again_now (game))
    /* Translators: %s is a side played by the computer, after a throw that earns another */
    return g_strdup_printf (_("%s (the computer) throws again…"), name);
  if (!ksm_game_is_person_to_act (game))
    /* Translators: %s is a side played by the computer */
    return g_strdup_printf (_("%s (the computer) is playing…"), name);
  if (throws_again_now (game))
    /* Translators: %s is a side; Space is the key that throws */
    return g_strdup_printf (_("%s throws again: press Space or Throw"), name);
  if (ksm_game_get_phase (game) == KSM_PHASE_THROW)
    /* Translators: %s is a side; Space is the key that throws */
    return g_strdup_printf (_("%s to throw: press Space or Throw"), name);
  /* Translators: %s is a side */
  return g_strdup_printf (_("%s to move: choose a highlighted piece"), name);
}
