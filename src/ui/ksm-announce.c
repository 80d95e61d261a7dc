/* ksm-announce.c */
#include "config.h"

#include "ksm-announce.h"

#include "ksm-compat.h"

#define SAID_KEPT       64
/* How long news stays before waiting news replaces it: about the time a
 * screen reader takes to read it at its usual rate */
#define HOLD_MIN_MS     1200
#define HOLD_PER_CHAR_MS  55
#define HOLD_MAX_MS     5000

typedef struct {
  GtkRoot   *root;          /* not held: the state lives on it */
  GQueue     waiting;       /* Waiting *, not yet shown */
  GtkWidget *target;        /* weak: the widget showing the news */
  char      *showing;       /* the news on it */
  guint      hold_id;
  GPtrArray *said;          /* char *, each message as shown */
  GtkWidget *focus;         /* weak: the focus last seen */
} KsmAnnouncer;

typedef struct {
  char    *text;
  gboolean latest_only;     /* replaced by a newer one of its kind while it waits */
} Waiting;

static void
waiting_free (gpointer data)
{
  Waiting *waiting = data;

  g_free (waiting->text);
  g_free (waiting);
}

static const char *const announcer_key = "ksm-announcer";
static const char *const description_key = "ksm-announce-description";
static const char *const later_key = "ksm-announce-later";

static void deliver (KsmAnnouncer *self);

static void
put_back_description (GtkWidget *widget)
{
  const char *description = g_object_get_data (G_OBJECT (widget), description_key);

  if (description != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    description, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

static void
clear_target (KsmAnnouncer *self)
{
  if (self->target == NULL)
    return;
  put_back_description (self->target);
  g_object_remove_weak_pointer (G_OBJECT (self->target), (gpointer *) &self->target);
  self->target = NULL;
  g_clear_pointer (&self->showing, g_free);
}

static void
announcer_free (gpointer data)
{
  KsmAnnouncer *self = data;

  g_clear_handle_id (&self->hold_id, g_source_remove);
  if (self->target != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->target), (gpointer *) &self->target);
  if (self->focus != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->focus), (gpointer *) &self->focus);
  g_queue_clear_full (&self->waiting, waiting_free);
  g_free (self->showing);
  g_ptr_array_unref (self->said);
  g_free (self);
}

static void
show_on (KsmAnnouncer *self, GtkWidget *target, const char *news)
{
  if (target != self->target)
    {
      clear_target (self);
      self->target = target;
      g_object_add_weak_pointer (G_OBJECT (target), (gpointer *) &self->target);
    }
  if (news != self->showing)
    {
      g_free (self->showing);
      self->showing = g_strdup (news);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (target), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  news, -1);
}

/* The focus moved on. News still being read goes with it, read with the
 * widget that has the focus now (a new page takes the focus just as the
 * game on it is told); older news stays behind, and the old widget gets its
 * own description back. */
static void
focus_moved_cb (GtkRoot    *root,
                GParamSpec *pspec,
                gpointer    data)
{
  KsmAnnouncer *self = data;
  GtkWidget *focus = gtk_root_get_focus (root);
  GtkWidget *target = focus != NULL ? focus : GTK_WIDGET (root);
  g_autofree char *news = NULL;

  /* a line kept for later is the widget's once the focus is elsewhere (a
   * focus gone nowhere, as from a button made insensitive, is still its
   * own for a screen reader, which reads nothing else meanwhile) */
  if (self->focus != focus && focus != NULL)
    {
      if (self->focus != NULL)
        {
          if (g_object_get_data (G_OBJECT (self->focus), later_key) != NULL && self->focus != self->target)
            put_back_description (self->focus);
          g_object_set_data (G_OBJECT (self->focus), later_key, NULL);
          g_object_remove_weak_pointer (G_OBJECT (self->focus), (gpointer *) &self->focus);
        }
      self->focus = focus;
      if (focus != NULL)
        g_object_add_weak_pointer (G_OBJECT (focus), (gpointer *) &self->focus);
    }

  if (self->target == NULL || self->target == target)
    return;
  if (self->hold_id == 0 || self->showing == NULL)
    {
      clear_target (self);
      return;
    }
  news = g_strdup (self->showing);
  show_on (self, target, news);
}

static KsmAnnouncer *
announcer_of (GtkWidget *widget, gboolean create)
{
  GtkRoot *root = widget != NULL ? gtk_widget_get_root (widget) : NULL;
  KsmAnnouncer *self;

  if (root == NULL)
    return NULL;
  self = g_object_get_data (G_OBJECT (root), announcer_key);
  if (self != NULL || !create)
    return self;

  self = g_new0 (KsmAnnouncer, 1);
  self->root = root;
  g_queue_init (&self->waiting);
  self->said = g_ptr_array_new_with_free_func (g_free);
  g_object_set_data_full (G_OBJECT (root), announcer_key, self, announcer_free);
  g_signal_connect (root, "notify::focus-widget", G_CALLBACK (focus_moved_cb), self);
  return self;
}

static void
remember (KsmAnnouncer *self, const char *message)
{
  if (self->said->len >= SAID_KEPT)
    g_ptr_array_remove_index (self->said, 0);
  g_ptr_array_add (self->said, g_strdup (message));
}

static gboolean
hold_over_cb (gpointer data)
{
  KsmAnnouncer *self = data;

  self->hold_id = 0;
  if (!g_queue_is_empty (&self->waiting))
    deliver (self);
  return G_SOURCE_REMOVE;
}

/* everything waiting, together, on the widget with the focus */
static void
deliver (KsmAnnouncer *self)
{
  GtkWidget *focus = gtk_root_get_focus (self->root);
  GtkWidget *target = focus != NULL ? focus : GTK_WIDGET (self->root);
  g_autoptr(GString) news = g_string_new (NULL);
  Waiting *waiting;
  guint hold;

  while ((waiting = g_queue_pop_head (&self->waiting)) != NULL)
    {
      if (news->len > 0)
        g_string_append_c (news, ' ');
      g_string_append (news, waiting->text);
      remember (self, waiting->text);
      waiting_free (waiting);
    }

  show_on (self, target, news->str);

  hold = CLAMP (HOLD_PER_CHAR_MS * (guint) g_utf8_strlen (news->str, -1), HOLD_MIN_MS, HOLD_MAX_MS);
  self->hold_id = g_timeout_add (hold, hold_over_cb, self);
}

static void
announce (GtkWidget  *widget,
          const char *message,
          gboolean    latest_only)
{
  KsmAnnouncer *self;
  Waiting *waiting;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  if (message == NULL || *message == '\0')
    return;
  self = announcer_of (widget, TRUE);
  if (self == NULL)
    return;

  if (ksm_compat_announce (GTK_WIDGET (self->root), message))
    {
      remember (self, message);
      return;
    }
  if (latest_only)
    for (GList *l = self->waiting.head; l != NULL;)
      {
        GList *next = l->next;
        if (((Waiting *) l->data)->latest_only)
          {
            waiting_free (l->data);
            g_queue_delete_link (&self->waiting, l);
          }
        l = next;
      }
  waiting = g_new0 (Waiting, 1);
  waiting->text = g_strdup (message);
  waiting->latest_only = latest_only;
  g_queue_push_tail (&self->waiting, waiting);
  if (self->hold_id == 0)
    deliver (self);
}

void
ksm_announce (GtkWidget  *widget,
              const char *message)
{
  announce (widget, message, FALSE);
}

void
ksm_announce_latest (GtkWidget  *widget,
                     const char *message)
{
  announce (widget, message, TRUE);
}

void
ksm_announce_set_description (GtkWidget  *widget,
                              const char *description)
{
  KsmAnnouncer *self = announcer_of (widget, FALSE);

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_object_set_data_full (G_OBJECT (widget), description_key, g_strdup (description), g_free);
  /* news on it stays until the person moves on */
  if (self != NULL && self->target == widget)
    return;
  put_back_description (widget);
}

void
ksm_announce_set_description_later (GtkWidget  *widget,
                                    const char *description)
{
  KsmAnnouncer *self = announcer_of (widget, TRUE);
  GtkRoot *root = gtk_widget_get_root (widget);

  g_return_if_fail (GTK_IS_WIDGET (widget));
  if (self == NULL || root == NULL
      || (gtk_root_get_focus (root) != widget
          && (gtk_root_get_focus (root) != NULL || self->focus != widget)))
    {
      ksm_announce_set_description (widget, description);
      return;
    }
  g_object_set_data_full (G_OBJECT (widget), description_key, g_strdup (description), g_free);
  g_object_set_data (G_OBJECT (widget), later_key, GINT_TO_POINTER (TRUE));
  if (self->focus != widget)
    {
      if (self->focus != NULL)
        g_object_remove_weak_pointer (G_OBJECT (self->focus), (gpointer *) &self->focus);
      self->focus = widget;
      g_object_add_weak_pointer (G_OBJECT (widget), (gpointer *) &self->focus);
    }
}

GPtrArray *
ksm_announce_get_said (GtkWidget *widget)
{
  KsmAnnouncer *self = announcer_of (widget, TRUE);

  return self != NULL ? self->said : NULL;
}

const char *
ksm_announce_get_showing (GtkWidget *widget)
{
  KsmAnnouncer *self = announcer_of (widget, FALSE);
  GtkRoot *root = widget != NULL ? gtk_widget_get_root (widget) : NULL;

  if (self == NULL || root == NULL)
    return NULL;
  if (self->target != NULL
      && (self->target == gtk_root_get_focus (root)
          || (self->target == GTK_WIDGET (root) && gtk_root_get_focus (root) == NULL)))
    return self->showing;
  return NULL;
}

gboolean
ksm_announce_is_holding (GtkWidget *widget)
{
  KsmAnnouncer *self = announcer_of (widget, FALSE);

  return self != NULL && self->hold_id != 0;
}
