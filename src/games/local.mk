# The games, one rules file per game behind the game interface
# (core/game.h), listed once in games/games.h; then each game's text forms,
# board geometry, evaluation for the search, and Tetris's strategy, weights,
# batch scorer and benchmark.
noinst_LIBRARIES += src/libgames.a
src_libgames_a_CPPFLAGS = -I$(top_builddir)/layers/games $(TABULA_DEFS)
src_libgames_a_SOURCES = \
	src/games/games.h src/games/registry.c \
	src/games/bb121.h \
	src/games/tetress.c src/games/tetress.h \
	src/games/tetress-piece.c src/games/tetress-piece.h \
	src/games/tetress-eval.c src/games/tetress-eval.h \
	src/games/tetress-themes.c \
	src/games/infexion.c src/games/infexion.h \
	src/games/infexion-text.c \
	src/games/infexion-eval.c src/games/infexion-eval.h \
	src/games/infexion-themes.c \
	src/games/tzaar.c src/games/tzaar.h \
	src/games/tzaar-board.c \
	src/games/tzaar-text.c \
	src/games/tzaar-lg.c src/games/tzaar-lg-read.c src/games/tzaar-lg.h \
	src/games/tzaar-eval.c src/games/tzaar-eval.h \
	src/games/tzaar-themes.c \
	src/games/tetris.c src/games/tetris.h \
	src/games/tetris-bench.c src/games/tetris-bench.h \
	src/games/tetris-fit.c src/games/tetris-fit.h \
	src/games/tetris-score.c src/games/tetris-score.h \
	src/games/tetris-strategy.c src/games/tetris-strategy.h \
	src/games/tetris-stream.c src/games/tetris-stream.h \
	src/games/tetris-weights.c src/games/tetris-weights.h
