# Studying with the search: reviews of a game (review.c, on a thread in
# review-job.c), fitting the win-chance maps (winfit.c), and puzzles: made
# from games (puzzlegen.c), rated (puzzle-rate.c) and solved in the trainer (puzzle-play.c),
# exercises from the player's own reviewed games (exercise.c), and the
# library of saved games (library.c, library-keep.c).
noinst_LIBRARIES += src/libstudy.a
src_libstudy_a_CPPFLAGS = -I$(top_builddir)/layers/study $(TABULA_DEFS)
src_libstudy_a_SOURCES = \
	src/study/review.c src/study/review.h \
	src/study/accuracy.c src/study/accuracy.h \
	src/study/review-job.c src/study/review-job.h \
	src/study/library.c src/study/library.h \
	src/study/library-keep.c \
	src/study/winfit.c src/study/winfit.h \
	src/study/puzzle-play.c src/study/puzzle-play.h \
	src/study/puzzle-rate.c src/study/puzzle-rate.h \
	src/study/puzzlegen.c src/study/puzzlegen.h \
	src/study/exercise.c src/study/exercise.h
