# Endgame files and the endgame solver's bench.
if HAVE_CHECK
check_PROGRAMS += tests/check_endgames
TESTS += tests/check_endgames
tests_check_endgames_SOURCES = tests/check_endgames.c $(TEST_UTIL)
tests_check_endgames_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_endgames_LDADD = $(TESTS_LINK_SEARCH)
endif
