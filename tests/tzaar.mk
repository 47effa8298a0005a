# TZAAR: oracle replays, perft, rules, text forms (check_tzaar).
if HAVE_CHECK
check_PROGRAMS += tests/check_tzaar
TESTS += tests/check_tzaar
tests_check_tzaar_SOURCES = tests/check_tzaar.c $(TEST_UTIL)
tests_check_tzaar_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_tzaar_LDADD = $(TESTS_LINK_GAMES)
endif
EXTRA_DIST += \
	tests/data/tzaar/public.txt \
	tests/data/tzaar/perft-positions.txt \
	tests/data/tzaar/perft-standard.txt \
	tests/tools/tzaar-oracle.py
# Engine protocol transcripts, run by tests/proto.test with the others.
EXTRA_DIST += \
	tests/proto/tzaar-basic.in tests/proto/tzaar-basic.out \
	tests/proto/tzaar-errors.in tests/proto/tzaar-errors.out \
	tests/proto/tzaar-wdl.in tests/proto/tzaar-wdl.out
# The statistics command, driven through the binary.
TESTS += tests/tzaar-stats.test
EXTRA_DIST += tests/tzaar-stats.test
# The weight-fitting command, on games it records itself.
TESTS += tests/tzaar-tune.test
EXTRA_DIST += tests/tzaar-tune.test
# LittleGolem records: point names and random games (check_littlegolem);
# the championship game, round trips and bad files (littlegolem.test).
if HAVE_CHECK
check_PROGRAMS += tests/check_littlegolem
TESTS += tests/check_littlegolem
tests_check_littlegolem_SOURCES = tests/check_littlegolem.c $(TEST_UTIL)
tests_check_littlegolem_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_littlegolem_LDADD = $(TESTS_LINK_GAMES)
endif
TESTS += tests/littlegolem.test
EXTRA_DIST += tests/littlegolem.test $(LITTLEGOLEM_FILES)
LITTLEGOLEM_FILES = \
	tests/data/littlegolem/game2552914.txt \
	tests/data/littlegolem/after-end.txt \
	tests/data/littlegolem/bad-hole.txt \
	tests/data/littlegolem/bad-pass.txt \
	tests/data/littlegolem/bad-point.txt \
	tests/data/littlegolem/bad-pos.txt \
	tests/data/littlegolem/bad-turn.txt \
	tests/data/littlegolem/messy.txt \
	tests/data/littlegolem/messy-normalised.txt \
	tests/data/littlegolem/blocked.txt \
	tests/data/littlegolem/no-end.txt \
	tests/data/littlegolem/no-pos.txt \
	tests/data/littlegolem/off-board.txt \
	tests/data/littlegolem/opening.txt \
	tests/data/littlegolem/pass.txt \
	tests/data/littlegolem/truncated.txt \
	tests/data/littlegolem/unknown-property.txt \
	tests/data/littlegolem/wrong-side.txt

# Control bytes from files reach no terminal and no record (issue 54).
TESTS += tests/escapes.test
EXTRA_DIST += tests/escapes.test
