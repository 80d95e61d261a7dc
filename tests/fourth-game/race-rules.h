/* race-rules.h: Sun and Moon, a small race game the engine does not ship.
 *
 * It exists to prove that a game is one file of rules and a registry line:
 * the tests register it at run time (ksm_rules_register) and play it through
 * the model and the app, which know nothing of it beyond ksm-rules.h and,
 * in the app, a skin.
 *
 * Two players, Sun and Moon, race two pieces each along a track of eight
 * cells from opposite ends, entering from off the board (a yard each). One
 * coin is thrown: tails moves 1, heads 2. Landing on the other side's piece
 * sends it back off the board; a side's own pieces never share a cell. A
 * piece reaches its goal, past the far end of the track, by an exact count.
 * Who brings both pieces home first wins.
 */
#pragma once

#include "ksm-rules.h"

#define RACE_TRACK    8   /* cells c1..c8: cell indices 0..7 */
#define RACE_SUN_GOAL 8   /* past c8, where Sun's pieces end */
#define RACE_MOON_GOAL 9  /* past c1, where Moon's pieces end */
#define RACE_N_CELLS  10
#define RACE_PIECES   2

enum { RACE_SUN, RACE_MOON };
enum { RACE_FACE_TAILS, RACE_FACE_HEADS };

/* option bits */
enum {
  RACE_OPT_HEADS_AGAIN = 1u << 0,  /* heads earns another throw */
};

extern const KsmRules race_rules;

/* Registers the game (once; again returns the same kind) and fails the
 * test if the engine refuses it. */
KsmGameKind race_register (void);
