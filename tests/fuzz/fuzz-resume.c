/* fuzz-resume.c: libFuzzer target for a saved game played on.
 *
 * What loads becomes a KsmGame as the app resumes a kept game
 * (ksm_game_new_from_record): it must stand where the record ends, and, if
 * the game is not over, play on through a few dozen actions the input's
 * bytes pick: a person's throw or legal move, an undo, a redo, or the
 * computer's turn (the main loop run until it acts). After each, the game
 * must agree with its record replayed, and its record must save and load
 * back as the autosave does. What is refused says why in valid UTF-8. The
 * inputs come from fuzz-mutator.h. Any breach aborts, which libFuzzer
 * reports as a crash.
 */
#include "fuzz-load.h"
#include "fuzz-mutator.h"
#include "ksm-game.h"

#define RESUME_ACTIONS 48

static void
fail (const char *what, const char *detail)
{
  ksm_fuzz_fail ("fuzz-resume", what, detail);
}

static void
changed_cb (KsmGame *game, guint *count)
{
  (*count)++;
}

/* the game stands where its record, replayed, ends */
static void
check_game (KsmGame *game)
{
  KsmRecord *record = ksm_game_get_record (game);
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmPosition *pos = ksm_game_get_position (game);
  g_autoptr(GError) error = NULL;
  char want[KSM_NOTATION_MAX], shown[KSM_NOTATION_MAX];
  KsmPosition replayed;
  KsmMove moves[KSM_MAX_MOVES];
  guint n_moves = 0;

  if (ksm_game_get_n_events (game) != ksm_record_get_n_events (record))
    fail ("the game and its record count other events", NULL);
  if (!ksm_record_replay (record, ksm_record_get_n_events (record), &replayed, &error))
    fail ("a played record does not replay", error->message);
  if (rules->format_position (&replayed, want, sizeof want) < 0
      || rules->format_position (pos, shown, sizeof shown) < 0)
    fail ("a played position does not format", NULL);
  if (strcmp (want, shown) != 0)
    fail ("the game shows another position than its record's", shown);
  if (ksm_game_get_phase (game) != pos->phase)
    fail ("the game's phase is not its position's", shown);
  ksm_game_get_moves (game, &n_moves);
  if ((guint) rules->legal_moves (pos, moves) != n_moves)
    fail ("the game offers another number of moves than the rules", shown);
  if (pos->phase == KSM_PHASE_OVER && (ksm_game_can_throw (game) || ksm_game_can_move (game)
                                       || ksm_game_is_person_to_act (game)))
    fail ("someone can act in a game that is over", shown);
  if (ksm_game_can_throw (game) && ksm_game_can_move (game))
    fail ("a person can both throw and move", shown);

  /* what the autosave writes loads back */
  gsize length = 0;
  g_autofree char *saved = ksm_record_to_data (record, &length);
  g_autoptr(KsmRecord) back = ksm_record_new_from_data (saved, (gssize) length, &error);
  if (back == NULL)
    fail ("a played record does not load back", error->message);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(KsmRecord) record = NULL;
  g_autoptr(KsmGame) game = NULL;
  g_autoptr(GError) error = NULL;
  guint changed = 0;

  if (size > KSM_FUZZ_MAX_INPUT)
    return 0;
  record = ksm_fuzz_load ("fuzz-resume", data, size);
  if (record == NULL)
    return 0;

  game = ksm_game_new_from_record (record, &error);
  if (game == NULL)
    {
      /* a record that loaded replays, so it resumes */
      ksm_fuzz_check_error ("fuzz-resume", error, error != NULL ? error->domain : 0);
      fail ("a loaded record does not resume", error->message);
    }
  if (ksm_game_is_read_only (game))
    fail ("a resumed game is read-only", NULL);
  if (ksm_game_get_n_events (game) != ksm_record_get_n_events (record))
    fail ("a resumed game does not start at its record's end", NULL);
  check_game (game);

  ksm_game_set_computer_delay (game, 0);
  ksm_game_set_throw_pause (game, 0);
  g_signal_connect (game, "changed", G_CALLBACK (changed_cb), &changed);

  /* the actions come from the input's bytes, from its end, where the
   * mutations differ most from the seeds */
  for (guint k = 0; k < RESUME_ACTIONS && ksm_game_get_phase (game) != KSM_PHASE_OVER; k++)
    {
      guint8 pick = size > 0 ? data[size - 1 - (k % size)] ^ (guint8) (k * 37) : (guint8) k;
      guint before = ksm_game_get_n_events (game);
      gboolean could_undo = ksm_game_can_undo (game), could_redo = ksm_game_can_redo (game);

      if (pick % 8 == 0)
        {
          if (ksm_game_undo (game) != could_undo)
            fail ("undo does not do what can-undo said", NULL);
          if (could_undo && (ksm_game_get_n_events (game) >= before || !ksm_game_can_redo (game)))
            fail ("an undo took nothing back", NULL);
        }
      else if (pick % 8 == 1)
        {
          if (ksm_game_redo (game) != could_redo)
            fail ("redo does not do what can-redo said", NULL);
          if (could_redo && ksm_game_get_n_events (game) <= before)
            fail ("a redo put nothing back", NULL);
        }
      else if (ksm_game_can_throw (game))
        {
          if (!ksm_game_throw (game) || ksm_game_get_n_events (game) <= before)
            fail ("a person's throw was not made", NULL);
        }
      else if (ksm_game_can_move (game))
        {
          guint n = 0;
          const KsmMove *moves = ksm_game_get_moves (game, &n);
          KsmMove move = moves[pick % n];
          if (move.kind == KSM_MOVE_LOSE)
            move = moves[0];
          if (!ksm_game_play (game, &move) || ksm_game_get_n_events (game) <= before)
            fail ("a person's legal move was not played", NULL);
        }
      else
        {
          /* the computer's turn, or a person's lost throw: both come from
           * the main loop; the Hard player's search is left out, being
           * seconds a move */
          const KsmSeat *seat = ksm_game_get_seat (game, ksm_game_get_position (game)->to_move);
          if (seat->kind == KSM_SEAT_COMPUTER && seat->level == KSM_LEVEL_HARD)
            break;
          guint seen = changed;
          while (changed == seen)
            g_main_context_iteration (NULL, TRUE);
        }
      check_game (game);
    }

  /* a computer's decision under way ends with the game */
  g_clear_object (&game);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return 0;
}
