/* ksm-application.c */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "ksm-application.h"
#include "ksm-about.h"
#include "ksm-game-settings.h"
#include "ksm-language.h"
#include "ksm-numbers.h"
#include "ksm-preferences-window.h"
#include "ksm-rules-window.h"
#include "ksm-window.h"

struct _KsmApplication
{
  AdwApplication parent_instance;

  GSettings *settings;
  char      *language;      /* the "language" choice applied */
  GtkWindow *preferences;   /* the Preferences window open, or NULL */
};

G_DEFINE_FINAL_TYPE (KsmApplication, ksm_application, ADW_TYPE_APPLICATION)

KsmApplication *
ksm_application_new (const char *locale_dir)
{
  g_return_val_if_fail (locale_dir != NULL, NULL);

  /* Before the first _(): the window template and the actions translate
   * their strings as they are built. */
  bindtextdomain (GETTEXT_PACKAGE, locale_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  return g_object_new (KSM_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", "/io/github/kasimala/Kasimala",
                       NULL);
}

/* KSM_PERF=1, for tools/app-perf: each frame the window draws prints the
 * monotonic times (microseconds) its painting started and ended, so launch
 * and animation can be timed from outside. */
static gint64 perf_paint_start;
static gboolean perf_first_frame = TRUE;

static void
perf_before_paint_cb (GdkFrameClock *clock,
                      gpointer       user_data)
{
  perf_paint_start = g_get_monotonic_time ();
}

static void
perf_after_paint_cb (GdkFrameClock *clock,
                     gpointer       user_data)
{
  g_print ("ksm-perf %s %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n",
           perf_first_frame ? "first-frame" : "frame", perf_paint_start, g_get_monotonic_time ());
  fflush (stdout);
  perf_first_frame = FALSE;
}

static void
perf_realize_cb (GtkWidget *window,
                 gpointer   user_data)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

  g_signal_connect (clock, "before-paint", G_CALLBACK (perf_before_paint_cb), NULL);
  g_signal_connect (clock, "after-paint", G_CALLBACK (perf_after_paint_cb), NULL);
}

static void
ksm_application_activate (GApplication *app)
{
  GtkWindow *window;

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    {
      window = GTK_WINDOW (ksm_window_new (KSM_APPLICATION (app)));
      if (g_getenv ("KSM_PERF") != NULL)
        g_signal_connect (window, "realize", G_CALLBACK (perf_realize_cb), NULL);
    }

  gtk_window_present (window);
}

static void
quit_activated_cb (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static void
about_activated_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  gtk_window_present (GTK_WINDOW (ksm_about_window_new (window)));
}

static void
present_preferences (KsmApplication *self, GtkWindow *parent)
{
  if (self->preferences != NULL)
    {
      gtk_window_present (self->preferences);
      return;
    }
  self->preferences = GTK_WINDOW (ksm_preferences_window_new (parent));
  g_object_add_weak_pointer (G_OBJECT (self->preferences), (gpointer *) &self->preferences);
  gtk_window_present (self->preferences);
}

static void
preferences_activated_cb (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  KsmApplication *self = KSM_APPLICATION (user_data);

  present_preferences (self, gtk_application_get_active_window (GTK_APPLICATION (self)));
}

/* Learn, from a game's rules (a pane or a window of their own): its
 * lessons in the main window the rules belong to, or the first */
static void
learn_activated_cb (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  if (window != NULL && !KSM_IS_WINDOW (window))
    window = gtk_window_get_transient_for (window);
  if (window == NULL || !KSM_IS_WINDOW (window))
    {
      window = NULL;
      for (GList *l = gtk_application_get_windows (GTK_APPLICATION (user_data)); l != NULL; l = l->next)
        if (KSM_IS_WINDOW (l->data))
          {
            window = l->data;
            break;
          }
    }
  if (window == NULL)
    return;
  ksm_window_show_lessons (KSM_WINDOW (window), g_variant_get_string (parameter, NULL));
  gtk_window_present (window);
}

/* Another language, or other digits, chosen: applied at once, and every
 * main window is built again in it, keeping its game, review and page;
 * Preferences is opened again over the new window where it was open */
static void
language_changed_cb (KsmApplication *self)
{
  g_autofree char *language = g_settings_get_string (self->settings, "language");
  gboolean latin = g_settings_get_boolean (self->settings, "latin-digits");
  gboolean reopen = self->preferences != NULL;
  g_autoptr(GList) windows = NULL;
  GtkWindow *replacement = NULL;

  if (g_strcmp0 (language, self->language) == 0 && latin == ksm_numbers_get_latin_digits ())
    return;
  g_free (self->language);
  self->language = g_steal_pointer (&language);
  ksm_language_apply (self->language);
  ksm_numbers_set_latin_digits (latin);

  if (reopen)
    gtk_window_destroy (self->preferences);
  /* the rules in windows of their own, each read again in the language */
  {
    g_autoptr(GPtrArray) rules_windows = g_ptr_array_new_with_free_func (g_object_unref);
    GListModel *toplevels = gtk_window_get_toplevels ();

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);
        if (KSM_IS_RULES_WINDOW (item))
          g_ptr_array_add (rules_windows, g_object_ref (item));
      }
    windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));
    for (GList *l = windows; l != NULL; l = l->next)
      if (KSM_IS_WINDOW (l->data))
        {
          replacement = GTK_WINDOW (ksm_window_new_replacing (KSM_WINDOW (l->data)));
          gtk_window_present (replacement);
        }
    for (guint i = 0; i < rules_windows->len; i++)
      {
        GtkWindow *old = rules_windows->pdata[i];
        GtkWindow *again = GTK_WINDOW (ksm_rules_window_new_like (KSM_RULES_WINDOW (old)));

        if (replacement != NULL)
          gtk_window_set_transient_for (again, replacement);
        gtk_window_destroy (old);
        gtk_window_present (again);
      }
  }
  if (reopen)
    present_preferences (self, replacement);
}

static const GActionEntry app_entries[] = {
  { "quit", quit_activated_cb },
  { "about", about_activated_cb },
  { "preferences", preferences_activated_cb },
  { "learn", learn_activated_cb, "s" },
};

/* Every command's keys, set once, so buttons, menus and keys do the same */
static const struct {
  const char *action;
  const char *accels[3];
} accels[] = {
  { "app.quit", { "<Control>q", NULL } },
  { "app.preferences", { "<Control>comma", NULL } },
  { "win.new-game", { "<Control>n", NULL } },
  { "win.show-start", { "<Alt>Home", NULL } },
  { "win.undo", { "<Control>z", NULL } },
  { "win.redo", { "<Control><Shift>z", NULL } },
  { "win.toggle-history", { "F9", NULL } },
  { "win.rules", { "F1", NULL } },
  { "win.saved-games", { "<Control>o", NULL } },
};

static void
ksm_application_startup (GApplication *app)
{
  G_APPLICATION_CLASS (ksm_application_parent_class)->startup (app);

  /* before a window reads a game's settings */
  KsmApplication *self = KSM_APPLICATION (app);
  self->settings = g_settings_new (APPLICATION_ID);
  ksm_game_settings_migrate (self->settings);
  /* main () applied the language before GTK started */
  self->language = g_settings_get_string (self->settings, "language");
  ksm_numbers_set_latin_digits (g_settings_get_boolean (self->settings, "latin-digits"));
  g_signal_connect_object (self->settings, "changed::language", G_CALLBACK (language_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::latin-digits", G_CALLBACK (language_changed_cb), self,
                           G_CONNECT_SWAPPED);

  g_action_map_add_action_entries (G_ACTION_MAP (app),
                                   app_entries, G_N_ELEMENTS (app_entries),
                                   app);
  for (gsize i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);
}

/* the autosave is written off the main thread: quitting waits for it */
static void
ksm_application_shutdown (GApplication *app)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (KSM_IS_WINDOW (l->data))
      ksm_window_flush_autosave (KSM_WINDOW (l->data));
  G_APPLICATION_CLASS (ksm_application_parent_class)->shutdown (app);
}

static int
ksm_application_handle_local_options (GApplication *app,
                                      GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("%s %s\n", _("Kasimala"), PACKAGE_VERSION);
      return EXIT_SUCCESS;
    }
  return -1;   /* go on: start, or hand the command line to the running app */
}

static void
ksm_application_finalize (GObject *object)
{
  KsmApplication *self = KSM_APPLICATION (object);

  g_clear_object (&self->settings);
  g_free (self->language);
  G_OBJECT_CLASS (ksm_application_parent_class)->finalize (object);
}

static void
ksm_application_class_init (KsmApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = ksm_application_finalize;

  app_class->handle_local_options = ksm_application_handle_local_options;

  app_class->activate = ksm_application_activate;
  app_class->startup = ksm_application_startup;
  app_class->shutdown = ksm_application_shutdown;
}

/* the descriptions are looked up in the app's catalogue when --help prints them */
static const GOptionEntry option_entries[] = {
  { "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL, N_("Show the version and quit"), NULL },
  { NULL }
};

static void
ksm_application_init (KsmApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), option_entries);
}
