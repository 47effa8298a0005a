# TZAAR: rules engine, board geometry and text forms.
src_libtabula_a_SOURCES += \
	src/games/tzaar.c src/games/tzaar.h \
	src/games/tzaar-board.c \
	src/games/tzaar-text.c
# `tabula stats tzaar`: branching statistics (kept here so the command lives
# and leaves with the game it measures).
src_libtabula_a_SOURCES += src/cli/stats-cmd.c
# `tabula tune tzaar`: Texel-style fitting of the evaluation's weights to
# game records.
src_libtabula_a_SOURCES += src/cli/tune-cmd.c
