/* main.c
 *
 * The entry point of the Kasimala app.
 */
#include "config.h"

#include "ksm-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr (KsmApplication) app = NULL;

  app = ksm_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
