# Tetris strategy tests: rules, scorer, batch contract, text round trips.
if HAVE_CHECK
check_PROGRAMS += tests/check_tetris
TESTS += tests/check_tetris
tests_check_tetris_SOURCES = tests/check_tetris.c $(TEST_UTIL)
tests_check_tetris_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_tetris_LDADD = $(TESTS_LINK_GAMES)
endif
EXTRA_DIST += tests/tools/tetris-make-data.py \
	tests/data/tetris/in-2k.bin tests/data/tetris/out-random.bin \
	tests/data/tetris/out-wild.bin tests/data/tetris/out-strategy-text.bin \
	tests/data/tetris/out-strategy-reference.bin \
	tests/data/tetris/scores.txt
TESTS += tests/tetris-cli.test
EXTRA_DIST += tests/tetris-cli.test
# Engine protocol transcripts, run by tests/proto.test with the others.
EXTRA_DIST += \
	tests/proto/tetris-basic.in tests/proto/tetris-basic.out \
	tests/proto/tetris-errors.in tests/proto/tetris-errors.out
