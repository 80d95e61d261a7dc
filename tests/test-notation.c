/* test-notation.c: Kasimala positions and moves as text (doc/notation.md).
 *
 * Round trips of handwritten positions, and malformed texts that must be
 * refused with a one-line message.
 */
#include <glib.h>
#include <string.h>

#include "ksm-rules.h"

#include "positions-test-util.h"

static const KsmRules *R;

static const char *START17 =
  "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0";

static void
parse_ok (const char *text, KsmPosition *pos)
{
  char error[KSM_ERROR_MAX] = "";
  memset (pos, 0, sizeof *pos);
  if (!R->parse_position (text, pos, error, sizeof error))
    g_error ("the engine refuses \"%s\": %s", text, error);
}

static char *
format (const KsmPosition *pos)
{
  char buf[KSM_NOTATION_MAX];
  int n = R->format_position (pos, buf, sizeof buf);
  g_assert_cmpint (n, >=, 0);
  g_assert_cmpint (n, ==, (int) strlen (buf));
  return g_strdup (buf);
}

/* format (parse (text)) is text itself */
static void
assert_round_trip (const char *text)
{
  KsmPosition pos;
  parse_ok (text, &pos);
  g_autofree char *again = format (&pos);
  g_assert_cmpstr (again, ==, text);

  /* and through the registry's parser too */
  char error[KSM_ERROR_MAX] = "";
  KsmPosition pos2;
  memset (&pos2, 0, sizeof pos2);
  g_assert_true (ksm_rules_parse_position (text, &pos2, error, sizeof error));
  g_assert_true (ksm_rules_for (&pos2) == R);
  g_autofree char *again2 = format (&pos2);
  g_assert_cmpstr (again2, ==, text);
}

static void
test_round_trip (void)
{
  static const char *texts[] = {
    "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0",
    "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS s - 0 0/0",
    /* the example of doc/notation.md: after the first kasi */
    "kasimala 17 B:BBBBBBBBBBBBBBBB. M:................b T:SSSSSSSSSSSSSSSSS s - 1 0/0",
    /* stacks, waiting pieces on both rows, a pending chya */
    "kasimala 17 B:BBBBBBBBBB..s.... M:b2...s3..b...b3.s... T:s.SSSSSSSSSb..... b 4 120 0/2",
    /* a pending kasi, stones to play */
    "kasimala 17 B:BBBBBBBBBBBBBBB.b M:s...............b T:.SSSSSSSSSSSSSSSS s 1 3 0/0",
    /* two-digit stacks */
    "kasimala 25 B:BBBBBBBBBBBBBBB.......... M:b10........................ T:SSSSSSSSSSSSSSSSSSSSSSSS. s 5 77 0/1",
    "kasimala 25 B:......................... M:.s12..........b3............ T:.........b...........s... b 2 911 21/12",
    "kasimala 21 B:BBBBBBBBBBBBBBBBBBBB. M:s...................b T:.SSSSSSSSSSSSSSSSSSSS b 2 6 0/0",
    /* one option each */
    "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0 extra-throw=off",
    "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0 kasi-starts=off",
    "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0 safe-laigas=off",
    "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0 limit=500",
    "kasimala 21 B:BBBBBBBBBBBBBBBBBBBB. M:s...................b T:.SSSSSSSSSSSSSSSSSSSS s 3 7 0/0 limit=0",
  };
  for (unsigned i = 0; i < G_N_ELEMENTS (texts); i++)
    assert_round_trip (texts[i]);
}

/* Several options: the order is the formatter's, so compare them as sets. */
static void
test_round_trip_options (void)
{
  static const char *base =
    "kasimala 17 B:BBBBBBBBBBBBBBBB. M:................b T:SSSSSSSSSSSSSSSSS s - 1 0/0";
  static const char *sets[] = {
    "extra-throw=off kasi-starts=off",
    "safe-laigas=off limit=40 extra-throw=off",
    "limit=2999 kasi-starts=off safe-laigas=off extra-throw=off",
  };
  for (unsigned i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autofree char *text = g_strdup_printf ("%s %s", base, sets[i]);
      KsmPosition pos;
      parse_ok (text, &pos);
      g_autofree char *again = format (&pos);
      g_assert_true (g_str_has_prefix (again, base));
      g_auto(GStrv) want = g_strsplit (sets[i], " ", -1);
      const char *rest = again + strlen (base);
      g_assert_true (rest[0] == ' ');
      g_auto(GStrv) got = g_strsplit (rest + 1, " ", -1);
      g_assert_cmpuint (g_strv_length (got), ==, g_strv_length (want));
      for (unsigned k = 0; want[k]; k++)
        g_assert_true (g_strv_contains ((const char * const *) got, want[k]));

      KsmPosition pos2;
      parse_ok (again, &pos2);
      g_autofree char *third = format (&pos2);
      g_assert_cmpstr (third, ==, again);
    }

  /* the options land in the position */
  KsmPosition pos;
  g_autofree char *text = g_strdup_printf ("%s %s", base, sets[1]);
  parse_ok (text, &pos);
  g_assert_cmpint (pos.options.throw_limit, ==, 40);
  g_assert_cmpuint (pos.options.flags, ==, KSM_OPT_KASIMALA_KASI_STARTS);
  g_assert_cmpint (pos.options.length, ==, 17);

  /* options equal to the defaults are not written */
  g_autofree char *def = g_strdup_printf ("%s extra-throw=on limit=3000", base);
  char error[KSM_ERROR_MAX];
  if (R->parse_position (def, &pos, error, sizeof error))
    {
      g_autofree char *again = format (&pos);
      g_assert_cmpstr (again, ==, base);
    }
}

/* The fields land where the documentation says. */
static void
test_fields (void)
{
  KsmPosition pos;

  parse_ok ("kasimala 17 B:BBBBBBBBBB..s.... M:b2...s3..b...b3.s... T:s.SSSSSSSSSb..... b 4 120 0/2", &pos);
  g_assert_cmpint (pos.options.game, ==, KSM_GAME_KASIMALA);
  g_assert_cmpint (pos.options.length, ==, 17);
  g_assert_cmpint (pos.options.throw_limit, ==, 3000);
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_MOVE);
  g_assert_cmpint (pos.to_move, ==, 0);
  g_assert_cmpint (R->throws.faces[pos.face].value, ==, 4);
  g_assert_cmpuint (pos.throw_count, ==, 120);
  g_assert_cmpint (R->pieces_left (&pos, 0), ==, 17);
  g_assert_cmpint (R->pieces_left (&pos, 1), ==, 15);

  parse_ok ("kasimala 25 B:......................... M:.s12..........b3............ T:.........b...........s... s - 911 21/12", &pos);
  g_assert_cmpint (pos.options.length, ==, 25);
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_THROW);
  g_assert_cmpint (pos.to_move, ==, 1);
  g_assert_cmpuint (pos.throw_count, ==, 911);
  g_assert_cmpint (R->pieces_left (&pos, 0), ==, 4);
  g_assert_cmpint (R->pieces_left (&pos, 1), ==, 13);
}

static void
assert_refused (const char *text, const char *why)
{
  KsmPosition pos;
  char error[KSM_ERROR_MAX];
  memset (error, 0, sizeof error);
  if (R->parse_position (text, &pos, error, sizeof error))
    g_error ("accepted a position with %s: \"%s\"", why, text);
  g_test_message ("%s: %s", why, error);
  g_assert_cmpuint (strlen (error), >, 0);
  g_assert_null (strchr (error, '\n'));

  /* a small buffer still gets a terminated message */
  char small[8];
  memset (small, 'z', sizeof small);
  g_assert_false (R->parse_position (text, &pos, small, sizeof small));
  g_assert_nonnull (memchr (small, '\0', sizeof small));
}

static void
test_malformed (void)
{
  static const struct { const char *text, *why; } cases[] = {
    { "", "nothing at all" },
    { "kasimala", "only the game" },
    { "kasimala 17", "no rows" },
    { "chess 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0", "the wrong game" },
    { "ashte 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0", "the wrong game" },
    { "kasimala 18 B:BBBBBBBBBBBBBBBBBB M:.................. T:SSSSSSSSSSSSSSSSSS b - 0 0/0", "length 18" },
    { "kasimala 19 B:BBBBBBBBBBBBBBBBBBB M:................... T:SSSSSSSSSSSSSSSSSSS b - 0 0/0", "length 19" },
    { "kasimala 0 B: M: T: b - 0 0/0", "length 0" },
    { "kasimala x B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0", "a length that is no number" },
    { "kasimala 21 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0", "rows shorter than the length" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 1/0", "a bottom row of 16" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:.................. T:SSSSSSSSSSSSSSSSS b - 0 0/0", "a mala of 18" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................ T:SSSSSSSSSSSSSSSSS b - 0 0/0", "a mala of 16" },
    { "kasimala 17 B:BBBBBBBBBBBBBBB.. M:b2............... T:SSSSSSSSSSSSSSSSS b - 0 0/0", "a mala of 17 characters but 16 cells" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSSS b - 0 0/0", "a top row of 18" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:........x........ T:SSSSSSSSSSSSSSSSS b - 0 0/0", "a bad cell mark" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:........2........ T:SSSSSSSSSSSSSSSSS b - 0 0/0", "a count without a side" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBB. M:........B........ T:SSSSSSSSSSSSSSSSS b - 0 0/0", "a waiting brick in the mala" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBB. M:................. T:SSSSSSSSSSSSSSSSS b - 0 1/0", "(control) must parse" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBS M:................. T:SSSSSSSSSSSSSSSS. b - 0 1/0", "a waiting stone on row B" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBB. M:................. T:SSSSSSSSSSSSSSSSB b - 0 0/1", "a waiting brick on row T" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBB. M:.......s......... T:SSSSSSSSSSSSSSSS. b - 0 1/0", "(control) must parse" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBB. M:.......s2......... T:SSSSSSSSSSSSSSSS. b - 0 1/0", "the stones' lost count 0 with 18 stones" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/1", "lost 1 stone with all 17 on the board" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 1/0", "lost 1 brick with all 17 on the board" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBB. M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0", "lost 0 bricks with 16 on the board" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 00", "a lost field without a slash" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/", "a lost field cut short" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS w - 0 0/0", "a bad side" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS B - 0 0/0", "a side in capitals" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b 6 1 0/0", "a throw of 6" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b 0 1 0/0", "a throw of 0" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b x 1 0/0", "a throw of x" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b 12 1 0/0", "a throw of 12" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - x 0/0", "a throw count of x" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - -3 0/0", "a negative throw count" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:........b0........ T:SSSSSSSSSSSSSSSSS b - 0 0/0", "a cell of b0" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:........s0........ T:SSSSSSSSSSSSSSSSS b - 0 0/0", "a cell of s0" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0 junk", "trailing junk" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0 0", "a trailing number" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0 extra-throw=maybe", "an option value" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0 gulmasi=off", "an unknown option" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0 limit=abc", "a limit of abc" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0 limit=", "an empty limit" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0", "no lost field" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b -", "no throw count" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS", "no side" },
    { "kasimala 17 M:................. B:BBBBBBBBBBBBBBBBB T:SSSSSSSSSSSSSSSSS b - 0 0/0", "rows out of order" },
    { "kasimala 17 X:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0", "a row named X" },
    { "kasimala 17 BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0", "a row without its name" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS T:SSSSSSSSSSSSSSSSS b - 0 0/0", "a row twice" },
    /* found by fuzzing: a started piece behind a waiting one, which no game
     * reaches, could land on it and lose a piece */
    { "kasimala 21 B:BBBBBBBBBBBBBBBBBBBBB M:..................... T:SSSSSSsSSSSSSSSSSSSSS b - 0 0/0", "a started stone behind waiting ones" },
    { "kasimala 17 B:BBBBBBbBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0", "a started brick behind waiting ones" },
    { "kasimala 17 B:BBBBBBBBBBBBBBB.b M:................b T:SSSSSSSSSSSSSSSSS s - 2 0/0", "(control) must parse" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBB. M:................. T:s2..SSSSSSSSSSSSSS s - 3 1/1 kasi-starts=off", "(control) must parse" },
    /* rules-decisions.md, "Positions that cannot arise": a start moves a
     * piece at least one cell past its own, in order from the mala end */
    { "kasimala 17 B:BBBBBBBBBBBBBBBBb M:................. T:SSSSSSSSSSSSSSSSS b - 9 0/0", "a started brick just past the waiting ones" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBb. M:................b T:SSSSSSSSSSSSSSSSS s - 2 0/0", "a started brick beside the waiting ones" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBB. M:................. T:s2SSSSSSSSSSSSSSS. s - 2 1/0", "started stones beside the waiting ones" },
    { "kasimala 17 B:b................ M:................. T:SSSSSSSSSSSSSSSSS b - 9 16/0", "a started brick on its own first cell" },
    { "kasimala 17 B:................. M:................. T:SSSSSSSSSSSSSSSSs b - 9 17/0", "a started stone on its own first cell" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0 limit=9 limit=10", "the limit given twice" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0 safe-laigas=off safe-laigas=off", "an option given twice" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0 extra-throw=off extra-throw=on", "an option given twice, both ways" },
  };

  for (unsigned i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      if (g_str_has_prefix (cases[i].why, "(control)"))
        {
          KsmPosition pos;
          parse_ok (cases[i].text, &pos);
          continue;
        }
      assert_refused (cases[i].text, cases[i].why);
    }

  /* not even a Kasimala word at all */
  char error[KSM_ERROR_MAX] = "";
  KsmPosition pos;
  g_assert_false (ksm_rules_parse_position ("nonsense", &pos, error, sizeof error));
  g_assert_cmpuint (strlen (error), >, 0);
}

static void
test_format_small_buffer (void)
{
  KsmPosition pos;
  char buf[KSM_NOTATION_MAX];

  parse_ok (START17, &pos);
  int n = R->format_position (&pos, buf, sizeof buf);
  g_assert_cmpint (n, ==, (int) strlen (START17));
  g_assert_cmpint (R->format_position (&pos, buf, 20), ==, -1);
  g_assert_cmpint (R->format_position (&pos, buf, n), ==, -1);   /* no room for the NUL */
  g_assert_cmpint (R->format_position (&pos, buf, n + 1), ==, n);
  g_assert_cmpstr (buf, ==, START17);
}

/* ------------------------------------------------------------------ moves */

static char *
format_move (const KsmPosition *pos, const KsmMove *m)
{
  char buf[64];
  int n = R->format_move (pos, m, buf, sizeof buf);
  g_assert_cmpint (n, >=, 0);
  g_assert_cmpint (n, ==, (int) strlen (buf));
  return g_strdup (buf);
}

/* The only legal move, formatted and parsed back. */
static void
assert_moves_text (const KsmPosition *pos, const char *want)
{
  KsmMove moves[KSM_MAX_MOVES];
  int n = R->legal_moves (pos, moves);
  g_autoptr(GPtrArray) got = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < n; i++)
    {
      char *t = format_move (pos, &moves[i]);
      KsmMove back;
      char error[KSM_ERROR_MAX] = "";
      if (!R->parse_move (pos, t, &back, error, sizeof error))
        g_error ("the engine refuses its own move \"%s\": %s", t, error);
      g_assert_true (ksm_moves_equal (&back, &moves[i]));
      g_ptr_array_add (got, t);
    }
  g_ptr_array_add (got, NULL);
  char **items = (char **) got->pdata;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (strcmp (items[i], items[j]) > 0)
        {
          char *t = items[i]; items[i] = items[j]; items[j] = t;
        }
  g_autofree char *joined = g_strjoinv (" ", items);
  g_assert_cmpstr (joined, ==, want);
}

static bool
move_parses (const KsmPosition *pos, const char *text, KsmMove *move)
{
  char error[KSM_ERROR_MAX];
  memset (error, 0, sizeof error);
  bool ok = R->parse_move (pos, text, move, error, sizeof error);
  if (!ok)
    {
      g_assert_cmpuint (strlen (error), >, 0);
      g_assert_null (strchr (error, '\n'));
    }
  return ok;
}

static void
test_moves (void)
{
  KsmPosition pos;
  KsmMove moves[KSM_MAX_MOVES], m;

  /* the first kasi */
  parse_ok ("kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b 1 1 0/0", &pos);
  assert_moves_text (&pos, "B17-M17");
  g_assert_true (move_parses (&pos, "B17-M17", &m));
  g_assert_cmpint (m.kind, ==, KSM_MOVE_START);
  g_assert_false (move_parses (&pos, "B17-M17x1", &m));
  g_assert_false (move_parses (&pos, "B16-B17", &m));
  g_assert_false (move_parses (&pos, "lost", &m));
  g_assert_false (move_parses (&pos, "B17-M16", &m));
  g_assert_false (move_parses (&pos, "", &m));
  g_assert_false (move_parses (&pos, "B17", &m));
  g_assert_false (move_parses (&pos, "B17-", &m));
  g_assert_false (move_parses (&pos, "-M17", &m));
  g_assert_false (move_parses (&pos, "B99-M17", &m));
  g_assert_false (move_parses (&pos, "B17-M17 junk", &m));
  g_assert_false (move_parses (&pos, "B17-M17x", &m));
  g_assert_false (move_parses (&pos, "Q17-M17", &m));
  g_assert_false (move_parses (&pos, "hello", &m));

  /* a lost throw */
  parse_ok ("kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b 2 1 0/0", &pos);
  assert_moves_text (&pos, "lost");
  g_assert_true (move_parses (&pos, "lost", &m));
  g_assert_cmpint (m.kind, ==, KSM_MOVE_LOSE);
  g_assert_false (move_parses (&pos, "B17-M16", &m));
  g_assert_false (move_parses (&pos, "lost x", &m));
  g_assert_false (move_parses (&pos, "los", &m));

  /* the seed's sudi taking two stones */
  parse_ok ("kasimala 17 B:BBBBBBBBBBBBBBB.. M:.......s2..b...b.. T:..SSSSSSSSSSSSSSS b 3 70 0/0", &pos);
  assert_moves_text (&pos, "M11-M8x2 M15-M12");
  g_assert_true (move_parses (&pos, "M11-M8x2", &m));
  g_assert_cmpint (m.captured, ==, 2);
  g_assert_true (move_parses (&pos, "M11-M8", &m));
  g_assert_cmpint (m.captured, ==, 2);
  g_assert_cmpint (m.kind, ==, KSM_MOVE_STEP);
  g_assert_false (move_parses (&pos, "M11-M8x1", &m));
  g_assert_false (move_parses (&pos, "M11-M8x3", &m));
  g_assert_false (move_parses (&pos, "M15-M12x1", &m));
  g_assert_true (move_parses (&pos, "M15-M12", &m));
  g_assert_false (move_parses (&pos, "M12-M9", &m));     /* nothing there */
  g_assert_false (move_parses (&pos, "B15-B16", &m));    /* waiting, and not a kasi */
  g_assert_false (move_parses (&pos, "lost", &m));

  /* parse_move only in the move phase */
  parse_ok (START17, &pos);
  g_assert_cmpint (R->legal_moves (&pos, moves), ==, 0);
  g_assert_false (move_parses (&pos, "B17-M17", &m));
  g_assert_false (move_parses (&pos, "lost", &m));

  /* a bigger board with two-digit cells */
  parse_ok ("kasimala 25 B:BBBBBBBBBBBBBBBBBBBBBBBB. M:........................b T:s.SSSSSSSSSSSSSSSSSSSSSSS b 2 9 0/1", &pos);
  assert_moves_text (&pos, "M25-M23");
}

/* rules-decisions.md, "Positions that cannot arise": refused with a message
 * that names the cell (the cases) */
static void
test_cannot_arise (void)
{
  static const RefusedPosition refused[] = {
    { "kasimala 17 B:BBBBBBBBBBBBBBBBb M:................. T:SSSSSSSSSSSSSSSSS b - 9 0/0", "B17" },
    { "kasimala 17 B:b................ M:................. T:SSSSSSSSSSSSSSSSS b - 9 16/0", "B1" },
    { "kasimala 21 B:BBBBBBBBBBBBBBBBBBBBB M:..................... T:.SSSSSSSSSSSSSSSSSSSs b - 9 0/0", "T21" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:.sSSSSSSSSSSSSSSS b - 9 0/0", "T2" },
    { "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0 kasi-starts=off kasi-starts=off", "kasi-starts" },
  };

  assert_positions_refused (R, refused, G_N_ELEMENTS (refused));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  R = ksm_rules_lookup ("kasimala");
  if (R == NULL)
    g_error ("no game \"kasimala\" in the registry");

  g_test_add_func ("/kasimala/notation/round-trip", test_round_trip);
  g_test_add_func ("/kasimala/notation/round-trip-options", test_round_trip_options);
  g_test_add_func ("/kasimala/notation/fields", test_fields);
  g_test_add_func ("/kasimala/notation/malformed", test_malformed);
  g_test_add_func ("/kasimala/notation/cannot-arise", test_cannot_arise);
  g_test_add_func ("/kasimala/notation/format-small-buffer", test_format_small_buffer);
  g_test_add_func ("/kasimala/notation/moves", test_moves);

  return g_test_run ();
}
