# The terminal UI: Check tests of its terminal-free parts (grid, board
# views against the games, the screen stack, the move builder; the stack's
# loop links curses), headless screen dumps, and tmux end-to-end runs.
if HAVE_CHECK
check_PROGRAMS += tests/check_ui
TESTS += tests/check_ui
tests_check_ui_SOURCES = tests/check_ui.c $(TEST_UTIL)
tests_check_ui_CFLAGS = $(TESTS_COMPILE_FLAGS) $(CURSES_CFLAGS)
tests_check_ui_LDADD = $(TESTS_LINK_UI)
endif

TESTS += tests/ui-screens.test tests/ui-tmux.test tests/ui-files.test \
	tests/ui-online.test tests/ui-menu.test tests/ui-save.test \
	tests/ui-library.test tests/ui-fit.test tests/ui-walk.test
EXTRA_DIST += tests/ui-screens.test tests/ui-tmux.test tests/ui-files.test \
	tests/ui-online.test tests/ui-menu.test tests/ui-save.test tests/tmux.sh \
	tests/ui-library.test tests/ui-fit.test tests/ui-walk.test \
	$(UI_SCREENS) \
	$(UI_LIBRARY_RECORDS)
UI_LIBRARY_RECORDS = \
	tests/data/library/corrupt.rec \
	tests/data/library/red-wins.rec \
	tests/data/library/reviewed.rec \
	tests/data/library/unfinished.rec
UI_SCREENS = \
	tests/data/ui/infexion-near-end.rec \
	tests/data/ui/help-tzaar.keys \
	tests/data/ui/help-tzaar.screen \
	tests/data/ui/help.keys \
	tests/data/ui/help.screen \
	tests/data/ui/infexion-long-error.keys \
	tests/data/ui/infexion-long-error.screen \
	tests/data/ui/infexion-seam.keys \
	tests/data/ui/infexion-seam.screen \
	tests/data/ui/infexion-spread.keys \
	tests/data/ui/infexion-spread.screen \
	tests/data/ui/menu-small.keys \
	tests/data/ui/menu-small.screen \
	tests/data/ui/menu.keys \
	tests/data/ui/menu.screen \
	tests/data/ui/open-record.keys \
	tests/data/ui/open-record.screen \
	tests/data/ui/tetress-bad.rec \
	tests/data/ui/tetress-clear.keys \
	tests/data/ui/tetress-clear.screen \
	tests/data/ui/tetress-cramped.rec \
	tests/data/ui/tetress-game.rec \
	tests/data/ui/tetress-history.keys \
	tests/data/ui/tetress-history.screen \
	tests/data/ui/tetress-illegal.keys \
	tests/data/ui/tetress-illegal.screen \
	tests/data/ui/tetress-piece.keys \
	tests/data/ui/tetress-piece.screen \
	tests/data/ui/tetress-piece-mouse.keys \
	tests/data/ui/tetress-piece-mouse.screen \
	tests/data/ui/tetress-piece-none.keys \
	tests/data/ui/tetress-piece-none.screen \
	tests/data/ui/tetress-select.keys \
	tests/data/ui/tetress-select.screen \
	tests/data/ui/tetris-drop.keys \
	tests/data/ui/tetris-ghosts.keys \
	tests/data/ui/tetris-ghosts.screen \
	tests/data/ui/tetris-drop.screen \
	tests/data/ui/too-small.keys \
	tests/data/ui/too-small.screen \
	tests/data/ui/tzaar-capture.keys \
	tests/data/ui/tzaar-capture.screen \
	tests/data/ui/tzaar-direction.keys \
	tests/data/ui/tzaar-direction.screen
