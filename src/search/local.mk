src_libtabula_a_SOURCES += \
	src/search/ab-endgame.c src/search/ab-internal.h \
	src/search/alphabeta.c src/search/alphabeta.h \
	src/search/bench.c src/search/bench.h \
	src/search/solver-bench.c src/search/solver-bench.h \
	src/search/level.c src/search/level.h \
	src/search/library.c src/search/library.h \
	src/search/library-keep.c \
	src/search/match.c src/search/match.h \
	src/search/plan.c src/search/plan.h \
	src/search/pns.c src/search/pns.h \
	src/search/review.c src/search/review.h \
	src/search/winchance.c src/search/winchance.h \
	src/search/winfit.c src/search/winfit.h \
	src/search/review-job.c src/search/review-job.h \
	src/search/prove.c src/search/prove.h \
	src/search/puzzle-play.c src/search/puzzle-play.h \
	src/search/puzzle-rate.c src/search/puzzle-rate.h \
	src/search/puzzlegen.c src/search/puzzlegen.h \
	src/search/player.c src/search/player.h \
	src/search/search.c src/search/search.h \
	src/search/timectl.c src/search/timectl.h \
	src/search/tt.c src/search/tt.h \
	src/search/who.c src/search/who.h
