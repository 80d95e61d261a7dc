/* ksm-tutor-dialog.h: the tutor's question before a costly move: what the
 * move gives up, which move keeps more, and Play Anyway, Take It Back and
 * Show Me. */
#pragma once

#include <adwaita.h>

#include "ksm-game.h"

G_BEGIN_DECLS

/* A dialog, transient for `parent`, about the move `game` holds
 * (ksm_game_get_question); NULL when it holds none. Its "response" is
 * "play-anyway", "take-back" (also when it is closed) or "show-me"; the
 * caller acts on it. */
GtkWidget *ksm_tutor_dialog_new (GtkWindow *parent, KsmGame *game);

G_END_DECLS
