/* ksm-kasimala.c: Kasimala Paay of Bhaktapur, by seeds/kasimala.txt and the
 * decisions in rules-decisions.md.
 *
 * Side 0 is the bottom side (bricks), side 1 the top side (stones). A cell
 * index is row * L + (column - 1) with rows B = 0, M = 1, T = 2. */
#include "ksm-rules.h"
#include "ksm-text.h"
#include "ksm-kasimala-eval.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

enum { ROW_B, ROW_M, ROW_T };
enum { BOTTOM, TOP };

#define N_LENGTHS     3
#define MAX_DISTANCE  5
#define MAX_CELLS     (KSM_KASIMALA_ROWS * KSM_KASIMALA_MAX_LENGTH)
#define DEFAULT_LIMIT 3000
#define ALL_FLAGS     (KSM_OPT_KASIMALA_EXTRA_THROW | KSM_OPT_KASIMALA_KASI_STARTS \
                       | KSM_OPT_KASIMALA_SAFE_LAIGAS)

static const uint8_t lengths[N_LENGTHS] = { 17, 21, 25 };
static const char row_letters[KSM_KASIMALA_ROWS] = { 'B', 'M', 'T' };
static const char side_marks[2] = { 'b', 's' };

/* destination[length][side][distance][cell]: where a piece lands after
 * `distance` steps of its side's path. Filled once; paths never change. */
static int8_t destination[N_LENGTHS][2][MAX_DISTANCE + 1][MAX_CELLS];
static once_flag destination_once = ONCE_FLAG_INIT;

/* steps[length][side][distance][from]: the whole step a started piece makes,
 * ready to copy into the move list, with its landing cell as an index into
 * the cells (row * KSM_KASIMALA_MAX_LENGTH + column). At distance 0 the
 * piece stays put, which gives any cell's index into the cells. */
typedef struct {
  KsmMove move;   /* captured and group left 0 */
  uint8_t flat : 7;   /* at most 2 * 25 + 24 */
  uint8_t laiga : 1;
} StepEntry;

_Static_assert (sizeof (StepEntry) == 8 && offsetof (StepEntry, move) == 0,
                "a step entry is copied into the move list as 8 bytes");

static StepEntry steps[N_LENGTHS][2][MAX_DISTANCE + 1][MAX_CELLS];

/* reach_table[length][side][distance][cell]: where the evaluation's reach
 * from a cell ends, `distance` steps on (up to two whole throws, ten), as
 * a cell, an index into the cells and whether it is a laiga: small, so the
 * evaluation's twenty looks a piece stay in the cache */
typedef struct {
  uint8_t to;
  uint8_t flat : 7;
  uint8_t laiga : 1;
} Landing;

static Landing reach_table[N_LENGTHS][2][2 * MAX_DISTANCE + 1][MAX_CELLS];

/* the laigas of the middle row, as column bits */
static uint32_t laiga_bits[N_LENGTHS];

/* The lengths are 17, 21 and 25: their index without a search, for options
 * already checked. */
static inline int
fast_length_index (int length)
{
  return (length - 17) >> 2;
}

static int
length_index (int length)
{
  for (int i = 0; i < N_LENGTHS; i++)
    if (lengths[i] == length)
      return i;
  return -1;
}

/* One step of a side's path (rules-decisions.md, "bottom's path"). */
static int
next_cell (int side, int length, int cell)
{
  int row = cell / length;
  int col = cell % length + 1;

  if (side == BOTTOM)
    switch (row)
      {
      case ROW_B: return col < length ? cell + 1 : ROW_M * length + length - 1;
      case ROW_M: return col > 1 ? cell - 1 : ROW_T * length;
      default:    return col < length ? cell + 1 : ROW_M * length + length - 1;
      }
  else
    switch (row)
      {
      case ROW_T: return col > 1 ? cell - 1 : ROW_M * length;
      case ROW_M: return col < length ? cell + 1 : ROW_B * length + length - 1;
      default:    return col > 1 ? cell - 1 : ROW_M * length;
      }
}

static inline bool is_laiga (int length, int cell);

static void
fill_destinations (void)
{
  for (int li = 0; li < N_LENGTHS; li++)
    for (int col = 0; col < lengths[li]; col += 4)
      laiga_bits[li] |= 1u << col;
  for (int li = 0; li < N_LENGTHS; li++)
    for (int side = 0; side < 2; side++)
      for (int cell = 0; cell < 3 * lengths[li]; cell++)
        {
          int at = cell;
          destination[li][side][0][cell] = (int8_t) cell;
          steps[li][side][0][cell] = (StepEntry) {
            { KSM_MOVE_STEP, (int8_t) cell, (int8_t) cell, 0, 0, 0, 0 },
            (uint8_t) (cell / lengths[li] * KSM_KASIMALA_MAX_LENGTH + cell % lengths[li]),
            is_laiga (lengths[li], cell),
          };
          for (int d = 1; d <= MAX_DISTANCE; d++)
            {
              at = next_cell (side, lengths[li], at);
              destination[li][side][d][cell] = (int8_t) at;
              steps[li][side][d][cell] = (StepEntry) {
                { KSM_MOVE_STEP, (int8_t) cell, (int8_t) at, (uint8_t) d, 0, 0, 0 },
                (uint8_t) (at / lengths[li] * KSM_KASIMALA_MAX_LENGTH + at % lengths[li]),
                is_laiga (lengths[li], at),
              };
            }
        }
  /* a chya or a ngha's five steps, then another throw's: the path's
   * steps compose */
  for (int li = 0; li < N_LENGTHS; li++)
    for (int side = 0; side < 2; side++)
      for (int cell = 0; cell < 3 * lengths[li]; cell++)
        for (int d = 0; d <= 2 * MAX_DISTANCE; d++)
          {
            int at = d <= MAX_DISTANCE ? destination[li][side][d][cell]
                     : destination[li][side][MAX_DISTANCE][destination[li][side][d - MAX_DISTANCE][cell]];
            reach_table[li][side][d][cell] = (Landing) {
              (uint8_t) at,
              (uint8_t) (at / lengths[li] * KSM_KASIMALA_MAX_LENGTH + at % lengths[li]),
              is_laiga (lengths[li], at),
            };
          }
}

static inline bool
is_laiga (int length, int cell)
{
  return cell / length == ROW_M && (cell % length) % 4 == 0;
}

static inline int
cell_value (const KsmPosition *pos, int cell)
{
  int length = pos->options.length;
  return pos->u.kasimala.cells[cell / length][cell % length];
}

static inline int
own_row (int side)
{
  return side == BOTTOM ? ROW_B : ROW_T;
}

static inline bool
is_waiting (const KsmPosition *pos, int side, int cell)
{
  int length = pos->options.length;
  return cell / length == own_row (side)
         && (pos->u.kasimala.waiting[side] >> (cell % length) & 1u);
}

/* Bottom starts BL first, then B(L-1), ...; top starts T1, then T2, ... */
static int
next_waiting_cell (const KsmPosition *pos, int side)
{
  uint32_t waiting = pos->u.kasimala.waiting[side];
  int length = pos->options.length;

  if (waiting == 0)
    return -1;
  if (side == BOTTOM)
    return ROW_B * length + (31 - __builtin_clz (waiting));
  return ROW_T * length + __builtin_ctz (waiting);
}

static inline int
face_value (int face)
{
  return face + 1;
}

/* The occupancy bits are indexed by cell, all three rows in 128 bits, so
 * that move generation walks a side's pieces in one loop (one word at
 * lengths 17 and 21). */
static inline void
set_occupied (KsmKasimalaState *st, int side, int cell)
{
  st->occupied[side][cell >> 6] |= (uint64_t) 1 << (cell & 63);
}

static inline void
clear_occupied (KsmKasimalaState *st, int side, int cell)
{
  st->occupied[side][cell >> 6] &= ~((uint64_t) 1 << (cell & 63));
}

/* Rebuilds the occupancy bits from the cells, for a position made by
 * hand (init, parsing); apply_move keeps them in step from then on. */
static void
sync_occupied (KsmPosition *pos)
{
  KsmKasimalaState *st = &pos->u.kasimala;

  memset (st->occupied, 0, sizeof st->occupied);
  for (int row = 0; row < KSM_KASIMALA_ROWS; row++)
    for (int col = 0; col < pos->options.length; col++)
      if (st->cells[row][col] != 0)
        set_occupied (st, st->cells[row][col] > 0 ? BOTTOM : TOP, row * pos->options.length + col);
}

/* ---- throws ---- */

/* bit set = hollow side up; no hollow side up is a ngha */
static uint8_t
kasimala_face_of_pattern (uint32_t pattern)
{
  /* by pattern, not popcount: without -mpopcnt that is a library call */
  static const uint8_t faces[16] = { 4, 0, 0, 1, 0, 1, 1, 2, 0, 1, 1, 2, 1, 2, 2, 3 };
  return faces[pattern & 0xfu];
}

/* ---- options ---- */

static const KsmOptionInfo kasimala_option_info[] = {
  { "extra-throw", "Chya and ngha throw again",
    "Bhaktapur's elders (the Bhaktapur rules page)", "house rule: every throw passes the turn",
    KSM_OPT_KASIMALA_EXTRA_THROW, true },
  { "kasi-starts", "A kasi is needed to start a piece",
    "Bhaktapur's elders (the Bhaktapur rules page)", "house rule: any throw starts the next piece",
    KSM_OPT_KASIMALA_KASI_STARTS, true },
  { "safe-laigas", "Laigas are safe",
    "Bhaktapur's elders (the Bhaktapur rules page)", "house rule: laigas are ordinary cells",
    KSM_OPT_KASIMALA_SAFE_LAIGAS, true },
};

#define N_OPTION_INFO (sizeof kasimala_option_info / sizeof kasimala_option_info[0])

static void
kasimala_default_options (KsmOptions *options)
{
  memset (options, 0, sizeof *options);
  options->game = KSM_GAME_KASIMALA;
  options->length = 17;
  options->n_players = 2;
  options->first_player = BOTTOM;
  options->throw_limit = DEFAULT_LIMIT;
  options->flags = ALL_FLAGS;
}

static bool
kasimala_check_options (const KsmOptions *options, char *error, size_t error_size)
{
  if (options->game != KSM_GAME_KASIMALA)
    snprintf (error, error_size, "these options are not Kasimala's");
  else if (length_index (options->length) < 0)
    snprintf (error, error_size, "board length %d: it must be 17, 21 or 25", options->length);
  else if (options->n_players != 2)
    snprintf (error, error_size, "Kasimala is for 2 players, not %d", options->n_players);
  else if (options->first_player > 1)
    snprintf (error, error_size, "the first player must be 0 (bricks) or 1 (stones)");
  else if (options->flags & ~ALL_FLAGS)
    snprintf (error, error_size, "unknown rule option bits 0x%x", options->flags & ~ALL_FLAGS);
  else
    return true;
  return false;
}

static void
kasimala_init (KsmPosition *pos, const KsmOptions *options)
{
  int length = options->length;

  call_once (&destination_once, fill_destinations);
  memset (pos, 0, sizeof *pos);
  pos->options = *options;
  pos->phase = KSM_PHASE_THROW;
  pos->to_move = options->first_player;

  for (int col = 0; col < length; col++)
    {
      pos->u.kasimala.cells[ROW_B][col] = 1;
      pos->u.kasimala.cells[ROW_T][col] = -1;
    }
  pos->u.kasimala.waiting[BOTTOM] = pos->u.kasimala.waiting[TOP] =
    (1u << length) - 1;
  pos->u.kasimala.pieces[BOTTOM] = pos->u.kasimala.pieces[TOP] = (uint8_t) length;
  sync_occupied (pos);
}

static int
kasimala_n_players (const KsmOptions *options)
{
  (void) options;
  return 2;
}

static int
kasimala_team_of (const KsmOptions *options, int player)
{
  (void) options;
  return player;
}

static const char *
kasimala_player_name (const KsmOptions *options, int player)
{
  (void) options;
  return player == BOTTOM ? "Bricks" : "Stones";
}

/* ---- play ---- */

static void
kasimala_apply_throw (KsmPosition *pos, int face)
{
  if (pos->phase != KSM_PHASE_THROW || face < 0 || face > 4)
    return;
  pos->face = (uint8_t) face;
  pos->phase = KSM_PHASE_MOVE;
  pos->throw_count++;
}

static inline void
add_move (KsmMove *moves, int *n, int kind, int from, int to, int distance, uint8_t captured)
{
  KsmMove *m = &moves[(*n)++];
  m->kind = (uint8_t) kind;
  m->from = (int8_t) from;
  m->to = (int8_t) to;
  m->distance = (uint8_t) distance;
  m->slot = 0;
  m->captured = captured;
  m->group = 0;
}

/* Writes the steps of the started pieces whose cells are the bits of
 * `pieces` (cells first to first + 63) and returns how many; `check` drops
 * the steps onto a laiga the other side holds. */
static inline __attribute__ ((always_inline)) int
add_steps (const KsmKasimalaState *st, int side, const StepEntry *table, uint64_t pieces,
           KsmMove *moves, bool check)
{
  const int8_t *flat_cells = &st->cells[0][0];
  int flip = side == BOTTOM ? -1 : 0;   /* the enemy's count is value ^ flip - flip */
  int n = 0;

  for (; pieces != 0; pieces &= pieces - 1)
    {
      const StepEntry *step = &table[__builtin_ctzll (pieces)];
      int enemy = (flat_cells[step->flat] ^ flip) - flip;
      /* the whole entry in one 8-byte copy: its last byte spills into
       * the next slot, which the next move overwrites or nobody reads (a
       * side has at most 25 pieces, the list room for KSM_MAX_MOVES) */
      memcpy (&moves[n], step, sizeof *step);
      moves[n].captured = (uint8_t) (enemy > 0 ? enemy : 0);
      /* a dropped step is written and then overwritten: no branch to
       * mispredict on where the enemy stands */
      n += 1 - ((enemy > 0) & step->laiga & check);
    }
  return n;
}

/* The move that starts the side's next waiting piece `distance` cells on,
 * from the step table: false when it would land on a laiga the other side
 * holds while laigas are safe. */
static inline bool
start_move (const KsmKasimalaState *st, bool safe_laigas, int side, const StepEntry *table,
            int from, KsmMove *move)
{
  const StepEntry *step = &table[from];
  /* through a flat pointer, as legal_moves_of does: cells[0][flat] indexes
   * past row 0, which UndefinedBehaviorSanitizer rightly refuses */
  const int8_t *flat_cells = &st->cells[0][0];
  int value = flat_cells[step->flat];
  int enemy = side == BOTTOM ? -value : value;

  if (enemy > 0 && safe_laigas && step->laiga)
    return false;
  *move = step->move;
  move->kind = KSM_MOVE_START;
  move->captured = (uint8_t) (enemy > 0 ? enemy : 0);
  return true;
}

/* Move generation for one side, inlined apart for each so that the side's
 * rows, signs and paths are constants. */
static inline __attribute__ ((always_inline)) int
legal_moves_of (const KsmPosition *pos, KsmMove *moves, const int side)
{
  const KsmKasimalaState *st = &pos->u.kasimala;
  int distance = face_value (pos->face);
  int length = pos->options.length;
  int li = fast_length_index (length);
  bool kasi_starts = pos->options.flags & KSM_OPT_KASIMALA_KASI_STARTS;
  bool safe_laigas = pos->options.flags & KSM_OPT_KASIMALA_SAFE_LAIGAS;
  uint32_t waiting = st->waiting[side];
  int n = 0;

  /* While a piece waits, a kasi must start it; it is lost when that step
   * meets a laiga the other side holds. */
  const StepEntry *table = steps[li][side][distance];
  if (distance == 1 && kasi_starts && waiting != 0)
    {
      if (!start_move (st, safe_laigas, side, table, next_waiting_cell (pos, side), moves))
        add_move (moves, &n, KSM_MOVE_LOSE, -1, -1, 0, 0);
      return 1;
    }

  /* The side's started pieces in the order of their cells, row by row and
   * column by column: the order every caller (and a seeded random player)
   * sees. A step can be illegal only onto a laiga the other side holds;
   * while there is none, every step is written without asking. */
  uint64_t low = st->occupied[side][0], high = st->occupied[side][1];
  if (side == BOTTOM)
    low &= ~(uint64_t) waiting;   /* row B starts at cell 0 */
  else
    {
      int first = ROW_T * length;   /* 34, 42 or 50: row T may straddle the words */
      low &= ~((uint64_t) waiting << first);
      high &= ~((uint64_t) waiting >> (64 - first));
    }
  bool check = safe_laigas && ((st->occupied[1 - side][0] >> length) & laiga_bits[li]) != 0;
  n = add_steps (st, side, table, low, moves, check);
  if (high != 0)
    n += add_steps (st, side, table + 64, high, moves + n, check);

  if (!kasi_starts && waiting != 0)
    n += start_move (st, safe_laigas, side, table, next_waiting_cell (pos, side), &moves[n]);

  if (n == 0)
    add_move (moves, &n, KSM_MOVE_LOSE, -1, -1, 0, 0);
  return n;
}

static int
kasimala_legal_moves (const KsmPosition *pos, KsmMove *moves)
{
  if (pos->phase != KSM_PHASE_MOVE)
    return 0;
  return pos->to_move == BOTTOM ? legal_moves_of (pos, moves, BOTTOM)
                                : legal_moves_of (pos, moves, TOP);
}

static bool
game_ended (const KsmPosition *pos)
{
  const KsmKasimalaState *st = &pos->u.kasimala;

  if (st->pieces[BOTTOM] == 0 || st->pieces[TOP] == 0)
    return true;
  return pos->options.throw_limit > 0 && pos->throw_count >= pos->options.throw_limit
         && pos->phase != KSM_PHASE_MOVE;
}

/* A move of one side, inlined apart for each (as move generation is) so
 * that its rows and sign are constants. */
static inline __attribute__ ((always_inline)) void
apply_move_of (KsmPosition *pos, const KsmMove *move, KsmEffect *effect, const int side)
{
  KsmKasimalaState *st = &pos->u.kasimala;
  int enemy = 1 - side;
  /* filled here and copied out once: most callers pass NULL */
  KsmEffect done = { .captured_player = -1 };

  if (pos->phase != KSM_PHASE_MOVE)
    {
      if (effect != NULL)
        *effect = done;
      return;
    }

  if (move->kind != KSM_MOVE_LOSE)
    {
      int length = pos->options.length;
      const StepEntry *entry = &steps[fast_length_index (length)][0][0][0];
      int8_t *cells = &st->cells[0][0];
      int from_cell = move->from, to_cell = move->to;
      int8_t *from = &cells[entry[from_cell].flat];
      int8_t *to = &cells[entry[to_cell].flat];
      int sign = 1 - 2 * side;   /* bricks count up, stones down */

      if (move->kind == KSM_MOVE_START)
        st->waiting[side] &= ~(1u << (from_cell - (side == BOTTOM ? 0 : ROW_T * length)));
      int left = *from - sign;
      *from = (int8_t) left;
      /* the cell left empty without a branch: whether a piece moved off a
       * stack is a coin toss to the branch predictor */
      st->occupied[side][from_cell >> 6] &= ~((uint64_t) (left == 0) << (from_cell & 63));

      int enemy_count = -*to * sign;
      if (enemy_count > 0)
        {
          int enemy_first = side == BOTTOM ? ROW_T * length : 0;
          int col = to_cell - enemy_first;
          done.captured = (uint8_t) enemy_count;
          done.captured_player = (int8_t) enemy;
          if (col >= 0 && col < length && (st->waiting[enemy] >> col & 1u))
            {
              done.captured_waiting = 1;
              st->waiting[enemy] &= ~(1u << col);
            }
          st->pieces[enemy] = (uint8_t) (st->pieces[enemy] - enemy_count);
          clear_occupied (st, enemy, to_cell);
          *to = 0;
        }
      *to = (int8_t) (*to + sign);
      set_occupied (st, side, to_cell);
    }

  /* & rather than &&, and game_ended () with the phase known: a random
   * game decides these by the throw, so branches on them mispredict */
  bool again = ((pos->options.flags & KSM_OPT_KASIMALA_EXTRA_THROW) != 0) & (pos->face >= 3);
  uint32_t limit = pos->options.throw_limit;
  bool over = (st->pieces[BOTTOM] == 0) | (st->pieces[TOP] == 0)
              | ((limit > 0) & (pos->throw_count >= limit));
  pos->to_move = (uint8_t) (again ? side : enemy);
  pos->phase = over ? KSM_PHASE_OVER : KSM_PHASE_THROW;
  if (effect != NULL)
    {
      done.throws_again = again & !over;
      done.game_over = over;
      *effect = done;
    }
}

static void
kasimala_apply_move (KsmPosition *pos, const KsmMove *move, KsmEffect *effect)
{
  if (pos->to_move == BOTTOM)
    apply_move_of (pos, move, effect, BOTTOM);
  else
    apply_move_of (pos, move, effect, TOP);
}

static void
kasimala_outcome (const KsmPosition *pos, KsmOutcome *outcome)
{
  const KsmKasimalaState *st = &pos->u.kasimala;

  memset (outcome, 0, sizeof *outcome);
  outcome->winner = outcome->winning_team = -1;
  if (!game_ended (pos))
    return;

  outcome->over = true;
  if (st->pieces[BOTTOM] == 0 || st->pieces[TOP] == 0)
    {
      outcome->reason = KSM_END_ALL_CAPTURED;
      outcome->winner = st->pieces[BOTTOM] == 0 ? TOP : BOTTOM;
      outcome->gulmasi = st->pieces[outcome->winner] == pos->options.length;
    }
  else
    {
      outcome->reason = KSM_END_THROW_LIMIT;
      if (st->pieces[BOTTOM] != st->pieces[TOP])
        outcome->winner = st->pieces[BOTTOM] > st->pieces[TOP] ? BOTTOM : TOP;
    }
  outcome->winning_team = outcome->winner;
  if (outcome->winner >= 0)
    outcome->score = outcome->gulmasi ? 2 : 1;
}

static int
kasimala_pieces_left (const KsmPosition *pos, int player)
{
  return player == BOTTOM || player == TOP ? pos->u.kasimala.pieces[player] : 0;
}

/* ---- evaluation, for the computer players ---- */

/* The evaluation is a logistic model over features of the position, seen
 * from the side to throw (or to move): the chance it wins is
 * 1 / (1 + exp (-sum of weight * feature)). The features are listed in
 * ksm-kasimala-eval.h; most are a difference between the two sides, scaled
 * by 1 / sqrt (pieces left on the board), since one piece counts for more
 * when few are left. */

/* Out of 16: kasi, dwadi, sudi, chya, ngha */
static const int face_weight[5] = { 4, 6, 4, 1, 1 };

const char *const ksm_kasimala_feature_names[KSM_KASIMALA_N_FEATURES] = {
  "to-throw", "pieces", "pieces-raw", "gain-mover", "gain-mover-2nd",
  "gain-other", "gain-other-2nd", "threat-mover", "threat-other", "safe",
  "open-home", "raid", "waiting-vs-started", "waiting", "kasi-blocked",
  "stacked", "middle-open",
};

const char *const ksm_kasimala_expert_feature_names[KSM_KASIMALA_EXPERT_N_FEATURES] = {
  "to-throw", "pieces", "pieces-raw", "gain-mover", "gain-mover-2nd",
  "gain-other", "gain-other-2nd", "threat-mover", "threat-other", "safe",
  "open-home", "raid", "waiting-vs-started", "waiting", "kasi-blocked",
  "stacked", "middle-open", "raiders",
  "take-kasi", "take-dwadi", "take-sudi", "take-chya", "take-ngha",
  "other-kasi", "other-dwadi", "other-sudi", "other-chya", "other-ngha",
  "towers", "pieces-by-board", "pieces-by-limit", "waiting-raw",
};

/* The weights tuned by hand with `kasimala-cli tournament` at length 17
 * (doc/computer-players.md): 1.2 per piece, per piece the side to throw can
 * take (with the second throw a chya or a ngha earns), 0.6 per piece the
 * other side could take with its next throw, 0.12 a piece on a laiga or in
 * the open at home, 0.024 for raiders and waiting pieces. Weights fitted to
 * self-play results by tools/train-kasimala.c predicted the results better
 * but chose worse moves one move ahead, and those that chose better one
 * move ahead gained nothing measurable at Hard's depth, so the new features
 * (7, 8, 13-16) stay at 0 for now. */
const double ksm_kasimala_hand_weights[KSM_KASIMALA_N_FEATURES] = {
  0.0,     /*  0 to-throw */
  1.2,     /*  1 pieces */
  0.0,     /*  2 pieces-raw */
  1.2,     /*  3 gain-mover */
  1.2,     /*  4 gain-mover-2nd */
  -0.6,    /*  5 gain-other */
  -0.6,    /*  6 gain-other-2nd */
  0.0,     /*  7 threat-mover */
  0.0,     /*  8 threat-other */
  0.12,    /*  9 safe */
  -0.12,   /* 10 open-home */
  0.024,   /* 11 raid */
  -0.024,  /* 12 waiting-vs-started */
  0.0,     /* 13 waiting */
  0.0,     /* 14 kasi-blocked */
  0.0,     /* 15 stacked */
  0.0,     /* 16 middle-open */
};

/* The enemy pieces `side` would take landing where `step` lands: the
 * step table's flat index and laiga bit, with no division by the length,
 * since the evaluation asks this some twenty times a piece */
static inline int
capturable (const KsmKasimalaState *st, int side, const Landing *at, bool safe_laigas)
{
  int value = (&st->cells[0][0])[at->flat];
  int enemy = side == BOTTOM ? -value : value;

  if (enemy <= 0 || (safe_laigas && at->laiga))
    return 0;
  return enemy;
}

/* Marks `cell` hit by a piece `distance` away; the list of cells hit
 * spares a scan of the whole board for the few that are */
static inline void
mark_hit (uint8_t *hit, uint8_t *cells, int *n_cells, int cell, int distance)
{
  if (hit[cell] == 0)
    cells[(*n_cells)++] = (uint8_t) cell;
  hit[cell] |= (uint8_t) (1u << (distance - 1));
}

/* How near the throw limit is, 0 at the start to 1 at it (0 without one):
 * a lead then counts for more, there being less time to undo it */
static double
limit_near (const KsmPosition *pos)
{
  unsigned limit = pos->options.throw_limit;
  return limit > 0 ? (double) pos->throw_count / limit : 0.0;
}

/* The features of a position that is not over, from the side to throw's
 * side (see ksm-kasimala-eval.h). */
static void
kasimala_features (const KsmPosition *pos, double *f, bool rich)
{
  const KsmKasimalaState *st = &pos->u.kasimala;
  int length = pos->options.length;
  int li = length_index (length);
  bool safe_laigas = pos->options.flags & KSM_OPT_KASIMALA_SAFE_LAIGAS;
  bool kasi_starts = pos->options.flags & KSM_OPT_KASIMALA_KASI_STARTS;
  bool extra = pos->options.flags & KSM_OPT_KASIMALA_EXTRA_THROW;
  int best[2][MAX_DISTANCE] = { { 0 } };
  int far[2][2 * MAX_DISTANCE + 1] = { { 0 } };   /* by distance 6..10 */
  uint8_t hit[2][MAX_CELLS];   /* bit d - 1: a piece of the side lands there with d */
  uint8_t hit_cells[2][MAX_CELLS];   /* the cells hit, in the order first hit */
  int n_hit[2] = { 0, 0 };
  int started[2] = { 0, 0 }, safe[2] = { 0, 0 }, open_home[2] = { 0, 0 };
  int raiders[2] = { 0, 0 }, waiting[2], stacked[2] = { 0, 0 }, middle[2] = { 0, 0 };
  int blocked[2] = { 0, 0 }, towers[2] = { 0, 0 };

  call_once (&destination_once, fill_destinations);
  memset (hit, 0, sizeof hit);
  for (int side = 0; side < 2; side++)
    waiting[side] = __builtin_popcount (st->waiting[side]);

  for (int row = 0; row < KSM_KASIMALA_ROWS; row++)
    for (int col = 0; col < length; col++)
      {
        int value = st->cells[row][col];
        if (value == 0)
          continue;
        int side = value > 0 ? BOTTOM : TOP;
        int count = value > 0 ? value : -value;
        if (row == own_row (side) && (st->waiting[side] >> col & 1u))
          continue;
        int cell = row * length + col;
        bool laiga = row == ROW_M && col % 4 == 0;
        started[side] += count;
        if (laiga)
          safe[side] += count;
        else
          {
            if (count > 1)
              stacked[side] += count;
            if (count > 2)
              towers[side] += count;
            if (row == ROW_M)
              middle[side] += count;
            else if (row == own_row (side))
              open_home[side] += count;
            else
              raiders[side] += count;
          }
        /* while a piece waits, a kasi can only start it */
        int first = kasi_starts && st->waiting[side] ? 2 : 1;
        for (int d = first; d <= MAX_DISTANCE; d++)
          {
            const Landing *at = &reach_table[li][side][d][cell];
            int taken = capturable (st, side, at, safe_laigas);
            if (taken > best[side][d - 1])
              best[side][d - 1] = taken;
            if (taken > 0)
              mark_hit (hit[side], hit_cells[side], &n_hit[side], at->to, d);
          }
        /* two throws' reach: a chya or a ngha, then another throw */
        for (int d = MAX_DISTANCE + 1; d <= 2 * MAX_DISTANCE; d++)
          {
            int taken = capturable (st, side, &reach_table[li][side][d][cell], safe_laigas);
            if (taken > far[side][d])
              far[side][d] = taken;
          }
      }

  for (int side = 0; side < 2; side++)
    if (st->waiting[side])
      {
        int from = next_waiting_cell (pos, side);
        int last = kasi_starts ? 1 : MAX_DISTANCE;
        for (int d = 1; d <= last; d++)
          {
            const Landing *at = &reach_table[li][side][d][from];
            int taken = capturable (st, side, at, safe_laigas);
            if (taken > best[side][d - 1])
              best[side][d - 1] = taken;
            if (taken > 0)
              mark_hit (hit[side], hit_cells[side], &n_hit[side], at->to, d);
          }
        int step = destination[li][side][1][from];
        int holder = cell_value (pos, step);
        if (kasi_starts && safe_laigas && is_laiga (length, step)
            && (side == BOTTOM ? holder < 0 : holder > 0))
          blocked[side] = 1;
      }

  double gain[2], gain2[2], threat[2];
  for (int side = 0; side < 2; side++)
    {
      int sum = 0, second = 0, exposed = 0;
      for (int f = 0; f < MAX_DISTANCE; f++)
        sum += face_weight[f] * best[side][f];
      /* a chya or a ngha throws again: then another piece can take, or the
       * same one go on to take further off */
      if (extra)
        for (int f = 3; f < MAX_DISTANCE; f++)
          for (int g = 0; g < MAX_DISTANCE; g++)
            {
              int d = f + g + 2;
              int reach = d <= MAX_DISTANCE ? best[side][d - 1] : far[side][d];
              second += face_weight[f] * face_weight[g]
                        * (reach > best[side][g] ? reach : best[side][g]);
            }
      /* every enemy stack within reach, by the chance of a face that reaches it */
      for (int k = 0; k < n_hit[side]; k++)
        {
          int cell = hit_cells[side][k];
          int odds = 0;
          for (int f = 0; f < MAX_DISTANCE; f++)
            if (hit[side][cell] >> f & 1u)
              odds += face_weight[f];
          exposed += odds * capturable (st, side, &reach_table[li][side][0][cell], safe_laigas);
        }
      gain[side] = sum / 16.0;
      gain2[side] = second / 256.0;
      threat[side] = exposed / 16.0;
    }

  int m = pos->to_move, o = 1 - m;
  double r = 1.0 / sqrt ((double) (st->pieces[BOTTOM] + st->pieces[TOP]));
  if (pos->phase == KSM_PHASE_MOVE)
    {
      /* the throw is known: what it can take */
      gain[m] = best[m][pos->face];
      gain2[m] = 0;
    }
  int pieces = st->pieces[m] - st->pieces[o];
  f[0] = 1.0;
  f[1] = pieces * r;
  f[2] = pieces;
  f[3] = gain[m] * r;
  f[4] = gain2[m] * r;
  f[5] = gain[o] * r;
  f[6] = gain2[o] * r;
  f[7] = threat[m] * r;
  f[8] = threat[o] * r;
  f[9] = (safe[m] - safe[o]) * r;
  f[10] = (open_home[m] - open_home[o]) * r;
  f[11] = (raiders[m] * waiting[o] - raiders[o] * waiting[m]) * r;
  f[12] = (waiting[m] * started[o] - waiting[o] * started[m]) * r;
  f[13] = (waiting[m] - waiting[o]) * r;
  f[14] = blocked[m] - blocked[o];
  f[15] = (stacked[m] - stacked[o]) * r;
  f[16] = (middle[m] - middle[o]) * r;
  if (!rich)
    return;

  /* Expert's further features (ksm-kasimala-eval.h) */
  f[17] = (raiders[m] - raiders[o]) * r;
  for (int face = 0; face < MAX_DISTANCE; face++)
    {
      /* the throw known: every face counts what it can take */
      int own = pos->phase == KSM_PHASE_MOVE ? best[m][pos->face] : best[m][face];
      f[18 + face] = own * r;
      f[23 + face] = best[o][face] * r;
    }
  f[28] = (towers[m] - towers[o]) * r;
  f[29] = pieces * (st->pieces[BOTTOM] + st->pieces[TOP]) / (2.0 * length);
  f[30] = limit_near (pos) * pieces;
  f[31] = waiting[m] - waiting[o];
}

/* Expert's features from `player`'s side: the model is linear, so the other
 * side's are the same negated, and the two chances add up to one. */
static void
kasimala_expert_features (const KsmPosition *pos, int player, float *features)
{
  double f[KSM_KASIMALA_EXPERT_N_FEATURES];
  float sign = player == pos->to_move ? 1.0f : -1.0f;

  kasimala_features (pos, f, true);
  for (int i = 0; i < KSM_KASIMALA_EXPERT_N_FEATURES; i++)
    features[i] = sign * (float) f[i];
}

bool
ksm_kasimala_expert_features_of (const KsmPosition *pos, double *features)
{
  if (pos->options.game != KSM_GAME_KASIMALA || pos->phase == KSM_PHASE_OVER
      || game_ended (pos))
    return false;
  kasimala_features (pos, features, true);
  return true;
}

bool
ksm_kasimala_features (const KsmPosition *pos, double *features)
{
  if (pos->options.game != KSM_GAME_KASIMALA || pos->phase == KSM_PHASE_OVER
      || game_ended (pos))
    return false;
  kasimala_features (pos, features, false);
  return true;
}

/* The chance that `player` wins: the logistic model over the features. */
static double
kasimala_evaluate (const KsmPosition *pos, int player)
{
  double f[KSM_KASIMALA_N_FEATURES];

  if (pos->phase == KSM_PHASE_OVER || game_ended (pos))
    {
      KsmOutcome outcome;
      kasimala_outcome (pos, &outcome);
      return outcome.winner < 0 ? 0.5 : outcome.winner == player ? 1.0 : 0.0;
    }

  kasimala_features (pos, f, false);
  double score = 0;
  for (int i = 0; i < KSM_KASIMALA_N_FEATURES; i++)
    score += ksm_kasimala_hand_weights[i] * f[i];
  if (player != pos->to_move)
    score = -score;
  return 1.0 / (1.0 + exp (-score));
}

/* ---- geometry ---- */

static int
kasimala_n_cells (const KsmOptions *options)
{
  return KSM_KASIMALA_ROWS * options->length;
}

static void
kasimala_cell_name (const KsmOptions *options, int cell, char *buf, size_t size)
{
  int length = options->length;

  if (cell < 0 || cell >= KSM_KASIMALA_ROWS * length)
    snprintf (buf, size, "?");
  else
    snprintf (buf, size, "%c%d", row_letters[cell / length], cell % length + 1);
}

/* As the bottom side sees it: T on top, the wider mala in the middle. */
static void
kasimala_cell_place (const KsmOptions *options, int cell, KsmCellPlace *place)
{
  int length = options->length;
  int row = cell / length;

  place->x = (float) (cell % length);
  place->width = 1.0f;
  switch (row)
    {
    case ROW_T: place->y = 0.0f; place->height = 1.0f; break;
    case ROW_M: place->y = 1.0f; place->height = 1.5f; break;
    default:    place->y = 2.5f; place->height = 1.0f; break;
    }
}

static unsigned
kasimala_cell_flags (const KsmOptions *options, int cell)
{
  return is_laiga (options->length, cell) ? KSM_CELL_SAFE : 0;
}

static void
kasimala_cell_content (const KsmPosition *pos, int cell, KsmCellContent *content)
{
  int value = cell_value (pos, cell);

  memset (content->counts, 0, sizeof content->counts);
  content->home_row = 0;
  if (value != 0)
    content->counts[value > 0 ? BOTTOM : TOP] = (uint8_t) abs (value);

  content->player = value > 0 ? BOTTOM : value < 0 ? TOP : -1;
  content->count = (uint8_t) abs (value);
  content->waiting = content->player >= 0 && is_waiting (pos, content->player, cell);
}

static int
kasimala_move_path (const KsmPosition *pos, const KsmMove *move, int8_t *cells)
{
  int li = length_index (pos->options.length);

  if (move->kind == KSM_MOVE_LOSE || li < 0)
    return 0;
  call_once (&destination_once, fill_destinations);
  for (int d = 1; d <= move->distance; d++)
    cells[d - 1] = destination[li][pos->to_move][d][move->from];
  return move->distance;
}

/* ---- notation (doc/notation.md) ---- */


static int
kasimala_format_position (const KsmPosition *pos, char *buf, size_t size)
{
  const KsmKasimalaState *st = &pos->u.kasimala;
  int length = pos->options.length;
  KsmWriter w;
  ksm_writer_init (&w, buf, size);
  static const int row_order[KSM_KASIMALA_ROWS] = { ROW_B, ROW_M, ROW_T };

  ksm_put (&w, "kasimala %d", length);
  for (int i = 0; i < KSM_KASIMALA_ROWS; i++)
    {
      int row = row_order[i];
      ksm_put (&w, " %c:", row_letters[row]);
      for (int col = 0; col < length; col++)
        {
          int value = st->cells[row][col];
          int side = value > 0 ? BOTTOM : TOP;
          int count = abs (value);
          if (count == 0)
            ksm_put (&w, ".");
          else if (is_waiting (pos, side, row * length + col))
            ksm_put (&w, "%c", side_marks[side] - 'a' + 'A');
          else if (count == 1)
            ksm_put (&w, "%c", side_marks[side]);
          else
            ksm_put (&w, "%c%d", side_marks[side], count);
        }
    }
  ksm_put (&w, " %c", side_marks[pos->to_move]);
  if (pos->phase == KSM_PHASE_MOVE)
    ksm_put (&w, " %d", face_value (pos->face));
  else
    ksm_put (&w, " -");
  ksm_put (&w, " %u %d/%d", pos->throw_count, length - st->pieces[BOTTOM], length - st->pieces[TOP]);

  KsmOptions defaults;
  kasimala_default_options (&defaults);
  ksm_put_options (&w, kasimala_option_info, N_OPTION_INFO, pos->options.flags, defaults.flags);
  if (pos->options.throw_limit != defaults.throw_limit)
    ksm_put (&w, " limit=%u", pos->options.throw_limit);

  return ksm_writer_finish (&w);
}

#define FAIL(...) do { ksm_set_error (error, error_size, __VA_ARGS__); return false; } while (0)

/* A field: the text up to the next space. */
typedef struct {
  const char *start;
  size_t      length;
} Field;

static int
split_fields (const char *text, Field *fields, int max_fields)
{
  int n = 0;
  const char *p = text;

  while (*p != '\0')
    {
      if (*p == ' ')
        return -1;   /* two spaces in a row, or a leading space */
      const char *end = strchr (p, ' ');
      size_t len = end ? (size_t) (end - p) : strlen (p);
      if (n == max_fields)
        return max_fields + 1;
      fields[n].start = p;
      fields[n].length = len;
      n++;
      p += len;
      if (*p == ' ')
        {
          p++;
          if (*p == '\0')
            return -1; /* trailing space */
        }
    }
  return n;
}

static bool
field_is (const Field *f, const char *word)
{
  return strlen (word) == f->length && strncmp (f->start, word, f->length) == 0;
}

/* A whole non-negative decimal number filling the field */
static bool
field_number (const Field *f, unsigned long max, unsigned long *value)
{
  unsigned long v = 0;

  if (f->length == 0 || f->length > 9)
    return false;
  for (size_t i = 0; i < f->length; i++)
    {
      if (f->start[i] < '0' || f->start[i] > '9')
        return false;
      v = v * 10 + (unsigned long) (f->start[i] - '0');
    }
  if (v > max)
    return false;
  *value = v;
  return true;
}

static bool
parse_row (const Field *f, int row, int length, KsmPosition *pos, char *error, size_t error_size)
{
  KsmKasimalaState *st = &pos->u.kasimala;
  char letter = row_letters[row];
  const char *p = f->start + 2;
  const char *end = f->start + f->length;
  int col = 0;

  if (f->length < 2 || f->start[0] != letter || f->start[1] != ':')
    FAIL ("row %c: the field must start with \"%c:\"", letter, letter);

  while (p < end)
    {
      char c = *p++;
      int side, count = 1;
      bool waiting = false;

      if (col == length)
        FAIL ("row %c: more than %d cells", letter, length);

      if (c == '.')
        {
          st->cells[row][col++] = 0;
          continue;
        }
      if (c == 'b' || c == 's')
        side = c == 'b' ? BOTTOM : TOP;
      else if (c == 'B' || c == 'S')
        {
          side = c == 'B' ? BOTTOM : TOP;
          waiting = true;
        }
      else
        FAIL ("row %c, cell %d: unknown mark '%c' (use . b s B S)", letter, col + 1, c);

      if (!waiting && p < end && *p >= '0' && *p <= '9')
        {
          if (*p == '0')
            FAIL ("row %c, cell %d: a count must be 2 or more", letter, col + 1);
          count = 0;
          while (p < end && *p >= '0' && *p <= '9')
            {
              count = count * 10 + (*p++ - '0');
              if (count > KSM_KASIMALA_MAX_LENGTH)
                FAIL ("row %c, cell %d: more pieces than a side has", letter, col + 1);
            }
          if (count < 2)
            FAIL ("row %c, cell %d: a count must be 2 or more", letter, col + 1);
        }
      if (waiting && row != own_row (side))
        FAIL ("row %c, cell %d: a waiting %s stands only on row %c", letter, col + 1,
              side == BOTTOM ? "brick" : "stone", row_letters[own_row (side)]);
      if (waiting)
        st->waiting[side] |= 1u << col;
      st->cells[row][col++] = (int8_t) (side == BOTTOM ? count : -count);
    }
  if (col != length)
    FAIL ("row %c: %d cells, but the board is %d long", letter, col, length);
  return true;
}

static bool
kasimala_parse_position (const char *text, KsmPosition *pos, char *error, size_t error_size)
{
  Field fields[16];
  KsmPosition parsed;
  KsmOptions options;
  unsigned long number;
  static const int row_order[KSM_KASIMALA_ROWS] = { ROW_B, ROW_M, ROW_T };

  if (text == NULL || *text == '\0')
    FAIL ("the position is empty");
  int n = split_fields (text, fields, 16);
  if (n < 0)
    FAIL ("fields must be separated by single spaces");
  if (n < 9)
    FAIL ("a Kasimala position has at least 9 fields, this has %d", n);
  if (n > 13)
    FAIL ("too many fields: a Kasimala position has at most 13");
  if (!field_is (&fields[0], "kasimala"))
    FAIL ("field 1: the game must be \"kasimala\"");

  kasimala_default_options (&options);
  if (!field_number (&fields[1], 99, &number) || length_index ((int) number) < 0)
    FAIL ("field 2: the board length must be 17, 21 or 25");
  options.length = (uint8_t) number;
  int length = options.length;

  memset (&parsed, 0, sizeof parsed);
  for (int i = 0; i < KSM_KASIMALA_ROWS; i++)
    if (!parse_row (&fields[2 + i], row_order[i], length, &parsed, error, error_size))
      return false;

  /* rules-decisions.md, "Positions that cannot arise". Pieces start in
   * order from the mala end, a start moving a piece at least one cell past
   * its own, and never come back to their own row: so a started piece there
   * stands at least two cells nearer the mala than every waiting one (just
   * behind one, a move would land on it and lose a piece, found by
   * fuzzing), and never on its own first cell, where no start can put it. */
  for (int side = 0; side < 2; side++)
    {
      uint32_t waiting = parsed.u.kasimala.waiting[side];
      int row = own_row (side);
      int first = side == BOTTOM ? 0 : length - 1;
      /* the nearest the mala end a waiting piece stands, as a column */
      int front = waiting == 0 ? -1
                  : side == BOTTOM ? 31 - __builtin_clz (waiting) : __builtin_ctz (waiting);
      for (int col = 0; col < length; col++)
        {
          int value = parsed.u.kasimala.cells[row][col];
          bool started = (side == BOTTOM ? value > 0 : value < 0) && !(waiting >> col & 1u);
          const char *piece = side == BOTTOM ? "brick" : "stone";
          if (!started)
            continue;
          if (col == first)
            FAIL ("cell %c%d: a started %s cannot stand on its own first cell, "
                  "where no start puts it", row_letters[row], col + 1, piece);
          if (front >= 0 && (side == BOTTOM ? col < front + 2 : col > front - 2))
            FAIL ("cell %c%d: a started %s must stand at least two cells nearer the mala "
                  "than every waiting one", row_letters[row], col + 1, piece);
        }
    }

  if (field_is (&fields[5], "b"))
    parsed.to_move = BOTTOM;
  else if (field_is (&fields[5], "s"))
    parsed.to_move = TOP;
  else
    FAIL ("field 6: the side to play must be b (bricks) or s (stones)");

  if (field_is (&fields[6], "-"))
    parsed.phase = KSM_PHASE_THROW;
  else if (field_number (&fields[6], 5, &number) && number >= 1)
    {
      parsed.phase = KSM_PHASE_MOVE;
      parsed.face = (uint8_t) (number - 1);
    }
  else
    FAIL ("field 7: the throw must be - (to throw) or 1 to 5");

  if (!field_number (&fields[7], 999999999ul, &number))
    FAIL ("field 8: the throw count must be a whole number");
  parsed.throw_count = (uint32_t) number;

  /* options come before the lost counts are checked, since nothing in them
   * changes the count; but the limit matters for the phase */
  uint32_t seen_options = 0;
  bool seen_limit = false;
  for (int i = 9; i < n; i++)
    {
      const Field *f = &fields[i];
      int matched = ksm_parse_option (kasimala_option_info, N_OPTION_INFO, f->start, f->length,
                                      &options.flags, &seen_options, i + 1, error, error_size);
      if (matched < 0)
        return false;
      if (!matched && f->length > 6 && strncmp (f->start, "limit=", 6) == 0)
        {
          Field value = { f->start + 6, f->length - 6 };
          if (seen_limit)
            FAIL ("field %d: limit is given twice", i + 1);
          seen_limit = true;
          if (!field_number (&value, 65535, &number))
            FAIL ("field %d: limit must be a whole number up to 65535", i + 1);
          options.throw_limit = (uint16_t) number;
          matched = 1;
        }
      if (!matched)
        FAIL ("field %d: unknown option \"%.*s\"", i + 1, (int) f->length, f->start);
    }

  const Field *lost = &fields[8];
  const char *slash = memchr (lost->start, '/', lost->length);
  Field lost_fields[2];
  unsigned long lost_count[2];
  if (slash == NULL)
    FAIL ("field 9: pieces lost must be written bricks/stones, like 0/2");
  lost_fields[0] = (Field) { lost->start, (size_t) (slash - lost->start) };
  lost_fields[1] = (Field) { slash + 1, lost->length - lost_fields[0].length - 1 };
  for (int side = 0; side < 2; side++)
    if (!field_number (&lost_fields[side], 99, &lost_count[side]))
      FAIL ("field 9: pieces lost must be written bricks/stones, like 0/2");

  parsed.options = options;
  for (int side = 0; side < 2; side++)
    {
      int on_board = 0;
      for (int row = 0; row < KSM_KASIMALA_ROWS; row++)
        for (int col = 0; col < length; col++)
          {
            int value = parsed.u.kasimala.cells[row][col];
            on_board += side == BOTTOM ? (value > 0 ? value : 0) : (value < 0 ? -value : 0);
          }
      if (on_board + (int) lost_count[side] != length)
        FAIL ("field 9: %s on the board (%d) and lost (%lu) make %lu, not %d",
              side == BOTTOM ? "bricks" : "stones", on_board, lost_count[side],
              on_board + lost_count[side], length);
      parsed.u.kasimala.pieces[side] = (uint8_t) on_board;
    }
  if (parsed.u.kasimala.pieces[BOTTOM] == 0 && parsed.u.kasimala.pieces[TOP] == 0)
    FAIL ("field 9: both sides cannot have lost every piece");

  if (parsed.phase == KSM_PHASE_MOVE)
    {
      if (parsed.throw_count == 0)
        FAIL ("field 8: a throw waits to be played, so the throw count cannot be 0");
      if (options.throw_limit > 0 && parsed.throw_count > options.throw_limit)
        FAIL ("field 8: %u throws is past the limit of %u", parsed.throw_count,
              options.throw_limit);
      if (parsed.u.kasimala.pieces[BOTTOM] == 0 || parsed.u.kasimala.pieces[TOP] == 0)
        FAIL ("field 7: the game is over, so no throw can wait to be played");
    }
  if (game_ended (&parsed))
    parsed.phase = KSM_PHASE_OVER;

  call_once (&destination_once, fill_destinations);
  sync_occupied (&parsed);
  *pos = parsed;
  return true;
}

static int
kasimala_format_move (const KsmPosition *pos, const KsmMove *move, char *buf, size_t size)
{
  KsmWriter w;

  ksm_writer_init (&w, buf, size);
  ksm_put_move_words (&w, kasimala_cell_name, &pos->options, move);
  return ksm_writer_finish (&w);
}

/* "B17" -> cell index, or -1 */
static int
parse_cell (const KsmOptions *options, const char *text, size_t len)
{
  int length = options->length;
  int row = -1, col = 0;

  if (len < 2 || len > 3)
    return -1;
  for (int r = 0; r < KSM_KASIMALA_ROWS; r++)
    if (text[0] == row_letters[r])
      row = r;
  if (row < 0 || text[1] == '0')
    return -1;
  for (size_t i = 1; i < len; i++)
    {
      if (text[i] < '0' || text[i] > '9')
        return -1;
      col = col * 10 + (text[i] - '0');
    }
  if (col < 1 || col > length)
    return -1;
  return row * length + col - 1;
}

static bool
kasimala_parse_move (const KsmPosition *pos, const char *text, KsmMove *move,
                     char *error, size_t error_size)
{
  KsmMove moves[KSM_MAX_MOVES];

  if (pos->phase != KSM_PHASE_MOVE)
    FAIL ("no throw waits to be played, so no move can be made");
  if (text == NULL || *text == '\0')
    FAIL ("the move is empty");
  return ksm_parse_move_text (&pos->options, parse_cell, moves, kasimala_legal_moves (pos, moves),
                              text, -1, "B17-M17", move, error, error_size);
}

/* ---- queries for the views ---- */

extern const KsmRules ksm_kasimala_rules;

/* the order of starting is the engine's: the waiting piece nearest the mala */
static int
kasimala_next_to_start (const KsmPosition *pos, int player)
{
  if (pos->phase == KSM_PHASE_OVER || player < 0 || player > 1)
    return -1;
  return next_waiting_cell (pos, player);
}

static int
kasimala_next_cell_query (const KsmOptions *options, int player, int cell)
{
  if (player < 0 || player > 1)
    return -1;
  return next_cell (player, options->length, cell);
}

static bool
kasimala_face_throws_again (const KsmOptions *options, int face)
{
  return face >= 0 && face < 5 && ksm_kasimala_rules.throws.faces[face].throws_again
         && (options->flags & KSM_OPT_KASIMALA_EXTRA_THROW);
}

static const char *
kasimala_style_key (const KsmOptions *options, int player)
{
  (void) options;
  return player == BOTTOM ? "brick" : player == TOP ? "stone" : NULL;
}

/* Only a laiga held by the other side (safe laigas) blocks a step;
 * waiting pieces under kasi-starts wait for a kasi, and a kasi that must
 * start one is lost only on such a laiga, as legal_moves_of says. */
static unsigned
kasimala_lost_reasons (const KsmPosition *pos)
{
  const KsmKasimalaState *st = &pos->u.kasimala;
  int side = pos->to_move;
  bool kasi_starts = pos->options.flags & KSM_OPT_KASIMALA_KASI_STARTS;
  int waiting = __builtin_popcount (st->waiting[side]);
  unsigned reasons = 0;

  if (kasi_starts && waiting > 0 && face_value (pos->face) == 1)
    return 1u << KSM_LOST_BLOCKED;
  if (st->pieces[side] > waiting)
    reasons |= 1u << KSM_LOST_BLOCKED;
  if (waiting > 0)
    reasons |= 1u << (kasi_starts ? KSM_LOST_NEEDS_ENTRY : KSM_LOST_BLOCKED);
  return reasons;
}

const KsmRules ksm_kasimala_rules = {
  .id = "kasimala",
  .name = "Kasimala Paay",
  .throws = {
    .object_name = "strip",
    .n_objects = 4,
    .n_faces = 5,
    .faces = {
      { "kasi", 1, false },
      { "dwadi", 2, false, "dwak" },
      { "sudi", 3, false },
      { "chya", 4, true, "pi" },
      { "ngha", 5, true },
    },
    .face_of_pattern = kasimala_face_of_pattern,
  },
  .gulmasi = true,
  .option_info = kasimala_option_info,
  .n_option_info = sizeof kasimala_option_info / sizeof kasimala_option_info[0],
  .default_options = kasimala_default_options,
  .check_options = kasimala_check_options,
  .init = kasimala_init,
  .n_players = kasimala_n_players,
  .team_of = kasimala_team_of,
  .player_name = kasimala_player_name,
  .apply_throw = kasimala_apply_throw,
  .legal_moves = kasimala_legal_moves,
  .apply_move = kasimala_apply_move,
  .outcome = kasimala_outcome,
  .pieces_left = kasimala_pieces_left,
  .n_cells = kasimala_n_cells,
  .cell_name = kasimala_cell_name,
  .cell_place = kasimala_cell_place,
  .cell_flags = kasimala_cell_flags,
  .cell_content = kasimala_cell_content,
  .format_position = kasimala_format_position,
  .parse_position = kasimala_parse_position,
  .format_move = kasimala_format_move,
  .parse_move = kasimala_parse_move,
  .move_path = kasimala_move_path,
  .evaluate = kasimala_evaluate,
  /* about what the 50 ms clock allowed at length 17 on a desktop, which a
   * whole second did not beat (doc/computer-players.md); at length 25 a
   * decision cut by it takes about 100 ms */
  .hard_nodes = 8000,
  /* learnt by tools/train-expert.c (doc/computer-players.md, "Expert") */
  .expert_n_features = KSM_KASIMALA_EXPERT_N_FEATURES,
  .expert_features = kasimala_expert_features,
  .expert_weights = ksm_kasimala_expert_weights,
  .next_to_start = kasimala_next_to_start,
  .next_cell = kasimala_next_cell_query,
  .face_throws_again = kasimala_face_throws_again,
  .style_key = kasimala_style_key,
  .lost_reasons = kasimala_lost_reasons,
  .lengths = lengths,
  .n_lengths = N_LENGTHS,
  .throw_limit = true,
};
