# The library of games: the listing of saved games with their facts,
# corrupt and large files skipped, the games folder, the empty game.
if HAVE_CHECK
check_PROGRAMS += tests/check_library
TESTS += tests/check_library
tests_check_library_SOURCES = tests/check_library.c $(TEST_UTIL)
tests_check_library_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_library_LDADD = $(TESTS_LINK_STUDY)
endif
