/* test-asi-keliya.c: Asi Keliya by seeds/asi-keliya.txt and the decisions:
 * So-hatara and the odds, the sequence of throws and its splitting, entry,
 * passing with and without a So-hatara, corners, the home row, the pair
 * re-entering together, groups in hand entering apart, captures counted
 * once, the team win, and thousands of random games. */
#include <glib.h>
#include <string.h>

#include "ksm-random.h"
#include "ksm-rules.h"

#include "positions-test-util.h"

static const KsmRules *rules;

enum { ZERO, ONE, TWO, THREE, SO_HATARA, FOUR, FIVE, SIX };

static KsmPosition
parse (const char *text)
{
  KsmPosition pos;
  char error[KSM_ERROR_MAX] = "";

  if (!rules->parse_position (text, &pos, error, sizeof error))
    g_error ("could not parse \"%s\": %s", text, error);
  return pos;
}

static char *
format (const KsmPosition *pos)
{
  char text[KSM_NOTATION_MAX];
  rules->format_position (pos, text, sizeof text);
  return g_strdup (text);
}

/* The legal moves in `text` (which must await play), joined by spaces */
static char *
moves_in (const char *text)
{
  KsmPosition pos = parse (text);
  KsmMove moves[KSM_MAX_MOVES];
  GString *out = g_string_new (NULL);
  int n = rules->legal_moves (&pos, moves);

  for (int i = 0; i < n; i++)
    {
      char buf[32];
      rules->format_move (&pos, &moves[i], buf, sizeof buf);
      g_string_append_printf (out, "%s%s", i ? " " : "", buf);
    }
  return g_string_free (out, FALSE);
}

static void
assert_moves (const char *text, const char *expected)
{
  g_autofree char *got = moves_in (text);
  g_assert_cmpstr (got, ==, expected);
}

static gboolean
has_move (const char *text, const char *move)
{
  g_autofree char *got = moves_in (text);
  g_auto(GStrv) words = g_strsplit (got, " ", -1);
  return g_strv_contains ((const char *const *) words, move);
}

static void
play (KsmPosition *pos, const char *move, KsmEffect *effect)
{
  KsmMove m;
  char error[KSM_ERROR_MAX] = "";

  if (!rules->parse_move (pos, move, &m, error, sizeof error))
    g_error ("move %s: %s", move, error);
  rules->apply_move (pos, &m, effect);
}

static void
test_so_hatara_and_odds (void)
{
  static const int weights[] = { 1, 6, 15, 10, 10, 15, 6, 1 };
  static const int values[] = { 0, 1, 2, 3, 4, 4, 5, 6 };

  g_assert_cmpint (rules->throws.n_objects, ==, 6);
  g_assert_cmpint (rules->throws.n_faces, ==, 8);
  for (int face = 0; face < 8; face++)
    {
      g_assert_cmpint (ksm_rules_face_weight (rules, face), ==, weights[face]);
      g_assert_cmpint (rules->throws.faces[face].value, ==, values[face]);
    }
  /* three mouths up: So-hatara when the yellow one (bit 0) is down */
  g_assert_cmpint (rules->throws.face_of_pattern (0x0e), ==, SO_HATARA);
  g_assert_cmpint (rules->throws.face_of_pattern (0x38), ==, SO_HATARA);
  g_assert_cmpint (rules->throws.face_of_pattern (0x07), ==, THREE);
  g_assert_cmpint (rules->throws.face_of_pattern (0x31), ==, THREE);
  g_assert_cmpint (rules->throws.face_of_pattern (0x00), ==, ZERO);
  g_assert_cmpint (rules->throws.face_of_pattern (0x3f), ==, SIX);
  g_assert_cmpstr (rules->throws.faces[SO_HATARA].name, ==, "so-hatara");

  /* 64,000 sampled throws: chi-square below the 0.999 point for 7 df */
  {
    KsmRandom rng;
    int counts[8] = { 0 };
    double chi = 0;
    ksm_random_seed (&rng, 7);
    for (int i = 0; i < 64000; i++)
      counts[ksm_throw_sample (&rules->throws, &rng, NULL)]++;
    for (int face = 0; face < 8; face++)
      {
        double expected = 1000.0 * weights[face];
        chi += (counts[face] - expected) * (counts[face] - expected) / expected;
      }
    g_assert_cmpfloat (chi, <, 24.32);
  }
}

static void
test_sequence (void)
{
  KsmPosition pos = parse ("asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw - 0");
  g_autofree char *text = NULL;

  /* a 1, a 5 and a So-hatara throw again; a 3 ends the sequence */
  rules->apply_throw (&pos, ONE);
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_THROW);
  rules->apply_throw (&pos, FIVE);
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_THROW);
  rules->apply_throw (&pos, THREE);
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_MOVE);
  text = format (&pos);
  g_assert_cmpstr (text, ==, "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 153 3");

  /* 0 and 6 end it too; a 0 adds nothing */
  pos = parse ("asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw - 0");
  rules->apply_throw (&pos, ZERO);
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_MOVE);
  assert_moves ("asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play - 1", "lost");
  pos = parse ("asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw 1 1");
  rules->apply_throw (&pos, SIX);
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_MOVE);

  /* each throw moves one piece by its whole value; the throws may go to
   * different pieces, in any order */
  assert_moves ("asi-keliya S:h,h,0,2 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 23 4",
                "2:S0-Sm2 3:S0-Sm3 2:Sm2-Sm4 3:Sm2-Sn4");
  {
    KsmEffect effect;
    pos = parse ("asi-keliya S:h,h,0,2 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 23 4");
    play (&pos, "2:S0-Sm2", &effect);
    g_assert_cmpint (pos.phase, ==, KSM_PHASE_MOVE);
    g_assert_cmpint (pos.to_move, ==, 0);
    play (&pos, "3:Sm2-Sn4", &effect);
    /* every throw played: East's turn */
    g_assert_cmpint (pos.phase, ==, KSM_PHASE_THROW);
    g_assert_cmpint (pos.to_move, ==, 1);
    g_free (text);
    text = format (&pos);
    g_assert_cmpstr (text, ==, "asi-keliya S:h,h,2,5 E:h,h,h,h N:h,h,h,h W:h,h,h,h e throw - 4");
  }
}

static void
test_split_with_so_hatara (void)
{
  /* a So-hatara and a 2: six units, split as the player likes */
  KsmPosition pos = parse ("asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw S 1");
  g_autofree char *text = NULL;
  KsmEffect effect;

  rules->apply_throw (&pos, TWO);
  text = format (&pos);
  g_assert_cmpstr (text, ==, "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play S2 pool:6 2");
  /* entering takes one unit */
  play (&pos, "in-S0", &effect);
  play (&pos, "S0-Sm2", &effect);
  play (&pos, "in-S0", &effect);
  g_clear_pointer (&text, g_free);
  text = format (&pos);
  g_assert_cmpstr (text, ==, "asi-keliya S:h,h,0,2 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play S2 pool:2 2");
  /* any amount up to the pool */
  g_assert_true (has_move (text, "Sm2-Sm4"));
  g_assert_true (has_move (text, "S0-Sm1"));
  g_assert_false (has_move (text, "Sm2-Sn4"));
  play (&pos, "Sm2-Sm3", &effect);
  play (&pos, "S0-Sm1", &effect);
  g_assert_cmpint (pos.to_move, ==, 1);
}

static void
test_entry (void)
{
  /* only a 1, a 5 or a unit of a So-hatara enters */
  assert_moves ("asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 3 1", "lost");
  assert_moves ("asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 6 1", "lost");
  assert_moves ("asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 12 2", "1:in-S0");
  assert_moves ("asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 52 2", "5:in-S0");
  g_assert_true (has_move ("asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play S3 pool:7 2",
                           "in-S0"));
  /* the entered piece can then use the other throw */
  {
    KsmPosition pos = parse ("asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 13 2");
    KsmEffect effect;
    play (&pos, "1:in-S0", &effect);
    g_autofree char *text = format (&pos);
    g_assert_cmpstr (text, ==, "asi-keliya S:h,h,h,0 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 3 2");
    assert_moves (text, "3:S0-Sm3");
  }
}

/* East's piece on South's Sn2 (South's index 7, East's 37) */
static void
test_passing (void)
{
  /* no passing the other team without a So-hatara: the 3 cannot be used */
  assert_moves ("asi-keliya S:h,h,h,5 E:h,h,h,37 N:h,h,h,h W:h,h,h,h s play 3 1", "lost");
  /* landing on it sends it back */
  assert_moves ("asi-keliya S:h,h,h,5 E:h,h,h,37 N:h,h,h,h W:h,h,h,h s play 2 1", "2:Sn4-Sn2x1");
  /* with a So-hatara it may pass, and sends back what it passes */
  {
    const char *text = "asi-keliya S:h,h,h,5 E:h,h,h,37 N:h,h,h,h W:h,h,h,h s play S pool:4 1";
    KsmPosition pos = parse (text);
    KsmEffect effect;
    g_assert_true (has_move (text, "Sn4-Sn1x1"));
    play (&pos, "Sn4-Sn1x1", &effect);
    g_assert_cmpint (effect.captured, ==, 1);
    g_assert_cmpint (pos.u.asi.piece[1][3] + pos.u.asi.piece[1][0], ==, -2);
  }
  /* the rule off: pieces pass freely and send nothing back by passing */
  assert_moves ("asi-keliya S:h,h,h,5 E:h,h,h,37 N:h,h,h,h W:h,h,h,h s play 3 1 passing=off",
                "3:Sn4-Sn1");
  /* a partner is no obstacle: North's piece on South's Sn2 (North's 17) */
  assert_moves ("asi-keliya S:h,h,h,5 E:h,h,h,h N:h,h,h,17 W:h,h,h,h s play 3 1", "3:Sn4-Sn1");
}

/* The south-east corner: South's index 9, East's 39 */
static void
test_corners (void)
{
  KsmPosition pos;
  KsmEffect effect;
  KsmCellContent content;
  int corner = -1;

  for (int c = 0; c < rules->n_cells (&pos.options); c++)
    {
      char name[8];
      rules->cell_name (&pos.options, c, name, sizeof name);
      if (strcmp (name, "SE") == 0)
        corner = c;
    }
  g_assert_cmpint (corner, >=, 0);
  g_assert_true (rules->cell_flags (&pos.options, corner) & KSM_CELL_SAFE);

  /* landing on a corner the other team holds: both stay */
  pos = parse ("asi-keliya S:h,h,h,5 E:h,h,h,39 N:h,h,h,h W:h,h,h,h s play 4 1");
  play (&pos, "4:Sn4-SE", &effect);
  g_assert_cmpint (effect.captured, ==, 0);
  rules->cell_content (&pos, corner, &content);
  g_assert_cmpint (content.counts[0], ==, 1);
  g_assert_cmpint (content.counts[1], ==, 1);

  /* passing it with a So-hatara does not send it back */
  pos = parse ("asi-keliya S:h,h,h,8 E:h,h,h,39 N:h,h,h,h W:h,h,h,h s play S pool:4 1");
  play (&pos, "Sn1-Ep1", &effect);
  g_assert_cmpint (effect.captured, ==, 0);
  g_assert_cmpint (pos.u.asi.piece[1][3], ==, 39);
}

static void
test_home_row (void)
{
  /* from 44 one step at a time, with a 1 */
  assert_moves ("asi-keliya S:h,h,h,44 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 2 1", "lost");
  assert_moves ("asi-keliya S:h,h,h,44 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 3 1", "lost");
  {
    g_autofree char *moves = moves_in ("asi-keliya S:h,h,H,47 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 1 1");
    g_assert_cmpstr (moves, ==, "1:in-S0 1:Sm1-H");
  }
  /* from before 44 a move ends on 44 at the furthest */
  assert_moves ("asi-keliya S:h,h,h,42 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 3 1", "lost");
  assert_moves ("asi-keliya S:h,h,h,42 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 2 1", "2:Sp3-Sm4");
  /* and with a pool too: one unit a move on the home row */
  {
    g_autofree char *moves = moves_in ("asi-keliya S:H,H,44,40 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play S pool:4 1");
    g_assert_cmpstr (moves, ==, "Sm4-Sm3 Sp1-Sp2 Sp1-Sp3 Sp1-Sp4 Sp1-Sm4");
  }
  /* pieces on their home row are drawn on their side */
  {
    KsmPosition pos = parse ("asi-keliya S:h,h,h,45 E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw - 1");
    KsmCellContent content;
    int cell = -1;
    for (int c = 0; c < rules->n_cells (&pos.options); c++)
      {
        char name[8];
        rules->cell_name (&pos.options, c, name, sizeof name);
        if (strcmp (name, "Sm3") == 0)
          cell = c;
      }
    rules->cell_content (&pos, cell, &content);
    g_assert_cmpint (content.counts[0], ==, 1);
    g_assert_true (content.home_row & 1u);
  }
  /* the own arm's middle line is passed twice, going out (2: Sm2) and
   * coming home (46: Sm2 again): a cell holds both */
  {
    KsmPosition pos = parse ("asi-keliya S:h,h,2,46 E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw - 1");
    KsmCellContent content;
    for (int c = 0; c < rules->n_cells (&pos.options); c++)
      {
        char name[8];
        rules->cell_name (&pos.options, c, name, sizeof name);
        rules->cell_content (&pos, c, &content);
        g_assert_cmpint (content.counts[0], ==, strcmp (name, "Sm2") == 0 ? 2 : 0);
        if (strcmp (name, "Sm2") == 0)
          g_assert_true (content.home_row & 1u);
      }
  }
}

static void
test_pair_reenters_together (void)
{
  /* two of East's pieces on South's Sn2; South lands there */
  KsmPosition pos = parse ("asi-keliya S:h,h,h,5 E:h,h,37,37 N:h,h,h,h W:h,h,h,h s play 2 1");
  KsmEffect effect;
  g_autofree char *text = NULL;

  play (&pos, "2:Sn4-Sn2x2", &effect);
  g_assert_cmpint (effect.captured, ==, 2);
  text = format (&pos);
  g_assert_cmpstr (text, ==, "asi-keliya S:h,h,h,7 E:h,h,h2 N:h,h,h,h W:h,h,h,h e throw - 1");

  /* one entering throw brings both (East's single pieces wait too, so
   * the move says which group) */
  rules->apply_throw (&pos, ONE);
  rules->apply_throw (&pos, TWO);
  play (&pos, "1:in2-E0", &effect);
  g_clear_pointer (&text, g_free);
  text = format (&pos);
  g_assert_cmpstr (text, ==, "asi-keliya S:h,h,h,7 E:h,h,0,0 N:h,h,h,h W:h,h,h,h e play 2 3");
}

/* A single piece and a pair sent back together wait in hand: an entering
 * throw brings in either group, never part of one, and the notation says
 * which (rules-decisions.md, "sent back together") */
static void
test_groups_enter_apart (void)
{
  const char *text = "asi-keliya S:h,h2,5 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 1 9";
  KsmPosition pos;
  KsmEffect effect;
  KsmMove m;
  char error[KSM_ERROR_MAX] = "";

  assert_moves (text, "1:in2-S0 1:in1-S0 1:Sn4-Sn3");
  pos = parse (text);
  play (&pos, "1:in1-S0", &effect);
  {
    g_autofree char *after = format (&pos);
    g_assert_cmpstr (after, ==, "asi-keliya S:h2,0,5 E:h,h,h,h N:h,h,h,h W:h,h,h,h e throw - 9");
  }
  pos = parse (text);
  play (&pos, "1:in2-S0", &effect);
  {
    g_autofree char *after = format (&pos);
    g_assert_cmpstr (after, ==, "asi-keliya S:h,0,0,5 E:h,h,h,h N:h,h,h,h W:h,h,h,h e throw - 9");
  }
  /* the bare form no longer says which: refused, naming the choices */
  pos = parse (text);
  g_assert_false (rules->parse_move (&pos, "1:in-S0", &m, error, sizeof error));
  g_assert_nonnull (strstr (error, "in2-S0"));
  g_assert_nonnull (strstr (error, "in1-S0"));
  g_assert_false (rules->parse_move (&pos, "1:in3-S0", &m, error, sizeof error));
  g_assert_false (rules->parse_move (&pos, "1:in0-S0", &m, error, sizeof error));
  g_assert_false (rules->parse_move (&pos, "1:in2-E0", &m, error, sizeof error));
  /* but a saved game written before holds it, and meant the largest */
  g_assert_nonnull (rules->parse_saved_move);
  g_assert_true (rules->parse_saved_move (&pos, "1:in-S0", &m, error, sizeof error));
  rules->apply_move (&pos, &m, &effect);
  {
    g_autofree char *after = format (&pos);
    g_assert_cmpstr (after, ==, "asi-keliya S:h,0,0,5 E:h,h,h,h N:h,h,h,h W:h,h,h,h e throw - 9");
  }

  /* a 5 enters either too, and so does a unit of a So-hatara's pool */
  assert_moves ("asi-keliya S:h,h3 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 52 9",
                "5:in3-S0 5:in1-S0");
  pos = parse ("asi-keliya S:h,h2,5 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play S pool:4 9");
  g_assert_true (has_move ("asi-keliya S:h,h2,5 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play S pool:4 9", "in2-S0"));
  play (&pos, "in1-S0", &effect);
  play (&pos, "in-S0", &effect);   /* one group left: the bare form is plain */
  {
    g_autofree char *after = format (&pos);
    g_assert_cmpstr (after, ==, "asi-keliya S:0,0,0,5 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play S pool:2 9");
  }

  /* groups alike are one move: two single pieces, two pairs */
  assert_moves ("asi-keliya S:h,h,5,H E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 1 9", "1:in-S0 1:Sn4-Sn3");
  assert_moves ("asi-keliya S:h2,h2 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 1 9", "1:in-S0");
  /* one group: the old form still reads, and so does the size */
  pos = parse ("asi-keliya S:h2,5,H E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 1 9");
  g_assert_true (rules->parse_move (&pos, "1:in2-S0", &m, error, sizeof error));
  play (&pos, "1:in-S0", &effect);
  {
    g_autofree char *after = format (&pos);
    g_assert_cmpstr (after, ==, "asi-keliya S:0,0,5,H E:h,h,h,h N:h,h,h,h W:h,h,h,h e throw - 9");
  }
}

/* A pooled move that passes Sm4 going out (South's 4) and lands on it
 * coming home (44) sends East's piece there back once, and says so */
static void
test_capture_counts_each_piece_once (void)
{
  const char *text = "asi-keliya S:3,H,H,H E:h,h,h,34 N:h,h,h,h W:h,h,h,h s play SSSSSSSSSSS pool:44 11";
  KsmPosition pos = parse (text);
  KsmEffect effect;
  KsmMove m;
  char error[KSM_ERROR_MAX] = "";

  g_assert_true (has_move (text, "41:Sm3-Sm4x1"));
  g_assert_true (has_move (text, "1:Sm3-Sm4x1"));
  g_assert_false (rules->parse_move (&pos, "41:Sm3-Sm4x2", &m, error, sizeof error));
  play (&pos, "41:Sm3-Sm4x1", &effect);
  g_assert_cmpint (effect.captured, ==, 1);
  g_autofree char *after = format (&pos);
  g_assert_cmpstr (after, ==, "asi-keliya S:44,H,H,H E:h,h,h,h N:h,h,h,h W:h,h,h,h s play SSSSSSSSSSS pool:3 11");
}

static void
test_team_win_and_passing_turns (void)
{
  KsmPosition pos;
  KsmEffect effect;
  KsmOutcome outcome;

  /* South's last piece home: South and North win together */
  pos = parse ("asi-keliya S:H,H,H,47 E:h,h,h,h N:H,H,H,H W:h,h,h,h s play 1 9");
  play (&pos, "1:Sm1-H", &effect);
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_OVER);
  rules->outcome (&pos, &outcome);
  g_assert_true (outcome.over);
  g_assert_cmpint (outcome.winning_team, ==, 0);
  g_assert_cmpint (rules->team_of (&pos.options, 2), ==, 0);
  g_assert_cmpint (rules->team_of (&pos.options, 3), ==, 1);

  /* North, all home, passes: after East comes West */
  pos = parse ("asi-keliya S:h,h,h,5 E:h,h,h,0 N:H,H,H,H W:h,h,h,h e play 2 9");
  play (&pos, "2:E0-Em2", &effect);
  g_assert_cmpint (pos.to_move, ==, 3);
  /* unless North plays for South */
  pos = parse ("asi-keliya S:h,h,h,5 E:h,h,h,0 N:H,H,H,H W:h,h,h,h e play 2 9 partner-play=on");
  play (&pos, "2:E0-Em2", &effect);
  g_assert_cmpint (pos.to_move, ==, 2);
  rules->apply_throw (&pos, TWO);
  /* North moves South's piece */
  assert_moves ("asi-keliya S:h,h,h,5 E:h,h,h,2 N:H,H,H,H W:h,h,h,h n play 2 10 partner-play=on",
                "2:Sn4-Sn2");
}

/* Found by fuzzing: a pool of 42 or more takes a piece from Nm2 to Nm4 two
 * ways, two units out or 42 round to the home row; both moves read the
 * same, so a saved game replayed the other one. The units now tell them. */
static void
test_lap_to_home_row (void)
{
  KsmPosition pos = parse ("asi-keliya S:h,h,10,40 E:h,h,h,44 N:h,2,6,21 W:h,h,16,45 "
                           "n play SS5SS155553 pool:45 101 passing=off");
  KsmMove moves[KSM_MAX_MOVES];
  int n = rules->legal_moves (&pos, moves);
  int found = 0;

  for (int i = 0; i < n; i++)
    {
      char text[64], error[KSM_ERROR_MAX] = "";
      KsmMove back;

      g_assert_cmpint (rules->format_move (&pos, &moves[i], text, sizeof text), >, 0);
      g_assert_true (rules->parse_move (&pos, text, &back, error, sizeof error));
      g_assert_true (ksm_moves_equal (&back, &moves[i]));
      if (g_str_has_suffix (text, "Nm2-Nm4"))
        {
          g_assert_cmpstr (text, ==, moves[i].distance == 2 ? "2:Nm2-Nm4" : "42:Nm2-Nm4");
          found++;
        }
    }
  g_assert_cmpint (found, ==, 2);
  /* a move no other shares its cells with needs no units */
  {
    KsmMove m;
    char error[KSM_ERROR_MAX] = "";
    g_assert_true (rules->parse_move (&pos, "Nm2-Nm3", &m, error, sizeof error));
    g_assert_cmpint (m.distance, ==, 1);
  }
}

static void
test_notation (void)
{
  static const char *const good[] = {
    "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw - 0",
    "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw 15S 3",
    "asi-keliya S:h2,5,H E:h,h,0,0 N:h,h,h,47 W:h,3,9,H w play 3 40",
    "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play S2 pool:3 2",
    "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h e throw - 7 passing=off partner-play=on",
  };
  static const char *const bad[] = {
    "",
    "asi-keliya S:h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw - 0",
    "asi-keliya S:h,h,h,48 E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw - 0",
    "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h x throw - 0",
    "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s wait - 0",
    "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw 3 1",
    "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play S2 2",
    "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play S2 pool:9 2",
    "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 7 2",
    "asi-keliya S:H,H,H,H E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw - 2",
    "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw - 0 sideways=on",
    /* as Ashte Kashte's fuzzing found: 2^32 + 5 overflowed to 5 */
    "asi-keliya S:h,h,h,4294967301 E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw - 0",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (good); i++)
    {
      KsmPosition pos = parse (good[i]);
      g_autofree char *text = format (&pos);
      g_assert_cmpstr (text, ==, good[i]);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      KsmPosition pos;
      char error[KSM_ERROR_MAX] = "";
      g_assert_false (rules->parse_position (bad[i], &pos, error, sizeof error));
      g_assert_cmpstr (error, !=, "");
    }
}

static void
check_invariants (const KsmPosition *pos)
{
  int on_cells[4] = { 0 };
  int home[4] = { 0 }, hand[4] = { 0 };

  for (int c = 0; c < rules->n_cells (&pos->options); c++)
    {
      KsmCellContent content;
      int teams = 0;
      rules->cell_content (pos, c, &content);
      for (int p = 0; p < 4; p++)
        on_cells[p] += content.counts[p];
      teams |= (content.counts[0] + content.counts[2] > 0) ? 1 : 0;
      teams |= (content.counts[1] + content.counts[3] > 0) ? 2 : 0;
      /* the teams share only corners, and home */
      if (teams == 3)
        {
          char name[8];
          rules->cell_name (&pos->options, c, name, sizeof name);
          if (strcmp (name, "H") != 0 && !(rules->cell_flags (&pos->options, c) & KSM_CELL_SAFE))
            g_error ("both teams on %s in %s", name, format (pos));
        }
    }
  for (int p = 0; p < 4; p++)
    {
      for (int i = 0; i < 4; i++)
        {
          int index = pos->u.asi.piece[p][i];
          g_assert_cmpint (index, >=, -1);
          g_assert_cmpint (index, <=, 48);
          home[p] += index == 48;
          hand[p] += index == -1;
        }
      /* every piece is in hand, on a cell, or home (the centre cell) */
      g_assert_cmpint (on_cells[p] + hand[p], ==, 4);
    }
  if (pos->phase == KSM_PHASE_MOVE && pos->u.asi.split)
    g_assert_cmpint (pos->u.asi.pool, >, 0);
  if (pos->phase == KSM_PHASE_THROW)
    {
      g_assert_cmpint (pos->u.asi.pool, ==, 0);
      for (int i = 0; i < pos->u.asi.n_pending; i++)
        g_assert_true (pos->u.asi.pending[i] == ONE || pos->u.asi.pending[i] == FIVE
                       || pos->u.asi.pending[i] == SO_HATARA);
    }
}

static void
test_random_games (void)
{
  KsmRandom rng;
  guint64 events = 0;
  int wins[2] = { 0, 0 };

  ksm_random_seed (&rng, 1909);
  for (int g = 0; g < 2000; g++)
    {
      KsmOptions options;
      KsmPosition pos;
      KsmMove moves[KSM_MAX_MOVES];
      KsmOutcome outcome;

      rules->default_options (&options);
      if (g % 4 == 1)
        options.flags &= ~KSM_OPT_ASI_PASSING;
      if (g % 4 == 2)
        options.flags |= KSM_OPT_ASI_PARTNER_PLAY;
      options.first_player = (uint8_t) (g % 4);
      rules->init (&pos, &options);
      while (pos.phase != KSM_PHASE_OVER)
        {
          g_assert_cmpuint (pos.throw_count, <, 100000);
          if (pos.phase == KSM_PHASE_THROW)
            rules->apply_throw (&pos, ksm_throw_sample (&rules->throws, &rng, NULL));
          else
            {
              int n = rules->legal_moves (&pos, moves);
              g_assert_cmpint (n, >=, 1);
              g_assert_cmpint (n, <=, KSM_MAX_MOVES);
              /* now and then: every move takes what it says it takes */
              if (events % 7 == 0)
                for (int i = 0; i < n; i++)
                  {
                    KsmPosition after = pos;
                    KsmEffect effect;
                    rules->apply_move (&after, &moves[i], &effect);
                    if (effect.captured != moves[i].captured)
                      g_error ("move %d of %s says it takes %d, takes %d", i, format (&pos),
                               moves[i].captured, effect.captured);
                  }
              rules->apply_move (&pos, &moves[ksm_random_below (&rng, (uint32_t) n)], NULL);
            }
          check_invariants (&pos);
          if (++events % 13 == 0)
            {
              g_autofree char *text = format (&pos);
              KsmPosition parsed;
              char error[KSM_ERROR_MAX];
              if (!rules->parse_position (text, &parsed, error, sizeof error))
                g_error ("%s: %s", text, error);
              g_autofree char *again = format (&parsed);
              g_assert_cmpstr (text, ==, again);
            }
        }
      rules->outcome (&pos, &outcome);
      g_assert_true (outcome.over);
      wins[outcome.winning_team]++;
    }
  /* both teams win some */
  g_assert_cmpint (wins[0], >, 500);
  g_assert_cmpint (wins[1], >, 500);
}

/* rules-decisions.md, "Positions that cannot arise": refused with a message
 * that names the cell or the field */
static void
test_cannot_arise (void)
{
  static const RefusedPosition refused[] = {
    /* the South arm's east line, Sn4: South's 5, East's 35 */
    { "asi-keliya S:h,h,h,5 E:h,h,h,35 N:h,h,h,h W:h,h,h,h s throw - 9", "Sn4" },
    /* Sm4, South's home row's first cell (44), is East's 34 */
    { "asi-keliya S:h,h,h,44 E:h,h,h,34 N:h,h,h,h W:h,h,h,h e throw - 9", "Sm4" },
    /* North and West on the East arm: North's 35 is West's 15 */
    { "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,35 W:h,h,h,25 s throw - 9", "En4" },
    /* more throws held than made */
    { "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw S 0", "field 9" },
    { "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw 11 1", "field 9" },
    { "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 152 2", "field 9" },
    { "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play S3 pool:7 1", "field 10" },
    /* an option given twice */
    { "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw - 0 passing=off passing=off", "passing" },
    { "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw - 0 partner-play=on partner-play=off", "partner-play" },
  };
  static const char *const accepted[] = {
    /* a corner holds both teams: SE is South's 9 and East's 39 */
    "asi-keliya S:h,h,h,9 E:h,h,h,39 N:h,h,h,h W:h,h,h,h s throw - 9",
    /* partners share any cell, and home holds everyone */
    "asi-keliya S:h,h,5,H E:h,h,h,H N:h,h,h,25 W:h,h,h,h s throw - 9",
    "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw S 1",
    "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 152 3",
  };

  assert_positions_refused (rules, refused, G_N_ELEMENTS (refused));
  assert_positions_accepted (rules, accepted, G_N_ELEMENTS (accepted));
}

/* The queries the views ask instead of reading the position: the throws
 * a turn holds and their pool, the entry triangles and the home as the
 * goal, the yellow cowrie, the seats' colours and why a throw is lost. */
static void
test_queries (void)
{
  KsmPosition pos = parse ("asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 13 2");
  uint8_t faces[KSM_MAX_PENDING];
  bool split = true;
  int pool = -1;
  char name[8];

  g_assert_true (ksm_rules_holds_throws (rules));
  g_assert_cmpint (ksm_rules_held_throws (rules, &pos, faces, &split, &pool), ==, 2);
  g_assert_cmpint (faces[0], ==, ONE);
  g_assert_cmpint (faces[1], ==, THREE);
  g_assert_false (split);
  g_assert_cmpint (pool, ==, 0);
  pos = parse ("asi-keliya S:h,h,0,2 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play S2 pool:2 2");
  g_assert_cmpint (ksm_rules_held_throws (rules, &pos, faces, &split, &pool), ==, 2);
  g_assert_cmpint (faces[0], ==, SO_HATARA);
  g_assert_cmpint (faces[1], ==, TWO);
  g_assert_true (split);
  g_assert_cmpint (pool, ==, 2);

  /* each seat enters on its own triangle; the home is the goal, by flag */
  for (int p = 0; p < 4; p++)
    {
      int start = ksm_rules_start_cell (rules, &pos.options, p);
      rules->cell_name (&pos.options, start, name, sizeof name);
      g_assert_cmpint (name[0], ==, "SENW"[p]);
      g_assert_cmpstr (name + 1, ==, "0");
      g_assert_cmpuint (ksm_rules_cell_flags (rules, &pos.options, start), ==, KSM_CELL_ENTRY);
    }
  for (int c = 0; c < rules->n_cells (&pos.options); c++)
    if (ksm_rules_cell_flags (rules, &pos.options, c) & KSM_CELL_GOAL)
      {
        int8_t path[KSM_MAX_PATH];
        KsmPosition home_row = parse ("asi-keliya S:H,H,H,47 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 1 1");
        KsmMove moves[KSM_MAX_MOVES];
        g_assert_cmpint (rules->legal_moves (&home_row, moves), ==, 1);
        g_assert_cmpint (rules->move_path (&home_row, &moves[0], path), ==, 1);
        g_assert_cmpint (path[0], ==, c);
      }
  g_assert_cmpuint (ksm_rules_cell_flags (rules, &pos.options, 48), ==, KSM_CELL_SAFE);

  /* bit 0 of the pattern is the yellow cowrie */
  g_assert_cmpuint (ksm_rules_object_marks (rules, 0), ==, KSM_OBJECT_MARKED);
  for (int i = 1; i < rules->throws.n_objects; i++)
    g_assert_cmpuint (ksm_rules_object_marks (rules, i), ==, 0);
  g_assert_cmpstr (ksm_rules_style_key (rules, &pos.options, 0), ==, "red");
  g_assert_cmpstr (ksm_rules_style_key (rules, &pos.options, 1), ==, "black");
  g_assert_cmpstr (ksm_rules_style_key (rules, &pos.options, 2), ==, "yellow");
  g_assert_cmpstr (ksm_rules_style_key (rules, &pos.options, 3), ==, "green");
  g_assert_true (ksm_rules_face_throws_again (rules, &pos.options, FIVE));
  g_assert_false (ksm_rules_face_throws_again (rules, &pos.options, SIX));
  g_assert_cmpuint (ksm_rules_player_flags (rules, &pos, 0), ==, 0);

  pos = parse ("asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 3 1");
  g_assert_cmpint (ksm_rules_lost_reason (rules, &pos), ==, KSM_LOST_NEEDS_ENTRY);
  pos = parse ("asi-keliya S:H,H,H,44 E:h,h,h,h N:h,h,h,h W:h,h,h,h s play 2 1");
  g_assert_cmpint (ksm_rules_lost_reason (rules, &pos), ==, KSM_LOST_OVERSHOOT);
  pos = parse ("asi-keliya S:H,H,H,5 E:h,h,h,37 N:h,h,h,h W:h,h,h,h s play 3 1");
  g_assert_cmpint (ksm_rules_lost_reason (rules, &pos), ==, KSM_LOST_NO_PASSING);
  pos = parse ("asi-keliya S:h,h,h,5 E:h,h,h,37 N:h,h,h,h W:h,h,h,h s play 3 1");
  g_assert_cmpint (ksm_rules_lost_reason (rules, &pos), ==, KSM_LOST_SEVERAL);
  pos = parse ("asi-keliya S:h,h,h,5 E:h,h,h,37 N:h,h,h,h W:h,h,h,h s play 2 1");
  g_assert_cmpint (ksm_rules_lost_reason (rules, &pos), ==, KSM_LOST_NONE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  rules = ksm_rules_lookup ("asi-keliya");
  g_assert_nonnull (rules);

  g_test_add_func ("/asi-keliya/so-hatara-and-odds", test_so_hatara_and_odds);
  g_test_add_func ("/asi-keliya/sequence", test_sequence);
  g_test_add_func ("/asi-keliya/split-with-so-hatara", test_split_with_so_hatara);
  g_test_add_func ("/asi-keliya/entry", test_entry);
  g_test_add_func ("/asi-keliya/passing", test_passing);
  g_test_add_func ("/asi-keliya/corners", test_corners);
  g_test_add_func ("/asi-keliya/home-row", test_home_row);
  g_test_add_func ("/asi-keliya/pair-reenters-together", test_pair_reenters_together);
  g_test_add_func ("/asi-keliya/groups-enter-apart", test_groups_enter_apart);
  g_test_add_func ("/asi-keliya/capture-counts-each-piece-once", test_capture_counts_each_piece_once);
  g_test_add_func ("/asi-keliya/team-win-and-passing-turns", test_team_win_and_passing_turns);
  g_test_add_func ("/asi-keliya/notation", test_notation);
  g_test_add_func ("/asi-keliya/lap-to-home-row", test_lap_to_home_row);
  g_test_add_func ("/asi-keliya/cannot-arise", test_cannot_arise);
  g_test_add_func ("/asi-keliya/random-games", test_random_games);
  g_test_add_func ("/asi-keliya/queries", test_queries);
  return g_test_run ();
}
