/* ksm-rules-doc.h: a game's rules document (data/rules/<game>.xml, in the
 * resources under /io/github/kasimala/Kasimala/rules/), read into a list of
 * blocks for the rules view. GLib only: the tests read it the same way.
 *
 * Texts are kept in English, with white space collapsed and trimmed as
 * xgettext does when it extracts them (po/its/kasimala-rules.its), so that
 * ksm_rules_doc_translate () finds each one in the catalogue. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  KSM_RULES_TITLE,       /* text; level 1 the page's title, 2 a section's */
  KSM_RULES_PARAGRAPH,   /* text */
  KSM_RULES_LIST,        /* children: items, char * */
  KSM_RULES_TABLE,       /* children: rows, KsmRulesRow * */
  KSM_RULES_FIGURE,      /* text: caption; a board (position, highlight) or
                            children: KsmRulesStrips * */
  KSM_RULES_SETTINGS,    /* text: caption; the options of the game shown */
  KSM_RULES_GLOSSARY,    /* children: KsmRulesEntry * */
} KsmRulesBlockKind;

typedef struct {
  gboolean   header;
  GPtrArray *cells;      /* char * */
} KsmRulesRow;

typedef struct {
  char *hollow;          /* "1000": one character a strip, '1' hollow side up */
  char *caption;
} KsmRulesStrips;

typedef struct {
  char *id;              /* "kasi": what "glossary:kasi" links lead to */
  char *term;
  char *native;          /* the Newar spelling, never translated */
  char *meaning;
} KsmRulesEntry;

typedef struct {
  KsmRulesBlockKind kind;
  const char *section;   /* id of the section it is in, or NULL */
  int         level;
  char       *text;
  GPtrArray  *children;
  char       *position;  /* figures: the position, in the game's notation */
  char       *highlight; /* figures: "B17-M17", the move pointed at */
  gboolean    refused;   /* figures: the move cannot be made */
} KsmRulesBlock;

typedef struct _KsmRulesDoc KsmRulesDoc;

KsmRulesDoc *ksm_rules_doc_new_from_data     (const char   *text,
                                              gssize        length,
                                              GError      **error);
/* the document of a game in the resources, by the rules' id; NULL with an
 * error when it has none */
KsmRulesDoc *ksm_rules_doc_new_for_game      (const char   *game_id,
                                              GError      **error);
/* the app's guide (data/help/guide.xml): how to use the app, any game */
KsmRulesDoc *ksm_rules_doc_new_guide         (GError      **error);
void         ksm_rules_doc_free              (KsmRulesDoc  *doc);

/* the rules' id; NULL for the guide */
const char  *ksm_rules_doc_get_game          (KsmRulesDoc  *doc);
guint        ksm_rules_doc_get_n_blocks      (KsmRulesDoc  *doc);
const KsmRulesBlock *ksm_rules_doc_get_block (KsmRulesDoc  *doc,
                                              guint         index);
const KsmRulesEntry *ksm_rules_doc_find_entry (KsmRulesDoc *doc,
                                               const char  *id);
/* every text of the document a translator sees, in order, in English */
GPtrArray   *ksm_rules_doc_get_messages      (KsmRulesDoc  *doc);

/* whether a game's document has a glossary entry; the documents are read
 * once and kept */
gboolean     ksm_rules_doc_game_has_entry    (const char   *game_id,
                                              const char   *id);

/* the text in the user's language (context "rules"), its numbers in the
 * language's digits (ksm_localize_digits ()) */
const char  *ksm_rules_doc_translate         (const char   *text);
/* the same for a document of another context: the lessons' ("lessons") */
const char  *ksm_rules_doc_translate_in      (const char   *context,
                                              const char   *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KsmRulesDoc, ksm_rules_doc_free)

G_END_DECLS
