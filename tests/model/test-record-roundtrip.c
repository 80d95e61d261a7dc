/* test-record-roundtrip.c: saving a record and loading it back gives the
 * same record.
 *
 * 1,000 seeded self-play games, built with the engine and the random player
 * as kasimala-cli selfplay does, over every board length, every combination
 * of rule options, both first players, mixed seats, with and without a throw
 * limit and generator states, finished and cut short. Each is written with
 * ksm_record_to_data, read with ksm_record_new_from_data, and compared field
 * by field and event by event; the loaded record replays to the same final
 * position, and writing it again gives the same bytes.
 */
#include "model-test-util.h"

#define N_GAMES 1000

static void
round_trip (KsmRecord *record, const KsmPosition *end)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) loaded = NULL;
  g_autofree char *data = NULL, *again = NULL;
  g_autofree char *end_text = position_text (end);
  g_autofree char *loaded_text = NULL;
  gsize length = 0, again_length = 0;

  data = ksm_record_to_data (record, &length);
  g_assert_nonnull (data);
  g_assert_cmpuint (length, ==, strlen (data));

  loaded = ksm_record_new_from_data (data, (gssize) length, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);

  assert_records_equal (record, loaded, TRUE);
  loaded_text = record_position_text (loaded);
  g_assert_cmpstr (loaded_text, ==, end_text);

  again = ksm_record_to_data (loaded, &again_length);
  g_assert_cmpmem (again, again_length, data, length);
}

static void
test_self_play (void)
{
  static const guint8 lengths[] = { 17, 21, 25 };
  g_autoptr(GDateTime) ended = g_date_time_new_utc (2026, 11, 30, 10, 12, 30.25);
  guint finished = 0, unfinished = 0, with_generators = 0;
  guint64 events = 0, captures = 0;
  guint reasons[8] = { 0 };

  for (guint i = 0; i < N_GAMES; i++)
    {
      KsmOptions options = kasimala_options ();
      KsmSeat seats[KSM_MAX_PLAYERS] = { 0 };
      g_autoptr(KsmRecord) record = NULL;
      KsmRandom rng, other;
      KsmPosition end;
      KsmOutcome outcome;
      guint64 seed = (guint64) i * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) + 12345;
      guint max_events = G_MAXUINT;

      options.length = lengths[i % 3];
      options.flags = (i / 3) % 8;
      options.first_player = (i / 24) % 2;
      switch (i % 7)
        {
        case 0: options.throw_limit = 0; break;                  /* no limit */
        case 1: options.throw_limit = (guint16) (40 + i % 97); break;
        case 2: options.throw_limit = 65535; break;
        default: break;                                          /* the default */
        }
      for (int p = 0; p < 2; p++)
        seats[p].kind = (i >> p) & 1 ? KSM_SEAT_COMPUTER : KSM_SEAT_PERSON;

      if (i % 10 == 9)
        max_events = 1 + (i * 37) % 300;      /* a game still going on */
      else if (options.throw_limit == 0)
        max_events = 200000;                  /* random games end long before */

      record = ksm_record_new (&options, seats, seed);
      ksm_random_seed (&rng, seed);
      engine_play (record, &rng, max_events, &end);

      if (i % 2 == 0)
        {
          ksm_random_seed (&other, seed + 1);
          ksm_record_set_generators (record, &rng, &other);
          with_generators++;
        }
      if (end.phase == KSM_PHASE_OVER)
        {
          ksm_record_set_ended (record, ended);
          finished++;
          kasimala_rules ()->outcome (&end, &outcome);
          reasons[outcome.reason]++;
        }
      else
        unfinished++;
      events += ksm_record_get_n_events (record);
      for (guint e = 0; e < ksm_record_get_n_events (record); e++)
        captures += ksm_record_get_event (record, e)->move.captured > 0;

      round_trip (record, &end);
    }

  g_test_message ("%u finished (%u all captured, %u at the limit), %u unfinished, "
                  "%u with generators, %" G_GUINT64_FORMAT " events, %" G_GUINT64_FORMAT
                  " captures", finished, reasons[KSM_END_ALL_CAPTURED],
                  reasons[KSM_END_THROW_LIMIT], unfinished, with_generators, events, captures);
  g_assert_cmpuint (finished + unfinished, ==, N_GAMES);
  g_assert_cmpuint (reasons[KSM_END_ALL_CAPTURED], >, 0);
  g_assert_cmpuint (reasons[KSM_END_THROW_LIMIT], >, 0);
  g_assert_cmpuint (unfinished, >=, N_GAMES / 20);
  g_assert_cmpuint (captures, >, 0);
}

/* an empty record, a fresh one: nothing played yet */
static void
test_empty (void)
{
  KsmOptions options = kasimala_options ();
  g_autoptr(KsmRecord) record = ksm_record_new (&options, PERSON_COMPUTER, G_MAXUINT64);
  g_autoptr(KsmRecord) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  KsmPosition start;

  kasimala_rules ()->init (&start, &options);
  round_trip (record, &start);

  /* the text is NUL-terminated, so -1 for the length reads it too */
  data = ksm_record_to_data (record, NULL);
  loaded = ksm_record_new_from_data (data, -1, &error);
  g_assert_no_error (error);
  assert_records_equal (record, loaded, TRUE);
}

/* every computer level, Expert too, is written by name and read back as
 * the same level */
static void
test_every_level (void)
{
  KsmOptions options = kasimala_options ();

  for (int level = 0; level < KSM_N_LEVELS; level++)
    {
      KsmSeat seats[KSM_MAX_PLAYERS] = {
        { .kind = KSM_SEAT_PERSON },
        { .kind = KSM_SEAT_COMPUTER, .level = (KsmLevel) level },
      };
      g_autoptr(KsmRecord) record = ksm_record_new (&options, seats, 7 + (guint64) level);
      g_autoptr(KsmRecord) loaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *data = ksm_record_to_data (record, NULL);
      g_autofree char *quoted = g_strdup_printf ("\"%s\"", ksm_level_name (level));

      g_assert_nonnull (strstr (data, quoted));
      loaded = ksm_record_new_from_data (data, -1, &error);
      g_assert_no_error (error);
      g_assert_cmpint (ksm_record_get_seat (loaded, 1)->kind, ==, KSM_SEAT_COMPUTER);
      g_assert_cmpint (ksm_record_get_seat (loaded, 1)->level, ==, level);
      assert_records_equal (record, loaded, TRUE);
    }
  g_assert_cmpstr (ksm_level_name (KSM_LEVEL_EXPERT), ==, "expert");
}

/* the seed is kept exactly, all 64 bits (a string in the file) */
static void
test_seed_precision (void)
{
  static const guint64 seeds[] = {
    0, 1, G_GUINT64_CONSTANT (9007199254740993), G_MAXUINT64, G_MAXUINT64 - 1,
    G_GUINT64_CONSTANT (5320248114040590185),
  };
  KsmOptions options = kasimala_options ();

  for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
    {
      g_autoptr(KsmRecord) record = ksm_record_new (&options, PERSONS, seeds[i]);
      g_autoptr(KsmRecord) loaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *data = ksm_record_to_data (record, NULL);

      loaded = ksm_record_new_from_data (data, -1, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (ksm_record_get_seed (loaded), ==, seeds[i]);
    }
}

/* Games played by KsmGame itself, two computer seats through the main loop,
 * saved to a file and read back: the model's own records round-trip too. */
static void
test_model_games_through_files (void)
{
  g_autofree char *dir = make_temp_dir ();

  for (guint i = 0; i < 5; i++)
    {
      KsmOptions options = kasimala_options ();
      g_autoptr(KsmGame) game = NULL;
      g_autoptr(KsmRecord) loaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *name = g_strdup_printf ("game-%u.json", i);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autofree char *game_text = NULL, *loaded_text = NULL;

      options.length = (guint8) (i % 3 == 0 ? 17 : i % 3 == 1 ? 21 : 25);
      game = ksm_game_new (&options, COMPUTERS, 1000 + i);
      run_computer (game);
      g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_OVER);

      g_assert_true (ksm_record_save_to_file (ksm_game_get_record (game), file, &error));
      g_assert_no_error (error);
      loaded = ksm_record_new_from_file (file, &error);
      g_assert_no_error (error);
      assert_records_equal (ksm_game_get_record (game), loaded, TRUE);
      g_assert_nonnull (ksm_record_get_ended (loaded));
      game_text = game_position_text (game);
      loaded_text = record_position_text (loaded);
      g_assert_cmpstr (loaded_text, ==, game_text);
    }
  remove_tree (dir);
}

/* the example file of doc/saved-games.md, written by hand, is read */
static void
test_doc_example (void)
{
  g_autofree char *path = g_build_filename (MODEL_TEST_DATA, "doc-example.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) record = ksm_record_new_from_file (file, &error);
  g_autoptr(GDateTime) started = g_date_time_new_utc (2026, 11, 30, 10, 12, 0);
  g_autofree char *text = NULL;
  const KsmEvent *event;

  g_assert_no_error (error);
  g_assert_cmpuint (ksm_record_get_seed (record), ==, G_GUINT64_CONSTANT (5320248114040590185));
  g_assert_cmpint (ksm_record_get_seat (record, 0)->kind, ==, KSM_SEAT_PERSON);
  g_assert_cmpint (ksm_record_get_seat (record, 1)->kind, ==, KSM_SEAT_COMPUTER);
  g_assert_cmpint (ksm_record_get_seat (record, 1)->level, ==, KSM_LEVEL_RANDOM);
  g_assert_true (g_date_time_equal (ksm_record_get_started (record), started));
  g_assert_null (ksm_record_get_ended (record));
  g_assert_null (ksm_record_get_generator (record));
  g_assert_cmpuint (ksm_record_get_options (record)->throw_limit, ==, 3000);

  g_assert_cmpuint (ksm_record_get_n_events (record), ==, 4);
  event = ksm_record_get_event (record, 0);
  g_assert_cmpint (event->kind, ==, KSM_EVENT_THROW);
  g_assert_cmpuint (event->face, ==, FACE_KASI);
  g_assert_cmpuint (event->pattern, ==, 1);
  event = ksm_record_get_event (record, 1);
  g_assert_cmpint (event->kind, ==, KSM_EVENT_MOVE);
  g_assert_cmpint (event->move.kind, ==, KSM_MOVE_START);
  g_assert_cmpint (event->move.from, ==, 16);        /* B17 */
  g_assert_cmpint (event->move.to, ==, 17 + 16);     /* M17 */
  event = ksm_record_get_event (record, 3);
  g_assert_cmpint (event->kind, ==, KSM_EVENT_LOST);
  g_assert_cmpuint (event->face, ==, FACE_SUDI);

  text = record_position_text (record);
  g_assert_cmpstr (text, ==, "kasimala 17 B:BBBBBBBBBBBBBBBB. M:................b "
                             "T:SSSSSSSSSSSSSSSSS b - 2 0/0");
}

/* Saved games written before Asi Keliya's notation told the groups in hand
 * apart hold every entering move as a bare in-S0, which brought in the
 * largest group: such a file still loads, to the same position. Games of
 * random moves that enter the largest group, written, then with every
 * in2-S0 made in-S0. */
static void
test_asi_old_entering (void)
{
  const KsmRules *rules = ksm_rules_get (KSM_GAME_ASI_KELIYA);
  g_autoptr(GRegex) sized = g_regex_new ("\"((?:[0-9]+:)?)in[1-4]-", 0, 0, NULL);
  guint rewritten = 0;

  for (guint64 seed = 1; seed <= 40 && rewritten < 3; seed++)
    {
      const KsmSeat seats[4] = { { KSM_SEAT_PERSON, 0 }, { KSM_SEAT_PERSON, 0 },
                                 { KSM_SEAT_PERSON, 0 }, { KSM_SEAT_PERSON, 0 } };
      KsmOptions options;
      KsmPosition pos;
      KsmMove moves[KSM_MAX_MOVES];
      KsmRandom rng;
      g_autoptr(KsmRecord) record = NULL;
      g_autoptr(KsmRecord) loaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL, *old = NULL, *end_text = NULL, *loaded_text = NULL;
      GMatchInfo *match = NULL;

      rules->default_options (&options);
      record = ksm_record_new (&options, seats, seed);
      ksm_random_seed (&rng, seed);
      rules->init (&pos, &options);
      for (guint i = 0; i < 3000 && pos.phase != KSM_PHASE_OVER; i++)
        {
          KsmEvent event = { .player = pos.to_move };
          if (pos.phase == KSM_PHASE_THROW)
            {
              event.kind = KSM_EVENT_THROW;
              event.face = (guint8) ksm_throw_sample (&rules->throws, &rng, &event.pattern);
              rules->apply_throw (&pos, event.face);
            }
          else
            {
              int n = rules->legal_moves (&pos, moves);
              int chosen = (int) ksm_random_below (&rng, (guint32) n);
              /* the largest group comes first of a throw's entering moves */
              for (int m = 0; m < chosen && moves[chosen].kind == KSM_MOVE_START; m++)
                if (moves[m].kind == KSM_MOVE_START && moves[m].slot == moves[chosen].slot
                    && moves[m].distance == moves[chosen].distance)
                  chosen = m;
              event.kind = moves[chosen].kind == KSM_MOVE_LOSE ? KSM_EVENT_LOST : KSM_EVENT_MOVE;
              event.face = pos.face;
              event.move = moves[chosen];
              rules->apply_move (&pos, &moves[chosen], NULL);
            }
          ksm_record_append (record, &event);
        }
      end_text = position_text (&pos);
      data = ksm_record_to_data (record, NULL);
      g_regex_match (sized, data, 0, &match);
      while (g_match_info_matches (match))
        {
          rewritten++;
          g_match_info_next (match, NULL);
        }
      g_match_info_free (match);
      old = g_regex_replace (sized, data, -1, 0, "\"\\1in-", 0, NULL);
      loaded = ksm_record_new_from_data (old, -1, &error);
      g_assert_no_error (error);
      loaded_text = record_position_text (loaded);
      g_assert_cmpstr (loaded_text, ==, end_text);
    }
  g_assert_cmpuint (rewritten, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/record/round-trip/self-play", test_self_play);
  g_test_add_func ("/model/record/round-trip/empty", test_empty);
  g_test_add_func ("/model/record/round-trip/every-level", test_every_level);
  g_test_add_func ("/model/record/round-trip/seed-precision", test_seed_precision);
  g_test_add_func ("/model/record/round-trip/model-games", test_model_games_through_files);
  g_test_add_func ("/model/record/round-trip/doc-example", test_doc_example);
  g_test_add_func ("/model/record/round-trip/asi-old-entering", test_asi_old_entering);

  return g_test_run ();
}
