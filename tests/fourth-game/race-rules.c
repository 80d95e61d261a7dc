/* race-rules.c: Sun and Moon's rules (race-rules.h), through ksm-rules.h
 * alone and the notation helpers every engine game shares. Plain C11, as
 * an engine game is. */
#include "race-rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ksm-text.h"

/* A piece's place along its own path, kept a byte each in u.bytes
 * (player * RACE_PIECES + piece): 0 off the board, 1..RACE_TRACK on the
 * track, RACE_HOME in its goal. A throw of d takes place s to s + d. */
#define RACE_HOME (RACE_TRACK + 1)

static const char *const player_names[2] = { "Sun", "Moon" };
static const char player_letters[2] = { 'S', 'M' };

static const KsmOptionInfo race_option_info[] = {
  { "heads-again", "Heads throws again", "a test's rules", "a house rule",
    RACE_OPT_HEADS_AGAIN, false },
};
#define N_OPTION_INFO (sizeof race_option_info / sizeof race_option_info[0])

static inline int
place_of_piece (const KsmPosition *pos, int player, int piece)
{
  return pos->u.bytes[player * RACE_PIECES + piece];
}

static inline void
set_place (KsmPosition *pos, int player, int piece, int place)
{
  pos->u.bytes[player * RACE_PIECES + piece] = (uint8_t) place;
}

/* The cell of a place on `player`'s path (1..RACE_HOME): Sun runs c1 to
 * c8, Moon c8 to c1 */
static int
cell_of (int player, int place)
{
  if (place == RACE_HOME)
    return player == RACE_SUN ? RACE_SUN_GOAL : RACE_MOON_GOAL;
  return player == RACE_SUN ? place - 1 : RACE_TRACK - place;
}

/* the place of `cell` on `player`'s path, or -1 where the path does not go */
static int
place_of_cell (int player, int cell)
{
  if (cell >= 0 && cell < RACE_TRACK)
    return player == RACE_SUN ? cell + 1 : RACE_TRACK - cell;
  if (cell == (player == RACE_SUN ? RACE_SUN_GOAL : RACE_MOON_GOAL))
    return RACE_HOME;
  return -1;
}

static int
face_value (int face)
{
  return face == RACE_FACE_HEADS ? 2 : 1;
}

static uint8_t
race_face_of_pattern (uint32_t pattern)
{
  return (pattern & 1u) ? RACE_FACE_HEADS : RACE_FACE_TAILS;
}

/* ---- options ---- */

static void
race_default_options (KsmOptions *options)
{
  memset (options, 0, sizeof *options);
  options->game = (uint8_t) ksm_rules_kind (&race_rules);
  options->n_players = 2;
  options->first_player = RACE_SUN;
}

static bool
race_check_options (const KsmOptions *options, char *error, size_t error_size)
{
  if (options->game != ksm_rules_kind (&race_rules))
    snprintf (error, error_size, "these are not the options of %s", race_rules.name);
  else if (options->n_players != 2)
    snprintf (error, error_size, "%s is a game of two players, not %d", race_rules.name,
              options->n_players);
  else if (options->first_player > 1)
    snprintf (error, error_size, "the first player must be Sun or Moon");
  else if (options->flags & ~(uint32_t) RACE_OPT_HEADS_AGAIN)
    snprintf (error, error_size, "an unknown rule is on");
  else
    return true;
  return false;
}

static void
race_init (KsmPosition *pos, const KsmOptions *options)
{
  /* zeroed whole: positions are compared bytewise, and every piece starts
   * off the board */
  memset (pos, 0, sizeof *pos);
  pos->options = *options;
  pos->phase = KSM_PHASE_THROW;
  pos->to_move = options->first_player;
}

static int
race_n_players (const KsmOptions *options)
{
  (void) options;
  return 2;
}

static int
race_team_of (const KsmOptions *options, int player)
{
  (void) options;
  return player;
}

static const char *
race_player_name (const KsmOptions *options, int player)
{
  (void) options;
  return player >= 0 && player < 2 ? player_names[player] : "?";
}

/* ---- play ---- */

static void
race_apply_throw (KsmPosition *pos, int face)
{
  if (pos->phase != KSM_PHASE_THROW || face < 0 || face > RACE_FACE_HEADS)
    return;
  pos->face = (uint8_t) face;
  pos->phase = KSM_PHASE_MOVE;
  pos->throw_count++;
}

/* the piece of `player` on track cell `cell`, or -1 */
static int
piece_on (const KsmPosition *pos, int player, int cell)
{
  for (int k = 0; k < RACE_PIECES; k++)
    {
      int place = place_of_piece (pos, player, k);
      if (place >= 1 && place <= RACE_TRACK && cell_of (player, place) == cell)
        return k;
    }
  return -1;
}

static bool
all_home (const KsmPosition *pos, int player)
{
  for (int k = 0; k < RACE_PIECES; k++)
    if (place_of_piece (pos, player, k) != RACE_HOME)
      return false;
  return true;
}

static int
race_legal_moves (const KsmPosition *pos, KsmMove *moves)
{
  int player = pos->to_move, other = 1 - player;
  int d = face_value (pos->face);
  int n = 0;

  if (pos->phase != KSM_PHASE_MOVE)
    return 0;
  for (int k = 0; k < RACE_PIECES; k++)
    {
      int from = place_of_piece (pos, player, k), to = from + d;

      if (from == RACE_HOME || to > RACE_HOME)
        continue;
      /* the pieces off the board are one move, whichever enters */
      if (from == 0 && k > 0 && place_of_piece (pos, player, 0) == 0)
        continue;
      if (to <= RACE_TRACK && piece_on (pos, player, cell_of (player, to)) >= 0)
        continue;
      moves[n++] = (KsmMove) {
        .kind = from == 0 ? KSM_MOVE_START : KSM_MOVE_STEP,
        .from = (int8_t) (from == 0 ? -1 : cell_of (player, from)),
        .to = (int8_t) cell_of (player, to),
        .distance = (uint8_t) d,
        .captured = (uint8_t) (to <= RACE_TRACK && piece_on (pos, other, cell_of (player, to)) >= 0),
      };
    }
  if (n == 0)
    moves[n++] = (KsmMove) { .kind = KSM_MOVE_LOSE, .from = -1, .to = -1, .distance = (uint8_t) d };
  return n;
}

static bool
face_throws_again (const KsmOptions *options, int face)
{
  return face == RACE_FACE_HEADS && (options->flags & RACE_OPT_HEADS_AGAIN);
}

static void
race_apply_move (KsmPosition *pos, const KsmMove *move, KsmEffect *effect)
{
  int player = pos->to_move, other = 1 - player;
  KsmEffect local;

  if (effect == NULL)
    effect = &local;
  memset (effect, 0, sizeof *effect);
  effect->captured_player = -1;
  if (pos->phase != KSM_PHASE_MOVE)
    return;

  if (move->kind != KSM_MOVE_LOSE)
    {
      int from = move->from < 0 ? 0 : place_of_cell (player, move->from);
      int to = place_of_cell (player, move->to);
      int victim = move->to < RACE_TRACK ? piece_on (pos, other, move->to) : -1;

      for (int k = 0; k < RACE_PIECES; k++)
        if (place_of_piece (pos, player, k) == from)
          {
            set_place (pos, player, k, to);
            break;
          }
      if (victim >= 0)
        {
          set_place (pos, other, victim, 0);
          effect->captured = 1;
          effect->captured_player = (int8_t) other;
        }
    }

  effect->throws_again = face_throws_again (&pos->options, pos->face);
  /* the throw is played: the notation writes no face outside a move */
  pos->face = 0;
  pos->phase = KSM_PHASE_THROW;
  if (!effect->throws_again)
    pos->to_move = (uint8_t) other;
  if (all_home (pos, player))
    {
      pos->phase = KSM_PHASE_OVER;
      effect->game_over = true;
      effect->throws_again = false;
    }
}

static void
race_outcome (const KsmPosition *pos, KsmOutcome *outcome)
{
  memset (outcome, 0, sizeof *outcome);
  outcome->winner = -1;
  outcome->winning_team = -1;
  for (int p = 0; p < 2; p++)
    if (all_home (pos, p))
      {
        outcome->over = true;
        outcome->winner = (int8_t) p;
        outcome->winning_team = (int8_t) p;
        outcome->score = 1;
        outcome->reason = KSM_END_ALL_HOME;
      }
}

static int
race_pieces_left (const KsmPosition *pos, int player)
{
  (void) pos;
  (void) player;
  return RACE_PIECES;   /* a capture sends a piece back, it is never lost */
}

/* ---- geometry ---- */

static int
race_n_cells (const KsmOptions *options)
{
  (void) options;
  return RACE_N_CELLS;
}

static void
race_cell_name (const KsmOptions *options, int cell, char *buf, size_t size)
{
  (void) options;
  if (cell == RACE_SUN_GOAL)
    snprintf (buf, size, "sun");
  else if (cell == RACE_MOON_GOAL)
    snprintf (buf, size, "moon");
  else
    snprintf (buf, size, "c%d", cell + 1);
}

static int
parse_cell (const KsmOptions *options, const char *text, size_t length)
{
  (void) options;
  if (length == 3 && strncmp (text, "sun", 3) == 0)
    return RACE_SUN_GOAL;
  if (length == 4 && strncmp (text, "moon", 4) == 0)
    return RACE_MOON_GOAL;
  if (length == 2 && text[0] == 'c' && text[1] >= '1' && text[1] < '1' + RACE_TRACK)
    return text[1] - '1';
  return -1;
}

/* one row: Moon's goal, the track, Sun's goal */
static void
race_cell_place (const KsmOptions *options, int cell, KsmCellPlace *place)
{
  (void) options;
  place->x = cell == RACE_MOON_GOAL ? 0.0f : cell == RACE_SUN_GOAL ? RACE_TRACK + 1.0f : cell + 1.0f;
  place->y = 0.0f;
  place->width = 1.0f;
  place->height = 1.0f;
}

static unsigned
race_cell_flags (const KsmOptions *options, int cell)
{
  (void) options;
  return cell == RACE_SUN_GOAL || cell == RACE_MOON_GOAL ? KSM_CELL_GOAL : 0;
}

static void
race_cell_content (const KsmPosition *pos, int cell, KsmCellContent *content)
{
  memset (content, 0, sizeof *content);
  content->player = -1;
  for (int p = 0; p < 2; p++)
    for (int k = 0; k < RACE_PIECES; k++)
      {
        int place = place_of_piece (pos, p, k);
        if (place > 0 && cell_of (p, place) == cell)
          content->counts[p]++;
      }
  for (int p = 0; p < 2 && content->player < 0; p++)
    if (content->counts[p] > 0)
      {
        content->player = (int8_t) p;
        content->count = content->counts[p];
      }
}

static int
race_move_path (const KsmPosition *pos, const KsmMove *move, int8_t *cells)
{
  int player = pos->to_move;
  int from, to, n = 0;

  if (move->kind == KSM_MOVE_LOSE)
    return 0;
  /* a piece entering walks from the start cell on */
  from = move->from < 0 ? 0 : place_of_cell (player, move->from);
  to = place_of_cell (player, move->to);
  for (int place = from + 1; place <= to && n < KSM_MAX_PATH; place++)
    cells[n++] = (int8_t) cell_of (player, place);
  return n;
}

/* ---- notation: "race S:x,c3 M:home,x turn:M face:heads throws:12 first:S" ---- */

static void
put_place (KsmWriter *w, int player, int place)
{
  char name[8];

  if (place == 0)
    ksm_put (w, "x");
  else if (place == RACE_HOME)
    ksm_put (w, "home");
  else
    {
      race_cell_name (NULL, cell_of (player, place), name, sizeof name);
      ksm_put (w, "%s", name);
    }
}

static int
race_format_position (const KsmPosition *pos, char *buf, size_t size)
{
  KsmWriter w;
  KsmOptions defaults;

  ksm_writer_init (&w, buf, size);
  ksm_put (&w, "%s", race_rules.id);
  for (int p = 0; p < 2; p++)
    {
      ksm_put (&w, " %c:", player_letters[p]);
      for (int k = 0; k < RACE_PIECES; k++)
        {
          if (k > 0)
            ksm_put (&w, ",");
          put_place (&w, p, place_of_piece (pos, p, k));
        }
    }
  ksm_put (&w, " turn:%c face:%s throws:%u first:%c", player_letters[pos->to_move],
           pos->phase == KSM_PHASE_MOVE ? race_rules.throws.faces[pos->face].name : "-",
           pos->throw_count, player_letters[pos->options.first_player]);
  race_default_options (&defaults);
  ksm_put_options (&w, race_option_info, N_OPTION_INFO, pos->options.flags, defaults.flags);
  return ksm_writer_finish (&w);
}

#define FAIL(...) do { snprintf (error, error_size, __VA_ARGS__); return false; } while (0)

static int
player_of_letter (char letter)
{
  for (int p = 0; p < 2; p++)
    if (player_letters[p] == letter)
      return p;
  return -1;
}

/* the next word of `*text`, its length in *length; NULL at the end */
static const char *
next_word (const char **text, size_t *length)
{
  const char *word = *text;

  while (*word == ' ')
    word++;
  if (*word == '\0')
    return NULL;
  *length = strcspn (word, " ");
  *text = word + *length;
  return word;
}

/* "KEY:VALUE" where the key is `key`: the value and its length */
static bool
keyed (const char *word, size_t length, const char *key, const char **value, size_t *value_length)
{
  size_t key_length = strlen (key);

  if (length <= key_length || strncmp (word, key, key_length) != 0 || word[key_length] != ':')
    return false;
  *value = word + key_length + 1;
  *value_length = length - key_length - 1;
  return true;
}

static bool
parse_pieces (const char *value, size_t length, int player, KsmPosition *pos,
              char *error, size_t error_size)
{
  int k = 0;
  const char *end = value + length;

  while (value < end)
    {
      size_t word = strcspn (value, ",");
      int place;

      if (value + word > end)
        word = (size_t) (end - value);
      if (k == RACE_PIECES)
        FAIL ("%s has %d pieces, not more", player_names[player], RACE_PIECES);
      if (word == 1 && value[0] == 'x')
        place = 0;
      else if (word == 4 && strncmp (value, "home", 4) == 0)
        place = RACE_HOME;
      else
        {
          int cell = parse_cell (NULL, value, word);
          if (cell < 0 || cell >= RACE_TRACK)
            FAIL ("\"%.*s\" is not a place of %s's pieces (x, c1-c8 or home)",
                  (int) word, value, player_names[player]);
          place = place_of_cell (player, cell);
        }
      set_place (pos, player, k++, place);
      value += word + (value + word < end);
    }
  if (k != RACE_PIECES)
    FAIL ("%s has %d pieces, not %d", player_names[player], RACE_PIECES, k);
  return true;
}

static bool
race_parse_position (const char *text, KsmPosition *pos, char *error, size_t error_size)
{
  static const char *const keys[] = { "turn", "face", "throws", "first" };
  KsmPosition parsed;
  KsmOptions options;
  const char *word, *value;
  size_t length, value_length;
  uint32_t seen = 0;
  int face = -1, field = 1;

  if (text == NULL)
    FAIL ("the position is empty");
  word = next_word (&text, &length);
  if (word == NULL || length != strlen (race_rules.id) || strncmp (word, race_rules.id, length) != 0)
    FAIL ("a position of %s starts with \"%s\"", race_rules.name, race_rules.id);

  race_default_options (&options);
  race_init (&parsed, &options);
  for (int p = 0; p < 2; p++)
    {
      char key[2] = { player_letters[p], '\0' };
      field++;
      word = next_word (&text, &length);
      if (word == NULL || !keyed (word, length, key, &value, &value_length))
        FAIL ("field %d: %s's pieces, as %s:x,c3, are missing", field, player_names[p], key);
      if (!parse_pieces (value, value_length, p, &parsed, error, error_size))
        return false;
    }
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
    {
      field++;
      word = next_word (&text, &length);
      if (word == NULL || !keyed (word, length, keys[i], &value, &value_length))
        FAIL ("field %d: \"%s:\" is missing", field, keys[i]);
      if (i == 0 || i == 3)
        {
          int player = value_length == 1 ? player_of_letter (value[0]) : -1;
          if (player < 0)
            FAIL ("field %d: \"%.*s\" is neither S nor M", field, (int) value_length, value);
          if (i == 0)
            parsed.to_move = (uint8_t) player;
          else
            parsed.options.first_player = (uint8_t) player;
        }
      else if (i == 1)
        {
          if (value_length == 1 && value[0] == '-')
            face = -1;
          else
            {
              char name[16];
              snprintf (name, sizeof name, "%.*s", (int) value_length, value);
              face = ksm_rules_face_lookup (&race_rules, name);
              if (face < 0)
                FAIL ("field %d: \"%s\" is not a face of the coin", field, name);
            }
        }
      else
        {
          char *end;
          unsigned long count = strtoul (value, &end, 10);
          if (end != value + value_length || value_length == 0 || count > UINT32_MAX)
            FAIL ("field %d: \"%.*s\" is not a count of throws", field, (int) value_length, value);
          parsed.throw_count = (uint32_t) count;
        }
    }
  while ((word = next_word (&text, &length)) != NULL)
    {
      field++;
      int read = ksm_parse_option (race_option_info, N_OPTION_INFO, word, length,
                                   &parsed.options.flags, &seen, field, error, error_size);
      if (read < 0)
        return false;
      if (read == 0)
        FAIL ("field %d: \"%.*s\" is not a rule of %s", field, (int) length, word, race_rules.name);
    }

  /* what play cannot make */
  for (int cell = 0; cell < RACE_TRACK; cell++)
    {
      KsmCellContent content;
      race_cell_content (&parsed, cell, &content);
      if (content.counts[0] + content.counts[1] > 1)
        FAIL ("two pieces share c%d, where the second takes the first", cell + 1);
    }
  if (all_home (&parsed, RACE_SUN) && all_home (&parsed, RACE_MOON))
    FAIL ("both sides cannot be home: the game ends when the first is");
  if (all_home (&parsed, RACE_SUN) || all_home (&parsed, RACE_MOON))
    {
      if (face >= 0)
        FAIL ("the game is over, so no throw waits to be played");
      parsed.phase = KSM_PHASE_OVER;
    }
  else if (face >= 0)
    {
      parsed.phase = KSM_PHASE_MOVE;
      parsed.face = (uint8_t) face;
    }
  if (parsed.phase != KSM_PHASE_THROW && parsed.throw_count == 0)
    FAIL ("no throw has been made, so none can wait and nobody can be home");
  memcpy (pos, &parsed, sizeof parsed);   /* padding too: positions compare bytewise */
  return true;
}

static int
race_format_move (const KsmPosition *pos, const KsmMove *move, char *buf, size_t size)
{
  KsmWriter w;

  ksm_writer_init (&w, buf, size);
  ksm_put_move_words (&w, race_cell_name, &pos->options, move);
  return ksm_writer_finish (&w);
}

static bool
race_parse_move (const KsmPosition *pos, const char *text, KsmMove *move,
                 char *error, size_t error_size)
{
  KsmMove moves[KSM_MAX_MOVES];

  if (pos->phase != KSM_PHASE_MOVE)
    FAIL ("no throw waits to be played, so no move can be made");
  if (text == NULL || *text == '\0')
    FAIL ("the move is empty");
  return ksm_parse_move_text (&pos->options, parse_cell, moves, race_legal_moves (pos, moves),
                              text, -1, "c1-c3, in-c2", move, error, error_size);
}

#undef FAIL

/* ---- queries for the views ---- */

static int
race_start_cell (const KsmOptions *options, int player)
{
  (void) options;
  return cell_of (player, 1);
}

static const char *
race_style_key (const KsmOptions *options, int player)
{
  (void) options;
  return player == RACE_SUN ? "yellow" : "blue";
}

static unsigned
race_lost_reasons (const KsmPosition *pos)
{
  int d = face_value (pos->face);

  for (int k = 0; k < RACE_PIECES; k++)
    {
      int place = place_of_piece (pos, pos->to_move, k);
      if (place != RACE_HOME && place + d > RACE_HOME)
        return 1u << KSM_LOST_OVERSHOOT;
    }
  return 0;
}

const KsmRules race_rules = {
  .id = "race",
  .name = "Sun and Moon",
  .throws = {
    .object_name = "coin",
    .n_objects = 1,
    .n_faces = 2,
    .faces = {
      { "tails", 1, false, NULL },
      { "heads", 2, false, NULL },
    },
    .face_of_pattern = race_face_of_pattern,
  },
  .option_info = race_option_info,
  .n_option_info = N_OPTION_INFO,
  .race = true,

  .default_options = race_default_options,
  .check_options = race_check_options,
  .init = race_init,
  .n_players = race_n_players,
  .team_of = race_team_of,
  .player_name = race_player_name,
  .apply_throw = race_apply_throw,
  .legal_moves = race_legal_moves,
  .apply_move = race_apply_move,
  .outcome = race_outcome,
  .pieces_left = race_pieces_left,
  .n_cells = race_n_cells,
  .cell_name = race_cell_name,
  .cell_place = race_cell_place,
  .cell_flags = race_cell_flags,
  .cell_content = race_cell_content,
  .format_position = race_format_position,
  .parse_position = race_parse_position,
  .format_move = race_format_move,
  .parse_move = race_parse_move,
  /* evaluate NULL: the computer players fall back on pieces left */
  .move_path = race_move_path,
  .start_cell = race_start_cell,
  .face_throws_again = face_throws_again,
  .style_key = race_style_key,
  .lost_reasons = race_lost_reasons,
};

KsmGameKind
race_register (void)
{
  KsmGameKind kind = ksm_rules_register (&race_rules);

  if (kind == KSM_GAME_NONE)
    {
      fprintf (stderr, "the engine refused to register %s\n", race_rules.id);
      abort ();
    }
  return kind;
}
