/* ksm-rules.h: the one interface every game implements.
 *
 * Plain C11: no GLib, no GTK. A game is a table of functions (KsmRules); the
 * model, the computer players, the notation and the command-line tool work
 * through it only, so adding a game adds one file and one registry line.
 *
 * A turn runs as a small state machine kept in the position:
 *   KSM_PHASE_THROW  the player to move must throw: the caller samples a face
 *                    from the game's throw model and calls apply_throw ();
 *   KSM_PHASE_MOVE   the player chooses one of legal_moves () (never empty: when
 *                    nothing can use the throw, the only move is KSM_MOVE_LOSE);
 *   KSM_PHASE_OVER   outcome () says who won.
 * A game whose turn is a sequence of throws (Asi Keliya) stays in
 * KSM_PHASE_THROW while throws earn another, then plays them one by one.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KSM_MAX_PLAYERS        4
#define KSM_MAX_MOVES          256
#define KSM_MAX_CELLS          96
#define KSM_MAX_FACES          8
#define KSM_MAX_PENDING        32
#define KSM_NOTATION_MAX       512
#define KSM_ERROR_MAX          160
#define KSM_EXPERT_MAX_FEATURES 64   /* KsmRules.expert_n_features: at most */
#define KSM_POLICY_MOVE_FEATURES 4     /* a rollout policy's own features of a move */
#define KSM_POLICY_MAX_FEATURES 32     /* KsmRules.policy_n_features: at most */
/* a rollout policy's weights for a game with n policy_features */
#define KSM_POLICY_N_WEIGHTS(n) (2 * (KSM_POLICY_MOVE_FEATURES + (n)))
#define KSM_POSITION_BYTES     64   /* KsmPosition.u.bytes: no bigger than the shipped games' states */

#define KSM_KASIMALA_ROWS        3
#define KSM_KASIMALA_MAX_LENGTH  25

/* The games the engine ships; a game registered at run time
 * (ksm_rules_register) gets a kind from KSM_N_GAMES up, below KSM_MAX_GAMES */
typedef enum {
  KSM_GAME_KASIMALA,
  KSM_GAME_ASHTE_KASHTE,
  KSM_GAME_ASI_KELIYA,
  KSM_N_GAMES
} KsmGameKind;

#define KSM_MAX_GAMES 8
/* no game: what ksm_rules_register and ksm_rules_kind answer on failure */
#define KSM_GAME_NONE ((KsmGameKind) KSM_MAX_GAMES)

typedef enum {
  KSM_PHASE_THROW,
  KSM_PHASE_MOVE,
  KSM_PHASE_OVER
} KsmPhase;

/* Rule options. Boolean rules are bits of `flags`, described per game by
 * KsmRules.option_info so the CLI and the new-game page list them without
 * knowing the game. */
typedef struct {
  uint8_t  game;          /* KsmGameKind: a shipped game's, or a registered one's */
  uint8_t  length;        /* Kasimala: 17, 21 or 25 cells a row */
  uint8_t  n_players;     /* Ashte Kashte: 2-4; fixed for the others */
  uint8_t  first_player;  /* who throws first */
  uint16_t throw_limit;   /* Kasimala: game ends after this many throws; 0 = none */
  uint32_t flags;         /* KSM_OPT_* bits of this game */
} KsmOptions;

/* Kasimala option bits */
enum {
  KSM_OPT_KASIMALA_EXTRA_THROW = 1u << 0,  /* chya and ngha throw again */
  KSM_OPT_KASIMALA_KASI_STARTS = 1u << 1,  /* only a kasi starts a piece, and must */
  KSM_OPT_KASIMALA_SAFE_LAIGAS = 1u << 2,  /* laigas are safe and cannot be landed on */
};

/* Asi Keliya option bits */
enum {
  KSM_OPT_ASI_PASSING         = 1u << 0,  /* no passing the other team without a So-hatara */
  KSM_OPT_ASI_PARTNER_PLAY    = 1u << 1,  /* a player all home throws and plays for the partner */
};

/* Ashte Kashte option bits */
enum {
  KSM_OPT_ASHTE_BLOOD_RULE    = 1u << 0,  /* no inner rings before a capture */
  KSM_OPT_ASHTE_CAPTURE_EXTRA = 1u << 1,  /* a capture throws again */
  KSM_OPT_ASHTE_GRACE         = 1u << 2,  /* Falkener: enter only on a 4 or an 8 */
};

typedef struct {
  const char *key;          /* CLI flag and notation word: "extra-throw" */
  const char *label;        /* "Chya and ngha throw again" */
  const char *source;       /* where the default comes from */
  const char *other_source; /* where the other reading comes from */
  uint32_t    flag;
  bool        default_on;
} KsmOptionInfo;

/* Kasimala. cells[row][col - 1]: > 0 that many bottom pieces (bricks), < 0 that
 * many top pieces (stones). A waiting piece is a single piece on its own row
 * whose bit (col - 1) is set in waiting[side]. `occupied` repeats the cells as
 * bits so move generation visits pieces only, not every cell; the engine
 * keeps it in step, so write positions through the rules, never by hand. */
typedef struct {
  int8_t   cells[KSM_KASIMALA_ROWS][KSM_KASIMALA_MAX_LENGTH];
  uint32_t waiting[2];
  uint64_t occupied[2][2];  /* bit per cell index (see ksm-kasimala.c): a side's pieces */
  uint8_t  pieces[2];       /* pieces left on the board, waiting ones included */
} KsmKasimalaState;

/* Ashte Kashte: each token's index along its colour's path (0-48, 48 the
 * centre), or -1 off the board before it enters under Falkener's grace. */
typedef struct {
  int8_t  token[KSM_MAX_PLAYERS][4];
  uint8_t blooded;          /* bit per colour that has captured */
} KsmAshteState;

/* Asi Keliya: each piece's index along its owner's track (-1 in hand, 0-47 on
 * the track, 48 home), and the throws of the turn waiting to be played.
 * While a turn's sequence holds a So-hatara its whole total is a pool of
 * units to split freely; otherwise each pending throw moves one piece. */
typedef struct {
  int8_t  piece[KSM_MAX_PLAYERS][4];
  uint8_t bond[KSM_MAX_PLAYERS][4];   /* in hand: the pieces (bits) that re-enter with it */
  uint8_t pending[KSM_MAX_PENDING];   /* faces thrown this turn, not yet played */
  uint8_t n_pending;
  uint8_t split;                      /* the sequence holds a So-hatara */
  uint8_t pool;                       /* units left to play, when split */
} KsmAsiState;

/* A position: plain data, copied with `=`. */
typedef struct {
  KsmOptions options;
  uint8_t    phase;        /* KsmPhase */
  uint8_t    to_move;      /* player index */
  uint8_t    face;         /* in KSM_PHASE_MOVE: the throw to be played */
  uint32_t   throw_count;  /* throws made so far, all players */
  union {
    KsmKasimalaState kasimala;
    KsmAshteState    ashte;
    KsmAsiState      asi;
    /* a game registered at run time keeps its state here, in a layout
     * of its own (zeroed by its init, so positions compare bytewise) */
    uint8_t          bytes[KSM_POSITION_BYTES];
  } u;
} KsmPosition;

typedef enum {
  KSM_MOVE_STEP,    /* a started piece moves the whole throw */
  KSM_MOVE_START,   /* a waiting piece (or one in hand) starts */
  KSM_MOVE_LOSE,    /* nothing can use the throw: it is lost */
} KsmMoveKind;

/* A move, filled in by legal_moves (). `from` and `to` are cell indices of the
 * game's geometry (-1 for off the board). `captured` says how many pieces the
 * move takes, so a view can say so before it is played. */
typedef struct {
  uint8_t kind;       /* KsmMoveKind */
  int8_t  from;
  int8_t  to;
  uint8_t distance;
  uint8_t slot;       /* which pending throw it plays (Asi Keliya) */
  uint8_t captured;
  /* Asi Keliya, a piece in hand entering: how many pieces enter with it
   * (pieces sent back from one cell together enter together, and groups of
   * different sizes are different moves); 0 in every other move */
  uint8_t group;
} KsmMove;

/* What applying a move did, for the record and the views. */
typedef struct {
  uint8_t captured;          /* pieces taken */
  uint8_t captured_waiting;  /* of which were still waiting */
  int8_t  captured_player;   /* whose, or -1 */
  bool    throws_again;      /* the same player throws next */
  bool    game_over;
} KsmEffect;

typedef enum {
  KSM_END_NONE,
  KSM_END_ALL_CAPTURED,   /* Kasimala: one side took every piece of the other */
  KSM_END_THROW_LIMIT,    /* Kasimala: the throw limit was reached */
  KSM_END_ALL_HOME,       /* race games: all pieces home */
  KSM_END_BLOCKED,        /* Ashte Kashte: nobody can move */
} KsmEndReason;

typedef struct {
  bool    over;
  int8_t  winner;      /* player, or -1 for a draw */
  int8_t  winning_team;/* team, or -1 */
  bool    gulmasi;     /* Kasimala: won without losing a piece */
  uint8_t score;       /* points to the winner in the running score */
  uint8_t reason;      /* KsmEndReason */
} KsmOutcome;

/* Throws: each strip or cowrie falls either way with probability 1/2, so a
 * throw is an n-bit pattern, all patterns equally likely, and its face follows
 * from the pattern. The exact odds of a face are its share of the 2^n
 * patterns. */
typedef struct {
  const char *name;       /* "kasi" */
  uint8_t     value;      /* 1 */
  bool        throws_again;
  /* other names a player may give it, space-separated: "dwak" (the
   * Kasimala page's other name), "S" (how Asi Keliya's notation writes the
   * So-hatara); NULL for none */
  const char *other_names;
} KsmFace;

typedef struct {
  const char *object_name;   /* "strip", "cowrie" */
  uint8_t     n_objects;
  uint8_t     n_faces;
  KsmFace     faces[KSM_MAX_FACES];
  uint8_t   (*face_of_pattern) (uint32_t pattern);
  /* bit per object (its bit in the pattern) told apart from the others,
   * as Asi Keliya's yellow cowrie: see ksm_rules_object_marks () */
  uint32_t    marked_objects;
} KsmThrowModel;

/* Where a view draws a cell, in units of the game's grid. */
typedef struct {
  float x, y, width, height;
} KsmCellPlace;

enum {
  KSM_CELL_SAFE = 1u << 0,    /* a laiga, a start square, a corner */
  /* where pieces end their race, home, where nobody is captured (Ashte
   * Kashte's centre, Asi Keliya's home) */
  KSM_CELL_GOAL = 1u << 1,
  /* where some player's race starts: added by ksm_rules_cell_flags () from
   * start_cell, never by a game's own cell_flags */
  KSM_CELL_ENTRY = 1u << 2,
};

/* A player's standing under rules that hold some players back (player_flags) */
enum {
  KSM_PLAYER_BLOOD_RULE = 1u << 0,  /* must capture before the inner rings (Ashte Kashte) */
  KSM_PLAYER_BLOODED    = 1u << 1,  /* has captured, so the blood rule no longer holds it */
};

/* Why a throw is lost (lost_reasons): no words here, the views word them */
typedef enum {
  KSM_LOST_NONE,             /* the throw can be played, or nothing is to be played */
  KSM_LOST_NOTHING_TO_MOVE,  /* no piece left that could move */
  KSM_LOST_NEEDS_ENTRY,      /* pieces waiting or off the board enter only on other throws */
  KSM_LOST_OVERSHOOT,        /* the goal or the home row takes an exact count */
  KSM_LOST_BLOCKED,          /* the landing cell is one the other side holds safely */
  KSM_LOST_NO_PASSING,       /* no passing the other team without a So-hatara */
  KSM_LOST_NEEDS_BLOOD,      /* the blood rule: no inner rings before a capture */
  KSM_LOST_SEVERAL,          /* pieces held back for different reasons */
  KSM_LOST_NO_COUNT,         /* the throws to play count nothing (Asi Keliya's zero) */
} KsmLostReason;

/* The marks of throw objects (KsmThrowModel.object_marks) */
enum {
  KSM_OBJECT_MARKED = 1u << 0,  /* told apart from the others (Asi Keliya's yellow cowrie) */
};

typedef struct {
  int8_t  player;     /* whose pieces (the first, where several share), or -1 */
  uint8_t count;      /* how many of `player`'s */
  bool    waiting;    /* a waiting piece (Kasimala) */
  uint8_t counts[KSM_MAX_PLAYERS];  /* each player's pieces: safe squares can be shared */
  uint8_t home_row;   /* bit per player whose pieces here are on their home row */
} KsmCellContent;

typedef struct KsmRules KsmRules;

struct KsmRules {
  const char          *id;        /* "kasimala": the CLI's --game */
  const char          *name;      /* "Kasimala Paay" */
  KsmThrowModel        throws;
  const KsmOptionInfo *option_info;
  unsigned             n_option_info;
  /* a race: a captured piece goes back to start rather than off the board,
   * so what a side has is its progress, not its pieces left */
  bool                 race;
  /* a win without losing a piece scores more, a gulmasi (Kasimala) */
  bool                 gulmasi;
  /* decisions Hard looks ahead, where its game's turns are wider than
   * KSM_HARD_DEPTH can afford; 0: KSM_HARD_DEPTH */
  int                  hard_depth;
  /* positions Hard's search looks at, at most, at each depth: its fixed
   * amount of work, set so that a decision takes well under 50 ms at the
   * median on a desktop; 0: KSM_HARD_NODES */
  long                 hard_nodes;
  /* Hard by rollouts instead of the search, where luck swamps what depth
   * sees: Medium's best `hard_candidates` moves are each played on by
   * Medium for every seat `hard_rollouts` times, `hard_horizon` throws
   * each, on the same throws for every move, and judged by hard_evaluate
   * at the end; 0: Hard searches */
  int                  hard_rollouts;
  int                  hard_horizon;
  int                  hard_candidates;
  /* Expert: Hard's search with a learnt evaluation at its leaves, on its
   * own fixed budget (doc/computer-players.md, "Expert"). The model is
   * linear under a logistic: `player` wins with the chance
   * 1 / (1 + exp (-sum of expert_weights[i] * features[i])), the features
   * written by expert_features from `player`'s side (a constant feature
   * carries the bias). The weights are data shipped with the engine, so a
   * decision reads no file and allocates nothing. expert_n_features 0 (at
   * most KSM_EXPERT_MAX_FEATURES): no model, and Expert plays as Hard. */
  int                  expert_n_features;
  void               (*expert_features) (const KsmPosition *pos, int player, float *features);
  const float         *expert_weights;
  /* positions Expert's search looks at, at most, at each depth; 0: hard_nodes */
  long                 expert_nodes;
  /* decisions Expert looks ahead; 0: the game's Hard depth */
  int                  expert_depth;
  /* Expert by rollouts, for a game whose Hard rolls out and which has no
   * model (expert_n_features 0): Hard's rollouts with `expert_rollouts` a
   * move over Medium's best `expert_candidates` (0: Hard's), which is what
   * has made rollouts stronger every time; 0: Expert plays as Hard. With
   * `expert_screen` (0: none), every move is first rolled out that many
   * times, and the candidates are the best by those rollouts rather than
   * Medium's (KsmPlayerOptions.screen). */
  int                  expert_rollouts;
  int                  expert_candidates;
  int                  expert_screen;
  /* What a rollout policy learnt from rollouts of self-play sees of a
   * move, to play rollouts instead of Medium (KsmPlayerOptions.policy_weights,
   * a screen: no level plays one yet; doc/computer-players.md, "Asi
   * Keliya's rollout policy"): each seat plays the move whose features,
   * weighed by the policy's weights, sum highest. A move's features are
   * its own (KSM_POLICY_MOVE_FEATURES: safe cells held and the next
   * throw's expected take, as Medium counts them, pieces taken, whether
   * the mover's turn goes on), then the game's
   * policy_features of the position after it from the mover's side, then
   * all of them again times whether the turn goes on: KSM_POLICY_N_WEIGHTS
   * weights in all. NULL: the game has none. */
  int                  policy_n_features;
  void               (*policy_features) (const KsmPosition *pos, int player, float *features);

  void  (*default_options) (KsmOptions *options);
  /* false with a message when the options make no game */
  bool  (*check_options)   (const KsmOptions *options, char *error, size_t error_size);
  void  (*init)            (KsmPosition *pos, const KsmOptions *options);

  int   (*n_players)       (const KsmOptions *options);
  int   (*team_of)         (const KsmOptions *options, int player);
  const char *(*player_name) (const KsmOptions *options, int player);

  void  (*apply_throw)     (KsmPosition *pos, int face);
  /* writes at most KSM_MAX_MOVES moves, returns how many (at least 1 in
   * KSM_PHASE_MOVE, 0 otherwise); never allocates */
  int   (*legal_moves)     (const KsmPosition *pos, KsmMove *moves);
  void  (*apply_move)      (KsmPosition *pos, const KsmMove *move, KsmEffect *effect);
  void  (*outcome)         (const KsmPosition *pos, KsmOutcome *outcome);
  /* pieces of a player not yet lost: on the board, waiting, in hand or home */
  int   (*pieces_left)     (const KsmPosition *pos, int player);

  int   (*n_cells)         (const KsmOptions *options);
  void  (*cell_name)       (const KsmOptions *options, int cell, char *buf, size_t size);
  void  (*cell_place)      (const KsmOptions *options, int cell, KsmCellPlace *place);
  unsigned (*cell_flags)   (const KsmOptions *options, int cell);
  void  (*cell_content)    (const KsmPosition *pos, int cell, KsmCellContent *content);

  /* Notation (doc/notation.md). format_* write a NUL-terminated string and
   * return its length, or -1 when it does not fit. parse_* return false and
   * write a one-line message naming what is wrong. */
  int   (*format_position) (const KsmPosition *pos, char *buf, size_t size);
  bool  (*parse_position)  (const char *text, KsmPosition *pos, char *error, size_t error_size);
  int   (*format_move)     (const KsmPosition *pos, const KsmMove *move, char *buf, size_t size);
  bool  (*parse_move)      (const KsmPosition *pos, const char *text, KsmMove *move,
                            char *error, size_t error_size);
  /* A move as a saved game holds it: parse_move, and also the forms that
   * files written before the notation last changed used with another
   * meaning (doc/saved-games.md); NULL: parse_move alone */
  bool  (*parse_saved_move) (const KsmPosition *pos, const char *text, KsmMove *move,
                             char *error, size_t error_size);

  /* For the computer players (ksm-player.h); NULL makes them fall back on
   * pieces left. The chance, from 0 to 1, that `player` wins from `pos`, in
   * any phase: 1 or 0 (0.5 a draw) once the game is over. It must be cheap
   * (the search calls it at every leaf), pure and thread-safe, and it sees
   * the position only: never a throw to come. */
  double (*evaluate)       (const KsmPosition *pos, int player);
  /* The judge at the end of Hard's rollouts (hard_rollouts), where it
   * wants another than `evaluate`, which Medium and the search keep; NULL:
   * `evaluate`. The same contract as `evaluate`. */
  double (*hard_evaluate)  (const KsmPosition *pos, int player);

  /* The cells a move walks through, the landing cell last: so a view can
   * walk a piece cell by cell without knowing the paths. Writes at most
   * KSM_MAX_PATH cells and returns how many (0 for a lost throw). */
  int   (*move_path)       (const KsmPosition *pos, const KsmMove *move, int8_t *cells);

  /* Queries for the views, so that they need neither the position's
   * union nor a game's rules of their own. Each may be NULL where a game
   * has no such thing; call them through the ksm_rules_* helpers below,
   * which answer for a NULL one. */

  /* The throws the player to move holds and has still to play, in a game
   * whose turn throws first and plays afterwards (Asi Keliya): writes at
   * most KSM_MAX_PENDING faces and returns how many; *split says whether
   * they are a pool of units to split freely (a So-hatara), *pool how many
   * units it has left. NULL: a turn plays the throw just made. */
  int   (*held_throws)     (const KsmPosition *pos, uint8_t *faces, bool *split, int *pool);
  /* KSM_PLAYER_* bits of `player`; NULL: none */
  uint32_t (*player_flags) (const KsmPosition *pos, int player);
  /* The cell of the waiting piece `player` would start next, where a game
   * starts its waiting pieces in an order (Kasimala), or -1; NULL: -1 */
  int   (*next_to_start)   (const KsmPosition *pos, int player);
  /* The cell where `player`'s race starts: where all its pieces stand at
   * first, or where they enter from off the board; -1 where they start
   * spread out (Kasimala). NULL: -1 */
  int   (*start_cell)      (const KsmOptions *options, int player);
  /* The cell a piece of `player` steps to from `cell` along its path, for
   * the arrows that show the way, where that is one cell (Kasimala's
   * rows), else -1; NULL: -1 */
  int   (*next_cell)       (const KsmOptions *options, int player, int cell);
  /* Whether `face` earns another throw under these options; NULL: the
   * face's throws_again */
  bool  (*face_throws_again) (const KsmOptions *options, int face);
  /* A key for how `player`'s pieces look ("brick", "red", "black"...),
   * the same for every game that shares a look; NULL: "player-N" */
  const char *(*style_key) (const KsmOptions *options, int player);
  /* Why the throw to be played is lost, asked in KSM_PHASE_MOVE where the
   * only move is KSM_MOVE_LOSE: a bit (1u << KsmLostReason) for each reason
   * that holds some piece back, never KSM_LOST_NONE nor KSM_LOST_SEVERAL;
   * 0 or NULL: nothing to move */
  unsigned (*lost_reasons) (const KsmPosition *pos);

  /* What a new game may choose beyond the rule options, so the new-game
   * page and the settings offer it without knowing the game. */
  /* the board lengths options.length may take (Kasimala's 17, 21, 25);
   * NULL: the board has one size, options.length is not a choice */
  const uint8_t       *lengths;
  unsigned             n_lengths;
  /* options.throw_limit ends a game (0 there: no limit) */
  bool                 throw_limit;
  /* how many may play (options.n_players); 0: as default_options says */
  uint8_t              min_players;
  uint8_t              max_players;
};

#define KSM_MAX_PATH 16

/* The registry: the shipped games, then those registered at run time */
const KsmRules *ksm_rules_get       (KsmGameKind game);
const KsmRules *ksm_rules_lookup    (const char *id);
const KsmRules *ksm_rules_for       (const KsmPosition *pos);
/* every game, shipped and registered, in the order they came */
unsigned        ksm_rules_n_games   (void);
const KsmRules *ksm_rules_nth       (unsigned n);
/* Adds a game defined outside the engine (a test's, a plug-in's) and
 * returns its kind, for KsmOptions.game; registering the same rules again
 * returns the same kind. KSM_GAME_NONE when the registry is full or another
 * game has the id. Not thread-safe: register before any thread uses the
 * engine. `rules` must outlive the process. */
KsmGameKind     ksm_rules_register  (const KsmRules *rules);
/* the kind of a registered or shipped game, so its default_options can
 * fill KsmOptions.game; KSM_GAME_NONE for rules not in the registry */
KsmGameKind     ksm_rules_kind      (const KsmRules *rules);

/* Helpers over any game */
int  ksm_rules_face_weight  (const KsmRules *rules, int face);   /* out of 2^n_objects */
int  ksm_rules_face_lookup  (const KsmRules *rules, const char *text); /* name, other name or value; -1 */
bool ksm_rules_parse_position (const char *text, KsmPosition *pos, char *error, size_t error_size);
bool ksm_moves_equal        (const KsmMove *a, const KsmMove *b);

/* The queries for the views (ksm-queries.c), each answering for a game
 * that leaves its function NULL */
int      ksm_rules_held_throws    (const KsmRules *rules, const KsmPosition *pos,
                                   uint8_t *faces, bool *split, int *pool);
bool     ksm_rules_holds_throws   (const KsmRules *rules);
uint32_t ksm_rules_player_flags   (const KsmRules *rules, const KsmPosition *pos, int player);
int      ksm_rules_next_to_start  (const KsmRules *rules, const KsmPosition *pos, int player);
int      ksm_rules_start_cell     (const KsmRules *rules, const KsmOptions *options, int player);
int      ksm_rules_next_cell      (const KsmRules *rules, const KsmOptions *options, int player, int cell);
unsigned ksm_rules_cell_flags     (const KsmRules *rules, const KsmOptions *options, int cell);
bool     ksm_rules_face_throws_again (const KsmRules *rules, const KsmOptions *options, int face);
unsigned ksm_rules_object_marks   (const KsmRules *rules, int object);
const char *ksm_rules_style_key   (const KsmRules *rules, const KsmOptions *options, int player);
/* why the throw to be played is lost: KSM_LOST_SEVERAL where pieces are
 * held back for different reasons; KSM_LOST_NONE where it can be played */
KsmLostReason ksm_rules_lost_reason (const KsmRules *rules, const KsmPosition *pos);
/* each reason as a bit (1u << KsmLostReason), so a view can name them all;
 * 0 where the throw can be played */
unsigned ksm_rules_lost_reasons   (const KsmRules *rules, const KsmPosition *pos);
/* the player whose pieces hold the cells a lost throw's moves would land
 * on (KSM_LOST_BLOCKED), where the player to move has one other side; -1
 * otherwise */
int      ksm_rules_lost_blocker   (const KsmRules *rules, const KsmPosition *pos);
/* how many may play a new game, from `min` to `max` (both the default
 * options' number where the game has one) */
void     ksm_rules_player_range   (const KsmRules *rules, int *min, int *max);
/* the other player of `player`'s team, or -1 where it plays alone */
int      ksm_rules_partner_of     (const KsmRules *rules, const KsmOptions *options, int player);
