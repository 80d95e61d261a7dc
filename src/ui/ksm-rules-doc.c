/* ksm-rules-doc.c: reads a rules document with GMarkup.
 *
 * The format (data/rules/README.md): <rules game="…" context="rules"> (or
 * <guide context="rules">, the app's guide, data/help/guide.xml) holds
 * <title>, <p> and <section id="…">; a section holds <title>, <p>, <list> of
 * <item>, <table> of <row header="yes"> of <cell>, <figure>, <settings> and
 * <glossary> of <entry id="…"> with <term>, <native> and <meaning>. A figure
 * is a board (position="…" highlight="B17-M17" refused="yes") or a row of
 * <strips hollow="1000"> each with its <caption>, and ends with its own
 * <caption>. Anything else is an error that names the line, so a writer
 * hears of a slip at once (the tests read every document). */
#include "config.h"

#include "ksm-rules-doc.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <string.h>

#include "ksm-lesson-book.h"
#include "ksm-numbers.h"

struct _KsmRulesDoc
{
  char       *game;
  GPtrArray  *blocks;     /* KsmRulesBlock * */
  GStringChunk *sections; /* section ids, shared by their blocks */
};

typedef struct {
  KsmRulesDoc   *doc;
  const char    *section;
  KsmRulesBlock *block;   /* the open list, table, figure, settings or glossary */
  KsmRulesRow   *row;
  KsmRulesEntry *entry;
  KsmRulesStrips *strips;
  GString       *text;    /* the text element being read, or NULL */
} Reader;

static void
row_free (gpointer data)
{
  KsmRulesRow *row = data;

  g_ptr_array_unref (row->cells);
  g_free (row);
}

static void
strips_free (gpointer data)
{
  KsmRulesStrips *strips = data;

  g_free (strips->hollow);
  g_free (strips->caption);
  g_free (strips);
}

static void
entry_free (gpointer data)
{
  KsmRulesEntry *entry = data;

  g_free (entry->id);
  g_free (entry->term);
  g_free (entry->native);
  g_free (entry->meaning);
  g_free (entry);
}

static void
block_free (gpointer data)
{
  KsmRulesBlock *block = data;

  g_free (block->text);
  g_clear_pointer (&block->children, g_ptr_array_unref);
  g_free (block->position);
  g_free (block->highlight);
  g_free (block);
}

const char *
ksm_rules_doc_translate (const char *text)
{
  return ksm_rules_doc_translate_in ("rules", text);
}

const char *
ksm_rules_doc_translate_in (const char *context,
                            const char *text)
{
  const char *translated;
  g_autofree char *localized = NULL;

  g_return_val_if_fail (context != NULL, NULL);
  g_return_val_if_fail (text != NULL, NULL);
  if (*text == '\0')
    return text;
  translated = g_dpgettext2 (GETTEXT_PACKAGE, context, text);
  if (!ksm_numbers_native_digits ())
    return translated;
  /* its numbers in the language's digits, the cells' names (B17) as they
   * are; kept for the process, as the catalogue's own strings are, so it
   * is read as a translation is */
  localized = ksm_localize_digits (translated);
  return g_intern_string (localized);
}

static KsmRulesBlock *
add_block (Reader *reader, KsmRulesBlockKind kind)
{
  KsmRulesBlock *block = g_new0 (KsmRulesBlock, 1);

  block->kind = kind;
  block->section = reader->section;
  g_ptr_array_add (reader->doc->blocks, block);
  return block;
}

static const char *
parent_of (GMarkupParseContext *context)
{
  const GSList *stack = g_markup_parse_context_get_element_stack (context);

  return stack != NULL && stack->next != NULL ? stack->next->data : NULL;
}

static gboolean
is_text_element (const char *name)
{
  static const char *const names[] = {
    "title", "p", "item", "cell", "caption", "term", "native", "meaning",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (name, names[i]) == 0)
      return TRUE;
  return FALSE;
}

/* which elements may stand in which */
static gboolean
allowed_in (const char *name, const char *parent)
{
  static const struct { const char *name; const char *parents; } rules[] = {
    { "rules", "" },
    { "guide", "" },
    { "title", " rules guide section " },
    { "p", " rules guide section " },
    { "section", " rules guide " },
    { "list", " section " },
    { "item", " list " },
    { "table", " section rules guide " },
    { "row", " table " },
    { "cell", " row " },
    { "figure", " section " },
    { "strips", " figure " },
    { "caption", " figure strips settings " },
    { "settings", " section " },
    { "glossary", " section " },
    { "entry", " glossary " },
    { "term", " entry " },
    { "native", " entry " },
    { "meaning", " entry " },
  };
  g_autofree char *padded = g_strdup_printf (" %s ", parent != NULL ? parent : "");

  for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
    if (strcmp (name, rules[i].name) == 0)
      return parent == NULL ? rules[i].parents[0] == '\0'
                            : strstr (rules[i].parents, padded) != NULL;
  return FALSE;
}

static void
start_element_cb (GMarkupParseContext  *context,
                  const char           *name,
                  const char          **attribute_names,
                  const char          **attribute_values,
                  gpointer              user_data,
                  GError              **error)
{
  Reader *reader = user_data;
  const char *parent = parent_of (context);
  const char *id = NULL, *game = NULL, *context_name = NULL, *header = NULL;
  const char *position = NULL, *highlight = NULL, *refused = NULL, *hollow = NULL;
  int line;

  g_markup_parse_context_get_position (context, &line, NULL);
  if (!allowed_in (name, parent))
    {
      /* not for people: a slip in a rules document, for its writer (the log) */
      g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_UNKNOWN_ELEMENT,
                   "line %d: <%s> cannot stand in <%s>", line, name, parent != NULL ? parent : "");
      return;
    }

  if (!g_markup_collect_attributes (name, attribute_names, attribute_values, error,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "id", &id,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "game", &game,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "context", &context_name,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "header", &header,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "position", &position,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "highlight", &highlight,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "refused", &refused,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "hollow", &hollow,
                                    G_MARKUP_COLLECT_INVALID))
    return;

  if (is_text_element (name))
    {
      reader->text = g_string_new (NULL);
      return;
    }

  if (strcmp (name, "rules") == 0)
    {
      if (game == NULL || g_strcmp0 (context_name, "rules") != 0)
        /* not for people: a slip in a rules document, for its writer (the log) */
        g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_MISSING_ATTRIBUTE,
                     "line %d: <rules> needs game=\"…\" and context=\"rules\"", line);
      else
        reader->doc->game = g_strdup (game);
    }
  else if (strcmp (name, "guide") == 0)
    {
      /* the app's guide: the same blocks, about no one game */
      if (g_strcmp0 (context_name, "rules") != 0)
        /* not for people: a slip in a rules document, for its writer (the log) */
        g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_MISSING_ATTRIBUTE,
                     "line %d: <guide> needs context=\"rules\"", line);
    }
  else if (strcmp (name, "section") == 0)
    reader->section = g_string_chunk_insert_const (reader->doc->sections, id != NULL ? id : "");
  else if (strcmp (name, "list") == 0)
    {
      reader->block = add_block (reader, KSM_RULES_LIST);
      reader->block->children = g_ptr_array_new_with_free_func (g_free);
    }
  else if (strcmp (name, "table") == 0)
    {
      reader->block = add_block (reader, KSM_RULES_TABLE);
      reader->block->children = g_ptr_array_new_with_free_func (row_free);
    }
  else if (strcmp (name, "row") == 0)
    {
      reader->row = g_new0 (KsmRulesRow, 1);
      reader->row->header = g_strcmp0 (header, "yes") == 0;
      reader->row->cells = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (reader->block->children, reader->row);
    }
  else if (strcmp (name, "figure") == 0)
    {
      reader->block = add_block (reader, KSM_RULES_FIGURE);
      reader->block->children = g_ptr_array_new_with_free_func (strips_free);
      reader->block->position = g_strdup (position);
      reader->block->highlight = g_strdup (highlight);
      reader->block->refused = g_strcmp0 (refused, "yes") == 0;
    }
  else if (strcmp (name, "strips") == 0)
    {
      if (hollow == NULL || strspn (hollow, "01") != strlen (hollow) || *hollow == '\0')
        {
          /* not for people: a slip in a rules document, for its writer (the log) */
          g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                       "line %d: <strips> needs hollow=\"…\" of 0s and 1s", line);
          return;
        }
      reader->strips = g_new0 (KsmRulesStrips, 1);
      reader->strips->hollow = g_strdup (hollow);
      g_ptr_array_add (reader->block->children, reader->strips);
    }
  else if (strcmp (name, "settings") == 0)
    reader->block = add_block (reader, KSM_RULES_SETTINGS);
  else if (strcmp (name, "glossary") == 0)
    {
      reader->block = add_block (reader, KSM_RULES_GLOSSARY);
      reader->block->children = g_ptr_array_new_with_free_func (entry_free);
    }
  else if (strcmp (name, "entry") == 0)
    {
      if (id == NULL)
        {
          /* not for people: a slip in a rules document, for its writer (the log) */
          g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_MISSING_ATTRIBUTE,
                       "line %d: <entry> needs id=\"…\"", line);
          return;
        }
      reader->entry = g_new0 (KsmRulesEntry, 1);
      reader->entry->id = g_strdup (id);
      g_ptr_array_add (reader->block->children, reader->entry);
    }
}

static void
take_text (char **field, char **text)
{
  g_free (*field);
  *field = g_steal_pointer (text);
}

static void
end_element_cb (GMarkupParseContext  *context,
                const char           *name,
                gpointer              user_data,
                GError              **error)
{
  Reader *reader = user_data;
  const char *parent = parent_of (context);
  g_autofree char *text = NULL;

  if (reader->text != NULL)
    {
      /* the catalogue's spacing, as the lessons' reader makes it too */
      text = ksm_lesson_normalize (reader->text->str);
      g_string_free (reader->text, TRUE);
      reader->text = NULL;
    }

  if (strcmp (name, "title") == 0 || strcmp (name, "p") == 0)
    {
      KsmRulesBlock *block = add_block (reader, name[0] == 't' ? KSM_RULES_TITLE : KSM_RULES_PARAGRAPH);
      block->level = strcmp (parent, "section") == 0 ? 2 : 1;
      block->text = g_steal_pointer (&text);
    }
  else if (strcmp (name, "item") == 0)
    g_ptr_array_add (reader->block->children, g_steal_pointer (&text));
  else if (strcmp (name, "cell") == 0)
    g_ptr_array_add (reader->row->cells, g_steal_pointer (&text));
  else if (strcmp (name, "caption") == 0)
    {
      if (strcmp (parent, "strips") == 0)
        take_text (&reader->strips->caption, &text);
      else
        take_text (&reader->block->text, &text);
    }
  else if (strcmp (name, "term") == 0)
    take_text (&reader->entry->term, &text);
  else if (strcmp (name, "native") == 0)
    take_text (&reader->entry->native, &text);
  else if (strcmp (name, "meaning") == 0)
    take_text (&reader->entry->meaning, &text);
  else if (strcmp (name, "section") == 0)
    reader->section = NULL;
  else if (strcmp (name, "row") == 0)
    reader->row = NULL;
  else if (strcmp (name, "strips") == 0)
    reader->strips = NULL;
  else if (strcmp (name, "entry") == 0)
    {
      if (reader->entry->term == NULL || reader->entry->meaning == NULL)
        /* not for people: a slip in a rules document, for its writer (the log) */
        g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                     "glossary entry “%s” needs a <term> and a <meaning>", reader->entry->id);
      reader->entry = NULL;
    }
  else if (strcmp (name, "list") == 0 || strcmp (name, "table") == 0 || strcmp (name, "figure") == 0
           || strcmp (name, "settings") == 0 || strcmp (name, "glossary") == 0)
    reader->block = NULL;
}

static void
text_cb (GMarkupParseContext  *context,
         const char           *text,
         gsize                 length,
         gpointer              user_data,
         GError              **error)
{
  Reader *reader = user_data;

  if (reader->text != NULL)
    g_string_append_len (reader->text, text, (gssize) length);
  else
    for (gsize i = 0; i < length; i++)
      if (!g_ascii_isspace (text[i]))
        {
          int line;
          g_markup_parse_context_get_position (context, &line, NULL);
          /* not for people: a slip in a rules document, for its writer (the log) */
          g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                       "line %d: text outside a text element (title, p, item, cell, caption, "
                       "term, native, meaning)", line);
          return;
        }
}

static const GMarkupParser parser = {
  start_element_cb, end_element_cb, text_cb, NULL, NULL,
};

KsmRulesDoc *
ksm_rules_doc_new_from_data (const char  *text,
                             gssize       length,
                             GError     **error)
{
  KsmRulesDoc *doc = g_new0 (KsmRulesDoc, 1);
  Reader reader = { doc };
  g_autoptr(GMarkupParseContext) context = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  doc->blocks = g_ptr_array_new_with_free_func (block_free);
  doc->sections = g_string_chunk_new (64);
  context = g_markup_parse_context_new (&parser, G_MARKUP_TREAT_CDATA_AS_TEXT, &reader, NULL);
  if (!g_markup_parse_context_parse (context, text, length, error)
      || !g_markup_parse_context_end_parse (context, error))
    {
      if (reader.text != NULL)
        g_string_free (reader.text, TRUE);
      ksm_rules_doc_free (doc);
      return NULL;
    }
  return doc;
}

KsmRulesDoc *
ksm_rules_doc_new_for_game (const char  *game_id,
                            GError     **error)
{
  g_autofree char *path = g_strdup_printf ("/io/github/kasimala/Kasimala/rules/%s.xml", game_id);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);

  if (bytes == NULL)
    return NULL;
  return ksm_rules_doc_new_from_data (g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes),
                                      error);
}

KsmRulesDoc *
ksm_rules_doc_new_guide (GError **error)
{
  g_autoptr(GBytes) bytes = g_resources_lookup_data ("/io/github/kasimala/Kasimala/help/guide.xml",
                                                     G_RESOURCE_LOOKUP_FLAGS_NONE, error);

  if (bytes == NULL)
    return NULL;
  return ksm_rules_doc_new_from_data (g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes),
                                      error);
}

void
ksm_rules_doc_free (KsmRulesDoc *doc)
{
  if (doc == NULL)
    return;
  g_free (doc->game);
  g_ptr_array_unref (doc->blocks);
  g_string_chunk_free (doc->sections);
  g_free (doc);
}

const char *
ksm_rules_doc_get_game (KsmRulesDoc *doc)
{
  return doc->game;
}

guint
ksm_rules_doc_get_n_blocks (KsmRulesDoc *doc)
{
  return doc->blocks->len;
}

const KsmRulesBlock *
ksm_rules_doc_get_block (KsmRulesDoc *doc,
                         guint        index)
{
  g_return_val_if_fail (index < doc->blocks->len, NULL);
  return g_ptr_array_index (doc->blocks, index);
}

const KsmRulesEntry *
ksm_rules_doc_find_entry (KsmRulesDoc *doc,
                          const char  *id)
{
  for (guint i = 0; i < doc->blocks->len; i++)
    {
      const KsmRulesBlock *block = g_ptr_array_index (doc->blocks, i);

      if (block->kind != KSM_RULES_GLOSSARY)
        continue;
      for (guint k = 0; k < block->children->len; k++)
        {
          const KsmRulesEntry *entry = g_ptr_array_index (block->children, k);
          if (g_strcmp0 (entry->id, id) == 0)
            return entry;
        }
    }
  return NULL;
}

static void
add_message (GPtrArray *messages, const char *text)
{
  if (text != NULL && *text != '\0')
    g_ptr_array_add (messages, (gpointer) text);
}

GPtrArray *
ksm_rules_doc_get_messages (KsmRulesDoc *doc)
{
  GPtrArray *messages = g_ptr_array_new ();

  for (guint i = 0; i < doc->blocks->len; i++)
    {
      const KsmRulesBlock *block = g_ptr_array_index (doc->blocks, i);

      add_message (messages, block->text);
      for (guint k = 0; block->children != NULL && k < block->children->len; k++)
        {
          gpointer child = g_ptr_array_index (block->children, k);

          switch (block->kind)
            {
            case KSM_RULES_LIST:
              add_message (messages, child);
              break;
            case KSM_RULES_TABLE:
              for (guint c = 0; c < ((KsmRulesRow *) child)->cells->len; c++)
                add_message (messages, g_ptr_array_index (((KsmRulesRow *) child)->cells, c));
              break;
            case KSM_RULES_FIGURE:
              add_message (messages, ((KsmRulesStrips *) child)->caption);
              break;
            case KSM_RULES_GLOSSARY:
              add_message (messages, ((KsmRulesEntry *) child)->term);
              add_message (messages, ((KsmRulesEntry *) child)->meaning);
              break;
            default:
              break;
            }
        }
    }
  return messages;
}

gboolean
ksm_rules_doc_game_has_entry (const char *game_id,
                              const char *id)
{
  static GHashTable *docs;   /* game id -> KsmRulesDoc, or NULL for none */
  KsmRulesDoc *doc;

  g_return_val_if_fail (game_id != NULL && id != NULL, FALSE);

  if (docs == NULL)
    docs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                  (GDestroyNotify) ksm_rules_doc_free);
  if (!g_hash_table_lookup_extended (docs, game_id, NULL, (gpointer *) &doc))
    {
      doc = ksm_rules_doc_new_for_game (game_id, NULL);
      g_hash_table_insert (docs, g_strdup (game_id), doc);
    }
  return doc != NULL && ksm_rules_doc_find_entry (doc, id) != NULL;
}
