/* ksm-analysis.h: a played game judged by the strongest level, decision by
 * decision and throw by throw (doc/analysis.md).
 *
 * Plain C11 over ksm-rules.h and ksm-player.h. Every value is a chance of
 * winning, 0 to 1, found by the judge of the hints (ksm_player_judge_options:
 * Expert's search on its fixed work), never by the clock, so the same game
 * gets the same analysis on any machine and every run. */
#pragma once

#include <stdbool.h>

#include "ksm-player.h"
#include "ksm-rules.h"

/* Chance of winning lost by a move, against the best: at or above these it
 * is marked doubtful (?!), bad (?) or a blunder (??). */
#define KSM_ANALYSIS_DOUBTFUL  0.03
#define KSM_ANALYSIS_BAD       0.06
#define KSM_ANALYSIS_BLUNDER   0.12

typedef enum {
  KSM_MARK_NONE,
  KSM_MARK_DOUBTFUL,
  KSM_MARK_BAD,
  KSM_MARK_BLUNDER,
  KSM_N_MARKS
} KsmMark;

typedef enum {
  KSM_ANALYSIS_EVENT_THROW,
  KSM_ANALYSIS_EVENT_MOVE,
  KSM_ANALYSIS_EVENT_LOST,   /* a throw nothing could use */
} KsmAnalysisEventKind;

/* One event of the game, as a record holds it */
typedef struct {
  uint8_t kind;     /* KsmAnalysisEventKind */
  uint8_t player;
  uint8_t face;     /* THROW */
  KsmMove move;     /* MOVE */
} KsmAnalysisEvent;

/* The judge is the hints' (ksm_player_judge_options); these change its work */
typedef struct {
  long max_nodes;   /* positions a depth; 0: the judge's own */
  int  depth;       /* decisions looked ahead; 0: the judge's own */
} KsmAnalysisOptions;

/* The judgement of one event */
typedef struct {
  /* every team's chance of winning in the position after the event, by
   * team index (rules->team_of) */
  double  chance[KSM_MAX_PLAYERS];
  /* a throw: the thrower's chance before it, averaged over every face by
   * its exact odds, after it, and the luck (after - expected) */
  double  expected;
  double  after;
  double  luck;
  /* a move: the chance after the best move and after the one played, and
   * what was lost; `decision` is false when there was no choice */
  bool    decision;
  int     n_moves;
  double  best;
  double  played;
  double  loss;
  KsmMove best_move;
  KsmMark mark;
} KsmAnalysisEntry;

/* Per player: their decisions and their throws */
typedef struct {
  int    moves;          /* moves played, forced ones included */
  int    decisions;      /* moves with a choice */
  double total_loss;     /* chance of winning lost over all of them */
  double error_rate;     /* total_loss / decisions, 0 without decisions */
  int    marks[KSM_N_MARKS];
  int    throws;
  double luck;           /* the sum of the luck of their throws */
} KsmAnalysisSummary;

/* Ranks moves[0..n_moves), the legal moves of `pos`, into hints as every
 * judgement of the analysis does (the judge, no clock), so
 * a move judged before it is played (the app's tutor) gets the mark the
 * analysis would give it. `analysis` may be NULL. Returns n_moves. */
int ksm_analysis_rank (const KsmAnalysisOptions *analysis, const KsmPosition *pos,
                       const KsmMove *moves, int n_moves, KsmHint *hints);

const char *ksm_mark_symbol (KsmMark mark);   /* "", "?!", "?", "??" */
const char *ksm_mark_name   (KsmMark mark);   /* "", "doubtful", "bad", "blunder" */
KsmMark     ksm_mark_for_loss (double loss);

/* Called after each event judged; returning false stops the analysis. */
typedef bool (*KsmAnalysisProgress) (int done, int total, void *data);

/* Judges events[0..n_events) played from the start of a game with
 * `options`, into entries[0..n_events) and start[] (each team's chance
 * before the first event). The events must be legal (a record checks them
 * when it is read). Returns the number of events judged: n_events, or
 * fewer when `progress` stopped it. */
int ksm_analyse (const KsmAnalysisOptions *analysis, const KsmOptions *options,
                 const KsmAnalysisEvent *events, int n_events,
                 KsmAnalysisEntry *entries, double start[KSM_MAX_PLAYERS],
                 KsmAnalysisProgress progress, void *data);

/* The same for events[first..last) of events[0..n_events) only, into
 * entries[first..last), the events before them played unjudged; start[]
 * (may be NULL) gets each team's chance before events[first]. Every
 * judgement depends only on its position (and the throw after it, which
 * is why the whole game is given), so parts judged apart (on several
 * threads) agree with the whole. */
int ksm_analyse_part (const KsmAnalysisOptions *analysis, const KsmOptions *options,
                      const KsmAnalysisEvent *events, int n_events, int first, int last,
                      KsmAnalysisEntry *entries, double start[KSM_MAX_PLAYERS],
                      KsmAnalysisProgress progress, void *data);

/* Sums entries[0..n_events) per player into summary[KSM_MAX_PLAYERS] */
void ksm_analysis_summarise (const KsmOptions *options, const KsmAnalysisEvent *events,
                             const KsmAnalysisEntry *entries, int n_events,
                             KsmAnalysisSummary summary[KSM_MAX_PLAYERS]);
