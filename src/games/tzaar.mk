# TZAAR: rules engine, board geometry and text forms.
src_libtabula_a_SOURCES += \
	src/games/tzaar.c src/games/tzaar.h \
	src/games/tzaar-board.c \
	src/games/tzaar-text.c
