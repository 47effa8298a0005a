# Infexion: oracle replays, perft, rules, text and fuzz tests.
if HAVE_CHECK
check_PROGRAMS += tests/check_infexion
TESTS += tests/check_infexion
tests_check_infexion_SOURCES = tests/check_infexion.c $(TEST_UTIL)
tests_check_infexion_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_infexion_LDADD = $(TESTS_LINK_LIBS)
endif
EXTRA_DIST += \
	tests/data/infexion/public.txt \
	tests/data/infexion/corner_cases.txt \
	tests/data/infexion/perft.txt \
	tests/tools/infexion-convert.py
# Engine protocol transcripts, run by tests/proto.test with the others.
EXTRA_DIST += \
	tests/proto/infexion-basic.in tests/proto/infexion-basic.out \
	tests/proto/infexion-errors.in tests/proto/infexion-errors.out
