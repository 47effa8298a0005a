src_libtabula_a_SOURCES += src/games/tetress.c src/games/tetress.h
