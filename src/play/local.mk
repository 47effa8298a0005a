# Playing with the search: who plays a side, as text (who.c), the players
# of a match (player.c: the engine, random, greedy, an outside program),
# matches between two players (match.c) and their start positions
# (match-positions.c).
noinst_LIBRARIES += src/libplay.a
src_libplay_a_CPPFLAGS = -I$(top_builddir)/layers/play $(TABULA_DEFS)
src_libplay_a_SOURCES = \
	src/play/match.c src/play/match.h \
	src/play/match-positions.c src/play/match-positions.h \
	src/play/player.c src/play/player.h \
	src/play/who.c src/play/who.h
