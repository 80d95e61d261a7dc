/* ksm-rules-view.c
 *
 * The page is rebuilt from the document whenever the game changes; each text
 * goes through ksm_rules_doc_translate () as it is placed, so the page is in
 * the language the app runs in. Figures are live widgets: a KsmBoard showing
 * the figure's position read-only, or KsmStrips. The settings table is the
 * one block not in the document's words: it lists the options of the game
 * in progress, through the engine's option_info and ksm-words. The guide
 * to the app (data/help/guide.xml) is built the same way when its button is
 * on, and the search reads the labels of whichever page is shown. */
#include "config.h"

#include "ksm-rules-view.h"

#include "ksm-announce.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ksm-a11y.h"
#include "ksm-board.h"
#include "ksm-numbers.h"
#include "ksm-rules-doc.h"
#include "ksm-strips.h"
#include "ksm-words.h"

typedef struct {
  GtkWidget           *widget;
  const KsmRulesBlock *block;
} Placed;

typedef struct {
  GtkWidget *widget;
} Entry;

/* a text of the page the search reads: a label, in the order of the page */
typedef struct {
  GtkLabel *label;
  gunichar *key;         /* its text, lower case, a character a unit */
  glong     length;
} Text;

/* a match: characters [start, end) of a text */
typedef struct {
  guint text;
  glong start;
  glong end;
} Match;

struct _KsmRulesView
{
  AdwBin             parent_instance;

  GtkToggleButton   *rules_button;
  GtkToggleButton   *guide_button;
  GtkSearchEntry    *search_entry;
  GtkLabel          *match_label;
  GtkWidget         *previous_button;
  GtkWidget         *next_button;
  GtkWidget         *close_button;
  GtkWidget         *learn_button;
  GtkScrolledWindow *scroller;
  GtkViewport       *viewport;
  GtkBox            *page;

  const KsmRules    *rules;
  KsmOptions         options;
  gboolean           guide;         /* the guide is shown, not the rules */
  KsmRulesDoc       *doc;
  GArray            *placed;        /* Placed, the page's children in order */
  GHashTable        *entries;       /* id -> Entry */
  GtkWidget         *settings;      /* the settings block's grid, rebuilt with the options */
  GArray            *texts;         /* Text */
  GArray            *matches;       /* Match, in the order of the page */
  guint              current;       /* index in matches */
  char              *searched;      /* what they match, while the page is the same */
  char              *scroll_to;     /* entry id waiting for its allocation */
  guint              scroll_source;
  guint              scroll_tries;
  guint              match_source;  /* the current match waiting for its allocation */
  guint              match_tries;
};

enum {
  SIGNAL_CLOSE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_CLOSABLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (KsmRulesView, ksm_rules_view, ADW_TYPE_BIN)

static void
entry_free (gpointer data)
{
  g_free (data);
}

static void
text_clear (gpointer data)
{
  g_free (((Text *) data)->key);
}

static void collect_texts (KsmRulesView *self);
static void search_changed_cb (KsmRulesView *self);

/* ---- building blocks ---- */

static GtkWidget *
text_label (const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  /* what the pane asks for beside the board; it wraps to whatever it gets */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 44);
  gtk_widget_set_valign (label, GTK_ALIGN_START);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static GtkWidget *
heading (const char *text, int level)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL,
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_HEADING,
                                   "label", text,
                                   "wrap", TRUE,
                                   "xalign", 0.0f,
                                   NULL);

  gtk_widget_add_css_class (label, level == 1 ? "title-2" : "title-4");
  gtk_widget_add_css_class (label, "rules-heading");
  if (level > 1)
    gtk_widget_set_margin_top (label, 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label),
                                  GTK_ACCESSIBLE_PROPERTY_LEVEL, level,
                                  -1);
  return label;
}

static GtkWidget *
build_list (const KsmRulesBlock *block)
{
  GtkWidget *box = g_object_new (GTK_TYPE_BOX,
                                 "accessible-role", GTK_ACCESSIBLE_ROLE_LIST,
                                 "orientation", GTK_ORIENTATION_VERTICAL,
                                 "spacing", 8,
                                 NULL);

  for (guint i = 0; i < block->children->len; i++)
    {
      GtkWidget *item = g_object_new (GTK_TYPE_BOX,
                                      "accessible-role", GTK_ACCESSIBLE_ROLE_LIST_ITEM,
                                      "spacing", 8,
                                      NULL);
      GtkWidget *bullet = g_object_new (GTK_TYPE_LABEL,
                                        "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                        "label", "•",
                                        "valign", GTK_ALIGN_START,
                                        NULL);
      GtkWidget *text = text_label (ksm_rules_doc_translate (g_ptr_array_index (block->children, i)), NULL);

      gtk_widget_set_hexpand (text, TRUE);
      gtk_box_append (GTK_BOX (item), bullet);
      gtk_box_append (GTK_BOX (item), text);
      ksm_a11y_set_label (item, gtk_label_get_text (GTK_LABEL (text)));
      gtk_box_append (GTK_BOX (box), item);
    }
  return box;
}

static GtkWidget *
table_frame (GtkWidget *grid)
{
  GtkWidget *frame = gtk_frame_new (NULL);

  gtk_widget_add_css_class (frame, "rules-table");
  gtk_frame_set_child (GTK_FRAME (frame), grid);
  return frame;
}

static GtkWidget *
new_grid (void)
{
  return g_object_new (GTK_TYPE_GRID,
                       "accessible-role", GTK_ACCESSIBLE_ROLE_GRID,
                       "row-spacing", 8,
                       "column-spacing", 12,
                       "margin-start", 12,
                       "margin-end", 12,
                       "margin-top", 10,
                       "margin-bottom", 10,
                       NULL);
}

static GtkWidget *
build_table (const KsmRulesBlock *block)
{
  GtkWidget *grid = new_grid ();

  for (guint r = 0; r < block->children->len; r++)
    {
      const KsmRulesRow *row = g_ptr_array_index (block->children, r);

      for (guint c = 0; c < row->cells->len; c++)
        {
          GtkWidget *cell = text_label (ksm_rules_doc_translate (g_ptr_array_index (row->cells, c)),
                                        row->header ? "heading" : NULL);
          /* the first column names the row; the text goes in the others */
          gtk_widget_set_hexpand (cell, c > 0);
          gtk_label_set_max_width_chars (GTK_LABEL (cell), MAX (8, 36 / (int) row->cells->len));
          if (c == 0 && !row->header)
            gtk_widget_add_css_class (cell, "rules-row-name");
          gtk_grid_attach (GTK_GRID (grid), cell, (int) c, (int) r, 1, 1);
        }
    }
  return table_frame (grid);
}

/* a cell of a figure's board by its name, as the notation writes it */
static int
find_cell (const KsmRules *rules, const KsmOptions *options, const char *name)
{
  for (int i = 0; i < rules->n_cells (options); i++)
    {
      char buf[16];

      rules->cell_name (options, i, buf, sizeof buf);
      if (g_strcmp0 (buf, name) == 0)
        return i;
    }
  return -1;
}

static GtkWidget *
build_board_figure (const KsmRulesBlock *block)
{
  KsmPosition position;
  char error[KSM_ERROR_MAX];
  const KsmRules *rules;
  GtkWidget *board;
  g_auto(GStrv) ends = NULL;

  if (!ksm_rules_parse_position (block->position, &position, error, sizeof error))
    {
      g_warning ("A figure of the rules has a wrong position (%s): %s", error, block->position);
      return NULL;
    }
  rules = ksm_rules_for (&position);
  board = ksm_board_new ();
  gtk_widget_add_css_class (board, "figure-board");
  ksm_board_set_position (KSM_BOARD (board), &position);

  if (block->highlight != NULL)
    {
      int from, to;
      guint captured = 0;

      ends = g_strsplit (block->highlight, "-", 2);
      from = find_cell (rules, &position.options, ends[0]);
      to = ends[1] != NULL ? find_cell (rules, &position.options, ends[1]) : -1;
      if (from < 0 || to < 0)
        g_warning ("A figure of the rules points at cells the board has not: %s", block->highlight);
      /* the engine says what a move to show would take */
      if (position.phase == KSM_PHASE_MOVE && !block->refused)
        {
          KsmMove move;
          if (rules->parse_move (&position, block->highlight, &move, error, sizeof error))
            captured = move.captured;
        }
      ksm_board_set_highlight (KSM_BOARD (board), from, to, captured, block->refused);
    }
  return board;
}

static GtkWidget *
build_strips_figure (KsmRulesView *self, const KsmRulesBlock *block)
{
  GtkWidget *flow = g_object_new (GTK_TYPE_FLOW_BOX,
                                  "selection-mode", GTK_SELECTION_NONE,
                                  "homogeneous", TRUE,
                                  /* one a line at the least: six cowries
                                   * three a line would widen the page past
                                   * a phone's width, and every text with it */
                                  "min-children-per-line", 1,
                                  "max-children-per-line", 5,
                                  "row-spacing", 12,
                                  "column-spacing", 6,
                                  /* pictures only: a flow box with no child
                                   * to focus still claims the focus on Tab,
                                   * and held it there */
                                  "can-focus", FALSE,
                                  NULL);

  for (guint i = 0; i < block->children->len; i++)
    {
      const KsmRulesStrips *strips = g_ptr_array_index (block->children, i);
      const char *caption = strips->caption != NULL ? ksm_rules_doc_translate (strips->caption) : "";
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      GtkWidget *drawn = ksm_strips_new_for (self->rules, strips->hollow);
      GtkWidget *label = gtk_label_new (caption);

      gtk_widget_add_css_class (drawn, "small");
      gtk_accessible_update_property (GTK_ACCESSIBLE (drawn),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, caption,
                                      -1);
      gtk_widget_add_css_class (label, "caption-heading");
      gtk_box_append (GTK_BOX (box), drawn);
      gtk_box_append (GTK_BOX (box), label);
      gtk_flow_box_append (GTK_FLOW_BOX (flow), box);
      gtk_widget_set_focusable (gtk_widget_get_parent (box), FALSE);
      ksm_a11y_set_label (gtk_widget_get_parent (box), caption);
    }
  return flow;
}

static GtkWidget *
build_figure (KsmRulesView *self, const KsmRulesBlock *block)
{
  const char *caption = block->text != NULL ? ksm_rules_doc_translate (block->text) : "";
  GtkWidget *figure = g_object_new (GTK_TYPE_BOX,
                                    "accessible-role", GTK_ACCESSIBLE_ROLE_IMG,
                                    "orientation", GTK_ORIENTATION_VERTICAL,
                                    "spacing", 8,
                                    NULL);
  GtkWidget *drawing = block->position != NULL ? build_board_figure (block)
                                               : build_strips_figure (self, block);

  gtk_widget_add_css_class (figure, "rules-figure");
  if (drawing != NULL)
    gtk_box_append (GTK_BOX (figure), drawing);
  if (GTK_IS_FLOW_BOX (drawing))
    ksm_a11y_set_label (drawing, caption);
  if (*caption != '\0')
    {
      GtkWidget *label = text_label (caption, "caption");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (figure), label);
    }
  /* a screen reader hears the caption; the board's cells stay readable */
  gtk_accessible_update_property (GTK_ACCESSIBLE (figure),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, caption,
                                  -1);
  return figure;
}

/* ---- the settings of the game shown ---- */

static void
settings_row (GtkWidget  *grid,
              int         row,
              const char *name,
              const char *value,
              const char *note)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  /* the options' words name years and throws ("only a 4 or an 8") */
  g_autofree char *shown_value = ksm_localize_digits (value);
  g_autofree char *shown_name = ksm_localize_digits (name);
  GtkWidget *value_label = text_label (shown_value, "rules-setting-value");

  gtk_widget_set_hexpand (box, TRUE);
  gtk_box_append (GTK_BOX (box), text_label (shown_name, NULL));
  if (note != NULL)
    {
      g_autofree char *shown_note = ksm_localize_digits (note);
      GtkWidget *note_label = text_label (shown_note, "caption");
      gtk_widget_add_css_class (note_label, "dim-label");
      gtk_box_append (GTK_BOX (box), note_label);
    }
  gtk_label_set_xalign (GTK_LABEL (value_label), 1.0f);
  gtk_grid_attach (GTK_GRID (grid), box, 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), value_label, 1, row, 1, 1);
}

static void
fill_settings (KsmRulesView *self)
{
  const KsmRules *rules = self->rules;
  const KsmOptions *options = &self->options;
  GtkWidget *grid;
  GtkWidget *child;
  int row = 0;

  if (self->settings == NULL)
    return;
  while ((child = gtk_widget_get_first_child (self->settings)) != NULL)
    gtk_grid_remove (GTK_GRID (self->settings), child);
  grid = self->settings;

  for (unsigned i = 0; i < rules->n_option_info; i++)
    {
      const KsmOptionInfo *info = &rules->option_info[i];
      gboolean on = (options->flags & info->flag) != 0;

      settings_row (grid, row++, ksm_words_option_label (rules, info),
                    /* Translators: a rule of the game in progress is played */
                    on ? C_("rule state", "On")
                    /* Translators: a rule of the game in progress is not played */
                       : C_("rule state", "Off"),
                    ksm_words_option_source (rules, info, on));
    }
  /* the board length and the throw limit, where the game lets them be chosen */
  if (rules->lengths != NULL)
    {
      g_autofree char *length = ksm_format_grouped_number (options->length);
      settings_row (grid, row++, _("Board length"), length, NULL);
    }
  if (rules->throw_limit)
    {
      g_autofree char *limit = options->throw_limit > 0
                               ? ksm_format_grouped_number (options->throw_limit)
                               : g_strdup (C_("throw limit", "None"));
      settings_row (grid, row++, _("Throw limit"), limit, NULL);
    }
  settings_row (grid, row++, _("Throws first"),
                ksm_words_player_name (rules, options, options->first_player), NULL);
}

static GtkWidget *
build_settings (KsmRulesView *self, const KsmRulesBlock *block)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);

  if (block->text != NULL)
    gtk_box_append (GTK_BOX (box), text_label (ksm_rules_doc_translate (block->text), "heading"));
  self->settings = new_grid ();
  gtk_widget_add_css_class (self->settings, "rules-settings");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->settings),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Settings of this game"),
                                  -1);
  gtk_box_append (GTK_BOX (box), table_frame (self->settings));
  fill_settings (self);
  return box;
}

/* ---- the glossary ---- */

static GtkWidget *
build_glossary (KsmRulesView *self, const KsmRulesBlock *block)
{
  GtkWidget *box = g_object_new (GTK_TYPE_BOX,
                                 "accessible-role", GTK_ACCESSIBLE_ROLE_LIST,
                                 "orientation", GTK_ORIENTATION_VERTICAL,
                                 "spacing", 4,
                                 NULL);

  gtk_widget_add_css_class (box, "rules-glossary");
  for (guint i = 0; i < block->children->len; i++)
    {
      const KsmRulesEntry *entry = g_ptr_array_index (block->children, i);
      const char *term = ksm_rules_doc_translate (entry->term);
      const char *meaning = ksm_rules_doc_translate (entry->meaning);
      GtkWidget *item = g_object_new (GTK_TYPE_BOX,
                                      "accessible-role", GTK_ACCESSIBLE_ROLE_LIST_ITEM,
                                      "orientation", GTK_ORIENTATION_VERTICAL,
                                      "spacing", 2,
                                      "focusable", TRUE,
                                      NULL);
      GtkWidget *title = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      g_autofree char *spoken = NULL;
      Entry *kept;

      gtk_widget_add_css_class (item, "glossary-entry");
      gtk_box_append (GTK_BOX (title), text_label (term, "heading"));
      /* a translation may already spell the word in Devanagari */
      if (entry->native != NULL && g_strcmp0 (entry->native, term) != 0)
        {
          GtkWidget *native = text_label (entry->native, "dim-label");
          gtk_widget_add_css_class (native, "glossary-native");
          gtk_box_append (GTK_BOX (title), native);
        }
      gtk_box_append (GTK_BOX (item), title);
      gtk_box_append (GTK_BOX (item), text_label (meaning, NULL));
      gtk_box_append (GTK_BOX (box), item);

      spoken = g_strdup_printf ("%s %s: %s", term, entry->native != NULL ? entry->native : "", meaning);
      gtk_accessible_update_property (GTK_ACCESSIBLE (item),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, spoken,
                                      -1);
      kept = g_new0 (Entry, 1);
      kept->widget = item;
      g_hash_table_insert (self->entries, g_strdup (entry->id), kept);
    }
  return box;
}

/* ---- the page ---- */

static void
clear_page (KsmRulesView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->page))) != NULL)
    gtk_box_remove (self->page, child);
  g_array_set_size (self->placed, 0);
  g_hash_table_remove_all (self->entries);
  g_array_set_size (self->texts, 0);
  g_array_set_size (self->matches, 0);
  g_clear_pointer (&self->searched, g_free);
  self->settings = NULL;
  g_clear_pointer (&self->doc, ksm_rules_doc_free);
}

static void
build_page (KsmRulesView *self)
{
  g_autoptr(GError) error = NULL;
  const char *section = NULL;   /* the heading above */

  clear_page (self);
  if (self->guide)
    self->doc = ksm_rules_doc_new_guide (&error);
  else
    self->doc = ksm_rules_doc_new_for_game (self->rules->id, &error);
  if (self->doc == NULL)
    {
      if (self->guide)
        g_critical ("The guide cannot be read: %s", error->message);
      else if (!g_error_matches (error, G_RESOURCE_ERROR, G_RESOURCE_ERROR_NOT_FOUND))
        g_warning ("The rules of %s cannot be read: %s", self->rules->id, error->message);
      if (!self->guide)
        gtk_box_append (self->page, text_label (_("The rules of this game are not written yet."), NULL));
      collect_texts (self);
      return;
    }

  for (guint i = 0; i < ksm_rules_doc_get_n_blocks (self->doc); i++)
    {
      const KsmRulesBlock *block = ksm_rules_doc_get_block (self->doc, i);
      GtkWidget *widget = NULL;

      switch (block->kind)
        {
        case KSM_RULES_TITLE:
          widget = heading (ksm_rules_doc_translate (block->text), block->level);
          section = ksm_rules_doc_translate (block->text);
          break;
        case KSM_RULES_PARAGRAPH:
          widget = text_label (ksm_rules_doc_translate (block->text), NULL);
          break;
        /* a list or a table is named by its section's heading */
        case KSM_RULES_LIST:
          widget = build_list (block);
          ksm_a11y_set_label (widget, section);
          break;
        case KSM_RULES_TABLE:
          widget = build_table (block);
          ksm_a11y_set_label (gtk_frame_get_child (GTK_FRAME (widget)), section);
          break;
        case KSM_RULES_FIGURE:
          widget = build_figure (self, block);
          break;
        case KSM_RULES_SETTINGS:
          widget = build_settings (self, block);
          break;
        case KSM_RULES_GLOSSARY:
          widget = build_glossary (self, block);
          ksm_a11y_set_label (widget, section);
          break;
        default:
          break;
        }
      if (widget != NULL)
        {
          Placed placed = { widget, block };
          gtk_box_append (self->page, widget);
          g_array_append_val (self->placed, placed);
        }
    }
  collect_texts (self);
}

/* ---- search ----
 *
 * The search reads every label of the page: headings, paragraphs, list
 * items, table cells, captions, the settings and the glossary. Each text is
 * kept lower-cased a character at a time, so that a match's characters are
 * the label's own and its highlight falls on them (Devanagari has no case:
 * a plain match of the characters). The matches are highlighted with Pango
 * attributes, the current one stronger, and the current one is scrolled
 * into view. */

static gunichar *
lower_chars (const char *text, glong *length)
{
  gunichar *chars = g_utf8_to_ucs4_fast (text, -1, length);

  for (glong i = 0; i < *length; i++)
    chars[i] = g_unichar_tolower (chars[i]);
  return chars;
}

static void
add_text (KsmRulesView *self, GtkLabel *label)
{
  Text text = { label };

  text.key = lower_chars (gtk_label_get_text (label), &text.length);
  g_array_append_val (self->texts, text);
}

/* the labels under `widget`, in the order of the page; a figure's board
 * draws the position, and has no text of the rules */
static void
collect_under (KsmRulesView *self, GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child))
        add_text (self, GTK_LABEL (child));
      else if (!KSM_IS_BOARD (child))
        collect_under (self, child);
    }
}

static void
collect_texts (KsmRulesView *self)
{
  g_array_set_size (self->texts, 0);
  g_array_set_size (self->matches, 0);
  collect_under (self, GTK_WIDGET (self->page));
}

static void
show_highlights (KsmRulesView *self)
{
  guint m = 0;

  for (guint t = 0; t < self->texts->len; t++)
    {
      Text *text = &g_array_index (self->texts, Text, t);
      const char *chars = gtk_label_get_text (text->label);
      PangoAttrList *attrs = NULL;

      for (; m < self->matches->len && g_array_index (self->matches, Match, m).text == t; m++)
        {
          const Match *match = &g_array_index (self->matches, Match, m);
          guint start = (guint) (g_utf8_offset_to_pointer (chars, match->start) - chars);
          guint end = (guint) (g_utf8_offset_to_pointer (chars, match->end) - chars);
          gboolean current = m == self->current;
          PangoAttribute *attr;

          if (attrs == NULL)
            attrs = pango_attr_list_new ();
          /* GNOME's yellow for every match and its orange for the current
           * one, with dark text, read the same in the light and dark styles */
          attr = current ? pango_attr_background_new (0xffff, 0x7800, 0x0000)
                         : pango_attr_background_new (0xf9f9, 0xf0f0, 0x6b6b);
          attr->start_index = start;
          attr->end_index = end;
          pango_attr_list_insert (attrs, attr);
          attr = pango_attr_foreground_new (0x0000, 0x0000, 0x0000);
          attr->start_index = start;
          attr->end_index = end;
          pango_attr_list_insert (attrs, attr);
        }
      gtk_label_set_attributes (text->label, attrs);
      g_clear_pointer (&attrs, pango_attr_list_unref);
    }
}

static void
show_count (KsmRulesView *self, gboolean searching)
{
  guint n = self->matches->len;
  g_autofree char *count = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->match_label), searching);
  gtk_widget_set_sensitive (self->previous_button, n > 0);
  gtk_widget_set_sensitive (self->next_button, n > 0);
  if (!searching)
    {
      ksm_announce_set_description (GTK_WIDGET (self->search_entry), NULL);
      return;
    }
  if (n == 0)
    gtk_label_set_text (self->match_label, _("No matches"));
  else
    {
      /* Translators: the match shown of all the search found: "3 of 12" */
      count = ksm_format (g_dngettext (GETTEXT_PACKAGE, "%u of %u", "%u of %u", n),
                          self->current + 1, n);
      gtk_label_set_text (self->match_label, count);
    }
  /* a screen reader hears the count with the field */
  ksm_announce_set_description (GTK_WIDGET (self->search_entry), gtk_label_get_text (self->match_label));
}

/* where the current match is in the scrolled page, once it is laid out */
static gboolean
match_scroll_cb (gpointer user_data)
{
  KsmRulesView *self = KSM_RULES_VIEW (user_data);
  GtkWidget *content = gtk_viewport_get_child (self->viewport);
  const Match *match;
  GtkWidget *label;
  PangoLayout *layout;
  PangoRectangle rect;
  graphene_point_t point;
  GtkAdjustment *adjustment;
  double top, height, page_size, value, margin;
  int x, y;

  if (self->current >= self->matches->len)
    goto done;
  match = &g_array_index (self->matches, Match, self->current);
  label = GTK_WIDGET (g_array_index (self->texts, Text, match->text).label);
  /* the pane may be opening: wait for the label to have its place */
  if ((gtk_widget_get_width (label) == 0 || !gtk_widget_get_mapped (label))
      && self->match_tries++ < 50)
    return G_SOURCE_CONTINUE;
  if (!gtk_widget_compute_point (label, content, &GRAPHENE_POINT_INIT (0, 0), &point))
    goto done;
  layout = gtk_label_get_layout (GTK_LABEL (label));
  gtk_label_get_layout_offsets (GTK_LABEL (label), &x, &y);
  {
    const char *chars = gtk_label_get_text (GTK_LABEL (label));
    int index = (int) (g_utf8_offset_to_pointer (chars, match->start) - chars);
    pango_layout_index_to_pos (layout, index, &rect);
  }
  /* the layout offsets are in the label's coordinates less its margins */
  top = point.y + y + (double) rect.y / PANGO_SCALE;
  height = MAX ((double) rect.height / PANGO_SCALE, 1.0);
  adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  page_size = gtk_adjustment_get_page_size (adjustment);
  value = gtk_adjustment_get_value (adjustment);
  /* well in view: the page stays put, as a reader expects; at an edge or
   * out of view it comes to a third of the way down */
  margin = MIN (48.0, page_size / 6);
  if (top < value + margin || top + height > value + page_size - margin)
    gtk_adjustment_set_value (adjustment, MAX (top - page_size / 3, 0));

done:
  self->match_source = 0;
  return G_SOURCE_REMOVE;
}

static void
show_current (KsmRulesView *self)
{
  show_highlights (self);
  show_count (self, TRUE);
  self->match_tries = 0;
  if (self->matches->len > 0 && self->match_source == 0)
    self->match_source = g_timeout_add (20, match_scroll_cb, self);
}

static void
search_changed_cb (KsmRulesView *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  glong n_needle = 0;
  g_autofree gunichar *needle = lower_chars (trimmed, &n_needle);
  gboolean searching = n_needle > 0;

  /* the same search again (the entry's own, late, or the settings
   * refilled) keeps the match the person has gone to */
  if (g_strcmp0 (self->searched, trimmed) != 0)
    self->current = 0;
  g_free (self->searched);
  self->searched = g_strdup (trimmed);
  g_array_set_size (self->matches, 0);
  for (guint t = 0; searching && t < self->texts->len; t++)
    {
      const Text *hay = &g_array_index (self->texts, Text, t);

      for (glong i = 0; i + n_needle <= hay->length; i++)
        if (memcmp (hay->key + i, needle, (gsize) n_needle * sizeof (gunichar)) == 0)
          {
            Match match = { t, i, i + n_needle };
            g_array_append_val (self->matches, match);
            i += n_needle - 1;
          }
    }
  if (self->current >= self->matches->len)
    self->current = 0;
  if (searching)
    show_current (self);
  else
    {
      show_highlights (self);
      show_count (self, FALSE);
    }
}

static void
step_match (KsmRulesView *self, int step)
{
  guint n = self->matches->len;

  if (n == 0)
    return;
  self->current = (self->current + n + (guint) (step > 0 ? 1 : n - 1)) % n;
  show_current (self);
}

static void
next_match_cb (KsmRulesView *self)
{
  step_match (self, 1);
}

static void
previous_match_cb (KsmRulesView *self)
{
  step_match (self, -1);
}

/* Escape in the search field: as a GNOME search bar closes with its
 * search, the pane or window does; and the pane's close button */
static void
stop_search_cb (KsmRulesView *self)
{
  g_signal_emit (self, signals[SIGNAL_CLOSE], 0);
}

static gboolean
close_shortcut_cb (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  g_signal_emit (user_data, signals[SIGNAL_CLOSE], 0);
  return TRUE;
}

static gboolean
previous_shortcut_cb (GtkWidget *widget, GVariant *args, gpointer user_data)
{
  step_match (user_data, -1);
  return TRUE;
}

/* ---- the rules or the guide ---- */

static void
show_document (KsmRulesView *self, gboolean guide)
{
  if (self->guide == guide && self->doc != NULL)
    return;
  self->guide = guide;
  /* gtk_search_entry_set_placeholder_text () is newer than GTK 4.8 */
  g_object_set (self->search_entry, "placeholder-text",
                guide ? _("Search the guide") : _("Search the rules"), NULL);
  if (self->rules == NULL)
    return;
  build_page (self);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
  search_changed_cb (self);
}

/* Learn opens the lessons of the game whose rules are shown */
static void
update_learn (KsmRulesView *self)
{
  gtk_widget_set_visible (self->learn_button, self->rules != NULL && !self->guide);
  /* the target first: the action takes a game's id */
  if (self->rules != NULL)
    {
      gtk_actionable_set_action_target (GTK_ACTIONABLE (self->learn_button), "s", self->rules->id);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->learn_button), "app.learn");
    }
}

static void
shown_toggled_cb (KsmRulesView *self)
{
  show_document (self, !gtk_toggle_button_get_active (self->rules_button));
  update_learn (self);
}

/* ---- scrolling to an entry ---- */

static gboolean
scroll_cb (gpointer user_data)
{
  KsmRulesView *self = KSM_RULES_VIEW (user_data);
  Entry *entry = self->scroll_to != NULL ? g_hash_table_lookup (self->entries, self->scroll_to) : NULL;
  graphene_point_t point;

  if (entry == NULL)
    goto done;
  /* the pane may be opening: wait for the entry to have its place */
  if ((gtk_widget_get_width (entry->widget) == 0 || !gtk_widget_get_mapped (entry->widget))
      && self->scroll_tries++ < 50)
    return G_SOURCE_CONTINUE;
  if (gtk_widget_compute_point (entry->widget, GTK_WIDGET (self->page),
                                &GRAPHENE_POINT_INIT (0, 0), &point))
    {
      GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
      gtk_adjustment_set_value (adjustment, MAX (point.y - 12, 0));
    }

done:
  self->scroll_source = 0;
  g_clear_pointer (&self->scroll_to, g_free);
  return G_SOURCE_REMOVE;
}

gboolean
ksm_rules_view_show_entry (KsmRulesView *self,
                           const char   *id)
{
  Entry *entry;
  GHashTableIter iter;
  gpointer value;

  g_return_val_if_fail (KSM_IS_RULES_VIEW (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  /* the glossary is on the rules' page */
  if (self->guide && self->rules != NULL && ksm_rules_doc_game_has_entry (self->rules->id, id))
    gtk_toggle_button_set_active (self->rules_button, TRUE);
  entry = g_hash_table_lookup (self->entries, id);
  if (entry == NULL)
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  search_changed_cb (self);

  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    gtk_widget_remove_css_class (((Entry *) value)->widget, "shown");
  gtk_widget_add_css_class (entry->widget, "shown");
  gtk_widget_grab_focus (entry->widget);

  g_free (self->scroll_to);
  self->scroll_to = g_strdup (id);
  self->scroll_tries = 0;
  if (self->scroll_source == 0)
    self->scroll_source = g_timeout_add (20, scroll_cb, self);
  return TRUE;
}

/* ---- GObject ---- */

static void
ksm_rules_view_dispose (GObject *object)
{
  KsmRulesView *self = KSM_RULES_VIEW (object);

  g_clear_handle_id (&self->scroll_source, g_source_remove);
  g_clear_handle_id (&self->match_source, g_source_remove);
  if (self->placed != NULL)
    clear_page (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), KSM_TYPE_RULES_VIEW);
  G_OBJECT_CLASS (ksm_rules_view_parent_class)->dispose (object);
}

static void
ksm_rules_view_finalize (GObject *object)
{
  KsmRulesView *self = KSM_RULES_VIEW (object);

  g_clear_pointer (&self->placed, g_array_unref);
  g_clear_pointer (&self->entries, g_hash_table_unref);
  g_clear_pointer (&self->texts, g_array_unref);
  g_clear_pointer (&self->matches, g_array_unref);
  g_free (self->searched);
  g_free (self->scroll_to);
  G_OBJECT_CLASS (ksm_rules_view_parent_class)->finalize (object);
}

static void
ksm_rules_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  KsmRulesView *self = KSM_RULES_VIEW (object);

  switch (prop_id)
    {
    case PROP_CLOSABLE:
      g_value_set_boolean (value, gtk_widget_get_visible (self->close_button));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_rules_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  KsmRulesView *self = KSM_RULES_VIEW (object);

  switch (prop_id)
    {
    case PROP_CLOSABLE:
      gtk_widget_set_visible (self->close_button, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_rules_view_class_init (KsmRulesViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_rules_view_dispose;
  object_class->finalize = ksm_rules_view_finalize;
  object_class->get_property = ksm_rules_view_get_property;
  object_class->set_property = ksm_rules_view_set_property;

  /* a close button beside the switcher, where no header bar has one */
  properties[PROP_CLOSABLE] = g_param_spec_boolean ("closable", NULL, NULL, FALSE,
                                                    G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-rules-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmRulesView, rules_button);
  gtk_widget_class_bind_template_child (widget_class, KsmRulesView, guide_button);
  gtk_widget_class_bind_template_child (widget_class, KsmRulesView, search_entry);
  gtk_widget_class_bind_template_child (widget_class, KsmRulesView, match_label);
  gtk_widget_class_bind_template_child (widget_class, KsmRulesView, previous_button);
  gtk_widget_class_bind_template_child (widget_class, KsmRulesView, next_button);
  gtk_widget_class_bind_template_child (widget_class, KsmRulesView, close_button);
  gtk_widget_class_bind_template_child (widget_class, KsmRulesView, learn_button);
  gtk_widget_class_bind_template_child (widget_class, KsmRulesView, scroller);
  gtk_widget_class_bind_template_child (widget_class, KsmRulesView, viewport);
  gtk_widget_class_bind_template_child (widget_class, KsmRulesView, page);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, next_match_cb);
  gtk_widget_class_bind_template_callback (widget_class, previous_match_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, shown_toggled_cb);

  /* Escape or Ctrl+W in the search field: the pane or window is to close */
  signals[SIGNAL_CLOSE] = g_signal_new ("close", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_css_name (widget_class, "rulesview");
}

static void
ksm_rules_view_init (KsmRulesView *self)
{
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->placed = g_array_new (FALSE, TRUE, sizeof (Placed));
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, entry_free);
  self->texts = g_array_new (FALSE, TRUE, sizeof (Text));
  g_array_set_clear_func (self->texts, text_clear);
  self->matches = g_array_new (FALSE, TRUE, sizeof (Match));

  /* the search entry's own keys are Enter, Ctrl+G, Ctrl+Shift+G and
   * Escape; these come before its text's, which would take Shift+Enter as
   * Enter */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
    gtk_shortcut_new (gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Return, GDK_SHIFT_MASK),
                                                   gtk_keyval_trigger_new (GDK_KEY_KP_Enter, GDK_SHIFT_MASK)),
                      gtk_callback_action_new (previous_shortcut_cb, self, NULL)));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_w, GDK_CONTROL_MASK),
                      gtk_callback_action_new (close_shortcut_cb, self, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self->search_entry), shortcuts);
}

/* ---- public ---- */

GtkWidget *
ksm_rules_view_new (void)
{
  return g_object_new (KSM_TYPE_RULES_VIEW, NULL);
}

void
ksm_rules_view_set_rules (KsmRulesView     *self,
                          const KsmRules   *rules,
                          const KsmOptions *options)
{
  g_return_if_fail (KSM_IS_RULES_VIEW (self));
  g_return_if_fail (rules != NULL);

  if (options != NULL)
    self->options = *options;
  else
    rules->default_options (&self->options);

  if (self->rules != rules)
    {
      self->rules = rules;
      build_page (self);
      search_changed_cb (self);
      update_learn (self);
    }
  else
    {
      /* the settings' texts change with them */
      fill_settings (self);
      collect_texts (self);
      search_changed_cb (self);
    }
}

void
ksm_rules_view_show_guide (KsmRulesView *self,
                           gboolean      guide)
{
  g_return_if_fail (KSM_IS_RULES_VIEW (self));
  gtk_toggle_button_set_active (guide ? self->guide_button : self->rules_button, TRUE);
}

gboolean
ksm_rules_view_get_showing_guide (KsmRulesView *self)
{
  g_return_val_if_fail (KSM_IS_RULES_VIEW (self), FALSE);
  return self->guide;
}

GtkWidget *
ksm_rules_view_get_learn_button (KsmRulesView *self)
{
  g_return_val_if_fail (KSM_IS_RULES_VIEW (self), NULL);
  return self->learn_button;
}

guint
ksm_rules_view_get_n_matches (KsmRulesView *self)
{
  g_return_val_if_fail (KSM_IS_RULES_VIEW (self), 0);
  return self->matches->len;
}

GtkLabel *
ksm_rules_view_get_current_match (KsmRulesView *self,
                                  int          *start,
                                  int          *end)
{
  const Match *match;
  GtkLabel *label;
  const char *chars;

  g_return_val_if_fail (KSM_IS_RULES_VIEW (self), NULL);
  if (self->current >= self->matches->len)
    return NULL;
  match = &g_array_index (self->matches, Match, self->current);
  label = g_array_index (self->texts, Text, match->text).label;
  chars = gtk_label_get_text (label);
  if (start != NULL)
    *start = (int) (g_utf8_offset_to_pointer (chars, match->start) - chars);
  if (end != NULL)
    *end = (int) (g_utf8_offset_to_pointer (chars, match->end) - chars);
  return label;
}

GtkWidget *
ksm_rules_view_get_match_label (KsmRulesView *self)
{
  g_return_val_if_fail (KSM_IS_RULES_VIEW (self), NULL);
  return GTK_WIDGET (self->match_label);
}

GtkWidget *
ksm_rules_view_get_scroller (KsmRulesView *self)
{
  g_return_val_if_fail (KSM_IS_RULES_VIEW (self), NULL);
  return GTK_WIDGET (self->scroller);
}

const KsmRules *
ksm_rules_view_get_rules (KsmRulesView *self)
{
  g_return_val_if_fail (KSM_IS_RULES_VIEW (self), NULL);
  return self->rules;
}

GtkWidget *
ksm_rules_view_get_search_entry (KsmRulesView *self)
{
  g_return_val_if_fail (KSM_IS_RULES_VIEW (self), NULL);
  return GTK_WIDGET (self->search_entry);
}

GtkWidget *
ksm_rules_view_get_page (KsmRulesView *self)
{
  g_return_val_if_fail (KSM_IS_RULES_VIEW (self), NULL);
  return GTK_WIDGET (self->page);
}

GtkWidget *
ksm_rules_view_get_entry (KsmRulesView *self,
                          const char   *id)
{
  Entry *entry;

  g_return_val_if_fail (KSM_IS_RULES_VIEW (self), NULL);
  entry = g_hash_table_lookup (self->entries, id);
  return entry != NULL ? entry->widget : NULL;
}

GtkWidget *
ksm_rules_view_get_settings (KsmRulesView *self)
{
  g_return_val_if_fail (KSM_IS_RULES_VIEW (self), NULL);
  return self->settings;
}

#define GLOSSARY_SCHEME "glossary:"

char *
ksm_rules_view_link_markup (const KsmRules *rules,
                            const char     *id,
                            const char     *text)
{
  g_return_val_if_fail (rules != NULL && id != NULL && text != NULL, NULL);

  if (ksm_rules_doc_game_has_entry (rules->id, id))
    return g_markup_printf_escaped ("<a href=\"" GLOSSARY_SCHEME "%s\">%s</a>", id, text);
  return g_markup_escape_text (text, -1);
}

gboolean
ksm_rules_view_follow_link_cb (GtkLabel   *label,
                               const char *uri,
                               gpointer    user_data)
{
  if (!g_str_has_prefix (uri, GLOSSARY_SCHEME))
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (label), "game.glossary", "s", uri + strlen (GLOSSARY_SCHEME));
  return TRUE;
}
