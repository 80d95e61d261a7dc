/* ksm-pace.c */
#include "config.h"

#include "ksm-pace.h"

#include <glib/gi18n.h>

#include "ksm-board.h"

/* Slowest first, as Preferences lists them. A walk lasts up to 2.2 times
 * the board's animation-duration (ksm_board_start_walk), so each walk is
 * kept under its step, and the piece lands before the next step starts. */
static const KsmPace paces[] = {
  { "slow",    1600, 2000, 600 },
  { "normal",   900, 1200, 350 },
  { "fast",     400,  600, 150 },
  { "instant",    0,    0,   0 },
};

#define DEFAULT_PACE 1

guint
ksm_pace_count (void)
{
  return G_N_ELEMENTS (paces);
}

const KsmPace *
ksm_pace_nth (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (paces), NULL);
  return &paces[index];
}

const KsmPace *
ksm_pace_lookup (const char *id)
{
  for (guint i = 0; id != NULL && i < G_N_ELEMENTS (paces); i++)
    if (g_str_equal (paces[i].id, id))
      return &paces[i];
  return &paces[DEFAULT_PACE];
}

const char *
ksm_pace_describe (const KsmPace *pace)
{
  g_return_val_if_fail (pace != NULL, NULL);

  /* one sentence a pace, its times written out, so that each language
   * writes its own numbers */
  switch (pace - paces)
    {
    case 0:
      return _("1.6 s a step, 2 s after a throw");
    case 1:
      return _("0.9 s a step, 1.2 s after a throw");
    case 2:
      return _("0.4 s a step, 0.6 s after a throw");
    default:
      return _("No pauses: the computer plays at once");
    }
}

void
ksm_pace_apply (GSettings *settings,
                KsmGame   *game,
                GtkWidget *board)
{
  g_autofree char *id = NULL;
  const KsmPace *pace;
  int delay;
  guint step, throw_pause;

  g_return_if_fail (G_IS_SETTINGS (settings));

  id = g_settings_get_string (settings, "pace");
  pace = ksm_pace_lookup (id);
  delay = g_settings_get_int (settings, "computer-delay");
  step = delay >= 0 ? (guint) delay : pace->step;
  throw_pause = delay >= 0 ? (guint) delay : pace->throw_pause;

  if (game != NULL)
    {
      ksm_game_set_computer_delay (game, step);
      ksm_game_set_throw_pause (game, throw_pause);
    }
  if (board != NULL)
    ksm_board_set_animation_duration (KSM_BOARD (board), pace->walk);
}
