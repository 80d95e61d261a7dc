/* ksm-new-game-page.c: a new game's choices, worded by its skin, offered
 * as its rules allow and remembered in its settings (ksm-game-settings.h). */
#include "config.h"

#include "ksm-new-game-page.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ksm-a11y.h"
#include "ksm-game-settings.h"
#include "ksm-numbers.h"
#include "ksm-player.h"
#include "ksm-skin.h"
#include "ksm-words.h"

struct _KsmNewGamePage
{
  AdwBin                parent_instance;

  AdwPreferencesGroup  *players_group;
  AdwPreferencesGroup  *board_group;
  AdwPreferencesGroup  *rules_group;
  AdwComboRow          *opponent_row;
  AdwComboRow          *first_row;
  AdwComboRow          *length_row;
  GtkSpinButton        *limit_spin;
  GtkWidget            *limit_row;
  GtkWidget            *settings_page;
  GtkButton            *start_button;
  AdwComboRow          *players_row;    /* how many play, for games of 2 to 4 */
  AdwComboRow          *seat_rows[KSM_MAX_PLAYERS];  /* a person or a computer level, a seat */

  GSettings            *game_settings;  /* the shown game's */
  const KsmRules       *rules;
  GPtrArray            *rule_rows;      /* AdwActionRow, one per option_info */
  GPtrArray            *rule_switches;  /* GtkSwitch, likewise */
};

G_DEFINE_FINAL_TYPE (KsmNewGamePage, ksm_new_game_page, ADW_TYPE_BIN)

static void
ksm_new_game_page_dispose (GObject *object)
{
  G_OBJECT_CLASS (ksm_new_game_page_parent_class)->dispose (object);
}

static void
ksm_new_game_page_finalize (GObject *object)
{
  KsmNewGamePage *self = KSM_NEW_GAME_PAGE (object);

  g_clear_object (&self->game_settings);
  g_clear_pointer (&self->rule_rows, g_ptr_array_unref);
  g_clear_pointer (&self->rule_switches, g_ptr_array_unref);
  G_OBJECT_CLASS (ksm_new_game_page_parent_class)->finalize (object);
}

static void
ksm_new_game_page_class_init (KsmNewGamePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_new_game_page_dispose;
  object_class->finalize = ksm_new_game_page_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-new-game-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmNewGamePage, players_group);
  gtk_widget_class_bind_template_child (widget_class, KsmNewGamePage, board_group);
  gtk_widget_class_bind_template_child (widget_class, KsmNewGamePage, rules_group);
  gtk_widget_class_bind_template_child (widget_class, KsmNewGamePage, opponent_row);
  gtk_widget_class_bind_template_child (widget_class, KsmNewGamePage, first_row);
  gtk_widget_class_bind_template_child (widget_class, KsmNewGamePage, length_row);
  gtk_widget_class_bind_template_child (widget_class, KsmNewGamePage, limit_spin);
  gtk_widget_class_bind_template_child (widget_class, KsmNewGamePage, limit_row);
  gtk_widget_class_bind_template_child (widget_class, KsmNewGamePage, settings_page);
  gtk_widget_class_bind_template_child (widget_class, KsmNewGamePage, start_button);
}

/* ---- the throw limit in the language's digits ---- */

/* The spin button writes its value itself, in Latin digits: it is written
 * here instead, and read back from either digits */
static gboolean
limit_output_cb (GtkSpinButton *spin)
{
  g_autofree char *text = ksm_format ("%d", gtk_spin_button_get_value_as_int (spin));

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (spin)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);
  return TRUE;
}

static int
limit_input_cb (GtkSpinButton *spin, double *value)
{
  g_autofree char *text = ksm_delocalize_digits (gtk_editable_get_text (GTK_EDITABLE (spin)));
  char *end = NULL;

  *value = g_ascii_strtod (text, &end);
  return end == text || *g_strchug (end) != '\0' ? GTK_INPUT_ERROR : TRUE;
}

/* ---- drop-down items read whole ---- */

/* AdwComboRow's own items stop at 20 characters and ellipsize the rest, so
 * "Another Person at This Desk" lost its end, in the row and in its list.
 * These show a choice whole: the row's title wraps to make room for it.
 * `in_list` is set for the row's list, whose chosen item has a check. */
static void
choice_setup_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  in_list)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), label);
  if (GPOINTER_TO_INT (in_list))
    gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name ("object-select-symbolic"));
  gtk_list_item_set_child (item, box);
}

static void
choice_check_cb (GtkListItem *item, GParamSpec *pspec, AdwComboRow *row)
{
  GtkWidget *check = gtk_widget_get_last_child (gtk_list_item_get_child (item));

  gtk_widget_set_opacity (check, adw_combo_row_get_selected_item (row) == gtk_list_item_get_item (item) ? 1.0 : 0.0);
}

static void
choice_bind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                AdwComboRow              *row)
{
  GtkWidget *box = gtk_list_item_get_child (item);

  gtk_label_set_label (GTK_LABEL (gtk_widget_get_first_child (box)),
                       gtk_string_object_get_string (gtk_list_item_get_item (item)));
  if (gtk_widget_get_first_child (box) != gtk_widget_get_last_child (box))
    {
      g_signal_connect_swapped (row, "notify::selected-item", G_CALLBACK (choice_check_cb), item);
      choice_check_cb (item, NULL, row);
    }
}

static void
choice_unbind_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  AdwComboRow              *row)
{
  g_signal_handlers_disconnect_by_func (row, choice_check_cb, item);
}

static GtkListItemFactory *
choice_factory (AdwComboRow *row, gboolean in_list)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (choice_setup_cb), GINT_TO_POINTER (in_list));
  g_signal_connect (factory, "bind", G_CALLBACK (choice_bind_cb), row);
  g_signal_connect (factory, "unbind", G_CALLBACK (choice_unbind_cb), row);
  return factory;
}

/* `row`'s choices (a GtkStringList) shown whole */
static void
show_choices_whole (AdwComboRow *row)
{
  g_autoptr(GtkListItemFactory) factory = choice_factory (row, FALSE);
  g_autoptr(GtkListItemFactory) list_factory = choice_factory (row, TRUE);

  adw_combo_row_set_factory (row, factory);
  adw_combo_row_set_list_factory (row, list_factory);
}

/* A game of two where the person at this desk plays the first side and
 * chooses only who plays the other: one opponent row, not a row a seat */
static gboolean
one_opponent (KsmNewGamePage *self)
{
  int min_players, max_players;

  if (self->rules == NULL || !ksm_skin_for (self->rules)->one_opponent)
    return FALSE;
  ksm_rules_player_range (self->rules, &min_players, &max_players);
  return min_players == 2 && max_players == 2;
}

/* whether a new game may choose how many play */
static gboolean
players_choosable (KsmNewGamePage *self, int *min_players)
{
  int max_players;

  ksm_rules_player_range (self->rules, min_players, &max_players);
  return *min_players < max_players;
}

/* the options the seat rows are named for: the game's, with the players chosen */
static void
seated_options (KsmNewGamePage *self, KsmOptions *options)
{
  guint selected = adw_combo_row_get_selected (self->players_row);
  int min_players;

  self->rules->default_options (options);
  if (players_choosable (self, &min_players) && selected != GTK_INVALID_LIST_POSITION)
    options->n_players = (guint8) (min_players + (int) selected);
}

/* Opponent choices: index 0 is a person, index 1 + level a computer level */
static void
fill_opponents (KsmNewGamePage *self)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  gtk_string_list_append (list, _("Another Person at This Desk"));
  for (int level = 0; level < KSM_N_LEVELS; level++)
    {
      /* Translators: %s is a computer level: Random, Easy, Medium, Hard */
      g_autofree char *text = g_strdup_printf (_("Computer: %s"), ksm_words_level_name (level));
      gtk_string_list_append (list, text);
    }
  adw_combo_row_set_model (self->opponent_row, G_LIST_MODEL (list));
}

static void
fill_first (KsmNewGamePage *self)
{
  const KsmRules *rules = self->rules;
  KsmOptions options;
  gboolean computer = adw_combo_row_get_selected (self->opponent_row) > 0;
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  guint selected = adw_combo_row_get_selected (self->first_row);

  seated_options (self, &options);
  for (int player = 0; player < rules->n_players (&options); player++)
    {
      const char *name = ksm_words_player_name (rules, &options, player);
      g_autofree char *text = NULL;
      if (!one_opponent (self))
        text = g_strdup (name);
      else if (player == 0)
        /* Translators: %s is a side's name; the person at the desk plays it */
        text = g_strdup_printf (_("%s (you)"), name);
      else if (computer)
        /* Translators: %s is a side's name, played by the computer */
        text = g_strdup_printf (_("%s (the computer)"), name);
      else
        text = g_strdup (name);
      gtk_string_list_append (list, text);
    }
  adw_combo_row_set_model (self->first_row, G_LIST_MODEL (list));
  if (selected != GTK_INVALID_LIST_POSITION)
    adw_combo_row_set_selected (self->first_row,
                                MIN (selected, (guint) rules->n_players (&options) - 1));
}

/* The seat rows follow how many play: one a side seated, named for it */
/* A seat's or the opponent's row says what its seat is (whose partner, in
 * a game of teams; for the opponent, which side the person plays) and what
 * the computer level chosen does (index 0 is a person: nothing to say of it) */
static void
describe_level_cb (AdwComboRow    *row,
                   GParamSpec     *pspec,
                   KsmNewGamePage *self)
{
  guint selected = adw_combo_row_get_selected (row);
  const char *seat = g_object_get_data (G_OBJECT (row), "ksm-seat-words");
  /* a level plays its own way in some games (Asi Keliya's Hard rolls out) */
  const char *level = selected >= 1 && selected <= KSM_N_LEVELS
                      ? ksm_words_level_description (self->rules, (int) selected - 1) : NULL;
  g_autofree char *both = NULL;

  if (seat != NULL && level != NULL)
    /* Translators: a seat's line: who sits there (a partner, or the side you play against), then what its computer level does */
    both = g_strdup_printf (_("%s · %s"), seat, level);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), both != NULL ? both : seat != NULL ? seat : level);
}

static void
update_seats (KsmNewGamePage *self)
{
  KsmOptions options;
  int n;

  if (self->rules == NULL || one_opponent (self))
    return;
  seated_options (self, &options);
  n = self->rules->n_players (&options);
  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->seat_rows[p]), p < n);
      if (p < n)
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->seat_rows[p]),
                                       ksm_words_player_name (self->rules, &options, p));
      if (p < n && ksm_rules_partner_of (self->rules, &options, p) >= 0)
        {
          /* Translators: a seat of a game of teams; %s is the partner's seat */
          g_autofree char *partner = g_strdup_printf (_("Partner of %s"),
                                                      ksm_words_player_name (self->rules, &options,
                                                                             ksm_rules_partner_of (self->rules, &options, p)));
          g_object_set_data_full (G_OBJECT (self->seat_rows[p]), "ksm-seat-words", g_steal_pointer (&partner), g_free);
        }
      else
        g_object_set_data (G_OBJECT (self->seat_rows[p]), "ksm-seat-words", NULL);
      describe_level_cb (self->seat_rows[p], NULL, self);
    }
  fill_first (self);
}

static void
opponent_changed_cb (KsmNewGamePage *self)
{
  if (self->rules != NULL)
    fill_first (self);
}

/* A seat's choices: index 0 a person, index 1 + level a computer level */
static GListModel *
seat_choices (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  gtk_string_list_append (list, _("A Person at This Desk"));
  for (int level = 0; level < KSM_N_LEVELS; level++)
    {
      g_autofree char *text = g_strdup_printf (_("Computer: %s"), ksm_words_level_name (level));
      gtk_string_list_append (list, text);
    }
  return G_LIST_MODEL (list);
}

/* the numbers of players the game allows, from `min_players` */
static void
fill_players (KsmNewGamePage *self, int min_players, int max_players)
{
  g_autoptr(GtkStringList) players = gtk_string_list_new (NULL);

  for (int n = min_players; n <= max_players; n++)
    {
      /* Translators: how many play a game */
      g_autofree char *text = ksm_format (ngettext ("%d player", "%d players", n), n);
      gtk_string_list_append (players, text);
    }
  adw_combo_row_set_model (self->players_row, G_LIST_MODEL (players));
}

/* the board lengths the game offers */
static void
fill_lengths (KsmNewGamePage *self)
{
  g_autoptr(GtkStringList) lengths = gtk_string_list_new (NULL);

  for (unsigned i = 0; i < self->rules->n_lengths; i++)
    {
      g_autofree char *text = ksm_words_board_length ((guint) self->rules->lengths[i]);
      gtk_string_list_append (lengths, text);
    }
  adw_combo_row_set_model (self->length_row, G_LIST_MODEL (lengths));
}

static void
build_seat_rows (KsmNewGamePage *self)
{
  self->players_row = ADW_COMBO_ROW (adw_combo_row_new ());
  show_choices_whole (self->players_row);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->players_row), _("_Number of Players"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->players_row), TRUE);
  adw_preferences_group_add (self->players_group, GTK_WIDGET (self->players_row));
  g_signal_connect_swapped (self->players_row, "notify::selected", G_CALLBACK (update_seats), self);

  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    {
      g_autoptr(GListModel) choices = seat_choices ();

      self->seat_rows[p] = ADW_COMBO_ROW (adw_combo_row_new ());
      show_choices_whole (self->seat_rows[p]);
      adw_combo_row_set_model (self->seat_rows[p], choices);
      g_signal_connect (self->seat_rows[p], "notify::selected", G_CALLBACK (describe_level_cb), self);
      adw_preferences_group_add (self->players_group, GTK_WIDGET (self->seat_rows[p]));
    }
  /* who throws first comes last, after the seats it names */
  g_object_ref (self->first_row);
  adw_preferences_group_remove (self->players_group, GTK_WIDGET (self->first_row));
  adw_preferences_group_add (self->players_group, GTK_WIDGET (self->first_row));
  g_object_unref (self->first_row);
}

static void
ksm_new_game_page_init (KsmNewGamePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ksm_a11y_name_by_label (self->start_button);
  /* the page scrolls its rows in a pane of its own */
  if (GTK_IS_SCROLLED_WINDOW (gtk_widget_get_first_child (self->settings_page)))
    ksm_a11y_set_label (gtk_widget_get_first_child (self->settings_page), _("New Game"));
  self->rule_rows = g_ptr_array_new ();
  self->rule_switches = g_ptr_array_new ();

  show_choices_whole (self->opponent_row);
  show_choices_whole (self->first_row);
  show_choices_whole (self->length_row);
  g_signal_connect (self->limit_spin, "output", G_CALLBACK (limit_output_cb), NULL);
  g_signal_connect (self->limit_spin, "input", G_CALLBACK (limit_input_cb), NULL);
  fill_opponents (self);
  build_seat_rows (self);
  g_signal_connect_swapped (self->opponent_row, "notify::selected",
                            G_CALLBACK (opponent_changed_cb), self);
  g_signal_connect (self->opponent_row, "notify::selected", G_CALLBACK (describe_level_cb), self);
  describe_level_cb (self->opponent_row, NULL, self);
}

GtkWidget *
ksm_new_game_page_new (void)
{
  return g_object_new (KSM_TYPE_NEW_GAME_PAGE, NULL);
}

const KsmRules *
ksm_new_game_page_get_rules (KsmNewGamePage *self)
{
  g_return_val_if_fail (KSM_IS_NEW_GAME_PAGE (self), NULL);
  return self->rules;
}

static void
clear_rule_rows (KsmNewGamePage *self)
{
  for (guint i = 0; i < self->rule_rows->len; i++)
    adw_preferences_group_remove (self->rules_group, g_ptr_array_index (self->rule_rows, i));
  g_ptr_array_set_size (self->rule_rows, 0);
  g_ptr_array_set_size (self->rule_switches, 0);
}

static char *
rule_subtitle (const KsmRules *rules, const KsmOptionInfo *info)
{
  g_autofree char *subtitle = NULL;

  if (!info->default_on)
    /* Translators: a rule that is off as standard: where that comes from, and
     * where the rule comes from when it is switched on */
    subtitle = g_strdup_printf (_("Standard, off: %s. On: %s."),
                                ksm_words_option_source (rules, info, FALSE),
                                ksm_words_option_source (rules, info, TRUE));
  else
    /* Translators: the first %s says where the standard rule comes from,
     * the second where the other reading comes from */
    subtitle = g_strdup_printf (_("Standard: %s. Off: %s."),
                                ksm_words_option_source (rules, info, info->default_on),
                                ksm_words_option_source (rules, info, !info->default_on));
  /* the sources name years and throws ("Ancient Ceylon (1909)") */
  return ksm_localize_digits (subtitle);
}

/* One switch a rule option, as last chosen or else as standard */
static void
add_rule_rows (KsmNewGamePage *self)
{
  const KsmRules *rules = self->rules;

  for (unsigned k = 0; k < rules->n_option_info; k++)
    {
      const KsmOptionInfo *info = &rules->option_info[k];
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *toggle = gtk_switch_new ();
      g_autofree char *subtitle = rule_subtitle (rules, info);
      /* a rule may name throws ("only a 4 or an 8 enters") */
      g_autofree char *title = ksm_localize_digits (ksm_words_option_label (rules, info));

      gtk_switch_set_active (GTK_SWITCH (toggle), ksm_game_settings_rule_on (self->game_settings, info));
      gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
      adw_preferences_group_add (self->rules_group, row);
      g_ptr_array_add (self->rule_rows, row);
      g_ptr_array_add (self->rule_switches, toggle);
    }
}

/* a skin's words, translated, their numbers in the language's digits
 * ("Standard: 17"), or none */
static char *
skin_words (const char *text)
{
  return text != NULL ? ksm_localize_digits (_(text)) : NULL;
}

static void
set_skin_subtitle (gpointer row, const char *text)
{
  g_autofree char *words = skin_words (text);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), words);
}

/* a seat's choice in the seat rows and the opponent row: index 0 a
 * person, index 1 + level a computer level */
static guint
seat_choice (const KsmSeat *seat)
{
  return seat->kind == KSM_SEAT_PERSON ? 0 : (guint) seat->level + 1;
}

static KsmSeat
chosen_seat (AdwComboRow *row)
{
  guint choice = adw_combo_row_get_selected (row);

  if (choice == 0 || choice == GTK_INVALID_LIST_POSITION)
    return (KsmSeat) { KSM_SEAT_PERSON, KSM_LEVEL_RANDOM };
  return (KsmSeat) { KSM_SEAT_COMPUTER, (KsmLevel) (choice - 1) };
}

void
ksm_new_game_page_set_rules (KsmNewGamePage *self, const KsmRules *rules)
{
  const KsmSkin *skin;
  KsmOptions options;
  KsmSeat seats[KSM_MAX_PLAYERS];
  int min_players, max_players;

  g_return_if_fail (KSM_IS_NEW_GAME_PAGE (self));
  g_return_if_fail (rules != NULL);

  self->rules = rules;
  skin = ksm_skin_for (rules);
  g_clear_object (&self->game_settings);
  self->game_settings = ksm_game_settings_new (rules);
  ksm_game_settings_get_choices (self->game_settings, rules, &options, seats);
  ksm_rules_player_range (rules, &min_players, &max_players);
  clear_rule_rows (self);

  /* one opponent, or a row a seat; the board's rows where the game has them */
  gtk_widget_set_visible (GTK_WIDGET (self->opponent_row), one_opponent (self));
  gtk_widget_set_visible (GTK_WIDGET (self->board_group), rules->lengths != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->length_row), rules->lengths != NULL);
  gtk_widget_set_visible (self->limit_row, rules->throw_limit);
  gtk_widget_set_visible (GTK_WIDGET (self->players_row), !one_opponent (self) && min_players < max_players);
  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    gtk_widget_set_visible (GTK_WIDGET (self->seat_rows[p]), FALSE);

  /* the opponent row's line is the game's, then its level's: set it again
   * even where the level chosen stays the one before */
  g_object_set_data_full (G_OBJECT (self->opponent_row), "ksm-seat-words",
                          skin_words (skin->opponent_subtitle), g_free);
  set_skin_subtitle (self->first_row, skin->first_standard);
  set_skin_subtitle (self->players_row, skin->players_subtitle);
  set_skin_subtitle (self->length_row, skin->length_subtitle);
  set_skin_subtitle (self->limit_row, skin->limit_subtitle);
  {
    g_autofree char *standard = skin_words (skin->rules_standard);
    adw_preferences_group_set_description (self->rules_group, standard);
  }
  add_rule_rows (self);

  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    adw_combo_row_set_selected (self->seat_rows[p], seat_choice (&seats[p]));
  adw_combo_row_set_selected (self->opponent_row, seat_choice (&seats[1]));
  describe_level_cb (self->opponent_row, NULL, self);
  if (min_players < max_players)
    {
      fill_players (self, min_players, max_players);
      adw_combo_row_set_selected (self->players_row, (guint) (options.n_players - min_players));
    }
  update_seats (self);
  fill_first (self);
  adw_combo_row_set_selected (self->first_row, options.first_player);

  if (rules->lengths != NULL)
    {
      fill_lengths (self);
      for (unsigned i = 0; i < rules->n_lengths; i++)
        if (rules->lengths[i] == options.length)
          adw_combo_row_set_selected (self->length_row, i);
    }
  if (rules->throw_limit)
    gtk_spin_button_set_value (self->limit_spin, options.throw_limit);
}

void
ksm_new_game_page_get_choices (KsmNewGamePage *self,
                               KsmOptions     *options,
                               KsmSeat        *seats)
{
  const KsmRules *rules;
  guint first, length_index;
  int n;

  g_return_if_fail (KSM_IS_NEW_GAME_PAGE (self));
  g_return_if_fail (self->rules != NULL);

  rules = self->rules;
  seated_options (self, options);
  n = rules->n_players (options);

  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    seats[p] = chosen_seat (self->seat_rows[p]);
  if (one_opponent (self))
    {
      seats[0] = (KsmSeat) { KSM_SEAT_PERSON, KSM_LEVEL_RANDOM };
      seats[1] = chosen_seat (self->opponent_row);
    }

  first = adw_combo_row_get_selected (self->first_row);
  if (first == GTK_INVALID_LIST_POSITION || first >= (guint) n)
    first = 0;
  options->first_player = (guint8) first;

  length_index = adw_combo_row_get_selected (self->length_row);
  if (rules->lengths != NULL && length_index < rules->n_lengths)
    options->length = rules->lengths[length_index];
  if (rules->throw_limit)
    options->throw_limit = (guint16) gtk_spin_button_get_value_as_int (self->limit_spin);

  for (unsigned k = 0; k < rules->n_option_info; k++)
    {
      const KsmOptionInfo *info = &rules->option_info[k];
      if (gtk_switch_get_active (g_ptr_array_index (self->rule_switches, k)))
        options->flags |= info->flag;
      else
        options->flags &= ~info->flag;
    }

  ksm_game_settings_set_choices (self->game_settings, rules, options, seats);
}
