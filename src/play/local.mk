# Playing with the search: who plays a side, as text (who.c), the players
# of a match (player.c: the engine, random, greedy, an outside program)
# and matches between two players (match.c).
src_libtabula_a_SOURCES += \
	src/play/match.c src/play/match.h \
	src/play/player.c src/play/player.h \
	src/play/who.c src/play/who.h
