if HAVE_CHECK
check_PROGRAMS += tests/check_tetress
TESTS += tests/check_tetress
tests_check_tetress_SOURCES = tests/check_tetress.c $(TEST_UTIL)
tests_check_tetress_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_tetress_LDADD = $(TESTS_LINK_GAMES)
endif
EXTRA_DIST += \
	tests/data/tetress/games.txt \
	tests/data/tetress/corner.txt \
	tests/data/tetress/perft.txt \
	tests/tools/tetress-oracle.py
if HAVE_CHECK
check_PROGRAMS += tests/check_tetress_piece
TESTS += tests/check_tetress_piece
tests_check_tetress_piece_SOURCES = tests/check_tetress_piece.c $(TEST_UTIL)
tests_check_tetress_piece_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_tetress_piece_LDADD = $(TESTS_LINK_GAMES)
endif
