/* test-cli.c: kasimala-cli, run as a user would run it.
 *
 * The binary comes from $KSM_CLI (set by meson).
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *cli;
static const char *source_dir;   /* the project's, for its data */

static const char *START17 =
  "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0";

typedef struct {
  int status;     /* exit status, or -1 if it did not exit */
  char *out;
  char *err;
  char **lines;   /* of out */
} Run;

static void
run_clear (Run *r)
{
  g_free (r->out);
  g_free (r->err);
  g_strfreev (r->lines);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static void
run_cli (Run *r, ...)
{
  va_list ap;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int wait_status = 0;

  g_ptr_array_add (argv, (char *) cli);
  va_start (ap, r);
  for (const char *a = va_arg (ap, const char *); a; a = va_arg (ap, const char *))
    g_ptr_array_add (argv, (char *) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  memset (r, 0, sizeof *r);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                     &r->out, &r->err, &wait_status, &error))
    g_error ("cannot run %s: %s", cli, error->message);

  GError *exit_error = NULL;
  if (g_spawn_check_wait_status (wait_status, &exit_error))
    r->status = 0;
  else if (exit_error->domain == G_SPAWN_EXIT_ERROR)
    r->status = exit_error->code;
  else
    r->status = -1;
  g_clear_error (&exit_error);

  /* lines of stdout, without a last empty one */
  r->lines = g_strsplit (r->out, "\n", -1);
  guint n = g_strv_length (r->lines);
  if (n > 0 && r->lines[n - 1][0] == '\0')
    {
      g_free (r->lines[n - 1]);
      r->lines[n - 1] = NULL;
    }
  g_test_message ("%s ... -> %d\nstdout:\n%s\nstderr:\n%s", cli, r->status, r->out, r->err);
}

static void
assert_success (const Run *r)
{
  if (r->status != 0)
    g_error ("kasimala-cli failed with status %d: %s", r->status, r->err);
}

static const char *
line_starting (const Run *r, const char *prefix)
{
  for (int i = 0; r->lines[i]; i++)
    if (g_str_has_prefix (r->lines[i], prefix))
      return r->lines[i];
  g_error ("no line starting \"%s\" in:\n%s", prefix, r->out);
  return NULL;
}

static double
number_after (const Run *r, const char *prefix)
{
  const char *line = line_starting (r, prefix);
  char *end;
  double v = g_ascii_strtod (line + strlen (prefix), &end);
  g_assert_true (end != line + strlen (prefix));
  return v;
}

/* ------------------------------------------------------------------ throws */

static void
test_throws (void)
{
  g_auto(Run) r;
  static const struct { const char *name; int value; double pct; } faces[] = {
    { "kasi", 1, 25.0 }, { "dwadi", 2, 37.5 }, { "sudi", 3, 25.0 },
    { "chya", 4, 6.25 }, { "ngha", 5, 6.25 },
  };

  run_cli (&r, "throws", "--game", "kasimala", "--count", "1000", "--seed", "1", NULL);
  assert_success (&r);

  long sum = 0;
  for (unsigned i = 0; i < G_N_ELEMENTS (faces); i++)
    {
      /* kasi 1: 250 (25.00%, expected 25.00%) */
      g_autofree char *prefix = g_strdup_printf ("%s %d: ", faces[i].name, faces[i].value);
      const char *line = line_starting (&r, prefix);
      char *end;
      long n = strtol (line + strlen (prefix), &end, 10);
      g_assert_true (end != line + strlen (prefix));
      g_assert_cmpint (n, >=, 0);
      g_assert_cmpint (n, <=, 1000);
      sum += n;
      g_autofree char *pct = g_strdup_printf ("(%.2f%%, expected %.2f%%)", n / 10.0, faces[i].pct);
      g_assert_true (g_str_has_prefix (end, " "));
      g_assert_cmpstr (end + 1, ==, pct);
      /* 1000 throws are not far off the odds */
      g_assert_cmpfloat (n / 10.0, >, faces[i].pct * 0.5);
      g_assert_cmpfloat (n / 10.0, <, faces[i].pct * 1.5 + 2);
    }
  g_assert_cmpint (sum, ==, 1000);
  g_assert_cmpfloat (number_after (&r, "total: "), ==, 1000);
  /* the five faces and the total come first; a summary may follow */
  g_assert_cmpuint (g_strv_length (r.lines), >=, 6);
  g_assert_true (g_str_has_prefix (r.lines[0], "kasi 1: "));
  g_assert_true (g_str_has_prefix (r.lines[4], "ngha 5: "));
  g_assert_true (g_str_has_prefix (r.lines[5], "total: "));

  /* the same seed prints the same, another seed not */
  g_auto(Run) again;
  run_cli (&again, "throws", "--game", "kasimala", "--count", "1000", "--seed", "1", NULL);
  g_assert_cmpstr (again.out, ==, r.out);
  g_auto(Run) other;
  run_cli (&other, "throws", "--game", "kasimala", "--count", "1000", "--seed", "2", NULL);
  assert_success (&other);
  g_assert_cmpstr (other.out, !=, r.out);
}

/* ------------------------------------------------------------------- moves */

static void
test_moves_start (void)
{
  g_auto(Run) r;
  const char *after = "kasimala 17 B:BBBBBBBBBBBBBBBB. M:................b T:SSSSSSSSSSSSSSSSS s - 1 0/0";

  run_cli (&r, "moves", "--game", "kasimala", "--position", START17, "--throw", "1", NULL);
  assert_success (&r);
  g_assert_cmpuint (g_strv_length (r.lines), ==, 1);
  g_autofree char *want = g_strdup_printf ("B17-M17  %s", after);
  g_assert_cmpstr (r.lines[0], ==, want);

  /* the throw by name */
  g_auto(Run) r2;
  run_cli (&r2, "moves", "--game", "kasimala", "--position", START17, "--throw", "kasi", NULL);
  assert_success (&r2);
  g_assert_cmpstr (r2.out, ==, r.out);

  /* a position whose throw is already made */
  g_auto(Run) r3;
  run_cli (&r3, "moves", "--game", "kasimala", "--position",
           "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b 1 1 0/0",
           "--throw", "1", NULL);
  assert_success (&r3);
  g_assert_cmpstr (r3.out, ==, r.out);
}

static void
test_moves_many (void)
{
  g_auto(Run) r;
  /* the seed's sudi: two moves, one taking two stones */
  const char *pos = "kasimala 17 B:BBBBBBBBBBBBBBB.. M:.......s2..b...b.. T:..SSSSSSSSSSSSSSS b - 70 0/0";

  run_cli (&r, "moves", "--game", "kasimala", "--position", pos, "--throw", "sudi", NULL);
  assert_success (&r);
  g_assert_cmpuint (g_strv_length (r.lines), ==, 2);
  g_autoptr(GPtrArray) lines = g_ptr_array_new ();
  for (int i = 0; r.lines[i]; i++)
    g_ptr_array_add (lines, r.lines[i]);
  bool took = false, other = false;
  for (unsigned i = 0; i < lines->len; i++)
    {
      const char *l = lines->pdata[i];
      if (g_str_equal (l, "M11-M8x2  kasimala 17 B:BBBBBBBBBBBBBBB.. M:.......b......b.. "
                          "T:..SSSSSSSSSSSSSSS s - 71 0/2"))
        took = true;
      else if (g_str_equal (l, "M15-M12  kasimala 17 B:BBBBBBBBBBBBBBB.. M:.......s2..bb..... "
                               "T:..SSSSSSSSSSSSSSS s - 71 0/0"))
        other = true;
      else
        g_error ("unexpected line: %s", l);
    }
  g_assert_true (took && other);
}

static void
test_moves_lost (void)
{
  g_auto(Run) r;

  run_cli (&r, "moves", "--game", "kasimala", "--position", START17, "--throw", "2", NULL);
  assert_success (&r);
  g_assert_cmpuint (g_strv_length (r.lines), ==, 1);
  /* the move as the notation writes it, "lost", like any other move, and
   * why, from the rules: no piece is on the board, and a two starts none */
  g_assert_cmpstr (r.lines[0], ==,
    "lost  kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS s - 1 0/0"
    "  why: needs an entering throw");

  /* a lost chya throws again: the same side is still to play */
  g_auto(Run) r2;
  run_cli (&r2, "moves", "--game", "kasimala", "--position", START17, "--throw", "chya", NULL);
  assert_success (&r2);
  g_assert_cmpuint (g_strv_length (r2.lines), ==, 1);
  g_assert_true (g_str_has_prefix (r2.lines[0], "lost"));
  g_assert_true (g_str_has_suffix (r2.lines[0],
    "  kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 1 0/0"
    "  why: needs an entering throw"));

  /* the seed's kasi that does no good */
  g_auto(Run) r3;
  run_cli (&r3, "moves", "--game", "kasimala", "--position",
           "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................s T:.SSSSSSSSSSSSSSSS b - 9 0/0",
           "--throw", "kasi", NULL);
  assert_success (&r3);
  g_assert_cmpuint (g_strv_length (r3.lines), ==, 1);
  g_assert_true (g_str_has_prefix (r3.lines[0], "lost"));
  /* the piece it would start lands on a laiga a stone holds */
  g_assert_true (g_str_has_suffix (r3.lines[0], "  why: blocked by Stones"));
}

/* --throw takes a value, a name, another name (the Kasimala page's pi and
 * dwak), and Asi Keliya's S for a So-hatara and 4 for the plain four, as
 * its notation writes them */
static void
test_moves_throw_names (void)
{
  static const struct { const char *game, *position, *name, *same_as; } cases[] = {
    { "kasimala", "kasimala 17 B:BBBBBBBBBBBBBBB.b M:................b T:SSSSSSSSSSSSSSSSS b - 2 0/0", "pi", "chya" },
    { "kasimala", "kasimala 17 B:BBBBBBBBBBBBBBB.b M:................b T:SSSSSSSSSSSSSSSSS b - 2 0/0", "dwak", "dwadi" },
    { "kasimala", "kasimala 17 B:BBBBBBBBBBBBBBB.b M:................b T:SSSSSSSSSSSSSSSSS b - 2 0/0", "4", "chya" },
    { "asi-keliya", "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw - 0", "S", "so-hatara" },
    { "asi-keliya", "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw - 0", "4", "four" },
    { "ashte-kashte", "ashte-kashte 2 R:0,0,0,0 G:0,0,0,0 blood:- r - 0", "8", "ashte" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) by_name;
      g_auto(Run) other;
      run_cli (&by_name, "moves", "--game", cases[i].game, "--position", cases[i].position,
               "--throw", cases[i].same_as, NULL);
      assert_success (&by_name);
      run_cli (&other, "moves", "--game", cases[i].game, "--position", cases[i].position,
               "--throw", cases[i].name, NULL);
      assert_success (&other);
      g_assert_cmpstr (other.out, ==, by_name.out);
    }
  /* the So-hatara throws again; the plain four ends the sequence */
  {
    g_auto(Run) r;
    run_cli (&r, "moves", "--game", "asi-keliya", "--position", cases[3].position, "--throw", "S", NULL);
    g_assert_true (g_str_has_suffix (r.lines[0], "s throw S 1"));
  }
}

/* After a move that ends the game the line says so: the notation has no
 * field for it */
static void
test_moves_game_over (void)
{
  g_auto(Run) r;
  g_auto(Run) on;

  run_cli (&r, "moves", "--game", "ashte-kashte", "--position",
           "ashte-kashte 4 R:45,48,48,48 B:10,20,30,31 G:3,5,9,12 Y:0,1,4,6 blood:RB r 3 300", NULL);
  assert_success (&r);
  g_assert_cmpuint (g_strv_length (r.lines), ==, 1);
  g_assert_cmpstr (r.lines[0], ==,
    "d5-d4  ashte-kashte 4 R:48,48,48,48 B:10,20,30,31 G:3,5,9,12 Y:0,1,4,6 blood:RB b - 300"
    "  game over: Red won (1)");

  /* a move that does not end it says nothing of the kind */
  run_cli (&on, "moves", "--game", "ashte-kashte", "--position",
           "ashte-kashte 4 R:44,48,48,48 B:10,20,30,31 G:3,5,9,12 Y:0,1,4,6 blood:RB r 3 300", NULL);
  assert_success (&on);
  g_assert_null (strstr (on.out, "game over"));
}

/* ---------------------------------------------------------------- selfplay */

static void
check_selfplay (const Run *r, int games)
{
  assert_success (r);
  g_assert_cmpfloat (number_after (r, "games: "), ==, games);
  double b = number_after (r, "bricks won: ");
  double s = number_after (r, "stones won: ");
  double d = number_after (r, "draws: ");
  double g = number_after (r, "gulmasi: ");
  double mean = number_after (r, "mean throws per game: ");
  double rate = number_after (r, "games per second: ");
  g_assert_cmpfloat (b + s + d, ==, games);
  g_assert_cmpfloat (g, >=, 0);
  g_assert_cmpfloat (g, <=, b + s);
  g_assert_cmpfloat (mean, >, 1);
  g_assert_cmpfloat (mean, <=, 3000);
  /* a figure of the machine's speed: there, not its size */
  g_assert_cmpfloat (rate, >=, 0);
}

static void
test_selfplay (void)
{
  g_auto(Run) r;
  run_cli (&r, "selfplay", "--game", "kasimala", "--games", "20", "--seed", "3", NULL);
  check_selfplay (&r, 20);

  /* the same seed plays the same games */
  g_auto(Run) again;
  run_cli (&again, "selfplay", "--game", "kasimala", "--games", "20", "--seed", "3", NULL);
  check_selfplay (&again, 20);
  for (int i = 0; r.lines[i]; i++)
    if (!g_str_has_prefix (r.lines[i], "games per second"))
      g_assert_cmpstr (r.lines[i], ==, again.lines[i]);

  g_auto(Run) r2;
  run_cli (&r2, "selfplay", "--game", "kasimala", "--games", "10", "--seed", "4",
           "--length", "25", "--no-extra-throw", "--no-kasi-starts", "--no-safe-laigas", NULL);
  check_selfplay (&r2, 10);

  /* a limit of 10 throws: nobody can win, every game is decided by pieces */
  g_auto(Run) r3;
  run_cli (&r3, "selfplay", "--game", "kasimala", "--games", "10", "--seed", "5",
           "--limit", "10", NULL);
  check_selfplay (&r3, 10);
  g_assert_cmpfloat (number_after (&r3, "mean throws per game: "), ==, 10);

  /* only Kasimala has gulmasi: the race games print no line for it */
  for (const char *const *game = (const char *const[]) { "ashte-kashte", "asi-keliya", NULL }; *game; game++)
    {
      g_auto(Run) race;
      run_cli (&race, "selfplay", "--game", *game, "--games", "3", "--seed", "1", NULL);
      assert_success (&race);
      line_starting (&race, "draws: ");
      g_assert_null (strstr (race.out, "gulmasi"));
    }
  g_auto(Run) two;
  run_cli (&two, "selfplay", "--game", "ashte-kashte", "--games", "3", "--seed", "1",
           "--players", "2", "--first", "1", NULL);
  assert_success (&two);
  line_starting (&two, "green won: ");
  g_assert_null (strstr (two.out, "blue"));
}

/* --help says what the switches do: each rule option as the switch that
 * changes it from its default, and every verb's options */
static void
test_help (void)
{
  g_auto(Run) r;

  run_cli (&r, "--help", NULL);
  assert_success (&r);
  for (const char *const *on = (const char *const[]) { "--grace  ", "--partner-play  ",
                                                       "--no-blood-rule  ", "--no-passing  ",
                                                       "--no-extra-throw  ", NULL }; *on; on++)
    g_assert_nonnull (strstr (r.out, *on));
  g_assert_null (strstr (r.out, "--no-grace"));
  g_assert_null (strstr (r.out, "--no-partner-play"));
  g_assert_nonnull (strstr (r.out, "--grace  Tokens enter only with a 4 or an 8: off by default"));

  /* selfplay's usage, up to the next verb, names --players and --first */
  const char *selfplay = strstr (r.out, "  selfplay --game");
  g_assert_nonnull (selfplay);
  g_autofree char *usage = g_strndup (selfplay, strstr (selfplay, "  replay ") - selfplay);
  g_assert_nonnull (strstr (usage, "--players N"));
  g_assert_nonnull (strstr (usage, "--first P"));
}

/* the error for a missing --game names every game */
static void
test_game_needed (void)
{
  g_auto(Run) r;

  run_cli (&r, "moves", NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "--game is needed"));
  g_assert_nonnull (strstr (r.err, "kasimala, ashte-kashte, asi-keliya"));
}

/* -------------------------------------------------------------- tournament */

/* The games a line "A vs B: N games, A won W (..." reports, and W */
static void
tournament_result (const Run *r, int *games, int *won)
{
  const char *line = line_starting (r, "medium vs easy: ");
  g_assert_cmpint (sscanf (line, "medium vs easy: %d games, medium won %d (", games, won), ==, 2);
}

/* A long match can be played in parts (--from), on any number of threads:
 * its games depend only on their numbers and the seed, so the parts add up
 * to the whole, game for game. */
static void
test_tournament_parts (void)
{
  g_auto(Run) whole;
  g_auto(Run) first;
  g_auto(Run) rest;
  int games, won, first_games, first_won, rest_games, rest_won;

  run_cli (&whole, "tournament", "--game", "kasimala", "--a", "medium", "--b", "easy",
           "--games", "24", "--seed", "5", "--jobs", "2", NULL);
  assert_success (&whole);
  tournament_result (&whole, &games, &won);
  g_assert_cmpint (games, ==, 24);

  run_cli (&first, "tournament", "--game", "kasimala", "--a", "medium", "--b", "easy",
           "--games", "10", "--seed", "5", "--jobs", "1", NULL);
  assert_success (&first);
  tournament_result (&first, &first_games, &first_won);
  g_assert_cmpint (first_games, ==, 10);

  run_cli (&rest, "tournament", "--game", "kasimala", "--a", "medium", "--b", "easy",
           "--games", "24", "--from", "10", "--seed", "5", "--jobs", "2", NULL);
  assert_success (&rest);
  line_starting (&rest, "games 10 to 23 of 24");
  tournament_result (&rest, &rest_games, &rest_won);
  g_assert_cmpint (rest_games, ==, 14);
  g_assert_cmpint (first_won + rest_won, ==, won);
  /* each mean is printed to 0.05, so the totals agree to 0.05 * (10 + 14 + 24) */
  g_assert_cmpfloat_with_epsilon (number_after (&first, "mean throws per game: ") * 10
                                  + number_after (&rest, "mean throws per game: ") * 14,
                                  number_after (&whole, "mean throws per game: ") * 24, 2.4);
}

/* ------------------------------------------------------------------ errors */

static void
assert_usage_error (const char *what, ...)
{
  va_list ap;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  int wait_status;

  g_ptr_array_add (argv, (char *) cli);
  va_start (ap, what);
  for (const char *a = va_arg (ap, const char *); a; a = va_arg (ap, const char *))
    g_ptr_array_add (argv, (char *) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                     &out, &err, &wait_status, &error))
    g_error ("cannot run %s: %s", cli, error->message);
  g_test_message ("%s: stderr \"%s\"", what, err);

  GError *exit_error = NULL;
  g_assert_false (g_spawn_check_wait_status (wait_status, &exit_error));
  g_assert_error (exit_error, G_SPAWN_EXIT_ERROR, 2);
  g_clear_error (&exit_error);

  /* one line on stderr, naming the problem */
  g_assert_true (g_str_has_prefix (err, "kasimala-cli: "));
  g_assert_true (g_str_has_suffix (err, "\n"));
  int newlines = 0;
  for (const char *c = err; *c; c++)
    newlines += *c == '\n';
  g_assert_cmpint (newlines, ==, 1);
  g_assert_cmpuint (strlen (err), >, strlen ("kasimala-cli: \n"));
}

/* ------------------------------------------------------------------- bench */

/* The bench is a benchmark program: its figures are not asserted, only that
 * every section is there for every size, with sane numbers. */
static void
test_bench (void)
{
  g_auto(Run) r;

  run_cli (&r, "bench", "--game", "kasimala", "--playouts", "20", "--generations", "500",
           "--positions", "5", "--levels", "random,easy,medium", NULL);
  assert_success (&r);
  for (const char *const *length = (const char *const[]) { "17", "21", "25", NULL }; *length; length++)
    {
      g_autofree char *header = g_strdup_printf ("== Kasimala Paay: length %s, 2 players", *length);
      g_autofree char *growth = g_strdup_printf ("kasimala       length %s, 2 players", *length);
      line_starting (&r, header);
      line_starting (&r, growth);
    }
  g_assert_cmpfloat (number_after (&r, "playouts: 20 random games to the end on one core, "
                                       "median of 5 rounds: "), >=, 0);
  line_starting (&r, "legal moves: 500 generations over 10000 positions");
  line_starting (&r, "Kasimala Paay, 5 positions from random games, seed 1");
  const char *medium = line_starting (&r, "medium: 5 decisions, median ");
  g_assert_nonnull (strstr (medium, "stack"));
  /* how often the clock's safety net cut a decision short: never, here */
  g_assert_nonnull (strstr (medium, "safety stops 0"));
  line_starting (&r, "== growth");
  g_assert_null (strstr (r.out, "hard:"));

  /* one size of a game of many players, one section */
  g_auto(Run) one;
  run_cli (&one, "bench", "--game", "ashte-kashte", "--players", "3", "--sections", "playouts",
           "--playouts", "10", NULL);
  assert_success (&one);
  line_starting (&one, "== Ashte Kashte: 3 players");
  line_starting (&one, "playouts: 10 random games");
  g_assert_null (strstr (one.out, "legal moves:"));
  g_assert_null (strstr (one.out, "2 players"));
}

/* --a-weights: side a's Expert judged by a weights file. The shipped
 * model's own file plays exactly as the built-in weights; a model of
 * nothing but zeros, which cannot tell one position from another, plays
 * otherwise and no better. */
static void
test_tournament_weights (void)
{
  g_auto(Run) built_in;
  g_auto(Run) shipped;
  g_auto(Run) blank;
  g_autofree char *file = g_build_filename (source_dir, "data", "expert", "kasimala.weights", NULL);
  g_autofree char *dir = g_dir_make_tmp ("ksm-weights-XXXXXX", NULL);
  g_autofree char *zeros = g_build_filename (dir, "zeros.weights", NULL);
  g_autoptr(GString) text = g_string_new ("# no judgement at all\n");
  const char *const match[] = { "tournament", "--game", "kasimala", "--a", "expert", "--b", "hard",
                                "--games", "6", "--seed", "3", "--jobs", "1" };

  g_assert_nonnull (dir);
  for (int i = 0; i < 32; i++)
    g_string_append (text, "0\n");
  g_assert_true (g_file_set_contents (zeros, text->str, -1, NULL));

  run_cli (&built_in, match[0], match[1], match[2], match[3], match[4], match[5], match[6],
           match[7], match[8], match[9], match[10], match[11], match[12], NULL);
  run_cli (&shipped, match[0], match[1], match[2], match[3], match[4], match[5], match[6],
           match[7], match[8], match[9], match[10], match[11], match[12], "--a-weights", file, NULL);
  run_cli (&blank, match[0], match[1], match[2], match[3], match[4], match[5], match[6],
           match[7], match[8], match[9], match[10], match[11], match[12], "--a-weights", zeros, NULL);
  assert_success (&built_in);
  assert_success (&shipped);
  assert_success (&blank);

  const char *won = "expert vs hard: 6 games, expert won ";
  const char *throws = "mean throws per game: ";
  g_assert_cmpstr (line_starting (&shipped, won), ==, line_starting (&built_in, won));
  g_assert_cmpstr (line_starting (&shipped, throws), ==, line_starting (&built_in, throws));
  g_assert_cmpfloat (number_after (&blank, won), <, number_after (&built_in, won));

  /* a file that is not a model's weights: one line saying so */
  g_assert_true (g_file_set_contents (zeros, "0.5\n0.25 # fine\nhalf\n", -1, NULL));
  assert_usage_error ("a weight that is not a number", match[0], match[1], match[2], match[3],
                      match[4], match[5], match[6], "--games", "2", "--a-weights", zeros, NULL);

  g_remove (zeros);
  g_rmdir (dir);
}

/* --a-rollouts, --a-candidates, --a-horizon, --a-plans, --a-screen: side
 * a's Hard on other rollouts. Given Hard's own counts it plays Hard's game
 * to the throw; rollouts of 4 throws play another, and so do rollouts of
 * the turn's plans and candidates chosen by a screen of every move. */
static void
test_tournament_rollouts (void)
{
  g_auto(Run) own;
  g_auto(Run) as_own;
  g_auto(Run) short_sighted;
  g_auto(Run) planned;
  g_auto(Run) screened;
  const char *const match[] = { "tournament", "--game", "asi-keliya", "--a", "hard", "--b", "hard",
                                "--games", "1", "--seed", "1", "--jobs", "1" };

  run_cli (&own, match[0], match[1], match[2], match[3], match[4], match[5], match[6],
           match[7], match[8], match[9], match[10], match[11], match[12], NULL);
  run_cli (&as_own, match[0], match[1], match[2], match[3], match[4], match[5], match[6],
           match[7], match[8], match[9], match[10], match[11], match[12],
           "--a-rollouts", "32", "--a-candidates", "4", "--a-horizon", "24", NULL);
  run_cli (&short_sighted, match[0], match[1], match[2], match[3], match[4], match[5], match[6],
           match[7], match[8], match[9], match[10], match[11], match[12], "--a-horizon", "4", NULL);
  run_cli (&planned, match[0], match[1], match[2], match[3], match[4], match[5], match[6],
           match[7], match[8], match[9], match[10], match[11], match[12], "--a-plans", "4", NULL);
  run_cli (&screened, match[0], match[1], match[2], match[3], match[4], match[5], match[6],
           match[7], match[8], match[9], match[10], match[11], match[12], "--a-screen", "8", NULL);
  assert_success (&planned);
  assert_success (&screened);
  assert_success (&own);
  assert_success (&as_own);
  assert_success (&short_sighted);

  const char *throws = "mean throws per game: ";
  g_assert_cmpstr (line_starting (&as_own, throws), ==, line_starting (&own, throws));
  g_assert_cmpstr (line_starting (&as_own, "hard as south: "), ==, line_starting (&own, "hard as south: "));
  g_assert_cmpstr (line_starting (&short_sighted, throws), !=, line_starting (&own, throws));
  g_assert_cmpstr (line_starting (&planned, throws), !=, line_starting (&own, throws));
  g_assert_cmpstr (line_starting (&screened, throws), !=, line_starting (&own, throws));
}

/* --a-policy: side a's rollouts played by a policy file. One that takes
 * whatever it can and sees nothing else plays another game than Hard's. */
static void
test_tournament_policy (void)
{
  g_auto(Run) own;
  g_auto(Run) greedy;
  g_autofree char *dir = g_dir_make_tmp ("ksm-policy-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "taken.weights", NULL);
  g_autoptr(GString) text = g_string_new ("# only pieces taken\n");
  const char *const match[] = { "tournament", "--game", "asi-keliya", "--a", "hard", "--b", "hard",
                                "--games", "1", "--seed", "1", "--jobs", "1" };

  g_assert_nonnull (dir);
  /* KSM_POLICY_N_WEIGHTS of Asi Keliya's 13 policy features: 2 x (4 + 13),
   * the third of each half pieces taken */
  for (int i = 0; i < 34; i++)
    g_string_append (text, i == 2 ? "1\n" : "0\n");
  g_assert_true (g_file_set_contents (file, text->str, -1, NULL));
  run_cli (&own, match[0], match[1], match[2], match[3], match[4], match[5], match[6],
           match[7], match[8], match[9], match[10], match[11], match[12], NULL);
  run_cli (&greedy, match[0], match[1], match[2], match[3], match[4], match[5], match[6],
           match[7], match[8], match[9], match[10], match[11], match[12], "--a-policy", file, NULL);
  assert_success (&own);
  assert_success (&greedy);
  const char *throws = "mean throws per game: ";
  g_assert_cmpstr (line_starting (&greedy, throws), !=, line_starting (&own, throws));

  assert_usage_error ("a policy for a game without one", "tournament", "--game", "kasimala",
                      "--a", "hard", "--b", "medium", "--games", "2", "--a-policy", file, NULL);
  assert_usage_error ("a policy for a level that plays no rollouts", "tournament", "--game",
                      "asi-keliya", "--a", "medium", "--b", "hard", "--games", "2",
                      "--a-policy", file, NULL);
  g_assert_true (g_file_set_contents (file, "1\n2\n", -1, NULL));
  assert_usage_error ("a policy of too few weights", "tournament", "--game", "asi-keliya",
                      "--a", "expert", "--b", "hard", "--games", "2", "--a-policy", file, NULL);

  g_remove (file);
  g_rmdir (dir);
}

static void
test_errors (void)
{
  g_autofree char *other_model = g_build_filename (source_dir, "data", "expert",
                                                   "ashte-kashte.weights", NULL);

  assert_usage_error ("unknown verb", "frobnicate", "--game", "kasimala", NULL);
  assert_usage_error ("unknown game", "throws", "--game", "chess", "--count", "10", "--seed", "1", NULL);
  assert_usage_error ("bad count", "throws", "--game", "kasimala", "--count", "abc", "--seed", "1", NULL);
  assert_usage_error ("bad seed", "throws", "--game", "kasimala", "--count", "10", "--seed", "x1", NULL);
  assert_usage_error ("unknown option", "throws", "--game", "kasimala", "--frob", NULL);
  assert_usage_error ("rollouts where Hard searches", "tournament", "--game", "kasimala",
                      "--a", "hard", "--b", "medium", "--games", "2", "--a-rollouts", "64", NULL);
  assert_usage_error ("rollouts for a level that plays none", "tournament", "--game", "asi-keliya",
                      "--a", "medium", "--b", "hard", "--games", "2", "--a-rollouts", "64", NULL);
  assert_usage_error ("a horizon where Hard searches", "tournament", "--game", "kasimala",
                      "--a", "hard", "--b", "medium", "--games", "2", "--a-horizon", "12", NULL);
  assert_usage_error ("a horizon for a level that plays no rollouts", "tournament", "--game",
                      "asi-keliya", "--a", "easy", "--b", "hard", "--games", "2", "--a-horizon", "12", NULL);
  assert_usage_error ("plans where Hard searches", "tournament", "--game", "kasimala",
                      "--a", "hard", "--b", "medium", "--games", "2", "--a-plans", "4", NULL);
  assert_usage_error ("a screen where Hard searches", "tournament", "--game", "ashte-kashte",
                      "--a", "hard", "--b", "medium", "--games", "2", "--a-screen", "8", NULL);
  assert_usage_error ("a screen of no rollouts", "tournament", "--game", "asi-keliya",
                      "--a", "hard", "--b", "hard", "--games", "2", "--a-screen", "0", NULL);
  assert_usage_error ("more plans than kept", "tournament", "--game", "asi-keliya",
                      "--a", "expert", "--b", "hard", "--games", "2", "--a-plans", "9", NULL);
  assert_usage_error ("a horizon of no throws", "tournament", "--game", "asi-keliya",
                      "--a", "hard", "--b", "hard", "--games", "2", "--a-horizon", "0", NULL);
  assert_usage_error ("weights for a game without a model", "tournament", "--game", "asi-keliya",
                      "--a", "expert", "--b", "hard", "--games", "2", "--a-weights", "x.weights", NULL);
  assert_usage_error ("weights for a level without the model", "tournament", "--game", "kasimala",
                      "--a", "hard", "--b", "medium", "--games", "2", "--a-weights", "x.weights", NULL);
  assert_usage_error ("a weights file that is not there", "tournament", "--game", "kasimala",
                      "--a", "expert", "--b", "medium", "--games", "2",
                      "--a-weights", "/nonexistent/kasimala.weights", NULL);
  assert_usage_error ("weights of another model", "tournament", "--game", "kasimala",
                      "--a", "expert", "--b", "medium", "--games", "2", "--a-weights",
                      other_model, NULL);
  assert_usage_error ("a part past the end", "tournament", "--game", "kasimala",
                      "--a", "easy", "--b", "random", "--games", "2", "--from", "2", NULL);
  assert_usage_error ("malformed position", "moves", "--game", "kasimala",
                      "--position", "kasimala 17 B:BBB", "--throw", "1", NULL);
  assert_usage_error ("garbage position", "moves", "--game", "kasimala",
                      "--position", "garbage", "--throw", "1", NULL);
  assert_usage_error ("throw 9", "moves", "--game", "kasimala",
                      "--position", START17, "--throw", "9", NULL);
  assert_usage_error ("throw 0", "moves", "--game", "kasimala",
                      "--position", START17, "--throw", "0", NULL);
  assert_usage_error ("throw of a bad name", "moves", "--game", "kasimala",
                      "--position", START17, "--throw", "ashte", NULL);
  assert_usage_error ("throw against the pending one", "moves", "--game", "kasimala",
                      "--position",
                      "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b 1 1 0/0",
                      "--throw", "2", NULL);
  /* rules-decisions.md, "Positions that cannot arise": refused like any
   * malformed position */
  assert_usage_error ("two colours on a square that is not safe", "moves", "--game", "ashte-kashte",
                      "--position", "ashte-kashte 2 R:0,0,0,1 G:0,0,0,13 blood:- r - 9", "--throw", "1", NULL);
  assert_usage_error ("a started brick beside the waiting ones", "moves", "--game", "kasimala",
                      "--position", "kasimala 17 B:BBBBBBBBBBBBBBBBb M:................. T:SSSSSSSSSSSSSSSSS b - 9 0/0",
                      "--throw", "1", NULL);
  assert_usage_error ("a started brick on its first cell", "moves", "--game", "kasimala",
                      "--position", "kasimala 17 B:b................ M:................. T:SSSSSSSSSSSSSSSSS b - 9 16/0",
                      "--throw", "1", NULL);
  assert_usage_error ("more throws held than made", "moves", "--game", "asi-keliya",
                      "--position", "asi-keliya S:h,h,h,h E:h,h,h,h N:h,h,h,h W:h,h,h,h s throw S 0",
                      "--throw", "1", NULL);
  assert_usage_error ("two teams on a cell that is not a corner", "moves", "--game", "asi-keliya",
                      "--position", "asi-keliya S:h,h,h,5 E:h,h,h,35 N:h,h,h,h W:h,h,h,h s throw - 9",
                      "--throw", "2", NULL);
  assert_usage_error ("an option given twice", "moves", "--game", "ashte-kashte",
                      "--position", "ashte-kashte 2 R:0,0,0,0 G:0,0,0,0 blood:- r - 0 grace=on grace=on",
                      "--throw", "4", NULL);
  assert_usage_error ("bad games", "selfplay", "--game", "kasimala", "--games", "many", "--seed", "1", NULL);
  assert_usage_error ("bad length", "selfplay", "--game", "kasimala", "--games", "2", "--seed", "1",
                      "--length", "18", NULL);
  assert_usage_error ("bad limit", "selfplay", "--game", "kasimala", "--games", "2", "--seed", "1",
                      "--limit", "lots", NULL);
  assert_usage_error ("bench section", "bench", "--sections", "speed", NULL);
  assert_usage_error ("bench size", "bench", "--game", "asi-keliya", "--players", "2", NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  cli = g_getenv ("KSM_CLI");
  if (cli == NULL || !g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_printerr ("KSM_CLI does not name the kasimala-cli binary\n");
      return 1;
    }
  source_dir = g_getenv ("KSM_SOURCE_DIR");
  if (source_dir == NULL)
    {
      g_printerr ("KSM_SOURCE_DIR does not name the project's source folder\n");
      return 1;
    }

  g_test_add_func ("/cli/throws", test_throws);
  g_test_add_func ("/cli/moves/start", test_moves_start);
  g_test_add_func ("/cli/moves/many", test_moves_many);
  g_test_add_func ("/cli/moves/lost", test_moves_lost);
  g_test_add_func ("/cli/moves/throw-names", test_moves_throw_names);
  g_test_add_func ("/cli/moves/game-over", test_moves_game_over);
  g_test_add_func ("/cli/selfplay", test_selfplay);
  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/game-needed", test_game_needed);
  g_test_add_func ("/cli/bench", test_bench);
  g_test_add_func ("/cli/tournament/parts", test_tournament_parts);
  g_test_add_func ("/cli/tournament/weights", test_tournament_weights);
  g_test_add_func ("/cli/tournament/rollouts", test_tournament_rollouts);
  g_test_add_func ("/cli/tournament/policy", test_tournament_policy);
  g_test_add_func ("/cli/errors", test_errors);

  return g_test_run ();
}
