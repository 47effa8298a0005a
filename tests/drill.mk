# Practising one's mistakes: the personal set's file and the judge
# (Check), the practice on the game screen headless (the game screen's
# keys, hints, the refutation on the board), and end to end in tmux.
if HAVE_CHECK
check_PROGRAMS += tests/check_exercises
TESTS += tests/check_exercises
tests_check_exercises_SOURCES = tests/check_exercises.c $(TEST_UTIL)
tests_check_exercises_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_exercises_LDADD = $(TESTS_LINK_STUDY)
endif

TESTS += tests/ui-drill.test tests/drill-tmux.test
EXTRA_DIST += tests/ui-drill.test tests/drill-tmux.test \
	tests/data/drill/infexion.rec tests/data/drill/infexion-start.rec \
	tests/data/drill/tetress.rec tests/data/drill/tetress-start.rec \
	tests/data/drill/tzaar.rec tests/data/drill/tzaar-start.rec \
	tests/data/drill/two.rec tests/data/drill/two-reviewed.rec
