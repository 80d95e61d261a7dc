/* ksm-new-game-page.c */
#include "config.h"

#include "ksm-new-game-page.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ksm-player.h"
#include "ksm-words.h"

#define N_LENGTHS 3
static const int lengths[N_LENGTHS] = { 17, 21, 25 };

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
  AdwComboRow          *players_row;    /* how many play, for games of 2 to 4 */
  AdwComboRow          *seat_rows[KSM_MAX_PLAYERS];  /* a person or a computer level, a seat */

  GSettings            *settings;
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

  g_clear_object (&self->settings);
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
}

static gboolean
is_kasimala (KsmNewGamePage *self)
{
  return self->rules != NULL && g_strcmp0 (self->rules->id, "kasimala") == 0;
}

static gboolean
is_asi (KsmNewGamePage *self)
{
  return self->rules != NULL && g_strcmp0 (self->rules->id, "asi-keliya") == 0;
}

/* the settings key of a game of seats: "ashte-seats", "asi-seats" */
static char *
seats_key (KsmNewGamePage *self, const char *what)
{
  return g_strconcat (is_asi (self) ? "asi-" : "ashte-", what, NULL);
}

/* the options the seat rows are named for: the game's, with the players chosen */
static void
seated_options (KsmNewGamePage *self, KsmOptions *options)
{
  guint selected = adw_combo_row_get_selected (self->players_row);

  self->rules->default_options (options);
  /* Asi Keliya is always four, in two teams */
  if (!is_kasimala (self) && !is_asi (self) && selected != GTK_INVALID_LIST_POSITION)
    options->n_players = (guint8) (2 + selected);
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
      if (!is_kasimala (self))
        text = g_strdup (name);
      else if (player == 0)
        /* Translators: %s is a side, "Bricks"; the person at the desk plays it */
        text = g_strdup_printf (_("%s (you)"), name);
      else if (computer)
        /* Translators: %s is a side, "Stones", played by the computer */
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

/* The seat rows follow how many play: one a colour seated, named for it */
static void
update_seats (KsmNewGamePage *self)
{
  KsmOptions options;
  int n;

  if (self->rules == NULL || is_kasimala (self))
    return;
  seated_options (self, &options);
  n = self->rules->n_players (&options);
  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->seat_rows[p]), p < n);
      if (p < n)
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->seat_rows[p]),
                                       ksm_words_player_name (self->rules, &options, p));
      if (p < n && is_asi (self))
        {
          /* Translators: a seat of Asi Keliya; %s is the partner's seat, "North" */
          g_autofree char *partner = g_strdup_printf (_("Partner of %s"),
                                                      ksm_words_player_name (self->rules, &options, (p + 2) % 4));
          adw_action_row_set_subtitle (ADW_ACTION_ROW (self->seat_rows[p]), partner);
        }
      else
        adw_action_row_set_subtitle (ADW_ACTION_ROW (self->seat_rows[p]), NULL);
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

static void
build_seat_rows (KsmNewGamePage *self)
{
  g_autoptr(GtkStringList) players = gtk_string_list_new (NULL);

  for (int n = 2; n <= KSM_MAX_PLAYERS; n++)
    {
      /* Translators: how many play a game of Ashte Kashte */
      g_autofree char *text = g_strdup_printf (ngettext ("%d player", "%d players", n), n);
      gtk_string_list_append (players, text);
    }
  self->players_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->players_row), _("_Number of Players"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->players_row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->players_row),
                               _("Two play Red and Green, three Red, Blue and Green"));
  adw_combo_row_set_model (self->players_row, G_LIST_MODEL (players));
  adw_preferences_group_add (self->players_group, GTK_WIDGET (self->players_row));
  g_signal_connect_swapped (self->players_row, "notify::selected", G_CALLBACK (update_seats), self);

  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    {
      g_autoptr(GListModel) choices = seat_choices ();

      self->seat_rows[p] = ADW_COMBO_ROW (adw_combo_row_new ());
      adw_combo_row_set_model (self->seat_rows[p], choices);
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
  g_autoptr(GtkStringList) length_list = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->rule_rows = g_ptr_array_new ();
  self->rule_switches = g_ptr_array_new ();

  fill_opponents (self);
  build_seat_rows (self);
  for (int i = 0; i < N_LENGTHS; i++)
    {
      /* Translators: a board length, in cells along each row */
      g_autofree char *text = g_strdup_printf (_("%d cells"), lengths[i]);
      gtk_string_list_append (length_list, text);
    }
  adw_combo_row_set_model (self->length_row, G_LIST_MODEL (length_list));
  g_signal_connect_swapped (self->opponent_row, "notify::selected",
                            G_CALLBACK (opponent_changed_cb), self);
}

GtkWidget *
ksm_new_game_page_new (GSettings *settings)
{
  KsmNewGamePage *self = g_object_new (KSM_TYPE_NEW_GAME_PAGE, NULL);

  self->settings = g_object_ref (settings);
  return GTK_WIDGET (self);
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
  if (!info->default_on)
    /* Translators: a rule that is off as standard: where that comes from, and
     * where the rule comes from when it is switched on */
    return g_strdup_printf (_("Standard, off: %s. On: %s."),
                            ksm_words_option_source (rules, info, FALSE),
                            ksm_words_option_source (rules, info, TRUE));
  /* Translators: the first %s says where the standard rule comes from,
   * the second where the other reading comes from */
  return g_strdup_printf (_("Standard: %s. Off: %s."),
                          ksm_words_option_source (rules, info, info->default_on),
                          ksm_words_option_source (rules, info, !info->default_on));
}

/* One switch a rule option; `off` lists the options switched off, so a
 * game's settings keep their defaults in the schema. */
static void
add_rule_rows (KsmNewGamePage *self, const char *const *off, gboolean off_only)
{
  const KsmRules *rules = self->rules;

  for (unsigned k = 0; k < rules->n_option_info; k++)
    {
      const KsmOptionInfo *info = &rules->option_info[k];
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *toggle = gtk_switch_new ();
      g_autofree char *subtitle = rule_subtitle (rules, info);
      gboolean on = off_only ? info->default_on : TRUE;

      if (g_strv_contains (off, info->key))
        on = FALSE;
      gtk_switch_set_active (GTK_SWITCH (toggle), on);
      gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), ksm_words_option_label (rules, info));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
      adw_preferences_group_add (self->rules_group, row);
      g_ptr_array_add (self->rule_rows, row);
      g_ptr_array_add (self->rule_switches, toggle);
    }
}

/* Ashte Kashte's page: how many play, each seat a person or a computer
 * level, who throws first, and the rule options. */
static void
set_rules_other (KsmNewGamePage *self)
{
  g_autofree char *off_key = seats_key (self, "rules-off");
  g_autofree char *seats_name = seats_key (self, "seats");
  g_autofree char *first_key = seats_key (self, "first");
  g_auto(GStrv) off = g_settings_get_strv (self->settings, off_key);
  g_auto(GStrv) seats = g_settings_get_strv (self->settings, seats_name);
  guint n_seats = g_strv_length (seats);

  if (is_asi (self))
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->first_row), _("Standard: South"));
      adw_preferences_group_set_description (self->rules_group,
                                             _("The standard rules are Parker’s, from Ancient Ceylon (1909); each switch says where the other reading comes from."));
    }
  else
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->first_row), _("Standard: Red"));
      adw_preferences_group_set_description (self->rules_group,
                                             _("The standard rules are Bengal’s traditional ones; each switch says where the other reading comes from."));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->players_row), !is_asi (self));
  add_rule_rows (self, (const char *const *) off, FALSE);

  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    {
      const char *seat = (guint) p < n_seats ? seats[p] : "medium";
      int level = ksm_level_lookup (seat);

      adw_combo_row_set_selected (self->seat_rows[p],
                                  strcmp (seat, "person") == 0 ? 0
                                  : level >= 0 ? (guint) level + 1 : (guint) KSM_LEVEL_MEDIUM + 1);
    }
  if (!is_asi (self))
    adw_combo_row_set_selected (self->players_row,
                                (guint) CLAMP (g_settings_get_int (self->settings, "ashte-players"), 2, 4) - 2);
  update_seats (self);
  adw_combo_row_set_selected (self->first_row, (guint) g_settings_get_int (self->settings, first_key));
  fill_first (self);
}

static void
get_choices_other (KsmNewGamePage *self,
                   KsmOptions     *options,
                   KsmSeat        *seats)
{
  const KsmRules *rules = self->rules;
  g_autoptr(GStrvBuilder) off = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) seat_names = g_strv_builder_new ();
  g_auto(GStrv) off_keys = NULL;
  g_auto(GStrv) seat_keys = NULL;
  guint first = adw_combo_row_get_selected (self->first_row);
  int n;

  seated_options (self, options);
  n = rules->n_players (options);
  if (first == GTK_INVALID_LIST_POSITION || first >= (guint) n)
    first = 0;
  options->first_player = (guint8) first;
  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    {
      guint choice = adw_combo_row_get_selected (self->seat_rows[p]);

      if (choice == 0 || choice == GTK_INVALID_LIST_POSITION)
        seats[p] = (KsmSeat) { KSM_SEAT_PERSON, KSM_LEVEL_RANDOM };
      else
        seats[p] = (KsmSeat) { KSM_SEAT_COMPUTER, (KsmLevel) (choice - 1) };
      g_strv_builder_add (seat_names, seats[p].kind == KSM_SEAT_PERSON ? "person"
                                                                       : ksm_level_name (seats[p].level));
    }
  for (unsigned k = 0; k < rules->n_option_info; k++)
    {
      const KsmOptionInfo *info = &rules->option_info[k];
      if (gtk_switch_get_active (g_ptr_array_index (self->rule_switches, k)))
        options->flags |= info->flag;
      else
        {
          options->flags &= ~info->flag;
          g_strv_builder_add (off, info->key);
        }
    }

  off_keys = g_strv_builder_end (off);
  seat_keys = g_strv_builder_end (seat_names);
  {
    g_autofree char *off_key = seats_key (self, "rules-off");
    g_autofree char *seats_name = seats_key (self, "seats");
    g_autofree char *first_key = seats_key (self, "first");
    g_settings_set_strv (self->settings, off_key, (const char *const *) off_keys);
    g_settings_set_strv (self->settings, seats_name, (const char *const *) seat_keys);
    if (!is_asi (self))
      g_settings_set_int (self->settings, "ashte-players", n);
    g_settings_set_int (self->settings, first_key, (int) first);
  }
}

void
ksm_new_game_page_set_rules (KsmNewGamePage *self, const KsmRules *rules)
{
  g_auto(GStrv) off = NULL;
  g_autofree char *opponent = NULL;
  g_autofree char *first = NULL;
  int length;
  KsmOptions defaults;

  g_return_if_fail (KSM_IS_NEW_GAME_PAGE (self));
  g_return_if_fail (rules != NULL);

  self->rules = rules;
  rules->default_options (&defaults);
  clear_rule_rows (self);

  /* Kasimala's page, or the page of a game of 2 to 4 seats */
  gtk_widget_set_visible (GTK_WIDGET (self->opponent_row), is_kasimala (self));
  gtk_widget_set_visible (GTK_WIDGET (self->board_group), is_kasimala (self));
  gtk_widget_set_visible (self->limit_row, is_kasimala (self));
  gtk_widget_set_visible (GTK_WIDGET (self->players_row), !is_kasimala (self));
  for (int p = 0; p < KSM_MAX_PLAYERS; p++)
    gtk_widget_set_visible (GTK_WIDGET (self->seat_rows[p]), FALSE);
  if (!is_kasimala (self))
    {
      set_rules_other (self);
      return;
    }
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->first_row), _("Standard: the human side"));
  adw_preferences_group_set_description (self->rules_group,
                                         _("The standard rules are the ones the elders of Bhaktapur play by."));

  off = g_settings_get_strv (self->settings, "kasimala-rules-off");
  add_rule_rows (self, (const char *const *) off, TRUE);

  opponent = g_settings_get_string (self->settings, "kasimala-opponent");
  if (strcmp (opponent, "person") == 0)
    adw_combo_row_set_selected (self->opponent_row, 0);
  else
    {
      int level = ksm_level_lookup (opponent);
      adw_combo_row_set_selected (self->opponent_row,
                                  level >= 0 ? (guint) level + 1 : (guint) KSM_N_LEVELS);
    }
  fill_first (self);
  first = g_settings_get_string (self->settings, "kasimala-first");
  adw_combo_row_set_selected (self->first_row, strcmp (first, "stones") == 0 ? 1 : 0);

  length = g_settings_get_int (self->settings, "board-length");
  for (int i = 0; i < N_LENGTHS; i++)
    if (lengths[i] == length)
      adw_combo_row_set_selected (self->length_row, (guint) i);
  gtk_spin_button_set_value (self->limit_spin, g_settings_get_int (self->settings, "kasimala-throw-limit"));
}

void
ksm_new_game_page_get_choices (KsmNewGamePage *self,
                               KsmOptions     *options,
                               KsmSeat        *seats)
{
  const KsmRules *rules;
  g_autoptr(GStrvBuilder) off = g_strv_builder_new ();
  g_auto(GStrv) off_keys = NULL;
  guint opponent, first, length_index;

  g_return_if_fail (KSM_IS_NEW_GAME_PAGE (self));
  g_return_if_fail (self->rules != NULL);

  rules = self->rules;
  if (!is_kasimala (self))
    {
      get_choices_other (self, options, seats);
      return;
    }
  rules->default_options (options);

  opponent = adw_combo_row_get_selected (self->opponent_row);
  seats[0] = (KsmSeat) { KSM_SEAT_PERSON, KSM_LEVEL_RANDOM };
  if (opponent == 0 || opponent == GTK_INVALID_LIST_POSITION)
    seats[1] = (KsmSeat) { KSM_SEAT_PERSON, KSM_LEVEL_RANDOM };
  else
    seats[1] = (KsmSeat) { KSM_SEAT_COMPUTER, (KsmLevel) (opponent - 1) };

  first = adw_combo_row_get_selected (self->first_row);
  options->first_player = first == 1 ? 1 : 0;

  length_index = adw_combo_row_get_selected (self->length_row);
  if (length_index < N_LENGTHS)
    options->length = (guint8) lengths[length_index];

  options->throw_limit = (guint16) gtk_spin_button_get_value_as_int (self->limit_spin);
  for (unsigned k = 0; k < rules->n_option_info; k++)
    {
      const KsmOptionInfo *info = &rules->option_info[k];
      if (gtk_switch_get_active (g_ptr_array_index (self->rule_switches, k)))
        options->flags |= info->flag;
      else
        {
          options->flags &= ~info->flag;
          g_strv_builder_add (off, info->key);
        }
    }

  off_keys = g_strv_builder_end (off);
  g_settings_set_strv (self->settings, "kasimala-rules-off", (const char *const *) off_keys);
  g_settings_set_string (self->settings, "kasimala-opponent",
                         seats[1].kind == KSM_SEAT_PERSON ? "person" : ksm_level_name (seats[1].level));
  g_settings_set_string (self->settings, "kasimala-first", first == 1 ? "stones" : "bricks");
  g_settings_set_int (self->settings, "board-length", options->length);
  g_settings_set_int (self->settings, "kasimala-throw-limit", options->throw_limit);
}
