/* ksm-rules-view.c
 *
 * The page is rebuilt from the document whenever the game changes; each text
 * goes through ksm_rules_doc_translate () as it is placed, so the page is in
 * the language the app runs in. Figures are live widgets: a KsmBoard showing
 * the figure's position read-only, or KsmStrips. The settings table is the
 * one block not in the document's words: it lists the options of the game
 * in progress, through the engine's option_info and ksm-words. */
#include "config.h"

#include "ksm-rules-view.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ksm-board.h"
#include "ksm-rules-doc.h"
#include "ksm-strips.h"
#include "ksm-words.h"

typedef struct {
  GtkWidget           *widget;
  const KsmRulesBlock *block;
} Placed;

typedef struct {
  GtkWidget *widget;
  char      *haystack;   /* casefolded term, Newar spelling, meaning, English term */
} Entry;

struct _KsmRulesView
{
  AdwBin             parent_instance;

  GtkSearchEntry    *search_entry;
  GtkScrolledWindow *scroller;
  GtkBox            *page;

  const KsmRules    *rules;
  KsmOptions         options;
  KsmRulesDoc       *doc;
  GArray            *placed;        /* Placed, the page's children in order */
  GHashTable        *entries;       /* id -> Entry */
  GtkWidget         *settings;      /* the settings block's grid, rebuilt with the options */
  GtkWidget         *no_match;
  char              *scroll_to;     /* entry id waiting for its allocation */
  guint              scroll_source;
  guint              scroll_tries;
};

G_DEFINE_FINAL_TYPE (KsmRulesView, ksm_rules_view, ADW_TYPE_BIN)

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  g_free (entry->haystack);
  g_free (entry);
}

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
                                  "min-children-per-line", 3,
                                  "max-children-per-line", 5,
                                  "row-spacing", 12,
                                  "column-spacing", 6,
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
  GtkWidget *value_label = text_label (value, "rules-setting-value");

  gtk_widget_set_hexpand (box, TRUE);
  gtk_box_append (GTK_BOX (box), text_label (name, NULL));
  if (note != NULL)
    {
      GtkWidget *note_label = text_label (note, "caption");
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
      g_autofree char *length = g_strdup_printf ("%u", (guint) options->length);
      settings_row (grid, row++, _("Board length"), length, NULL);
    }
  if (rules->throw_limit)
    {
      g_autofree char *limit = options->throw_limit > 0
                               ? g_strdup_printf ("%u", (guint) options->throw_limit)
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

static char *
search_key (const char *text)
{
  g_autofree char *normal = g_utf8_normalize (text, -1, G_NORMALIZE_ALL);

  return g_utf8_casefold (normal != NULL ? normal : text, -1);
}

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
      g_autofree char *haystack = NULL;
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
      haystack = g_strjoin ("\n", term, entry->native != NULL ? entry->native : "", meaning,
                            entry->term, entry->id, NULL);
      kept = g_new0 (Entry, 1);
      kept->widget = item;
      kept->haystack = search_key (haystack);
      g_hash_table_insert (self->entries, g_strdup (entry->id), kept);
    }

  self->no_match = text_label (_("No word of the game matches the search."), "dim-label");
  gtk_widget_set_visible (self->no_match, FALSE);
  gtk_box_append (GTK_BOX (box), self->no_match);
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
  self->settings = NULL;
  self->no_match = NULL;
  g_clear_pointer (&self->doc, ksm_rules_doc_free);
}

static void
build_page (KsmRulesView *self)
{
  g_autoptr(GError) error = NULL;

  clear_page (self);
  self->doc = ksm_rules_doc_new_for_game (self->rules->id, &error);
  if (self->doc == NULL)
    {
      if (!g_error_matches (error, G_RESOURCE_ERROR, G_RESOURCE_ERROR_NOT_FOUND))
        g_warning ("The rules of %s cannot be read: %s", self->rules->id, error->message);
      gtk_box_append (self->page, text_label (_("The rules of this game are not written yet."), NULL));
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
          break;
        case KSM_RULES_PARAGRAPH:
          widget = text_label (ksm_rules_doc_translate (block->text), NULL);
          break;
        case KSM_RULES_LIST:
          widget = build_list (block);
          break;
        case KSM_RULES_TABLE:
          widget = build_table (block);
          break;
        case KSM_RULES_FIGURE:
          widget = build_figure (self, block);
          break;
        case KSM_RULES_SETTINGS:
          widget = build_settings (self, block);
          break;
        case KSM_RULES_GLOSSARY:
          widget = build_glossary (self, block);
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
}

/* ---- search ---- */

static gboolean
in_glossary_section (KsmRulesView *self, const KsmRulesBlock *block)
{
  for (guint i = 0; i < self->placed->len; i++)
    {
      const KsmRulesBlock *other = g_array_index (self->placed, Placed, i).block;
      if (other->kind == KSM_RULES_GLOSSARY)
        return block == other
               || (block->kind == KSM_RULES_TITLE && block->section != NULL
                   && g_strcmp0 (block->section, other->section) == 0);
    }
  return FALSE;
}

static void
search_changed_cb (KsmRulesView *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  g_autofree char *needle = search_key (trimmed);
  gboolean searching = *needle != '\0';
  GHashTableIter iter;
  gpointer value;
  guint matches = 0;

  /* a search shows the glossary alone, with the entries that match */
  for (guint i = 0; i < self->placed->len; i++)
    {
      Placed *placed = &g_array_index (self->placed, Placed, i);
      gtk_widget_set_visible (placed->widget, !searching || in_glossary_section (self, placed->block));
    }
  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Entry *entry = value;
      gboolean match = !searching || strstr (entry->haystack, needle) != NULL;

      gtk_widget_set_visible (entry->widget, match);
      matches += match;
    }
  if (self->no_match != NULL)
    gtk_widget_set_visible (self->no_match, searching && matches == 0);
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
  g_free (self->scroll_to);
  G_OBJECT_CLASS (ksm_rules_view_parent_class)->finalize (object);
}

static void
ksm_rules_view_class_init (KsmRulesViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_rules_view_dispose;
  object_class->finalize = ksm_rules_view_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-rules-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmRulesView, search_entry);
  gtk_widget_class_bind_template_child (widget_class, KsmRulesView, scroller);
  gtk_widget_class_bind_template_child (widget_class, KsmRulesView, page);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_set_css_name (widget_class, "rulesview");
}

static void
ksm_rules_view_init (KsmRulesView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->placed = g_array_new (FALSE, TRUE, sizeof (Placed));
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, entry_free);
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
    }
  else
    fill_settings (self);
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
