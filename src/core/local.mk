src_libtabula_a_SOURCES += \
	src/core/attrs.h \
	src/core/file.c src/core/file.h \
	src/core/game.h \
	src/core/perft.c src/core/perft.h \
	src/core/pool.c src/core/pool.h \
	src/core/registry.c src/core/registry.h \
	src/core/rng.h \
	src/core/session.c src/core/session.h \
	src/core/text.c src/core/text.h \
	src/games/games.h
