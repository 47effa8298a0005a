src_libtabula_a_SOURCES += \
	src/games/tetress-eval.c src/games/tetress-eval.h
