/* ksm-tutor-dialog.c: the tutor's question, worded as the hints word a
 * move and its chance. */
#include "config.h"

#include "ksm-tutor-dialog.h"

#include <glib/gi18n.h>

#include "ksm-numbers.h"
#include "ksm-words.h"

/* in whole percent, as the hints show chances */
#define PERCENT(chance) ((int) ((chance) * 100 + 0.5))

/* the mover plays in a team of more than one seat */
static gboolean
in_team (const KsmRules *rules, const KsmOptions *options, int player)
{
  int n_players = rules->n_players (options);

  for (int p = 0; p < n_players; p++)
    if (p != player && rules->team_of (options, p) == rules->team_of (options, player))
      return TRUE;
  return FALSE;
}

GtkWidget *
ksm_tutor_dialog_new (GtkWindow *parent, KsmGame *game)
{
  const KsmRules *rules;
  const KsmOptions *options;
  KsmQuestion question;
  AdwMessageDialog *dialog;
  g_autofree char *from = NULL, *to = NULL, *loss = NULL, *better = NULL, *body = NULL;
  int given_up;

  g_return_val_if_fail (KSM_IS_GAME (game), NULL);

  if (!ksm_game_get_question (game, &question))
    return NULL;
  rules = ksm_game_get_rules (game);
  options = ksm_game_get_options (game);
  /* the difference of the chances as shown, so the three numbers agree */
  given_up = PERCENT (question.best) - PERCENT (question.played);
  if (in_team (rules, options, (int) ksm_game_get_player (game)))
    /* Translators: the tutor, before a move that loses much; %d%% is the
     * chance of winning it loses, of the team the mover plays in */
    loss = ksm_format (_("This move gives up %d%% of your team's chance of winning."), given_up);
  else
    /* Translators: the tutor, before a move that loses much; %d%% is the
     * chance of winning it loses */
    loss = ksm_format (_("This move gives up %d%% of your chance of winning."), given_up);
  from = ksm_words_cell_name (rules, options, question.better.from);
  to = ksm_words_cell_name (rules, options, question.better.to);
  /* Translators: the tutor names the best move, "B16 to M17", as the hints
   * do, and the chances of winning after it and after the move chosen */
  better = ksm_format (_("%s to %s keeps more: %d%% against %d%%."), from, to,
                       PERCENT (question.best), PERCENT (question.played));
  body = g_strconcat (loss, "\n", better, NULL);

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, _("A Costly Move"), body));
  adw_message_dialog_add_responses (dialog,
                                    "show-me", _("_Show Me"),
                                    "take-back", _("_Take It Back"),
                                    "play-anyway", _("_Play Anyway"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "take-back", ADW_RESPONSE_SUGGESTED);
  /* no default: the key that chose the move does not answer for it too */
  adw_message_dialog_set_close_response (dialog, "take-back");
  return GTK_WIDGET (dialog);
}
