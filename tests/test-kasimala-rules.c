/* test-kasimala-rules.c: the rules of Kasimala Paay, one test or more a rule.
 *
 * Written from seeds/kasimala.txt and docs/rules-decisions.md, not from the
 * engine. Positions are set up in the notation of doc/notation.md through a
 * small builder that fills the rows and works out the lost counts, and legal
 * moves are compared as exact sets written with cell names:
 *
 *   "M11-M8x2"   a step from M11 to M8 that captures two pieces
 *   "^B17-M17"   a start (KSM_MOVE_START) from B17 to M17
 *   "lost"       KSM_MOVE_LOSE
 */
#include <glib.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ksm-rules.h"

static const KsmRules *R;

enum { BRICKS = 0, STONES = 1 };

/* ---------------------------------------------------------------- helpers */

/* Builds a position text. `cells` lists marks: "B1-16:B M10:b T17:s2". Rows
 * start empty; lost counts are L less the pieces placed. */
static char *
build (int L, const char *side, const char *thr, unsigned count,
       const char *cells, const char *opts)
{
  char marks[3][KSM_KASIMALA_MAX_LENGTH][8];
  const char *rows = "BMT";
  int n[2] = { 0, 0 };

  g_assert_true (L == 17 || L == 21 || L == 25);
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < L; c++)
      strcpy (marks[r][c], ".");

  g_auto(GStrv) toks = g_strsplit (cells, " ", -1);
  for (int i = 0; toks[i]; i++)
    {
      const char *t = toks[i];
      char *end;
      if (!*t)
        continue;
      const char *rp = strchr (rows, t[0]);
      g_assert_nonnull (rp);
      int row = (int) (rp - rows);
      long a = strtol (t + 1, &end, 10), b = a;
      if (*end == '-')
        b = strtol (end + 1, &end, 10);
      g_assert_true (*end == ':');
      g_assert_true (a >= 1 && b <= L && a <= b);
      g_assert_cmpuint (strlen (end + 1), <, 8);
      for (long c = a; c <= b; c++)
        strcpy (marks[row][c - 1], end + 1);
    }

  for (int r = 0; r < 3; r++)
    for (int c = 0; c < L; c++)
      {
        const char *m = marks[r][c];
        int k = m[1] ? atoi (m + 1) : 1;
        if (m[0] == 'B') n[BRICKS] += 1;
        else if (m[0] == 'S') n[STONES] += 1;
        else if (m[0] == 'b') n[BRICKS] += k;
        else if (m[0] == 's') n[STONES] += k;
      }
  g_assert_cmpint (n[BRICKS], <=, L);
  g_assert_cmpint (n[STONES], <=, L);

  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "kasimala %d", L);
  for (int r = 0; r < 3; r++)
    {
      g_string_append_printf (s, " %c:", rows[r]);
      for (int c = 0; c < L; c++)
        g_string_append (s, marks[r][c]);
    }
  g_string_append_printf (s, " %s %s %u %d/%d", side, thr, count,
                          L - n[BRICKS], L - n[STONES]);
  if (opts && *opts)
    g_string_append_printf (s, " %s", opts);
  return g_string_free (s, FALSE);
}

static void
parse_ok (const char *text, KsmPosition *pos)
{
  char error[KSM_ERROR_MAX] = "";
  memset (pos, 0, sizeof *pos);
  if (!R->parse_position (text, pos, error, sizeof error))
    g_error ("the engine refuses the position \"%s\": %s", text, error);
}

static KsmPosition
P (int L, const char *side, unsigned count, const char *cells, const char *opts)
{
  KsmPosition pos;
  g_autofree char *text = build (L, side, "-", count, cells, opts);
  parse_ok (text, &pos);
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_THROW);
  return pos;
}

static int
cell_of (const KsmOptions *o, const char *name)
{
  int n = R->n_cells (o);
  for (int i = 0; i < n; i++)
    {
      char buf[32] = "";
      R->cell_name (o, i, buf, sizeof buf);
      if (strcmp (buf, name) == 0)
        return i;
    }
  g_error ("no cell named %s", name);
  return -1;
}

static char *
name_of (const KsmOptions *o, int cell)
{
  char buf[32] = "";
  R->cell_name (o, cell, buf, sizeof buf);
  return g_strdup (buf);
}

static int
face_of (const char *name)
{
  int f = ksm_rules_face_lookup (R, name);
  g_assert_cmpint (f, >=, 0);
  return f;
}

/* Throws `face` and checks what a throw does: the same side must now play
 * it, and one more throw is counted. */
static void
throw_face (KsmPosition *pos, const char *face)
{
  int f = face_of (face);
  int to_move = pos->to_move;
  uint32_t count = pos->throw_count;
  g_assert_cmpint (pos->phase, ==, KSM_PHASE_THROW);
  R->apply_throw (pos, f);
  g_assert_cmpint (pos->phase, ==, KSM_PHASE_MOVE);
  g_assert_cmpint (pos->face, ==, f);
  g_assert_cmpint (pos->to_move, ==, to_move);
  g_assert_cmpuint (pos->throw_count, ==, count + 1);
}

static char *
move_text (const KsmPosition *pos, const KsmMove *m)
{
  if (m->kind == KSM_MOVE_LOSE)
    return g_strdup ("lost");
  g_autofree char *from = name_of (&pos->options, m->from);
  g_autofree char *to = name_of (&pos->options, m->to);
  GString *s = g_string_new (m->kind == KSM_MOVE_START ? "^" : "");
  g_string_append_printf (s, "%s-%s", from, to);
  if (m->captured)
    g_string_append_printf (s, "x%d", m->captured);
  return g_string_free (s, FALSE);
}

static int
cmp_str (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static char *
sorted_set (char **items)
{
  qsort (items, g_strv_length (items), sizeof (char *), cmp_str);
  return g_strjoinv (" ", items);
}

/* The legal moves as a sorted set in the notation above. */
static char *
moves_now (const KsmPosition *pos)
{
  KsmMove moves[KSM_MAX_MOVES];
  int n = R->legal_moves (pos, moves);
  g_assert_cmpint (pos->phase, ==, KSM_PHASE_MOVE);
  g_assert_cmpint (n, >=, 1);
  g_assert_cmpint (n, <=, KSM_MAX_MOVES);
  char **items = g_new0 (char *, n + 1);
  int value = R->throws.faces[pos->face].value;
  for (int i = 0; i < n; i++)
    {
      items[i] = move_text (pos, &moves[i]);
      if (moves[i].kind == KSM_MOVE_LOSE)
        g_assert_cmpint (n, ==, 1);
      else
        g_assert_cmpint (moves[i].distance, ==, value);
    }
  char *set = sorted_set (items);
  g_strfreev (items);
  return set;
}

static void
check_moves (const KsmPosition *pos, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *want_text = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_auto(GStrv) want = g_strsplit (want_text, " ", -1);
  g_autofree char *want_set = sorted_set (want);
  g_autofree char *got_set = moves_now (pos);
  g_assert_cmpstr (got_set, ==, want_set);
}

/* Plays the legal move from-to (any decoration in `text` is ignored, the
 * move must be legal) and returns what it did. */
static KsmEffect
play (KsmPosition *pos, const char *text)
{
  KsmMove moves[KSM_MAX_MOVES];
  KsmEffect effect;
  int n = R->legal_moves (pos, moves);
  for (int i = 0; i < n; i++)
    {
      g_autofree char *t = move_text (pos, &moves[i]);
      const char *a = t[0] == '^' ? t + 1 : t;
      const char *b = text[0] == '^' ? text + 1 : text;
      size_t la = strcspn (a, "x"), lb = strcspn (b, "x");
      if (la == lb && strncmp (a, b, la) == 0)
        {
          memset (&effect, 0x55, sizeof effect);
          R->apply_move (pos, &moves[i], &effect);
          return effect;
        }
    }
  g_autofree char *set = moves_now (pos);
  g_error ("%s is not among the legal moves: %s", text, set);
  return effect;
}

static char *
fmt_pos (const KsmPosition *pos)
{
  char buf[KSM_NOTATION_MAX];
  if (R->format_position (pos, buf, sizeof buf) < 0)
    return g_strdup ("(unformattable)");
  return g_strdup (buf);
}

/* Compares a position with what a text describes, field by field and cell
 * by cell, through the interface and through the state. */
static void
assert_pos (const KsmPosition *got, const char *text)
{
  KsmPosition want;
  parse_ok (text, &want);
  g_autofree char *got_text = fmt_pos (got);
  bool same = true;
  int L = want.options.length;

  same &= got->options.game == want.options.game;
  same &= got->options.length == want.options.length;
  same &= got->options.throw_limit == want.options.throw_limit;
  same &= got->options.flags == want.options.flags;
  same &= got->phase == want.phase;
  same &= got->throw_count == want.throw_count;
  if (want.phase != KSM_PHASE_OVER)
    same &= got->to_move == want.to_move;
  if (want.phase == KSM_PHASE_MOVE)
    same &= got->face == want.face;
  for (int r = 0; r < KSM_KASIMALA_ROWS; r++)
    for (int c = 0; c < L; c++)
      same &= got->u.kasimala.cells[r][c] == want.u.kasimala.cells[r][c];
  for (int p = 0; p < 2; p++)
    {
      uint32_t mask = (1u << L) - 1;
      same &= (got->u.kasimala.waiting[p] & mask) == (want.u.kasimala.waiting[p] & mask);
      same &= got->u.kasimala.pieces[p] == want.u.kasimala.pieces[p];
      same &= R->pieces_left (got, p) == R->pieces_left (&want, p);
    }
  for (int i = 0; i < R->n_cells (&want.options); i++)
    {
      KsmCellContent a, b;
      R->cell_content (got, i, &a);
      R->cell_content (&want, i, &b);
      same &= a.player == b.player && a.count == b.count && a.waiting == b.waiting;
    }
  if (!same)
    {
      g_test_message ("positions differ:\n got  %s\n want %s", got_text, text);
      g_assert_cmpstr (got_text, ==, text);
      g_assert_true (same);   /* equal texts, different states */
    }
}

/* assert_pos of a text build () made, which it frees */
static void
assert_built (const KsmPosition *got, char *text)
{
  assert_pos (got, text);
  g_free (text);
}

static void
content (const KsmPosition *pos, const char *cell, KsmCellContent *c)
{
  R->cell_content (pos, cell_of (&pos->options, cell), c);
}

static void
assert_content (const KsmPosition *pos, const char *cell, int player, int count, bool waiting)
{
  KsmCellContent c;
  content (pos, cell, &c);
  if (c.player != player || c.count != count || c.waiting != waiting)
    g_error ("%s holds player %d x%d%s, expected player %d x%d%s", cell,
             c.player, c.count, c.waiting ? " waiting" : "",
             player, count, waiting ? " waiting" : "");
}

/* ------------------------------------------------------- registry, options */

static void
test_registry (void)
{
  g_assert_nonnull (R);
  g_assert_true (ksm_rules_get (KSM_GAME_KASIMALA) == R);
  g_assert_cmpstr (R->id, ==, "kasimala");
  g_assert_null (ksm_rules_lookup ("no-such-game"));

  KsmOptions o;
  R->default_options (&o);
  g_assert_cmpint (R->n_players (&o), ==, 2);
  g_assert_cmpint (R->throws.n_objects, ==, 4);
  g_assert_cmpint (R->throws.n_faces, ==, 5);

  KsmPosition pos;
  R->init (&pos, &o);
  g_assert_true (ksm_rules_for (&pos) == R);
}

static void
test_default_options (void)
{
  KsmOptions o;
  char error[KSM_ERROR_MAX];

  memset (&o, 0xff, sizeof o);
  R->default_options (&o);
  g_assert_cmpint (o.game, ==, KSM_GAME_KASIMALA);
  g_assert_cmpint (o.length, ==, 17);
  g_assert_cmpint (o.throw_limit, ==, 3000);
  g_assert_cmpuint (o.flags, ==, KSM_OPT_KASIMALA_EXTRA_THROW
                                 | KSM_OPT_KASIMALA_KASI_STARTS
                                 | KSM_OPT_KASIMALA_SAFE_LAIGAS);
  g_assert_true (R->check_options (&o, error, sizeof error));

  static const int good[] = { 17, 21, 25 };
  static const int bad[] = { 0, 1, 16, 18, 19, 20, 22, 24, 26, 255 };
  for (unsigned i = 0; i < G_N_ELEMENTS (good); i++)
    {
      o.length = good[i];
      g_assert_true (R->check_options (&o, error, sizeof error));
    }
  for (unsigned i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      error[0] = '\0';
      o.length = bad[i];
      g_assert_false (R->check_options (&o, error, sizeof error));
      g_assert_cmpuint (strlen (error), >, 0);
    }

  static const struct { const char *key; uint32_t flag; } want[] = {
    { "extra-throw", KSM_OPT_KASIMALA_EXTRA_THROW },
    { "kasi-starts", KSM_OPT_KASIMALA_KASI_STARTS },
    { "safe-laigas", KSM_OPT_KASIMALA_SAFE_LAIGAS },
  };
  for (unsigned i = 0; i < G_N_ELEMENTS (want); i++)
    {
      bool found = false;
      for (unsigned j = 0; j < R->n_option_info; j++)
        if (g_strcmp0 (R->option_info[j].key, want[i].key) == 0)
          {
            found = true;
            g_assert_cmpuint (R->option_info[j].flag, ==, want[i].flag);
            g_assert_true (R->option_info[j].default_on);
          }
      g_assert_true (found);
    }
}

static void
test_init (void)
{
  KsmOptions o;
  KsmPosition pos;

  R->default_options (&o);
  o.first_player = BRICKS;
  R->init (&pos, &o);
  assert_pos (&pos, "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0");
  g_assert_cmpint (R->pieces_left (&pos, BRICKS), ==, 17);
  g_assert_cmpint (R->pieces_left (&pos, STONES), ==, 17);

  o.first_player = STONES;
  R->init (&pos, &o);
  g_assert_cmpint (pos.to_move, ==, STONES);
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_THROW);

  o.first_player = BRICKS;
  o.length = 25;
  R->init (&pos, &o);
  assert_pos (&pos, "kasimala 25 B:BBBBBBBBBBBBBBBBBBBBBBBBB M:......................... "
                    "T:SSSSSSSSSSSSSSSSSSSSSSSSS b - 0 0/0");
  g_assert_cmpint (R->pieces_left (&pos, STONES), ==, 25);
}

/* ------------------------------------------------------------------- board */

static void
test_board (gconstpointer data)
{
  int L = GPOINTER_TO_INT (data);
  KsmOptions o;
  R->default_options (&o);
  o.length = L;

  g_assert_cmpint (R->n_cells (&o), ==, 3 * L);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (int i = 0; i < 3 * L; i++)
    {
      char *name = name_of (&o, i);
      g_assert_false (g_hash_table_contains (seen, name));
      g_hash_table_add (seen, name);
    }

  int laigas = 0;
  for (int row = 0; row < 3; row++)
    for (int c = 1; c <= L; c++)
      {
        g_autofree char *name = g_strdup_printf ("%c%d", "BMT"[row], c);
        g_assert_true (g_hash_table_contains (seen, name));
        bool want_safe = row == 1 && (c - 1) % 4 == 0;
        bool safe = (R->cell_flags (&o, cell_of (&o, name)) & KSM_CELL_SAFE) != 0;
        if (safe != want_safe)
          g_error ("L=%d: %s %s a laiga", L, name, safe ? "is wrongly" : "should be");
        laigas += safe;
      }
  g_assert_cmpint (laigas, ==, L == 17 ? 5 : L == 21 ? 6 : 7);

  /* the laigas named in the rules: both ends of the mala */
  g_autofree char *ml = g_strdup_printf ("M%d", L);
  g_assert_true (R->cell_flags (&o, cell_of (&o, "M1")) & KSM_CELL_SAFE);
  g_assert_true (R->cell_flags (&o, cell_of (&o, ml)) & KSM_CELL_SAFE);
}

static void
test_cell_content (void)
{
  KsmPosition pos = P (17, "b", 30, "B1-10:B B12:s M3:b3 M9:s2 T5-17:S T1:b", NULL);

  assert_content (&pos, "B1", BRICKS, 1, true);
  assert_content (&pos, "B10", BRICKS, 1, true);
  assert_content (&pos, "B11", -1, 0, false);
  assert_content (&pos, "B12", STONES, 1, false);
  assert_content (&pos, "M3", BRICKS, 3, false);
  assert_content (&pos, "M9", STONES, 2, false);
  assert_content (&pos, "T1", BRICKS, 1, false);
  assert_content (&pos, "T2", -1, 0, false);
  assert_content (&pos, "T5", STONES, 1, true);
  assert_content (&pos, "T17", STONES, 1, true);
  assert_content (&pos, "M4", -1, 0, false);
  g_assert_cmpint (R->pieces_left (&pos, BRICKS), ==, 14);
  g_assert_cmpint (R->pieces_left (&pos, STONES), ==, 16);
}

/* ------------------------------------------------------------------- paths */

/* The cells a piece walks, from its own row's first cell, for three laps. */
static GPtrArray *
path_of (int L, int side)
{
  GPtrArray *p = g_ptr_array_new_with_free_func (g_free);
  if (side == BRICKS)
    {
      for (int c = 1; c <= L; c++) g_ptr_array_add (p, g_strdup_printf ("B%d", c));
      for (int lap = 0; lap < 3; lap++)
        {
          for (int c = L; c >= 1; c--) g_ptr_array_add (p, g_strdup_printf ("M%d", c));
          for (int c = 1; c <= L; c++) g_ptr_array_add (p, g_strdup_printf ("T%d", c));
        }
    }
  else
    {
      for (int c = L; c >= 1; c--) g_ptr_array_add (p, g_strdup_printf ("T%d", c));
      for (int lap = 0; lap < 3; lap++)
        {
          for (int c = 1; c <= L; c++) g_ptr_array_add (p, g_strdup_printf ("M%d", c));
          for (int c = L; c >= 1; c--) g_ptr_array_add (p, g_strdup_printf ("B%d", c));
        }
    }
  return p;
}

static const char *face_names[] = { NULL, "kasi", "dwadi", "sudi", "chya", "ngha" };

/* A lone started piece of `side` anywhere on its path but its first cell
 * (where no start puts a piece: rules-decisions.md, "Positions that cannot
 * arise"), and a lone enemy piece out of the way in the mala: every throw
 * takes it exactly that many cells on. */
static void
walk_path (int L, int side)
{
  g_autoptr(GPtrArray) path = path_of (L, side);
  const char *mine = side == BRICKS ? "b" : "s";
  const char *theirs = side == BRICKS ? "s" : "b";
  static const char *parking[] = { "M2", "M3", "M4" };

  for (unsigned i = 1; i < 3u * L + 2; i++)
    for (int v = 1; v <= 5; v++)
      {
        const char *from = path->pdata[i], *to = path->pdata[i + v];
        const char *park = NULL;
        for (unsigned k = 0; k < G_N_ELEMENTS (parking) && !park; k++)
          if (strcmp (parking[k], from) && strcmp (parking[k], to))
            park = parking[k];
        g_autofree char *cells = g_strdup_printf ("%s:%s %s:%s", from, mine, park, theirs);
        KsmPosition pos = P (L, side == BRICKS ? "b" : "s", 40, cells, NULL);
        throw_face (&pos, face_names[v]);
        check_moves (&pos, "%s-%s", from, to);
      }
}

static void
test_path_bottom (gconstpointer data)
{
  walk_path (GPOINTER_TO_INT (data), BRICKS);
}

static void
test_path_top (gconstpointer data)
{
  walk_path (GPOINTER_TO_INT (data), STONES);
}

/* The seed: "then turns into the other side's row. After that a piece goes
 * round the mala and that row for good." */
static void
test_seed_path_after_other_row (gconstpointer data)
{
  int L = GPOINTER_TO_INT (data);
  KsmPosition pos;
  g_autofree char *cells = NULL;

  /* a brick at the end of the top row turns back into the mala at ML */
  cells = g_strdup_printf ("T%d:b B1:s", L);
  pos = P (L, "b", 99, cells, NULL);
  throw_face (&pos, "kasi");
  check_moves (&pos, "T%d-M%d", L, L);
  g_autofree char *tl_ml = g_strdup_printf ("T%d-M%d", L, L);
  g_autofree char *ml = g_strdup_printf ("M%d", L);
  play (&pos, tl_ml);
  assert_content (&pos, ml, BRICKS, 1, false);

  pos = P (L, "b", 99, cells, NULL);
  throw_face (&pos, "ngha");
  check_moves (&pos, "T%d-M%d", L, L - 4);

  /* and from M1 into the top row again */
  g_free (cells);
  cells = g_strdup_printf ("M2:b B%d:s", L);
  pos = P (L, "b", 99, cells, NULL);
  throw_face (&pos, "sudi");
  check_moves (&pos, "M2-T2");

  /* a stone at the end of the bottom row turns into the mala at M1 */
  g_free (cells);
  cells = g_strdup_printf ("B1:s T%d:b", L);
  pos = P (L, "s", 99, cells, NULL);
  throw_face (&pos, "kasi");
  check_moves (&pos, "B1-M1");
  pos = P (L, "s", 99, cells, NULL);
  throw_face (&pos, "sudi");
  check_moves (&pos, "B1-M3");

  /* and from ML into the bottom row again */
  g_free (cells);
  cells = g_strdup_printf ("M%d:s T1:b", L - 1);
  pos = P (L, "s", 99, cells, NULL);
  throw_face (&pos, "dwadi");
  check_moves (&pos, "M%d-B%d", L - 1, L);
  pos = P (L, "s", 99, cells, NULL);
  throw_face (&pos, "ngha");
  check_moves (&pos, "M%d-B%d", L - 1, L - 3);
}

static void
test_throw_phase (void)
{
  KsmPosition pos = P (17, "s", 12, "B1-17:B T1-17:S", NULL);
  KsmMove moves[KSM_MAX_MOVES];

  g_assert_cmpint (R->legal_moves (&pos, moves), ==, 0);
  throw_face (&pos, "sudi");
  g_assert_cmpint (pos.to_move, ==, STONES);
  g_assert_cmpint (R->legal_moves (&pos, moves), ==, 1);
}

/* -------------------------------------------------------- start and waiting */

static const char *START17 =
  "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0";

/* The seed's picture: "A kasi steps the first brick onto the laiga at the
 * mouth of the mala. The ringed brick starts next." */
static void
test_seed_first_kasi (void)
{
  KsmPosition pos;
  KsmEffect e;

  parse_ok (START17, &pos);
  throw_face (&pos, "kasi");
  check_moves (&pos, "^B17-M17");
  g_assert_true (R->cell_flags (&pos.options, cell_of (&pos.options, "M17")) & KSM_CELL_SAFE);
  e = play (&pos, "B17-M17");
  g_assert_cmpint (e.captured, ==, 0);
  g_assert_false (e.throws_again);
  g_assert_false (e.game_over);
  /* the example of doc/notation.md */
  assert_pos (&pos, "kasimala 17 B:BBBBBBBBBBBBBBBB. M:................b T:SSSSSSSSSSSSSSSSS s - 1 0/0");
  assert_content (&pos, "M17", BRICKS, 1, false);
  assert_content (&pos, "B16", BRICKS, 1, true);

  throw_face (&pos, "dwadi");
  check_moves (&pos, "lost");
  play (&pos, "lost");

  /* the ringed brick, B16, starts next: onto B17, not the brick on M17 */
  throw_face (&pos, "kasi");
  check_moves (&pos, "^B16-B17");
  play (&pos, "B16-B17");
  assert_pos (&pos, "kasimala 17 B:BBBBBBBBBBBBBBB.b M:................b T:SSSSSSSSSSSSSSSSS s - 3 0/0");
}

static void
test_start_order_bottom (void)
{
  KsmPosition pos = P (17, "b", 20, "B1-15:B B17:b M13:b T1-17:S", NULL);

  throw_face (&pos, "kasi");
  check_moves (&pos, "^B15-B16");
  play (&pos, "B15-B16");
  assert_built (&pos, build (17, "s", "-", 21, "B1-14:B B16:b B17:b M13:b T1-17:S", NULL));
}

static void
test_start_order_top (void)
{
  KsmPosition pos;
  parse_ok ("kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS s - 0 0/0", &pos);

  throw_face (&pos, "kasi");
  check_moves (&pos, "^T1-M1");
  play (&pos, "T1-M1");
  assert_pos (&pos, "kasimala 17 B:BBBBBBBBBBBBBBBBB M:s................ T:.SSSSSSSSSSSSSSSS b - 1 0/0");
  throw_face (&pos, "sudi");
  check_moves (&pos, "lost");
  play (&pos, "lost");
  throw_face (&pos, "kasi");
  check_moves (&pos, "^T2-T1");
  play (&pos, "T2-T1");
  assert_pos (&pos, "kasimala 17 B:BBBBBBBBBBBBBBBBB M:s................ T:s.SSSSSSSSSSSSSSS b - 3 0/0");
}

/* Captured waiting pieces are skipped: the next one still waiting starts. */
static void
test_start_order_skips_captured (void)
{
  KsmPosition pos = P (17, "b", 60, "B1-15:B M17:b T1-17:S", NULL);
  throw_face (&pos, "kasi");
  check_moves (&pos, "^B15-B16");

  pos = P (17, "b", 60, "B1-10:B B12-13:B B16:s M2:b T2-17:S", NULL);
  throw_face (&pos, "kasi");
  check_moves (&pos, "^B13-B14");

  pos = P (17, "s", 60, "T3-17:S M1:s B1-17:B", NULL);
  throw_face (&pos, "kasi");
  check_moves (&pos, "^T3-T2");

  pos = P (17, "s", 60, "T5:S T7-17:S T1:b M8:s B1-16:B", NULL);
  throw_face (&pos, "kasi");
  check_moves (&pos, "^T5-T4");
}

/* A stone takes a waiting brick; the brick's place in the order is gone, and
 * the next brick's start lands on the stone and takes it. */
static void
test_capture_waiting_then_skip (void)
{
  KsmPosition pos = P (17, "s", 10, "B1-16:B M13:b M17:s T2-17:S", NULL);
  KsmEffect e;

  throw_face (&pos, "dwadi");
  check_moves (&pos, "M17-B16x1");
  e = play (&pos, "M17-B16");
  g_assert_cmpint (e.captured, ==, 1);
  g_assert_cmpint (e.captured_waiting, ==, 1);
  g_assert_cmpint (e.captured_player, ==, BRICKS);
  g_assert_false (e.throws_again);
  assert_content (&pos, "B16", STONES, 1, false);
  g_assert_cmpint (R->pieces_left (&pos, BRICKS), ==, 16);
  assert_built (&pos, build (17, "b", "-", 11, "B1-15:B B16:s M13:b T2-17:S", NULL));

  throw_face (&pos, "kasi");
  check_moves (&pos, "^B15-B16x1");
  e = play (&pos, "B15-B16");
  g_assert_cmpint (e.captured, ==, 1);
  g_assert_cmpint (e.captured_waiting, ==, 0);
  g_assert_cmpint (e.captured_player, ==, STONES);
  g_assert_false (e.throws_again);
  assert_built (&pos, build (17, "s", "-", 12, "B1-14:B B16:b M13:b T2-17:S", NULL));
  assert_content (&pos, "B15", -1, 0, false);
  g_assert_cmpint (R->pieces_left (&pos, STONES), ==, 16);
}

/* A brick on its second lap takes the first stone waiting; the stones' next
 * kasi starts T2. */
static void
test_capture_waiting_top (void)
{
  KsmPosition pos = P (17, "b", 300, "M1:b M9:b T1-17:S", NULL);
  KsmEffect e;

  throw_face (&pos, "kasi");
  check_moves (&pos, "M1-T1x1 M9-M8");
  e = play (&pos, "M1-T1");
  g_assert_cmpint (e.captured, ==, 1);
  g_assert_cmpint (e.captured_waiting, ==, 1);
  g_assert_cmpint (e.captured_player, ==, STONES);
  assert_content (&pos, "T1", BRICKS, 1, false);

  throw_face (&pos, "kasi");
  check_moves (&pos, "^T2-T1x1");
  e = play (&pos, "T2-T1");
  g_assert_cmpint (e.captured, ==, 1);
  g_assert_cmpint (e.captured_player, ==, BRICKS);
  assert_built (&pos, build (17, "b", "-", 302, "M9:b T1:s T3-17:S", NULL));
}

/* ---------------------------------------------------------------- the kasi */

/* While a piece waits, a kasi must start it, even if started pieces could
 * step one cell. */
static void
test_kasi_must_start (void)
{
  KsmPosition pos = P (17, "b", 40, "B1-14:B B17:b M10:b M2:b T1-17:S", NULL);
  throw_face (&pos, "kasi");
  check_moves (&pos, "^B14-B15");

  pos = P (17, "s", 40, "T4-17:S M3:s B5:s T1:s B1-4:B B6-17:B", NULL);
  throw_face (&pos, "kasi");
  check_moves (&pos, "^T4-T3");

  /* any other throw moves the started pieces only */
  pos = P (17, "b", 40, "B1-14:B B17:b M10:b M2:b T1-17:S", NULL);
  throw_face (&pos, "dwadi");
  check_moves (&pos, "B17-M16 M10-M8 M2-T1x1");
}

/* Once every piece is out or taken, a kasi moves any piece one cell. */
static void
test_kasi_free_when_none_wait (void)
{
  KsmPosition pos = P (17, "b", 40, "B17:b M10:b M3:b2 T1-17:S", NULL);
  throw_face (&pos, "kasi");
  check_moves (&pos, "B17-M17 M10-M9 M3-M2");
}

/* The seed's tactic: "If the other side has not started anything yet, sit on
 * the laiga its first piece starts onto. Until you move, a kasi does it no
 * good." */
static void
test_seed_kasi_does_no_good (void)
{
  KsmPosition pos = P (17, "b", 25, "B1-17:B M17:s T2-17:S", NULL);
  KsmEffect e;

  throw_face (&pos, "kasi");
  check_moves (&pos, "lost");
  e = play (&pos, "lost");
  g_assert_false (e.throws_again);
  g_assert_cmpint (e.captured, ==, 0);
  assert_built (&pos, build (17, "s", "-", 26, "B1-17:B M17:s T2-17:S", NULL));

  /* the stones' side of it */
  pos = P (17, "s", 25, "T1-17:S M1:b B1-16:B", NULL);
  throw_face (&pos, "kasi");
  check_moves (&pos, "lost");
}

/* A blocked start loses the kasi even when a started piece could step. */
static void
test_kasi_blocked_start_loses (void)
{
  KsmPosition pos = P (17, "b", 25, "B1-15:B B17:B M10:b M17:s T2-17:S", NULL);
  throw_face (&pos, "kasi");
  check_moves (&pos, "lost");
}

static void
test_kasi_start_captures (void)
{
  KsmPosition pos = P (17, "b", 80, "B1-16:B M10:b B17:s2 T3-17:S", NULL);
  KsmEffect e;

  throw_face (&pos, "kasi");
  check_moves (&pos, "^B16-B17x2");
  e = play (&pos, "B16-B17");
  g_assert_cmpint (e.captured, ==, 2);
  g_assert_cmpint (e.captured_waiting, ==, 0);
  g_assert_cmpint (e.captured_player, ==, STONES);
  assert_built (&pos, build (17, "s", "-", 81, "B1-15:B B17:b M10:b T3-17:S", NULL));

  /* the first start of all, with safe laigas off, takes what sits on ML */
  pos = P (17, "b", 80, "B1-17:B M17:s3 T4-17:S", "safe-laigas=off");
  throw_face (&pos, "kasi");
  check_moves (&pos, "^B17-M17x3");
}

/* A start onto one's own started piece stacks with it. */
static void
test_kasi_start_stacks (void)
{
  /* A start lands beside its own started pieces only where a start goes
   * further than one cell: with any throw starting (kasi-starts=off), a
   * dwadi takes the brick on B15 onto the one on B17. (With a kasi, a
   * started piece on its own row stands at least two cells past every
   * waiting one, rules-decisions.md, so a kasi's start never stacks there.) */
  KsmPosition pos = P (17, "b", 80, "B1-15:B B17:b M17:b T1-17:S", "kasi-starts=off");
  throw_face (&pos, "dwadi");
  check_moves (&pos, "B17-M16 M17-M15 ^B15-B17");
  play (&pos, "B15-B17");
  assert_content (&pos, "B17", BRICKS, 2, false);
  assert_built (&pos, build (17, "s", "-", 81, "B1-14:B B17:b2 M17:b T1-17:S", "kasi-starts=off"));
}

/* ----------------------------------------------------------------- moving */

/* "It may pass over anything: your own pieces, the other side's, and a laiga
 * the other side holds. Only the cell it lands on matters." */
static void
test_move_jumps (void)
{
  KsmPosition pos = P (17, "b", 90, "B1-15:B M10:b M6:b M9:s M8:s M7:s2 T6-17:S", NULL);
  KsmEffect e;

  throw_face (&pos, "ngha");
  check_moves (&pos, "M10-M5 M6-M1");
  e = play (&pos, "M10-M5");
  g_assert_cmpint (e.captured, ==, 0);
  assert_built (&pos, build (17, "b", "-", 91, "B1-15:B M5:b M6:b M9:s M8:s M7:s2 T6-17:S", NULL));

  /* jumping over the other side's waiting row */
  pos = P (17, "s", 90, "B1-17:B M17:s T2-17:S", NULL);
  throw_face (&pos, "ngha");
  check_moves (&pos, "M17-B13x1");
}

static void
test_stack (void)
{
  KsmPosition pos = P (17, "b", 90, "B1-15:B M7:b M5:b T1-17:S", NULL);

  /* own pieces share a cell, a laiga included */
  throw_face (&pos, "dwadi");
  check_moves (&pos, "M7-M5 M5-M3");
  play (&pos, "M7-M5");
  assert_content (&pos, "M5", BRICKS, 2, false);
  assert_content (&pos, "M7", -1, 0, false);
  assert_built (&pos, build (17, "s", "-", 91, "B1-15:B M5:b2 T1-17:S", NULL));

  /* a stack moves one piece at a time, and offers one move */
  pos = P (17, "b", 91, "B1-15:B M5:b2 T1-17:S", NULL);
  throw_face (&pos, "chya");
  check_moves (&pos, "M5-M1");
  play (&pos, "M5-M1");
  assert_content (&pos, "M5", BRICKS, 1, false);
  assert_content (&pos, "M1", BRICKS, 1, false);

  pos = P (17, "s", 90, "B1-17:B M4:s5 T6-17:S", NULL);
  throw_face (&pos, "sudi");
  check_moves (&pos, "M4-M7");
  play (&pos, "M4-M7");
  assert_content (&pos, "M4", STONES, 4, false);
  assert_content (&pos, "M7", STONES, 1, false);
  g_assert_cmpint (R->pieces_left (&pos, STONES), ==, 17);
}

/* -------------------------------------------------------------- capturing */

/* The seed's picture: "A sudi takes the brick onto the two stones, and both
 * of them go off the board." */
static void
test_seed_sudi_takes_two (void)
{
  KsmPosition pos = P (17, "b", 70, "B1-15:B M11:b M15:b M8:s2 T3-17:S", NULL);
  KsmEffect e;

  throw_face (&pos, "sudi");
  check_moves (&pos, "M11-M8x2 M15-M12");
  e = play (&pos, "M11-M8");
  g_assert_cmpint (e.captured, ==, 2);
  g_assert_cmpint (e.captured_waiting, ==, 0);
  g_assert_cmpint (e.captured_player, ==, STONES);
  g_assert_false (e.throws_again);
  g_assert_false (e.game_over);
  g_assert_cmpint (R->pieces_left (&pos, STONES), ==, 15);
  g_assert_cmpint (R->pieces_left (&pos, BRICKS), ==, 17);
  assert_pos (&pos, "kasimala 17 B:BBBBBBBBBBBBBBB.. M:.......b......b.. T:..SSSSSSSSSSSSSSS s - 71 0/2");
}

static void
test_capture_stack_top_row (void)
{
  KsmPosition pos = P (17, "s", 70, "B1-14:B B16:b3 B17:s M1:s T3-17:S", NULL);
  KsmEffect e;

  throw_face (&pos, "kasi");
  /* a kasi with stones waiting must start T2 */
  check_moves (&pos, "^T3-T2");

  pos = P (17, "s", 70, "B1-14:B B16:b3 B17:s M1:s T3-17:S", NULL);
  throw_face (&pos, "dwadi");
  check_moves (&pos, "B17-B15 M1-M3");
  pos = P (17, "s", 70, "B1-14:B B16:b3 B17:s M1:s T3-17:S", NULL);
  throw_face (&pos, "sudi");
  check_moves (&pos, "B17-B14x1 M1-M4");

  /* (B14 is empty: a started brick stands two cells past the waiting ones) */
  pos = P (17, "s", 70, "B1-13:B B15:b3 B16:b B17:s M1:s T3-17:S", NULL);
  throw_face (&pos, "dwadi");
  check_moves (&pos, "B17-B15x3 M1-M3");
  e = play (&pos, "B17-B15");
  g_assert_cmpint (e.captured, ==, 3);
  g_assert_cmpint (e.captured_waiting, ==, 0);
  g_assert_cmpint (e.captured_player, ==, BRICKS);
  g_assert_cmpint (R->pieces_left (&pos, BRICKS), ==, 14);
  assert_built (&pos, build (17, "b", "-", 71, "B1-13:B B15:s B16:b M1:s T3-17:S", NULL));
}

/* ---------------------------------------------------------------- laigas */

/* The seed's picture: "A chya would take this brick onto the laiga, but a
 * stone holds it, so the move is refused." */
static void
test_seed_chya_refused (void)
{
  KsmPosition pos = P (17, "b", 50, "B1-15:B M13:b M15:b M9:s T2-17:S", NULL);
  throw_face (&pos, "chya");
  check_moves (&pos, "M15-M11");

  /* with nothing else to move, the chya is lost (and still throws again) */
  pos = P (17, "b", 50, "B1-16:B M13:b M9:s T2-17:S", NULL);
  throw_face (&pos, "chya");
  check_moves (&pos, "lost");
  KsmEffect e = play (&pos, "lost");
  g_assert_true (e.throws_again);
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_THROW);
  g_assert_cmpint (pos.to_move, ==, BRICKS);
}

static void
test_laiga_safe (void)
{
  /* stones cannot land on a laiga bricks hold, a stack neither */
  KsmPosition pos = P (17, "s", 50, "B1-14:B M5:b2 M6:b T1-10:S M2:s", NULL);
  throw_face (&pos, "sudi");
  check_moves (&pos, "lost");
  pos = P (17, "s", 50, "B1-14:B M5:b2 M6:b T1-10:S M2:s", NULL);
  throw_face (&pos, "chya");
  check_moves (&pos, "M2-M6x1");

  /* every laiga of every board, held against the other side */
  for (int L = 17; L <= 25; L += 4)
    for (int c = 1; c <= L; c += 4)
      {
        g_autofree char *b_from = c == L ? g_strdup_printf ("T%d", L - 1)
                                         : g_strdup_printf ("M%d", c + 2);
        g_autofree char *s_from = c == 1 ? g_strdup ("B2") : g_strdup_printf ("M%d", c - 2);
        g_autofree char *cells = g_strdup_printf ("B3-%d:B %s:b M%d:s T1-%d:S", L, b_from, c, L - 5);
        pos = P (L, "b", 50, cells, NULL);
        throw_face (&pos, "dwadi");
        check_moves (&pos, "lost");
        g_free (cells);
        cells = g_strdup_printf ("T3-%d:S %s:s M%d:b B6-%d:B", L, s_from, c, L);
        pos = P (L, "s", 50, cells, NULL);
        throw_face (&pos, "dwadi");
        check_moves (&pos, "lost");
      }

  /* own pieces may join a laiga */
  pos = P (17, "b", 50, "B1-14:B M9:b2 M11:b T1-17:S", NULL);
  throw_face (&pos, "dwadi");
  check_moves (&pos, "M11-M9 M9-M7");
  play (&pos, "M11-M9");
  assert_content (&pos, "M9", BRICKS, 3, false);

  /* a cell of the rows is no laiga: a waiting piece is taken */
  pos = P (17, "b", 50, "B1-16:B M2:b T1-17:S", NULL);
  throw_face (&pos, "dwadi");
  check_moves (&pos, "M2-T1x1");
}

/* ------------------------------------------------------------ lost throws */

static void
test_lost_throw (void)
{
  static const struct { const char *face; bool again; } cases[] = {
    { "dwadi", false }, { "sudi", false }, { "chya", true }, { "ngha", true },
  };

  for (unsigned i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KsmPosition pos;
      KsmMove moves[KSM_MAX_MOVES];
      KsmEffect e;

      parse_ok (START17, &pos);
      throw_face (&pos, cases[i].face);
      g_assert_cmpint (R->legal_moves (&pos, moves), ==, 1);
      g_assert_cmpint (moves[0].kind, ==, KSM_MOVE_LOSE);
      g_assert_cmpint (moves[0].captured, ==, 0);
      memset (&e, 0x55, sizeof e);
      R->apply_move (&pos, &moves[0], &e);
      g_assert_cmpint (e.captured, ==, 0);
      g_assert_cmpint (e.throws_again, ==, cases[i].again);
      g_assert_false (e.game_over);
      assert_pos (&pos, cases[i].again
                  ? "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 1 0/0"
                  : "kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS s - 1 0/0");
    }
}

/* ---------------------------------------------------------- extra throws */

static void
test_extra_throw (void)
{
  static const struct { const char *face; const char *move; bool again; } cases[] = {
    { "kasi",  "M10-M9", false },
    { "dwadi", "M10-M8x1", false },   /* a capture gives no throw */
    { "sudi",  "M10-M7", false },
    { "chya",  "M10-M6", true },
    { "ngha",  "M10-M5", true },
  };

  for (unsigned i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KsmPosition pos = P (17, "b", 200, "M10:b M1:b M8:s T1-16:S", NULL);
      KsmEffect e;
      throw_face (&pos, cases[i].face);
      e = play (&pos, cases[i].move);
      g_assert_cmpint (e.throws_again, ==, cases[i].again);
      g_assert_cmpint (pos.phase, ==, KSM_PHASE_THROW);
      g_assert_cmpint (pos.to_move, ==, cases[i].again ? BRICKS : STONES);
      g_assert_cmpuint (pos.throw_count, ==, 201);
    }

  /* a chya that captures throws again all the same */
  KsmPosition pos = P (17, "s", 200, "M6:s B1-16:B M10:b", NULL);
  throw_face (&pos, "chya");
  check_moves (&pos, "M6-M10x1");
  KsmEffect e = play (&pos, "M6-M10");
  g_assert_true (e.throws_again);
  g_assert_cmpint (pos.to_move, ==, STONES);

  /* and so does a chya or ngha in a row */
  pos = P (17, "b", 200, "M10:b T1-16:S", NULL);
  throw_face (&pos, "ngha");
  play (&pos, "M10-M5");
  throw_face (&pos, "chya");
  play (&pos, "M5-M1");
  throw_face (&pos, "dwadi");
  play (&pos, "M1-T2x1");
  assert_built (&pos, build (17, "s", "-", 203, "T2:b T1:S T3-16:S", NULL));
}

/* ---------------------------------------------------------------- winning */

static void
assert_over (const KsmPosition *pos, int winner, int reason, bool gulmasi, int score)
{
  KsmOutcome o;
  KsmMove moves[KSM_MAX_MOVES];
  memset (&o, 0x55, sizeof o);
  R->outcome (pos, &o);
  g_assert_cmpint (pos->phase, ==, KSM_PHASE_OVER);
  g_assert_true (o.over);
  g_assert_cmpint (o.winner, ==, winner);
  g_assert_cmpint (o.reason, ==, reason);
  if (winner >= 0)
    {
      g_assert_cmpint (o.gulmasi, ==, gulmasi);
      g_assert_cmpint (o.score, ==, score);
    }
  g_assert_cmpint (R->legal_moves (pos, moves), ==, 0);
}

static void
test_win_gulmasi (void)
{
  KsmPosition pos = P (17, "b", 400, "B1-16:B M10:b M8:s", NULL);
  KsmOutcome o;
  KsmEffect e;

  R->outcome (&pos, &o);
  g_assert_false (o.over);
  throw_face (&pos, "dwadi");
  check_moves (&pos, "M10-M8x1");
  e = play (&pos, "M10-M8");
  g_assert_true (e.game_over);
  g_assert_cmpint (e.captured, ==, 1);
  g_assert_cmpint (R->pieces_left (&pos, STONES), ==, 0);
  assert_over (&pos, BRICKS, KSM_END_ALL_CAPTURED, true, 2);
}

static void
test_win_plain (void)
{
  KsmPosition pos = P (17, "b", 400, "B1-14:B M10:b M8:s2", NULL);
  KsmEffect e;

  throw_face (&pos, "dwadi");
  check_moves (&pos, "M10-M8x2");
  e = play (&pos, "M10-M8");
  g_assert_true (e.game_over);
  assert_over (&pos, BRICKS, KSM_END_ALL_CAPTURED, false, 1);

  /* even with a chya, the game is over: nobody throws again */
  pos = P (17, "b", 400, "B1-14:B M10:b M6:s2", NULL);
  throw_face (&pos, "chya");
  e = play (&pos, "M10-M6");
  g_assert_true (e.game_over);
  assert_over (&pos, BRICKS, KSM_END_ALL_CAPTURED, false, 1);
}

static void
test_win_stones (void)
{
  /* the last brick is taken while it still waits */
  KsmPosition pos = P (17, "s", 400, "B3:B B5:s T2-17:S", NULL);
  KsmEffect e;

  throw_face (&pos, "dwadi");
  check_moves (&pos, "B5-B3x1");
  e = play (&pos, "B5-B3");
  g_assert_true (e.game_over);
  g_assert_cmpint (e.captured_waiting, ==, 1);
  assert_over (&pos, STONES, KSM_END_ALL_CAPTURED, true, 2);

  pos = P (17, "s", 400, "B3:B B5:s T2-10:S", NULL);
  throw_face (&pos, "dwadi");
  play (&pos, "B5-B3");
  assert_over (&pos, STONES, KSM_END_ALL_CAPTURED, false, 1);
}

/* A text in which a side has nothing left is a finished game. */
static void
test_win_parsed (void)
{
  KsmPosition pos;
  g_autofree char *text = build (17, "s", "-", 300, "B1-16:B M1:b", NULL);
  parse_ok (text, &pos);
  assert_over (&pos, BRICKS, KSM_END_ALL_CAPTURED, true, 2);
}

/* -------------------------------------------------------- the throw limit */

static void
test_limit (void)
{
  KsmPosition pos;
  KsmEffect e;

  /* 8 bricks to 7 stones when the 3,000th throw has been played */
  pos = P (17, "b", 2999, "B1-5:B M10:b M3:b2 T10-15:S M8:s", NULL);
  throw_face (&pos, "dwadi");
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_MOVE);
  g_assert_cmpuint (pos.throw_count, ==, 3000);
  /* the 3,000th throw is still to be played: the game is not over yet */
  {
    KsmOutcome o;
    KsmMove moves[KSM_MAX_MOVES];
    R->outcome (&pos, &o);
    g_assert_false (o.over);
    g_assert_cmpint (R->legal_moves (&pos, moves), ==, 2);
  }
  e = play (&pos, "M3-M1");
  g_assert_true (e.game_over);
  assert_over (&pos, BRICKS, KSM_END_THROW_LIMIT, false, 1);

  /* 7 to 7: a draw */
  pos = P (17, "b", 2999, "B1-5:B M10:b M3:b T10-15:S M8:s", NULL);
  throw_face (&pos, "dwadi");
  e = play (&pos, "M3-M1");
  g_assert_true (e.game_over);
  assert_over (&pos, -1, KSM_END_THROW_LIMIT, false, 0);

  /* the last throw's capture counts */
  pos = P (17, "b", 2999, "B1-5:B M10:b M3:b T10-15:S M8:s", NULL);
  throw_face (&pos, "dwadi");
  e = play (&pos, "M10-M8");
  g_assert_cmpint (e.captured, ==, 1);
  assert_over (&pos, BRICKS, KSM_END_THROW_LIMIT, false, 1);

  /* more stones: stones win, though bricks play the last throw */
  pos = P (17, "b", 2999, "B1-4:B M10:b M3:b T10-15:S M8:s", NULL);
  throw_face (&pos, "sudi");
  play (&pos, "M3-T1");
  assert_over (&pos, STONES, KSM_END_THROW_LIMIT, false, 1);

  /* a chya as the last throw ends the game all the same */
  pos = P (17, "b", 2999, "B1-5:B M10:b M3:b2 T10-15:S M8:s", NULL);
  throw_face (&pos, "chya");
  e = play (&pos, "M10-M6");
  g_assert_true (e.game_over);
  assert_over (&pos, BRICKS, KSM_END_THROW_LIMIT, false, 1);

  /* and so does a lost one */
  pos = P (17, "s", 2999, "B1-5:B M10:b M3:b2 T10-15:S", NULL);
  throw_face (&pos, "dwadi");
  check_moves (&pos, "lost");
  e = play (&pos, "lost");
  g_assert_true (e.game_over);
  assert_over (&pos, BRICKS, KSM_END_THROW_LIMIT, false, 1);

  /* one throw earlier, the game goes on */
  pos = P (17, "b", 2998, "B1-5:B M10:b M3:b2 T10-15:S M8:s", NULL);
  throw_face (&pos, "dwadi");
  e = play (&pos, "M3-M1");
  g_assert_false (e.game_over);
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_THROW);
  g_assert_cmpint (pos.to_move, ==, STONES);

  /* a text whose throws reach the limit is a finished game */
  g_autofree char *text = build (17, "s", "-", 3000, "B1-5:B M10:b M3:b2 T10-15:S M8:s", NULL);
  parse_ok (text, &pos);
  assert_over (&pos, BRICKS, KSM_END_THROW_LIMIT, false, 1);
}

static void
test_limit_custom (void)
{
  KsmPosition pos;
  KsmEffect e;

  pos = P (17, "s", 9, "B1-16:B M17:b T2-17:S M1:s", "limit=10");
  g_assert_cmpint (pos.options.throw_limit, ==, 10);
  throw_face (&pos, "kasi");
  e = play (&pos, "T2-T1");
  g_assert_true (e.game_over);
  assert_over (&pos, -1, KSM_END_THROW_LIMIT, false, 0);

  pos = P (17, "s", 8, "B1-16:B M17:b T2-17:S M1:s", "limit=10");
  throw_face (&pos, "kasi");
  e = play (&pos, "T2-T1");
  g_assert_false (e.game_over);
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_THROW);

  /* limit=0: no limit at all */
  pos = P (17, "b", 4999, "B1-16:B M17:b T2-17:S M1:s", "limit=0");
  g_assert_cmpint (pos.options.throw_limit, ==, 0);
  throw_face (&pos, "sudi");
  e = play (&pos, "M17-M14");
  g_assert_false (e.game_over);
  g_assert_cmpint (pos.phase, ==, KSM_PHASE_THROW);
  g_assert_cmpuint (pos.throw_count, ==, 5000);

  /* a limit set through the options */
  KsmOptions o;
  R->default_options (&o);
  o.throw_limit = 1;
  o.first_player = BRICKS;
  R->init (&pos, &o);
  throw_face (&pos, "dwadi");
  e = play (&pos, "lost");
  g_assert_true (e.game_over);
  assert_over (&pos, -1, KSM_END_THROW_LIMIT, false, 0);
}

/* ------------------------------------------------------------ rule options */

static void
test_option_extra_throw_off (void)
{
  KsmPosition pos = P (17, "b", 20, "B1-16:B M10:b T1-17:S", "extra-throw=off");
  KsmEffect e;

  g_assert_false (pos.options.flags & KSM_OPT_KASIMALA_EXTRA_THROW);
  throw_face (&pos, "chya");
  e = play (&pos, "M10-M6");
  g_assert_false (e.throws_again);
  g_assert_cmpint (pos.to_move, ==, STONES);
  throw_face (&pos, "ngha");
  e = play (&pos, "lost");
  g_assert_false (e.throws_again);
  g_assert_cmpint (pos.to_move, ==, BRICKS);
}

static void
test_option_kasi_starts_off (void)
{
  g_autofree char *start = g_strdup_printf ("%s kasi-starts=off", START17);
  KsmPosition pos;
  KsmEffect e;

  parse_ok (start, &pos);
  g_assert_false (pos.options.flags & KSM_OPT_KASIMALA_KASI_STARTS);
  throw_face (&pos, "dwadi");
  check_moves (&pos, "^B17-M16");
  e = play (&pos, "B17-M16");
  g_assert_false (e.throws_again);
  assert_pos (&pos, "kasimala 17 B:BBBBBBBBBBBBBBBB. M:...............b. T:SSSSSSSSSSSSSSSSS s - 1 0/0 kasi-starts=off");

  parse_ok (start, &pos);
  throw_face (&pos, "kasi");
  check_moves (&pos, "^B17-M17");
  parse_ok (start, &pos);
  throw_face (&pos, "ngha");
  check_moves (&pos, "^B17-M13");

  /* any throw may start the next waiting piece; a kasi need not */
  pos = P (17, "b", 20, "B1-16:B M10:b T1-17:S", "kasi-starts=off");
  throw_face (&pos, "kasi");
  check_moves (&pos, "^B16-B17 M10-M9");
  play (&pos, "M10-M9");
  assert_content (&pos, "B16", BRICKS, 1, true);
  pos = P (17, "b", 20, "B1-16:B M10:b T1-17:S", "kasi-starts=off");
  throw_face (&pos, "sudi");
  check_moves (&pos, "^B16-M16 M10-M7");

  /* a start still may not land on a laiga the stones hold */
  pos = P (17, "b", 20, "B1-17:B M17:s T2-17:S", "kasi-starts=off");
  throw_face (&pos, "kasi");
  check_moves (&pos, "lost");
  pos = P (17, "b", 20, "B1-17:B M17:s T2-17:S", "kasi-starts=off");
  throw_face (&pos, "dwadi");
  check_moves (&pos, "^B17-M16");

  /* the stones' side */
  pos = P (17, "s", 20, "B1-17:B T1-17:S", "kasi-starts=off");
  throw_face (&pos, "sudi");
  check_moves (&pos, "^T1-M3");
}

static void
test_option_safe_laigas_off (void)
{
  KsmPosition pos = P (17, "b", 50, "B1-15:B M13:b M15:b M9:s T2-17:S", "safe-laigas=off");
  KsmEffect e;

  g_assert_false (pos.options.flags & KSM_OPT_KASIMALA_SAFE_LAIGAS);
  throw_face (&pos, "chya");
  check_moves (&pos, "M13-M9x1 M15-M11");
  e = play (&pos, "M13-M9");
  g_assert_cmpint (e.captured, ==, 1);
  g_assert_true (e.throws_again);
  assert_built (&pos, build (17, "b", "-", 51, "B1-15:B M9:b M15:b T2-17:S", "safe-laigas=off"));

  /* the stones may now land on a stack of bricks on a laiga */
  pos = P (17, "s", 50, "B1-15:B M5:b2 T1-16:S M2:s", "safe-laigas=off");
  throw_face (&pos, "sudi");
  check_moves (&pos, "M2-M5x2");

  /* and the seed's tactic does no harm */
  pos = P (17, "b", 50, "B1-17:B M17:s T2-17:S", "safe-laigas=off");
  throw_face (&pos, "kasi");
  check_moves (&pos, "^B17-M17x1");
}

/* The queries the views ask instead of reading the position: the next
 * waiting piece to start (the one nearest the mala), the extra-throw
 * option, the sides' looks and why a throw is lost. */
static void
test_queries (void)
{
  KsmPosition pos;
  KsmOptions options;
  char name[8];

  parse_ok ("kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b - 0 0/0", &pos);
  R->cell_name (&pos.options, ksm_rules_next_to_start (R, &pos, 0), name, sizeof name);
  g_assert_cmpstr (name, ==, "B17");
  R->cell_name (&pos.options, ksm_rules_next_to_start (R, &pos, 1), name, sizeof name);
  g_assert_cmpstr (name, ==, "T1");
  parse_ok ("kasimala 17 B:BBBBBBBBBBBBBBBB. M:s...............b T:.SSSSSSSSSSSSSSSS b - 2 0/0", &pos);
  R->cell_name (&pos.options, ksm_rules_next_to_start (R, &pos, 0), name, sizeof name);
  g_assert_cmpstr (name, ==, "B16");
  R->cell_name (&pos.options, ksm_rules_next_to_start (R, &pos, 1), name, sizeof name);
  g_assert_cmpstr (name, ==, "T2");
  /* no piece waits: none to start */
  parse_ok ("kasimala 17 B:................b M:................. T:s................ b - 40 16/16", &pos);
  g_assert_cmpint (ksm_rules_next_to_start (R, &pos, 0), ==, -1);

  /* chya and ngha throw again only with the option */
  R->default_options (&options);
  g_assert_false (ksm_rules_face_throws_again (R, &options, 0));
  g_assert_true (ksm_rules_face_throws_again (R, &options, 3));
  g_assert_true (ksm_rules_face_throws_again (R, &options, 4));
  options.flags &= ~(uint32_t) KSM_OPT_KASIMALA_EXTRA_THROW;
  g_assert_false (ksm_rules_face_throws_again (R, &options, 3));
  g_assert_false (ksm_rules_face_throws_again (R, &options, 4));

  g_assert_cmpstr (ksm_rules_style_key (R, &options, 0), ==, "brick");
  g_assert_cmpstr (ksm_rules_style_key (R, &options, 1), ==, "stone");
  /* the pieces start spread out; nothing but laigas is marked */
  g_assert_cmpint (ksm_rules_start_cell (R, &options, 0), ==, -1);
  g_assert_false (ksm_rules_holds_throws (R));
  g_assert_cmpuint (ksm_rules_player_flags (R, &pos, 0), ==, 0);
  g_assert_cmpuint (ksm_rules_cell_flags (R, &options, 16), ==, 0);
  g_assert_cmpuint (ksm_rules_cell_flags (R, &options, 17 + 16), ==, KSM_CELL_SAFE);
  g_assert_cmpuint (ksm_rules_object_marks (R, 0), ==, 0);

  /* bricks go right along B, left along the mala, right along T; stones
   * the other way: B3 to B4, M3 to M2 for bricks, B3 to B2 for stones */
  g_assert_cmpint (ksm_rules_next_cell (R, &options, 0, 2), ==, 3);
  g_assert_cmpint (ksm_rules_next_cell (R, &options, 0, 17 + 2), ==, 17 + 1);
  g_assert_cmpint (ksm_rules_next_cell (R, &options, 0, 34 + 2), ==, 34 + 3);
  g_assert_cmpint (ksm_rules_next_cell (R, &options, 1, 2), ==, 1);
  g_assert_cmpint (ksm_rules_next_cell (R, &options, 1, 17 + 2), ==, 17 + 3);
  g_assert_cmpint (ksm_rules_next_cell (R, &options, 1, 34 + 2), ==, 34 + 1);
  /* the row's end turns onto the mala */
  g_assert_cmpint (ksm_rules_next_cell (R, &options, 0, 16), ==, 17 + 16);

  /* waiting bricks start only on a kasi */
  parse_ok ("kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b 2 1 0/0", &pos);
  g_assert_cmpint (ksm_rules_lost_reason (R, &pos), ==, KSM_LOST_NEEDS_ENTRY);
  /* the kasi would start B17 onto M17, a laiga the stones hold */
  parse_ok ("kasimala 17 B:BBBBBBBBBBBBBBBBB M:................s T:.SSSSSSSSSSSSSSSS b 1 1 0/0", &pos);
  g_assert_cmpint (ksm_rules_lost_reason (R, &pos), ==, KSM_LOST_BLOCKED);
  /* a throw that can be played is not lost */
  parse_ok ("kasimala 17 B:BBBBBBBBBBBBBBBBB M:................. T:SSSSSSSSSSSSSSSSS b 1 1 0/0", &pos);
  g_assert_cmpint (ksm_rules_lost_reason (R, &pos), ==, KSM_LOST_NONE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  R = ksm_rules_lookup ("kasimala");
  if (R == NULL)
    g_error ("no game \"kasimala\" in the registry");

  g_test_add_func ("/kasimala/rules/registry", test_registry);
  g_test_add_func ("/kasimala/rules/default-options", test_default_options);
  g_test_add_func ("/kasimala/rules/init", test_init);
  g_test_add_data_func ("/kasimala/rules/board/17", GINT_TO_POINTER (17), test_board);
  g_test_add_data_func ("/kasimala/rules/board/21", GINT_TO_POINTER (21), test_board);
  g_test_add_data_func ("/kasimala/rules/board/25", GINT_TO_POINTER (25), test_board);
  g_test_add_func ("/kasimala/rules/cell-content", test_cell_content);
  g_test_add_data_func ("/kasimala/rules/path/bottom/17", GINT_TO_POINTER (17), test_path_bottom);
  g_test_add_data_func ("/kasimala/rules/path/bottom/21", GINT_TO_POINTER (21), test_path_bottom);
  g_test_add_data_func ("/kasimala/rules/path/bottom/25", GINT_TO_POINTER (25), test_path_bottom);
  g_test_add_data_func ("/kasimala/rules/path/top/17", GINT_TO_POINTER (17), test_path_top);
  g_test_add_data_func ("/kasimala/rules/path/top/21", GINT_TO_POINTER (21), test_path_top);
  g_test_add_data_func ("/kasimala/rules/path/top/25", GINT_TO_POINTER (25), test_path_top);
  g_test_add_data_func ("/kasimala/seed/path-after-other-row/17", GINT_TO_POINTER (17), test_seed_path_after_other_row);
  g_test_add_data_func ("/kasimala/seed/path-after-other-row/21", GINT_TO_POINTER (21), test_seed_path_after_other_row);
  g_test_add_data_func ("/kasimala/seed/path-after-other-row/25", GINT_TO_POINTER (25), test_seed_path_after_other_row);
  g_test_add_func ("/kasimala/rules/throw-phase", test_throw_phase);
  g_test_add_func ("/kasimala/seed/first-kasi-onto-laiga", test_seed_first_kasi);
  g_test_add_func ("/kasimala/rules/start-order/bottom", test_start_order_bottom);
  g_test_add_func ("/kasimala/rules/start-order/top", test_start_order_top);
  g_test_add_func ("/kasimala/rules/start-order/skips-captured", test_start_order_skips_captured);
  g_test_add_func ("/kasimala/rules/capture/waiting-then-skip", test_capture_waiting_then_skip);
  g_test_add_func ("/kasimala/rules/capture/waiting-top", test_capture_waiting_top);
  g_test_add_func ("/kasimala/rules/kasi-must-start", test_kasi_must_start);
  g_test_add_func ("/kasimala/rules/kasi-free-when-none-wait", test_kasi_free_when_none_wait);
  g_test_add_func ("/kasimala/seed/kasi-does-no-good", test_seed_kasi_does_no_good);
  g_test_add_func ("/kasimala/rules/kasi-blocked-start-is-lost", test_kasi_blocked_start_loses);
  g_test_add_func ("/kasimala/rules/kasi-start-captures", test_kasi_start_captures);
  g_test_add_func ("/kasimala/rules/kasi-start-stacks", test_kasi_start_stacks);
  g_test_add_func ("/kasimala/rules/move/jumps", test_move_jumps);
  g_test_add_func ("/kasimala/rules/move/stack", test_stack);
  g_test_add_func ("/kasimala/seed/sudi-takes-two-stones", test_seed_sudi_takes_two);
  g_test_add_func ("/kasimala/rules/capture/stack", test_capture_stack_top_row);
  g_test_add_func ("/kasimala/seed/chya-refused-by-stone-on-laiga", test_seed_chya_refused);
  g_test_add_func ("/kasimala/rules/laiga/safe", test_laiga_safe);
  g_test_add_func ("/kasimala/rules/lost-throw", test_lost_throw);
  g_test_add_func ("/kasimala/rules/extra-throw", test_extra_throw);
  g_test_add_func ("/kasimala/rules/win/gulmasi", test_win_gulmasi);
  g_test_add_func ("/kasimala/rules/win/plain", test_win_plain);
  g_test_add_func ("/kasimala/rules/win/stones", test_win_stones);
  g_test_add_func ("/kasimala/rules/win/parsed", test_win_parsed);
  g_test_add_func ("/kasimala/rules/limit/default", test_limit);
  g_test_add_func ("/kasimala/rules/limit/custom", test_limit_custom);
  g_test_add_func ("/kasimala/rules/option/extra-throw-off", test_option_extra_throw_off);
  g_test_add_func ("/kasimala/rules/option/kasi-starts-off", test_option_kasi_starts_off);
  g_test_add_func ("/kasimala/rules/option/safe-laigas-off", test_option_safe_laigas_off);
  g_test_add_func ("/kasimala/rules/queries", test_queries);

  return g_test_run ();
}
