# The analysis studio's pure UI parts: the evaluation graph and the
# deciding numbers of each game.
if HAVE_CHECK
check_PROGRAMS += tests/check_studio
TESTS += tests/check_studio
tests_check_studio_SOURCES = tests/check_studio.c src/ui/graph.c \
	src/ui/graph.h src/ui/facts.c src/ui/facts.h $(TEST_UTIL)
tests_check_studio_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_studio_LDADD = $(TESTS_LINK_LIBS)
endif
