# Infexion: oracle replays, perft and rules (check_infexion), text forms and
# fuzzing (check_infexion_text), and engine protocol transcripts.
IXTEST_UTIL = tests/ixtest.c tests/ixtest.h
if HAVE_CHECK
check_PROGRAMS += tests/check_infexion tests/check_infexion_text
TESTS += tests/check_infexion tests/check_infexion_text
tests_check_infexion_SOURCES = tests/check_infexion.c $(IXTEST_UTIL) \
	$(TEST_UTIL)
tests_check_infexion_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_infexion_LDADD = $(TESTS_LINK_GAMES)
tests_check_infexion_text_SOURCES = tests/check_infexion_text.c \
	$(IXTEST_UTIL) $(TEST_UTIL)
tests_check_infexion_text_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_infexion_text_LDADD = $(TESTS_LINK_GAMES)
endif
EXTRA_DIST += \
	tests/data/infexion/public.txt \
	tests/data/infexion/corner_cases.txt \
	tests/data/infexion/perft.txt \
	tests/tools/infexion-convert.py
# Engine protocol transcripts, run by tests/proto.test with the others.
EXTRA_DIST += \
	tests/proto/infexion-basic.in tests/proto/infexion-basic.out \
	tests/proto/infexion-errors.in tests/proto/infexion-errors.out \
	tests/proto/infexion-wdl.in tests/proto/infexion-wdl.out
