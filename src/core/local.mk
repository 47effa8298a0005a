# The core: the game interface, the registry's declaration, the exit
# statuses, sessions, game records, perft, the thread pool, the worker with a mailbox, wake pipes, the clock and
# the text readers every parser shares.
noinst_LIBRARIES += src/libcore.a
src_libcore_a_CPPFLAGS = -I$(top_builddir)/layers/core $(TABULA_DEFS)
src_libcore_a_SOURCES = \
	src/core/attrs.h \
	src/core/clock.c src/core/clock.h \
	src/core/file.c src/core/file.h \
	src/core/game.h \
	src/core/perft.c src/core/perft.h \
	src/core/pool.c src/core/pool.h \
	src/core/datadir.c src/core/datadir.h \
	src/core/endgames.c src/core/endgames.h \
	src/core/exit.h \
	src/core/puzzle.c src/core/puzzle.h \
	src/core/puzzle-progress.c src/core/puzzle-progress.h \
	src/core/exercises.c src/core/exercises.h \
	src/core/level-progress.c src/core/level-progress.h \
	src/core/record.c src/core/record-read.c \
	src/core/record-history.c src/core/record.h \
	src/core/record-movetext.c src/core/record-movetext.h \
	src/core/record-notes.c src/core/record-vars.c \
	src/core/record-tags.c \
	src/core/record-format.c src/core/record-format.h \
	src/core/registry.h \
	src/core/rng.h \
	src/core/session.c src/core/session.h \
	src/core/text.c src/core/text.h \
	src/core/wake.c src/core/wake.h \
	src/core/worker.c src/core/worker.h
