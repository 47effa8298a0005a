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
