/* test-race.c: a game the engine does not ship (race-rules.c), registered
 * at run time, served by the registry, the computer players, the notation,
 * saved games and the model's undo as the shipped games are. */
#include "config.h"

#include <string.h>

#include "race-rules.h"

#include "model-test-util.h"

static KsmGameKind race_kind;

static KsmOptions
race_options (guint32 flags)
{
  KsmOptions options;

  race_rules.default_options (&options);
  options.flags = flags;
  return options;
}

static void
test_registry (void)
{
  KsmRules impostor = race_rules;
  gboolean listed = FALSE;
  KsmPosition pos;
  char text[KSM_NOTATION_MAX], error[KSM_ERROR_MAX];

  g_assert_cmpint (race_kind, >=, KSM_N_GAMES);
  g_assert_cmpint (race_kind, <, KSM_MAX_GAMES);
  g_assert_true (ksm_rules_get (race_kind) == &race_rules);
  g_assert_true (ksm_rules_lookup ("race") == &race_rules);
  g_assert_cmpint (ksm_rules_kind (&race_rules), ==, race_kind);
  /* the shipped games keep their kinds */
  g_assert_cmpint (ksm_rules_kind (ksm_rules_lookup ("kasimala")), ==, KSM_GAME_KASIMALA);
  g_assert_cmpint (ksm_rules_kind (ksm_rules_lookup ("asi-keliya")), ==, KSM_GAME_ASI_KELIYA);
  /* again: the same kind, not a second entry */
  g_assert_cmpint (ksm_rules_register (&race_rules), ==, race_kind);
  g_assert_cmpuint (ksm_rules_n_games (), ==, KSM_N_GAMES + 1);
  for (unsigned i = 0; i < ksm_rules_n_games (); i++)
    listed |= ksm_rules_nth (i) == &race_rules;
  g_assert_true (listed);
  /* an id names one game */
  g_assert_cmpint (ksm_rules_register (&impostor), ==, KSM_GAME_NONE);
  g_assert_cmpint (ksm_rules_kind (&impostor), ==, KSM_GAME_NONE);
  g_assert_cmpint (ksm_rules_register (NULL), ==, KSM_GAME_NONE);
  g_assert_null (ksm_rules_get (KSM_GAME_NONE));

  /* its options name its kind, so a position finds its rules */
  {
    KsmOptions options = race_options (0);
    g_assert_cmpint (options.game, ==, race_kind);
    g_assert_true (race_rules.check_options (&options, error, sizeof error));
    race_rules.init (&pos, &options);
    g_assert_true (ksm_rules_for (&pos) == &race_rules);
    options.n_players = 3;
    g_assert_false (race_rules.check_options (&options, error, sizeof error));
  }
  /* and the registry reads its positions by their first word */
  g_assert_cmpint (race_rules.format_position (&pos, text, sizeof text), >, 0);
  g_assert_true (g_str_has_prefix (text, "race "));
  memset (&pos, 0xa5, sizeof pos);
  g_assert_true (ksm_rules_parse_position (text, &pos, error, sizeof error));
  g_assert_true (ksm_rules_for (&pos) == &race_rules);
}

/* The starting position as the views see it: every piece in its yard, the
 * goals flagged, each side's entry cell at its end of the track */
static void
test_geometry (void)
{
  KsmOptions options = race_options (0);
  KsmPosition pos;
  char name[16];

  race_rules.init (&pos, &options);
  g_assert_cmpint (race_rules.n_cells (&options), ==, RACE_N_CELLS);
  for (int cell = 0; cell < RACE_N_CELLS; cell++)
    {
      KsmCellContent content;
      race_rules.cell_content (&pos, cell, &content);
      g_assert_cmpint (content.player, ==, -1);
      g_assert_cmpint (content.counts[0] + content.counts[1], ==, 0);
    }
  g_assert_cmpint (race_rules.pieces_left (&pos, RACE_SUN), ==, RACE_PIECES);
  g_assert_cmpuint (ksm_rules_cell_flags (&race_rules, &options, RACE_SUN_GOAL), ==, KSM_CELL_GOAL);
  g_assert_cmpuint (ksm_rules_cell_flags (&race_rules, &options, RACE_MOON_GOAL), ==, KSM_CELL_GOAL);
  g_assert_cmpint (ksm_rules_start_cell (&race_rules, &options, RACE_SUN), ==, 0);
  g_assert_cmpint (ksm_rules_start_cell (&race_rules, &options, RACE_MOON), ==, RACE_TRACK - 1);
  g_assert_cmpuint (ksm_rules_cell_flags (&race_rules, &options, 0), ==, KSM_CELL_ENTRY);
  g_assert_cmpuint (ksm_rules_cell_flags (&race_rules, &options, 3), ==, 0);
  race_rules.cell_name (&options, 0, name, sizeof name);
  g_assert_cmpstr (name, ==, "c1");
  race_rules.cell_name (&options, RACE_SUN_GOAL, name, sizeof name);
  g_assert_cmpstr (name, ==, "sun");
  g_assert_cmpstr (race_rules.player_name (&options, 1), ==, "Moon");
  g_assert_cmpstr (ksm_rules_style_key (&race_rules, &options, 0), ==, "yellow");
  g_assert_false (ksm_rules_face_throws_again (&race_rules, &options, RACE_FACE_HEADS));
  options.flags = RACE_OPT_HEADS_AGAIN;
  g_assert_true (ksm_rules_face_throws_again (&race_rules, &options, RACE_FACE_HEADS));
  g_assert_false (ksm_rules_face_throws_again (&race_rules, &options, RACE_FACE_TAILS));
  g_assert_false (ksm_rules_holds_throws (&race_rules));
  /* one coin, its faces even */
  g_assert_cmpint (ksm_rules_face_weight (&race_rules, RACE_FACE_TAILS), ==, 1);
  g_assert_cmpint (ksm_rules_face_weight (&race_rules, RACE_FACE_HEADS), ==, 1);
}

/* A few positions by hand: entering, the capture, the exact count */
static void
test_rules_by_hand (void)
{
  KsmPosition pos;
  KsmMove moves[KSM_MAX_MOVES];
  KsmEffect effect;
  char error[KSM_ERROR_MAX];
  int n;

  /* both off the board: one move enters, whichever piece */
  g_assert_true (race_rules.parse_position ("race S:x,x M:x,x turn:S face:heads throws:1 first:S",
                                            &pos, error, sizeof error));
  n = race_rules.legal_moves (&pos, moves);
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (moves[0].kind, ==, KSM_MOVE_START);
  g_assert_cmpint (moves[0].from, ==, -1);
  g_assert_cmpint (moves[0].to, ==, 1);   /* c2: two cells in */

  /* Sun on c3 meets Moon's piece on c4 with tails: sends it back */
  g_assert_true (race_rules.parse_position ("race S:c3,x M:c4,c8 turn:S face:tails throws:9 first:S",
                                            &pos, error, sizeof error));
  n = race_rules.legal_moves (&pos, moves);
  g_assert_cmpint (n, ==, 2);
  g_assert_cmpint (moves[0].from, ==, 2);
  g_assert_cmpint (moves[0].to, ==, 3);
  g_assert_cmpint (moves[0].captured, ==, 1);
  race_rules.apply_move (&pos, &moves[0], &effect);
  g_assert_cmpint (effect.captured, ==, 1);
  g_assert_cmpint (effect.captured_player, ==, RACE_MOON);
  g_assert_cmpint (pos.to_move, ==, RACE_MOON);
  {
    char text[KSM_NOTATION_MAX];
    race_rules.format_position (&pos, text, sizeof text);
    g_assert_cmpstr (text, ==, "race S:c4,x M:x,c8 turn:M face:- throws:9 first:S");
  }

  /* Sun on c8 with heads overshoots its goal; with the other piece home
   * the throw is lost, and the views are told why */
  g_assert_true (race_rules.parse_position ("race S:c8,home M:x,x turn:S face:heads throws:20 first:S",
                                            &pos, error, sizeof error));
  n = race_rules.legal_moves (&pos, moves);
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (moves[0].kind, ==, KSM_MOVE_LOSE);
  g_assert_cmpint (ksm_rules_lost_reason (&race_rules, &pos), ==, KSM_LOST_OVERSHOOT);
  /* tails brings it home, and Sun has won */
  g_assert_true (race_rules.parse_position ("race S:c8,home M:x,x turn:S face:tails throws:20 first:S",
                                            &pos, error, sizeof error));
  n = race_rules.legal_moves (&pos, moves);
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (moves[0].to, ==, RACE_SUN_GOAL);
  race_rules.apply_move (&pos, &moves[0], &effect);
  g_assert_true (effect.game_over);
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_OVER);
  {
    KsmOutcome outcome;
    race_rules.outcome (&pos, &outcome);
    g_assert_true (outcome.over);
    g_assert_cmpint (outcome.winner, ==, RACE_SUN);
    g_assert_cmpint (outcome.reason, ==, KSM_END_ALL_HOME);
  }

  /* a side's own pieces never share a cell; heads again when the rule says */
  g_assert_true (race_rules.parse_position ("race S:c1,c2 M:x,x turn:S face:tails throws:3 first:S heads-again=on",
                                            &pos, error, sizeof error));
  n = race_rules.legal_moves (&pos, moves);
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (moves[0].from, ==, 1);
  race_rules.apply_move (&pos, &moves[0], &effect);
  g_assert_false (effect.throws_again);
  g_assert_true (race_rules.parse_position ("race S:c1,c2 M:x,x turn:S face:heads throws:3 first:S heads-again=on",
                                            &pos, error, sizeof error));
  n = race_rules.legal_moves (&pos, moves);
  race_rules.apply_move (&pos, &moves[0], &effect);
  g_assert_true (effect.throws_again);
  g_assert_cmpint (pos.to_move, ==, RACE_SUN);
}

static void
test_impossible_positions (void)
{
  static const char *const bad[] = {
    "",
    "race",
    "kasimala S:x,x M:x,x turn:S face:- throws:0 first:S",
    "race S:x M:x,x turn:S face:- throws:0 first:S",
    "race S:x,x,x M:x,x turn:S face:- throws:0 first:S",
    "race S:c9,x M:x,x turn:S face:- throws:0 first:S",
    "race S:sun,x M:x,x turn:S face:- throws:0 first:S",
    "race S:c3,c3 M:x,x turn:S face:- throws:4 first:S",
    "race S:c3,x M:c3,x turn:S face:- throws:4 first:S",
    "race S:home,home M:home,home turn:S face:- throws:40 first:S",
    "race S:home,home M:x,x turn:M face:heads throws:40 first:S",
    "race S:x,x M:x,x turn:S face:heads throws:0 first:S",
    "race S:x,x M:x,x turn:X face:- throws:0 first:S",
    "race S:x,x M:x,x turn:S face:six throws:3 first:S",
    "race S:x,x M:x,x turn:S face:- throws:many first:S",
    "race S:x,x M:x,x turn:S face:- throws:0",
    "race S:x,x M:x,x turn:S face:- throws:0 first:S fast=on",
    "race S:x,x M:x,x turn:S face:- throws:0 first:S heads-again=on heads-again=off",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      KsmPosition pos;
      char error[KSM_ERROR_MAX] = "";
      if (ksm_rules_parse_position (bad[i], &pos, error, sizeof error))
        g_error ("\"%s\" was read as a position", bad[i]);
      g_assert_cmpstr (error, !=, "");
      g_test_message ("\"%s\": %s", bad[i], error);
    }
}

/* the position and every legal move survive their notation; each move's
 * path walks its whole throw to where it lands */
static void
check_notation (const KsmPosition *pos, const KsmMove *moves, int n)
{
  char text[KSM_NOTATION_MAX], again[KSM_NOTATION_MAX], error[KSM_ERROR_MAX];
  KsmPosition parsed;

  g_assert_cmpint (race_rules.format_position (pos, text, sizeof text), >, 0);
  if (!ksm_rules_parse_position (text, &parsed, error, sizeof error))
    g_error ("\"%s\" does not read back: %s", text, error);
  g_assert_cmpint (memcmp (&parsed, pos, sizeof parsed), ==, 0);
  race_rules.format_position (&parsed, again, sizeof again);
  g_assert_cmpstr (again, ==, text);

  for (int i = 0; i < n; i++)
    {
      KsmMove read;
      int8_t path[KSM_MAX_PATH];
      int length;

      g_assert_cmpint (race_rules.format_move (pos, &moves[i], text, sizeof text), >, 0);
      if (!race_rules.parse_move (pos, text, &read, error, sizeof error))
        g_error ("move \"%s\" does not read back: %s", text, error);
      g_assert_true (ksm_moves_equal (&read, &moves[i]));
      g_assert_cmpint (read.captured, ==, moves[i].captured);

      length = race_rules.move_path (pos, &moves[i], path);
      if (moves[i].kind == KSM_MOVE_LOSE)
        g_assert_cmpint (length, ==, 0);
      else
        {
          g_assert_cmpint (length, ==, moves[i].distance);
          g_assert_cmpint (path[length - 1], ==, moves[i].to);
        }
    }
}

/* every piece is somewhere: on one cell, or in its yard */
static void
check_pieces (const KsmPosition *pos)
{
  int on_cells[2] = { 0, 0 };

  for (int cell = 0; cell < RACE_N_CELLS; cell++)
    {
      KsmCellContent content;
      race_rules.cell_content (pos, cell, &content);
      if (cell < RACE_TRACK)
        g_assert_cmpint (content.counts[0] + content.counts[1], <=, 1);
      on_cells[0] += content.counts[0];
      on_cells[1] += content.counts[1];
    }
  for (int p = 0; p < 2; p++)
    g_assert_cmpint (on_cells[p], <=, race_rules.pieces_left (pos, p));
}

/* Self-play from many seeds, every level, to the end */
static void
test_selfplay (void)
{
  guint wins[2] = { 0, 0 }, captures = 0, losses = 0;

  for (guint64 seed = 1; seed <= 300; seed++)
    {
      KsmOptions options = race_options (seed % 3 == 0 ? RACE_OPT_HEADS_AGAIN : 0);
      KsmLevel levels[2] = { (KsmLevel) (seed % KSM_N_LEVELS), (KsmLevel) ((seed / 4) % KSM_N_LEVELS) };
      KsmPosition pos;
      KsmMove moves[KSM_MAX_MOVES];
      KsmRandom rng;
      KsmOutcome outcome;
      guint events = 0;

      options.first_player = (guint8) (seed % 2);
      /* Hard searches: a few games of it are enough */
      if (seed > 20)
        for (int p = 0; p < 2; p++)
          if (levels[p] == KSM_LEVEL_HARD)
            levels[p] = KSM_LEVEL_MEDIUM;
      ksm_random_seed (&rng, seed);
      race_rules.init (&pos, &options);
      while (pos.phase != KSM_PHASE_OVER)
        {
          g_assert_cmpuint (++events, <, 20000);
          check_pieces (&pos);
          if (pos.phase == KSM_PHASE_THROW)
            {
              uint32_t pattern;
              g_assert_cmpint (race_rules.legal_moves (&pos, moves), ==, 0);
              check_notation (&pos, NULL, 0);
              race_rules.apply_throw (&pos, ksm_throw_sample (&race_rules.throws, &rng, &pattern));
            }
          else
            {
              int n = race_rules.legal_moves (&pos, moves);
              int chosen;
              KsmEffect effect;
              int mover = pos.to_move;

              g_assert_cmpint (n, >=, 1);
              check_notation (&pos, moves, n);
              chosen = ksm_player_choose (levels[mover], &pos, moves, n, &rng);
              g_assert_cmpint (chosen, >=, 0);
              g_assert_cmpint (chosen, <, n);
              losses += moves[chosen].kind == KSM_MOVE_LOSE;
              race_rules.apply_move (&pos, &moves[chosen], &effect);
              g_assert_cmpint (effect.captured, ==, moves[chosen].captured);
              captures += effect.captured;
              if (!effect.throws_again && !effect.game_over)
                g_assert_cmpint (pos.to_move, ==, 1 - mover);
            }
        }
      check_notation (&pos, NULL, 0);
      race_rules.outcome (&pos, &outcome);
      g_assert_true (outcome.over);
      g_assert_cmpint (outcome.winner, >=, 0);
      wins[outcome.winner]++;
    }
  g_test_message ("Sun won %u, Moon %u; %u captures, %u throws lost", wins[0], wins[1], captures, losses);
  /* the games are games: both sides win some, pieces are sent back */
  g_assert_cmpuint (wins[0], >, 0);
  g_assert_cmpuint (wins[1], >, 0);
  g_assert_cmpuint (captures, >, 0);
  g_assert_cmpuint (losses, >, 0);
}

/* Hard by rollouts, asked of a game with no evaluation of its own: the
 * rollouts are judged by pieces left, as the search's leaves are */
static void
test_hard_by_rollouts (void)
{
  const KsmPlayerOptions rollouts = { .level = KSM_LEVEL_HARD, .rollouts = 4, .horizon = 6, .candidates = 2 };

  for (guint64 seed = 1; seed <= 5; seed++)
    {
      KsmOptions options = race_options (0);
      KsmPosition pos;
      KsmMove moves[KSM_MAX_MOVES];
      KsmRandom rng;
      guint events = 0;

      ksm_random_seed (&rng, seed);
      race_rules.init (&pos, &options);
      while (pos.phase != KSM_PHASE_OVER)
        {
          g_assert_cmpuint (++events, <, 20000);
          if (pos.phase == KSM_PHASE_THROW)
            race_rules.apply_throw (&pos, ksm_throw_sample (&race_rules.throws, &rng, NULL));
          else
            {
              int n = race_rules.legal_moves (&pos, moves);
              int chosen = pos.to_move == RACE_SUN
                           ? ksm_player_choose_with (&rollouts, &pos, moves, n, &rng)
                           : ksm_player_choose (KSM_LEVEL_RANDOM, &pos, moves, n, &rng);
              g_assert_cmpint (chosen, >=, 0);
              g_assert_cmpint (chosen, <, n);
              race_rules.apply_move (&pos, &moves[chosen], NULL);
            }
        }
    }
}

/* A whole game as a saved game: written, read back by its rules id, and
 * replayed to the same end; and an autosave of a game half played */
static void
test_record_round_trip (void)
{
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      KsmOptions options = race_options (seed % 2 ? RACE_OPT_HEADS_AGAIN : 0);
      g_autoptr(KsmRecord) record = ksm_record_new (&options, PERSONS, seed);
      g_autoptr(KsmRecord) loaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL;
      g_autofree char *end = NULL, *loaded_end = NULL;
      KsmRandom rng;
      KsmPosition pos;

      ksm_random_seed (&rng, seed);
      engine_play (record, &rng, seed % 4 == 0 ? 15 : G_MAXUINT, &pos);
      data = ksm_record_to_data (record, NULL);
      g_assert_nonnull (strstr (data, "\"race\""));
      loaded = ksm_record_new_from_data (data, -1, &error);
      g_assert_no_error (error);
      g_assert_true (ksm_record_get_rules (loaded) == &race_rules);
      assert_records_equal (record, loaded, TRUE);
      end = position_text (&pos);
      loaded_end = record_position_text (loaded);
      g_assert_cmpstr (loaded_end, ==, end);
      /* the record's words name the game's sides */
      {
        KsmPosition start;
        g_autofree char *words = NULL;
        race_rules.init (&start, &options);
        words = ksm_record_describe_event (loaded, &start, ksm_record_get_event (loaded, 0));
        g_assert_nonnull (strstr (words, options.first_player == RACE_SUN ? "Sun" : "Moon"));
      }
    }
}

/* The model plays it: two persons throw and move; undo takes back each
 * move in turn to the position it was made in, redo plays them again, and
 * a game resumed from its record goes on where it stood */
static void
test_model_undo (void)
{
  KsmOptions options = race_options (RACE_OPT_HEADS_AGAIN);
  g_autoptr(KsmGame) game = ksm_game_new (&options, PERSONS, 7);
  g_autoptr(GPtrArray) before_moves = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(KsmGame) resumed = NULL;
  g_autoptr(KsmRecord) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *at_end = NULL, *resumed_text = NULL;
  guint steps = 0;

  g_assert_nonnull (game);
  g_assert_true (ksm_game_get_rules (game) == &race_rules);
  g_assert_false (ksm_game_can_undo (game));
  while (ksm_game_get_phase (game) != KSM_PHASE_OVER && steps < 80)
    {
      if (ksm_game_get_phase (game) == KSM_PHASE_MOVE)
        g_ptr_array_add (before_moves, game_position_text (game));
      person_acts (game, steps++);
    }
  g_assert_cmpuint (before_moves->len, >, 10);
  at_end = game_position_text (game);

  for (guint i = before_moves->len; i > before_moves->len - 10; i--)
    {
      g_autofree char *now = NULL;
      g_assert_true (ksm_game_can_undo (game));
      g_assert_true (ksm_game_undo (game));
      now = game_position_text (game);
      g_assert_cmpstr (now, ==, g_ptr_array_index (before_moves, i - 1));
      g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_MOVE);
    }
  while (ksm_game_can_redo (game))
    g_assert_true (ksm_game_redo (game));
  {
    g_autofree char *again = game_position_text (game);
    g_assert_cmpstr (again, ==, at_end);
  }

  copy = ksm_record_copy (ksm_game_get_record (game));
  resumed = ksm_game_new_from_record (copy, &error);
  g_assert_no_error (error);
  resumed_text = game_position_text (resumed);
  g_assert_cmpstr (resumed_text, ==, at_end);
}

int
main (int argc, char **argv)
{
  race_kind = race_register ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/race/registry", test_registry);
  g_test_add_func ("/race/geometry", test_geometry);
  g_test_add_func ("/race/rules-by-hand", test_rules_by_hand);
  g_test_add_func ("/race/impossible-positions", test_impossible_positions);
  g_test_add_func ("/race/selfplay", test_selfplay);
  g_test_add_func ("/race/hard-by-rollouts", test_hard_by_rollouts);
  g_test_add_func ("/race/record-round-trip", test_record_round_trip);
  g_test_add_func ("/race/model-undo", test_model_undo);
  return g_test_run ();
}
