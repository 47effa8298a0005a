# Infexion: the rules engine and its text forms.
src_libtabula_a_SOURCES += \
	src/games/infexion.c src/games/infexion.h \
	src/games/infexion-text.c
