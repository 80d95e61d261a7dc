/* fuzz-notation.c: libFuzzer target for one game's position and move
 * notation, and the rules behind them (KSM_FUZZ_GAME names the game).
 *
 * Input: the first line is a position; each later line drives one event
 * from it: a throw (a face's name or value, else the line's first byte picks
 * a face) or a move (its text, else the first byte picks a legal move), so
 * the fuzzer reaches deep positions even without valid move texts. After
 * every parse and every event the position must survive format -> parse ->
 * format unchanged, every legal move must format and parse back to itself,
 * and the phase, the player to move and the outcome must agree; every
 * refusal's message of a valid UTF-8 input must be valid UTF-8. Any breach
 * aborts, which libFuzzer reports as a crash.
 *
 * Buffers are heap blocks of the exact size passed, so AddressSanitizer sees
 * a write past what the caller allowed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "ksm-rules.h"

#define NOTATION_MAX_INPUT 4096
#define MAX_EVENTS 512

static const KsmRules *R;

static void
fail (const KsmPosition *pos, const char *what)
{
  char text[KSM_NOTATION_MAX];
  if (pos == NULL || R->format_position (pos, text, sizeof text) < 0)
    strcpy (text, "(unformattable)");
  fprintf (stderr, "fuzz-notation: %s: %s\n", what, text);
  abort ();
}

/* a message was written, terminated, within its buffer, and, when the
 * text it answers is valid UTF-8, is valid UTF-8 too: cut short at a
 * character's edge. (The engine quotes what it is given, byte for byte; the
 * loader, which shows its messages, is held to UTF-8 whatever the file
 * holds, by the saved-game targets.) */
static void
check_message (const char *error, size_t size, const char *input)
{
  if (size > 0 && memchr (error, '\0', size) == NULL)
    fail (NULL, "an error message is not terminated within its buffer");
  if (size > 0 && g_utf8_validate (input, -1, NULL) && !g_utf8_validate (error, -1, NULL))
    {
      g_autofree char *shown = g_strescape (error, NULL);
      fprintf (stderr, "fuzz-notation: the message: \"%s\" (a buffer of %zu)\n", shown, size);
      fail (NULL, "an error message is not valid UTF-8");
    }
}

static bool
parse_position (const char *text, KsmPosition *pos, size_t error_size)
{
  char *error = malloc (error_size);
  bool ok;

  memset (pos, 0, sizeof *pos);
  ok = R->parse_position (text, pos, error, error_size);
  if (!ok)
    {
      check_message (error, error_size, text);
      if (error_size > 1 && error[0] == '\0')
        fail (NULL, "a refused position has no message");
    }
  free (error);
  return ok;
}

/* format into a block of exactly `size` bytes: -1 or the whole text */
static void
check_format_fits (const KsmPosition *pos, const char *full, size_t size)
{
  char *buf = malloc (size);
  int n = R->format_position (pos, buf, size);
  size_t length = strlen (full);

  if (length < size ? (n != (int) length || strcmp (buf, full) != 0) : n != -1)
    fail (pos, "format_position into a short buffer");
  free (buf);
}

static void
check_position (const KsmPosition *pos, uint8_t salt)
{
  char a[KSM_NOTATION_MAX], b[KSM_NOTATION_MAX];
  KsmPosition back;
  const KsmOptions *o = &pos->options;
  int n_players = R->n_players (o);

  if (n_players < 1 || n_players > KSM_MAX_PLAYERS)
    fail (pos, "n_players out of range");
  if (pos->phase > KSM_PHASE_OVER)
    fail (pos, "phase out of range");
  if (pos->phase != KSM_PHASE_OVER && pos->to_move >= n_players)
    fail (pos, "to_move out of range");

  if (R->format_position (pos, a, sizeof a) < 0)
    fail (pos, "a position does not format");
  if (!parse_position (a, &back, KSM_ERROR_MAX))
    fail (pos, "a formatted position does not parse");
  if (R->format_position (&back, b, sizeof b) < 0 || strcmp (a, b) != 0)
    fail (pos, "format -> parse -> format changes the text");
  if (back.phase != pos->phase || back.throw_count != pos->throw_count)
    fail (pos, "format -> parse changes the phase or the throw count");
  check_format_fits (pos, a, 1 + salt % (strlen (a) + 2));

  KsmOutcome out;
  R->outcome (pos, &out);
  if (out.over != (pos->phase == KSM_PHASE_OVER))
    fail (pos, "outcome and phase disagree");
  if (out.over && out.winner >= n_players)
    fail (pos, "winner out of range");

  for (int p = 0; p < n_players; p++)
    {
      int left = R->pieces_left (pos, p);
      if (left < 0 || left > KSM_MAX_CELLS)
        fail (pos, "pieces_left out of range");
      if (R->evaluate != NULL)
        {
          double v = R->evaluate (pos, p);
          if (!(v >= 0.0 && v <= 1.0))
            fail (pos, "evaluate out of [0, 1]");
        }
    }

  int n_cells = R->n_cells (o);
  if (n_cells < 1 || n_cells > KSM_MAX_CELLS)
    fail (pos, "n_cells out of range");
  for (int i = 0; i < n_cells; i++)
    {
      KsmCellContent c;
      char name[16];
      R->cell_content (pos, i, &c);
      R->cell_name (o, i, name, sizeof name);
      if (c.player >= n_players || (c.player < 0 && c.count != 0))
        fail (pos, "cell_content out of range");
    }

  KsmMove moves[KSM_MAX_MOVES];
  int n = R->legal_moves (pos, moves);
  if (pos->phase == KSM_PHASE_MOVE ? (n < 1 || n > KSM_MAX_MOVES) : n != 0)
    fail (pos, "legal_moves count");
  for (int i = 0; i < n; i++)
    {
      char text[64], error[KSM_ERROR_MAX];
      KsmMove m;
      int8_t path[KSM_MAX_PATH];

      if (moves[i].kind > KSM_MOVE_LOSE)
        fail (pos, "a move of no kind");
      if (R->format_move (pos, &moves[i], text, sizeof text) <= 0)
        fail (pos, "a legal move does not format");
      if (!R->parse_move (pos, text, &m, error, sizeof error))
        fail (pos, "a legal move does not parse back");
      if (!ksm_moves_equal (&m, &moves[i]))
        fail (pos, "a legal move parses back to another");
      int length = R->move_path (pos, &moves[i], path);
      if (length < 0 || length > KSM_MAX_PATH)
        fail (pos, "move_path length");
      for (int k = 0; k < length; k++)
        if (path[k] < -1 || path[k] >= n_cells)
          fail (pos, "move_path cell out of range");
    }
}

static void
play_line (KsmPosition *pos, const char *line)
{
  if (pos->phase == KSM_PHASE_THROW)
    {
      int face = ksm_rules_face_lookup (R, line);
      if (face < 0)
        face = (uint8_t) line[0] % R->throws.n_faces;
      R->apply_throw (pos, face);
      if (pos->phase == KSM_PHASE_OVER)
        fail (pos, "a throw ends the game");
    }
  else if (pos->phase == KSM_PHASE_MOVE)
    {
      KsmMove moves[KSM_MAX_MOVES], move;
      KsmEffect effect;
      size_t error_size = 1 + (uint8_t) line[0] % KSM_ERROR_MAX;
      char *error = malloc (error_size);
      int mover = pos->to_move;

      if (!R->parse_move (pos, line, &move, error, error_size))
        {
          check_message (error, error_size, line);
          int n = R->legal_moves (pos, moves);
          move = moves[(uint8_t) line[0] % n];
        }
      else
        {
          /* what parses is legal */
          int n = R->legal_moves (pos, moves), found = 0;
          for (int i = 0; i < n; i++)
            found |= ksm_moves_equal (&moves[i], &move);
          if (!found)
            fail (pos, "a parsed move is not among the legal ones");
        }
      free (error);
      memset (&effect, 0, sizeof effect);
      R->apply_move (pos, &move, &effect);
      if (effect.game_over != (pos->phase == KSM_PHASE_OVER))
        fail (pos, "game_over and the phase disagree");
      if (!effect.game_over && effect.throws_again && pos->to_move != mover)
        fail (pos, "a throw again passed the turn");
    }
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (R == NULL)
    R = ksm_rules_lookup (KSM_FUZZ_GAME);
  if (size > NOTATION_MAX_INPUT)
    return 0;

  char *text = malloc (size + 1);
  memcpy (text, data, size);
  text[size] = '\0';

  char *line = text, *next = strchr (line, '\n');
  if (next != NULL)
    *next++ = '\0';

  KsmPosition pos, any;
  uint8_t salt = size > 0 ? data[size - 1] : 0;
  bool ok = parse_position (line, &pos, KSM_ERROR_MAX);

  /* a short message buffer and the registry agree with the game's parser */
  if (parse_position (line, &any, 1 + salt % 48) != ok)
    fail (NULL, "the message buffer's size changes the verdict");
  {
    char error[KSM_ERROR_MAX];
    memset (&any, 0, sizeof any);
    bool any_ok = ksm_rules_parse_position (line, &any, error, sizeof error);
    if (!any_ok)
      check_message (error, sizeof error, line);
    if (ok ? !any_ok : any_ok && ksm_rules_for (&any) == R)
      fail (NULL, "the registry and the game disagree on a position");
  }

  if (ok)
    {
      check_position (&pos, salt);
      for (int events = 0; next != NULL && events < MAX_EVENTS
                           && pos.phase != KSM_PHASE_OVER; events++)
        {
          line = next;
          next = strchr (line, '\n');
          if (next != NULL)
            *next++ = '\0';
          play_line (&pos, line);
          check_position (&pos, (uint8_t) (salt + events));
        }
    }
  free (text);
  return 0;
}
