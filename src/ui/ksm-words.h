/* ksm-words.h: the engine's words (game, player, throw and cell names) as
 * people read them, translated. The engine speaks English identifiers; the
 * views say everything through here so translators see each word once. */
#pragma once

#include <glib.h>

#include "ksm-rules.h"

G_BEGIN_DECLS

const char *ksm_words_game_name        (const KsmRules *rules);
const char *ksm_words_game_summary     (const KsmRules *rules);
const char *ksm_words_player_name      (const KsmRules *rules, const KsmOptions *options, int player);
/* the player's pieces, as the skin calls them in the middle of a sentence */
const char *ksm_words_pieces_name      (const KsmRules *rules, const KsmOptions *options, int player);
/* a count of the player's pieces, worded by the skin */
char       *ksm_words_count_pieces     (const KsmRules *rules, const KsmOptions *options, int player, guint count);
const char *ksm_words_face_name        (const KsmRules *rules, int face);
/* the throw as the throw view heads it: "kasi 1", "ashte 8", "2 mouths up" */
char       *ksm_words_face_title       (const KsmRules *rules, int face);
const char *ksm_words_level_name       (int level);
/* what the level does, in a line: "Looks three moves ahead, over every throw" */
const char *ksm_words_level_description (const KsmRules *rules, int level);
const char *ksm_words_option_label     (const KsmRules *rules, const KsmOptionInfo *info);
const char *ksm_words_option_source    (const KsmRules *rules, const KsmOptionInfo *info, gboolean on);
/* "M9" stays as the notation writes it: cell names are coordinates; -1 is
 * "off the board" */
char       *ksm_words_cell_name        (const KsmRules *rules, const KsmOptions *options, int cell);
/* A group of pieces in hand that enters together (KsmMove.group),
 * as a command, "Enter the pair", and as what a move does, "the pair enters" */
const char *ksm_words_enter_group      (guint size);
const char *ksm_words_group_enters     (guint size);
/* Why the throw to be played in `position` is lost, as a phrase to follow
 * "lost: " ("a kasi is needed to start a piece"), each reason that holds a
 * piece back named; NULL where the throw can be played. The skin words a
 * reason where its game says it its own way. */
char       *ksm_words_lost_reason      (const KsmRules *rules, const KsmPosition *position);

/* ", M9 to M6, took 2 stones", ", enters on E0": the clauses added to a
 * throw or a side that say where a move went and what it took, from the
 * position it was played in (plain text) */
char       *ksm_words_move_clauses     (const KsmRules *rules, const KsmOptions *options,
                                        const KsmPosition *position, int mover, const KsmMove *move);
/* ", lost: a kasi is needed to start a piece": a loss and why, from the
 * position the throw was lost in */
char       *ksm_words_lost_clause      (const KsmRules *rules, const KsmPosition *position);

/* a board's length, "17 cells" */
char       *ksm_words_board_length     (guint cells);

/* why a saved game could not be read, in a player's words, not the file's */
const char *ksm_words_load_error       (const GError *error);

G_END_DECLS
