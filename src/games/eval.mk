src_libtabula_a_SOURCES += \
	src/games/infexion-eval.c src/games/infexion-eval.h \
	src/games/tetress-eval.c src/games/tetress-eval.h
