# The analysis studio's pure UI parts: the evaluation graph and the
# deciding numbers of each game.
if HAVE_CHECK
check_PROGRAMS += tests/check_studio
TESTS += tests/check_studio
tests_check_studio_SOURCES = tests/check_studio.c src/ui/graph.c \
	src/ui/graph.h src/ui/facts.c src/ui/facts.h $(TEST_UTIL)
tests_check_studio_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_studio_LDADD = $(TESTS_LINK_STUDY)
endif
# The studio in a terminal: review, jumps, the idle CPU; headless screens.
TESTS += tests/ui-review.test tests/review-cli.test
EXTRA_DIST += tests/ui-review.test tests/review-cli.test \
	tests/data/ui/review-game.rec \
	tests/data/ui/review.keys tests/data/ui/review.screen \
	tests/data/ui/review-ascii.keys tests/data/ui/review-ascii.screen
