/* ksm-asi-keliya.c: Asi Keliya of Sri Lanka, by seeds/asi-keliya.txt (Parker
 * 1909, via the Digital Ludeme Project) and the decisions in
 * rules-decisions.md.
 *
 * Players South 0 (red), East 1 (black), North 2 (yellow), West 3 (green);
 * South and North are one team, East and West the other. A turn is a
 * sequence of throws (a 1, a 5 or a So-hatara throws again), played
 * afterwards: each throw moves one piece by its whole value, unless the
 * sequence holds a So-hatara, when its whole total is a pool of units to
 * split among pieces freely.
 *
 * Cells: arm a (S, E, N, W = 0-3) has three lines of four, numbered from the
 * centre out: a * 12 + line * 4 + (k - 1), line 0 the side towards the arm
 * before (clockwise), 1 the middle, 2 the side towards the arm after
 * (anticlockwise). Corners 48-51 (corner c lies between arms c and c + 1),
 * triangles 52-55, and the central square (home) 56. */
#include "ksm-asi-eval.h"
#include "ksm-rules.h"
#include "ksm-text.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

enum { SOUTH, EAST, NORTH, WEST };
enum { LINE_PREV, LINE_MID, LINE_NEXT };

#define PIECES        4
#define TRACK_LENGTH  49
#define HOME          48
#define HOME_ROW      44      /* from here a piece moves one step at a time */
#define IN_HAND       (-1)
#define FIRST_CORNER  48
#define FIRST_TRIANGLE 52
#define HOME_CELL     56
#define N_CELLS       57
#define ALL_FLAGS     (KSM_OPT_ASI_PASSING | KSM_OPT_ASI_PARTNER_PLAY)

/* faces: 0-3 mouths up, So-hatara, 4-6 mouths up */
enum { FACE_0, FACE_1, FACE_2, FACE_3, FACE_SO_HATARA, FACE_4, FACE_5, FACE_6, N_FACES };
static const uint8_t face_values[N_FACES] = { 0, 1, 2, 3, 4, 4, 5, 6 };

static const char arm_letters[4] = { 'S', 'E', 'N', 'W' };
static const char line_letters[3] = { 'p', 'm', 'n' };
static const char *const player_names[4] = { "South", "East", "North", "West" };
static const char *const corner_names[4] = { "SE", "NE", "NW", "SW" };

/* track[player][index] = cell, and back: track_index[player][cell] = the
 * indices there, -1 for none (a track passes its own arm's middle line
 * twice, going out and coming home) */
static int8_t track[4][TRACK_LENGTH];
static int8_t track_index[4][N_CELLS][2];
static once_flag track_once = ONCE_FLAG_INIT;

static inline int
arm_cell (int arm, int line, int k)
{
  return (arm & 3) * 12 + line * 4 + (k - 1);
}

static void
build_tracks (void)
{
  for (int p = 0; p < 4; p++)
    {
      int8_t *t = track[p];
      int n = 0;

      t[n++] = (int8_t) (FIRST_TRIANGLE + p);
      for (int k = 1; k <= 4; k++)
        t[n++] = (int8_t) arm_cell (p, LINE_MID, k);
      for (int k = 4; k >= 1; k--)
        t[n++] = (int8_t) arm_cell (p, LINE_NEXT, k);
      /* round the other three arms, a corner before each */
      for (int step = 1; step <= 3; step++)
        {
          int arm = p + step;
          t[n++] = (int8_t) (FIRST_CORNER + ((arm - 1) & 3));
          for (int k = 1; k <= 4; k++)
            t[n++] = (int8_t) arm_cell (arm, LINE_PREV, k);
          t[n++] = (int8_t) arm_cell (arm, LINE_MID, 4);
          for (int k = 4; k >= 1; k--)
            t[n++] = (int8_t) arm_cell (arm, LINE_NEXT, k);
        }
      t[n++] = (int8_t) (FIRST_CORNER + ((p + 3) & 3));
      for (int k = 1; k <= 4; k++)
        t[n++] = (int8_t) arm_cell (p, LINE_PREV, k);
      for (int k = 4; k >= 1; k--)
        t[n++] = (int8_t) arm_cell (p, LINE_MID, k);
      t[n++] = HOME_CELL;
      memset (track_index[p], -1, sizeof track_index[p]);
      for (int index = 0; index < TRACK_LENGTH; index++)
        track_index[p][t[index]][track_index[p][t[index]][0] >= 0] = (int8_t) index;
    }
}

static inline void
ensure_tracks (void)
{
  call_once (&track_once, build_tracks);
}

static inline bool
is_corner (int cell)
{
  return cell >= FIRST_CORNER && cell < FIRST_TRIANGLE;
}

static inline int
team_of_player (int player)
{
  return player & 1;
}

/* ---- throws ---- */

/* bit set = mouth up; bit 0 is the yellow cowrie */
static uint8_t
asi_face_of_pattern (uint32_t pattern)
{
  /* by pattern, not popcount: without -mpopcnt that is a library call.
   * The mouths up, 4 and more one face on for the So-hatara (face 4):
   * three up with the yellow one (bit 0) down */
  static const uint8_t faces[64] = {
    0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 4, 5,
    1, 2, 2, 3, 2, 3, 4, 5, 2, 3, 4, 5, 4, 5, 5, 6,
    1, 2, 2, 3, 2, 3, 4, 5, 2, 3, 4, 5, 4, 5, 5, 6,
    2, 3, 4, 5, 4, 5, 5, 6, 4, 5, 5, 6, 5, 6, 6, 7,
  };
  return faces[pattern & 0x3fu];
}

/* ---- options ---- */

static const KsmOptionInfo asi_option_info[] = {
  { "passing", "No passing the other team without a So-hatara",
    "Parker, Ancient Ceylon (1909), via the Digital Ludeme Project",
    "a house rule: pieces pass freely", KSM_OPT_ASI_PASSING, true },
  { "partner-play", "A player whose pieces are all home plays for the partner",
    "a house rule, as in Pachisi", "the decisions: a player all home passes",
    KSM_OPT_ASI_PARTNER_PLAY, false },
};

#define N_OPTION_INFO (sizeof asi_option_info / sizeof asi_option_info[0])

static void
asi_default_options (KsmOptions *options)
{
  memset (options, 0, sizeof *options);
  options->game = KSM_GAME_ASI_KELIYA;
  options->length = 4;
  options->n_players = 4;
  options->first_player = SOUTH;
  options->flags = KSM_OPT_ASI_PASSING;
}

static bool
asi_check_options (const KsmOptions *options, char *error, size_t error_size)
{
  if (options->game != KSM_GAME_ASI_KELIYA)
    snprintf (error, error_size, "these options are not Asi Keliya's");
  else if (options->n_players != 4)
    snprintf (error, error_size, "Asi Keliya is for 4 players in two teams, not %d", options->n_players);
  else if (options->first_player > 3)
    snprintf (error, error_size, "the first player must be 0-3 (South, East, North, West)");
  else if (options->length != 4)
    snprintf (error, error_size, "Asi Keliya's arms are 4 cells long, not %d", options->length);
  else if (options->flags & ~ALL_FLAGS)
    snprintf (error, error_size, "unknown rule option bits 0x%x", options->flags & ~ALL_FLAGS);
  else
    return true;
  return false;
}

static void
asi_init (KsmPosition *pos, const KsmOptions *options)
{
  ensure_tracks ();
  memset (pos, 0, sizeof *pos);
  pos->options = *options;
  pos->phase = KSM_PHASE_THROW;
  pos->to_move = options->first_player;
  for (int p = 0; p < 4; p++)
    for (int i = 0; i < PIECES; i++)
      pos->u.asi.piece[p][i] = IN_HAND;
}

static int
asi_n_players (const KsmOptions *options)
{
  (void) options;
  return 4;
}

static int
asi_team_of (const KsmOptions *options, int player)
{
  (void) options;
  return team_of_player (player);
}

static const char *
asi_player_name (const KsmOptions *options, int player)
{
  (void) options;
  return player >= 0 && player < 4 ? player_names[player] : "?";
}

/* ---- state helpers ---- */

static bool
all_home (const KsmPosition *pos, int player)
{
  /* the four pieces' bytes at once: asked after every move */
  uint32_t pieces;
  memcpy (&pieces, pos->u.asi.piece[player], sizeof pieces);
  return pieces == HOME * 0x01010101u;
}
_Static_assert (sizeof ((KsmPosition *) 0)->u.asi.piece[0] == sizeof (uint32_t),
                "all_home reads a player's four pieces as one word");

/* Whose pieces the player to move plays: their own, or with the option
 * and all their own home, the partner's */
static int
owner_to_play (const KsmPosition *pos)
{
  int player = pos->to_move;

  if ((pos->options.flags & KSM_OPT_ASI_PARTNER_PLAY) && all_home (pos, player))
    return (player + 2) & 3;
  return player;
}

static bool
team_home (const KsmPosition *pos, int team)
{
  return all_home (pos, team) && all_home (pos, team + 2);
}

static bool
game_ended (const KsmPosition *pos)
{
  return team_home (pos, 0) || team_home (pos, 1);
}

/* How many pieces of the team other than `team` stand on each cell (home
 * and hand aside): all that move generation asks of the board. */
static void
count_other_team (const KsmPosition *pos, int team, uint8_t other[N_CELLS])
{
  memset (other, 0, N_CELLS);
  for (int p = team ^ 1; p < 4; p += 2)
    for (int i = 0; i < PIECES; i++)
      {
        int index = pos->u.asi.piece[p][i];
        if (index >= 0 && index < HOME)
          other[track[p][index]]++;
      }
}

/* ---- throws and the sequence ---- */

static int
pending_total (const KsmAsiState *st)
{
  int total = 0;
  for (int i = 0; i < st->n_pending; i++)
    total += face_values[st->pending[i]];
  return total;
}

static void
asi_apply_throw (KsmPosition *pos, int face)
{
  KsmAsiState *st = &pos->u.asi;
  bool again;

  if (pos->phase != KSM_PHASE_THROW || face < 0 || face >= N_FACES)
    return;
  pos->throw_count++;
  pos->face = (uint8_t) face;
  if (face != FACE_0)
    st->pending[st->n_pending++] = (uint8_t) face;
  if (face == FACE_SO_HATARA)
    st->split = 1;

  /* a 1, a 5 or a So-hatara throws again; a sequence longer than the
   * record can hold (about one turn in 10^15) ends there */
  again = (face == FACE_1 || face == FACE_5 || face == FACE_SO_HATARA)
          && st->n_pending < KSM_MAX_PENDING;
  if (again)
    return;

  pos->phase = KSM_PHASE_MOVE;
  if (st->split)
    st->pool = (uint8_t) pending_total (st);
}

/* ---- moves ---- */

static inline void
add_move (KsmMove *moves, int *n, int kind, int from, int to, int distance, int slot, int captured)
{
  KsmMove *m = &moves[(*n)++];
  m->kind = (uint8_t) kind;
  m->from = (int8_t) from;
  m->to = (int8_t) to;
  m->distance = (uint8_t) distance;
  m->slot = (uint8_t) slot;
  m->captured = (uint8_t) captured;
  m->group = 0;
}

/* The group a piece in hand belongs to: the pieces (bits) sent back with
 * it, itself alone when none were */
static inline uint8_t
group_of (const KsmAsiState *st, int owner, int i)
{
  return st->bond[owner][i] ? st->bond[owner][i] : (uint8_t) (1u << i);
}

/* The sizes of the groups `owner` has in hand, as bits (bit 1 a single
 * piece, bit 2 a pair, ...) */
static unsigned
group_sizes (const KsmAsiState *st, int owner)
{
  unsigned sizes = 0;
  for (int i = 0; i < PIECES; i++)
    if (st->piece[owner][i] == IN_HAND)
      sizes |= 1u << __builtin_popcount (group_of (st, owner, i));
  return sizes;
}

/* One entering move for each size of group in hand, the largest first:
 * an entering throw brings in a whole group, never part of one, and
 * groups of a size are alike */
static void
add_entries (KsmMove *moves, int *n, unsigned sizes, int to, int distance, int slot)
{
  for (int size = PIECES; size >= 1; size--)
    if (sizes >> size & 1u)
      {
        add_move (moves, n, KSM_MOVE_START, -1, to, distance, slot, 0);
        moves[*n - 1].group = (uint8_t) size;
      }
}

/* A piece of `owner` from track index `from` moving `distance`: -1 when the
 * rules forbid it, else how many other-team pieces it sends home, passing
 * (with a So-hatara) and landing. */
static int
try_step (const KsmPosition *pos, const uint8_t other[N_CELLS], int owner, int from, int distance)
{
  int to = from + distance;
  bool passing_rule = pos->options.flags & KSM_OPT_ASI_PASSING;
  int captured = 0;

  if (from >= HOME_ROW)
    {
      if (distance != 1 || to > HOME)
        return -1;
    }
  else if (to > HOME_ROW)
    return -1;

  if (passing_rule)
    for (int i = from + 1; i < to; i++)
      {
        int cell = track[owner][i];
        int others = other[cell];
        if (others == 0)
          continue;
        if (!pos->u.asi.split)
          return -1;   /* no passing the other team without a So-hatara */
        if (!is_corner (cell))
          captured += others;
      }

  if (to < HOME && !is_corner (track[owner][to]))
    captured += other[track[owner][to]];
  return captured;
}

static int
asi_legal_moves (const KsmPosition *pos, KsmMove *moves)
{
  const KsmAsiState *st = &pos->u.asi;
  uint8_t other[N_CELLS];
  int owner = owner_to_play (pos);
  int n = 0;
  int done[PIECES];
  int n_done = 0;
  unsigned sizes;

  if (pos->phase != KSM_PHASE_MOVE)
    return 0;
  count_other_team (pos, team_of_player (owner), other);
  sizes = group_sizes (st, owner);

  for (int i = 0; i < PIECES; i++)
    {
      int from = st->piece[owner][i];
      bool seen = false;

      /* pieces on one place are alike */
      for (int d = 0; d < n_done; d++)
        seen |= done[d] == from;
      if (seen || from == HOME)
        continue;
      done[n_done++] = from;

      if (st->split)
        {
          if (st->pool == 0)
            break;
          if (from == IN_HAND)
            {
              add_entries (moves, &n, sizes, track[owner][0], 1, 0xff);
              continue;
            }
          int most = from >= HOME_ROW ? 1 : HOME_ROW - from;
          if (most > st->pool)
            most = st->pool;
          /* try_step for each distance, walked once: while the sequence
           * holds a So-hatara, every distance up to `most` is legal, and
           * each takes what the one before passed, plus where it lands */
          bool passing_rule = pos->options.flags & KSM_OPT_ASI_PASSING;
          int passed = 0;
          /* the cells passed so far: a walk from before Sm4 to the home
           * row passes Sm4 going out and lands on it coming home, and
           * what stood there goes back once */
          uint64_t passed_cells = 0;
          _Static_assert (N_CELLS <= 64, "the cells passed are a 64-bit set");
          for (int d = 1; d <= most; d++)
            {
              int to = from + d;
              if (d >= 2 && passing_rule && !is_corner (track[owner][to - 1]))
                {
                  passed += other[track[owner][to - 1]];
                  passed_cells |= 1ull << track[owner][to - 1];
                }
              int captured = passed;
              if (to < HOME && !is_corner (track[owner][to])
                  && !(passed_cells >> track[owner][to] & 1u))
                captured += other[track[owner][to]];
              add_move (moves, &n, KSM_MOVE_STEP, track[owner][from], track[owner][to],
                        d, 0xff, captured);
            }
          continue;
        }

      /* each pending throw whole, one move a distinct value */
      uint8_t values_seen = 0;
      for (int slot = 0; slot < st->n_pending; slot++)
        {
          int value = face_values[st->pending[slot]];
          if (values_seen >> value & 1u)
            continue;
          values_seen |= (uint8_t) (1u << value);
          if (from == IN_HAND)
            {
              if (value == 1 || value == 5)
                add_entries (moves, &n, sizes, track[owner][0], value, slot);
              continue;
            }
          int captured = try_step (pos, other, owner, from, value);
          if (captured >= 0)
            add_move (moves, &n, KSM_MOVE_STEP, track[owner][from], track[owner][from + value],
                      value, slot, captured);
        }
    }

  if (n == 0)
    add_move (moves, &n, KSM_MOVE_LOSE, -1, -1, 0, 0, 0);
  return n;
}

/* Sends home the other team's pieces on `cell`, bound to re-enter together
 * when one owner loses several there at once. */
static int
send_back (KsmPosition *pos, int cell, int team, int8_t *captured_player)
{
  KsmAsiState *st = &pos->u.asi;
  int sent = 0;

  /* the other team's seats, in seat order */
  for (int p = team ^ 1; p < 4; p += 2)
    {
      uint8_t bond = 0;
      for (int i = 0; i < PIECES; i++)
        {
          int index = st->piece[p][i];
          if (index >= 0 && index < HOME && track[p][index] == cell)
            {
              st->piece[p][i] = IN_HAND;
              bond |= (uint8_t) (1u << i);
              sent++;
              *captured_player = (int8_t) p;
            }
        }
      for (int i = 0; i < PIECES; i++)
        if (bond >> i & 1u)
          st->bond[p][i] = bond;
    }
  return sent;
}

static void
next_turn (KsmPosition *pos)
{
  KsmAsiState *st = &pos->u.asi;
  int player = pos->to_move;

  st->n_pending = 0;
  st->split = 0;
  st->pool = 0;
  pos->phase = KSM_PHASE_THROW;
  if (game_ended (pos))
    {
      pos->phase = KSM_PHASE_OVER;
      return;
    }
  /* a player whose pieces are all home passes, unless they play for the
   * partner */
  for (int step = 1; step <= 4; step++)
    {
      int next = (player + step) & 3;
      if (!all_home (pos, next) || (pos->options.flags & KSM_OPT_ASI_PARTNER_PLAY))
        {
          pos->to_move = (uint8_t) next;
          return;
        }
    }
}

static void
asi_apply_move (KsmPosition *pos, const KsmMove *move, KsmEffect *effect)
{
  KsmAsiState *st = &pos->u.asi;
  int owner = owner_to_play (pos);
  int team = team_of_player (owner);
  int player = pos->to_move;
  KsmEffect local;

  if (effect == NULL)
    effect = &local;
  memset (effect, 0, sizeof *effect);
  effect->captured_player = -1;

  if (pos->phase != KSM_PHASE_MOVE)
    return;

  if (move->kind == KSM_MOVE_LOSE)
    {
      next_turn (pos);
      effect->game_over = pos->phase == KSM_PHASE_OVER;
      return;
    }

  if (move->kind == KSM_MOVE_START)
    {
      /* a group in hand enters whole: one of the size the move says (a
       * move without one, the largest) */
      uint8_t best = 0;
      for (int i = 0; i < PIECES; i++)
        if (st->piece[owner][i] == IN_HAND)
          {
            uint8_t bond = group_of (st, owner, i);
            int size = __builtin_popcount (bond);
            if (move->group != 0 ? size == move->group && best == 0
                                 : size > __builtin_popcount (best))
              best = bond;
          }
      if (best == 0)
        return;
      for (int j = 0; j < PIECES; j++)
        if (best >> j & 1u)
          {
            st->piece[owner][j] = 0;
            st->bond[owner][j] = 0;
          }
    }
  else
    {
      int from = -1;
      /* the piece on `move->from` whose step of `distance` lands on `to`
       * (a cell can hold one going out and one on its home row) */
      for (int i = 0; i < PIECES && from < 0; i++)
        {
          int index = st->piece[owner][i];
          if (index >= 0 && index < HOME && track[owner][index] == move->from
              && index + move->distance <= HOME
              && track[owner][index + move->distance] == move->to)
            from = i;
        }
      if (from < 0)
        return;
      int start = st->piece[owner][from];
      int end = start + move->distance;

      if ((pos->options.flags & KSM_OPT_ASI_PASSING) && st->split)
        for (int i = start + 1; i < end; i++)
          if (!is_corner (track[owner][i]))
            effect->captured += (uint8_t) send_back (pos, track[owner][i], team, &effect->captured_player);
      if (end < HOME && !is_corner (track[owner][end]))
        effect->captured += (uint8_t) send_back (pos, track[owner][end], team, &effect->captured_player);
      st->piece[owner][from] = (int8_t) end;
    }

  /* spend what the move used */
  if (st->split)
    st->pool = (uint8_t) (st->pool - (move->kind == KSM_MOVE_START ? 1 : move->distance));
  else if (move->slot < st->n_pending)
    {
      memmove (&st->pending[move->slot], &st->pending[move->slot + 1],
               (size_t) (st->n_pending - move->slot - 1));
      st->n_pending--;
    }

  if (game_ended (pos) || (st->split ? st->pool == 0 : st->n_pending == 0))
    next_turn (pos);
  effect->game_over = pos->phase == KSM_PHASE_OVER;
  effect->throws_again = false;
  (void) player;
}

static void
asi_outcome (const KsmPosition *pos, KsmOutcome *outcome)
{
  memset (outcome, 0, sizeof *outcome);
  outcome->winner = outcome->winning_team = -1;
  if (!game_ended (pos))
    return;
  outcome->over = true;
  outcome->reason = KSM_END_ALL_HOME;
  outcome->winning_team = team_home (pos, 0) ? 0 : 1;
  /* the team's first seat stands for it */
  outcome->winner = outcome->winning_team;
  outcome->score = 1;
}

static int
asi_pieces_left (const KsmPosition *pos, int player)
{
  (void) pos;
  return player >= 0 && player < 4 ? PIECES : 0;
}

/* The evaluation: a race between the teams, in steps still to go.
 *
 * A team is home when both partners are, and a partner all home passes
 * (unless partner play is on), so the slower partner sets the team's pace:
 * a team's distance is its slower partner's, plus a quarter of the
 * other's (the faster one still takes and blocks). Each piece on the track
 * counts its steps to home, one in hand the whole track and the wait for a
 * 1 or a 5. What the next thrower with a free hand can send back, at its
 * throw's exact odds, counts against the other team; half of what any enemy
 * could reach adds to each exposed piece; the side to move counts the
 * throws it holds. */

#define ENTRY_WAIT   6.0      /* steps a piece in hand loses waiting to enter */
#define RISK_WEIGHT  0.5      /* of a piece's static exposure to every enemy */
#define LOSS_WEIGHT  1.0      /* of what the next thrower can take */
#define SPLIT_ODDS   10.0     /* a So-hatara, 10 in 64: any 1-4 units, and passing */

/* Out of 64, a throw of this many steps in the next turn: a So-hatara
 * counts for 1 to 4 */
static const double reach_odds[7] = { 0, 6 + SPLIT_ODDS, 15 + SPLIT_ODDS, 10 + SPLIT_ODDS,
                                      15 + SPLIT_ODDS, 6, 1 };

/* Each cell's chance that no piece of the team other than `team` lands
 * there with its next throw, for the cells the team stands on, all at once
 * (a piece's next six cells are distinct, so each piece counts once a
 * cell) */
static void
safe_from_enemies (const KsmPosition *pos, uint8_t on[2][N_CELLS], int team, double safe[N_CELLS])
{
  const KsmAsiState *st = &pos->u.asi;
  bool passing_rule = pos->options.flags & KSM_OPT_ASI_PASSING;

  /* only the cells the team stands on are read, and only those written */
  for (int p = team; p < 4; p += 2)
    for (int i = 0; i < PIECES; i++)
      {
        int index = st->piece[p][i];
        if (index >= 0 && index < HOME)
          safe[track[p][index]] = 1.0;
      }
  for (int q = 0; q < 4; q++)
    {
      if (team_of_player (q) == team)
        continue;
      for (int i = 0; i < PIECES; i++)
        {
          int from = st->piece[q][i];
          if (from < 0 || from >= HOME_ROW)
            continue;
          bool blocked = false;
          int last = from + 6 <= HOME_ROW ? 6 : HOME_ROW - from;
          for (int d = 1; d <= last; d++)
            {
              int at = track[q][from + d];
              if (on[team][at] == 0)
                continue;   /* nobody of the team there to hit, nobody to block */
              double odds = (blocked ? SPLIT_ODDS * (d <= 4) : reach_odds[d]) / 64.0;
              safe[at] *= 1.0 - odds;
              if (passing_rule)
                blocked = true;
            }
        }
    }
}

/* Who throws next with a free hand: the player to throw, or once the mover
 * has played its turn's throws, the next in turn */
static int
next_attacker (const KsmPosition *pos)
{
  if (pos->phase == KSM_PHASE_THROW && pos->u.asi.n_pending == 0)
    return pos->to_move;
  for (int step = 1; step <= 4; step++)
    {
      int next = (pos->to_move + step) & 3;
      if (!all_home (pos, next) || (pos->options.flags & KSM_OPT_ASI_PARTNER_PLAY))
        return next;
    }
  return pos->to_move;
}

/* What the attacker's next throw sends back, in steps, on average over the
 * faces at their exact odds: with each face its best single move. A
 * So-hatara may go 1 to 4 and pass, taking what it passes. */
static double
expected_loss (const KsmPosition *pos, uint8_t on[2][N_CELLS], const double *cell_worth,
               int attacker)
{
  const KsmAsiState *st = &pos->u.asi;
  int owner = attacker;
  int team = team_of_player (attacker);
  bool passing_rule = pos->options.flags & KSM_OPT_ASI_PASSING;
  double best[7] = { 0 }, best_split = 0;

  if ((pos->options.flags & KSM_OPT_ASI_PARTNER_PLAY) && all_home (pos, attacker))
    owner = (attacker + 2) & 3;
  for (int i = 0; i < PIECES; i++)
    {
      int from = st->piece[owner][i];
      if (from < 0 || from >= HOME_ROW)
        continue;
      double passed = 0;
      bool blocked = false;
      for (int d = 1; d <= 6 && from + d <= HOME_ROW; d++)
        {
          int cell = track[owner][from + d];
          double here = is_corner (cell) || cell >= FIRST_TRIANGLE ? 0 : cell_worth[cell];
          if (!blocked && here > best[d])
            best[d] = here;
          if (d <= 4 && passed + here > best_split)
            best_split = passed + here;
          passed += here;
          if (passing_rule && on[team ^ 1][cell] > 0)
            blocked = true;
        }
    }
  /* each face's patterns out of 64 (asi_face_of_pattern) */
  static const int face_weight[N_FACES] = { 1, 6, 15, 10, 10, 15, 6, 1 };
  double sum = 0;
  for (int face = 0; face < N_FACES; face++)
    sum += face_weight[face] * (face == FACE_SO_HATARA ? best_split : best[face_values[face]]);
  return sum / 64.0;
}

/* The evaluation's logit for `player`'s team from each player's steps to
 * go (exposure and the throws held counted in) and what the attacker's
 * next throw sends back */
static double
team_race_logit (const KsmPosition *pos, const double to_go[4], int attacker, double loss, int player)
{
  double team_to_go[2];
  bool partner_play = pos->options.flags & KSM_OPT_ASI_PARTNER_PLAY;
  for (int t = 0; t < 2; t++)
    {
      double a = to_go[t] > 0 ? to_go[t] : 0, b = to_go[t + 2] > 0 ? to_go[t + 2] : 0;
      double slow = a > b ? a : b, fast = a > b ? b : a;
      team_to_go[t] = partner_play ? (a + b) / 2 : slow + fast / 4;
    }
  team_to_go[team_of_player (attacker) ^ 1] += LOSS_WEIGHT * loss;
  int mine = team_of_player (player);
  double lead = team_to_go[mine ^ 1] - team_to_go[mine];
  double spread = 2.0 * sqrt (team_to_go[0] + team_to_go[1] + 16.0);
  return lead / spread;
}

static double
asi_evaluate (const KsmPosition *pos, int player)
{
  const KsmAsiState *st = &pos->u.asi;
  uint8_t on[2][N_CELLS];   /* pieces of each team on each cell */
  double safe[2][N_CELLS];  /* by team: no enemy lands there next throw */
  double to_go[4] = { 0, 0, 0, 0 };
  double cell_worth[2][N_CELLS] = { { 0 } };   /* by team: steps lost if the pieces there went back */
  int mover = owner_to_play (pos);

  if (pos->phase == KSM_PHASE_OVER || game_ended (pos))
    {
      KsmOutcome outcome;
      asi_outcome (pos, &outcome);
      return outcome.winning_team == team_of_player (player) ? 1.0 : 0.0;
    }

  ensure_tracks ();
  count_other_team (pos, 1, on[0]);
  count_other_team (pos, 0, on[1]);
  safe_from_enemies (pos, on, 0, safe[0]);
  safe_from_enemies (pos, on, 1, safe[1]);
  for (int p = 0; p < 4; p++)
    for (int i = 0; i < PIECES; i++)
      {
        int index = st->piece[p][i];
        if (index == IN_HAND)
          to_go[p] += HOME + ENTRY_WAIT;
        else if (index < HOME)
          {
            to_go[p] += HOME - index;
            int cell = track[p][index];
            /* the own arm's home stretch is nobody else's way */
            if (index < HOME_ROW && !is_corner (cell) && cell < FIRST_TRIANGLE)
              {
                to_go[p] += RISK_WEIGHT * (1.0 - safe[team_of_player (p)][cell]) * (index + ENTRY_WAIT);
                cell_worth[team_of_player (p)][cell] += index + ENTRY_WAIT;
              }
          }
      }
  int attacker = next_attacker (pos);
  /* the throws of a turn still to play, in the middle of the sequence or
   * after it */
  to_go[mover] -= st->split && pos->phase == KSM_PHASE_MOVE ? st->pool : pending_total (st);

  double loss = expected_loss (pos, on, cell_worth[team_of_player (attacker) ^ 1], attacker);
  return 1.0 / (1.0 + exp (-team_race_logit (pos, to_go, attacker, loss, player)));
}

/* ---- the evaluation as features (ksm-asi-eval.h) ---- */

const char *const ksm_asi_feature_names[KSM_ASI_N_FEATURES] = {
  "asi_logit", "slow", "fast", "hand", "home_row", "blocked", "exposure",
  "next_loss", "attacker", "pending", "corners", "exact_take",
};

/* The most the attacker's next throw sends back, in pieces, each face at
 * its exact odds, the faces that throw again included (their throw is
 * played with the next: each alone, or a So-hatara's 1 to 4 units) */
static double
exact_take (const KsmPosition *pos, int attacker)
{
  static const int face_weight[N_FACES] = { 1, 6, 15, 10, 10, 15, 6, 1 };
  KsmPosition next = *pos;
  KsmMove moves[KSM_MAX_MOVES];
  double sum = 0;

  next.to_move = (uint8_t) attacker;
  next.phase = KSM_PHASE_MOVE;
  next.u.asi.split = 0;
  next.u.asi.pool = 0;
  for (int face = 1; face < N_FACES; face++)
    {
      KsmPosition thrown = next;
      thrown.u.asi.n_pending = 1;
      thrown.u.asi.pending[0] = (uint8_t) face;
      if (face == FACE_SO_HATARA)
        {
          thrown.u.asi.split = 1;
          thrown.u.asi.pool = 4;
        }
      int n = asi_legal_moves (&thrown, moves), most = 0;
      for (int i = 0; i < n; i++)
        if (moves[i].captured > most)
          most = moves[i].captured;
      sum += face_weight[face] * most;
    }
  return sum / 64.0;
}

bool
ksm_asi_features (const KsmPosition *pos, int player, double *f)
{
  const KsmAsiState *st = &pos->u.asi;
  uint8_t on[2][N_CELLS];
  double safe[2][N_CELLS];
  double to_go[4] = { 0 }, risk[2] = { 0 }, hand[2] = { 0 }, home_row[2] = { 0 };
  double player_risk[4] = { 0 };
  double blocked[2] = { 0 }, corners[2] = { 0 };
  double cell_worth[2][N_CELLS] = { { 0 } };
  int mine = team_of_player (player);
  bool passing_rule = pos->options.flags & KSM_OPT_ASI_PASSING;

  if (pos->phase == KSM_PHASE_OVER || game_ended (pos))
    return false;
  ensure_tracks ();
  count_other_team (pos, 1, on[0]);
  count_other_team (pos, 0, on[1]);
  safe_from_enemies (pos, on, 0, safe[0]);
  safe_from_enemies (pos, on, 1, safe[1]);
  for (int p = 0; p < 4; p++)
    {
      int t = team_of_player (p);
      for (int i = 0; i < PIECES; i++)
        {
          int index = st->piece[p][i];
          if (index == IN_HAND)
            {
              to_go[p] += HOME + ENTRY_WAIT;
              hand[t] += 1;
              continue;
            }
          if (index >= HOME)
            continue;
          to_go[p] += HOME - index;
          if (index >= HOME_ROW)
            {
              home_row[t] += HOME - index;
              continue;
            }
          int cell = track[p][index];
          if (is_corner (cell))
            corners[t] += 1;
          else if (cell < FIRST_TRIANGLE)
            {
              risk[t] += (1.0 - safe[t][cell]) * (index + ENTRY_WAIT);
              player_risk[p] += (1.0 - safe[t][cell]) * (index + ENTRY_WAIT);
              cell_worth[t][cell] += index + ENTRY_WAIT;
            }
          if (passing_rule)
            for (int d = 1; d <= 6 && index + d < HOME_ROW; d++)
              if (on[t ^ 1][track[p][index + d]] > 0)
                {
                  blocked[t] += (7.0 - d) / 6.0;
                  break;
                }
        }
    }
  int mover = owner_to_play (pos);
  int attacker = next_attacker (pos);
  int at = team_of_player (attacker);
  double pending = st->split && pos->phase == KSM_PHASE_MOVE ? st->pool : pending_total (st);
  double loss = expected_loss (pos, on, cell_worth[at ^ 1], attacker);
  double slow[2], fast[2], total = 0;
  for (int t = 0; t < 2; t++)
    {
      double a = to_go[t], b = to_go[t + 2];
      slow[t] = a > b ? a : b;
      fast[t] = a > b ? b : a;
      total += slow[t] + fast[t] / 4;
    }
  double s = 2.0 * sqrt (total + 16.0);
  double sign_at = at == mine ? 1 : -1, sign_mover = team_of_player (mover) == mine ? 1 : -1;
  /* the evaluation's logit (asi_evaluate) from what is counted here, so
   * as not to count it all twice */
  double eval_to_go[4];
  for (int q = 0; q < 4; q++)
    eval_to_go[q] = to_go[q] + RISK_WEIGHT * player_risk[q];
  eval_to_go[mover] -= pending;
  double logit = team_race_logit (pos, eval_to_go, attacker, loss, player);
  int o = mine ^ 1;
  /* as the logit of the evaluation's chance clamped to 1e-9 from 0 and 1 */
  f[0] = logit < -20.723 ? -20.723 : logit > 20.723 ? 20.723 : logit;
  f[1] = (slow[o] - slow[mine]) / s;
  f[2] = (fast[o] - fast[mine]) / s;
  f[3] = hand[o] - hand[mine];
  f[4] = (home_row[o] - home_row[mine]) / s;
  f[5] = blocked[o] - blocked[mine];
  f[6] = (risk[o] - risk[mine]) / s;
  f[7] = sign_at * loss / s;
  f[8] = sign_at;
  f[9] = sign_mover * pending / s;
  f[10] = corners[mine] - corners[o];
  f[11] = sign_at * exact_take (pos, attacker);
  return true;
}

double
ksm_asi_model (const KsmPosition *pos, int player, const double *w)
{
  double f[KSM_ASI_N_FEATURES];
  bool only_first = true;

  for (int i = 1; i < KSM_ASI_N_FEATURES; i++)
    only_first &= w[i] == 0;
  /* the evaluation's own logit, rescaled: what Hard uses, without the
   * features' cost */
  if (only_first && pos->phase != KSM_PHASE_OVER && !game_ended (pos))
    {
      double p = asi_evaluate (pos, player);
      p = p < 1e-12 ? 1e-12 : p > 1 - 1e-12 ? 1 - 1e-12 : p;
      return 1.0 / (1.0 + exp (-w[0] * log (p / (1 - p))));
    }
  if (!ksm_asi_features (pos, player, f))
    {
      KsmOutcome outcome;
      asi_outcome (pos, &outcome);
      return outcome.winning_team == team_of_player (player) ? 1.0 : 0.0;
    }
  double z = 0;
  for (int i = 0; i < KSM_ASI_N_FEATURES; i++)
    z += w[i] * f[i];
  return 1.0 / (1.0 + exp (-z));
}

/* The judge at the end of Hard's rollouts: the evaluation's logit times
 * 0.17, the scale a logistic fit to Medium's self-play gives it (3,000
 * games, tools/train-asi.c: the evaluation alone is about six times too
 * sure), so that averaging rollouts' ends weighs steps alike whatever the
 * lead. Fitting the other features as well made a worse player (greedy
 * 9%, against Medium), so they weigh 0. tools/train-asi.c may set others
 * for its trials. */
double ksm_asi_hard_weights[KSM_ASI_N_FEATURES] = { 0.17 };

static double
asi_hard_evaluate (const KsmPosition *pos, int player)
{
  return ksm_asi_model (pos, player, ksm_asi_hard_weights);
}

/* The rollout policy sees the position after a move by the evaluation's
 * features (KsmRules.policy_features) */
static void
asi_policy_features (const KsmPosition *pos, int player, float *features)
{
  double f[KSM_ASI_N_FEATURES] = { 0 };
  ksm_asi_features (pos, player, f);
  for (int i = 0; i < KSM_ASI_N_FEATURES; i++)
    features[i] = (float) f[i];
  /* and the evaluation's chance itself, as Medium weighs it */
  features[KSM_ASI_N_FEATURES] = (float) (1.0 / (1.0 + exp (-f[0])));
}

/* ---- geometry ---- */

static int
asi_n_cells (const KsmOptions *options)
{
  (void) options;
  return N_CELLS;
}

static void
asi_cell_name (const KsmOptions *options, int cell, char *buf, size_t size)
{
  (void) options;
  if (cell < 0 || cell >= N_CELLS)
    snprintf (buf, size, "?");
  else if (cell < FIRST_CORNER)
    snprintf (buf, size, "%c%c%d", arm_letters[cell / 12], line_letters[cell % 12 / 4], cell % 4 + 1);
  else if (cell < FIRST_TRIANGLE)
    snprintf (buf, size, "%s", corner_names[cell - FIRST_CORNER]);
  else if (cell < HOME_CELL)
    snprintf (buf, size, "%c0", arm_letters[cell - FIRST_TRIANGLE]);
  else
    snprintf (buf, size, "H");
}

/* An 11 by 11 grid with North at the top: the central square at 4-7, the
 * arms out from it, the corners at its corners, the triangles inside it. */
static void
asi_cell_place (const KsmOptions *options, int cell, KsmCellPlace *place)
{
  static const float corner_x[4] = { 7, 7, 3, 3 }, corner_y[4] = { 7, 3, 3, 7 };
  static const float triangle_x[4] = { 5, 6, 5, 4 }, triangle_y[4] = { 6, 5, 4, 5 };
  (void) options;

  place->width = place->height = 1.0f;
  if (cell < FIRST_CORNER)
    {
      int arm = cell / 12, line = cell % 12 / 4, k = cell % 4 + 1;
      switch (arm)
        {
        case SOUTH: place->x = (float) (4 + line);  place->y = (float) (6 + k);  break;
        case EAST:  place->x = (float) (6 + k);     place->y = (float) (6 - line); break;
        case NORTH: place->x = (float) (6 - line);  place->y = (float) (4 - k);  break;
        default:    place->x = (float) (4 - k);     place->y = (float) (4 + line); break;
        }
    }
  else if (cell < FIRST_TRIANGLE)
    {
      place->x = corner_x[cell - FIRST_CORNER];
      place->y = corner_y[cell - FIRST_CORNER];
    }
  else if (cell < HOME_CELL)
    {
      place->x = triangle_x[cell - FIRST_TRIANGLE];
      place->y = triangle_y[cell - FIRST_TRIANGLE];
    }
  else
    {
      place->x = 5;
      place->y = 5;
    }
}

static unsigned
asi_cell_flags (const KsmOptions *options, int cell)
{
  (void) options;
  return (is_corner (cell) ? KSM_CELL_SAFE : 0u) | (cell == HOME_CELL ? KSM_CELL_GOAL : 0u);
}

static void
asi_cell_content (const KsmPosition *pos, int cell, KsmCellContent *content)
{
  memset (content, 0, sizeof *content);
  content->player = -1;
  for (int p = 0; p < 4; p++)
    for (int i = 0; i < PIECES; i++)
      {
        int index = pos->u.asi.piece[p][i];
        if (index < 0 || (index != track_index[p][cell][0] && index != track_index[p][cell][1]))
          continue;
        content->counts[p]++;
        if (index >= HOME_ROW && index < HOME)
          content->home_row |= (uint8_t) (1u << p);
      }
  for (int p = 0; p < 4; p++)
    if (content->counts[p] > 0)
      {
        content->player = (int8_t) p;
        content->count = content->counts[p];
        break;
      }
}

static int
asi_move_path (const KsmPosition *pos, const KsmMove *move, int8_t *cells)
{
  int owner = owner_to_play (pos);

  if (move->kind == KSM_MOVE_LOSE)
    return 0;
  if (move->kind == KSM_MOVE_START)
    {
      cells[0] = move->to;
      return 1;
    }
  for (int i = 0; i < PIECES; i++)
    {
      int index = pos->u.asi.piece[owner][i];
      if (index >= 0 && index < HOME && track[owner][index] == move->from
          && index + move->distance <= HOME && track[owner][index + move->distance] == move->to)
        {
          int n = 0;
          for (int d = 1; d <= move->distance && n < KSM_MAX_PATH; d++)
            cells[n++] = track[owner][index + d];
          if (move->distance > KSM_MAX_PATH)
            cells[KSM_MAX_PATH - 1] = move->to;
          return n;
        }
    }
  cells[0] = move->to;
  return 1;
}

/* ---- notation (doc/notation.md) ---- */


static const char face_marks[N_FACES] = { '0', '1', '2', '3', 'S', '4', '5', '6' };

/* In hand pieces first (bonded groups as hN), then by index, "H" home */
static void
put_pieces (KsmWriter *w, const KsmAsiState *st, int p)
{
  bool written[PIECES] = { false };
  int count = 0;

  for (int i = 0; i < PIECES; i++)
    {
      if (written[i] || st->piece[p][i] != IN_HAND)
        continue;
      uint8_t bond = st->bond[p][i] ? st->bond[p][i] : (uint8_t) (1u << i);
      int size = __builtin_popcount (bond);
      for (int j = 0; j < PIECES; j++)
        if (bond >> j & 1u)
          written[j] = true;
      ksm_put (w, "%s%s", count++ ? "," : "", "h");
      if (size > 1)
        ksm_put (w, "%d", size);
    }
  int places[PIECES], n_places = 0;
  for (int i = 0; i < PIECES; i++)
    if (st->piece[p][i] != IN_HAND)
      places[n_places++] = st->piece[p][i];
  for (int a = 1; a < n_places; a++)
    for (int b = a; b > 0 && places[b - 1] > places[b]; b--)
      {
        int t = places[b];
        places[b] = places[b - 1];
        places[b - 1] = t;
      }
  for (int i = 0; i < n_places; i++)
    {
      if (places[i] == HOME)
        ksm_put (w, "%sH", count++ ? "," : "");
      else
        ksm_put (w, "%s%d", count++ ? "," : "", places[i]);
    }
}

static int
asi_format_position (const KsmPosition *pos, char *buf, size_t size)
{
  const KsmAsiState *st = &pos->u.asi;
  KsmWriter w;
  ksm_writer_init (&w, buf, size);

  ksm_put (&w, "asi-keliya");
  for (int p = 0; p < 4; p++)
    {
      ksm_put (&w, " %c:", arm_letters[p]);
      put_pieces (&w, st, p);
    }
  ksm_put (&w, " %c %s ", arm_letters[pos->to_move] - 'A' + 'a',
       pos->phase == KSM_PHASE_MOVE ? "play" : "throw");
  if (st->n_pending == 0)
    ksm_put (&w, "-");
  for (int i = 0; i < st->n_pending; i++)
    ksm_put (&w, "%c", face_marks[st->pending[i]]);
  if (pos->phase == KSM_PHASE_MOVE && st->split)
    ksm_put (&w, " pool:%d", st->pool);
  ksm_put (&w, " %u", pos->throw_count);

  KsmOptions defaults;
  asi_default_options (&defaults);
  ksm_put_options (&w, asi_option_info, N_OPTION_INFO, pos->options.flags, defaults.flags);
  return ksm_writer_finish (&w);
}

#define FAIL(...) do { ksm_set_error (error, error_size, __VA_ARGS__); return false; } while (0)

static bool
parse_pieces (const char *text, int p, KsmAsiState *st, char *error, size_t error_size)
{
  int count = 0;
  const char *c = text;

  if (c[0] != arm_letters[p] || c[1] != ':')
    FAIL ("field %d: expected %c: and %s's four pieces", p + 2, arm_letters[p], player_names[p]);
  c += 2;
  while (*c != '\0')
    {
      if (*c == 'h')
        {
          int size = 1;
          c++;
          if (*c >= '2' && *c <= '4')
            size = *c++ - '0';
          if (count + size > PIECES)
            FAIL ("field %d: more than four pieces", p + 2);
          uint8_t bond = (uint8_t) (((1u << size) - 1) << count);
          for (int i = 0; i < size; i++)
            {
              st->piece[p][count + i] = IN_HAND;
              st->bond[p][count + i] = size > 1 ? bond : 0;
            }
          count += size;
        }
      else if (*c == 'H')
        {
          if (count == PIECES)
            FAIL ("field %d: more than four pieces", p + 2);
          st->piece[p][count++] = HOME;
          c++;
        }
      else if (*c >= '0' && *c <= '9')
        {
          int value = 0;
          /* checked digit by digit: a long run of digits overflowed */
          while (*c >= '0' && *c <= '9')
            {
              value = value * 10 + (*c++ - '0');
              if (value >= HOME)
                FAIL ("field %d: a track index goes from 0 to 47 (H for home)", p + 2);
            }
          if (count == PIECES)
            FAIL ("field %d: more than four pieces", p + 2);
          st->piece[p][count++] = (int8_t) value;
        }
      else
        FAIL ("field %d: a piece is h (in hand), h2 (two sent back together), 0-47 or H", p + 2);
      if (*c == ',')
        {
          c++;
          if (*c == '\0')
            FAIL ("field %d: a comma with no piece after it", p + 2);
        }
      else if (*c != '\0')
        FAIL ("field %d: pieces are separated by commas", p + 2);
    }
  if (count != PIECES)
    FAIL ("field %d: %s has four pieces, not %d", p + 2, player_names[p], count);
  return true;
}

static bool
asi_parse_position (const char *text, KsmPosition *pos, char *error, size_t error_size)
{
  KsmPosition parsed;
  KsmOptions options;
  char copy[KSM_NOTATION_MAX];
  char *fields[16], *save = NULL, *field;
  int n = 0;

  ensure_tracks ();
  if (text == NULL || *text == '\0')
    FAIL ("the position is empty");
  if (strlen (text) >= sizeof copy)
    FAIL ("the position is too long");
  if (strstr (text, "  ") != NULL || text[0] == ' ' || text[strlen (text) - 1] == ' ')
    FAIL ("fields must be separated by single spaces");
  strcpy (copy, text);
  for (field = strtok_r (copy, " ", &save); field != NULL; field = strtok_r (NULL, " ", &save))
    {
      if (n == 16)
        FAIL ("too many fields");
      fields[n++] = field;
    }
  if (n == 0 || strcmp (fields[0], "asi-keliya") != 0)
    FAIL ("field 1: the game must be \"asi-keliya\"");
  if (n < 9)
    FAIL ("an Asi Keliya position has at least 9 fields, this has %d", n);

  asi_default_options (&options);
  memset (&parsed, 0, sizeof parsed);
  for (int p = 0; p < 4; p++)
    if (!parse_pieces (fields[1 + p], p, &parsed.u.asi, error, error_size))
      return false;

  const char *side = fields[5];
  const char *letters = "senw";
  const char *found = strlen (side) == 1 ? strchr (letters, side[0]) : NULL;
  if (found == NULL || *side == '\0')
    FAIL ("field 6: the player to move must be s, e, n or w");
  parsed.to_move = (uint8_t) (found - letters);

  if (strcmp (fields[6], "throw") == 0)
    parsed.phase = KSM_PHASE_THROW;
  else if (strcmp (fields[6], "play") == 0)
    parsed.phase = KSM_PHASE_MOVE;
  else
    FAIL ("field 7: the phase must be throw or play");

  const char *seq = fields[7];
  if (strcmp (seq, "-") != 0)
    for (const char *c = seq; *c != '\0'; c++)
      {
        const char *mark = memchr (face_marks, *c, N_FACES);
        if (mark == NULL || *c == '0')
          FAIL ("field 8: the throws waiting are written 1-6 and S (So-hatara), or -");
        if (parsed.u.asi.n_pending == KSM_MAX_PENDING)
          FAIL ("field 8: more than %d throws waiting", KSM_MAX_PENDING);
        parsed.u.asi.pending[parsed.u.asi.n_pending++] = (uint8_t) (mark - face_marks);
        if (*mark == 'S')
          parsed.u.asi.split = 1;
      }

  int next = 8;
  if (parsed.phase == KSM_PHASE_MOVE && parsed.u.asi.split)
    {
      if (n <= next || strncmp (fields[next], "pool:", 5) != 0)
        FAIL ("field 9: a sequence with a So-hatara is played from a pool: pool:N");
      char *end;
      long pool = strtol (fields[next] + 5, &end, 10);
      if (*end != '\0' || fields[next][5] == '\0' || pool < 1 || pool > pending_total (&parsed.u.asi))
        FAIL ("field 9: the pool must be from 1 to the sequence's total, %d",
              pending_total (&parsed.u.asi));
      parsed.u.asi.pool = (uint8_t) pool;
      next++;
    }

  if (n <= next)
    FAIL ("field %d: the throw count is missing", next + 1);
  {
    char *end;
    unsigned long throws = strtoul (fields[next], &end, 10);
    if (*end != '\0' || fields[next][0] < '0' || fields[next][0] > '9' || strlen (fields[next]) > 9)
      FAIL ("field %d: the throw count must be a whole number", next + 1);
    parsed.throw_count = (uint32_t) throws;
  }
  next++;

  uint32_t seen_options = 0;
  for (int i = next; i < n; i++)
    {
      int matched = ksm_parse_option (asi_option_info, N_OPTION_INFO, fields[i], strlen (fields[i]),
                                      &options.flags, &seen_options, i + 1, error, error_size);
      if (matched < 0)
        return false;
      if (!matched)
        FAIL ("field %d: unknown option \"%s\"", i + 1, fields[i]);
    }
  parsed.options = options;

  /* rules-decisions.md, "Positions that cannot arise": every throw waiting
   * was made (a 0 is not written, so it only lowers the count waiting) */
  if (parsed.u.asi.n_pending > parsed.throw_count)
    FAIL ("field %d: more throws wait to be played (%d) than were made (%u)", next,
          parsed.u.asi.n_pending, parsed.throw_count);
  /* a landing off the corners sends the other team's pieces there back,
   * so no game leaves both teams on such a cell */
  {
    uint8_t team_on[2][N_CELLS];
    memset (team_on, 0, sizeof team_on);
    for (int p = 0; p < 4; p++)
      for (int i = 0; i < PIECES; i++)
        {
          int index = parsed.u.asi.piece[p][i];
          if (index >= 0 && index < HOME)
            team_on[team_of_player (p)][track[p][index]] |= (uint8_t) (1u << p);
        }
    for (int cell = 0; cell < N_CELLS; cell++)
      if (team_on[0][cell] && team_on[1][cell] && !is_corner (cell))
        {
          char name[8];
          asi_cell_name (NULL, cell, name, sizeof name);
          FAIL ("cell %s: %s and %s cannot share it, as it is not a corner: "
                "the one landing there would have sent the other back",
                name, player_names[__builtin_ctz (team_on[0][cell])],
                player_names[__builtin_ctz (team_on[1][cell])]);
        }
  }

  if (parsed.phase == KSM_PHASE_MOVE)
    {
      if (parsed.throw_count == 0)
        FAIL ("field %d: throws wait to be played, so the throw count cannot be 0", next);
      parsed.face = parsed.u.asi.n_pending > 0 ? parsed.u.asi.pending[parsed.u.asi.n_pending - 1] : FACE_0;
    }
  else
    {
      const KsmAsiState *st = &parsed.u.asi;
      /* while throwing, every throw so far must be one that throws again */
      for (int i = 0; i < st->n_pending; i++)
        if (st->pending[i] != FACE_1 && st->pending[i] != FACE_5 && st->pending[i] != FACE_SO_HATARA)
          FAIL ("field 8: only a 1, a 5 or a So-hatara leaves the player throwing");
      if (st->n_pending > 0)
        parsed.face = st->pending[st->n_pending - 1];
    }

  if (game_ended (&parsed))
    {
      if (parsed.phase == KSM_PHASE_MOVE)
        FAIL ("field 7: the game is over, so nothing is left to play");
      parsed.phase = KSM_PHASE_OVER;
    }
  else if (parsed.phase == KSM_PHASE_THROW && all_home (&parsed, parsed.to_move)
           && !(options.flags & KSM_OPT_ASI_PARTNER_PLAY))
    FAIL ("field 6: %s has every piece home, so passes", player_names[parsed.to_move]);

  *pos = parsed;
  return true;
}

static int
asi_format_move (const KsmPosition *pos, const KsmMove *move, char *buf, size_t size)
{
  KsmWriter w;

  ksm_writer_init (&w, buf, size);
  /* the throw that plays it, unless a So-hatara's pool is split */
  if (move->kind != KSM_MOVE_LOSE && !pos->u.asi.split)
    ksm_put (&w, "%d:", move->distance);
  /* A pool of 42 or more can take a piece round to its home row, onto the
   * cell it would reach going out (Nm4 is index 4 and 44): then the units
   * say which (found by fuzzing) */
  else if (move->kind == KSM_MOVE_STEP)
    {
      KsmMove moves[KSM_MAX_MOVES];
      int n = asi_legal_moves (pos, moves);
      for (int i = 0; i < n; i++)
        if (moves[i].kind == KSM_MOVE_STEP && moves[i].from == move->from
            && moves[i].to == move->to && moves[i].distance != move->distance)
          {
            ksm_put (&w, "%d:", move->distance);
            break;
          }
    }
  /* groups of different sizes in hand: the size says which enters */
  if (move->kind == KSM_MOVE_START
      && __builtin_popcount (group_sizes (&pos->u.asi, owner_to_play (pos))) > 1)
    {
      char to[8];
      asi_cell_name (&pos->options, move->to, to, sizeof to);
      ksm_put (&w, "in%d-%s", move->group, to);
    }
  else
    ksm_put_move_words (&w, asi_cell_name, &pos->options, move);
  return ksm_writer_finish (&w);
}

static int
parse_cell_name (const KsmOptions *options, const char *text, size_t len)
{
  (void) options;
  char name[8];

  if (len == 0 || len >= sizeof name)
    return -1;
  for (int cell = 0; cell < N_CELLS; cell++)
    {
      asi_cell_name (NULL, cell, name, sizeof name);
      if (strlen (name) == len && strncmp (name, text, len) == 0)
        return cell;
    }
  return -1;
}

/* `saved`: as a saved game holds it, where a bare in-S0 written before the
 * groups were told apart entered the largest group (doc/saved-games.md) */
static bool
parse_move (const KsmPosition *pos, const char *text, KsmMove *move,
            char *error, size_t error_size, bool saved)
{
  KsmMove moves[KSM_MAX_MOVES];
  int value = -1;
  int group = 0;
  int n;
  char plain[KSM_NOTATION_MAX];
  const char *rest = text;

  if (pos->phase != KSM_PHASE_MOVE)
    FAIL ("no throws wait to be played, so no move can be made");
  if (text == NULL || *text == '\0')
    FAIL ("the move is empty");

  /* "3:" names the throw that plays it, unless a So-hatara's pool is
   * split; there "42:" tells a lap to the home row from a step out */
  if (rest[0] >= '0' && rest[0] <= '9')
    {
      const char *c = rest;
      int units = 0;
      while (*c >= '0' && *c <= '9' && units <= KSM_MAX_PENDING * 6)
        units = units * 10 + (*c++ - '0');
      if (*c == ':')
        {
          value = units;
          rest = c + 1;
        }
    }
  if (strcmp (rest, "lost") != 0 && !pos->u.asi.split && value < 0)
    FAIL ("\"%s\": say which throw plays it, like 5:Sm1-Sn2", text);

  n = asi_legal_moves (pos, moves);
  /* "in2-S0": the group of two enters; read as in-S0 among the moves
   * that enter that group */
  if (strncmp (rest, "in", 2) == 0 && rest[2] >= '0' && rest[2] <= '9')
    {
      const char *c = rest + 2;
      while (*c >= '0' && *c <= '9' && group <= PIECES)
        group = group * 10 + (*c++ - '0');
      if (*c != '-' || group < 1 || group > PIECES)
        FAIL ("\"%s\": a group entering is written in1-S0 to in4-S0", text);
      if (strlen (c) + 3 > sizeof plain)
        FAIL ("\"%s\": this move is not legal here", text);
      snprintf (plain, sizeof plain, "in%s", c);
      rest = plain;
      if (!(group_sizes (&pos->u.asi, owner_to_play (pos)) >> group & 1u))
        FAIL ("\"%s\": no group of %d waits in hand", text, group);
    }
  else if (strncmp (rest, "in-", 3) == 0)
    {
      unsigned sizes = group_sizes (&pos->u.asi, owner_to_play (pos));
      if (__builtin_popcount (sizes) > 1)
        {
          int largest = 31 - __builtin_clz (sizes);
          char triangle[8];
          asi_cell_name (&pos->options, track[owner_to_play (pos)][0], triangle, sizeof triangle);
          if (!saved)
            FAIL ("\"%s\": groups of different sizes wait in hand: say which enters, "
                  "like in%d-%s or in%d-%s", text, largest, triangle,
                  __builtin_ctz (sizes), triangle);
          group = largest;
        }
    }
  if (group > 0)
    {
      int kept = 0;
      for (int i = 0; i < n; i++)
        if (moves[i].kind != KSM_MOVE_START || moves[i].group == group)
          moves[kept++] = moves[i];
      n = kept;
    }
  return ksm_parse_move_text (&pos->options, parse_cell_name, moves, n,
                              rest, value, "3:Sm1-Sm4, in-S0", move, error, error_size);
}

static bool
asi_parse_move (const KsmPosition *pos, const char *text, KsmMove *move,
                char *error, size_t error_size)
{
  return parse_move (pos, text, move, error, error_size, false);
}

static bool
asi_parse_saved_move (const KsmPosition *pos, const char *text, KsmMove *move,
                      char *error, size_t error_size)
{
  return parse_move (pos, text, move, error, error_size, true);
}

/* ---- queries for the views ---- */

static int
asi_held_throws (const KsmPosition *pos, uint8_t *faces, bool *split, int *pool)
{
  const KsmAsiState *st = &pos->u.asi;

  for (int i = 0; i < st->n_pending && i < KSM_MAX_PENDING; i++)
    faces[i] = st->pending[i];
  *split = st->split != 0;
  *pool = st->pool;
  return st->n_pending;
}

/* a seat's pieces enter on the triangle of its arm */
static int
asi_start_cell (const KsmOptions *options, int player)
{
  if (player < 0 || player >= asi_n_players (options))
    return -1;
  ensure_tracks ();
  return track[player][0];
}

/* Parker's colours: South red, East black, North yellow, West green */
static const char *
asi_style_key (const KsmOptions *options, int player)
{
  static const char *const keys[4] = { "red", "black", "yellow", "green" };
  (void) options;
  return player >= 0 && player < 4 ? keys[player] : NULL;
}

/* Each piece and held throw fails as try_step or entering refuses it; a
 * turn that threw only a 0 holds nothing to play */
static unsigned
asi_lost_reasons (const KsmPosition *pos)
{
  const KsmAsiState *st = &pos->u.asi;
  uint8_t other[N_CELLS];
  int owner = owner_to_play (pos);
  bool passing_rule = pos->options.flags & KSM_OPT_ASI_PASSING;
  unsigned reasons = 0;

  if (st->split)
    return 0;   /* a pool always moves a piece not home */
  if (st->n_pending == 0)
    return 1u << KSM_LOST_NO_COUNT;
  ensure_tracks ();
  count_other_team (pos, team_of_player (owner), other);
  for (int i = 0; i < PIECES; i++)
    for (int slot = 0; slot < st->n_pending; slot++)
      {
        int from = st->piece[owner][i];
        int value = face_values[st->pending[slot]];
        int to = from + value;
        bool passes = false;

        if (from == HOME)
          continue;
        if (from == IN_HAND)
          {
            if (value != 1 && value != 5)
              reasons |= 1u << KSM_LOST_NEEDS_ENTRY;
            continue;
          }
        if (from >= HOME_ROW ? value != 1 || to > HOME : to > HOME_ROW)
          {
            reasons |= 1u << KSM_LOST_OVERSHOOT;
            continue;
          }
        for (int k = from + 1; passing_rule && k < to; k++)
          passes |= other[track[owner][k]] > 0;
        if (passes)
          reasons |= 1u << KSM_LOST_NO_PASSING;
      }
  return reasons;
}

const KsmRules ksm_asi_keliya_rules = {
  .id = "asi-keliya",
  .name = "Asi Keliya",
  .throws = {
    .object_name = "cowrie",
    .n_objects = 6,
    .n_faces = N_FACES,
    .faces = {
      { "zero", 0, false },
      { "one", 1, true },
      { "two", 2, false },
      { "three", 3, false },
      { "so-hatara", 4, true, "S" },
      /* "4" as the notation writes it: the plain four, which shares its
       * value with the So-hatara */
      { "four", 4, false, "4" },
      { "five", 5, true },
      { "six", 6, false },
    },
    .face_of_pattern = asi_face_of_pattern,
    .marked_objects = 1u,   /* bit 0, the yellow cowrie */
  },
  .race = true,
  /* a turn of several throws is planned whole, which costs depth 3 too
   * much: its move, the rest of its turn, every first throw of the next
   * player and its reply */
  .hard_depth = 2,
  /* more than two decisions with the turn planned whole have needed */
  .hard_nodes = 20000,
  /* but Hard chooses by rollouts: the search, with the evaluation at its
   * leaves, only drew with Medium (49%), the rollouts beat it (see
   * doc/computer-players.md); the search stays for the hints and the
   * analysis */
  .hard_rollouts = 32,
  .hard_horizon = 24,
  .hard_candidates = 4,
  /* no learnt model has beaten Hard's rollouts yet (its features, learnt
   * by self-play, misjudge the moves inside a turn of several throws), but
   * more rollouts have made them stronger every time: Expert rolls out
   * four times as many; and since the rollouts' best is often a move
   * outside Medium's best four, it first rolls out every move as often as
   * Hard does its four, and goes on with the best four by those (see
   * doc/computer-players.md) */
  .expert_rollouts = 128,
  .expert_screen = 32,
  /* what a rollout policy sees of a position (a screen: no level plays
   * one; tools/train-asi.c policy learns its weights) */
  .policy_n_features = KSM_ASI_POLICY_N_FEATURES,
  .policy_features = asi_policy_features,
  .option_info = asi_option_info,
  .n_option_info = sizeof asi_option_info / sizeof asi_option_info[0],
  .default_options = asi_default_options,
  .check_options = asi_check_options,
  .init = asi_init,
  .n_players = asi_n_players,
  .team_of = asi_team_of,
  .player_name = asi_player_name,
  .apply_throw = asi_apply_throw,
  .legal_moves = asi_legal_moves,
  .apply_move = asi_apply_move,
  .outcome = asi_outcome,
  .pieces_left = asi_pieces_left,
  .n_cells = asi_n_cells,
  .cell_name = asi_cell_name,
  .cell_place = asi_cell_place,
  .cell_flags = asi_cell_flags,
  .cell_content = asi_cell_content,
  .format_position = asi_format_position,
  .parse_position = asi_parse_position,
  .format_move = asi_format_move,
  .parse_move = asi_parse_move,
  .parse_saved_move = asi_parse_saved_move,
  .evaluate = asi_evaluate,
  .hard_evaluate = asi_hard_evaluate,
  .move_path = asi_move_path,
  .held_throws = asi_held_throws,
  .start_cell = asi_start_cell,
  .style_key = asi_style_key,
  .lost_reasons = asi_lost_reasons,
};
