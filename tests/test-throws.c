/* test-throws.c: the four bamboo strips, and the seeded generator.
 *
 * "With real strips a dwadi is the commonest throw, six falls in sixteen. A
 * kasi or a sudi comes four times in sixteen, and a chya or a ngha once each."
 */
#include <glib.h>
#include <string.h>

#include "ksm-random.h"
#include "ksm-rules.h"

static const KsmRules *R;

static const struct {
  const char *name;
  int value;
  int weight;
  bool again;
} FACES[] = {
  { "kasi",  1, 4, false },
  { "dwadi", 2, 6, false },
  { "sudi",  3, 4, false },
  { "chya",  4, 1, true },
  { "ngha",  5, 1, true },
};

static int
face_index (const char *name)
{
  for (int f = 0; f < R->throws.n_faces; f++)
    if (g_strcmp0 (R->throws.faces[f].name, name) == 0)
      return f;
  g_error ("no face named %s", name);
  return -1;
}

static void
test_faces (void)
{
  const KsmThrowModel *m = &R->throws;

  g_assert_cmpint (m->n_objects, ==, 4);
  g_assert_cmpint (m->n_faces, ==, 5);
  g_assert_cmpstr (m->object_name, ==, "strip");
  for (unsigned i = 0; i < G_N_ELEMENTS (FACES); i++)
    {
      int f = face_index (FACES[i].name);
      g_assert_cmpint (m->faces[f].value, ==, FACES[i].value);
      g_assert_cmpint (m->faces[f].throws_again, ==, FACES[i].again);
      g_assert_cmpint (ksm_rules_face_weight (R, f), ==, FACES[i].weight);

      /* looked up by name and by value */
      g_assert_cmpint (ksm_rules_face_lookup (R, FACES[i].name), ==, f);
      g_autofree char *v = g_strdup_printf ("%d", FACES[i].value);
      g_assert_cmpint (ksm_rules_face_lookup (R, v), ==, f);
    }
  g_assert_cmpint (ksm_rules_face_lookup (R, "6"), ==, -1);
  g_assert_cmpint (ksm_rules_face_lookup (R, "0"), ==, -1);
  g_assert_cmpint (ksm_rules_face_lookup (R, "ashte"), ==, -1);
  g_assert_cmpint (ksm_rules_face_lookup (R, ""), ==, -1);
}

/* The other names a player may give a throw: the Kasimala page's dwak and
 * pi, and Asi Keliya's S and 4 as its notation writes the So-hatara and the
 * plain four (whose shared value names neither) */
static void
test_other_names (void)
{
  const KsmRules *asi = ksm_rules_lookup ("asi-keliya");

  g_assert_cmpint (ksm_rules_face_lookup (R, "dwak"), ==, face_index ("dwadi"));
  g_assert_cmpint (ksm_rules_face_lookup (R, "pi"), ==, face_index ("chya"));
  g_assert_cmpint (ksm_rules_face_lookup (R, "p"), ==, -1);
  g_assert_cmpint (ksm_rules_face_lookup (R, "pix"), ==, -1);
  g_assert_nonnull (asi);
  g_assert_cmpstr (asi->throws.faces[ksm_rules_face_lookup (asi, "S")].name, ==, "so-hatara");
  g_assert_cmpstr (asi->throws.faces[ksm_rules_face_lookup (asi, "4")].name, ==, "four");
  g_assert_cmpstr (asi->throws.faces[ksm_rules_face_lookup (asi, "5")].name, ==, "five");
}

/* Every pattern of four strips, and the face it makes: the count of hollow
 * sides up decides it, whichever strips they are. */
static void
test_patterns (void)
{
  const KsmThrowModel *m = &R->throws;
  int by_face[KSM_MAX_FACES] = { 0 };
  int face_of_count[5];

  for (int k = 0; k <= 4; k++)
    face_of_count[k] = -1;
  for (uint32_t p = 0; p < 16; p++)
    {
      int f = m->face_of_pattern (p);
      int k = __builtin_popcount (p);
      g_assert_cmpint (f, >=, 0);
      g_assert_cmpint (f, <, m->n_faces);
      by_face[f]++;
      if (face_of_count[k] < 0)
        face_of_count[k] = f;
      g_assert_cmpint (face_of_count[k], ==, f);
    }
  for (unsigned i = 0; i < G_N_ELEMENTS (FACES); i++)
    g_assert_cmpint (by_face[face_index (FACES[i].name)], ==, FACES[i].weight);

  /* one, two, three hollow sides: kasi, dwadi, sudi; with bits as either
   * reading of "hollow", 2 ones is a dwadi and 1 or 3 a kasi or a sudi */
  g_assert_cmpint (face_of_count[2], ==, face_index ("dwadi"));
  g_assert_true ((face_of_count[1] == face_index ("kasi") && face_of_count[3] == face_index ("sudi"))
                 || (face_of_count[3] == face_index ("kasi") && face_of_count[1] == face_index ("sudi")));
  g_assert_true ((face_of_count[4] == face_index ("chya") && face_of_count[0] == face_index ("ngha"))
                 || (face_of_count[0] == face_index ("chya") && face_of_count[4] == face_index ("ngha")));
  /* and consistently so */
  g_assert_true ((face_of_count[1] == face_index ("kasi")) == (face_of_count[4] == face_index ("chya")));
}

/* 160,000 throws against the exact odds: chi-square with 4 degrees of
 * freedom, below 18.47 (p = 0.001). The seed is fixed, so this is
 * deterministic. */
static void
test_chi_square (void)
{
  const int N = 160000;
  KsmRandom rng;
  long counts[KSM_MAX_FACES] = { 0 };

  ksm_random_seed (&rng, 20240601);
  for (int i = 0; i < N; i++)
    {
      uint32_t pattern = 0xffffffff;
      int f = ksm_throw_sample (&R->throws, &rng, &pattern);
      g_assert_cmpint (f, >=, 0);
      g_assert_cmpint (f, <, R->throws.n_faces);
      g_assert_cmpuint (pattern, <, 16);
      g_assert_cmpint (R->throws.face_of_pattern (pattern), ==, f);
      counts[f]++;
    }

  double chi2 = 0;
  for (unsigned i = 0; i < G_N_ELEMENTS (FACES); i++)
    {
      int f = face_index (FACES[i].name);
      double expected = (double) N * FACES[i].weight / 16.0;
      double d = counts[f] - expected;
      chi2 += d * d / expected;
      g_test_message ("%s: %ld (expected %.0f)", FACES[i].name, counts[f], expected);
    }
  g_test_message ("chi-square %.3f", chi2);
  g_assert_cmpfloat (chi2, <, 18.47);

  /* and the pattern itself is uniform: each strip falls either way half the
   * time, so each of 16 patterns comes N/16 times (15 degrees of freedom,
   * p = 0.001: 37.70) */
  long pat[16] = { 0 };
  ksm_random_seed (&rng, 7);
  for (int i = 0; i < N; i++)
    {
      uint32_t pattern;
      ksm_throw_sample (&R->throws, &rng, &pattern);
      pat[pattern & 15]++;
    }
  double chi2p = 0;
  for (int p = 0; p < 16; p++)
    {
      double d = pat[p] - N / 16.0;
      chi2p += d * d / (N / 16.0);
    }
  g_assert_cmpfloat (chi2p, <, 37.70);

  /* pattern may be NULL */
  g_assert_cmpint (ksm_throw_sample (&R->throws, &rng, NULL), >=, 0);
}

static void
test_same_seed (void)
{
  KsmRandom a, b, c;

  ksm_random_seed (&a, 42);
  ksm_random_seed (&b, 42);
  ksm_random_seed (&c, 43);
  bool differs = false;
  for (int i = 0; i < 1000; i++)
    {
      uint64_t x = ksm_random_next (&a);
      g_assert_cmpuint (x, ==, ksm_random_next (&b));
      differs |= x != ksm_random_next (&c);
    }
  g_assert_true (differs);

  ksm_random_seed (&a, 5);
  ksm_random_seed (&b, 5);
  for (int i = 0; i < 1000; i++)
    g_assert_cmpint (ksm_throw_sample (&R->throws, &a, NULL), ==,
                     ksm_throw_sample (&R->throws, &b, NULL));

  /* the seed does something: seeds 0 and 1 give different streams, and a
   * stream is not constant */
  ksm_random_seed (&a, 0);
  ksm_random_seed (&b, 1);
  uint64_t first = ksm_random_next (&a);
  g_assert_cmpuint (first, !=, ksm_random_next (&b));
  g_assert_cmpuint (first, !=, ksm_random_next (&a));
}

/* xoshiro256** seeded through splitmix64, as the header says: the first
 * outputs are those of the reference implementations. */
static uint64_t
splitmix64 (uint64_t *x)
{
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static uint64_t
rotl (uint64_t x, int k)
{
  return (x << k) | (x >> (64 - k));
}

static void
test_reference (void)
{
  uint64_t x = 12345, s[4];
  for (int i = 0; i < 4; i++)
    s[i] = splitmix64 (&x);

  KsmRandom rng;
  ksm_random_seed (&rng, 12345);
  for (int i = 0; i < 100; i++)
    {
      uint64_t want = rotl (s[1] * 5, 7) * 9;
      uint64_t t = s[1] << 17;
      s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
      s[2] ^= t; s[3] = rotl (s[3], 45);
      g_assert_cmpuint (ksm_random_next (&rng), ==, want);
    }
}

static void
test_save_restore (void)
{
  KsmRandom a, b;
  char buf[KSM_RANDOM_STATE_CHARS + 1];
  char buf2[KSM_RANDOM_STATE_CHARS + 1];

  ksm_random_seed (&a, 99);
  for (int i = 0; i < 37; i++)
    ksm_random_next (&a);

  memset (buf, 'z', sizeof buf);
  ksm_random_save (&a, buf);
  g_assert_cmpuint (strlen (buf), ==, KSM_RANDOM_STATE_CHARS);
  for (int i = 0; i < KSM_RANDOM_STATE_CHARS; i++)
    g_assert_true (g_ascii_isxdigit (buf[i]));

  memset (&b, 0, sizeof b);
  g_assert_true (ksm_random_restore (&b, buf));
  for (int i = 0; i < 1000; i++)
    g_assert_cmpuint (ksm_random_next (&a), ==, ksm_random_next (&b));
  for (int i = 0; i < 1000; i++)
    g_assert_cmpuint (ksm_random_below (&a, 1000), ==, ksm_random_below (&b, 1000));

  /* save, restore, save gives the same text */
  ksm_random_save (&b, buf);
  g_assert_true (ksm_random_restore (&a, buf));
  ksm_random_save (&a, buf2);
  g_assert_cmpstr (buf, ==, buf2);

  /* different states save differently */
  ksm_random_next (&a);
  ksm_random_save (&a, buf2);
  g_assert_cmpstr (buf, !=, buf2);
}

static void
test_restore_garbage (void)
{
  static const char *bad[] = {
    "",
    "xyz",
    "0123456789abcdef",                                                   /* too short */
    "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde",    /* 63 */
    "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0",  /* 65 */
    "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdeg",   /* not hex */
    "0123456789abcdef 123456789abcdef0123456789abcdef0123456789abcdef",
    "hello world, this is not a generator state, not at all, really!",
  };
  KsmRandom a;

  ksm_random_seed (&a, 1);
  for (unsigned i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      if (ksm_random_restore (&a, bad[i]))
        g_error ("restored the garbage \"%s\"", bad[i]);
    }
}

static void
test_below (void)
{
  KsmRandom rng;
  ksm_random_seed (&rng, 3);

  for (int i = 0; i < 1000; i++)
    g_assert_cmpuint (ksm_random_below (&rng, 1), ==, 0);

  static const uint32_t bounds[] = { 2, 3, 5, 7, 10, 17, 100, 1000, 0x80000001u, 0xffffffffu };
  for (unsigned b = 0; b < G_N_ELEMENTS (bounds); b++)
    for (int i = 0; i < 20000; i++)
      g_assert_cmpuint (ksm_random_below (&rng, bounds[b]), <, bounds[b]);

  /* every value comes, and roughly evenly: 7 bins of 70,000 */
  long bins[7] = { 0 };
  for (int i = 0; i < 70000; i++)
    bins[ksm_random_below (&rng, 7)]++;
  double chi2 = 0;
  for (int i = 0; i < 7; i++)
    {
      double d = bins[i] - 10000.0;
      chi2 += d * d / 10000.0;
    }
  g_assert_cmpfloat (chi2, <, 22.46);   /* 6 degrees of freedom, p = 0.001 */

  /* a bound just above 2^31: both halves of the range come about as often */
  long high = 0;
  for (int i = 0; i < 10000; i++)
    high += ksm_random_below (&rng, 0x80000001u) >= 0x40000000u;
  g_assert_cmpint (high, >, 4700);
  g_assert_cmpint (high, <, 5300);

  for (unsigned n = 1; n <= 32; n++)
    for (int i = 0; i < 200; i++)
      {
        uint32_t v = ksm_random_bits (&rng, n);
        if (n < 32)
          g_assert_cmpuint (v, <, 1u << n);
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  R = ksm_rules_lookup ("kasimala");
  if (R == NULL)
    g_error ("no game \"kasimala\" in the registry");

  g_test_add_func ("/kasimala/throws/faces", test_faces);
  g_test_add_func ("/kasimala/throws/patterns", test_patterns);
  g_test_add_func ("/throws/other-names", test_other_names);
  g_test_add_func ("/kasimala/throws/chi-square", test_chi_square);
  g_test_add_func ("/random/same-seed", test_same_seed);
  g_test_add_func ("/random/xoshiro256ss-reference", test_reference);
  g_test_add_func ("/random/save-restore", test_save_restore);
  g_test_add_func ("/random/restore-garbage", test_restore_garbage);
  g_test_add_func ("/random/below", test_below);

  return g_test_run ();
}
