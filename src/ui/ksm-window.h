/* ksm-window.h: the main window. */
#pragma once

#include <adwaita.h>

#include "ksm-application.h"
#include "ksm-game-view.h"
#include "ksm-hint-popover.h"
#include "ksm-lesson-view.h"
#include "ksm-lessons-page.h"
#include "ksm-library-page.h"
#include "ksm-new-game-page.h"
#include "ksm-start-page.h"

G_BEGIN_DECLS

#define KSM_TYPE_WINDOW (ksm_window_get_type ())
G_DECLARE_FINAL_TYPE (KsmWindow, ksm_window, KSM, WINDOW, AdwApplicationWindow)

KsmWindow      *ksm_window_new               (KsmApplication *application);
/* a window like `old`, in the language now applied, with its game, review
 * and page; `old` is destroyed */
KsmWindow      *ksm_window_new_replacing     (KsmWindow      *old);
/* for tests: the pages and the game on them */
KsmGameView    *ksm_window_get_game_view     (KsmWindow *self);
KsmNewGamePage *ksm_window_get_new_game_page (KsmWindow *self);
KsmStartPage   *ksm_window_get_start_page    (KsmWindow *self);
const char     *ksm_window_get_page_name     (KsmWindow *self);
KsmGame        *ksm_window_get_game          (KsmWindow *self);
/* waits until the game in progress is written (the autosave is written off
 * the main thread) and tells what failed */
void            ksm_window_flush_autosave    (KsmWindow *self);
KsmHintPopover *ksm_window_get_hint_popover  (KsmWindow *self);
KsmLibraryPage *ksm_window_get_library_page  (KsmWindow *self);
/* the lessons of the game of that rules' id (the start page's and the
 * rules' Learn); FALSE for a game without lessons */
gboolean        ksm_window_show_lessons      (KsmWindow *self, const char *game_id);
KsmLessonsPage *ksm_window_get_lessons_page  (KsmWindow *self);
KsmLessonView  *ksm_window_get_lesson_view   (KsmWindow *self);
/* opens a saved game for review, read-only, at its start, and analyses it */
void            ksm_window_review            (KsmWindow *self, KsmRecord *record, GFile *file);

G_END_DECLS
