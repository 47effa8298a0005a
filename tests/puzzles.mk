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

# The puzzles command line; the trainer on the game screen headless (the
# game screen's keys, lines on the board, hints, the personal set mixed
# in) and end to end in tmux, on puzzles of their own.
TESTS += tests/puzzles-cli.test tests/ui-trainer.test tests/puzzle-tmux.test
EXTRA_DIST += tests/puzzles-cli.test tests/ui-trainer.test \
	tests/puzzle-tmux.test tests/data/puzzles/puzzles/tzaar.txt \
	tests/data/puzzles/games/tzaar-1.rec \
	tests/data/trainer/puzzles/infexion.txt \
	tests/data/trainer/puzzles/tetress.txt \
	tests/data/trainer/puzzles/tzaar.txt \
	tests/data/trainer/save/puzzles/tzaar.txt \
	tests/data/trainer/infexion-start.rec \
	tests/data/trainer/tetress-start.rec \
	tests/data/trainer/tzaar-start.rec

# The puzzles command line again, file by file: list, check, generate,
# merge and their usage errors.
TESTS += tests/puzzles-files.test
EXTRA_DIST += tests/puzzles-files.test
