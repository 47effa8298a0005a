src_libtabula_a_SOURCES += \
	src/cli/cli.h \
	src/cli/commands.c \
	src/cli/engine-cmd.c \
	src/cli/perft-cmd.c
