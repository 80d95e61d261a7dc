/* ksm-analysis.c: a played game judged by the judge of the hints, on fixed work. */
#include "ksm-analysis.h"

#include <string.h>

#include "ksm-search.h"

typedef struct {
  const KsmRules   *rules;
  KsmOptions        options;
  KsmPlayerOptions  judge;
  int               n_teams;
  /* the ranking of the position after the last throw, for the move after it */
  KsmHint           hints[KSM_MAX_MOVES];
  int               n_hints;
  bool              have_hints;
} Analyst;

static const char *const mark_symbols[KSM_N_MARKS] = { "", "?!", "?", "??" };
static const char *const mark_names[KSM_N_MARKS] = { "", "doubtful", "bad", "blunder" };

const char *
ksm_mark_symbol (KsmMark mark)
{
  return mark >= 0 && mark < KSM_N_MARKS ? mark_symbols[mark] : "";
}

const char *
ksm_mark_name (KsmMark mark)
{
  return mark >= 0 && mark < KSM_N_MARKS ? mark_names[mark] : "";
}

KsmMark
ksm_mark_for_loss (double loss)
{
  /* a hair under each threshold still counts, so a printed 0.030 is marked */
  const double slack = 1e-9;
  if (loss + slack >= KSM_ANALYSIS_BLUNDER)
    return KSM_MARK_BLUNDER;
  if (loss + slack >= KSM_ANALYSIS_BAD)
    return KSM_MARK_BAD;
  if (loss + slack >= KSM_ANALYSIS_DOUBTFUL)
    return KSM_MARK_DOUBTFUL;
  return KSM_MARK_NONE;
}

/* the judge of every judgement: the hints' and the tutor's, on its fixed
 * work or the analysis's own, never the clock */
static void
judge_options (const KsmAnalysisOptions *analysis, KsmPlayerOptions *judge)
{
  ksm_player_judge_options (judge);
  if (analysis != NULL && analysis->max_nodes > 0)
    judge->max_nodes = analysis->max_nodes;
  if (analysis != NULL && analysis->depth > 0)
    judge->depth = analysis->depth;
}

int
ksm_analysis_rank (const KsmAnalysisOptions *analysis, const KsmPosition *pos,
                   const KsmMove *moves, int n_moves, KsmHint *hints)
{
  KsmPlayerOptions judge;

  judge_options (analysis, &judge);
  return ksm_player_rank (&judge, pos, moves, n_moves, hints);
}

static double
clamp01 (double v)
{
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/* The mover's (team's) chance after the best move; fills the analyst's hints */
static double
rank_position (Analyst *a, const KsmPosition *pos)
{
  KsmMove moves[KSM_MAX_MOVES];
  int n = a->rules->legal_moves (pos, moves);

  a->n_hints = ksm_player_rank (&a->judge, pos, moves, n, a->hints);
  a->have_hints = true;
  return a->n_hints > 0 ? a->hints[0].win_chance : 0.5;
}

/* The mover's (team's) chance after the best move, the hints untouched */
static double
best_value (Analyst *a, const KsmPosition *pos)
{
  KsmMove moves[KSM_MAX_MOVES];
  int n = a->rules->legal_moves (pos, moves);

  return n > 0 ? ksm_player_best_chance (&a->judge, pos, moves, n) : 0.5;
}

/* the chance, by the game's evaluation alone, that `player`'s team wins */
static double
static_value (const KsmPosition *pos, int player)
{
  KsmPosition as = *pos;
  KsmSearch search;

  as.to_move = (uint8_t) player;
  ksm_search_init (&search, &as);
  return clamp01 (ksm_search_evaluate (&search, pos));
}

static double
outcome_value (Analyst *a, const KsmPosition *pos, int team)
{
  KsmOutcome outcome;
  a->rules->outcome (pos, &outcome);
  if (outcome.winning_team < 0)
    return 1.0 / a->n_teams;
  return outcome.winning_team == team ? 1.0 : 0.0;
}

/* A position whose actor is to throw: the actor's chance averaged over every
 * face; values[f] gets each face's. The actual face's ranking is kept. */
static double
throw_value (Analyst *a, const KsmPosition *pos, int actual, double *values)
{
  const KsmRules *rules = a->rules;
  int team = rules->team_of (&pos->options, pos->to_move);
  int total = 1 << rules->throws.n_objects;
  double sum = 0;
  KsmHint kept[KSM_MAX_MOVES];
  int n_kept = 0;
  bool have_kept = false;

  for (int face = 0; face < rules->throws.n_faces; face++)
    {
      KsmPosition after = *pos;
      double v;

      rules->apply_throw (&after, face);
      if (after.phase == KSM_PHASE_MOVE)
        {
          /* the face thrown is ranked whole, for the move after it; the
           * others need only their best move's value */
          v = face == actual ? rank_position (a, &after) : best_value (a, &after);
          if (rules->team_of (&after.options, after.to_move) != team)
            v = 1 - v;
          if (face == actual)
            {
              memcpy (kept, a->hints, sizeof (KsmHint) * (size_t) a->n_hints);
              n_kept = a->n_hints;
              have_kept = true;
            }
        }
      else if (after.phase == KSM_PHASE_OVER)
        v = outcome_value (a, &after, team);
      else
        v = static_value (&after, pos->to_move);   /* throws again: judged as it stands */
      values[face] = v;
      sum += v * ksm_rules_face_weight (rules, face);
    }

  a->have_hints = have_kept;
  if (have_kept)
    {
      memcpy (a->hints, kept, sizeof (KsmHint) * (size_t) n_kept);
      a->n_hints = n_kept;
    }
  return sum / total;
}

/* every team's chance, given the actor's team's */
static void
share_chances (Analyst *a, const KsmPosition *pos, double actor_value, double *chance)
{
  const KsmRules *rules = a->rules;
  int n_players = rules->n_players (&pos->options);
  int actor = rules->team_of (&pos->options, pos->to_move);
  double weight[KSM_MAX_PLAYERS] = { 0 };
  double sum = 0;

  for (int t = 0; t < KSM_MAX_PLAYERS; t++)
    chance[t] = 0;
  if (pos->phase == KSM_PHASE_OVER)
    {
      for (int t = 0; t < a->n_teams; t++)
        chance[t] = outcome_value (a, pos, t);
      return;
    }
  chance[actor] = actor_value;
  if (a->n_teams == 2)
    {
      chance[1 - actor] = 1 - actor_value;
      return;
    }
  /* Three or four sides: a searched value is one side against the rest,
   * about one half for whoever acts, so the sides are shown as the game's
   * evaluation sees each, made to sum to one; the actor's searched value
   * still judges its moves and throws. */
  for (int p = 0; p < n_players; p++)
    {
      int t = rules->team_of (&pos->options, p);
      if (weight[t] == 0)
        {
          weight[t] = static_value (pos, p) + 1e-6;
          sum += weight[t];
        }
    }
  for (int t = 0; t < a->n_teams; t++)
    chance[t] = sum > 0 ? weight[t] / sum : 1.0 / a->n_teams;
}

/* the actor's chance in a position: thrown for, moved for, or over */
static double
actor_value (Analyst *a, const KsmPosition *pos, int next_face, double *face_values)
{
  double scratch[KSM_MAX_FACES];

  switch (pos->phase)
    {
    case KSM_PHASE_THROW:
      return throw_value (a, pos, next_face, face_values != NULL ? face_values : scratch);
    case KSM_PHASE_MOVE:
      if (a->have_hints)
        return a->n_hints > 0 ? a->hints[0].win_chance : 0.5;
      return rank_position (a, pos);
    default:
      return outcome_value (a, pos, a->rules->team_of (&pos->options, pos->to_move));
    }
}

static void
apply_event (const KsmRules *rules, KsmPosition *pos, const KsmAnalysisEvent *event)
{
  KsmMove moves[KSM_MAX_MOVES];
  KsmEffect effect;
  int n;

  if (event->kind == KSM_ANALYSIS_EVENT_THROW)
    {
      rules->apply_throw (pos, event->face);
      return;
    }
  n = rules->legal_moves (pos, moves);
  for (int m = 0; m < n; m++)
    if (event->kind == KSM_ANALYSIS_EVENT_LOST
        ? moves[m].kind == KSM_MOVE_LOSE : ksm_moves_equal (&moves[m], &event->move))
      {
        rules->apply_move (pos, &moves[m], &effect);
        return;
      }
}

int
ksm_analyse_part (const KsmAnalysisOptions *analysis, const KsmOptions *options,
                  const KsmAnalysisEvent *events, int n_events, int first, int last,
                  KsmAnalysisEntry *entries, double start[KSM_MAX_PLAYERS],
                  KsmAnalysisProgress progress, void *data)
{
  Analyst a = { 0 };
  KsmPosition pos;
  double face_values[KSM_MAX_FACES];
  double value;

  a.rules = ksm_rules_get ((KsmGameKind) options->game);
  a.options = *options;
  judge_options (analysis, &a.judge);
  for (int p = 0; p < a.rules->n_players (options); p++)
    {
      int t = a.rules->team_of (options, p);
      if (t + 1 > a.n_teams)
        a.n_teams = t + 1;
    }

  a.rules->init (&pos, options);
  for (int i = 0; i < first; i++)
    apply_event (a.rules, &pos, &events[i]);
  value = actor_value (&a, &pos, first < n_events ? events[first].face : -1, face_values);
  if (start != NULL)
    share_chances (&a, &pos, value, start);

  for (int i = first; i < last; i++)
    {
      const KsmAnalysisEvent *event = &events[i];
      KsmAnalysisEntry *entry = &entries[i];
      KsmMove moves[KSM_MAX_MOVES];
      int n_moves;

      memset (entry, 0, sizeof *entry);
      if (event->kind == KSM_ANALYSIS_EVENT_THROW)
        {
          entry->expected = value;
          entry->after = face_values[event->face];
          entry->luck = entry->after - entry->expected;
          a.rules->apply_throw (&pos, event->face);
        }
      else
        {
          KsmEffect effect;
          int played = 0;

          if (!a.have_hints)
            rank_position (&a, &pos);
          n_moves = a.rules->legal_moves (&pos, moves);
          for (int m = 0; m < n_moves; m++)
            if (event->kind == KSM_ANALYSIS_EVENT_LOST
                ? moves[m].kind == KSM_MOVE_LOSE : ksm_moves_equal (&moves[m], &event->move))
              played = m;
          entry->n_moves = n_moves;
          entry->decision = event->kind == KSM_ANALYSIS_EVENT_MOVE && n_moves > 1;
          entry->best = a.n_hints > 0 ? a.hints[0].win_chance : value;
          entry->best_move = moves[a.n_hints > 0 ? a.hints[0].move : 0];
          entry->played = entry->best;
          for (int h = 0; h < a.n_hints; h++)
            if (a.hints[h].move == played)
              entry->played = a.hints[h].win_chance;
          entry->loss = entry->best - entry->played;
          if (entry->loss < 0)
            entry->loss = 0;
          entry->mark = entry->decision ? ksm_mark_for_loss (entry->loss) : KSM_MARK_NONE;
          a.rules->apply_move (&pos, &moves[played], &effect);
        }

      a.have_hints = a.have_hints && event->kind == KSM_ANALYSIS_EVENT_THROW;
      /* the throw after the part's end is looked at too, as the whole
       * game's run does, so that the part's last value is the same */
      value = actor_value (&a, &pos, i + 1 < n_events ? events[i + 1].face : -1, face_values);
      share_chances (&a, &pos, value, entry->chance);

      if (progress != NULL && !progress (i + 1 - first, last - first, data))
        return i + 1 - first;
    }
  return last - first;
}

int
ksm_analyse (const KsmAnalysisOptions *analysis, const KsmOptions *options,
             const KsmAnalysisEvent *events, int n_events,
             KsmAnalysisEntry *entries, double start[KSM_MAX_PLAYERS],
             KsmAnalysisProgress progress, void *data)
{
  return ksm_analyse_part (analysis, options, events, n_events, 0, n_events, entries, start,
                           progress, data);
}

void
ksm_analysis_summarise (const KsmOptions *options, const KsmAnalysisEvent *events,
                        const KsmAnalysisEntry *entries, int n_events,
                        KsmAnalysisSummary summary[KSM_MAX_PLAYERS])
{
  (void) options;
  memset (summary, 0, sizeof (KsmAnalysisSummary) * KSM_MAX_PLAYERS);
  for (int i = 0; i < n_events; i++)
    {
      KsmAnalysisSummary *s = &summary[events[i].player % KSM_MAX_PLAYERS];
      switch (events[i].kind)
        {
        case KSM_ANALYSIS_EVENT_THROW:
          s->throws++;
          s->luck += entries[i].luck;
          break;
        case KSM_ANALYSIS_EVENT_MOVE:
          s->moves++;
          if (entries[i].decision)
            {
              s->decisions++;
              s->total_loss += entries[i].loss;
              s->marks[entries[i].mark]++;
            }
          break;
        default:
          break;
        }
    }
  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    if (summary[p].decisions > 0)
      summary[p].error_rate = summary[p].total_loss / summary[p].decisions;
}
