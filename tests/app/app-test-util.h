/* app-test-util.h: the window fixture the app tests under Xvfb share
 * (tests/app and tests/reliability).
 *
 * Everything here is static inline, so each test binary gets its own copy
 * and an unused helper draws no warning.
 */
#pragma once

#include <adwaita.h>
#include <glib/gstdio.h>

#include "ksm-application.h"
#include "ksm-window.h"

#include "test-application.h"
#include "test-helpers.h"

typedef struct {
  KsmApplication *app;
  KsmWindow      *window;
  char           *data_dir;   /* XDG_DATA_HOME/kasimala */
} Fixture;

/* A window of a fresh app over an empty data folder */
static inline void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  fixture->data_dir = g_build_filename (g_get_user_data_dir (), "kasimala", NULL);
  remove_tree (fixture->data_dir);
  g_mkdir_with_parents (g_get_user_data_dir (), 0700);
  fixture->app = test_application ();
  fixture->window = ksm_window_new (fixture->app);
  gtk_window_present (GTK_WINDOW (fixture->window));
  iterate (3);
}

static inline void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  test_destroy_window (GTK_WINDOW (fixture->window));
  iterate (3);
  remove_tree (fixture->data_dir);
  g_free (fixture->data_dir);
}

static inline void
activate (Fixture *fixture, const char *action, GVariant *parameter)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (fixture->window), action, parameter));
  iterate (2);
}

/* throws and moves (each time the last legal move) until the game has at
 * least `n` events */
static inline void
test_play_events (Fixture *fixture, KsmGame *game, guint n)
{
  while (ksm_record_get_n_events (ksm_game_get_record (game)) < n)
    {
      g_assert_cmpint (ksm_game_get_phase (game), !=, KSM_PHASE_OVER);
      if (ksm_game_get_phase (game) == KSM_PHASE_MOVE)
        {
          guint n_moves;
          const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
          g_assert_cmpuint (n_moves, >, 0);
          g_assert_true (ksm_game_play (game, &moves[n_moves - 1]));
        }
      else
        activate (fixture, "win.throw", NULL);
      iterate (1);
    }
}
