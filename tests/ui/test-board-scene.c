/* test-board-scene.c: the board's scene over real games and figures, with
 * no widget: what the cells hold, what can move, the highlights, and the
 * order of its signals when a move is played. */
#include "config.h"

#include <string.h>

#include "ksm-board-scene.h"
#include "ksm-cell.h"
#include "ksm-skin.h"

static KsmGame *
new_game (KsmGameKind kind, guint64 seed)
{
  const KsmRules *rules = ksm_rules_get (kind);
  KsmOptions options;
  KsmSeat seats[KSM_MAX_PLAYERS] = {
    { .kind = KSM_SEAT_PERSON }, { .kind = KSM_SEAT_PERSON },
    { .kind = KSM_SEAT_PERSON }, { .kind = KSM_SEAT_PERSON },
  };

  rules->default_options (&options);
  return ksm_game_new (&options, seats, seed);
}

static int
cell_named (KsmBoardScene *scene, const char *name)
{
  const KsmRules *rules = ksm_board_scene_get_rules (scene);
  const KsmOptions *options = ksm_board_scene_get_options (scene);

  for (int i = 0; i < rules->n_cells (options); i++)
    {
      char buf[16];
      rules->cell_name (options, i, buf, sizeof buf);
      if (g_str_equal (buf, name))
        return i;
    }
  g_assert_not_reached ();
}

static void
throw_until_move (KsmGame *game)
{
  for (int i = 0; i < 500 && ksm_game_get_phase (game) == KSM_PHASE_THROW; i++)
    g_assert_true (ksm_game_throw (game));
  g_assert_cmpint (ksm_game_get_phase (game), ==, KSM_PHASE_MOVE);
}

static void
record_cb (KsmBoardScene *scene, GString *heard)
{
  const char *name = g_signal_name (g_signal_get_invocation_hint (scene)->signal_id);

  g_string_append_printf (heard, "%s%s", heard->len > 0 ? " " : "", name);
}

static void
record_walk_cb (KsmBoardScene *scene, gpointer walk, GString *heard)
{
  g_assert_true (walk == ksm_board_scene_get_walk (scene));
  record_cb (scene, heard);
}

static void
listen (KsmBoardScene *scene, GString *heard)
{
  static const char *const names[] = { "reset", "changed", "highlight-changed", "interrupt" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_signal_connect (scene, names[i], G_CALLBACK (record_cb), heard);
  g_signal_connect (scene, "walk", G_CALLBACK (record_walk_cb), heard);
}

static void
test_scene_cells (void)
{
  g_autoptr(KsmGame) game = new_game (KSM_GAME_KASIMALA, 1);
  g_autoptr(KsmBoardScene) scene = ksm_board_scene_new ();
  KsmBoardSceneCell cell;

  g_assert_null (ksm_board_scene_get_position (scene));
  g_assert_cmpuint (ksm_board_scene_get_n_cells (scene), ==, 0);

  ksm_board_scene_set_game (scene, game);
  g_assert_true (ksm_board_scene_get_game (scene) == game);
  g_assert_cmpuint (ksm_board_scene_get_n_board_cells (scene), ==, 3 * 17);
  /* every piece starts on the board: no yards */
  g_assert_cmpuint (ksm_board_scene_get_n_cells (scene), ==, 3 * 17);
  g_assert_cmpint (ksm_board_scene_yard_of (scene, 0), ==, -1);

  ksm_board_scene_get_cell (scene, (guint) cell_named (scene, "B17"), &cell);
  g_assert_cmpint (cell.yard, ==, -1);
  g_assert_cmpint (cell.content.player, ==, 0);
  g_assert_true (cell.content.waiting);
  g_assert_true (cell.next);
  g_assert_null (cell.move);
  ksm_board_scene_get_cell (scene, (guint) cell_named (scene, "B16"), &cell);
  g_assert_false (cell.next);
  ksm_board_scene_get_cell (scene, (guint) cell_named (scene, "M9"), &cell);
  g_assert_true (cell.safe);
  g_assert_cmpint (cell.content.player, ==, -1);
  ksm_board_scene_get_cell (scene, (guint) cell_named (scene, "M8"), &cell);
  g_assert_false (cell.safe);

  /* a throw is due: nothing can move */
  g_assert_null (ksm_board_scene_move_from (scene, cell_named (scene, "B17")));
  g_assert_false (ksm_board_scene_activate (scene, cell_named (scene, "B17")));
}

static void
test_scene_move (void)
{
  g_autoptr(KsmGame) game = new_game (KSM_GAME_KASIMALA, 7);
  g_autoptr(KsmBoardScene) scene = ksm_board_scene_new ();
  g_autoptr(GString) heard = g_string_new (NULL);
  const KsmMove *moves;
  const KsmBoardWalk *walk;
  KsmMove move, shown;
  guint n_moves;
  int from, pointed, mover;
  gboolean refused;

  ksm_board_scene_set_game (scene, game);
  throw_until_move (game);
  mover = (int) ksm_game_get_position (game)->to_move;
  moves = ksm_board_scene_get_moves (scene, &n_moves);
  g_assert_cmpuint (n_moves, >, 0);
  move = moves[0];
  from = ksm_board_scene_move_cell (scene, &move);
  g_assert_cmpint (from, >=, 0);
  g_assert_true (ksm_moves_equal (ksm_board_scene_move_from (scene, from), &move));

  /* pointing at the piece shows its move; leaving another cell keeps it */
  listen (scene, heard);
  ksm_board_scene_set_hovered (scene, from, TRUE);
  g_assert_true (ksm_board_scene_get_shown_move (scene, &shown, &pointed, &refused));
  g_assert_cmpint (pointed, ==, from);
  g_assert_cmpint (shown.to, ==, move.to);
  g_assert_false (refused);
  ksm_board_scene_set_hovered (scene, from + 1, FALSE);
  g_assert_true (ksm_board_scene_get_shown_move (scene, &shown, &pointed, &refused));
  ksm_board_scene_set_hovered (scene, from, FALSE);
  g_assert_false (ksm_board_scene_get_shown_move (scene, &shown, &pointed, &refused));
  g_assert_cmpint (pointed, ==, -1);
  g_assert_cmpstr (heard->str, ==, "highlight-changed highlight-changed");

  /* a move played: the walk first, then the cells */
  g_string_truncate (heard, 0);
  g_assert_null (ksm_board_scene_get_walk (scene));
  g_assert_true (ksm_board_scene_activate (scene, from));
  g_assert_cmpstr (heard->str, ==, "interrupt walk changed");
  walk = ksm_board_scene_get_walk (scene);
  g_assert_nonnull (walk);
  g_assert_cmpint (walk->from, ==, from);
  g_assert_cmpint (walk->to, ==, move.to);
  g_assert_cmpint (walk->player, ==, mover);
  g_assert_cmpint (walk->path_length, >=, 1);
  g_assert_cmpint (walk->path[walk->path_length - 1], ==, move.to);

  /* an undo walks nothing: a running walk ends */
  g_string_truncate (heard, 0);
  g_assert_true (ksm_game_undo (game));
  g_assert_true (g_str_has_prefix (heard->str, "interrupt changed"));

  /* another game: the cells are rebuilt */
  g_string_truncate (heard, 0);
  ksm_board_scene_set_game (scene, NULL);
  g_assert_cmpstr (heard->str, ==, "interrupt reset");
  g_assert_null (ksm_board_scene_get_walk (scene));
  g_assert_cmpuint (ksm_board_scene_get_n_cells (scene), ==, 0);
}

static void
test_scene_yards (void)
{
  g_autoptr(KsmGame) game = new_game (KSM_GAME_ASI_KELIYA, 3);
  g_autoptr(KsmBoardScene) scene = ksm_board_scene_new ();
  const KsmRules *rules = ksm_game_get_rules (game);
  const KsmOptions *options = ksm_game_get_options (game);
  int n_players = rules->n_players (options);
  guint n_board_cells;
  guint n_moves;

  ksm_board_scene_set_game (scene, game);
  n_board_cells = ksm_board_scene_get_n_board_cells (scene);
  g_assert_cmpuint (ksm_board_scene_get_n_cells (scene), ==, n_board_cells + (guint) n_players);
  for (int p = 0; p < n_players; p++)
    {
      KsmBoardSceneCell cell;
      int yard = ksm_board_scene_yard_of (scene, p);

      g_assert_cmpint (yard, ==, (int) n_board_cells + p);
      ksm_board_scene_get_cell (scene, (guint) yard, &cell);
      g_assert_cmpint (cell.yard, ==, p);
      g_assert_cmpint (cell.content.player, ==, p);
      g_assert_cmpuint (cell.content.count, ==, ksm_board_scene_pieces_in_hand (scene, p));
      g_assert_cmpuint (cell.content.count, ==, (guint) rules->pieces_left (ksm_game_get_position (game), p));
      g_assert_cmpint (ksm_board_scene_start_cell (scene, p), >=, 0);
    }
  g_assert_cmpint (ksm_board_scene_yard_of (scene, n_players), ==, -1);

  /* a distance no move has lets nothing be picked */
  throw_until_move (game);
  g_assert_nonnull (ksm_board_scene_get_moves (scene, &n_moves));
  g_assert_cmpuint (n_moves, >, 0);
  ksm_board_scene_set_distance (scene, 200);
  g_assert_cmpuint (ksm_board_scene_get_distance (scene), ==, 200);
  for (guint i = 0; i < ksm_board_scene_get_n_cells (scene); i++)
    g_assert_null (ksm_board_scene_move_from (scene, (int) i));
  ksm_board_scene_set_distance (scene, 0);
  g_assert_nonnull (ksm_board_scene_move_from (scene, ksm_board_scene_move_cell (scene,
                                               &ksm_board_scene_get_moves (scene, &n_moves)[0])));
}

static void
test_scene_figure (void)
{
  g_autoptr(KsmBoardScene) scene = ksm_board_scene_new ();
  g_autoptr(GString) heard = g_string_new (NULL);
  const KsmRules *rules = ksm_rules_get (KSM_GAME_ASHTE_KASHTE);
  KsmOptions options;
  KsmPosition position;
  KsmMove shown;
  int pointed;
  guint n_moves;
  gboolean refused;

  rules->default_options (&options);
  rules->init (&position, &options);
  listen (scene, heard);
  ksm_board_scene_set_position (scene, &position);
  g_assert_cmpstr (heard->str, ==, "interrupt reset");
  g_assert_null (ksm_board_scene_get_game (scene));
  g_assert_true (ksm_board_scene_get_rules (scene) == rules);
  g_assert_cmpuint (ksm_board_scene_get_n_board_cells (scene), ==, (guint) rules->n_cells (&options));
  /* a figure is read-only */
  g_assert_null (ksm_board_scene_get_moves (scene, &n_moves));
  g_assert_false (ksm_board_scene_is_yours (scene, 0));

  g_assert_false (ksm_board_scene_get_shown_move (scene, &shown, &pointed, &refused));
  ksm_board_scene_set_highlight (scene, 3, 5, 1, TRUE);
  g_assert_true (ksm_board_scene_get_shown_move (scene, &shown, &pointed, &refused));
  g_assert_cmpint (pointed, ==, 3);
  g_assert_cmpint (shown.from, ==, 3);
  g_assert_cmpint (shown.to, ==, 5);
  g_assert_cmpuint (shown.captured, ==, 1);
  g_assert_true (refused);
  ksm_board_scene_set_highlight (scene, -1, 5, 0, FALSE);
  g_assert_false (ksm_board_scene_get_shown_move (scene, &shown, &pointed, &refused));
}

/* The looks of a side come from its style key, through the game's skin */
static void
test_scene_piece_styles (void)
{
  const KsmRules *kasimala = ksm_rules_get (KSM_GAME_KASIMALA);
  const KsmRules *asi = ksm_rules_get (KSM_GAME_ASI_KELIYA);
  KsmOptions options;

  kasimala->default_options (&options);
  g_assert_cmpint (ksm_skin_piece_style (ksm_skin_for (kasimala), kasimala, &options, 0), ==, KSM_CELL_STYLE_BRICK);
  g_assert_cmpint (ksm_skin_piece_style (ksm_skin_for (kasimala), kasimala, &options, 1), ==, KSM_CELL_STYLE_STONE);
  g_assert_cmpint (ksm_skin_piece_style (ksm_skin_for (kasimala), kasimala, &options, -1), ==, -1);
  asi->default_options (&options);
  g_assert_cmpint (ksm_skin_piece_style (ksm_skin_for (asi), asi, &options, 1), ==, KSM_CELL_STYLE_BLACK);
  /* the default skin knows every shipped key too */
  g_assert_cmpint (ksm_skin_piece_style (ksm_skin_for (NULL), asi, &options, 1), ==, KSM_CELL_STYLE_BLACK);
  g_assert_cmpint (ksm_skin_piece_style (ksm_skin_for (NULL), asi, &options, 3), ==, KSM_CELL_STYLE_GREEN);
}

/* every move the scene lets a person pick plays the distance the game has
 * selected */
static void
assert_moves_follow (KsmBoardScene *scene, KsmGame *game)
{
  guint distance = ksm_game_get_selected_throw (game);
  guint picked = 0;

  g_assert_cmpuint (ksm_board_scene_get_distance (scene), ==, distance);
  g_assert_cmpuint (ksm_board_scene_get_group (scene), ==, ksm_game_get_selected_group (game));
  for (int i = 0; i < (int) ksm_board_scene_get_n_cells (scene); i++)
    {
      const KsmMove *move = ksm_board_scene_move_from (scene, i);
      if (move == NULL)
        continue;
      g_assert_cmpuint (move->distance, ==, distance);
      picked++;
    }
  g_assert_cmpuint (picked, >, 0);
}

/* The held throw a person chooses lives in the game: the scene follows it
 * without a view passing it on, through every choice and every move */
static void
test_scene_follows_selection (void)
{
  guint switched = 0;

  for (guint64 seed = 1; seed <= 40 && switched < 3; seed++)
    {
      g_autoptr(KsmGame) game = new_game (KSM_GAME_ASI_KELIYA, seed);
      g_autoptr(KsmBoardScene) scene = ksm_board_scene_new ();

      ksm_board_scene_set_game (scene, game);
      for (int step = 0; step < 300 && ksm_game_get_phase (game) != KSM_PHASE_OVER; step++)
        {
          guint n_moves;
          const KsmMove *moves;

          throw_until_move (game);
          if (ksm_game_get_selected_throw (game) != 0)
            {
              assert_moves_follow (scene, game);
              /* choose each other throw the turn can play */
              for (guint distance = 1; distance <= 24; distance++)
                if (distance != ksm_game_get_selected_throw (game)
                    && ksm_game_select_throw (game, distance))
                  {
                    assert_moves_follow (scene, game);
                    switched++;
                  }
            }
          moves = ksm_game_get_moves (game, &n_moves);
          g_assert_cmpuint (n_moves, >, 0);
          if (ksm_game_get_selected_throw (game) != 0)
            {
              /* play as a person would: a move the scene offers */
              gboolean played = FALSE;
              for (int i = 0; !played && i < (int) ksm_board_scene_get_n_cells (scene); i++)
                if (ksm_board_scene_move_from (scene, i) != NULL)
                  played = ksm_board_scene_activate (scene, i);
              g_assert_true (played);
            }
          else
            g_assert_true (ksm_game_play (game, &moves[0]));
        }
    }
  /* the seeds held turns of several throws to choose between */
  g_assert_cmpuint (switched, >=, 3);
}

/* the last move of `game`'s record that is a move, or -1 */
static int
last_move_in (KsmGame *game, guint n_events)
{
  KsmRecord *record = ksm_game_get_record (game);

  for (guint i = n_events; i-- > 0;)
    {
      const KsmEvent *event = ksm_record_get_event (record, i);
      if (event->kind == KSM_EVENT_MOVE && event->move.kind != KSM_MOVE_LOSE)
        return (int) i;
    }
  return -1;
}

/* The scene's last move is event `event` of the record: its from, walk
 * and landing, and the cells say so */
static void
assert_last_move_is (KsmBoardScene *scene, KsmGame *game, int event)
{
  const KsmBoardPlayed *last = ksm_board_scene_get_last_move (scene);
  const KsmEvent *played;
  const KsmBoardWalk *walk;
  guint from_cells = 0, to_cells = 0;

  if (event < 0)
    {
      g_assert_null (last);
      for (guint i = 0; i < ksm_board_scene_get_n_cells (scene); i++)
        {
          KsmBoardSceneCell cell;
          ksm_board_scene_get_cell (scene, i, &cell);
          g_assert_cmpuint (cell.last, ==, 0);
        }
      return;
    }
  played = ksm_record_get_event (ksm_game_get_record (game), (guint) event);
  g_assert_nonnull (last);
  g_assert_cmpuint (last->event, ==, (guint) event);
  walk = &last->walk;
  g_assert_cmpint (walk->player, ==, played->player);
  g_assert_cmpint (walk->to, ==, played->move.to);
  if (played->move.from >= 0)
    g_assert_cmpint (walk->from, ==, played->move.from);
  else
    g_assert_cmpint (walk->from, ==, ksm_board_scene_yard_of (scene, played->player));
  g_assert_cmpint (walk->path_length, >=, 1);
  g_assert_cmpint (walk->path[walk->path_length - 1], ==, played->move.to);
  g_assert_cmpuint (walk->captured, ==, played->move.captured);

  for (guint i = 0; i < ksm_board_scene_get_n_cells (scene); i++)
    {
      KsmBoardSceneCell cell;
      gboolean on_path = FALSE;

      ksm_board_scene_get_cell (scene, i, &cell);
      for (int k = 0; k + 1 < walk->path_length; k++)
        on_path |= walk->path[k] == (int) i && (int) i != walk->to;
      g_assert_cmpint (!!(cell.last & KSM_BOARD_MARK_FROM), ==, (int) i == walk->from);
      g_assert_cmpint (!!(cell.last & KSM_BOARD_MARK_TO), ==, (int) i == walk->to);
      g_assert_cmpint (!!(cell.last & KSM_BOARD_MARK_PATH), ==, on_path);
      g_assert_cmpuint (cell.last, ==, ksm_board_scene_marks_of (scene, last, (int) i));
      from_cells += (cell.last & KSM_BOARD_MARK_FROM) != 0;
      to_cells += (cell.last & KSM_BOARD_MARK_TO) != 0;
    }
  g_assert_cmpuint (from_cells, ==, walk->from >= 0 ? 1 : 0);
  g_assert_cmpuint (to_cells, ==, 1);
}

/* plays the first move of the next throw that moves; its event index */
static int
play_a_move (KsmGame *game)
{
  guint n_moves;
  const KsmMove *moves;
  KsmMove move;

  for (int tries = 0; tries < 500; tries++)
    {
      throw_until_move (game);
      moves = ksm_game_get_moves (game, &n_moves);
      move = moves[0];
      g_assert_true (ksm_game_play (game, &move));
      if (move.kind != KSM_MOVE_LOSE)
        return last_move_in (game, ksm_game_get_n_events (game));
    }
  g_assert_not_reached ();
}

/* The last move stays marked until the next, through throws, undo and redo */
static void
test_scene_last_move (void)
{
  g_autoptr(KsmGame) game = new_game (KSM_GAME_KASIMALA, 7);
  g_autoptr(KsmBoardScene) scene = ksm_board_scene_new ();
  g_autoptr(GString) heard = g_string_new (NULL);
  int first, second;

  ksm_board_scene_set_game (scene, game);
  assert_last_move_is (scene, game, -1);

  first = play_a_move (game);
  assert_last_move_is (scene, game, first);
  /* a throw, or a throw lost, since: still the same move */
  if (ksm_game_get_phase (game) == KSM_PHASE_THROW)
    {
      g_assert_true (ksm_game_throw (game));
      assert_last_move_is (scene, game, first);
    }
  second = play_a_move (game);
  g_assert_cmpint (second, >, first);
  assert_last_move_is (scene, game, second);

  /* undo takes the mark back to the move before; redo brings it again */
  listen (scene, heard);
  g_assert_true (ksm_game_undo (game));
  g_assert_cmpint (last_move_in (game, ksm_game_get_n_events (game)), ==, first);
  assert_last_move_is (scene, game, first);
  g_assert_true (ksm_game_redo (game));
  assert_last_move_is (scene, game, second);
  g_assert_true (ksm_game_undo (game));
  g_assert_true (ksm_game_undo (game));
  assert_last_move_is (scene, game, -1);

  /* a move in the undone one's place is marked, not the one undone */
  second = play_a_move (game);
  assert_last_move_is (scene, game, second);
  g_assert_true (strstr (heard->str, "changed") != NULL);
}

/* What a move takes is marked where it took it, and whose it was */
static void
test_scene_last_move_takes (void)
{
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      g_autoptr(KsmGame) game = new_game (KSM_GAME_KASIMALA, seed);
      g_autoptr(KsmBoardScene) scene = ksm_board_scene_new ();

      ksm_board_scene_set_game (scene, game);
      for (int step = 0; step < 400 && ksm_game_get_phase (game) != KSM_PHASE_OVER; step++)
        {
          guint n_moves;
          const KsmMove *moves;
          const KsmRules *rules = ksm_game_get_rules (game);
          KsmCellContent victim;
          const KsmBoardWalk *walk;
          const KsmBoardPlayed *last;
          KsmBoardSceneCell cell;
          KsmMove move;
          int mover, taken_player = -1;
          guint marked = 0;

          throw_until_move (game);
          moves = ksm_game_get_moves (game, &n_moves);
          move = moves[0];
          for (guint i = 0; i < n_moves; i++)
            if (moves[i].captured > 0)
              move = moves[i];
          if (move.captured == 0)
            {
              g_assert_true (ksm_game_play (game, &move));
              continue;
            }

          mover = (int) ksm_game_get_position (game)->to_move;
          rules->cell_content (ksm_game_get_position (game), move.to, &victim);
          g_assert_cmpint (victim.player, !=, mover);
          g_assert_true (ksm_game_play (game, &move));

          /* the walk's pieces fading are the victim's, not the mover's */
          walk = ksm_board_scene_get_walk (scene);
          g_assert_nonnull (walk);
          g_assert_cmpint (walk->captured_player, ==, victim.player);
          last = ksm_board_scene_get_last_move (scene);
          g_assert_nonnull (last);
          g_assert_cmpuint (ksm_board_scene_taken_at (scene, last, move.to, &taken_player), ==, move.captured);
          g_assert_cmpint (taken_player, ==, victim.player);
          ksm_board_scene_get_cell (scene, (guint) move.to, &cell);
          g_assert_true (cell.last & KSM_BOARD_MARK_TAKEN);
          g_assert_true (cell.last & KSM_BOARD_MARK_TO);
          g_assert_cmpuint (cell.taken, ==, move.captured);
          g_assert_cmpint (cell.taken_player, ==, victim.player);
          for (guint i = 0; i < ksm_board_scene_get_n_cells (scene); i++)
            {
              ksm_board_scene_get_cell (scene, i, &cell);
              marked += (cell.last & KSM_BOARD_MARK_TAKEN) != 0;
            }
          g_assert_cmpuint (marked, ==, 1);
          return;
        }
    }
  g_assert_not_reached ();
}

/* A review marks, at step n, the last move of the first n events; a game
 * resumed from its record marks its last move at once */
static void
test_scene_last_move_review (void)
{
  g_autoptr(KsmGame) game = new_game (KSM_GAME_ASI_KELIYA, 5);
  g_autoptr(KsmBoardScene) scene = ksm_board_scene_new ();
  g_autoptr(KsmRecord) copy = NULL;
  g_autoptr(KsmGame) review = NULL;
  g_autoptr(KsmGame) resumed = NULL;
  g_autoptr(GError) error = NULL;
  guint n_events, checked = 0;

  for (int i = 0; i < 12; i++)
    play_a_move (game);
  n_events = ksm_game_get_n_events (game);

  copy = ksm_record_copy (ksm_game_get_record (game));
  resumed = ksm_game_new_from_record (copy, &error);
  g_assert_no_error (error);
  ksm_board_scene_set_game (scene, resumed);
  assert_last_move_is (scene, resumed, last_move_in (resumed, n_events));
  g_clear_object (&copy);

  copy = ksm_record_copy (ksm_game_get_record (game));
  review = ksm_game_new_for_review (copy, &error);
  g_assert_no_error (error);
  ksm_board_scene_set_game (scene, review);
  assert_last_move_is (scene, review, last_move_in (review, n_events));
  for (guint step = 0; step <= n_events; step++)
    {
      ksm_game_seek (review, step);
      g_assert_cmpuint (ksm_game_get_n_events (review), ==, step);
      assert_last_move_is (scene, review, last_move_in (review, step));
      checked += last_move_in (review, step) >= 0;
    }
  /* and back again */
  for (guint step = n_events; step-- > 0;)
    {
      ksm_game_seek (review, step);
      assert_last_move_is (scene, review, last_move_in (review, step));
    }
  g_assert_cmpuint (checked, >, 10);
}

/* A history row pointed at recalls its move, apart from the last move */
static void
test_scene_recall (void)
{
  g_autoptr(KsmGame) game = new_game (KSM_GAME_ASHTE_KASHTE, 11);
  g_autoptr(KsmBoardScene) scene = ksm_board_scene_new ();
  g_autoptr(GString) heard = g_string_new (NULL);
  const KsmBoardPlayed *recalled;
  KsmRecord *record = ksm_game_get_record (game);
  int first, second, thrown = -1;
  KsmPosition before;
  int8_t path[KSM_MAX_PATH];
  int length;
  const KsmEvent *event;

  ksm_board_scene_set_game (scene, game);
  first = play_a_move (game);
  second = play_a_move (game);
  for (int i = 0; i < first; i++)
    if (ksm_record_get_event (record, (guint) i)->kind == KSM_EVENT_THROW)
      thrown = i;
  g_assert_cmpint (thrown, >=, 0);

  listen (scene, heard);
  ksm_board_scene_recall_event (scene, first);
  g_assert_cmpstr (heard->str, ==, "highlight-changed");
  recalled = ksm_board_scene_get_recalled (scene);
  g_assert_nonnull (recalled);
  g_assert_cmpuint (recalled->event, ==, (guint) first);
  /* its walk is the rules' path from the position it was played in */
  event = ksm_record_get_event (record, (guint) first);
  g_assert_true (ksm_record_replay (record, (guint) first, &before, NULL));
  length = ksm_game_get_rules (game)->move_path (&before, &event->move, path);
  g_assert_cmpint (recalled->walk.path_length, ==, length);
  g_assert_cmpmem (recalled->walk.path, (gsize) length, path, (gsize) length);
  g_assert_cmpint (recalled->walk.to, ==, event->move.to);
  /* the last move is still the last */
  g_assert_cmpuint (ksm_board_scene_get_last_move (scene)->event, ==, (guint) second);
  {
    KsmBoardSceneCell cell;
    ksm_board_scene_get_cell (scene, (guint) event->move.to, &cell);
    g_assert_true (cell.recalled & KSM_BOARD_MARK_TO);
  }

  /* again the same: nothing to say; a throw has no move to recall */
  g_string_truncate (heard, 0);
  ksm_board_scene_recall_event (scene, first);
  g_assert_cmpstr (heard->str, ==, "");
  ksm_board_scene_recall_event (scene, thrown);
  g_assert_null (ksm_board_scene_get_recalled (scene));
  g_assert_cmpstr (heard->str, ==, "highlight-changed");
  ksm_board_scene_recall_event (scene, -1);
  g_assert_cmpstr (heard->str, ==, "highlight-changed");

  /* an undone move is no longer recalled */
  ksm_board_scene_recall_event (scene, second);
  g_assert_nonnull (ksm_board_scene_get_recalled (scene));
  g_assert_true (ksm_game_undo (game));
  g_assert_null (ksm_board_scene_get_recalled (scene));

  /* nor in a figure */
  {
    KsmPosition position = *ksm_game_get_position (game);
    ksm_board_scene_set_position (scene, &position);
    ksm_board_scene_recall_event (scene, first);
    g_assert_null (ksm_board_scene_get_recalled (scene));
    g_assert_null (ksm_board_scene_get_last_move (scene));
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/board-scene/cells", test_scene_cells);
  g_test_add_func ("/board-scene/move", test_scene_move);
  g_test_add_func ("/board-scene/yards", test_scene_yards);
  g_test_add_func ("/board-scene/figure", test_scene_figure);
  g_test_add_func ("/board-scene/piece-styles", test_scene_piece_styles);
  g_test_add_func ("/board-scene/follows-selection", test_scene_follows_selection);
  g_test_add_func ("/board-scene/last-move", test_scene_last_move);
  g_test_add_func ("/board-scene/last-move-takes", test_scene_last_move_takes);
  g_test_add_func ("/board-scene/last-move-review", test_scene_last_move_review);
  g_test_add_func ("/board-scene/recall", test_scene_recall);
  return g_test_run ();
}
