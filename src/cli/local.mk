# The command-line tools, one file per command (cli/commands.c lists them).
noinst_LIBRARIES += src/libcli.a
src_libcli_a_CPPFLAGS = -I$(top_builddir)/layers/cli $(TABULA_DEFS)
src_libcli_a_SOURCES = \
	src/cli/cli.h \
	src/cli/commands.c \
	src/cli/cli-args.c src/cli/cli-args.h \
	src/cli/bench-cmd.c \
	src/cli/engine-cmd.c \
	src/cli/match-cmd.c \
	src/cli/perft-cmd.c \
	src/cli/puzzles-cmd.c src/cli/examples-cmd.c \
	src/cli/replay-cmd.c \
	src/cli/review-cmd.c src/cli/review-out.c src/cli/review-out.h \
	src/cli/review-bench-cmd.c src/cli/review-bench.c src/cli/review-bench.h \
	src/cli/serve-cmd.c \
	src/cli/connect-cmd.c \
	src/cli/stats-cmd.c \
	src/cli/tune-cmd.c src/cli/tune-winchance.c src/cli/tune-tetris.c \
	src/cli/tetris-cmd.c
