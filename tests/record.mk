if HAVE_CHECK
check_PROGRAMS += tests/check_record
TESTS += tests/check_record
tests_check_record_SOURCES = tests/check_record.c $(TEST_UTIL)
tests_check_record_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_record_LDADD = $(TESTS_LINK_GAMES)
endif
# Record annotations: variations, marks and review notes round-trip exactly.
if HAVE_CHECK
check_PROGRAMS += tests/check_variations
TESTS += tests/check_variations
tests_check_variations_SOURCES = tests/check_variations.c $(TEST_UTIL)
tests_check_variations_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_variations_LDADD = $(TESTS_LINK_GAMES)
endif
