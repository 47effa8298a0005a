# The search's evaluations, one file per game (games/<game>-eval.c); each
# game's ops table points its .evaluate at its function.
src_libtabula_a_SOURCES += \
	src/games/infexion-eval.c src/games/infexion-eval.h \
	src/games/tetress-eval.c src/games/tetress-eval.h \
	src/games/tzaar-eval.c src/games/tzaar-eval.h
