/* test-renderer.c: the app draws with cairo only where OpenGL would be
 * software, and only on a GTK that does not decide that itself. */
#include <glib.h>
#include <glib/gstdio.h>

#include "ksm-renderer.h"

typedef struct {
  char *dev;   /* a stand-in for /dev */
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  f->dev = g_dir_make_tmp ("ksm-dev-XXXXXX", &error);
  g_assert_no_error (error);
  g_unsetenv ("GSK_RENDERER");
  g_unsetenv ("LIBGL_ALWAYS_SOFTWARE");
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_autofree char *dri = g_build_filename (f->dev, "dri", NULL);
  const char *names[] = { "dri/renderD128", "dri/card0", "nvidiactl" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (f->dev, names[i], NULL);
      g_remove (path);
    }
  g_rmdir (dri);
  g_rmdir (f->dev);
  g_free (f->dev);
}

static void
add_device (Fixture *f, const char *name)
{
  g_autofree char *path = g_build_filename (f->dev, name, NULL);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_file_set_contents (path, "", 0, &error);
  g_assert_no_error (error);
}

static void
test_no_gpu (Fixture *f, gconstpointer data)
{
  g_assert_cmpstr (ksm_renderer_choose (f->dev, 8), ==, "cairo");
  /* a display card without a render node is no OpenGL device */
  add_device (f, "dri/card0");
  g_assert_cmpstr (ksm_renderer_choose (f->dev, 8), ==, "cairo");
}

static void
test_gpu (Fixture *f, gconstpointer data)
{
  add_device (f, "dri/renderD128");
  g_assert_null (ksm_renderer_choose (f->dev, 8));
}

static void
test_nvidia_without_drm (Fixture *f, gconstpointer data)
{
  add_device (f, "nvidiactl");
  g_assert_null (ksm_renderer_choose (f->dev, 8));
}

static void
test_software_forced (Fixture *f, gconstpointer data)
{
  add_device (f, "dri/renderD128");
  g_setenv ("LIBGL_ALWAYS_SOFTWARE", "1", TRUE);
  g_assert_cmpstr (ksm_renderer_choose (f->dev, 8), ==, "cairo");
  g_setenv ("LIBGL_ALWAYS_SOFTWARE", "0", TRUE);
  g_assert_null (ksm_renderer_choose (f->dev, 8));
}

static void
test_person_decides (Fixture *f, gconstpointer data)
{
  g_setenv ("GSK_RENDERER", "gl", TRUE);
  g_assert_null (ksm_renderer_choose (f->dev, 8));
}

static void
test_newer_gtk_decides (Fixture *f, gconstpointer data)
{
  g_assert_cmpstr (ksm_renderer_choose (f->dev, 13), ==, "cairo");
  g_assert_null (ksm_renderer_choose (f->dev, 14));
  g_assert_null (ksm_renderer_choose (f->dev, 20));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/renderer/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("no-gpu", test_no_gpu);
  ADD ("gpu", test_gpu);
  ADD ("nvidia-without-drm", test_nvidia_without_drm);
  ADD ("software-forced", test_software_forced);
  ADD ("person-decides", test_person_decides);
  ADD ("newer-gtk-decides", test_newer_gtk_decides);
  return g_test_run ();
}
