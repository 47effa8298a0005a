# The puzzles' suite: the proving solver against brute force, the puzzle
# file format, the generator, and a sample of data/puzzles proved again.
if HAVE_CHECK
check_PROGRAMS += tests/check_puzzles
TESTS += tests/check_puzzles
tests_check_puzzles_SOURCES = tests/check_puzzles.c tests/toygame.c \
	tests/toygame.h $(TEST_UTIL)
tests_check_puzzles_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_puzzles_LDADD = $(TESTS_LINK_STUDY)
endif

# The puzzles command line; the trainer end to end in tmux, on puzzles of
# its own.
TESTS += tests/puzzles-cli.test tests/puzzle-tmux.test
EXTRA_DIST += tests/puzzles-cli.test tests/puzzle-tmux.test tests/data/puzzles/puzzles/tzaar.txt \
	tests/data/puzzles/games/tzaar-1.rec

# The puzzles command line again, file by file: list, check, generate,
# merge and their usage errors.
TESTS += tests/puzzles-files.test
EXTRA_DIST += tests/puzzles-files.test
