# Test harness shared by every suite.  Check programs link the library and
# tests/testutil.c; shell tests (transcripts, tmux) find the binary in
# $TABULA and the data in $TABULA_TEST_DATA.  In a ThreadSanitizer build
# (configure --enable-tsan) the Check suites leave out the test cases
# tagged single-thread and $TABULA_TSAN is yes, so that a shell test that
# starts no thread can say SKIP; sanitized builds triple Check's timeouts.
AM_TESTS_ENVIRONMENT = \
	TABULA_TEST_DATA='$(abs_top_srcdir)/tests/data'; \
	TABULA='$(abs_top_builddir)/src/tabula'; \
	TABULA_DATA_DIR='$(abs_top_srcdir)/data'; \
	TABULA_MAN='$(abs_top_srcdir)/man/tabula.6'; \
	TABULA_SRCDIR='$(abs_top_srcdir)'; TABULA_BUILDDIR='$(abs_top_builddir)'; \
	TABULA_CC='$(CC) $(CPPFLAGS) $(CFLAGS)'; \
	CK_DEFAULT_TIMEOUT=120; \
	CK_TIMEOUT_MULTIPLIER='$(TESTS_TIMEOUT_MULTIPLIER)'; \
	CK_EXCLUDE_TAGS='$(TESTS_EXCLUDE_TAGS)'; \
	TABULA_TSAN=$${CK_EXCLUDE_TAGS:+yes}; \
	export TABULA_TEST_DATA TABULA TABULA_DATA_DIR TABULA_MAN CK_DEFAULT_TIMEOUT \
	TABULA_SRCDIR TABULA_BUILDDIR TABULA_CC CK_TIMEOUT_MULTIPLIER \
	CK_EXCLUDE_TAGS TABULA_TSAN;

TESTS_COMPILE_FLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
# A suite links the layer it tests and those below it (Makefile.am): the
# games' suites link no search.  TESTS_LINK_LIBS is everything but the UI.
TESTS_LINK_GAMES = $(GAMES_LIBS) $(CHECK_LIBS)
TESTS_LINK_SEARCH = $(SEARCH_LIBS) $(CHECK_LIBS)
TESTS_LINK_STUDY = $(STUDY_LIBS) $(CHECK_LIBS)
TESTS_LINK_SERVER = $(SERVER_LIBS) $(CHECK_LIBS)
TESTS_LINK_UI = $(UI_LIBS) $(CHECK_LIBS)
TESTS_LINK_LIBS = src/libcli.a $(UCI_LIBS) $(SERVER_LIBS) $(CHECK_LIBS)
TEST_UTIL = tests/testutil.c tests/testutil.h

# Engine protocol transcripts: every tests/proto/*.in with its .out.
TESTS += tests/proto.test tests/cli.test tests/man.test tests/match.test \
	tests/match-shard.test tests/match-positions.test
EXTRA_DIST += tests/proto.test tests/cli.test tests/man.test tests/match.test \
	tests/match-shard.test tests/match-positions.test \
	tests/data/match/positions-infexion.txt

# The layers: the include table holds, and the build's include paths
# refuse a wrong-way include.
TESTS += tests/layers.test
EXTRA_DIST += tests/layers.test
EXTRA_DIST += $(PROTO_TRANSCRIPTS)
PROTO_TRANSCRIPTS = \
	tests/proto/tetress-basic.in tests/proto/tetress-basic.out \
	tests/proto/tetress-errors.in tests/proto/tetress-errors.out \
	tests/proto/go-errors.in tests/proto/go-errors.out

if HAVE_CHECK
check_PROGRAMS += tests/check_core
TESTS += tests/check_core
tests_check_core_SOURCES = tests/check_core.c $(TEST_UTIL)
tests_check_core_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_core_LDADD = $(TESTS_LINK_GAMES)
endif

# `make coverage`: line coverage of src/ by `make check` (gcov + gcovr).
# In a tree configured with --enable-coverage it runs there; elsewhere it
# builds one in coverage-build/ from the distribution files.
EXTRA_DIST += tests/tools/coverage.sh tests/tools/issue40-repros.sh \
	tests/tools/man-keys.sh
coverage:
if COVERAGE
	find . -name '*.gcda' -delete
	@status=0; $(MAKE) $(AM_MAKEFLAGS) check || status=$$?; \
	sh $(srcdir)/tests/tools/coverage.sh $(abs_top_srcdir) \
		$(abs_top_builddir) || status=1; \
	if [ $$status -ne 0 ]; then \
		echo "coverage: make check failed (the numbers above count)"; \
	fi; exit $$status
else
	rm -rf coverage-build && mkdir coverage-build
	$(MAKE) $(AM_MAKEFLAGS) distdir distdir=coverage-build/tabula
	cd coverage-build/tabula && ./configure --enable-coverage >/dev/null && \
		$(MAKE) $(AM_MAKEFLAGS) && $(MAKE) $(AM_MAKEFLAGS) coverage
endif
.PHONY: coverage
