/* ksm-pace.h: how fast the computer plays, so a person can follow it: the
 * paces Preferences offers, each a stated time a step and after a throw. */
#pragma once

#include <adwaita.h>

#include "ksm-game.h"

G_BEGIN_DECLS

typedef struct {
  const char *id;          /* the "pace" key's value */
  guint       step;        /* ms a computer's step (a move, the next throw) waits */
  guint       throw_pause; /* ms a throw stays on screen before what follows it */
  guint       walk;        /* the board's animation-duration: a step's walk ends before the next */
} KsmPace;

guint          ksm_pace_count    (void);
const KsmPace *ksm_pace_nth      (guint index);
/* the pace of that id; the default pace for an id not known */
const KsmPace *ksm_pace_lookup   (const char *id);
/* its times in words, translated: "1.6 s a step, 2 s after a throw" */
const char    *ksm_pace_describe (const KsmPace *pace);

/* Sets the game's delay and throw pause, and the board's walk, from the
 * settings: the "pace" chosen, or "computer-delay" where it is set (>= 0),
 * one time for every wait (the tests' 0). Either may be NULL. */
void           ksm_pace_apply    (GSettings *settings,
                                  KsmGame   *game,
                                  GtkWidget *board);

G_END_DECLS
