# Game records: in the library, so the CLI, the TUI and match runners share them.
src_libtabula_a_SOURCES += src/core/record.c src/core/record-read.c \
	src/core/record-history.c src/core/record.h \
	src/core/record-movetext.c src/core/record-movetext.h \
	src/core/record-notes.c src/core/record-vars.c
src_libtabula_a_SOURCES += src/cli/replay-cmd.c
