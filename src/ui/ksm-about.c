/* ksm-about.c: the About window. Its website, issue page, developers and
 * release notes are read from the metainfo (compiled into the resources),
 * so the window and the software centre's page say the same. */
#include "config.h"

#include "ksm-about.h"
#include "ksm-toolkit-words.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ksm-numbers.h"

#define METAINFO_PATH "/io/github/kasimala/Kasimala/metainfo.xml"

/* Not names but credits: the games' rules as the app plays them */
static const char *const rules_sources[] = {
  N_("Bhaktapur’s elders, for Kasimala Paay, as the rules page records them from bhaktapur.com, Nagarik News and the municipality’s school board"),
  N_("H. Parker, Ancient Ceylon (1909), pages 614 to 617, for Asi Keliya"),
  N_("Edward Falkener, Games Ancient and Oriental and How to Play Them (1892), for Ashte Kashte’s rule of entering with a 4 or an 8"),
};

GStrv
ksm_about_rules_sources (void)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  /* their years and pages in the language's digits */
  for (gsize i = 0; i < G_N_ELEMENTS (rules_sources); i++)
    {
      g_autofree char *source = ksm_localize_digits (_(rules_sources[i]));
      g_strv_builder_add (builder, source);
    }
  return g_strv_builder_end (builder);
}

/* What the About window takes from the metainfo */
typedef struct {
  char    *developer_name;
  char    *homepage;
  char    *bugtracker;
  char    *release_version;   /* the release of this version, or else the newest */
  GString *release_notes;     /* its description, as AdwAboutWindow's markup */

  /* while parsing */
  GString *text;
  char    *url_type;
  gboolean keep_release;      /* that release's notes are the ones shown */
} Metainfo;

static void
metainfo_clear (Metainfo *info)
{
  g_free (info->developer_name);
  g_free (info->homepage);
  g_free (info->bugtracker);
  g_free (info->release_version);
  if (info->release_notes != NULL)
    g_string_free (info->release_notes, TRUE);
  if (info->text != NULL)
    g_string_free (info->text, TRUE);
  g_free (info->url_type);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Metainfo, metainfo_clear)

/* the text as the catalogue has it: itstool folds the runs of white space */
static char *
folded (const char *text)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t\n\r", -1);
  g_autoptr(GStrvBuilder) kept = g_strv_builder_new ();
  g_auto(GStrv) joined = NULL;

  for (char **w = words; *w != NULL; w++)
    if (**w != '\0')
      g_strv_builder_add (kept, *w);
  joined = g_strv_builder_end (kept);
  return g_strjoinv (" ", joined);
}

/* an element's attribute `name`, or NULL: the metainfo may carry more
 * attributes than these pages read */
static const char *
attribute (const char **names, const char **values, const char *name)
{
  for (gsize i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], name))
      return values[i];
  return NULL;
}

static void
start_element_cb (GMarkupParseContext  *context,
                  const char           *element,
                  const char          **names,
                  const char          **values,
                  gpointer              user_data,
                  GError              **error)
{
  Metainfo *info = user_data;

  g_string_truncate (info->text, 0);
  if (g_str_equal (element, "url"))
    {
      g_free (info->url_type);
      info->url_type = g_strdup (attribute (names, values, "type"));
    }
  else if (g_str_equal (element, "release"))
    {
      const char *version = attribute (names, values, "version");

      /* releases are listed newest first: the first, unless this version's follows */
      info->keep_release = version != NULL
                           && (info->release_version == NULL || g_str_equal (version, PACKAGE_VERSION))
                           && g_strcmp0 (info->release_version, PACKAGE_VERSION) != 0;
      if (info->keep_release)
        {
          g_free (info->release_version);
          info->release_version = g_strdup (version);
          g_string_truncate (info->release_notes, 0);
        }
    }
  else if (info->keep_release && (g_str_equal (element, "ul") || g_str_equal (element, "ol")))
    g_string_append_printf (info->release_notes, "<%s>", element);
}

static void
end_element_cb (GMarkupParseContext  *context,
                const char           *element,
                gpointer              user_data,
                GError              **error)
{
  Metainfo *info = user_data;
  g_autofree char *text = folded (info->text->str);

  if (g_str_equal (element, "developer_name") && info->developer_name == NULL)
    info->developer_name = g_strdup (_(text));
  else if (g_str_equal (element, "url") && g_strcmp0 (info->url_type, "homepage") == 0)
    {
      g_free (info->homepage);
      info->homepage = g_strdup (text);
    }
  else if (g_str_equal (element, "url") && g_strcmp0 (info->url_type, "bugtracker") == 0)
    {
      g_free (info->bugtracker);
      info->bugtracker = g_strdup (text);
    }
  else if (g_str_equal (element, "release"))
    info->keep_release = FALSE;
  else if (info->keep_release && (g_str_equal (element, "p") || g_str_equal (element, "li")))
    {
      g_autofree char *escaped = g_markup_escape_text (_(text), -1);
      g_string_append_printf (info->release_notes, "<%s>%s</%s>", element, escaped, element);
    }
  else if (info->keep_release && (g_str_equal (element, "ul") || g_str_equal (element, "ol")))
    g_string_append_printf (info->release_notes, "</%s>", element);
  g_string_truncate (info->text, 0);
}

static void
text_cb (GMarkupParseContext  *context,
         const char           *text,
         gsize                 length,
         gpointer              user_data,
         GError              **error)
{
  Metainfo *info = user_data;

  g_string_append_len (info->text, text, (gssize) length);
}

static const GMarkupParser metainfo_parser = {
  start_element_cb, end_element_cb, text_cb, NULL, NULL,
};

/* the metainfo compiled in is the app's own: failing to read it is a bug */
static void
read_metainfo (Metainfo *info)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = g_resources_lookup_data (METAINFO_PATH, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  g_autoptr(GMarkupParseContext) context = NULL;
  gsize size;
  const char *data;

  info->text = g_string_new (NULL);
  info->release_notes = g_string_new (NULL);
  if (bytes == NULL)
    {
      g_critical ("The metainfo is not in the resources: %s", error->message);
      return;
    }
  data = g_bytes_get_data (bytes, &size);
  context = g_markup_parse_context_new (&metainfo_parser, G_MARKUP_IGNORE_QUALIFIED, info, NULL);
  if (!g_markup_parse_context_parse (context, data, (gssize) size, &error)
      || !g_markup_parse_context_end_parse (context, &error))
    g_critical ("The metainfo cannot be read: %s", error->message);
}

GtkWidget *
ksm_about_window_new (GtkWindow *parent)
{
  g_auto(Metainfo) info = { 0 };
  g_auto(GStrv) sources = ksm_about_rules_sources ();
  g_autofree char *copyright = NULL;
  g_autofree char *year = NULL;
  AdwAboutWindow *about = ADW_ABOUT_WINDOW (adw_about_window_new ());
  const char *developers[2] = { NULL, NULL };

  read_metainfo (&info);
  developers[0] = info.developer_name;
  /* Translators: %s is who made the app, as the metainfo names them */
  year = g_strdup_printf (_("© 2026 %s"), info.developer_name != NULL ? info.developer_name : "");
  /* the year is in the format, not an argument */
  copyright = ksm_localize_digits (year);

  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  adw_about_window_set_application_name (about, _("Kasimala"));
  adw_about_window_set_application_icon (about, APPLICATION_ID);
  adw_about_window_set_version (about, PACKAGE_VERSION);
  adw_about_window_set_comments (about, _("Play race games from Nepal, Bengal and Sri Lanka"));
  adw_about_window_set_developer_name (about, info.developer_name);
  adw_about_window_set_developers (about, developers);
  adw_about_window_set_copyright (about, copyright);
  adw_about_window_set_website (about, info.homepage);
  adw_about_window_set_issue_url (about, info.bugtracker);
  /* the same licence as COPYING and the metainfo's project_license */
  adw_about_window_set_license_type (about, GTK_LICENSE_GPL_3_0);
  /* Translators: put your name here, one per line */
  adw_about_window_set_translator_credits (about, _("translator-credits"));
  /* on the credits page, beside who made the app: the games are theirs */
  adw_about_window_add_credit_section (about, _("The Rules Come From"), (const char **) sources);
  if (info.release_version != NULL && info.release_notes->len > 0)
    {
      adw_about_window_set_release_notes_version (about, info.release_version);
      adw_about_window_set_release_notes (about, info.release_notes->str);
    }
  /* Details, Credits and the like in the app's words: libadwaita has no
   * Newar catalogue, and its Nepali one lacks them */
  ksm_toolkit_words_apply (GTK_WIDGET (about));
  return GTK_WIDGET (about);
}
