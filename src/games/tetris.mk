# Tetris strategy: the rules and game interface, the strategy and its
# weights, the batch scorer, and the `tabula tetris` command with its
# benchmark.
src_libtabula_a_SOURCES += \
	src/games/tetris.c src/games/tetris.h \
	src/games/tetris-strategy.c src/games/tetris-strategy.h \
	src/games/tetris-weights.c src/games/tetris-weights.h \
	src/games/tetris-score.c src/games/tetris-score.h \
	src/games/tetris-stream.c src/games/tetris-stream.h \
	src/cli/tetris-bench.c src/cli/tetris-bench.h \
	src/cli/tetris-cmd.c
