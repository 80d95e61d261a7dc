/* kasimala-cli: the engine and the model without a window, for people,
 * tests and benchmarks. Every verb prints plain lines; a wrong argument gets
 * one line on stderr and exit status 2. */
#include "config.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <time.h>

#include "ksm-analysis.h"
#include "ksm-library.h"
#include "ksm-player.h"
#include "ksm-random.h"
#include "ksm-record.h"
#include "ksm-review.h"
#include "ksm-rules.h"

#define EXIT_USAGE 2

static G_NORETURN void
die (const char *format, ...) G_GNUC_PRINTF (1, 2);

static G_NORETURN void
die (const char *format, ...)
{
  va_list args;

  fputs ("kasimala-cli: ", stderr);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  exit (EXIT_USAGE);
}

/* ---- arguments ---- */

typedef enum { ARG_FLAG, ARG_VALUE } ArgKind;

typedef struct {
  const char  *name;     /* without the leading -- */
  ArgKind      kind;
  const char **value;    /* ARG_VALUE: where the text goes */
  int         *flag;     /* ARG_FLAG: set to `set_to` */
  int          set_to;
} ArgSpec;

/* Options of the game's rules: --length, --limit, --first, and
 * --no-KEY / --KEY for each boolean rule. */
typedef struct {
  const KsmRules *rules;
  KsmOptions      options;
  const char     *length;
  const char     *limit;
  const char     *first;
  const char     *players;
  int             rule_flags[16];   /* -1 unset, 0 off, 1 on */
} GameArgs;

static void
parse_args (int argc, char **argv, const ArgSpec *specs, int n_specs, GameArgs *game)
{
  for (int i = 0; i < argc; i++)
    {
      const char *arg = argv[i];
      const char *value = NULL;
      gboolean matched = FALSE;

      if (!g_str_has_prefix (arg, "--") || arg[2] == '\0')
        die ("unexpected argument \"%s\"", arg);

      g_autofree char *name = g_strdup (arg + 2);
      char *equals = strchr (name, '=');
      if (equals != NULL)
        {
          *equals = '\0';
          value = equals + 1;
        }

      for (int s = 0; s < n_specs && !matched; s++)
        {
          if (strcmp (specs[s].name, name) != 0)
            continue;
          matched = TRUE;
          if (specs[s].kind == ARG_FLAG)
            {
              if (value != NULL)
                die ("--%s takes no value", name);
              *specs[s].flag = specs[s].set_to;
            }
          else
            {
              if (value == NULL)
                {
                  if (i + 1 >= argc)
                    die ("--%s needs a value", name);
                  value = argv[++i];
                }
              *specs[s].value = value;
            }
        }

      if (!matched && game != NULL && game->rules != NULL)
        for (unsigned k = 0; k < game->rules->n_option_info && !matched; k++)
          {
            const char *key = game->rules->option_info[k].key;
            gboolean negated = g_str_has_prefix (name, "no-");
            if (strcmp (negated ? name + 3 : name, key) == 0)
              {
                if (value != NULL)
                  die ("--%s takes no value", name);
                game->rule_flags[k] = negated ? 0 : 1;
                matched = TRUE;
              }
          }

      if (!matched)
        die ("unknown option --%s", name);
    }
}

static guint64
parse_number (const char *name, const char *text, guint64 min, guint64 max)
{
  guint64 value;
  g_autoptr(GError) error = NULL;

  if (!g_ascii_string_to_unsigned (text, 10, min, max, &value, &error))
    die ("--%s: \"%s\" is not a whole number from %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT,
         name, text, min, max);
  return value;
}

/* Finds --game before the other options, since the rule flags depend on it. */
static const KsmRules *
find_game (int argc, char **argv)
{
  const char *id = NULL;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--game") == 0 && i + 1 < argc)
        id = argv[i + 1];
      else if (g_str_has_prefix (argv[i], "--game="))
        id = argv[i] + strlen ("--game=");
    }
  g_autoptr(GString) known = g_string_new (NULL);
  for (unsigned i = 0; i < ksm_rules_n_games (); i++)
    g_string_append_printf (known, "%s%s", i ? ", " : "", ksm_rules_nth (i)->id);
  if (id == NULL)
    die ("--game is needed (one of: %s)", known->str);

  const KsmRules *rules = ksm_rules_lookup (id);
  if (rules == NULL)
    die ("--game: unknown game \"%s\" (known: %s)", id, known->str);
  return rules;
}

static void
game_args_init (GameArgs *game, const KsmRules *rules)
{
  memset (game, 0, sizeof *game);
  game->rules = rules;
  for (unsigned k = 0; k < G_N_ELEMENTS (game->rule_flags); k++)
    game->rule_flags[k] = -1;
}

/* Turns the game's options given on the command line into KsmOptions. */
static void
game_args_finish (GameArgs *game)
{
  const KsmRules *rules = game->rules;
  char error[KSM_ERROR_MAX];

  rules->default_options (&game->options);
  if (game->length != NULL)
    game->options.length = (uint8_t) parse_number ("length", game->length, 1, 255);
  if (game->limit != NULL)
    game->options.throw_limit = (uint16_t) parse_number ("limit", game->limit, 0, 65535);
  if (game->players != NULL)
    game->options.n_players = (uint8_t) parse_number ("players", game->players, 1, KSM_MAX_PLAYERS);
  if (game->first != NULL)
    game->options.first_player = (uint8_t) parse_number ("first", game->first, 0, KSM_MAX_PLAYERS - 1);
  for (unsigned k = 0; k < rules->n_option_info; k++)
    {
      if (game->rule_flags[k] == 1)
        game->options.flags |= rules->option_info[k].flag;
      else if (game->rule_flags[k] == 0)
        game->options.flags &= ~rules->option_info[k].flag;
    }
  if (!rules->check_options (&game->options, error, sizeof error))
    die ("%s", error);
}

/* Each game of a run gets its own generator, so one game of a run can be
 * replayed on its own from (seed, index). */
static uint64_t
game_seed (uint64_t seed, uint64_t index)
{
  KsmRandom mixer;
  ksm_random_seed (&mixer, seed ^ (index * 0x9e3779b97f4a7c15ull));
  return ksm_random_next (&mixer);
}

static double
seconds_now (void)
{
  return (double) g_get_monotonic_time () / G_USEC_PER_SEC;
}

/* ---- throws ---- */

static int
verb_throws (int argc, char **argv)
{
  const KsmRules *rules = find_game (argc, argv);
  const char *game_id = NULL, *count_text = "1000000", *seed_text = "1";
  const ArgSpec specs[] = {
    { "game", ARG_VALUE, &game_id, NULL, 0 },
    { "count", ARG_VALUE, &count_text, NULL, 0 },
    { "seed", ARG_VALUE, &seed_text, NULL, 0 },
  };
  guint64 counts[KSM_MAX_FACES] = { 0 };
  KsmRandom rng;

  parse_args (argc, argv, specs, G_N_ELEMENTS (specs), NULL);
  guint64 count = parse_number ("count", count_text, 1, G_GUINT64_CONSTANT (1) << 40);
  guint64 seed = parse_number ("seed", seed_text, 0, G_MAXUINT64);

  ksm_random_seed (&rng, seed);
  for (guint64 i = 0; i < count; i++)
    counts[ksm_throw_sample (&rules->throws, &rng, NULL)]++;

  double total_patterns = (double) (1u << rules->throws.n_objects);
  double chi_square = 0;
  for (int face = 0; face < rules->throws.n_faces; face++)
    {
      double expected = ksm_rules_face_weight (rules, face) / total_patterns;
      double deviation = (double) counts[face] - expected * (double) count;
      chi_square += deviation * deviation / (expected * (double) count);
      printf ("%s %d: %" G_GUINT64_FORMAT " (%.2f%%, expected %.2f%%)\n",
              rules->throws.faces[face].name, rules->throws.faces[face].value,
              counts[face], 100.0 * (double) counts[face] / (double) count, 100.0 * expected);
    }
  printf ("total: %" G_GUINT64_FORMAT "\n", count);
  printf ("chi-square: %.2f with %d degrees of freedom\n", chi_square, rules->throws.n_faces - 1);
  return 0;
}

/* ---- results ---- */

/* "Red won (1)", "Bricks won a gulmasi (2)", "a draw": a team game names
 * every player of the winning team */
static char *
result_words (const KsmRules *rules, const KsmPosition *pos)
{
  KsmOutcome outcome;
  g_autoptr(GString) winners = g_string_new (NULL);

  rules->outcome (pos, &outcome);
  if (!outcome.over)
    return g_strdup ("not finished");
  if (outcome.winner < 0)
    return g_strdup ("a draw");
  for (int p = 0; p < rules->n_players (&pos->options); p++)
    if (rules->team_of (&pos->options, p) == outcome.winning_team)
      g_string_append_printf (winners, "%s%s", winners->len ? " and " : "",
                              rules->player_name (&pos->options, p));
  return g_strdup_printf ("%s won%s (%u)", winners->str, outcome.gulmasi ? " a gulmasi" : "",
                          outcome.score);
}

/* ---- moves ---- */

/* Why the throw of `pos` is lost, in words that stay the same from release
 * to release (scripts read them): each reason the rules give, and who holds
 * the cells a blocked move would land on. */
static char *
lost_reason_words (const KsmRules *rules, const KsmPosition *pos)
{
  static const char *const words[] = {
    [KSM_LOST_NONE] = "none",
    [KSM_LOST_NOTHING_TO_MOVE] = "nothing to move",
    [KSM_LOST_NEEDS_ENTRY] = "needs an entering throw",
    [KSM_LOST_OVERSHOOT] = "needs an exact count",
    [KSM_LOST_BLOCKED] = "blocked",
    [KSM_LOST_NO_PASSING] = "no passing without a so-hatara",
    [KSM_LOST_NEEDS_BLOOD] = "needs blood first",
    [KSM_LOST_SEVERAL] = "several",
    [KSM_LOST_NO_COUNT] = "counts nothing",
  };
  unsigned reasons = ksm_rules_lost_reasons (rules, pos);
  int blocker = ksm_rules_lost_blocker (rules, pos);
  GString *text = g_string_new (NULL);

  for (guint r = KSM_LOST_NONE + 1; r < G_N_ELEMENTS (words); r++)
    if (reasons & (1u << r))
      {
        if (text->len > 0)
          g_string_append (text, ", ");
        g_string_append (text, words[r]);
        if (r == KSM_LOST_BLOCKED && blocker >= 0)
          g_string_append_printf (text, " by %s", rules->player_name (&pos->options, blocker));
      }
  if (text->len == 0)
    g_string_append (text, words[KSM_LOST_NONE]);
  return g_string_free (text, FALSE);
}

static int
verb_moves (int argc, char **argv)
{
  const KsmRules *rules = find_game (argc, argv);
  const char *game_id = NULL, *position_text = NULL, *throw_text = NULL;
  const ArgSpec specs[] = {
    { "game", ARG_VALUE, &game_id, NULL, 0 },
    { "position", ARG_VALUE, &position_text, NULL, 0 },
    { "throw", ARG_VALUE, &throw_text, NULL, 0 },
  };
  char error[KSM_ERROR_MAX];
  KsmPosition pos;
  KsmMove moves[KSM_MAX_MOVES];

  parse_args (argc, argv, specs, G_N_ELEMENTS (specs), NULL);
  if (position_text == NULL)
    die ("--position is needed");
  if (!rules->parse_position (position_text, &pos, error, sizeof error))
    die ("--position: %s", error);
  if (pos.phase == KSM_PHASE_OVER)
    die ("--position: the game is over, nothing can move");

  int face = -1;
  if (throw_text != NULL)
    {
      face = ksm_rules_face_lookup (rules, throw_text);
      if (face < 0)
        die ("--throw: \"%s\" is not a throw of %s", throw_text, rules->name);
    }
  if (pos.phase == KSM_PHASE_THROW)
    {
      if (face < 0)
        die ("--throw is needed: the position waits for a throw");
      rules->apply_throw (&pos, face);
    }
  else if (face >= 0 && face != pos.face)
    die ("--throw: the position already waits to play a %s",
         rules->throws.faces[pos.face].name);

  if (pos.phase == KSM_PHASE_THROW)
    {
      /* a sequence of throws goes on (Asi Keliya): nothing to play yet */
      char after_text[KSM_NOTATION_MAX];
      rules->format_position (&pos, after_text, sizeof after_text);
      printf ("again: the %s throws again before anything is played  %s\n",
              rules->throws.faces[pos.face].name, after_text);
      return 0;
    }

  int n = rules->legal_moves (&pos, moves);
  for (int i = 0; i < n; i++)
    {
      char move_text[64], after_text[KSM_NOTATION_MAX];
      KsmPosition after = pos;

      /* a lost throw too is written as the notation writes it: "lost" */
      rules->format_move (&pos, &moves[i], move_text, sizeof move_text);
      rules->apply_move (&after, &moves[i], NULL);
      rules->format_position (&after, after_text, sizeof after_text);
      if (after.phase == KSM_PHASE_OVER)
        {
          /* the notation has no field for it: say so beside the position */
          g_autofree char *result = result_words (rules, &after);
          printf ("%s  %s  game over: %s\n", move_text, after_text, result);
        }
      else if (moves[i].kind == KSM_MOVE_LOSE)
        {
          /* nor for why the throw is lost: the rules' reasons, beside it */
          g_autofree char *why = lost_reason_words (rules, &pos);
          printf ("%s  %s  why: %s\n", move_text, after_text, why);
        }
      else
        printf ("%s  %s\n", move_text, after_text);
    }
  return 0;
}

/* ---- selfplay ---- */

/* One line a side: a player, or in a team game the team ("south-north"),
 * whose first seat counts its wins. */
static void
print_wins (const KsmRules *rules, const KsmOptions *options, const guint64 *wins)
{
  int n_players = rules->n_players (options);

  for (int p = 0; p < n_players; p++)
    {
      g_autoptr(GString) name = g_string_new (NULL);
      gboolean first_of_team = TRUE;
      for (int q = 0; q < p; q++)
        first_of_team &= rules->team_of (options, q) != rules->team_of (options, p);
      if (!first_of_team)
        continue;
      for (int q = p; q < n_players; q++)
        if (rules->team_of (options, q) == rules->team_of (options, p))
          {
            g_autofree char *lower = g_ascii_strdown (rules->player_name (options, q), -1);
            g_string_append_printf (name, "%s%s", name->len ? "-" : "", lower);
          }
      printf ("%s won: %" G_GUINT64_FORMAT "\n", name->str, wins[rules->team_of (options, p)]);
    }
}

static void
save_record (KsmRecord *record, const char *directory, guint64 index, const KsmRandom *rng)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *name = g_strdup_printf ("game-%06" G_GUINT64_FORMAT ".json", index + 1);
  g_autofree char *path = g_build_filename (directory, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  ksm_record_set_ended (record, now);
  ksm_record_set_generators (record, rng, rng);
  if (!ksm_record_save_to_file (record, file, &error))
    die ("--save: %s", error->message);
}

static int
verb_selfplay (int argc, char **argv)
{
  const KsmRules *rules = find_game (argc, argv);
  const char *game_id = NULL, *games_text = "100", *seed_text = "1", *save_dir = NULL;
  GameArgs game;
  game_args_init (&game, rules);
  const ArgSpec specs[] = {
    { "game", ARG_VALUE, &game_id, NULL, 0 },
    { "games", ARG_VALUE, &games_text, NULL, 0 },
    { "seed", ARG_VALUE, &seed_text, NULL, 0 },
    { "length", ARG_VALUE, &game.length, NULL, 0 },
    { "limit", ARG_VALUE, &game.limit, NULL, 0 },
    { "players", ARG_VALUE, &game.players, NULL, 0 },
    { "first", ARG_VALUE, &game.first, NULL, 0 },
    { "save", ARG_VALUE, &save_dir, NULL, 0 },
  };
  guint64 wins[KSM_MAX_PLAYERS] = { 0 }, draws = 0, gulmasi = 0, throws = 0, unfinished = 0;

  parse_args (argc, argv, specs, G_N_ELEMENTS (specs), &game);
  game_args_finish (&game);
  guint64 n_games = parse_number ("games", games_text, 1, G_GUINT64_CONSTANT (1) << 40);
  guint64 seed = parse_number ("seed", seed_text, 0, G_MAXUINT64);
  KsmSeat seats[KSM_MAX_PLAYERS];
  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    seats[p] = (KsmSeat) { KSM_SEAT_COMPUTER, KSM_LEVEL_RANDOM };
  if (save_dir != NULL && g_mkdir_with_parents (save_dir, 0755) != 0)
    die ("--save: cannot make the folder \"%s\": %s", save_dir, g_strerror (errno));

  double start = seconds_now ();
  for (guint64 g = 0; g < n_games; g++)
    {
      KsmRandom rng;
      KsmPosition pos;
      KsmMove moves[KSM_MAX_MOVES];
      KsmOutcome outcome;

      g_autoptr(KsmRecord) record = NULL;

      ksm_random_seed (&rng, game_seed (seed, g));
      if (save_dir != NULL)
        record = ksm_record_new (&game.options, seats, game_seed (seed, g));
      rules->init (&pos, &game.options);
      while (pos.phase != KSM_PHASE_OVER)
        {
          KsmEvent event = { .player = pos.to_move };
          if (pos.phase == KSM_PHASE_THROW)
            {
              event.kind = KSM_EVENT_THROW;
              event.face = (uint8_t) ksm_throw_sample (&rules->throws, &rng, &event.pattern);
              rules->apply_throw (&pos, event.face);
            }
          else
            {
              int n = rules->legal_moves (&pos, moves);
              int chosen = ksm_player_choose (KSM_LEVEL_RANDOM, &pos, moves, n, &rng);
              event.kind = moves[chosen].kind == KSM_MOVE_LOSE ? KSM_EVENT_LOST : KSM_EVENT_MOVE;
              event.face = pos.face;
              event.move = moves[chosen];
              rules->apply_move (&pos, &moves[chosen], NULL);
            }
          if (record != NULL)
            ksm_record_append (record, &event);
        }
      if (record != NULL)
        save_record (record, save_dir, g, &rng);
      rules->outcome (&pos, &outcome);
      throws += pos.throw_count;
      if (!outcome.over)
        unfinished++;
      else if (outcome.winner < 0)
        draws++;
      else
        {
          wins[outcome.winning_team]++;
          gulmasi += outcome.gulmasi;
        }
    }
  double elapsed = seconds_now () - start;

  printf ("games: %" G_GUINT64_FORMAT "\n", n_games);
  print_wins (rules, &game.options, wins);
  printf ("draws: %" G_GUINT64_FORMAT "\n", draws);
  if (rules->gulmasi)
    printf ("gulmasi: %" G_GUINT64_FORMAT "\n", gulmasi);
  printf ("mean throws per game: %.1f\n", (double) throws / (double) n_games);
  printf ("games per second: %.0f\n", elapsed > 0 ? (double) n_games / elapsed : 0.0);
  return unfinished == 0 ? 0 : 1;
}

/* ---- replay ---- */

static int
verb_replay (int argc, char **argv)
{
  g_autoptr(KsmRecord) record = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  const KsmRules *rules;
  KsmPosition pos;
  char position_text[KSM_NOTATION_MAX];

  if (argc != 1 || g_str_has_prefix (argv[0], "--"))
    die ("replay takes one saved-game file");
  file = g_file_new_for_commandline_arg (argv[0]);
  record = ksm_record_new_from_file (file, &error);
  if (record == NULL)
    die ("%s: %s", argv[0], error->message);

  rules = ksm_record_get_rules (record);
  printf ("game: %s\n", rules->name);
  for (int p = 0; p < rules->n_players (ksm_record_get_options (record)); p++)
    {
      const KsmSeat *seat = ksm_record_get_seat (record, (guint) p);
      printf ("%s: %s\n", rules->player_name (ksm_record_get_options (record), p),
              seat->kind == KSM_SEAT_PERSON ? "person" : ksm_level_name (seat->level));
    }
  printf ("seed: %" G_GUINT64_FORMAT "\n", ksm_record_get_seed (record));

  rules->init (&pos, ksm_record_get_options (record));
  for (guint i = 0; i < ksm_record_get_n_events (record); i++)
    {
      const KsmEvent *event = ksm_record_get_event (record, i);
      g_autofree char *text = ksm_record_describe_event (record, &pos, event);
      printf ("%u. %s\n", i + 1, text);
      /* the record was checked when it was read */
      ksm_record_apply_event (record, i, &pos, NULL);
    }
  rules->format_position (&pos, position_text, sizeof position_text);
  printf ("position: %s\n", position_text);
  g_autofree char *result = result_words (rules, &pos);
  printf ("result: %s\n", result);
  return 0;
}

/* ---- analyse ---- */

static void
print_chance_list (const KsmRules *rules, const KsmOptions *options, const double *chance)
{
  int n_teams = 0;
  for (int p = 0; p < rules->n_players (options); p++)
    n_teams = MAX (n_teams, rules->team_of (options, p) + 1);
  for (int t = 0; t < n_teams; t++)
    printf ("%s%.3f", t == 0 ? "" : "/", chance[t]);
}

static int
verb_analyse (int argc, char **argv)
{
  g_autoptr(KsmRecord) record = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree KsmAnalysisEvent *events = NULL;
  g_autofree KsmAnalysisEntry *entries = NULL;
  const char *path = NULL, *nodes = NULL;
  KsmAnalysisOptions analysis = { 0 };
  KsmAnalysisSummary summary[KSM_MAX_PLAYERS];
  double start[KSM_MAX_PLAYERS];
  const KsmRules *rules;
  const KsmOptions *options;
  KsmPosition pos;
  guint n;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--nodes") == 0 && i + 1 < argc)
        nodes = argv[++i];
      else if (g_str_has_prefix (argv[i], "--nodes="))
        nodes = argv[i] + strlen ("--nodes=");
      else if (g_str_has_prefix (argv[i], "--"))
        die ("unknown option %s", argv[i]);
      else if (path == NULL)
        path = argv[i];
      else
        die ("analyse takes one saved-game file");
    }
  if (path == NULL)
    die ("analyse takes one saved-game file");
  if (nodes != NULL)
    analysis.max_nodes = (long) parse_number ("nodes", nodes, 100, 100000000);

  file = g_file_new_for_commandline_arg (path);
  record = ksm_record_new_from_file (file, &error);
  if (record == NULL)
    die ("%s: %s", path, error->message);

  rules = ksm_record_get_rules (record);
  options = ksm_record_get_options (record);
  events = ksm_review_events_of_record (record, &n);
  entries = g_new0 (KsmAnalysisEntry, MAX (n, 1));
  {
    /* as the app analyses: every processor, a part of the game at a time;
     * the time goes to stderr, the judgements (the same on any machine) to
     * stdout */
    g_autoptr(KsmReview) review = ksm_review_new (record, NULL);
    gint64 began = g_get_monotonic_time ();

    ksm_review_analyse (review, &analysis);
    while (!ksm_review_is_analysed (review))
      g_main_context_iteration (NULL, TRUE);
    for (guint i = 0; i < n; i++)
      entries[i] = *ksm_review_get_entry (review, i);
    memcpy (start, ksm_review_get_chances (review, 0), sizeof start);
    fprintf (stderr, "analysed %u events in %.2f s on %u threads\n", n,
             (g_get_monotonic_time () - began) / 1e6, MIN (g_get_num_processors (), 8));
  }

  printf ("game: %s\n", rules->name);
  for (int p = 0; p < rules->n_players (options); p++)
    {
      const KsmSeat *seat = ksm_record_get_seat (record, (guint) p);
      printf ("%s: %s\n", rules->player_name (options, p),
              seat->kind == KSM_SEAT_PERSON ? "person" : ksm_level_name (seat->level));
    }
  {
    KsmPlayerOptions judge;
    KsmPosition start_pos;
    int depth;
    long max_nodes;

    ksm_player_judge_options (&judge);
    judge.max_nodes = analysis.max_nodes;
    rules->init (&start_pos, options);
    ksm_player_search_budget (&judge, &start_pos, &depth, &max_nodes);
    /* the judge is Expert where the game has learnt a model, else Hard */
    printf ("judge: %s, depth %d, %ld positions a depth\n",
            ksm_level_name (rules->expert_n_features > 0 ? KSM_JUDGE_LEVEL : KSM_LEVEL_HARD),
            depth, max_nodes);
  }
  printf ("start: ");
  print_chance_list (rules, options, start);
  printf ("\n");

  rules->init (&pos, options);
  for (guint i = 0; i < n; i++)
    {
      const KsmEvent *event = ksm_record_get_event (record, i);
      const KsmAnalysisEntry *entry = &entries[i];
      g_autofree char *text = ksm_record_describe_event (record, &pos, event);

      printf ("%u. %s", i + 1, text);
      if (event->kind == KSM_EVENT_THROW)
        printf ("  luck %+.3f", entry->luck);
      else if (entry->decision)
        {
          char best[KSM_NOTATION_MAX];
          rules->format_move (&pos, &entry->best_move, best, sizeof best);
          printf ("  %.3f", entry->played);
          if (entry->loss > 0)
            printf (" best %s %.3f lost %.3f", best, entry->best, entry->loss);
          else
            printf (" best");
          if (entry->mark != KSM_MARK_NONE)
            printf (" %s %s", ksm_mark_symbol (entry->mark), ksm_mark_name (entry->mark));
        }
      else if (event->kind == KSM_EVENT_MOVE)
        printf ("  forced");
      printf ("  chances ");
      print_chance_list (rules, options, entry->chance);
      printf ("\n");
      ksm_record_apply_event (record, i, &pos, NULL);
    }

  ksm_analysis_summarise (options, events, entries, (int) n, summary);
  printf ("summary:\n");
  for (int p = 0; p < rules->n_players (options); p++)
    printf ("%s: %d decisions, %.1f%% lost a decision (%.3f in all), %d doubtful, %d bad, "
            "%d blunders; %d throws, luck %+.3f\n",
            rules->player_name (options, p), summary[p].decisions,
            100 * summary[p].error_rate, summary[p].total_loss,
            summary[p].marks[KSM_MARK_DOUBTFUL], summary[p].marks[KSM_MARK_BAD],
            summary[p].marks[KSM_MARK_BLUNDER], summary[p].throws, summary[p].luck);
  return 0;
}

/* ---- tournament ---- */

typedef struct {
  const KsmRules  *rules;
  KsmOptions       options;
  KsmPlayerOptions players[2];   /* a, b */
  guint64          seed;
  int              n_games;
  int              next_game;    /* atomic */
  gint8           *winner;       /* per game: 0 a, 1 b, -1 draw, -2 unfinished */
  guint32         *throws;
  gint8           *a_seat;
} Tournament;

/* Game g: pair g / 2 throws the same strips in both its games, and the
 * first level plays player 0 (bricks, who throws first unless --first says
 * otherwise) in the even game and player 1 in the odd one. Each side has its
 * own generator for its choices, apart from the throws, so a player's
 * choices can never shift or see the throws to come. */
static void
play_tournament_game (Tournament *t, int g)
{
  const KsmRules *rules = t->rules;
  int n_players = rules->n_players (&t->options);
  int a_seat = g % 2 == 0 ? 0 : 1 % n_players;
  int a_team = rules->team_of (&t->options, a_seat);
  KsmRandom throws_rng, choice_rng[2];
  KsmPosition pos;
  KsmMove moves[KSM_MAX_MOVES];
  KsmOutcome outcome;

  ksm_random_seed (&throws_rng, game_seed (t->seed, (guint64) g / 2));
  for (int side = 0; side < 2; side++)
    ksm_random_seed (&choice_rng[side], game_seed (t->seed ^ (0x5851f42d4c957f2dull * (guint64) (side + 1)),
                                                   (guint64) g));
  rules->init (&pos, &t->options);
  while (pos.phase != KSM_PHASE_OVER)
    {
      if (pos.phase == KSM_PHASE_THROW)
        {
          rules->apply_throw (&pos, ksm_throw_sample (&rules->throws, &throws_rng, NULL));
          continue;
        }
      int n = rules->legal_moves (&pos, moves);
      int side = rules->team_of (&t->options, pos.to_move) == a_team ? 0 : 1;
      int chosen = ksm_player_choose_with (&t->players[side], &pos, moves, n, &choice_rng[side]);
      rules->apply_move (&pos, &moves[chosen], NULL);
    }
  rules->outcome (&pos, &outcome);
  t->a_seat[g] = (gint8) a_seat;
  t->throws[g] = pos.throw_count;
  if (!outcome.over)
    t->winner[g] = -2;
  else if (outcome.winning_team < 0)
    t->winner[g] = -1;
  else
    t->winner[g] = outcome.winning_team == a_team ? 0 : 1;
}

static gpointer
tournament_worker (gpointer data)
{
  Tournament *t = data;
  int g;

  while ((g = g_atomic_int_add (&t->next_game, 1)) < t->n_games)
    play_tournament_game (t, g);
  return NULL;
}

/* Wilson's score interval at 95% for a share p of n */
static void
wilson (double p, double n, double *low, double *high)
{
  const double z = 1.959964;
  double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  double half = z * sqrt (p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  *low = centre - half;
  *high = centre + half;
}

static KsmLevel
parse_level (const char *name, const char *text)
{
  int level = ksm_level_lookup (text);
  if (level < 0)
    {
      g_autoptr(GString) known = g_string_new (NULL);
      for (int i = 0; i < KSM_N_LEVELS; i++)
        g_string_append_printf (known, "%s%s", i ? ", " : "", ksm_level_name (i));
      die ("--%s: unknown level \"%s\" (known: %s)", name, text ? text : "", known->str);
    }
  return (KsmLevel) level;
}

/* A weights file as data/expert/GAME.weights holds them: a number a line,
 * `#` comments. strtof reads each as the compiler reads the built-in ones. */
static void
read_weights (const char *option, const char *path, int n_weights, float *weights)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  int n = 0;

  if (!g_file_get_contents (path, &text, NULL, &error))
    die ("--%s: %s", option, error->message);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    {
      char *hash = strchr (lines[i], '#');
      if (hash != NULL)
        *hash = '\0';
      g_strstrip (lines[i]);
      if (lines[i][0] == '\0')
        continue;
      char *end;
      float value = strtof (lines[i], &end);
      if (*end != '\0' || !isfinite (value))
        die ("--%s: %s, line %d: \"%s\" is not a number", option, path, i + 1, lines[i]);
      if (n == n_weights)
        die ("--%s: %s has more than the model's %d weights", option, path, n_weights);
      weights[n++] = value;
    }
  if (n != n_weights)
    die ("--%s: %s has %d weights, the model %d", option, path, n, n_weights);
}

static int
verb_tournament (int argc, char **argv)
{
  const KsmRules *rules = find_game (argc, argv);
  const char *game_id = NULL, *a_text = NULL, *b_text = NULL, *games_text = "1000";
  const char *seed_text = "1", *jobs_text = NULL, *budget_text = NULL, *nodes_text = NULL;
  const char *from_text = NULL, *a_rollouts_text = NULL, *a_candidates_text = NULL;
  const char *a_horizon_text = NULL, *a_plans_text = NULL, *a_weights_path = NULL;
  const char *a_screen_text = NULL;
  const char *a_policy_path = NULL;
  float a_weights[KSM_EXPERT_MAX_FEATURES];
  float a_policy[KSM_POLICY_N_WEIGHTS (KSM_POLICY_MAX_FEATURES)];
  GameArgs game;
  game_args_init (&game, rules);
  const ArgSpec specs[] = {
    { "game", ARG_VALUE, &game_id, NULL, 0 },
    { "a", ARG_VALUE, &a_text, NULL, 0 },
    { "b", ARG_VALUE, &b_text, NULL, 0 },
    { "games", ARG_VALUE, &games_text, NULL, 0 },
    { "seed", ARG_VALUE, &seed_text, NULL, 0 },
    { "jobs", ARG_VALUE, &jobs_text, NULL, 0 },
    { "budget", ARG_VALUE, &budget_text, NULL, 0 },
    { "nodes", ARG_VALUE, &nodes_text, NULL, 0 },
    { "from", ARG_VALUE, &from_text, NULL, 0 },
    { "a-rollouts", ARG_VALUE, &a_rollouts_text, NULL, 0 },
    { "a-candidates", ARG_VALUE, &a_candidates_text, NULL, 0 },
    { "a-horizon", ARG_VALUE, &a_horizon_text, NULL, 0 },
    { "a-plans", ARG_VALUE, &a_plans_text, NULL, 0 },
    { "a-screen", ARG_VALUE, &a_screen_text, NULL, 0 },
    { "a-weights", ARG_VALUE, &a_weights_path, NULL, 0 },
    { "a-policy", ARG_VALUE, &a_policy_path, NULL, 0 },
    { "players", ARG_VALUE, &game.players, NULL, 0 },
    { "length", ARG_VALUE, &game.length, NULL, 0 },
    { "limit", ARG_VALUE, &game.limit, NULL, 0 },
    { "first", ARG_VALUE, &game.first, NULL, 0 },
  };
  Tournament t = { 0 };
  int from = 0;

  parse_args (argc, argv, specs, G_N_ELEMENTS (specs), &game);
  game_args_finish (&game);
  if (a_text == NULL || b_text == NULL)
    die ("--a and --b are needed: the two levels to play");
  t.rules = rules;
  t.options = game.options;
  t.players[0].level = parse_level ("a", a_text);
  t.players[1].level = parse_level ("b", b_text);
  t.n_games = (int) parse_number ("games", games_text, 1, 10000000);
  t.seed = parse_number ("seed", seed_text, 0, G_MAXUINT64);
  /* A game's throws and choices depend only on its number and the seed, so
   * a long match can be played in parts (--from) and the parts added up. */
  if (from_text != NULL)
    from = (int) parse_number ("from", from_text, 0, t.n_games - 1);
  t.next_game = from;
  /* Side a alone on another number of rollouts, candidates or throws a
   * rollout, to screen a stronger rollout player against the game's own Hard. */
  bool a_rolls_otherwise = a_rollouts_text != NULL || a_candidates_text != NULL
                           || a_horizon_text != NULL || a_plans_text != NULL
                           || a_screen_text != NULL;
  if (a_rolls_otherwise && rules->hard_rollouts <= 0)
    die ("--a-rollouts, --a-candidates, --a-horizon, --a-plans and --a-screen: %s's Hard searches, it plays no rollouts",
         rules->id);
  if (a_rolls_otherwise
      && t.players[0].level != KSM_LEVEL_HARD && t.players[0].level != KSM_LEVEL_EXPERT)
    die ("--a-rollouts, --a-candidates, --a-horizon, --a-plans and --a-screen: only Hard (and Expert without a model) play rollouts");
  if (a_rollouts_text != NULL)
    t.players[0].rollouts = (int) parse_number ("a-rollouts", a_rollouts_text, 1, 100000);
  if (a_candidates_text != NULL)
    t.players[0].candidates = (int) parse_number ("a-candidates", a_candidates_text, 1, KSM_MAX_MOVES);
  if (a_horizon_text != NULL)
    t.players[0].horizon = (int) parse_number ("a-horizon", a_horizon_text, 1, 100000);
  if (a_plans_text != NULL)
    t.players[0].plans = (int) parse_number ("a-plans", a_plans_text, 0, KSM_PLAYER_MAX_PLANS);
  if (a_screen_text != NULL)
    t.players[0].screen = (int) parse_number ("a-screen", a_screen_text, 1, 100000);
  /* Side a's Expert on a model's other weights, to screen a trained file
   * before it is built in. */
  if (a_weights_path != NULL)
    {
      if (rules->expert_n_features <= 0)
        die ("--a-weights: %s has no learnt model for Expert", rules->id);
      if (t.players[0].level != KSM_LEVEL_EXPERT)
        die ("--a-weights: only Expert judges by the learnt model");
      read_weights ("a-weights", a_weights_path, rules->expert_n_features, a_weights);
      t.players[0].expert_weights = a_weights;
    }
  /* Side a's rollouts played by another policy, to screen a trained file
   * (tools/train-asi.c policy) before it is built in */
  if (a_policy_path != NULL)
    {
      if (rules->policy_features == NULL)
        die ("--a-policy: %s has no rollout policy", rules->id);
      if (t.players[0].level != KSM_LEVEL_HARD && t.players[0].level != KSM_LEVEL_EXPERT)
        die ("--a-policy: only Hard and Expert play rollouts");
      read_weights ("a-policy", a_policy_path, KSM_POLICY_N_WEIGHTS (rules->policy_n_features), a_policy);
      t.players[0].policy_weights = a_policy;
    }
  int jobs = jobs_text ? (int) parse_number ("jobs", jobs_text, 1, 256)
                       : (int) MIN (g_get_num_processors (), 64);
  for (int side = 0; side < 2; side++)
    {
      if (budget_text != NULL)
        t.players[side].budget_ms = (int) parse_number ("budget", budget_text, 1, 600000);
      if (nodes_text != NULL)
        t.players[side].max_nodes = (long) parse_number ("nodes", nodes_text, 1, G_MAXINT32);
    }
  t.winner = g_new0 (gint8, t.n_games);
  t.throws = g_new0 (guint32, t.n_games);
  t.a_seat = g_new0 (gint8, t.n_games);

  double start = seconds_now ();
  GThread *threads[256];
  for (int j = 0; j < jobs; j++)
    threads[j] = g_thread_new ("tournament", tournament_worker, &t);
  for (int j = 0; j < jobs; j++)
    g_thread_join (threads[j]);
  double elapsed = seconds_now () - start;

  int a_wins = 0, draws = 0, unfinished = 0, a_as[2] = { 0, 0 }, games_as[2] = { 0, 0 };
  guint64 throws = 0;
  for (int g = from; g < t.n_games; g++)
    {
      int seat = t.a_seat[g] == 0 ? 0 : 1;
      games_as[seat]++;
      throws += t.throws[g];
      if (t.winner[g] == 0)
        {
          a_wins++;
          a_as[seat]++;
        }
      else if (t.winner[g] == -1)
        draws++;
      else if (t.winner[g] == -2)
        unfinished++;
    }

  const char *a_name = ksm_level_name (t.players[0].level);
  const char *b_name = ksm_level_name (t.players[1].level);
  int played = t.n_games - from;
  double share = (a_wins + 0.5 * draws) / played, low, high;
  wilson (share, played, &low, &high);
  if (from > 0)
    printf ("games %d to %d of %d\n", from, t.n_games - 1, t.n_games);
  printf ("%s vs %s: %d games, %s won %d (%.1f%%, 95%% CI %.1f%%-%.1f%%), draws %d\n",
          a_name, b_name, played, a_name, a_wins, 100 * share, 100 * low, 100 * high, draws);
  g_autofree char *p0 = g_ascii_strdown (rules->player_name (&t.options, 0), -1);
  g_autofree char *p1 = g_ascii_strdown (rules->player_name (&t.options, 1), -1);
  printf ("%s as %s: won %d of %d; as %s: won %d of %d\n", a_name, p0, a_as[0], games_as[0],
          p1, a_as[1], games_as[1]);
  printf ("mean throws per game: %.1f\n", (double) throws / played);
  printf ("seconds: %.1f with %d jobs\n", elapsed, jobs);

  g_free (t.winner);
  g_free (t.throws);
  g_free (t.a_seat);
  return unfinished == 0 ? 0 : 1;
}

/* ---- bench ---- */

/* A benchmark program, not a test: it prints figures and asserts nothing.
 * Throughput is measured in the thread's CPU time, so that other programs
 * sharing the machine slow it less; decisions in wall-clock time, which is
 * what a player waits and what Hard's safety net caps. */

#define BENCH_ROUNDS        5           /* timed rounds; the median is reported */
#define BENCH_MAX_SIZES     16
#define BENCH_STACK_SIZE    (8u << 20)  /* a decision thread's stack */
#define BENCH_STACK_PAINT   0xa5

enum {
  SECTION_PLAYOUTS = 1 << 0,
  SECTION_MOVES    = 1 << 1,
  SECTION_LEVELS   = 1 << 2,
};

/* One game at one size: Kasimala at a length, Ashte Kashte with a number
 * of players, and what was measured there. */
typedef struct {
  const KsmRules *rules;
  KsmOptions      options;
  char            label[48];
  double          playouts_per_second;
  double          throws_per_game;
  double          generations_per_second;
  double          moves_per_generation;
  gboolean        level_done[KSM_N_LEVELS];
  double          level_median[KSM_N_LEVELS];
  double          level_p99[KSM_N_LEVELS];
  double          level_stack_kib[KSM_N_LEVELS];
  long            level_safety_stops[KSM_N_LEVELS];
} BenchSize;

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* the nearest-rank percentile of sorted values */
static double
percentile (const double *sorted, int n, double p)
{
  int rank = (int) ceil (p / 100.0 * n);
  return sorted[CLAMP (rank, 1, n) - 1];
}

static double
cpu_seconds_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

/* Every size the game accepts, found by asking its check_options rather
 * than knowing its rules: each length from 1 to 32 and each number of
 * players, from the game's defaults with the rule options given. */
static int
bench_sizes (const KsmRules *rules, const KsmOptions *base, int length, int players,
             BenchSize *sizes, int n_sizes)
{
  int n_lengths = 0, first = n_sizes;
  gboolean length_ok[33] = { FALSE }, players_ok[KSM_MAX_PLAYERS + 1] = { FALSE };
  char error[KSM_ERROR_MAX];

  for (int l = 1; l <= 32; l++)
    for (int p = 1; p <= KSM_MAX_PLAYERS; p++)
      {
        KsmOptions options = *base;
        options.length = (uint8_t) l;
        options.n_players = (uint8_t) p;
        if (options.first_player >= p)
          options.first_player = 0;
        if (!rules->check_options (&options, error, sizeof error))
          continue;
        n_lengths += !length_ok[l];
        length_ok[l] = players_ok[p] = TRUE;
        if ((length > 0 && l != length) || (players > 0 && p != players))
          continue;
        if (n_sizes == BENCH_MAX_SIZES)
          die ("too many sizes to bench");
        sizes[n_sizes] = (BenchSize) { .rules = rules, .options = options };
        n_sizes++;
      }

  /* the label names what varies, and always the players */
  for (int i = first; i < n_sizes; i++)
    {
      if (n_lengths > 1)
        g_snprintf (sizes[i].label, sizeof sizes[i].label, "length %d, %d players",
                    sizes[i].options.length, sizes[i].options.n_players);
      else
        g_snprintf (sizes[i].label, sizeof sizes[i].label, "%d players",
                    sizes[i].options.n_players);
    }
  return n_sizes;
}

/* Random games to the end through the rules, as bare as the interface
 * allows: a throw drawn from the throw model with the game's generator,
 * the legal moves generated, one of them chosen uniformly and applied.
 * Returns the throws made. */
static guint64
bench_playouts (const KsmRules *rules, const KsmOptions *options, guint64 seed,
                guint64 first_game, guint64 n_games)
{
  guint64 throws = 0;

  for (guint64 g = first_game; g < first_game + n_games; g++)
    {
      KsmRandom rng;
      KsmPosition pos;
      KsmMove moves[KSM_MAX_MOVES];

      ksm_random_seed (&rng, game_seed (seed, g));
      rules->init (&pos, options);
      while (pos.phase != KSM_PHASE_OVER)
        {
          if (pos.phase == KSM_PHASE_THROW)
            rules->apply_throw (&pos, ksm_throw_sample (&rules->throws, &rng, NULL));
          else
            {
              /* the random player's draw (ksm_player_choose at
               * KSM_LEVEL_RANDOM), without the call through the levels */
              int n = rules->legal_moves (&pos, moves);
              int chosen = n > 1 ? (int) ksm_random_below (&rng, (uint32_t) n) : 0;
              rules->apply_move (&pos, &moves[chosen], NULL);
            }
        }
      throws += pos.throw_count;
    }
  return throws;
}

static void
bench_playout_section (BenchSize *size, guint64 seed, guint64 n_playouts)
{
  guint64 per_round = MAX (n_playouts / BENCH_ROUNDS, 1), throws = 0;
  double rates[BENCH_ROUNDS], seconds = 0;

  /* one untimed game first, so that tables filled once are not timed */
  bench_playouts (size->rules, &size->options, seed, G_MAXUINT32, 1);
  for (int r = 0; r < BENCH_ROUNDS; r++)
    {
      double start = cpu_seconds_now ();
      throws += bench_playouts (size->rules, &size->options, seed, r * per_round, per_round);
      double elapsed = cpu_seconds_now () - start;
      seconds += elapsed;
      rates[r] = elapsed > 0 ? per_round / elapsed : 0;
    }
  qsort (rates, BENCH_ROUNDS, sizeof (double), compare_doubles);
  guint64 games = per_round * BENCH_ROUNDS;
  size->playouts_per_second = rates[BENCH_ROUNDS / 2];
  size->throws_per_game = (double) throws / (double) games;
  printf ("playouts: %" G_GUINT64_FORMAT " random games to the end on one core, "
          "median of %d rounds: %.0f a second (best %.0f), %.1f throws a game, %.1f ns a throw\n",
          games, BENCH_ROUNDS, size->playouts_per_second, rates[BENCH_ROUNDS - 1],
          size->throws_per_game, throws > 0 ? 1e9 * seconds / (double) throws : 0.0);
}

/* Legal moves generated again and again over positions from random games
 * (every fifth position waiting for a move). */
static void
bench_moves_section (BenchSize *size, guint64 seed, guint64 n_generations)
{
  const KsmRules *rules = size->rules;
  enum { N_POSITIONS = 10000 };
  g_autofree KsmPosition *positions = g_new (KsmPosition, N_POSITIONS);
  KsmMove moves[KSM_MAX_MOVES];
  int n = 0, seen = 0;
  guint64 total_moves = 0;

  for (guint64 g = 0; n < N_POSITIONS; g++)
    {
      KsmRandom rng;
      KsmPosition pos;

      ksm_random_seed (&rng, game_seed (seed, g));
      rules->init (&pos, &size->options);
      while (pos.phase != KSM_PHASE_OVER && n < N_POSITIONS)
        {
          if (pos.phase == KSM_PHASE_THROW)
            {
              rules->apply_throw (&pos, ksm_throw_sample (&rules->throws, &rng, NULL));
              continue;
            }
          if (seen++ % 5 == 0)
            positions[n++] = pos;
          int count = rules->legal_moves (&pos, moves);
          rules->apply_move (&pos, &moves[ksm_player_choose (KSM_LEVEL_RANDOM, &pos, moves,
                                                             count, &rng)], NULL);
        }
    }

  guint64 per_round = MAX (n_generations / BENCH_ROUNDS, 1);
  double rates[BENCH_ROUNDS];
  for (int r = 0; r < BENCH_ROUNDS; r++)
    {
      double start = cpu_seconds_now ();
      for (guint64 i = 0; i < per_round; i++)
        total_moves += (guint64) rules->legal_moves (&positions[i % N_POSITIONS], moves);
      double elapsed = cpu_seconds_now () - start;
      rates[r] = elapsed > 0 ? per_round / elapsed : 0;
    }
  qsort (rates, BENCH_ROUNDS, sizeof (double), compare_doubles);
  size->generations_per_second = rates[BENCH_ROUNDS / 2];
  size->moves_per_generation = (double) total_moves / (double) (per_round * BENCH_ROUNDS);
  printf ("legal moves: %" G_GUINT64_FORMAT " generations over %d positions on one core, "
          "median of %d rounds: %.2f million a second (best %.2f), %.1f moves each\n",
          per_round * BENCH_ROUNDS, N_POSITIONS, BENCH_ROUNDS, size->generations_per_second / 1e6,
          rates[BENCH_ROUNDS - 1] / 1e6, size->moves_per_generation);
}

typedef struct {
  const KsmRules     *rules;
  const KsmPosition  *positions;
  int                 n_positions;
  KsmPlayerOptions    options;
  guint64             seed;
  double             *times;
} LevelRun;

static void *
level_run_thread (void *data)
{
  LevelRun *run = data;
  KsmRandom rng;

  /* the clock's first reading sets itself up: part of the harness */
  seconds_now ();
  ksm_random_seed (&rng, run->seed);
  for (int i = 0; i < run->n_positions; i++)
    {
      KsmMove moves[KSM_MAX_MOVES];
      int count = run->rules->legal_moves (&run->positions[i], moves);
      double start = seconds_now ();
      ksm_player_choose_with (&run->options, &run->positions[i], moves, count, &rng);
      run->times[i] = 1000 * (seconds_now () - start);
    }
  return NULL;
}

/* The players allocate nothing: what a search uses is its stack. So the
 * decisions run on a thread whose stack is painted first, and the bytes
 * found overwritten afterwards are its peak (stacks grow down here). */
static size_t
run_on_painted_stack (LevelRun *run)
{
  pthread_attr_t attr;
  pthread_t thread;
  void *stack;
  size_t untouched = 0;

  if (posix_memalign (&stack, 4096, BENCH_STACK_SIZE) != 0)
    die ("out of memory");
  memset (stack, BENCH_STACK_PAINT, BENCH_STACK_SIZE);
  pthread_attr_init (&attr);
  if (pthread_attr_setstack (&attr, stack, BENCH_STACK_SIZE) != 0
      || pthread_create (&thread, &attr, level_run_thread, run) != 0)
    die ("cannot start a thread to time the players");
  pthread_join (thread, NULL);
  pthread_attr_destroy (&attr);

  const unsigned char *bytes = stack;
  while (untouched < BENCH_STACK_SIZE && bytes[untouched] == BENCH_STACK_PAINT)
    untouched++;
  free (stack);
  return BENCH_STACK_SIZE - untouched;
}

static void
bench_levels_section (BenchSize *size, guint64 seed, int n_positions,
                      const KsmPlayerOptions *given, const gboolean *use_level)
{
  const KsmRules *rules = size->rules;
  g_autofree KsmPosition *positions = g_new (KsmPosition, n_positions);
  g_autofree double *times = g_new (double, n_positions);
  int n = 0, seen = 0;

  /* positions with a real choice, every fifth of them, from random games */
  for (guint64 g = 0; n < n_positions; g++)
    {
      KsmRandom rng;
      KsmPosition pos;
      KsmMove moves[KSM_MAX_MOVES];

      ksm_random_seed (&rng, game_seed (seed, g));
      rules->init (&pos, &size->options);
      while (pos.phase != KSM_PHASE_OVER && n < n_positions)
        {
          if (pos.phase == KSM_PHASE_THROW)
            {
              rules->apply_throw (&pos, ksm_throw_sample (&rules->throws, &rng, NULL));
              continue;
            }
          int count = rules->legal_moves (&pos, moves);
          if (count > 1 && seen++ % 5 == 0)
            positions[n++] = pos;
          rules->apply_move (&pos, &moves[ksm_player_choose (KSM_LEVEL_RANDOM, &pos, moves,
                                                             count, &rng)], NULL);
        }
    }

  /* a few decisions of each level first, untimed: the first call of a
   * library function binds it through the dynamic linker, which saves the
   * vector registers on the stack and would count as the player's */
  for (int l = 0; l < KSM_N_LEVELS; l++)
    if (use_level[l])
      {
        LevelRun warm = {
          .rules = rules, .positions = positions, .n_positions = MIN (n_positions, 3),
          .options = *given, .seed = seed, .times = times,
        };
        warm.options.level = (KsmLevel) l;
        run_on_painted_stack (&warm);
      }

  /* the harness's own stack (the thread's start, its loop, its clock,
   * glibc's thread data) with no decision: each level's peak includes it */
  LevelRun idle = { .rules = rules, .positions = positions, .n_positions = 0 };
  size_t harness = run_on_painted_stack (&idle);

  printf ("%s, %d positions from random games, seed %" G_GUINT64_FORMAT
          "; stack is each level's peak, of which %.1f KiB is the bench's own\n",
          rules->name, n_positions, seed, harness / 1024.0);
  for (int l = 0; l < KSM_N_LEVELS; l++)
    {
      if (!use_level[l])
        continue;
      LevelRun run = {
        .rules = rules,
        .positions = positions,
        .n_positions = n_positions,
        .options = *given,
        .seed = seed,
        .times = times,
      };
      run.options.level = (KsmLevel) l;
      long stops_before = ksm_player_safety_stops ();
      size_t stack = run_on_painted_stack (&run);
      long stops = ksm_player_safety_stops () - stops_before;
      double sum = 0;
      for (int i = 0; i < n_positions; i++)
        sum += times[i];
      qsort (times, (size_t) n_positions, sizeof (double), compare_doubles);
      size->level_done[l] = TRUE;
      size->level_median[l] = percentile (times, n_positions, 50);
      size->level_p99[l] = percentile (times, n_positions, 99);
      size->level_stack_kib[l] = stack / 1024.0;
      size->level_safety_stops[l] = stops;
      printf ("%s: %d decisions, median %.3f ms, p95 %.3f ms, p99 %.3f ms, max %.3f ms, "
              "mean %.3f ms, stack %.1f KiB, safety stops %ld\n",
              ksm_level_name (l), n_positions, size->level_median[l],
              percentile (times, n_positions, 95), size->level_p99[l],
              times[n_positions - 1], sum / n_positions, size->level_stack_kib[l], stops);
    }
}

/* How fast this core runs right now, to read the other figures by: a
 * chain of dependent xorshift steps (six one-cycle operations each on
 * current x86 cores), which neither the compiler nor the core can overlap.
 * On a shared machine it falls as others take the core's time. */
static void
bench_reference (void)
{
  const guint64 steps = 200000000;
  volatile guint64 sink;
  guint64 x = 88172645463325252ull;
  double start = cpu_seconds_now ();

  for (guint64 i = 0; i < steps; i++)
    {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
    }
  sink = x;
  (void) sink;
  printf ("reference: %.0f million xorshift steps a CPU second on this core now "
          "(about 550 on an idle 3.3 GHz core)\n",
          steps / 1e6 / (cpu_seconds_now () - start));
}

/* How the figures grow with the board and the players: one line a size. */
static void
bench_growth (const BenchSize *sizes, int n_sizes, unsigned sections)
{
  printf ("== growth\n");
  printf ("%-14s %-22s %12s %8s %10s %10s %6s", "game", "size", "playouts/s", "throws",
          "ns/throw", "gens/s", "moves");
  for (int l = 0; l < KSM_N_LEVELS; l++)
    if (sizes[0].level_done[l])
      printf (" %10s %10s %8s %5s", ksm_level_name (l), "p99", "KiB", "stops");
  printf ("\n");
  for (int i = 0; i < n_sizes; i++)
    {
      const BenchSize *s = &sizes[i];
      printf ("%-14s %-22s", s->rules->id, s->label);
      if (sections & SECTION_PLAYOUTS)
        printf (" %12.0f %8.1f %10.1f", s->playouts_per_second, s->throws_per_game,
                1e9 / (s->playouts_per_second * s->throws_per_game));
      else
        printf (" %12s %8s %10s", "-", "-", "-");
      if (sections & SECTION_MOVES)
        printf (" %9.2fM %6.1f", s->generations_per_second / 1e6, s->moves_per_generation);
      else
        printf (" %10s %6s", "-", "-");
      for (int l = 0; l < KSM_N_LEVELS; l++)
        if (sizes[0].level_done[l])
          printf (" %7.3f ms %7.3f ms %8.1f %5ld", s->level_median[l], s->level_p99[l],
                  s->level_stack_kib[l], s->level_safety_stops[l]);
      printf ("\n");
    }
}

static int
verb_bench (int argc, char **argv)
{
  gboolean has_game = FALSE;
  for (int i = 0; i < argc; i++)
    has_game |= strcmp (argv[i], "--game") == 0 || g_str_has_prefix (argv[i], "--game=");
  const KsmRules *only = has_game ? find_game (argc, argv) : NULL;
  const char *game_id = NULL, *positions_text = "500", *seed_text = "1", *budget_text = NULL;
  const char *nodes_text = NULL;
  const char *levels_text = NULL, *playouts_text = "20000", *generations_text = "2000000";
  const char *sections_text = NULL;
  GameArgs game;
  game_args_init (&game, only);
  const ArgSpec specs[] = {
    { "game", ARG_VALUE, &game_id, NULL, 0 },
    { "positions", ARG_VALUE, &positions_text, NULL, 0 },
    { "seed", ARG_VALUE, &seed_text, NULL, 0 },
    { "budget", ARG_VALUE, &budget_text, NULL, 0 },
    { "nodes", ARG_VALUE, &nodes_text, NULL, 0 },
    { "levels", ARG_VALUE, &levels_text, NULL, 0 },
    { "length", ARG_VALUE, &game.length, NULL, 0 },
    { "players", ARG_VALUE, &game.players, NULL, 0 },
    { "playouts", ARG_VALUE, &playouts_text, NULL, 0 },
    { "generations", ARG_VALUE, &generations_text, NULL, 0 },
    { "sections", ARG_VALUE, &sections_text, NULL, 0 },
  };
  BenchSize sizes[BENCH_MAX_SIZES];
  int n_sizes = 0;

  parse_args (argc, argv, specs, G_N_ELEMENTS (specs), &game);
  int n_positions = (int) parse_number ("positions", positions_text, 1, 1000000);
  guint64 seed = parse_number ("seed", seed_text, 0, G_MAXUINT64);
  /* every level gets them; only Hard reads them */
  KsmPlayerOptions given = {
    .budget_ms = budget_text ? (int) parse_number ("budget", budget_text, 1, 600000) : 0,
    .max_nodes = nodes_text ? (long) parse_number ("nodes", nodes_text, 1, G_MAXINT32) : 0,
  };
  guint64 n_playouts = parse_number ("playouts", playouts_text, 1, G_GUINT64_CONSTANT (1) << 40);
  guint64 n_generations = parse_number ("generations", generations_text, 1,
                                        G_GUINT64_CONSTANT (1) << 40);
  int length = game.length ? (int) parse_number ("length", game.length, 1, 255) : 0;
  int players = game.players ? (int) parse_number ("players", game.players, 1, KSM_MAX_PLAYERS) : 0;
  gboolean use_level[KSM_N_LEVELS];
  for (int l = 0; l < KSM_N_LEVELS; l++)
    use_level[l] = levels_text == NULL;
  if (levels_text != NULL)
    {
      g_auto(GStrv) names = g_strsplit (levels_text, ",", -1);
      for (int i = 0; names[i] != NULL; i++)
        use_level[parse_level ("levels", names[i])] = TRUE;
    }
  unsigned sections = SECTION_PLAYOUTS | SECTION_MOVES | SECTION_LEVELS;
  if (sections_text != NULL)
    {
      g_auto(GStrv) names = g_strsplit (sections_text, ",", -1);
      sections = 0;
      for (int i = 0; names[i] != NULL; i++)
        if (strcmp (names[i], "playouts") == 0)
          sections |= SECTION_PLAYOUTS;
        else if (strcmp (names[i], "moves") == 0)
          sections |= SECTION_MOVES;
        else if (strcmp (names[i], "levels") == 0)
          sections |= SECTION_LEVELS;
        else
          die ("--sections: unknown section \"%s\" (known: playouts, moves, levels)", names[i]);
    }

  /* the size options choose among the sizes, so they stay out of the
   * options checked here: the game's defaults with its rule flags */
  game.length = game.players = NULL;
  for (unsigned i = 0; i < ksm_rules_n_games (); i++)
    {
      const KsmRules *rules = ksm_rules_nth (i);
      if (only != NULL && rules != only)
        continue;
      GameArgs defaults = game;
      defaults.rules = rules;
      game_args_finish (&defaults);
      n_sizes = bench_sizes (rules, &defaults.options, length, players, sizes, n_sizes);
    }
  if (n_sizes == 0)
    die ("no game has that size (--length %s, --players %s)",
         length ? g_strdup_printf ("%d", length) : "any",
         players ? g_strdup_printf ("%d", players) : "any");

  bench_reference ();
  for (int i = 0; i < n_sizes; i++)
    {
      printf ("== %s: %s\n", sizes[i].rules->name, sizes[i].label);
      if (sections & SECTION_PLAYOUTS)
        bench_playout_section (&sizes[i], seed, n_playouts);
      if (sections & SECTION_MOVES)
        bench_moves_section (&sizes[i], seed, n_generations);
      if (sections & SECTION_LEVELS)
        bench_levels_section (&sizes[i], seed, n_positions, &given, use_level);
      fflush (stdout);
    }
  bench_growth (sizes, n_sizes, sections);
  return 0;
}

/* ---- library-bench ---- */

/* A benchmark, not a test: fills a temp data folder with `count` saved
 * games copied from the records of `from` (each with a name and a date of
 * its own, one in four cut short to an unfinished game), then times the
 * library's scans: the first, with no index, and one by a new library
 * that finds the index. Prints figures and asserts nothing. */
static int
verb_library_bench (int argc, char **argv)
{
  const char *from = NULL, *count_text = "10000", *keep = NULL;
  const ArgSpec specs[] = {
    { "from", ARG_VALUE, &from, NULL, 0 },
    { "count", ARG_VALUE, &count_text, NULL, 0 },
    { "keep", ARG_VALUE, &keep, NULL, 0 },
  };
  GameArgs game;
  game_args_init (&game, NULL);
  parse_args (argc, argv, specs, G_N_ELEMENTS (specs), &game);
  guint64 count = parse_number ("count", count_text, 1, 1000000);
  if (from == NULL)
    die ("--from is needed: a folder of saved games (selfplay --save makes one)");

  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func (g_object_unref);
  {
    g_autoptr(GDir) dir = g_dir_open (from, 0, NULL);
    const char *name;
    if (dir == NULL)
      die ("--from: cannot read \"%s\"", from);
    while ((name = g_dir_read_name (dir)) != NULL && records->len < 200)
      {
        g_autofree char *path = g_build_filename (from, name, NULL);
        g_autoptr(GFile) file = g_file_new_for_path (path);
        KsmRecord *record = g_str_has_suffix (name, ".json") ? ksm_record_new_from_file (file, NULL) : NULL;
        if (record != NULL)
          g_ptr_array_add (records, record);
      }
  }
  if (records->len == 0)
    die ("--from: no saved game in \"%s\"", from);

  g_autofree char *data_dir = keep != NULL ? g_strdup (keep) : g_dir_make_tmp ("ksm-library-bench-XXXXXX", NULL);
  if (data_dir == NULL || g_mkdir_with_parents (data_dir, 0755) != 0)
    die ("cannot make a data folder");
  g_autoptr(GFile) directory = g_file_new_for_path (data_dir);
  g_autoptr(KsmStore) store = ksm_store_new (directory);
  GFile *games = ksm_store_get_games_directory (store);
  g_file_make_directory_with_parents (games, NULL, NULL);
  g_autoptr(GDateTime) base = g_date_time_new_utc (2020, 1, 1, 0, 0, 0);
  guint64 n_unfinished = 0;
  for (guint64 i = 0; i < count; i++)
    {
      g_autoptr(KsmRecord) record = ksm_record_copy (records->pdata[i % records->len]);
      g_autofree char *name = g_strdup_printf ("bench-%06" G_GUINT64_FORMAT ".json", i + 1);
      g_autoptr(GFile) file = g_file_get_child (games, name);
      g_autoptr(GDateTime) ended = g_date_time_add_minutes (base, (int) (i * 37));
      g_autoptr(GError) error = NULL;
      if (i % 4 == 3)
        {
          ksm_record_truncate (record, ksm_record_get_n_events (record) / 2);
          ksm_record_set_ended (record, NULL);
          n_unfinished++;
        }
      else
        ksm_record_set_ended (record, ended);
      if (!g_file_query_exists (file, NULL) && !ksm_record_save_to_file (record, file, &error))
        die ("cannot write a game: %s", error->message);
    }
  printf ("folder: %s (%" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " unfinished)\n",
          data_dir, count, n_unfinished);

  {
    /* the first scan is the cold one, with no index to read */
    g_autoptr(GFile) index = g_file_get_child (games, ".kasimala-index");
    g_file_delete (index, NULL, NULL);
  }
  for (int pass = 0; pass < 2; pass++)
    {
      g_autoptr(KsmLibrary) library = ksm_library_new (store);
      gint64 start = g_get_monotonic_time ();
      ksm_library_reload (library);
      gint64 took = g_get_monotonic_time () - start;
      printf ("%s: %.1f ms, %u games\n", pass == 0 ? "scan, no index (cold)" : "scan, with the index",
              took / 1000.0, g_list_model_get_n_items (ksm_library_get_model (library)));
      if (pass == 0)
        {
          /* a second scan of the same library: what reopening costs */
          start = g_get_monotonic_time ();
          ksm_library_reload (library);
          printf ("scan again, same library: %.1f ms\n", (g_get_monotonic_time () - start) / 1000.0);
        }
    }
  if (keep == NULL)
    printf ("(the folder is left for the app: KSM_DATA_DIR-style runs; delete it when done)\n");
  return 0;
}

/* ---- main ---- */

typedef struct {
  const char *name;
  const char *usage;
  int       (*run) (int argc, char **argv);
} Verb;

static const Verb verbs[] = {
  { "throws", "throws --game G [--count N] [--seed S]\n"
              "      how often each throw comes up, against its exact odds", verb_throws },
  { "moves", "moves --game G --position P [--throw T]\n"
             "      every legal move of a throw (a value, a name or another name of it:\n"
             "      3, sudi; pi for a chya; S for a So-hatara), with the position after it,\n"
             "      and \"game over\" with the result after a move that ends the game", verb_moves },
  { "selfplay", "selfplay --game G [--games N] [--seed S] [--length L] [--limit N]\n"
                "         [--players N] [--first P] [--no-RULE | --RULE ...] [--save DIR]\n"
                "      random players to the end of each game, and the results", verb_selfplay },
  { "replay", "replay FILE\n"
              "      a saved game event by event, and where it ended", verb_replay },
  { "analyse", "analyse FILE [--nodes N]\n"
               "      every decision judged by the Hard player, marks, the luck of every throw,\n"
               "      and a summary per player (doc/analysis.md)", verb_analyse },
  { "tournament", "tournament --game G --a LEVEL --b LEVEL [--games N] [--seed S]\n"
                  "           [--jobs J] [--budget MS] [--nodes N] [--from G] [--a-rollouts N]\n"
                  "           [--a-candidates N] [--a-horizon N] [--a-plans N] [--a-screen N]\n"
                  "           [--a-weights FILE] [--a-policy FILE] [--length L] [--limit N]\n"
                  "           [--players N] [--first P] [--no-RULE | --RULE ...]\n"
                  "      two computer levels (random, easy, medium, hard, expert) against each other,\n"
                  "      sides alternating, and the first level's win rate", verb_tournament },
  { "bench", "bench [--game G] [--length L] [--players N] [--sections S,S] [--playouts N]\n"
             "      [--generations N] [--positions N] [--seed S] [--budget MS] [--nodes N]\n"
             "      [--levels L,L]\n"
             "      for each game and size: random playouts and legal-move generations a\n"
             "      second on one core, and each computer level's time per decision, stack\n"
             "      and safety stops (decisions the clock cut short)",
    verb_bench },
  { "library-bench", "library-bench --from DIR [--count N] [--keep DATA_DIR]\n"
                     "      fills a data folder with N saved games copied from DIR's, and times\n"
                     "      the saved games' scans: with no index, and with it", verb_library_bench },
};

static void
print_usage (FILE *out)
{
  fprintf (out, "Usage: kasimala-cli VERB [OPTIONS]\n\n");
  for (unsigned i = 0; i < G_N_ELEMENTS (verbs); i++)
    fprintf (out, "  %s\n", verbs[i].usage);
  fprintf (out, "\nGames and their rule options:\n");
  for (unsigned i = 0; i < ksm_rules_n_games (); i++)
    {
      const KsmRules *rules = ksm_rules_nth (i);
      fprintf (out, "  %s (%s)\n", rules->id, rules->name);
      /* each option as the switch that changes it from its default */
      for (unsigned k = 0; k < rules->n_option_info; k++)
        {
          const KsmOptionInfo *info = &rules->option_info[k];
          fprintf (out, "    --%s%s  %s: %s by default\n", info->default_on ? "no-" : "",
                   info->key, info->label, info->default_on ? "on" : "off");
        }
    }
  fprintf (out, "\nPositions and moves are written as doc/notation.md says.\n");
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      print_usage (stderr);
      return EXIT_USAGE;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      print_usage (stdout);
      return 0;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("kasimala-cli %s\n", PACKAGE_VERSION);
      return 0;
    }
  for (unsigned i = 0; i < G_N_ELEMENTS (verbs); i++)
    if (strcmp (argv[1], verbs[i].name) == 0)
      return verbs[i].run (argc - 2, argv + 2);
  die ("unknown verb \"%s\" (try: kasimala-cli --help)", argv[1]);
}
