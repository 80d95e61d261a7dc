/* ksm-game-settings.h: the settings of each game (the choices of its
 * new-game page and its running score), under the relocatable schema
 * APPLICATION_ID ".Game" at games/<rules id>/, so a game the app has never
 * heard of gets its own keys. A key nobody set stands for the game's
 * default, taken from its rules. */
#pragma once

#include <gio/gio.h>

#include "ksm-game.h"
#include "ksm-rules.h"

G_BEGIN_DECLS

/* the settings of `rules`' game */
GSettings *ksm_game_settings_new          (const KsmRules *rules);

/* Carries what the main schema's old keys of each shipped game hold into
 * that game's settings, once: `settings` is the main schema's, whose
 * "game-settings-moved" says it is done (left unset, and nothing written,
 * where no old key holds anything). The application does it at startup. */
void       ksm_game_settings_migrate      (GSettings *settings);

/* A new game's options and seats as last chosen: the rules' defaults
 * where nothing was chosen; seats holds KSM_MAX_PLAYERS. */
void       ksm_game_settings_get_choices  (GSettings        *game_settings,
                                           const KsmRules   *rules,
                                           KsmOptions       *options,
                                           KsmSeat          *seats);
/* remembers a new game's options and seats (KSM_MAX_PLAYERS of them) */
void       ksm_game_settings_set_choices  (GSettings        *game_settings,
                                           const KsmRules   *rules,
                                           const KsmOptions *options,
                                           const KsmSeat    *seats);
/* whether the rule option `info` is on in a new game */
gboolean   ksm_game_settings_rule_on      (GSettings           *game_settings,
                                           const KsmOptionInfo *info);

/* Each seat's points in the running score (a seat shares its team's):
 * writes n_players values to `points` and returns how many. */
guint      ksm_game_settings_get_points   (GSettings        *game_settings,
                                           const KsmRules   *rules,
                                           const KsmOptions *options,
                                           int              *points);
/* `points` more to the team of `winner` */
void       ksm_game_settings_add_points   (GSettings        *game_settings,
                                           const KsmRules   *rules,
                                           const KsmOptions *options,
                                           int               winner,
                                           int               points);

G_END_DECLS
