src_libtabula_a_SOURCES += src/games/bb121.h src/games/tetress.c src/games/tetress.h \
	src/games/tetress-piece.c src/games/tetress-piece.h
