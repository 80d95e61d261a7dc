/* ksm-library-page.c: the Saved Games page over KsmLibrary. */
#include "config.h"

#include "ksm-library-page.h"

#include <glib/gi18n.h>

#include "ksm-a11y.h"
#include "ksm-dates.h"
#include "ksm-numbers.h"
#include "ksm-words.h"

struct _KsmLibraryPage
{
  AdwBin             parent_instance;

  AdwToastOverlay   *toast_overlay;
  GtkSearchEntry    *search_entry;
  GtkWidget         *empty_page;
  GtkListBox        *list;
  GtkButton         *import_button;
  GtkWidget         *more_box;
  GtkLabel          *more_label;
  GtkButton         *more_button;

  KsmLibrary        *library;
  GtkFilterListModel *filtered;
  GtkSliceListModel *shown;         /* the first rows of the filtered */
  GtkCustomFilter   *filter;
  guint              warm_source;   /* makes the search texts ahead of a search */
  guint              warm_next;     /* the next library item it looks at */
  char              *search;        /* casefolded */
  GHashTable        *rows;          /* item → its row, kept while the library stays */
  guint              rows_wanted;   /* how many rows the slice grows to */
  guint              fill_tick;     /* grows the slice a few new rows a frame */
  gint64             fill_start;    /* when the search that started the fill changed */
  gint64             fill_frame;    /* the frame that search is drawn in */
  KsmLibraryItem    *last_deleted;
  AdwToast          *delete_toast;
  gint64             delete_toast_added;  /* the overlay's frame time then, in µs */
  guint              undo_timeout;  /* seconds the delete toast offers its undo */
  char              *last_message;
};

G_DEFINE_FINAL_TYPE (KsmLibraryPage, ksm_library_page, ADW_TYPE_BIN)

enum {
  SIGNAL_OPEN,
  SIGNAL_RESUME,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void stop_filling (KsmLibraryPage *self);

static void
ksm_library_page_dispose (GObject *object)
{
  KsmLibraryPage *self = KSM_LIBRARY_PAGE (object);

  if (self->library != NULL && self->last_deleted != NULL)
    ksm_library_purge (self->library, self->last_deleted);
  g_clear_object (&self->last_deleted);
  g_clear_handle_id (&self->warm_source, g_source_remove);
  stop_filling (self);
  g_clear_object (&self->shown);
  g_clear_pointer (&self->rows, g_hash_table_unref);
  g_clear_object (&self->filtered);
  g_clear_object (&self->library);
  G_OBJECT_CLASS (ksm_library_page_parent_class)->dispose (object);
}

static void
ksm_library_page_finalize (GObject *object)
{
  KsmLibraryPage *self = KSM_LIBRARY_PAGE (object);

  g_free (self->search);
  g_free (self->last_message);
  G_OBJECT_CLASS (ksm_library_page_parent_class)->finalize (object);
}

static void
show_message (KsmLibraryPage *self, const char *text)
{
  g_free (self->last_message);
  self->last_message = g_strdup (text);
  /* a toast's title is markup; file names and errors are not */
  {
    g_autofree char *escaped = g_markup_escape_text (text, -1);
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (escaped));
  }
}

/* ---- KSM_PERF ---- */

/* With KSM_PERF set, "what" and the time from `start` to the end of the
 * next frame painted, on stderr (doc/performance.md) */
typedef struct {
  const char *what;
  gint64      start;
  gulong      handler;
  GdkFrameClock *clock;
} PerfProbe;

static void
perf_after_paint_cb (GdkFrameClock *clock, PerfProbe *probe)
{
  /* not for people */
  g_printerr ("KSM_PERF %s: %.1f ms to the frame\n", probe->what,
              (g_get_monotonic_time () - probe->start) / 1000.0);
  g_signal_handler_disconnect (clock, probe->handler);
  g_object_unref (probe->clock);
  g_free (probe);
}

static void
perf_probe (KsmLibraryPage *self, const char *what, gint64 start)
{
  GdkFrameClock *clock;
  PerfProbe *probe;

  /* the window's clock: the page may not be shown yet */
  if (g_getenv ("KSM_PERF") == NULL || gtk_widget_get_root (GTK_WIDGET (self)) == NULL
      || (clock = gtk_widget_get_frame_clock (GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self))))) == NULL)
    return;
  probe = g_new0 (PerfProbe, 1);
  probe->what = what;
  probe->start = start;
  probe->clock = g_object_ref (clock);
  probe->handler = g_signal_connect (clock, "after-paint", G_CALLBACK (perf_after_paint_cb), probe);
  gtk_widget_queue_draw (GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self))));
}

/* ---- words ---- */

/* the words come from the item's summary: listing never reads a game */
static char *
result_words (KsmLibraryItem *item)
{
  const KsmRules *rules = ksm_library_item_get_rules (item);
  const KsmOptions *options = ksm_library_item_get_options (item);
  KsmOutcome outcome;

  ksm_library_item_get_outcome (item, &outcome);
  if (!outcome.over)
    return g_strdup (_("Unfinished"));
  if (outcome.winner < 0)
    return g_strdup (_("A draw"));
  /* a team's win names both partners */
  if (ksm_rules_partner_of (rules, options, outcome.winner) >= 0)
    /* Translators: a team's win; %s and %s are the partners */
    return g_strdup_printf (_("%s and %s won"), ksm_words_player_name (rules, options, outcome.winner),
                            ksm_words_player_name (rules, options,
                                                   ksm_rules_partner_of (rules, options, outcome.winner)));
  if (outcome.gulmasi)
    /* Translators: %s is the winning side */
    return g_strdup_printf (_("%s won a gulmasi"), ksm_words_player_name (rules, options, outcome.winner));
  /* Translators: %s is the winning side */
  return g_strdup_printf (_("%s won"), ksm_words_player_name (rules, options, outcome.winner));
}

static char *
seats_words (KsmLibraryItem *item)
{
  const KsmRules *rules = ksm_library_item_get_rules (item);
  const KsmOptions *options = ksm_library_item_get_options (item);
  g_autoptr(GString) text = g_string_new (NULL);

  for (int p = 0; p < rules->n_players (options); p++)
    {
      const KsmSeat *seat = ksm_library_item_get_seat (item, (guint) p);
      const char *who = seat->kind == KSM_SEAT_PERSON ? _("person") : ksm_words_level_name (seat->level);
      /* Translators: a seat in the list of saved games: a side's name, then
       * who played it (a person, or a computer level) */
      g_autofree char *one = g_strdup_printf (_("%s: %s"), ksm_words_player_name (rules, options, p), who);
      g_string_append_printf (text, "%s%s", p > 0 ? _(", ") : "", one);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
title_words (KsmLibraryItem *item)
{
  g_autofree char *result = result_words (item);
  /* Translators: a saved game's title: the game's name and its result */
  return g_strdup_printf (_("%s: %s"), ksm_words_game_name (ksm_library_item_get_rules (item)), result);
}

static char *
subtitle_words (KsmLibraryItem *item)
{
  g_autofree char *date = ksm_format_date_time (ksm_library_item_get_date (item));
  g_autofree char *seats = seats_words (item);
  guint n = ksm_library_item_get_n_events (item);
  g_autofree char *length = ksm_format (g_dngettext (GETTEXT_PACKAGE, "%u throw and move",
                                                          "%u throws and moves", n), n);
  /* Translators: a saved game's date, seats and length */
  return g_strdup_printf (_("%s · %s · %s"), date, seats, length);
}

char *
ksm_library_page_describe_length (KsmLibraryItem *item)
{
  return subtitle_words (item);
}

char *
ksm_library_page_describe (KsmLibraryItem *item)
{
  g_autofree char *title = title_words (item);
  g_autofree char *subtitle = subtitle_words (item);
  return g_strdup_printf ("%s · %s", title, subtitle);
}

/* ---- rows ---- */

static void
row_activated_cb (KsmLibraryPage *self, AdwActionRow *row)
{
  KsmLibraryItem *item = g_object_get_data (G_OBJECT (row), "item");
  g_signal_emit (self, signals[SIGNAL_OPEN], 0, item);
}

static void
resume_clicked_cb (GtkButton *button, KsmLibraryPage *self)
{
  g_signal_emit (self, signals[SIGNAL_RESUME], 0, g_object_get_data (G_OBJECT (button), "item"));
}

static void
delete_clicked_cb (GtkButton *button, KsmLibraryPage *self)
{
  ksm_library_page_delete (self, g_object_get_data (G_OBJECT (button), "item"));
}

static void
export_response_cb (GtkNativeDialog *chooser, int response, KsmLibraryPage *self)
{
  KsmLibraryItem *item = g_object_get_data (G_OBJECT (chooser), "item");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autoptr(GError) error = NULL;
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *text = NULL;

      if (ksm_library_export (self->library, item, file, &error))
        text = g_strdup_printf (_("Exported “%s”"), name);
      else
        text = g_strdup_printf (_("“%s” could not be written: %s"), name, error->message);
      show_message (self, text);
    }
  g_object_unref (chooser);
}

static void
export_clicked_cb (GtkButton *button, KsmLibraryPage *self)
{
  KsmLibraryItem *item = g_object_get_data (G_OBJECT (button), "item");
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *chooser;
  g_autofree char *name = g_file_get_basename (ksm_library_item_get_file (item));

  chooser = gtk_file_chooser_native_new (_("Export the Game"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_object_set_data_full (G_OBJECT (chooser), "item", g_object_ref (item), g_object_unref);
  g_signal_connect_object (chooser, "response", G_CALLBACK (export_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static GtkWidget *
build_row (KsmLibraryPage *self, KsmLibraryItem *item)
{
  g_autofree char *title = title_words (item);
  g_autofree char *subtitle = subtitle_words (item);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *export_button, *delete_button;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data_full (G_OBJECT (row), "item", g_object_ref (item), g_object_unref);
  g_signal_connect_object (row, "activated", G_CALLBACK (row_activated_cb), self, G_CONNECT_SWAPPED);

  {
    KsmOutcome outcome;

    /* an unfinished game plays on from where it stopped; the row reviews it */
    ksm_library_item_get_outcome (item, &outcome);
    if (!outcome.over)
      {
        GtkWidget *resume_button = gtk_button_new_with_mnemonic (_("_Resume"));

        ksm_a11y_name_by_label (GTK_BUTTON (resume_button));

        gtk_widget_set_tooltip_text (resume_button, _("Play On from Where It Stopped"));
        gtk_widget_set_valign (resume_button, GTK_ALIGN_CENTER);
        gtk_widget_add_css_class (resume_button, "suggested-action");
        g_object_set_data_full (G_OBJECT (resume_button), "item", g_object_ref (item), g_object_unref);
        g_signal_connect_object (resume_button, "clicked", G_CALLBACK (resume_clicked_cb), self, 0);
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), resume_button);
      }
  }

  export_button = gtk_button_new_from_icon_name ("document-save-as-symbolic");
  gtk_widget_set_tooltip_text (export_button, _("Export the Game"));
  ksm_a11y_set_label (export_button, _("Export the Game"));
  gtk_widget_set_valign (export_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (export_button, "flat");
  g_object_set_data_full (G_OBJECT (export_button), "item", g_object_ref (item), g_object_unref);
  g_signal_connect_object (export_button, "clicked", G_CALLBACK (export_clicked_cb), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), export_button);

  delete_button = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_tooltip_text (delete_button, _("Delete the Game"));
  ksm_a11y_set_label (delete_button, _("Delete the Game"));
  gtk_widget_set_valign (delete_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (delete_button, "flat");
  g_object_set_data_full (G_OBJECT (delete_button), "item", g_object_ref (item), g_object_unref);
  g_signal_connect_object (delete_button, "clicked", G_CALLBACK (delete_clicked_cb), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), delete_button);

  adw_action_row_add_suffix (ADW_ACTION_ROW (row), ksm_a11y_decoration_new ("go-next-symbolic"));
  return row;
}

/* The most rows kept aside for games a search has hidden */
#define ROWS_KEPT 500

/* A search hides and shows rows again and again, and a list box builds a
 * row anew for each item it is given back: the first layout and text
 * shaping of 25 new rows is 70-160 ms, over the 50 ms a keystroke may
 * take (doc/performance.md). So each item's row is kept, and one that
 * comes back is the same widget. */
static GtkWidget *
create_row (gpointer object, gpointer user_data)
{
  KsmLibraryPage *self = KSM_LIBRARY_PAGE (user_data);
  KsmLibraryItem *item = KSM_LIBRARY_ITEM (object);
  GtkWidget *row = self->rows != NULL ? g_hash_table_lookup (self->rows, item) : NULL;

  if (row != NULL && gtk_widget_get_parent (row) == NULL)
    return g_object_ref (row);
  row = build_row (self, item);
  if (self->rows == NULL)
    self->rows = g_hash_table_new_full (g_direct_hash, g_direct_equal, g_object_unref, g_object_unref);
  else if (g_hash_table_size (self->rows) >= ROWS_KEPT)
    g_hash_table_remove_all (self->rows);
  g_hash_table_replace (self->rows, g_object_ref (item), g_object_ref_sink (row));
  return g_object_ref (row);
}

/* ---- filter ---- */

/* An item's words for the search, casefolded, made once per item and
 * language and kept on the item: a keystroke then only scans them. (An
 * item does not change; a file changed is a new item.) */
typedef struct {
  char *language;
  char *folded;
} SearchText;

static void
search_text_free (gpointer data)
{
  SearchText *text = data;

  g_free (text->language);
  g_free (text->folded);
  g_free (text);
}

static const char *
search_text (KsmLibraryItem *item)
{
  static GQuark quark;
  const char *language = g_get_language_names ()[0];
  SearchText *text;

  if (quark == 0)
    quark = g_quark_from_static_string ("ksm-library-page-search-text");
  text = g_object_get_qdata (G_OBJECT (item), quark);
  if (text == NULL || g_strcmp0 (text->language, language) != 0)
    {
      g_autofree char *words = ksm_library_page_describe (item);

      text = g_new0 (SearchText, 1);
      text->language = g_strdup (language);
      text->folded = g_utf8_casefold (words, -1);
      g_object_set_qdata_full (G_OBJECT (item), quark, text, search_text_free);
    }
  return text->folded;
}

static gboolean
matches (gpointer object, gpointer user_data)
{
  KsmLibraryPage *self = KSM_LIBRARY_PAGE (user_data);

  if (self->search == NULL || self->search[0] == '\0')
    return TRUE;
  return strstr (search_text (KSM_LIBRARY_ITEM (object)), self->search) != NULL;
}

/* Each game's search text is made ahead of the first keystroke, a few
 * milliseconds at a time when the main loop is idle: made at the
 * keystroke, 10,000 games' texts held it up 0.4 s */
#define WARM_SLICE_US 4000

static gboolean
warm_search_texts_cb (gpointer user_data)
{
  KsmLibraryPage *self = KSM_LIBRARY_PAGE (user_data);
  GListModel *items = self->library != NULL ? ksm_library_get_model (self->library) : NULL;
  guint n = items != NULL ? g_list_model_get_n_items (items) : 0;
  gint64 until = g_get_monotonic_time () + WARM_SLICE_US;

  while (self->warm_next < n && g_get_monotonic_time () < until)
    {
      g_autoptr(KsmLibraryItem) item = g_list_model_get_item (items, self->warm_next++);
      search_text (item);
    }
  if (self->warm_next < n)
    return G_SOURCE_CONTINUE;
  self->warm_source = 0;
  if (g_getenv ("KSM_PERF") != NULL)
    g_printerr ("KSM_PERF search texts made for %u games\n", n); /* not for people */
  return G_SOURCE_REMOVE;
}

static void
warm_search_texts (KsmLibraryPage *self)
{
  /* from the start again: the texts made already are only looked up */
  self->warm_next = 0;
  if (self->warm_source == 0)
    self->warm_source = g_idle_add_full (G_PRIORITY_LOW, warm_search_texts_cb, self, NULL);
}

/* How many rows the page builds at first: enough to fill a tall window,
 * and few enough that Saved Games opens in a frame or two whatever the
 * number of games (doc/performance.md: 100 rows took 0.9-1.5 s to first
 * show, 25 take under 0.2 s). Show More builds more at a time, since it
 * is asked for. */
#define ROWS_FIRST 25
#define ROWS_MORE  100

/* How many rows not shown before a search shows in one frame: building a
 * row is cheap, but its first layout and text shaping take about 10 ms
 * here, so two keep each frame within 50 ms, the keystroke's first; the
 * rest follow a frame at a time (rows kept from before cost next to
 * nothing, doc/performance.md) */
#define ROWS_NEW_PER_FRAME 2

static void
update_more (KsmLibraryPage *self)
{
  guint n_matching = self->filtered != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->filtered)) : 0;
  /* what the slice is growing to, so the count does not tick up as it fills */
  guint n_shown = MIN (self->rows_wanted, n_matching);

  gtk_widget_set_visible (self->more_box, n_shown < n_matching);
  if (n_shown < n_matching)
    {
      /* Translators: under the list of saved games, when not all of them are
       * listed: how many are listed, of how many (that match the search) */
      g_autofree char *text = ksm_format (g_dngettext (GETTEXT_PACKAGE, "Showing %u of %u game",
                                                       "Showing %u of %u games", n_matching),
                                          n_shown, n_matching);
      gtk_label_set_text (self->more_label, text);
    }
}

static void
more_clicked_cb (KsmLibraryPage *self)
{
  guint n_before;

  if (self->shown == NULL)
    return;
  n_before = gtk_slice_list_model_get_size (self->shown);
  self->rows_wanted = n_before + ROWS_MORE;
  gtk_slice_list_model_set_size (self->shown, self->rows_wanted);
  update_more (self);
  /* the focus goes on to the first row that came, not back to the top */
  {
    GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->list, (int) n_before);
    if (row != NULL)
      gtk_widget_grab_focus (GTK_WIDGET (row));
  }
}

static void
update_empty (KsmLibraryPage *self)
{
  gboolean empty = self->filtered == NULL
                   || g_list_model_get_n_items (G_LIST_MODEL (self->filtered)) == 0;
  gboolean searching = self->search != NULL && self->search[0] != '\0';

  gtk_widget_set_visible (self->empty_page, empty);
  gtk_widget_set_visible (GTK_WIDGET (self->list), !empty);
  update_more (self);
  adw_status_page_set_title (ADW_STATUS_PAGE (self->empty_page),
                             searching ? _("No Games Found") : _("No Saved Games"));
}

static gboolean
has_row (KsmLibraryPage *self, gpointer item)
{
  GtkWidget *row = self->rows != NULL ? g_hash_table_lookup (self->rows, item) : NULL;
  return row != NULL && gtk_widget_get_parent (row) == NULL;
}

/* Grows the slice toward rows_wanted, building at most ROWS_NEW_PER_FRAME
 * new rows; TRUE while it has further to go */
static gboolean
fill_step (KsmLibraryPage *self)
{
  guint size = gtk_slice_list_model_get_size (self->shown);
  guint limit = MIN (self->rows_wanted, g_list_model_get_n_items (G_LIST_MODEL (self->filtered)));
  guint budget = ROWS_NEW_PER_FRAME;

  while (size < limit)
    {
      g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (self->filtered), size);
      if (!has_row (self, item))
        {
          if (budget == 0)
            break;
          budget--;
        }
      size++;
    }
  if (size != gtk_slice_list_model_get_size (self->shown))
    gtk_slice_list_model_set_size (self->shown, size);
  return size < limit;
}

static gboolean
fill_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  KsmLibraryPage *self = KSM_LIBRARY_PAGE (user_data);

  /* the search's own frame draws what it built, and only that */
  if (gdk_frame_clock_get_frame_counter (clock) <= self->fill_frame)
    return G_SOURCE_CONTINUE;
  self->fill_frame = gdk_frame_clock_get_frame_counter (clock);
  if (self->shown != NULL && fill_step (self))
    return G_SOURCE_CONTINUE;
  self->fill_tick = 0;
  perf_probe (self, "search, every row", self->fill_start);
  return G_SOURCE_REMOVE;
}

static void
stop_filling (KsmLibraryPage *self)
{
  if (self->fill_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->list), self->fill_tick);
  self->fill_tick = 0;
}

static void
search_changed_cb (KsmLibraryPage *self)
{
  gint64 start = g_get_monotonic_time ();

  g_free (self->search);
  self->search = g_utf8_casefold (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), -1);
  stop_filling (self);
  self->rows_wanted = ROWS_FIRST;
  /* emptied first, so refiltering builds nothing; then filled a few new
   * rows a frame, the rows kept from before at once */
  if (self->shown != NULL)
    gtk_slice_list_model_set_size (self->shown, 0);
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  if (self->shown != NULL && fill_step (self))
    {
      GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self->list));

      self->fill_start = start;
      /* a clock's counter is the frame last begun; the next is this search's */
      self->fill_frame = clock != NULL ? gdk_frame_clock_get_frame_counter (clock) + 1 : 0;
      self->fill_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->list), fill_tick_cb, self, NULL);
    }
  update_empty (self);
  perf_probe (self, "search", start);
}

/* ---- delete and import ---- */

static void
undo_clicked_cb (KsmLibraryPage *self)
{
  ksm_library_page_undo_delete (self);
}

static void
toast_dismissed_cb (KsmLibraryPage *self, AdwToast *toast)
{
  KsmLibraryItem *item = g_object_get_data (G_OBJECT (toast), "item");

  /* the undo has passed: the file goes for good */
  if (self->library != NULL && item != NULL)
    ksm_library_purge (self->library, item);
  if (self->delete_toast == toast)
    {
      self->delete_toast = NULL;
      g_clear_object (&self->last_deleted);
    }
}

/* libadwaita 1.2's AdwToastOverlay frees its record of a toast once the
 * toast has hidden, but leaves the animation that brought it in running,
 * and that animation's end then reads the freed record: a toast dismissed
 * while still appearing crashes the app when both animations end on one
 * frame, as a late frame on a loaded machine makes them (libadwaita fixed
 * it in 1.3). So a toast is dismissed only on a frame at least this long
 * after it was added: its appearing, 500 ms at most, has ended by then,
 * or ends on that frame, while its hiding has only begun. */
#define TOAST_APPEARED_US (600 * G_TIME_SPAN_MILLISECOND)

typedef struct {
  AdwToast *toast;
  gint64    added;   /* the overlay's frame time when it was added, in µs */
} PendingDismissal;

static void
pending_dismissal_free (gpointer data)
{
  PendingDismissal *pending = data;

  g_object_unref (pending->toast);
  g_free (pending);
}

static gboolean
dismiss_when_appeared_cb (GtkWidget     *overlay,
                          GdkFrameClock *clock,
                          gpointer       user_data)
{
  PendingDismissal *pending = user_data;

  if (gdk_frame_clock_get_frame_time (clock) < pending->added + TOAST_APPEARED_US)
    return G_SOURCE_CONTINUE;
  adw_toast_dismiss (pending->toast);
  return G_SOURCE_REMOVE;
}

/* dismisses `toast`, added at frame time `added`, once it has appeared */
static void
dismiss_toast (KsmLibraryPage *self, AdwToast *toast, gint64 added)
{
  GtkWidget *overlay = GTK_WIDGET (self->toast_overlay);
  PendingDismissal *pending;

  /* unmapped, the overlay has ended its animations at once */
  if (!gtk_widget_get_mapped (overlay))
    {
      adw_toast_dismiss (toast);
      return;
    }
  pending = g_new0 (PendingDismissal, 1);
  pending->toast = g_object_ref (toast);
  pending->added = added;
  gtk_widget_add_tick_callback (overlay, dismiss_when_appeared_cb, pending, pending_dismissal_free);
}

/* the overlay's frame time, which its animations start from */
static gint64
overlay_frame_time (KsmLibraryPage *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self->toast_overlay));

  return clock != NULL ? gdk_frame_clock_get_frame_time (clock) : g_get_monotonic_time ();
}

void
ksm_library_page_delete (KsmLibraryPage *self, KsmLibraryItem *item)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL, *text = NULL;
  AdwToast *toast;

  g_return_if_fail (KSM_IS_LIBRARY_PAGE (self));
  g_return_if_fail (KSM_IS_LIBRARY_ITEM (item));

  title = title_words (item);
  if (!ksm_library_delete (self->library, item, &error))
    {
      text = g_strdup_printf (_("The game could not be deleted: %s"), error->message);
      show_message (self, text);
      return;
    }
  g_set_object (&self->last_deleted, item);
  /* Translators: the toast after deleting a saved game, which has an Undo button */
  text = g_strdup_printf (_("Deleted “%s”"), title);
  g_free (self->last_message);
  self->last_message = g_strdup (text);
  {
    g_autofree char *escaped = g_markup_escape_text (text, -1);
    toast = adw_toast_new (escaped);
  }
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_timeout (toast, self->undo_timeout);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_object_set_data_full (G_OBJECT (toast), "item", g_object_ref (item), g_object_unref);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (undo_clicked_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (toast_dismissed_cb), self, G_CONNECT_SWAPPED);
  self->delete_toast = toast;
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  self->delete_toast_added = overlay_frame_time (self);
  update_empty (self);
}

void
ksm_library_page_undo_delete (KsmLibraryPage *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (KSM_IS_LIBRARY_PAGE (self));

  if (self->last_deleted == NULL)
    return;
  if (!ksm_library_undo_delete (self->library, self->last_deleted, &error))
    {
      g_autofree char *text = g_strdup_printf (_("The game could not be put back: %s"), error->message);
      show_message (self, text);
    }
  g_clear_object (&self->last_deleted);
  if (self->delete_toast != NULL)
    {
      /* its dismissal must not purge what came back */
      g_object_set_data (G_OBJECT (self->delete_toast), "item", NULL);
      dismiss_toast (self, self->delete_toast, self->delete_toast_added);
      self->delete_toast = NULL;
    }
  update_empty (self);
}

void
ksm_library_page_set_undo_timeout (KsmLibraryPage *self, guint seconds)
{
  g_return_if_fail (KSM_IS_LIBRARY_PAGE (self));

  self->undo_timeout = seconds;
}

void
ksm_library_page_import_file (KsmLibraryPage *self, GFile *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KsmLibraryItem) item = NULL;
  g_autofree char *name = NULL, *text = NULL;

  g_return_if_fail (KSM_IS_LIBRARY_PAGE (self));

  name = g_file_get_basename (file);
  item = ksm_library_import (self->library, file, &error);
  if (item == NULL)
    /* Translators: a file name and why it is not a saved game */
    text = g_strdup_printf (_("“%s” could not be imported: %s"), name, ksm_words_load_error (error));
  else
    text = g_strdup_printf (_("Imported “%s”"), name);
  show_message (self, text);
  update_empty (self);
}

static void
import_response_cb (GtkNativeDialog *chooser, int response, KsmLibraryPage *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      ksm_library_page_import_file (self, file);
    }
  g_object_unref (chooser);
}

static void
import_action_cb (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  KsmLibraryPage *self = KSM_LIBRARY_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  chooser = gtk_file_chooser_native_new (_("Import a Game"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Saved games"));
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_signal_connect_object (chooser, "response", G_CALLBACK (import_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* ---- life ---- */

static void
ksm_library_page_class_init (KsmLibraryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_library_page_dispose;
  object_class->finalize = ksm_library_page_finalize;

  /* open (item): a game was chosen for review */
  signals[SIGNAL_OPEN] =
    g_signal_new ("open", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, KSM_TYPE_LIBRARY_ITEM);
  /* resume (item): an unfinished game was chosen to play on */
  signals[SIGNAL_RESUME] =
    g_signal_new ("resume", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, KSM_TYPE_LIBRARY_ITEM);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-library-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmLibraryPage, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, KsmLibraryPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, KsmLibraryPage, empty_page);
  gtk_widget_class_bind_template_child (widget_class, KsmLibraryPage, list);
  gtk_widget_class_bind_template_child (widget_class, KsmLibraryPage, import_button);
  gtk_widget_class_bind_template_child (widget_class, KsmLibraryPage, more_box);
  gtk_widget_class_bind_template_child (widget_class, KsmLibraryPage, more_label);
  gtk_widget_class_bind_template_child (widget_class, KsmLibraryPage, more_button);
  gtk_widget_class_install_action (widget_class, "library.import", NULL, import_action_cb);
}

static void
ksm_library_page_init (KsmLibraryPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ksm_a11y_name_by_label (self->import_button);
  ksm_a11y_name_by_label (self->more_button);
  g_signal_connect_object (self->more_button, "clicked", G_CALLBACK (more_clicked_cb), self, G_CONNECT_SWAPPED);
  /* the status page scrolls its text in a pane of its own */
  if (GTK_IS_SCROLLED_WINDOW (gtk_widget_get_first_child (self->empty_page)))
    ksm_a11y_set_label (gtk_widget_get_first_child (self->empty_page), _("Saved Games"));
  self->undo_timeout = 5;
  g_signal_connect_object (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb), self,
                           G_CONNECT_SWAPPED);
  update_empty (self);
}

GtkWidget *
ksm_library_page_new (void)
{
  return g_object_new (KSM_TYPE_LIBRARY_PAGE, NULL);
}

static void
items_changed_cb (KsmLibraryPage *self)
{
  update_empty (self);
}

static void
library_changed_cb (KsmLibraryPage *self)
{
  warm_search_texts (self);
}

void
ksm_library_page_set_library (KsmLibraryPage *self, KsmLibrary *library)
{
  g_return_if_fail (KSM_IS_LIBRARY_PAGE (self));
  g_return_if_fail (KSM_IS_LIBRARY (library));

  g_set_object (&self->library, library);
  self->filter = gtk_custom_filter_new (matches, self, NULL);
  g_clear_object (&self->shown);
  g_clear_object (&self->filtered);
  g_clear_pointer (&self->rows, g_hash_table_unref);
  stop_filling (self);
  self->rows_wanted = ROWS_FIRST;
  self->filtered = gtk_filter_list_model_new (g_object_ref (ksm_library_get_model (library)),
                                              GTK_FILTER (self->filter));
  g_signal_connect_object (self->filtered, "items-changed", G_CALLBACK (items_changed_cb), self,
                           G_CONNECT_SWAPPED);
  /* a list box builds a widget for each of its model's items: a bounded
   * slice keeps thousands of games to a frame's work */
  self->shown = gtk_slice_list_model_new (g_object_ref (G_LIST_MODEL (self->filtered)), 0, ROWS_FIRST);
  g_signal_connect_object (self->shown, "items-changed", G_CALLBACK (items_changed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_list_box_bind_model (self->list, G_LIST_MODEL (self->shown), create_row, self, NULL);
  g_signal_connect_object (ksm_library_get_model (library), "items-changed",
                           G_CALLBACK (library_changed_cb), self, G_CONNECT_SWAPPED);
  warm_search_texts (self);
  update_empty (self);
}

void
ksm_library_page_reload (KsmLibraryPage *self)
{
  g_return_if_fail (KSM_IS_LIBRARY_PAGE (self));
  if (self->library != NULL)
    ksm_library_reload (self->library);
  update_empty (self);
}

static void
refreshed_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(KsmLibraryPage) self = user_data;

  if (ksm_library_reload_finish (KSM_LIBRARY (source), result, NULL))
    {
      update_empty (self);
      perf_probe (self, "saved games read again", g_get_monotonic_time ());
    }
}

void
ksm_library_page_refresh (KsmLibraryPage *self)
{
  g_return_if_fail (KSM_IS_LIBRARY_PAGE (self));
  /* the page is shown by the caller, after this */
  perf_probe (self, "saved games opened", g_get_monotonic_time ());
  if (self->library == NULL)
    return;
  /* Once loaded, a scan only looks at each file's size and time and reads
   * the few changed (a game just shelved), so it is done at once and the
   * page opens with it; before, the files are read off the main thread */
  if (ksm_library_get_loaded (self->library))
    ksm_library_page_reload (self);
  else
    ksm_library_reload_async (self->library, NULL, refreshed_cb, g_object_ref (self));
}

GtkListBox *
ksm_library_page_get_list (KsmLibraryPage *self)
{
  g_return_val_if_fail (KSM_IS_LIBRARY_PAGE (self), NULL);
  return self->list;
}

GtkEditable *
ksm_library_page_get_search (KsmLibraryPage *self)
{
  g_return_val_if_fail (KSM_IS_LIBRARY_PAGE (self), NULL);
  return GTK_EDITABLE (self->search_entry);
}

const char *
ksm_library_page_get_last_message (KsmLibraryPage *self)
{
  g_return_val_if_fail (KSM_IS_LIBRARY_PAGE (self), NULL);
  return self->last_message;
}
