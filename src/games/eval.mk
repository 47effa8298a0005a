# The search's evaluations, one file per game (games/<game>-eval.c); each
# game's ops table points its .evaluate at its function.  TZAAR's
# (tzaar-eval.c, checked against the tzaar branch) joins this list, and
# tzaar_game.evaluate points at tzaar_eval, once TZAAR is on main.
src_libtabula_a_SOURCES += \
	src/games/infexion-eval.c src/games/infexion-eval.h \
	src/games/tetress-eval.c src/games/tetress-eval.h
EXTRA_DIST += src/games/tzaar-eval.c src/games/tzaar-eval.h
