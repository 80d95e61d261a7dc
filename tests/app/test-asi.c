/* test-asi.c: Asi Keliya in the app, under Xvfb: the new-game page's four
 * seats and partners, the cross board with its corners, triangles and home,
 * the six cowries with the yellow one, the throws waiting to be played as
 * tokens, and a game of one person and three computers played through the
 * UI (the throw action, a token, a click on a highlighted cell) to its end
 * dialog, and a person choosing which group in hand enters. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ksm-application.h"
#include "ksm-board.h"
#include "ksm-cell.h"
#include "ksm-game-settings.h"
#include "ksm-game-view.h"
#include "ksm-hint-popover.h"
#include "ksm-history-view.h"
#include "ksm-player.h"
#include "ksm-random.h"
#include "ksm-record.h"
#include "ksm-window.h"

#include "app-test-util.h"

static KsmBoard *
board_of (Fixture *fixture)
{
  return KSM_BOARD (ksm_game_view_get_board (ksm_window_get_game_view (fixture->window)));
}

/* A new game of Asi Keliya with these seats ("person" or a level) */
static KsmGame *
start_game (Fixture *fixture, const char *const *seats, const char *const *rules_off)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.kasimala.Kasimala");
  g_autoptr(GSettings) game_settings = ksm_game_settings_new (ksm_rules_lookup ("asi-keliya"));
  const char *none[] = { NULL };

  g_settings_set_strv (game_settings, "seats", seats);
  g_settings_set_strv (game_settings, "rules-off", rules_off != NULL ? rules_off : none);
  g_settings_set_int (game_settings, "first", 0);
  g_settings_set_int (settings, "computer-delay", 0);
  activate (fixture, "win.choose-game", g_variant_new_string ("asi-keliya"));
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "new-game");
  activate (fixture, "win.start-game", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  return ksm_window_get_game (fixture->window);
}


static void
test_new_game_seats (Fixture *fixture, gconstpointer data)
{
  const char *seats[] = { "person", "easy", "medium", "hard", NULL };
  const char *partner_off[] = { "partner-play", NULL };
  KsmGame *game = start_game (fixture, seats, partner_off);
  const KsmOptions *options = ksm_game_get_options (game);
  KsmGameView *view = ksm_window_get_game_view (fixture->window);

  g_assert_cmpstr (ksm_game_get_rules (game)->id, ==, "asi-keliya");
  g_assert_cmpint (options->n_players, ==, 4);
  g_assert_true (options->flags & KSM_OPT_ASI_PASSING);
  g_assert_false (options->flags & KSM_OPT_ASI_PARTNER_PLAY);
  g_assert_cmpint (ksm_game_get_seat (game, 0)->kind, ==, KSM_SEAT_PERSON);
  g_assert_cmpint (ksm_game_get_seat (game, 1)->level, ==, KSM_LEVEL_EASY);
  g_assert_cmpint (ksm_game_get_seat (game, 2)->level, ==, KSM_LEVEL_MEDIUM);
  g_assert_cmpint (ksm_game_get_seat (game, 3)->level, ==, KSM_LEVEL_HARD);
  /* partners marked: South and North one team, East and West the other */
  for (guint p = 0; p < 4; p++)
    {
      GtkWidget *chip = ksm_game_view_get_seat_chip (view, p);
      g_assert_nonnull (chip);
      g_assert_true (gtk_widget_has_css_class (chip, p % 2 == 0 ? "team-a" : "team-b"));
    }
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (gtk_widget_get_last_child (
                                ksm_game_view_get_seat_chip (view, 0)))), "partner of North"));
}

static void
test_board_and_cowries (Fixture *fixture, gconstpointer data)
{
  const char *seats[] = { "person", "person", "person", "person", NULL };
  KsmBoard *board;
  GtkWidget *throw_view, *child;
  guint safe = 0, triangles = 0, cowries = 0, yellow = 0;
  static const int styles[4] = { KSM_CELL_STYLE_RED, KSM_CELL_STYLE_BLACK,
                                 KSM_CELL_STYLE_YELLOW, KSM_CELL_STYLE_GREEN };

  start_game (fixture, seats, NULL);
  board = board_of (fixture);
  /* 57 cells: four corners safe, four triangles, the home; four hands beside */
  g_assert_cmpuint (ksm_board_get_n_board_cells (board), ==, 57);
  for (guint i = 0; i < 57; i++)
    {
      GtkWidget *cell = ksm_board_get_cell (board, i);
      safe += gtk_widget_has_css_class (cell, "laiga");
      triangles += gtk_widget_has_css_class (cell, "triangle");
    }
  g_assert_cmpuint (safe, ==, 4);
  g_assert_cmpuint (triangles, ==, 4);
  g_assert_true (gtk_widget_has_css_class (ksm_board_get_cell (board, 56), "goal"));
  for (guint p = 0; p < 4; p++)
    {
      GtkWidget *yard = ksm_board_get_cell (board, 57 + p);
      g_assert_nonnull (yard);
      g_assert_true (gtk_widget_has_css_class (yard, "yard"));
      g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (yard)), ==, 4);
      g_assert_cmpint (ksm_cell_get_player (KSM_CELL (yard)), ==, styles[p]);
    }

  /* six cowries, drawn as they fell, the first the yellow one */
  throw_view = ksm_game_view_get_throw_view (ksm_window_get_game_view (fixture->window));
  activate (fixture, "win.throw", NULL);
  for (child = gtk_widget_get_first_child (throw_view); child != NULL; child = gtk_widget_get_next_sibling (child))
    for (GtkWidget *c = gtk_widget_get_first_child (child); c != NULL; c = gtk_widget_get_next_sibling (c))
      if (gtk_widget_has_css_class (c, "cowrie"))
        {
          cowries++;
          yellow += gtk_widget_has_css_class (c, "yellow");
          g_assert_true (gtk_widget_has_css_class (c, "up") || gtk_widget_has_css_class (c, "down"));
        }
  g_assert_cmpuint (cowries, ==, 6);
  g_assert_cmpuint (yellow, ==, 1);
}

/* Pieces on their home row lie on their side. */
static void
test_home_row_on_side (Fixture *fixture, gconstpointer data)
{
  const char *seats[] = { "person", "person", "person", "person", NULL };
  KsmGame *game = start_game (fixture, seats, NULL);
  const KsmRules *rules = ksm_game_get_rules (game);
  GtkWidget *piece;
  int cell = -1;

  /* where a South piece stands at index 45 of its track, on its home row */
  for (int c = 0; c < 57 && cell < 0; c++)
    {
      KsmCellContent content;
      KsmPosition scratch = *ksm_game_get_position (game);
      scratch.u.asi.piece[0][0] = 45;
      rules->cell_content (&scratch, c, &content);
      if (content.home_row & 1u)
        cell = c;
    }
  g_assert_cmpint (cell, >=, 0);
  {
    KsmPosition scratch = *ksm_game_get_position (game);
    KsmBoard *figure = KSM_BOARD (ksm_board_new ());
    g_object_ref_sink (figure);
    scratch.u.asi.piece[0][0] = 45;
    ksm_board_set_position (figure, &scratch);
    piece = gtk_widget_get_first_child (ksm_board_get_cell (figure, (guint) cell));
    g_assert_nonnull (piece);
    g_assert_true (gtk_widget_has_css_class (piece, "on-side"));
    g_object_unref (figure);
  }
}

/* Picks the token for `move` (its throw, or that many units of the pool)
 * and then clicks the highlighted cell it moves from. */
static void
play_through_ui (Fixture *fixture, KsmGame *game, const KsmMove *move)
{
  KsmGameView *view = ksm_window_get_game_view (fixture->window);
  KsmBoard *board = board_of (fixture);
  GtkWidget *tokens = ksm_game_view_get_pending_tokens (view);
  GtkWidget *token = NULL, *cell;

  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (tokens)));
  for (GtkWidget *t = gtk_widget_get_first_child (tokens); t != NULL; t = gtk_widget_get_next_sibling (t))
    if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (t), "value")) == move->distance)
      {
        token = t;
        break;
      }
  g_assert_nonnull (token);
  g_assert_true (gtk_widget_get_sensitive (token));
  if (!gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (token))
      || ksm_game_get_position (game)->u.asi.split)
    g_signal_emit_by_name (token, "clicked");   /* as a click does, without the keyboard's delay */
  iterate (1);
  g_assert_cmpuint (ksm_board_get_distance (board), ==, move->distance);
  cell = ksm_board_get_move_cell (board, move);
  g_assert_nonnull (cell);
  g_assert_true (ksm_cell_get_movable (KSM_CELL (cell)));
  g_assert_true (gtk_widget_activate (cell));
  iterate (1);
}

static gboolean
hints_shown (gpointer data)
{
  return ksm_hint_popover_get_n_rows (KSM_HINT_POPOVER (data)) > 0;
}

/* Four persons: throws until South has something to play */
static void
throw_until_movable (Fixture *fixture, KsmGame *game)
{
  for (int tries = 0; tries < 500; tries++)
    {
      guint n_moves;
      const KsmMove *moves;

      ksm_board_finish_animation (board_of (fixture));
      if (ksm_game_get_phase (game) == KSM_PHASE_THROW)
        {
          activate (fixture, "win.throw", NULL);
          continue;
        }
      moves = ksm_game_get_moves (game, &n_moves);
      if (moves[0].kind != KSM_MOVE_LOSE)
        return;
      iterate (1);
    }
  g_assert_not_reached ();
}

/* A move played through the tokens and the board is in the history, undo
 * puts it back with the same throws waiting, and a hint ranks and plays. */
static void
test_undo_history_hint (Fixture *fixture, gconstpointer data)
{
  const char *seats[] = { "person", "person", "person", "person", NULL };
  KsmGame *game = start_game (fixture, seats, NULL);
  const KsmRules *rules = ksm_game_get_rules (game);
  KsmGameView *view = ksm_window_get_game_view (fixture->window);
  KsmHintPopover *popover = ksm_window_get_hint_popover (fixture->window);
  char before[KSM_NOTATION_MAX], after[KSM_NOTATION_MAX];
  guint n_moves, n_events;
  const KsmMove *moves;
  KsmMove move;

  throw_until_movable (fixture, game);
  rules->format_position (ksm_game_get_position (game), before, sizeof before);
  n_events = ksm_record_get_n_events (ksm_game_get_record (game));
  moves = ksm_game_get_moves (game, &n_moves);
  move = moves[n_moves - 1];
  play_through_ui (fixture, game, &move);
  ksm_board_finish_animation (board_of (fixture));
  iterate (2);
  g_assert_cmpuint (ksm_record_get_n_events (ksm_game_get_record (game)), >, n_events);
  g_assert_cmpint (ksm_record_get_event (ksm_game_get_record (game), n_events)->kind, ==, KSM_EVENT_MOVE);
  g_assert_cmpuint (ksm_history_view_get_n_rows (KSM_HISTORY_VIEW (ksm_game_view_get_history (view))), >, 0);

  activate (fixture, "win.undo", NULL);
  ksm_board_finish_animation (board_of (fixture));
  iterate (2);
  rules->format_position (ksm_game_get_position (game), after, sizeof after);
  g_assert_cmpstr (after, ==, before);
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (ksm_game_view_get_pending_tokens (view))));

  activate (fixture, "win.hint", NULL);
  wait_for (hints_shown, popover, "the hints");
  ksm_game_get_moves (game, &n_moves);
  g_assert_cmpuint (ksm_hint_popover_get_n_rows (popover), ==, n_moves);
  /* the board points at the best, a piece in hand by its yard */
  move = *ksm_hint_popover_get_row_move (popover, 0);
  g_assert_true (gtk_widget_has_css_class (ksm_board_get_move_cell (board_of (fixture), &move), "pointed"));
  if (move.to >= 0)
    g_assert_true (gtk_widget_has_css_class (ksm_board_get_cell (board_of (fixture), (guint) move.to), "target"));
  g_assert_true (ksm_hint_popover_choose (popover, 0));
  iterate (2);
  g_assert_cmpuint (ksm_record_get_n_events (ksm_game_get_record (game)), >, n_events);
}

/* South a person, the others computers: the person throws with the action
 * and plays the first legal move by its token and a click, to the end. */
static void
test_person_and_three_computers (Fixture *fixture, gconstpointer data)
{
  const char *seats[] = { "person", "random", "random", "random", NULL };
  g_autoptr(GSettings) settings = ksm_game_settings_new (ksm_rules_lookup ("asi-keliya"));
  KsmGame *game = start_game (fixture, seats, NULL);
  KsmBoard *board = board_of (fixture);
  AdwMessageDialog *dialog = NULL;
  KsmOutcome outcome;
  /* by seat, each its team's points: seat 0 (South) is of team 0, seat 1
   * (East) of team 1, so a team's points are at its index */
  int before[KSM_MAX_PLAYERS], after[KSM_MAX_PLAYERS];
  guint moves_played = 0, split_moves = 0;
  gint64 deadline = test_hang_deadline ();

  ksm_game_settings_get_points (settings, ksm_game_get_rules (game), ksm_game_get_options (game), before);
  while (ksm_game_get_phase (game) != KSM_PHASE_OVER)
    {
      test_check_hang (deadline, "a game of four");
      ksm_board_finish_animation (board);
      if (ksm_game_is_person_to_act (game) && ksm_game_get_phase (game) == KSM_PHASE_THROW)
        activate (fixture, "win.throw", NULL);
      else if (ksm_game_is_person_to_act (game) && ksm_game_get_phase (game) == KSM_PHASE_MOVE)
        {
          guint n_moves;
          const KsmMove *moves = ksm_game_get_moves (game, &n_moves);
          KsmMove move = moves[0];

          g_assert_cmpint (move.kind, !=, KSM_MOVE_LOSE);
          split_moves += ksm_game_get_position (game)->u.asi.split != 0;
          play_through_ui (fixture, game, &move);
          moves_played++;
        }
      else
        wait_for_an_event ();   /* the computers' turns: sleep until they act */
      g_main_context_iteration (NULL, FALSE);
    }
  g_test_message ("%u moves by the person, %u of a pool", moves_played, split_moves);
  g_assert_cmpuint (moves_played, >, 0);

  wait_for (dialog_shown, &dialog, "the end of the game's dialog");
  ksm_game_get_outcome (game, &outcome);
  g_assert_true (outcome.over);
  g_assert_cmpint (outcome.winning_team, >=, 0);
  ksm_game_settings_get_points (settings, ksm_game_get_rules (game), ksm_game_get_options (game), after);
  g_assert_cmpint (after[outcome.winning_team], ==, before[outcome.winning_team] + 1);
  g_assert_nonnull (strstr (adw_message_dialog_get_heading (dialog),
                            outcome.winning_team == 0 ? "South and North" : "East and West"));
  /* the status line names the team, not one seat */
  g_assert_cmpstr (ksm_game_view_get_status (ksm_window_get_game_view (fixture->window)), ==,
                   outcome.winning_team == 0 ? "South and North won" : "East and West won");
  g_assert_cmpuint (ksm_cell_get_count (KSM_CELL (ksm_board_get_cell (board, 56))), >=, 1);
  g_assert_true (adw_message_dialog_has_response (dialog, "new-game"));
  adw_message_dialog_response (dialog, "new-game");
  iterate (3);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "start");
}

static gboolean
person_to_act_or_over (gpointer data)
{
  KsmGame *game = KSM_GAME (data);

  return ksm_game_is_person_to_act (game) || ksm_game_get_phase (game) == KSM_PHASE_OVER;
}

static gboolean
allocated (gpointer data)
{
  return gtk_widget_get_height (GTK_WIDGET (data)) > 0;
}

/* whether a row of the strip starts with the side's name and holds `word` (NULL: any) */
static gboolean
strip_names (KsmTurnStrip *strip, const char *side, const char *word)
{
  for (guint i = 0; i < ksm_turn_strip_get_n_rows (strip); i++)
    {
      const char *text = ksm_turn_strip_get_row_text (strip, i);
      if (g_str_has_prefix (text, side) && (word == NULL || strstr (text, word) != NULL))
        return TRUE;
    }
  return FALSE;
}

/* South a person, the others computers: when South's turn comes back, the
 * "since your turn" strip lists each other seat's throws; South's throw
 * clears it, but a lost one stays there, readable, until South throws
 * again. South's other rows never show. */
static void
test_since_your_turn (Fixture *fixture, gconstpointer data)
{
  const char *seats[] = { "person", "random", "random", "random", NULL };
  KsmGame *game = start_game (fixture, seats, NULL);
  KsmTurnStrip *strip = ksm_game_view_get_turn_strip (ksm_window_get_game_view (fixture->window));
  GtkWidget *list = ksm_turn_strip_get_list (strip);
  KsmRecord *record = ksm_game_get_record (game);
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  const char *south = rules->player_name (options, 0);
  guint rounds = 0, clears = 0, losses = 0;
  gint64 deadline = test_hang_deadline ();
  int height;

  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (strip)));
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_ROLE_LIST);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL, "Since your turn");
  g_assert_cmpuint (ksm_turn_strip_get_n_rows (strip), ==, 0);
  wait_for (allocated, strip, "the strip's first allocation");
  height = gtk_widget_get_height (GTK_WIDGET (strip));

  while (rounds < 3 || clears == 0 || losses == 0)
    {
      guint n_events, last_throw = 0;
      gboolean lost = FALSE;

      test_check_hang (deadline, "three rounds, a throw of South's kept and one lost");
      wait_for (person_to_act_or_over, game, "the computers' turns");
      g_assert_cmpint (ksm_game_get_phase (game), !=, KSM_PHASE_OVER);
      n_events = ksm_record_get_n_events (record);
      /* filling, it keeps its height: nothing below it moves */
      iterate (1);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (strip)), ==, height);

      /* South's own rows show only when a throw of theirs was lost */
      for (guint i = 0; i < n_events; i++)
        if (ksm_record_get_event (record, i)->player == 0
            && ksm_record_get_event (record, i)->kind == KSM_EVENT_THROW)
          last_throw = i;
      for (guint i = last_throw; i < n_events; i++)
        lost |= ksm_record_get_event (record, i)->player == 0
                && ksm_record_get_event (record, i)->kind == KSM_EVENT_LOST;
      for (guint i = 0; i < ksm_turn_strip_get_n_rows (strip); i++)
        if (g_str_has_prefix (ksm_turn_strip_get_row_text (strip, i), south))
          g_assert_nonnull (strstr (ksm_turn_strip_get_row_text (strip, i), "lost"));
      g_assert_true (strip_names (strip, south, "lost") == lost);
      losses += lost;

      if (ksm_game_get_phase (game) == KSM_PHASE_THROW)
        {
          /* the turn came back round: each other seat threw meanwhile */
          if (n_events > 0 && ksm_record_get_event (record, n_events - 1)->player != 0)
            {
              for (int p = 1; p < 4; p++)
                g_assert_true (strip_names (strip, rules->player_name (options, p), NULL));
              rounds++;
            }
          activate (fixture, "win.throw", NULL);
          /* a throw that waits to be played (or to throw again) clears it */
          if (ksm_game_is_person_to_act (game) && ksm_record_get_n_events (record) == n_events + 1)
            {
              g_assert_cmpuint (ksm_turn_strip_get_n_rows (strip), ==, 0);
              clears++;
            }
        }
      else
        {
          guint n_moves;
          const KsmMove *moves = ksm_game_get_moves (game, &n_moves);

          g_assert_true (ksm_game_play (game, &moves[0]));
          iterate (1);
        }
    }
  g_test_message ("%u rounds, %u throws kept, %u lost", rounds, clears, losses);
}

/* The first 33 events of a seeded self-play game (`kasimala-cli selfplay
 * --game asi-keliya --games 1 --seed 9 --save DIR`): throws that earn
 * another, then the moves that play them, a So-hatara's pool split, losses
 * and a capture. */
static const char asi_opening[] =
    "{\"format\": \"kasimala-game\", \"version\": 1, \"game\": \"asi-keliya\","
    " \"options\": {\"length\": 4, \"players\": 4, \"first-player\": 0, \"throw-limit\": 0,"
    "   \"rules\": {\"passing\": true, \"partner-play\": false}},"
    " \"seats\": [{\"player\": \"South\", \"kind\": \"person\"}, {\"player\": \"East\", \"kind\": \"person\"},"
    "   {\"player\": \"North\", \"kind\": \"person\"}, {\"player\": \"West\", \"kind\": \"person\"}],"
    " \"seed\": \"9\", \"started\": \"2026-11-30T12:00:00Z\", \"ended\": null, \"result\": null,"
    " \"events\": ["
    "    {\"player\": 0, \"throw\": \"three\", \"pattern\": 21},"
    "    {\"player\": 0, \"lost\": \"three\"},"
    "    {\"player\": 1, \"throw\": \"so-hatara\", \"pattern\": 52},"
    "    {\"player\": 1, \"throw\": \"two\", \"pattern\": 10},"
    "    {\"player\": 1, \"move\": \"in-E0\"},"
    "    {\"player\": 1, \"move\": \"E0-Em1\"},"
    "    {\"player\": 1, \"move\": \"Em1-En4\"},"
    "    {\"player\": 2, \"throw\": \"five\", \"pattern\": 47},"
    "    {\"player\": 2, \"throw\": \"three\", \"pattern\": 41},"
    "    {\"player\": 2, \"move\": \"5:in-N0\"},"
    "    {\"player\": 2, \"move\": \"3:N0-Nm3\"},"
    "    {\"player\": 3, \"throw\": \"two\", \"pattern\": 33},"
    "    {\"player\": 3, \"lost\": \"two\"},"
    "    {\"player\": 0, \"throw\": \"four\", \"pattern\": 46},"
    "    {\"player\": 0, \"lost\": \"four\"},"
    "    {\"player\": 1, \"throw\": \"six\", \"pattern\": 63},"
    "    {\"player\": 1, \"move\": \"6:En4-Np2\"},"
    "    {\"player\": 2, \"throw\": \"two\", \"pattern\": 18},"
    "    {\"player\": 2, \"move\": \"2:Nm3-Nn4\"},"
    "    {\"player\": 3, \"throw\": \"two\", \"pattern\": 5},"
    "    {\"player\": 3, \"lost\": \"two\"},"
    "    {\"player\": 0, \"throw\": \"two\", \"pattern\": 12},"
    "    {\"player\": 0, \"lost\": \"two\"},"
    "    {\"player\": 1, \"throw\": \"two\", \"pattern\": 5},"
    "    {\"player\": 1, \"move\": \"2:Np2-Np4\"},"
    "    {\"player\": 2, \"throw\": \"two\", \"pattern\": 20},"
    "    {\"player\": 2, \"move\": \"2:Nn4-Nn2\"},"
    "    {\"player\": 3, \"throw\": \"three\", \"pattern\": 13},"
    "    {\"player\": 3, \"lost\": \"three\"},"
    "    {\"player\": 0, \"throw\": \"four\", \"pattern\": 43},"
    "    {\"player\": 0, \"lost\": \"four\"},"
    "    {\"player\": 1, \"throw\": \"four\", \"pattern\": 43},"
    "    {\"player\": 1, \"move\": \"4:Np4-Nn2x1\"}"
    "]}";

/* Where a turn throws first and plays afterwards, each throw has its row
 * and each move says which held throw (or how many units of the pool) it
 * plays; a throw held alone is written with its move, as in the other
 * games. No row is left as "East: ?". */
/* A game of four persons played at random, from `seed`, up to where South
 * holds a single piece and a pair in hand and a throw that can enter
 * either; NULL when it never comes */
static KsmRecord *
record_to_groups (guint64 seed)
{
  const KsmRules *rules = ksm_rules_get (KSM_GAME_ASI_KELIYA);
  const KsmSeat seats[4] = { { KSM_SEAT_PERSON, 0 }, { KSM_SEAT_PERSON, 0 },
                             { KSM_SEAT_PERSON, 0 }, { KSM_SEAT_PERSON, 0 } };
  g_autoptr(KsmRecord) record = NULL;
  KsmOptions options;
  KsmPosition pos;
  KsmMove moves[KSM_MAX_MOVES];
  KsmRandom rng;

  rules->default_options (&options);
  record = ksm_record_new (&options, seats, seed);
  ksm_random_seed (&rng, seed);
  rules->init (&pos, &options);
  while (pos.phase != KSM_PHASE_OVER)
    {
      KsmEvent event = { .player = pos.to_move };
      if (pos.phase == KSM_PHASE_THROW)
        {
          event.kind = KSM_EVENT_THROW;
          event.face = (guint8) ksm_throw_sample (&rules->throws, &rng, &event.pattern);
          rules->apply_throw (&pos, event.face);
        }
      else
        {
          int n = rules->legal_moves (&pos, moves);
          guint sizes = 0;
          for (int i = 0; i < n; i++)
            if (moves[i].kind == KSM_MOVE_START)
              sizes |= 1u << moves[i].group;
          if (pos.to_move == 0 && (sizes & 6u) == 6u)
            return g_steal_pointer (&record);
          int chosen = (int) ksm_random_below (&rng, (guint32) n);
          event.kind = moves[chosen].kind == KSM_MOVE_LOSE ? KSM_EVENT_LOST : KSM_EVENT_MOVE;
          event.face = pos.face;
          event.move = moves[chosen];
          rules->apply_move (&pos, &moves[chosen], NULL);
        }
      ksm_record_append (record, &event);
    }
  return NULL;
}

/* South holds a single piece and a pair sent back together: the game
 * offers a toggle for each group, named for it, the hand's cell says which
 * enters, and choosing the single piece (by keyboard) and then the hand
 * enters that piece and leaves the pair in hand. */
static gboolean
toggle_active (gpointer toggle)
{
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle));
}

static void
test_choose_group (Fixture *fixture, gconstpointer data)
{
  g_autoptr(KsmRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) autosave = NULL;
  KsmGameView *view = ksm_window_get_game_view (fixture->window);
  KsmBoard *board;
  KsmGame *game;
  GtkWidget *tokens, *pair = NULL, *single = NULL, *cell, *child;
  const KsmMove *moves;
  KsmMove entering = { 0 };
  guint n_moves, n_events, in_hand = 0;

  for (guint64 seed = 1; seed < 400 && record == NULL; seed++)
    record = record_to_groups (seed);
  g_assert_nonnull (record);
  autosave = g_file_new_build_filename (fixture->data_dir, "autosave.json", NULL);
  g_mkdir_with_parents (fixture->data_dir, 0700);
  g_assert_true (ksm_record_save_to_file (record, autosave, &error));
  g_assert_no_error (error);
  activate (fixture, "win.resume", NULL);
  g_assert_cmpstr (ksm_window_get_page_name (fixture->window), ==, "game");
  game = ksm_window_get_game (fixture->window);
  board = board_of (fixture);
  g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_MOVE);
  g_assert_cmpint (ksm_game_get_player (game), ==, 0);

  /* the throw that enters: its token, if it is not chosen already */
  moves = ksm_game_get_moves (game, &n_moves);
  for (guint i = 0; i < n_moves; i++)
    if (moves[i].kind == KSM_MOVE_START && moves[i].group == 1)
      entering = moves[i];
  g_assert_cmpint (entering.kind, ==, KSM_MOVE_START);
  {
    GtkWidget *pending = ksm_game_view_get_pending_tokens (view);
    for (GtkWidget *t = gtk_widget_get_first_child (pending); t != NULL; t = gtk_widget_get_next_sibling (t))
      if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (t), "value")) == entering.distance
          && !gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (t)))
        {
          g_signal_emit_by_name (t, "clicked");
          break;
        }
    iterate (1);
  }

  /* a toggle a group, the pair first and chosen */
  tokens = ksm_game_view_get_group_tokens (view);
  g_assert_true (gtk_widget_get_visible (tokens));
  for (child = gtk_widget_get_first_child (tokens); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      guint group = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "group"));
      const char *label = gtk_button_get_label (GTK_BUTTON (child));
      if (group == 2)
        {
          pair = child;
          g_assert_cmpstr (label, ==, "Enter the pair");
        }
      else if (group == 1)
        {
          single = child;
          g_assert_cmpstr (label, ==, "Enter the single piece");
        }
    }
  g_assert_nonnull (pair);
  g_assert_nonnull (single);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (pair)));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (single)));
  g_assert_cmpuint (ksm_board_get_group (board), ==, 2);
  cell = ksm_board_get_move_cell (board, &entering);
  g_assert_nonnull (cell);
  g_assert_true (ksm_cell_get_movable (KSM_CELL (cell)));
  g_assert_nonnull (strstr (ksm_cell_get_label (KSM_CELL (cell)), "the pair enters"));

  /* the single piece, as the keyboard chooses it */
  gtk_widget_grab_focus (single);
  g_assert_true (gtk_widget_has_focus (single));
  g_assert_true (gtk_widget_activate (single));
  /* a button the keyboard activates clicks after its press shows */
  wait_for (toggle_active, single, "the single piece's toggle to be on");
  iterate (1);
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (pair)));
  g_assert_cmpuint (ksm_board_get_group (board), ==, 1);
  g_assert_nonnull (strstr (ksm_cell_get_label (KSM_CELL (cell)), "the single piece enters"));

  n_events = ksm_record_get_n_events (ksm_game_get_record (game));
  g_assert_true (gtk_widget_activate (cell));
  iterate (1);
  ksm_board_finish_animation (board);
  g_assert_cmpuint (ksm_record_get_n_events (ksm_game_get_record (game)), ==, n_events + 1);
  g_assert_cmpint (ksm_record_get_event (ksm_game_get_record (game), n_events)->move.group, ==, 1);
  for (int i = 0; i < 4; i++)
    in_hand += ksm_game_get_position (game)->u.asi.piece[0][i] < 0;
  g_assert_cmpuint (in_hand, ==, 2);   /* the pair waits still */
}

static void
test_history_words (void)
{
  static const char *const expected[] = {
    "South: three (3), lost: a 1 or a 5 is needed to enter a piece",
    "East: So-hatara (4), throws again",
    "East: two (2)",
    "East plays 1 unit, enters on E0",
    "East plays 1 unit, E0 to Em1",
    "East plays 4 units, Em1 to En4",
    "North: five (5), throws again",
    "North: three (3)",
    "North plays five (5), enters on N0",
    "North plays three (3), N0 to Nm3",
    "West: two (2), lost: a 1 or a 5 is needed to enter a piece",
    "South: four (4), lost: a 1 or a 5 is needed to enter a piece",
    "East: six (6), En4 to Np2",
    "North: two (2), Nm3 to Nn4",
    "West: two (2), lost: a 1 or a 5 is needed to enter a piece",
    "South: two (2), lost: a 1 or a 5 is needed to enter a piece",
    "East: two (2), Np2 to Np4",
    "North: two (2), Nn4 to Nn2",
    "West: three (3), lost: a 1 or a 5 is needed to enter a piece",
    "South: four (4), lost: a 1 or a 5 is needed to enter a piece",
    "East: four (4), Np4 to Nn2, took 1 North piece",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmRecord) record = ksm_record_new_from_data (asi_opening, -1, &error);
  g_autoptr(KsmGame) game = NULL;
  GtkWidget *history = ksm_history_view_new ();

  g_object_ref_sink (history);
  g_assert_no_error (error);
  game = ksm_game_new_for_review (record, &error);
  g_assert_no_error (error);
  ksm_history_view_set_game (KSM_HISTORY_VIEW (history), game);
  for (guint i = 0; i < ksm_history_view_get_n_rows (KSM_HISTORY_VIEW (history)); i++)
    g_test_message ("%s", ksm_history_view_get_row_text (KSM_HISTORY_VIEW (history), i));
  g_assert_cmpuint (ksm_history_view_get_n_rows (KSM_HISTORY_VIEW (history)), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpstr (ksm_history_view_get_row_text (KSM_HISTORY_VIEW (history), i), ==, expected[i]);
  g_object_unref (history);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("ksm-asi-XXXXXX", NULL);
  int status;

  test_init_process ();
  test_isolate_home (data_home);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add ("/asi/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("new-game-seats", test_new_game_seats);
  ADD ("board-and-cowries", test_board_and_cowries);
  ADD ("home-row-on-side", test_home_row_on_side);
  ADD ("undo-history-hint", test_undo_history_hint);
  ADD ("person-and-three-computers", test_person_and_three_computers);
  ADD ("since-your-turn", test_since_your_turn);
  ADD ("choose-group", test_choose_group);
#undef ADD
  g_test_add_func ("/asi/history-words", test_history_words);

  status = g_test_run ();
  remove_tree (data_home);
  return status;
}
