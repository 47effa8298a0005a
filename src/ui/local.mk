# The terminal UI: a library of its own (it needs curses) that the program
# and the UI's Check suite link.
noinst_LIBRARIES += src/libui.a
src_libui_a_CPPFLAGS = -I$(top_builddir)/layers/ui $(TABULA_DEFS)
src_libui_a_CFLAGS = $(AM_CFLAGS) $(CURSES_CFLAGS)
src_libui_a_SOURCES = \
	src/ui/analysis.c src/ui/analysis.h \
	src/ui/app.h \
	src/ui/board.c src/ui/board.h \
	src/ui/board-infexion.c \
	src/ui/board-tetress.c \
	src/ui/board-tetris.c \
	src/ui/board-tzaar.c \
	src/ui/builder.c src/ui/builder.h \
	src/ui/clock.c src/ui/clock.h \
	src/ui/draw.c src/ui/draw.h \
	src/ui/draw-review.c src/ui/draw-review.h \
	src/ui/engine.c src/ui/engine.h \
	src/ui/facts.c src/ui/facts.h \
	src/ui/game-screen.c src/ui/game-screen.h \
	src/ui/graph.c src/ui/graph.h \
	src/ui/grid.c src/ui/grid.h \
	src/ui/help.c src/ui/help.h \
	src/ui/input.c src/ui/input.h \
	src/ui/keys.c src/ui/keys.h \
	src/ui/keytab.c src/ui/keytab.h \
	src/ui/keylists.c src/ui/keylists.h \
	src/ui/leaders.c \
	src/ui/levels.c src/ui/levels.h \
	src/ui/lines.c src/ui/lines.h \
	src/ui/list.c src/ui/list.h \
	src/ui/library.c src/ui/library.h \
	src/ui/lobby.c src/ui/lobby.h \
	src/ui/menu.c src/ui/menu.h \
	src/ui/menu-memory.c src/ui/menu-memory.h \
	src/ui/online.c src/ui/online.h \
	src/ui/options.c src/ui/options.h \
	src/ui/pick.c \
	src/ui/piece.c \
	src/ui/play.c src/ui/play.h \
	src/ui/restricted.c src/ui/restricted.h \
	src/ui/room.c src/ui/room.h \
	src/ui/rules.c src/ui/rules.h src/ui/rules-text.c \
	src/ui/review.c src/ui/review.h \
	src/ui/save.c src/ui/save.h \
	src/ui/screen.c src/ui/screen.h \
	src/ui/shown.c src/ui/shown.h \
	src/ui/script.c src/ui/script.h \
	src/ui/status.c src/ui/status.h \
	src/ui/term.c src/ui/term.h \
	src/ui/think.c src/ui/think.h \
	src/ui/tetris.c \
	src/ui/trainer.c src/ui/trainer.h src/ui/trainer-main.c \
	src/ui/drill.c src/ui/drill.h src/ui/practise.c src/ui/practise.h \
	src/ui/mistake.c src/ui/mistake.h \
	src/ui/ui.c src/ui/ui.h \
	src/ui/views.c

# The rules screen's text is the man page's RULES section (tabula(6)),
# rendered by mandoc when the page changes.  The tarball carries it, so
# a build from the tarball needs no mandoc; a checkout's build makes it
# in the build tree.
EXTRA_DIST += src/ui/rules-gen.sh
src/ui/rules-text.c: $(srcdir)/man/tabula.6 $(srcdir)/src/ui/rules-gen.sh
	$(AM_V_GEN)$(MKDIR_P) src/ui && \
	$(SHELL) $(srcdir)/src/ui/rules-gen.sh '$(MANDOC)' \
		$(srcdir)/man/tabula.6 >$@.tmp && mv $@.tmp $@
