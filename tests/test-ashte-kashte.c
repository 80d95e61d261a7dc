/* test-ashte-kashte.c: Ashte Kashte by seeds/ashte-kashte.txt and the
 * decisions: the paths and their rings for every colour, the safe squares,
 * the blood rule, captures and their extra throws chaining with a 4, the
 * exact finish, the draw, Falkener's grace, and thousands of random games
 * checked after every event. */
#include <glib.h>
#include <string.h>

#include "ksm-player.h"
#include "ksm-random.h"
#include "ksm-rules.h"

#include "positions-test-util.h"

static const KsmRules *rules;

static KsmPosition
parse (const char *text)
{
  KsmPosition pos;
  char error[KSM_ERROR_MAX] = "";

  if (!rules->parse_position (text, &pos, error, sizeof error))
    g_error ("could not parse \"%s\": %s", text, error);
  return pos;
}

static int
cell (const char *name)
{
  return (name[0] - 'a') + 7 * (name[1] - '1');
}

static int
face_of_value (int value)
{
  return value == 8 ? 4 : value - 1;
}

/* The legal moves of `value` in `text`, as "from-to" words joined by spaces */
static char *
moves_of (const char *text, int value)
{
  KsmPosition pos = parse (text);
  KsmMove moves[KSM_MAX_MOVES];
  GString *out = g_string_new (NULL);
  int n;

  rules->apply_throw (&pos, face_of_value (value));
  n = rules->legal_moves (&pos, moves);
  for (int i = 0; i < n; i++)
    {
      char buf[32];
      rules->format_move (&pos, &moves[i], buf, sizeof buf);
      g_string_append_printf (out, "%s%s", i ? " " : "", buf);
    }
  return g_string_free (out, FALSE);
}

/* Plays `move` (notation) after throwing `value`; returns the effect */
static KsmEffect
play (KsmPosition *pos, int value, const char *move)
{
  KsmMove m;
  KsmEffect effect;
  char error[KSM_ERROR_MAX] = "";

  rules->apply_throw (pos, face_of_value (value));
  if (!rules->parse_move (pos, move, &m, error, sizeof error))
    g_error ("move %s: %s", move, error);
  rules->apply_move (pos, &m, &effect);
  return effect;
}

static void
assert_moves (const char *position, int value, const char *expected)
{
  g_autofree char *got = moves_of (position, value);
  g_assert_cmpstr (got, ==, expected);
}

static void
test_throws (void)
{
  static const int weights[] = { 4, 6, 4, 1, 1 };
  static const int values[] = { 1, 2, 3, 4, 8 };

  g_assert_cmpint (rules->throws.n_objects, ==, 4);
  g_assert_cmpint (rules->throws.n_faces, ==, 5);
  for (int face = 0; face < 5; face++)
    {
      g_assert_cmpint (ksm_rules_face_weight (rules, face), ==, weights[face]);
      g_assert_cmpint (rules->throws.faces[face].value, ==, values[face]);
      g_assert_cmpint (rules->throws.faces[face].throws_again, ==, values[face] >= 4);
    }
  /* no cowrie mouth up is an Ashte, 8 */
  g_assert_cmpint (rules->throws.face_of_pattern (0), ==, 4);
  g_assert_cmpint (rules->throws.face_of_pattern (0xf), ==, 3);
}

static void
test_seats_and_turns (void)
{
  KsmOptions options;
  KsmPosition pos;

  rules->default_options (&options);
  options.n_players = 2;
  g_assert_cmpstr (rules->player_name (&options, 0), ==, "Red");
  g_assert_cmpstr (rules->player_name (&options, 1), ==, "Green");
  options.n_players = 3;
  g_assert_cmpstr (rules->player_name (&options, 1), ==, "Blue");
  g_assert_cmpstr (rules->player_name (&options, 2), ==, "Green");
  options.n_players = 4;
  g_assert_cmpstr (rules->player_name (&options, 3), ==, "Yellow");

  /* Red, Blue, Green, Yellow in turn; a 1 passes the turn */
  rules->init (&pos, &options);
  for (int expected = 0; expected < 5; expected++)
    {
      KsmMove moves[KSM_MAX_MOVES];
      g_assert_cmpint (pos.to_move, ==, expected % 4);
      rules->apply_throw (&pos, 0);
      rules->legal_moves (&pos, moves);
      rules->apply_move (&pos, &moves[0], NULL);
    }
}

/* Every colour's path: out from its start, round the outer ring to index 23,
 * into the middle ring at its safe entry (24), the inner ring at 40, the
 * centre at 48; the four paths are the same turned about d4. */
static void
test_paths_and_rings (void)
{
  static const char *const starts[] = { "d1", "g4", "d7", "a4" };
  static const char *const entries[] = { "c2", "f3", "e6", "b5" };
  static const char *const inner[] = { "c3", "e3", "e5", "c5" };
  static const char *const letters[] = { "R", "B", "G", "Y" };

  for (int colour = 0; colour < 4; colour++)
    {
      g_autoptr(GString) text = g_string_new ("ashte-kashte 4");
      char side[2] = { (char) g_ascii_tolower (letters[colour][0]), 0 };

      for (int p = 0; p < 4; p++)
        g_string_append_printf (text, " %s:%s", letters[p], p == colour ? "0,23,39,47" : "0,0,0,0");
      g_string_append_printf (text, " blood:%s %s - 9", letters[colour], side);

      /* a 1: from the start one on, from 23 into the middle ring at its
       * entry, from 39 into the inner ring, from 47 to the centre */
      g_autofree char *ones = moves_of (text->str, 1);
      g_assert_true (g_str_has_prefix (ones, starts[colour]));
      g_assert_nonnull (strstr (ones, entries[colour]));
      g_assert_nonnull (strstr (ones, inner[colour]));
      g_assert_nonnull (strstr (ones, "-d4"));
      g_assert_true (rules->cell_flags (&(KsmOptions) { .game = KSM_GAME_ASHTE_KASHTE, .length = 7,
                                                        .n_players = 4 }, cell (entries[colour]))
                     & KSM_CELL_SAFE);
    }

  /* Red's whole path walks 49 different squares, a move at a time */
  {
    KsmPosition pos = parse ("ashte-kashte 2 R:0,0,0,0 G:0,0,0,0 blood:R r - 1");
    gboolean seen[49] = { FALSE };
    KsmMove moves[KSM_MAX_MOVES];
    int8_t path[KSM_MAX_PATH];
    seen[cell ("d1")] = TRUE;
    for (int step = 0; step < 48; step++)
      {
        /* the first token walks; the others stay home, so its move is
         * listed first */
        rules->apply_throw (&pos, 0);
        rules->legal_moves (&pos, moves);
        int n_path = rules->move_path (&pos, &moves[0], path);
        g_assert_cmpint (n_path, ==, 1);
        g_assert_cmpint (path[0], ==, moves[0].to);
        rules->apply_move (&pos, &moves[0], NULL);
        g_assert_false (seen[moves[0].to]);
        seen[moves[0].to] = TRUE;
        pos.to_move = 0;   /* Red alone walks */
        /* keep Red's other tokens out of the way: only the first moves */
        pos.u.ashte.token[0][1] = pos.u.ashte.token[0][2] = pos.u.ashte.token[0][3] = 0;
      }
    for (int c = 0; c < 49; c++)
      g_assert_true (seen[c]);
  }
}

static void
test_safe_squares (void)
{
  KsmOptions options;
  int n_safe = 0;

  rules->default_options (&options);
  for (int c = 0; c < 49; c++)
    if (rules->cell_flags (&options, c) & KSM_CELL_SAFE)
      n_safe++;
  g_assert_cmpint (n_safe, ==, 8);

  /* Green's token on Blue's start g4 (a safe square): Red lands beside it */
  assert_moves ("ashte-kashte 2 R:0,0,0,3 G:0,0,0,18 blood:- r - 5", 3,
                "d1-g1 g1-g4");
  {
    KsmPosition pos = parse ("ashte-kashte 2 R:0,0,0,3 G:0,0,0,18 blood:- r - 5");
    KsmEffect effect = play (&pos, 3, "g1-g4");
    KsmCellContent content;
    g_assert_cmpint (effect.captured, ==, 0);
    rules->cell_content (&pos, cell ("g4"), &content);
    g_assert_cmpint (content.counts[0], ==, 1);
    g_assert_cmpint (content.counts[1], ==, 1);
    g_assert_cmpint (pos.to_move, ==, 1);
  }
  /* off a safe square the same landing captures: Green's 19 is a3's
   * mirror g5, Red's 7 */
  {
    KsmPosition pos = parse ("ashte-kashte 2 R:0,0,0,5 G:0,0,0,19 blood:- r - 5");
    KsmEffect effect = play (&pos, 2, "g3-g5x1");
    g_assert_cmpint (effect.captured, ==, 1);
    g_assert_true (effect.throws_again);
    g_assert_cmpint (pos.u.ashte.token[1][3] + pos.u.ashte.token[1][2], ==, 0);
  }
}

static void
test_blood_rule (void)
{
  /* before a capture nothing passes index 23 */
  assert_moves ("ashte-kashte 2 R:0,0,0,21 G:0,0,0,0 blood:- r - 5", 3, "d1-g1");
  /* after one it does, for good */
  assert_moves ("ashte-kashte 2 R:0,0,0,21 G:0,0,0,0 blood:R r - 5", 3, "d1-g1 a1-c2");
  /* the capture that opens it */
  {
    KsmPosition pos = parse ("ashte-kashte 2 R:0,0,5,21 G:0,0,0,19 blood:- r - 5");
    g_autofree char *before = moves_of ("ashte-kashte 2 R:0,0,5,21 G:0,0,0,19 blood:- r - 5", 3);
    g_assert_null (strstr (before, "a1-c2"));
    play (&pos, 2, "g3-g5x1");
    g_assert_true (pos.u.ashte.blooded & 1u);
    g_assert_cmpint (pos.to_move, ==, 0);
    rules->apply_throw (&pos, face_of_value (3));
    KsmMove moves[KSM_MAX_MOVES];
    int n = rules->legal_moves (&pos, moves);
    gboolean into_middle = FALSE;
    for (int i = 0; i < n; i++)
      into_middle |= moves[i].to == cell ("c2");
    g_assert_true (into_middle);
  }
  /* the option off: open to all */
  assert_moves ("ashte-kashte 2 R:0,0,0,21 G:0,0,0,0 blood:- r - 5 blood-rule=off", 3, "d1-g1 a1-c2");
}

static void
test_capture_chains_with_four (void)
{
  /* a 4 that captures throws again, and so does the capture after it;
   * a plain move then passes the turn */
  KsmPosition pos = parse ("ashte-kashte 2 R:0,0,0,3 G:0,0,19,20 blood:- r - 5");
  KsmEffect effect;

  effect = play (&pos, 4, "g1-g5x1");
  g_assert_true (effect.throws_again);
  g_assert_cmpint (pos.to_move, ==, 0);
  effect = play (&pos, 1, "g5-g6x1");
  g_assert_true (effect.throws_again);
  g_assert_cmpint (pos.to_move, ==, 0);
  effect = play (&pos, 2, "d1-f1");
  g_assert_false (effect.throws_again);
  g_assert_cmpint (pos.to_move, ==, 1);

  /* without the capture option only the 4 and the 8 throw again */
  pos = parse ("ashte-kashte 2 R:0,0,0,5 G:0,0,0,19 blood:- r - 5 capture-extra=off");
  effect = play (&pos, 2, "g3-g5x1");
  g_assert_false (effect.throws_again);
  g_assert_cmpint (pos.to_move, ==, 1);

  /* a 4 or an 8 that cannot be used still throws again */
  pos = parse ("ashte-kashte 2 R:23,23,23,23 G:0,0,0,0 blood:- r - 5");
  rules->apply_throw (&pos, face_of_value (8));
  {
    KsmMove moves[KSM_MAX_MOVES];
    KsmEffect lost;
    g_assert_cmpint (rules->legal_moves (&pos, moves), ==, 1);
    g_assert_cmpint (moves[0].kind, ==, KSM_MOVE_LOSE);
    rules->apply_move (&pos, &moves[0], &lost);
    g_assert_true (lost.throws_again);
    g_assert_cmpint (pos.to_move, ==, 0);
  }
}

static void
test_exact_finish (void)
{
  KsmPosition pos;
  KsmOutcome outcome;

  /* from 45 a 4 overshoots; a 3 reaches the centre */
  assert_moves ("ashte-kashte 2 R:48,48,48,45 G:0,0,0,0 blood:R r - 5", 4, "lost");
  assert_moves ("ashte-kashte 2 R:48,48,48,45 G:0,0,0,0 blood:R r - 5", 3, "d5-d4");
  pos = parse ("ashte-kashte 2 R:48,48,48,45 G:0,0,0,0 blood:R r - 5");
  play (&pos, 3, "d5-d4");
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_OVER);
  rules->outcome (&pos, &outcome);
  g_assert_true (outcome.over);
  g_assert_cmpint (outcome.winner, ==, 0);
  g_assert_cmpint (outcome.reason, ==, KSM_END_ALL_HOME);
}

/* rules-decisions.md, "the centre": d4 is home. A token there is finished:
 * a token arriving beside it captures nothing, and it never moves again. */
static void
test_centre_is_home (void)
{
  const char *text = "ashte-kashte 2 R:0,0,0,47 G:0,0,0,48 blood:RG r - 99";
  KsmPosition pos = parse (text);
  KsmEffect effect;
  KsmCellContent content;

  assert_moves (text, 1, "d1-e1 c4-d4");
  effect = play (&pos, 1, "c4-d4");
  g_assert_cmpint (effect.captured, ==, 0);
  g_assert_cmpint (effect.captured_player, ==, -1);
  g_assert_false (effect.throws_again);
  g_assert_cmpint (pos.u.ashte.token[1][3], ==, 48);
  rules->cell_content (&pos, cell ("d4"), &content);
  g_assert_cmpint (content.counts[0], ==, 1);
  g_assert_cmpint (content.counts[1], ==, 1);
  /* a claimed capture there is refused */
  {
    KsmPosition again = parse (text);
    KsmMove m;
    char error[KSM_ERROR_MAX] = "";
    rules->apply_throw (&again, face_of_value (1));
    g_assert_false (rules->parse_move (&again, "c4-d4x1", &m, error, sizeof error));
  }
  /* nor does the blood a capture would draw come from it */
  pos = parse ("ashte-kashte 2 R:0,0,0,23 G:0,0,0,0 blood:- r - 9 blood-rule=off");
  pos.u.ashte.token[0][3] = 47;
  pos.u.ashte.token[1][3] = 48;
  effect = play (&pos, 1, "c4-d4");
  g_assert_cmpint (effect.captured, ==, 0);
  g_assert_cmpint (pos.u.ashte.blooded, ==, 0);

  /* a finished token never moves: with every other token home, each throw
   * is lost */
  for (int value = 1; value <= 8; value = value == 4 ? 8 : value + 1)
    assert_moves ("ashte-kashte 2 R:48,48,48,45 G:0,0,0,48 blood:RG g - 5", value,
                  value == 1 ? "d7-c7" : value == 2 ? "d7-b7" : value == 3 ? "d7-a7"
                  : value == 4 ? "d7-a6" : "d7-a2");
  {
    KsmPosition home = parse ("ashte-kashte 3 R:48,48,48,41 B:0,0,0,0 G:0,0,0,0 blood:R r - 5");
    KsmMove moves[KSM_MAX_MOVES];
    rules->apply_throw (&home, face_of_value (8));
    g_assert_cmpint (rules->legal_moves (&home, moves), ==, 1);
    g_assert_cmpint (moves[0].kind, ==, KSM_MOVE_LOSE);
  }
}

static void
test_draw (void)
{
  KsmPosition pos = parse ("ashte-kashte 2 R:23,23,23,23 G:22,23,23,23 blood:- g - 5");
  KsmOutcome outcome;

  play (&pos, 1, "f7-e7");
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_OVER);
  rules->outcome (&pos, &outcome);
  g_assert_true (outcome.over);
  g_assert_cmpint (outcome.winner, ==, -1);
  g_assert_cmpint (outcome.reason, ==, KSM_END_BLOCKED);

  /* one colour with blood: no draw */
  pos = parse ("ashte-kashte 2 R:23,23,23,23 G:22,23,23,23 blood:R g - 5");
  play (&pos, 1, "f7-e7");
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_THROW);
}

static void
test_grace (void)
{
  KsmOptions options;
  KsmPosition pos;

  rules->default_options (&options);
  options.flags |= KSM_OPT_ASHTE_GRACE;
  options.n_players = 2;
  rules->init (&pos, &options);
  g_assert_cmpint (pos.u.ashte.token[0][0], ==, -1);

  /* only a 4 or an 8 enters, onto the start square */
  assert_moves ("ashte-kashte 2 R:x,x,x,x G:x,x,x,x blood:- r - 0 grace=on", 3, "lost");
  assert_moves ("ashte-kashte 2 R:x,x,x,x G:x,x,x,x blood:- r - 0 grace=on", 4, "in-d1");
  assert_moves ("ashte-kashte 2 R:x,x,x,x G:x,x,x,x blood:- r - 0 grace=on", 8, "in-d1");

  /* a captured token goes back off the board */
  pos = parse ("ashte-kashte 2 R:x,x,x,5 G:x,x,x,19 blood:- r - 5 grace=on");
  play (&pos, 2, "g3-g5x1");
  g_assert_cmpint (pos.u.ashte.token[1][0] + pos.u.ashte.token[1][1] + pos.u.ashte.token[1][2]
                   + pos.u.ashte.token[1][3], ==, -4);
}

/* rules-decisions.md, "tokens at the start", under grace: a captured token
 * goes back off the board, not to its start square, and must enter again
 * with a 4 or an 8, as in Falkener and Ludii. */
static void
test_grace_capture_reenters (void)
{
  KsmPosition pos = parse ("ashte-kashte 2 R:0,0,0,5 G:0,0,0,19 blood:- r - 5 grace=on");
  char text[KSM_NOTATION_MAX];
  KsmEffect effect;

  effect = play (&pos, 2, "g3-g5x1");
  g_assert_cmpint (effect.captured, ==, 1);
  g_assert_cmpint (effect.captured_player, ==, 1);
  rules->format_position (&pos, text, sizeof text);
  g_assert_cmpstr (text, ==, "ashte-kashte 2 R:0,0,0,7 G:x,0,0,0 blood:R r - 6 grace=on");

  /* Green's captured token waits off the board: a 1, 2 or 3 moves only the
   * tokens on the board; a 4 or an 8 may bring it in on d7 */
  assert_moves ("ashte-kashte 2 R:0,0,0,7 G:x,0,0,0 blood:R g - 7 grace=on", 1, "d7-c7");
  assert_moves ("ashte-kashte 2 R:0,0,0,7 G:x,0,0,0 blood:R g - 7 grace=on", 3, "d7-a7");
  assert_moves ("ashte-kashte 2 R:0,0,0,7 G:x,0,0,0 blood:R g - 7 grace=on", 4, "in-d7 d7-a6");
  assert_moves ("ashte-kashte 2 R:0,0,0,7 G:x,0,0,0 blood:R g - 7 grace=on", 8, "in-d7 d7-a2");
  assert_moves ("ashte-kashte 2 R:0,0,0,7 G:x,x,x,x blood:R g - 7 grace=on", 2, "lost");

  /* without grace the same capture sends it to its start square */
  pos = parse ("ashte-kashte 2 R:0,0,0,5 G:0,0,0,19 blood:- r - 5");
  play (&pos, 2, "g3-g5x1");
  rules->format_position (&pos, text, sizeof text);
  g_assert_cmpstr (text, ==, "ashte-kashte 2 R:0,0,0,7 G:0,0,0,0 blood:R r - 6");
}

static void
test_notation (void)
{
  static const char *const good[] = {
    "ashte-kashte 4 R:0,0,0,0 B:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 blood:- r - 0",
    "ashte-kashte 2 R:0,5,23,40 G:0,3,10,23 blood:R g 8 17",
    "ashte-kashte 3 R:1,2,3,4 B:0,0,0,0 G:5,6,7,8 blood:RB b - 3 capture-extra=off",
    "ashte-kashte 2 R:x,x,0,2 G:x,x,x,x blood:- r 4 9 grace=on",
  };
  static const char *const bad[] = {
    "", "kasimala 2 R:0,0,0,0 G:0,0,0,0 blood:- r - 0",
    "ashte-kashte 5 R:0,0,0,0 G:0,0,0,0 blood:- r - 0",
    "ashte-kashte 2 R:0,0,0 G:0,0,0,0 blood:- r - 0",
    "ashte-kashte 2 R:0,0,0,49 G:0,0,0,0 blood:R r - 0",
    "ashte-kashte 2 R:0,0,0,30 G:0,0,0,0 blood:- r - 0",
    "ashte-kashte 2 R:x,0,0,0 G:0,0,0,0 blood:- r - 0",
    "ashte-kashte 2 R:0,0,0,0 G:0,0,0,0 blood:- b - 0",
    "ashte-kashte 2 R:0,0,0,0 G:0,0,0,0 blood:- r 5 1",
    "ashte-kashte 2 R:0,0,0,0 G:0,0,0,0 blood:- r 2 0",
    "ashte-kashte 2 R:0,0,0,0 G:0,0,0,0 blood:Y r - 0",
    "ashte-kashte 2 R:0,0,0,0 G:0,0,0,0 blood:- r - 0 grace=maybe",
    "ashte-kashte 2 R:0,0,0,0  G:0,0,0,0 blood:- r - 0",
    /* found by fuzzing: 2^32 + 5 overflowed to 5 and was taken */
    "ashte-kashte 2 R:4294967301,0,0,0 G:0,0,0,0 blood:- r - 0",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (good); i++)
    {
      KsmPosition pos = parse (good[i]);
      char text[KSM_NOTATION_MAX];
      rules->format_position (&pos, text, sizeof text);
      g_assert_cmpstr (text, ==, good[i]);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      KsmPosition pos;
      char error[KSM_ERROR_MAX] = "";
      g_assert_false (rules->parse_position (bad[i], &pos, error, sizeof error));
      g_assert_cmpstr (error, !=, "");
      g_assert_null (strchr (error, '\n'));
    }
}

/* rules-decisions.md, "Positions that cannot arise": refused with a message
 * that names the square or the field */
static void
test_cannot_arise (void)
{
  static const RefusedPosition refused[] = {
    /* Red's 1 and Green's 13 are both e1, which is not safe */
    { "ashte-kashte 2 R:0,0,0,1 G:0,0,0,13 blood:- r - 9", "e1" },
    /* Blue's 22 and Green's 16 are g2, the square of the old rules-pane example */
    { "ashte-kashte 4 R:0,0,0,0 B:0,0,0,22 G:0,0,0,16 Y:0,0,0,0 blood:- r - 5", "g2" },
    /* the inner ring: Red's 41 is d3, Blue's 47 */
    { "ashte-kashte 3 R:0,0,0,41 B:0,0,0,47 G:0,0,0,0 blood:RB r - 9", "d3" },
    { "ashte-kashte 2 R:0,0,0,0 G:0,0,0,0 blood:- r - 0 grace=on grace=off", "grace" },
    { "ashte-kashte 2 R:0,0,0,0 G:0,0,0,0 blood:- r - 0 blood-rule=off blood-rule=off", "blood-rule" },
  };
  static const char *const accepted[] = {
    /* a safe square holds several colours: g4 is Red's 6 and Blue's 0 */
    "ashte-kashte 3 R:0,0,0,6 B:0,0,0,0 G:0,0,0,0 blood:- r - 9",
    /* c2, Red's way in, is Green's 20 */
    "ashte-kashte 2 R:0,0,0,24 G:0,0,0,20 blood:R r - 9",
    /* and so does the centre, home */
    "ashte-kashte 2 R:0,0,0,48 G:0,0,0,48 blood:RG r - 99",
    /* tokens off the board share nothing */
    "ashte-kashte 2 R:x,x,x,x G:x,x,x,x blood:- r - 0 grace=on",
  };

  assert_positions_refused (rules, refused, G_N_ELEMENTS (refused));
  assert_positions_accepted (rules, accepted, G_N_ELEMENTS (accepted));
}

/* Random games, checked after every event */
static void
check_invariants (const KsmPosition *pos, uint8_t blood_before)
{
  KsmOptions options = pos->options;
  int on_cells[KSM_MAX_PLAYERS] = { 0 };

  /* blood once drawn stays */
  g_assert_cmpint (pos->u.ashte.blooded & blood_before, ==, blood_before);
  for (int c = 0; c < 49; c++)
    {
      KsmCellContent content;
      int colours = 0;
      rules->cell_content (pos, c, &content);
      for (int p = 0; p < options.n_players; p++)
        {
          on_cells[p] += content.counts[p];
          colours += content.counts[p] > 0;
        }
      /* only safe squares and the centre, home, hold several colours */
      if (!(rules->cell_flags (&options, c) & (KSM_CELL_SAFE | KSM_CELL_GOAL)))
        g_assert_cmpint (colours, <=, 1);
    }
  for (int p = 0; p < options.n_players; p++)
    {
      int off = 0;
      for (int t = 0; t < 4; t++)
        {
          int index = pos->u.ashte.token[p][t];
          g_assert_cmpint (index, >=, -1);
          g_assert_cmpint (index, <=, 48);
          off += index < 0;
          if ((options.flags & KSM_OPT_ASHTE_BLOOD_RULE) && !(pos->u.ashte.blooded >> p & 1u))
            g_assert_cmpint (index, <=, 23);
        }
      /* every token is somewhere: on a square or waiting to enter */
      g_assert_cmpint (on_cells[p] + off, ==, 4);
    }
  g_assert_cmpint (pos->to_move, <, options.n_players);
}

static void
test_random_games (void)
{
  static const struct { int players; uint32_t flags_off; uint32_t flags_on; int games; } runs[] = {
    { 2, 0, 0, 1500 },
    { 3, 0, 0, 600 },
    { 4, 0, 0, 600 },
    { 4, KSM_OPT_ASHTE_BLOOD_RULE, 0, 300 },
    { 2, KSM_OPT_ASHTE_CAPTURE_EXTRA, 0, 300 },
    { 4, 0, KSM_OPT_ASHTE_GRACE, 15 },
  };
  KsmRandom rng;
  guint64 events = 0;

  ksm_random_seed (&rng, 20261130);
  for (gsize r = 0; r < G_N_ELEMENTS (runs); r++)
    for (int g = 0; g < runs[r].games; g++)
      {
        KsmOptions options;
        KsmPosition pos;
        KsmMove moves[KSM_MAX_MOVES];

        rules->default_options (&options);
        options.n_players = (uint8_t) runs[r].players;
        options.flags = (options.flags & ~runs[r].flags_off) | runs[r].flags_on;
        rules->init (&pos, &options);
        while (pos.phase != KSM_PHASE_OVER)
          {
            uint8_t blood = pos.u.ashte.blooded;
            g_assert_cmpuint (pos.throw_count, <, 1000000);
            if (pos.phase == KSM_PHASE_THROW)
              rules->apply_throw (&pos, ksm_throw_sample (&rules->throws, &rng, NULL));
            else
              {
                int n = rules->legal_moves (&pos, moves);
                int chosen = (int) ksm_random_below (&rng, (uint32_t) n);
                int8_t path[KSM_MAX_PATH];
                g_assert_cmpint (n, >=, 1);
                if (moves[chosen].kind != KSM_MOVE_LOSE)
                  {
                    int n_path = rules->move_path (&pos, &moves[chosen], path);
                    g_assert_cmpint (n_path, >=, 1);
                    g_assert_cmpint (path[n_path - 1], ==, moves[chosen].to);
                  }
                rules->apply_move (&pos, &moves[chosen], NULL);
              }
            check_invariants (&pos, blood);
            if (++events % 11 == 0)
              {
                char text[KSM_NOTATION_MAX], again[KSM_NOTATION_MAX];
                KsmPosition parsed;
                char error[KSM_ERROR_MAX];
                rules->format_position (&pos, text, sizeof text);
                g_assert_true (rules->parse_position (text, &parsed, error, sizeof error));
                rules->format_position (&parsed, again, sizeof again);
                g_assert_cmpstr (text, ==, again);
              }
          }
        KsmOutcome outcome;
        rules->outcome (&pos, &outcome);
        g_assert_true (outcome.over);
      }
}

/* The queries the views ask instead of reading the position: the blood
 * drawn, the start squares, the colours' looks and why a throw is lost. */
static void
test_queries (void)
{
  KsmPosition pos = parse ("ashte-kashte 2 R:0,0,0,3 G:0,0,0,18 blood:G r - 5");
  KsmOptions options = pos.options;

  g_assert_cmpuint (ksm_rules_player_flags (rules, &pos, 0), ==, KSM_PLAYER_BLOOD_RULE);
  g_assert_cmpuint (ksm_rules_player_flags (rules, &pos, 1), ==, KSM_PLAYER_BLOOD_RULE | KSM_PLAYER_BLOODED);
  pos = parse ("ashte-kashte 2 R:0,0,0,3 G:0,0,0,18 blood:G r - 5 blood-rule=off");
  g_assert_cmpuint (ksm_rules_player_flags (rules, &pos, 0), ==, 0);
  g_assert_cmpuint (ksm_rules_player_flags (rules, &pos, 1), ==, KSM_PLAYER_BLOODED);

  /* two players are Red and Green, starting mid-side at the bottom and top */
  g_assert_cmpint (ksm_rules_start_cell (rules, &options, 0), ==, cell ("d1"));
  g_assert_cmpint (ksm_rules_start_cell (rules, &options, 1), ==, cell ("d7"));
  g_assert_cmpint (ksm_rules_start_cell (rules, &options, 2), ==, -1);
  g_assert_cmpuint (ksm_rules_cell_flags (rules, &options, cell ("d1")), ==, KSM_CELL_SAFE | KSM_CELL_ENTRY);
  g_assert_cmpuint (ksm_rules_cell_flags (rules, &options, cell ("d4")), ==, KSM_CELL_GOAL);
  g_assert_cmpstr (ksm_rules_style_key (rules, &options, 0), ==, "red");
  g_assert_cmpstr (ksm_rules_style_key (rules, &options, 1), ==, "green");
  pos = parse ("ashte-kashte 4 R:0,0,0,0 B:0,0,0,0 G:0,0,0,0 Y:0,0,0,0 blood:- r - 5");
  g_assert_cmpstr (ksm_rules_style_key (rules, &pos.options, 1), ==, "blue");
  g_assert_cmpstr (ksm_rules_style_key (rules, &pos.options, 3), ==, "yellow");
  g_assert_cmpint (ksm_rules_next_to_start (rules, &pos, 0), ==, -1);
  g_assert_false (ksm_rules_holds_throws (rules));

  /* 21 + 4 is past the outer ring before a capture */
  pos = parse ("ashte-kashte 2 R:21,21,21,21 G:0,0,0,0 blood:- r 4 5");
  g_assert_cmpint (ksm_rules_lost_reason (rules, &pos), ==, KSM_LOST_NEEDS_BLOOD);
  /* the centre takes the exact count */
  pos = parse ("ashte-kashte 2 R:46,48,48,48 G:0,0,0,0 blood:R r 3 5");
  g_assert_cmpint (ksm_rules_lost_reason (rules, &pos), ==, KSM_LOST_OVERSHOOT);
  /* under grace only a 4 or an 8 enters */
  pos = parse ("ashte-kashte 2 R:x,x,x,x G:x,x,x,x blood:- r 2 5 grace=on");
  g_assert_cmpint (ksm_rules_lost_reason (rules, &pos), ==, KSM_LOST_NEEDS_ENTRY);
  g_assert_cmpint (ksm_rules_start_cell (rules, &pos.options, 0), ==, cell ("d1"));
  pos = parse ("ashte-kashte 2 R:x,x,x,21 G:x,x,x,x blood:- r 3 5 grace=on");
  g_assert_cmpint (ksm_rules_lost_reason (rules, &pos), ==, KSM_LOST_SEVERAL);
  pos = parse ("ashte-kashte 2 R:0,0,0,3 G:0,0,0,18 blood:- r 3 5");
  g_assert_cmpint (ksm_rules_lost_reason (rules, &pos), ==, KSM_LOST_NONE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  rules = ksm_rules_lookup ("ashte-kashte");
  g_assert_nonnull (rules);

  g_test_add_func ("/ashte-kashte/throws", test_throws);
  g_test_add_func ("/ashte-kashte/seats-and-turns", test_seats_and_turns);
  g_test_add_func ("/ashte-kashte/paths-and-rings", test_paths_and_rings);
  g_test_add_func ("/ashte-kashte/safe-squares", test_safe_squares);
  g_test_add_func ("/ashte-kashte/blood-rule", test_blood_rule);
  g_test_add_func ("/ashte-kashte/capture-chains-with-four", test_capture_chains_with_four);
  g_test_add_func ("/ashte-kashte/exact-finish", test_exact_finish);
  g_test_add_func ("/ashte-kashte/centre-is-home", test_centre_is_home);
  g_test_add_func ("/ashte-kashte/draw", test_draw);
  g_test_add_func ("/ashte-kashte/grace", test_grace);
  g_test_add_func ("/ashte-kashte/grace-capture-reenters", test_grace_capture_reenters);
  g_test_add_func ("/ashte-kashte/notation", test_notation);
  g_test_add_func ("/ashte-kashte/cannot-arise", test_cannot_arise);
  g_test_add_func ("/ashte-kashte/random-games", test_random_games);
  g_test_add_func ("/ashte-kashte/queries", test_queries);
  return g_test_run ();
}
