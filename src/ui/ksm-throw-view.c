/* ksm-throw-view.c: the last throw, as the strips fell, and the Throw button.
 *
 * Everything shown comes from the game's record: the last throw event (who,
 * which face, how each strip fell) and whether a lost-throw event follows it.
 * So the computer's throws, undo and redo all show the same way. The button
 * drives the window's "win.throw" action, which decides when it is enabled. */
#include "config.h"

#include <glib/gi18n.h>

#include "ksm-a11y.h"
#include "ksm-numbers.h"
#include "ksm-rules-view.h"
#include "ksm-throw-view.h"

#include "ksm-announce.h"
#include "ksm-words.h"

struct _KsmThrowView
{
  GtkWidget  parent_instance;

  KsmGame      *game;
  GSignalGroup *game_signals;

  GtkWidget *strips;
  GtkWidget *who_label;
  GtkWidget *name_label;
  GtkWidget *note_label;
  GtkWidget *throw_button;
};

static void orientable_init (GtkOrientableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (KsmThrowView, ksm_throw_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_ORIENTABLE, orientable_init))

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS,
  /* GtkOrientable's, overridden */
  PROP_ORIENTATION = N_PROPS,
};

static GParamSpec *properties[N_PROPS];

static void
orientable_init (GtkOrientableIface *iface)
{
}

static void
set_class (GtkWidget *widget, const char *name, gboolean on)
{
  if (on)
    gtk_widget_add_css_class (widget, name);
  else
    gtk_widget_remove_css_class (widget, name);
}

static void
clear_strips (KsmThrowView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->strips)) != NULL)
    gtk_box_remove (GTK_BOX (self->strips), child);
}

static gboolean
is_cowries (KsmThrowView *self)
{
  return g_strcmp0 (ksm_game_get_rules (self->game)->throws.object_name, "cowrie") == 0;
}

static void
build_strips (KsmThrowView *self)
{
  const KsmRules *rules = ksm_game_get_rules (self->game);

  clear_strips (self);
  for (guint i = 0; i < rules->throws.n_objects; i++)
    {
      GtkWidget *strip = g_object_new (GTK_TYPE_BOX,
                                       "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                       NULL);
      gtk_widget_add_css_class (strip, is_cowries (self) ? "cowrie" : "strip");
      gtk_widget_add_css_class (strip, "unthrown");
      /* a marked object (ksm_rules_object_marks) looks apart */
      if (ksm_rules_object_marks (rules, (int) i) & KSM_OBJECT_MARKED)
        gtk_widget_add_css_class (strip, "yellow");
      gtk_box_append (GTK_BOX (self->strips), strip);
    }
}

/* the last throw in the record, and whether it was lost: then *lost_at
 * is the index of the loss */
static const KsmEvent *
last_throw (KsmThrowView *self, gboolean *lost, guint *lost_at)
{
  KsmRecord *record = ksm_game_get_record (self->game);

  *lost = FALSE;
  for (guint i = ksm_record_get_n_events (record); i > 0; i--)
    {
      const KsmEvent *event = ksm_record_get_event (record, i - 1);

      if (event->kind == KSM_EVENT_LOST)
        {
          *lost = TRUE;
          *lost_at = i - 1;
        }
      else if (event->kind == KSM_EVENT_THROW)
        return event;
      else
        *lost = FALSE;
    }
  return NULL;
}

/* why the throw was lost, from the position it was lost in: the record
 * replayed up to the loss (the game has moved on since) */
static char *
lost_reason (KsmThrowView *self, guint lost_at)
{
  KsmRecord *record = ksm_game_get_record (self->game);
  KsmPosition before;

  if (!ksm_record_replay (record, lost_at, &before, NULL))
    return NULL;
  return ksm_words_lost_reason (ksm_record_get_rules (record), &before);
}

/* whether a face throws again is the rules' to say: an option may turn it
 * off. The note speaks of the throw shown, also while its move is still to
 * be made, which the game's throws-again (a throw due now) does not say. */
static gboolean
throws_again (KsmThrowView *self, int face)
{
  return ksm_rules_face_throws_again (ksm_game_get_rules (self->game),
                                      ksm_game_get_options (self->game), face);
}

static void
sync (KsmThrowView *self)
{
  const KsmRules *rules;
  const KsmEvent *event;
  gboolean lost;
  guint lost_at = 0;
  GtkWidget *strip;
  guint i = 0;
  g_autofree char *who = NULL;
  g_autofree char *name = NULL;
  g_autofree char *name_markup = NULL;
  g_autoptr(GString) note = g_string_new (NULL);
  g_autofree char *strips_label = NULL;
  g_autofree char *description = NULL;
  gboolean cowries;

  if (self->game == NULL)
    return;
  rules = ksm_game_get_rules (self->game);
  event = last_throw (self, &lost, &lost_at);
  /* nobody throws in a game under review */
  gtk_widget_set_visible (self->throw_button, !ksm_game_is_read_only (self->game));
  cowries = is_cowries (self);

  for (strip = gtk_widget_get_first_child (self->strips); strip != NULL;
       strip = gtk_widget_get_next_sibling (strip), i++)
    {
      /* a bit set in the pattern: that strip fell hollow side up, that
       * cowrie mouth up */
      gboolean hollow = event != NULL && (event->pattern >> i & 1u);
      set_class (strip, "unthrown", event == NULL);
      set_class (strip, cowries ? "up" : "hollow", event != NULL && hollow);
      set_class (strip, cowries ? "down" : "round", event != NULL && !hollow);
    }

  if (event == NULL)
    {
      name = g_strdup (_("No throw yet"));
      strips_label = g_strdup (_("Not thrown yet"));
    }
  else
    {
      const KsmFace *face = &rules->throws.faces[event->face];
      const char *player = ksm_words_player_name (rules, ksm_game_get_options (self->game), event->player);
      guint hollow = (guint) __builtin_popcount (event->pattern);

      /* Translators: whose throw is shown; %s is a side's name */
      who = g_strdup_printf (_("%s threw"), player);
      name = ksm_words_face_title (rules, event->face);
      /* the throw's name leads to its glossary entry */
      name_markup = ksm_rules_view_link_markup (rules, face->name, name);
      if (cowries)
        /* Translators: how four cowries fell: how many with the slit of the mouth up */
        strips_label = ksm_format (ngettext ("%u cowrie mouth up", "%u cowries mouth up", hollow),
                                   hollow);
      else
        strips_label = ksm_format (ngettext ("%u hollow side up", "%u hollow sides up", hollow),
                                   hollow);
      g_autofree char *reason = lost ? lost_reason (self, lost_at) : NULL;

      if (reason != NULL && cowries)
        /* Translators: %s says why: "This throw is lost: a 1 or a 5 is needed to enter a piece" */
        g_string_append_printf (note, _("This throw is lost: %s"), reason);
      else if (reason != NULL)
        /* Translators: a throw's name, as "sudi", and why it is lost:
         * "The sudi is lost: a kasi is needed to start a piece" */
        g_string_append_printf (note, _("The %s is lost: %s"),
                                ksm_words_face_name (rules, event->face), reason);
      else if (lost && cowries)
        g_string_append (note, _("No token can use this throw: it is lost"));
      else if (lost)
        /* Translators: %s is a throw's name, as "sudi" */
        g_string_append_printf (note, _("Nothing can use the %s: the throw is lost"),
                                ksm_words_face_name (rules, event->face));
      if (throws_again (self, event->face))
        {
          if (note->len > 0)
            g_string_append_c (note, '\n');
          g_string_append (note, _("Throw again"));
        }
    }

  gtk_label_set_label (GTK_LABEL (self->who_label), who != NULL ? who : "");
  /* its line kept when empty: the name and the button under it stay put */
  gtk_widget_set_visible (self->who_label, TRUE);
  if (name_markup == NULL)
    name_markup = g_markup_escape_text (name, -1);
  gtk_label_set_markup (GTK_LABEL (self->name_label), name_markup);
  set_class (self->name_label, "dim-label", event == NULL);
  gtk_label_set_label (GTK_LABEL (self->note_label), note->str);
  gtk_widget_set_visible (self->note_label, note->len > 0);
  set_class (self->note_label, "lost", lost);
  set_class (self->note_label, "again", event != NULL && !lost && throws_again (self, event->face));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->strips),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, strips_label,
                                  -1);
  /* the last throw, read with the button; the game's news says it as it
   * happens, so where the button has the focus it waits (ksm-announce.h) */
  description = note->len > 0 ? g_strdup_printf ("%s. %s", name, note->str) : g_strdup (name);
  ksm_announce_set_description_later (self->throw_button, description);
}

static void
thrown_cb (KsmGame      *game,
           guint         player,
           guint         face,
           guint         pattern,
           KsmThrowView *self)
{
  sync (self);
}

static void
changed_cb (KsmGame      *game,
            KsmThrowView *self)
{
  sync (self);
}

/* The window focuses the view after a new game: the button takes it. */
static gboolean
ksm_throw_view_grab_focus (GtkWidget *widget)
{
  KsmThrowView *self = KSM_THROW_VIEW (widget);

  return gtk_widget_grab_focus (self->throw_button);
}

/* Tab and Shift+Tab go through the view as through any widget. GTK's last
 * resort on Shift+Tab out of a child is to grab the widget itself, which
 * here puts the focus back on the button: that is no step, and taken as
 * one it kept Shift+Tab on the button for ever. */
static gboolean
ksm_throw_view_focus (GtkWidget        *widget,
                      GtkDirectionType  direction)
{
  KsmThrowView *self = KSM_THROW_VIEW (widget);
  gboolean was_on_button = gtk_widget_is_focus (self->throw_button);

  if (!GTK_WIDGET_CLASS (ksm_throw_view_parent_class)->focus (widget, direction))
    return FALSE;
  return !(was_on_button && gtk_widget_is_focus (self->throw_button));
}

/* ---- GObject ---- */

static void
ksm_throw_view_dispose (GObject *object)
{
  KsmThrowView *self = KSM_THROW_VIEW (object);
  GtkWidget *child;

  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (self), KSM_TYPE_THROW_VIEW);
  /* the template's unnamed box too */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (ksm_throw_view_parent_class)->dispose (object);
}

static void
ksm_throw_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  KsmThrowView *self = KSM_THROW_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_ORIENTATION:
      g_value_set_enum (value,
                        gtk_orientable_get_orientation (
                          GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self)))));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_throw_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  KsmThrowView *self = KSM_THROW_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      ksm_throw_view_set_game (self, g_value_get_object (value));
      break;
    case PROP_ORIENTATION:
      {
        GtkOrientable *layout = GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self)));
        GtkOrientation orientation = g_value_get_enum (value);

        if (gtk_orientable_get_orientation (layout) != orientation)
          {
            gtk_orientable_set_orientation (layout, orientation);
            g_object_notify_by_pspec (object, pspec);
          }
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ksm_throw_view_class_init (KsmThrowViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ksm_throw_view_dispose;
  object_class->get_property = ksm_throw_view_get_property;
  object_class->set_property = ksm_throw_view_set_property;
  widget_class->grab_focus = ksm_throw_view_grab_focus;
  widget_class->focus = ksm_throw_view_focus;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KSM_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  g_object_class_override_property (object_class, PROP_ORIENTATION, "orientation");

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kasimala/Kasimala/ksm-throw-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KsmThrowView, strips);
  gtk_widget_class_bind_template_child (widget_class, KsmThrowView, who_label);
  gtk_widget_class_bind_template_child (widget_class, KsmThrowView, name_label);
  gtk_widget_class_bind_template_child (widget_class, KsmThrowView, note_label);
  gtk_widget_class_bind_template_child (widget_class, KsmThrowView, throw_button);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "throwview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ksm_throw_view_init (KsmThrowView *self)
{
  GtkLayoutManager *layout;

  gtk_widget_init_template (GTK_WIDGET (self));
  ksm_a11y_name_by_label (GTK_BUTTON (self->throw_button));
  g_signal_connect (self->name_label, "activate-link", G_CALLBACK (ksm_rules_view_follow_link_cb), NULL);

  /* the strips fall at "thrown", before a loss or a move is known; the
   * rest follows at "changed" */
  self->game_signals = g_signal_group_new (KSM_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "thrown", G_CALLBACK (thrown_cb), self, 0);
  g_signal_group_connect_object (self->game_signals, "changed", G_CALLBACK (changed_cb), self, 0);

  layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Throw"),
                                  -1);
  sync (self);
}

/* ---- public ---- */

GtkWidget *
ksm_throw_view_new (void)
{
  return g_object_new (KSM_TYPE_THROW_VIEW, NULL);
}

KsmGame *
ksm_throw_view_get_game (KsmThrowView *self)
{
  g_return_val_if_fail (KSM_IS_THROW_VIEW (self), NULL);
  return self->game;
}

void
ksm_throw_view_set_game (KsmThrowView *self,
                         KsmGame      *game)
{
  g_return_if_fail (KSM_IS_THROW_VIEW (self));
  g_return_if_fail (game == NULL || KSM_IS_GAME (game));

  if (self->game == game)
    return;
  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);

  if (game != NULL)
    {
      build_strips (self);
      sync (self);
    }
  else
    {
      clear_strips (self);
      gtk_label_set_label (GTK_LABEL (self->name_label), "");
      gtk_widget_set_visible (self->who_label, FALSE);
      gtk_widget_set_visible (self->note_label, FALSE);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}
