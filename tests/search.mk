# The search's suite: the searcher thread, alpha-beta against exact solvers
# on small test games, determinism, limits, stop latency.
if HAVE_CHECK
check_PROGRAMS += tests/check_search
TESTS += tests/check_search
tests_check_search_SOURCES = tests/check_search.c tests/toygame.c \
	tests/toygame.h $(TEST_UTIL)
tests_check_search_CFLAGS = $(TESTS_COMPILE_FLAGS)
if SANITIZED
tests_check_search_CFLAGS += -DTEST_SANITIZED=1
endif
tests_check_search_LDADD = $(TESTS_LINK_LIBS)
endif
# Game review: marks by loss, the summary, the annotated record.
if HAVE_CHECK
check_PROGRAMS += tests/check_review
TESTS += tests/check_review
tests_check_review_SOURCES = tests/check_review.c $(TEST_UTIL)
tests_check_review_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_review_LDADD = $(TESTS_LINK_STUDY)
endif
EXTRA_DIST += tests/data/review/blunder.rec tests/data/review/missed-win.rec \
	tests/data/review/tetress-selfplay.rec
# Fitting the win-chance map: --every, --hold-out and bad input.
TESTS += tests/winchance-tune.test
EXTRA_DIST += tests/winchance-tune.test
# The review benchmark leaves a match's random opening out of the marks.
TESTS += tests/review-bench.test
EXTRA_DIST += tests/review-bench.test
# Score steadiness and finishing measured through the protocol (NEWS,
# "Steady scores"); run by hand, not by make check.
EXTRA_DIST += tests/tools/steady-scores.py
# How long won games drag, from reviewed records (NEWS); by hand.
EXTRA_DIST += tests/tools/finishing.py
# The calibration error sampling alone gives, by simulation (NEWS).
EXTRA_DIST += tests/tools/ece-noise.py
# Levels play the same games with threads as before them (tabula(6),
# "Threads"): kept level games, and a level searched with Threads 1 and 4.
TESTS += tests/levels-threads.test
EXTRA_DIST += tests/levels-threads.test \
	tests/data/levels/tetress-1.rec tests/data/levels/tetress-2.rec \
	tests/data/levels/infexion-1.rec tests/data/levels/infexion-2.rec \
	tests/data/levels/tzaar-1.rec tests/data/levels/tzaar-2.rec
