# The search: alpha-beta and its endgame solver, the proving solver, the
# table, time control, levels, Tetris's planner, the searcher thread, win
# chance and the benchmarks.  Knows no game by name.
noinst_LIBRARIES += src/libsearch.a
src_libsearch_a_CPPFLAGS = -I$(top_builddir)/layers/search $(TABULA_DEFS)
src_libsearch_a_SOURCES = \
	src/search/ab-endgame.c src/search/ab-internal.h src/search/ab-smp.c \
	src/search/ab-level.c src/search/ab-split.c \
	src/search/alphabeta.c src/search/alphabeta.h \
	src/search/bench.c src/search/bench.h \
	src/search/solver-bench.c src/search/solver-bench.h \
	src/search/level.c src/search/level.h \
	src/search/plan.c src/search/plan.h \
	src/search/pns.c src/search/pns.h \
	src/search/winchance.c src/search/winchance.h \
	src/search/prove.c src/search/prove.h \
	src/search/search.c src/search/search.h \
	src/search/timectl.c src/search/timectl.h \
	src/search/tt.c src/search/tt.h
