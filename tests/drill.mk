# Practising one's mistakes: the personal set's file and the judge
# (Check).
if HAVE_CHECK
check_PROGRAMS += tests/check_exercises
TESTS += tests/check_exercises
tests_check_exercises_SOURCES = tests/check_exercises.c $(TEST_UTIL)
tests_check_exercises_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_exercises_LDADD = $(TESTS_LINK_LIBS)
endif

EXTRA_DIST += tests/data/drill/infexion.rec tests/data/drill/tetress.rec \
	tests/data/drill/tzaar.rec
