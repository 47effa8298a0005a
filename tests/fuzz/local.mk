# libFuzzer targets (tests/fuzz/README): built by `./configure CC=clang-14
# --enable-fuzz && make`, run over their seed corpora by `make fuzz-run`
# (FUZZ_SECONDS each, 20 by default).
FUZZ_TARGETS = \
	tests/fuzz/fuzz-game-tetress tests/fuzz/fuzz-game-infexion \
	tests/fuzz/fuzz-game-tzaar tests/fuzz/fuzz-game-tetris \
	tests/fuzz/fuzz-record tests/fuzz/fuzz-proto tests/fuzz/fuzz-options \
	tests/fuzz/fuzz-tetris-batch
FUZZ_LINK = -fsanitize=fuzzer
EXTRA_DIST += tests/fuzz/README tests/fuzz/fuzz.h tests/fuzz/fuzz-game.c \
	tests/fuzz/fuzz-record.c tests/fuzz/fuzz-proto.c \
	tests/fuzz/fuzz-options.c tests/fuzz/fuzz-tetris.c tests/fuzz/corpus

if FUZZ
noinst_PROGRAMS = $(FUZZ_TARGETS)
tests_fuzz_fuzz_game_tetress_SOURCES = tests/fuzz/fuzz-game.c
tests_fuzz_fuzz_game_tetress_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_GAME='"tetress"'
tests_fuzz_fuzz_game_tetress_LDFLAGS = $(FUZZ_LINK)
tests_fuzz_fuzz_game_tetress_LDADD = $(GAMES_LIBS)
tests_fuzz_fuzz_game_infexion_SOURCES = tests/fuzz/fuzz-game.c
tests_fuzz_fuzz_game_infexion_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_GAME='"infexion"'
tests_fuzz_fuzz_game_infexion_LDFLAGS = $(FUZZ_LINK)
tests_fuzz_fuzz_game_infexion_LDADD = $(GAMES_LIBS)
tests_fuzz_fuzz_game_tzaar_SOURCES = tests/fuzz/fuzz-game.c
tests_fuzz_fuzz_game_tzaar_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_GAME='"tzaar"'
tests_fuzz_fuzz_game_tzaar_LDFLAGS = $(FUZZ_LINK)
tests_fuzz_fuzz_game_tzaar_LDADD = $(GAMES_LIBS)
tests_fuzz_fuzz_game_tetris_SOURCES = tests/fuzz/fuzz-game.c
tests_fuzz_fuzz_game_tetris_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_GAME='"tetris"'
tests_fuzz_fuzz_game_tetris_LDFLAGS = $(FUZZ_LINK)
tests_fuzz_fuzz_game_tetris_LDADD = $(GAMES_LIBS)
tests_fuzz_fuzz_record_SOURCES = tests/fuzz/fuzz-record.c
tests_fuzz_fuzz_record_LDFLAGS = $(FUZZ_LINK)
tests_fuzz_fuzz_record_LDADD = $(GAMES_LIBS)
tests_fuzz_fuzz_proto_SOURCES = tests/fuzz/fuzz-proto.c
tests_fuzz_fuzz_proto_LDFLAGS = $(FUZZ_LINK)
tests_fuzz_fuzz_proto_LDADD = $(UCI_LIBS)
tests_fuzz_fuzz_options_SOURCES = tests/fuzz/fuzz-options.c
tests_fuzz_fuzz_options_LDFLAGS = $(FUZZ_LINK)
tests_fuzz_fuzz_options_LDADD = $(STUDY_LIBS)
tests_fuzz_fuzz_tetris_batch_SOURCES = tests/fuzz/fuzz-tetris.c
tests_fuzz_fuzz_tetris_batch_LDFLAGS = $(FUZZ_LINK)
tests_fuzz_fuzz_tetris_batch_LDADD = $(GAMES_LIBS)
endif

# Each target for FUZZ_SECONDS over a scratch copy of its seed corpus (new
# inputs it finds stay out of the source tree); a crash stops with the
# input that caused it, saved in the build directory.
FUZZ_SECONDS = 20
fuzz-run: $(FUZZ_TARGETS)
	@set -e; for t in $(FUZZ_TARGETS); do \
		name=$${t#tests/fuzz/fuzz-}; \
		work=fuzz-work/$$name; rm -rf "$$work"; mkdir -p "$$work"; \
		echo "fuzz: $$name for $(FUZZ_SECONDS) s"; \
		ASAN_OPTIONS=allocator_may_return_null=1 ./$$t -max_total_time=$(FUZZ_SECONDS) \
			-timeout=20 -rss_limit_mb=3072 -print_final_stats=1 \
			-artifact_prefix=fuzz-work/$$name- \
			"$$work" "$(srcdir)/tests/fuzz/corpus/$$name" 2>fuzz-work/$$name.log || \
			{ tail -n 40 fuzz-work/$$name.log; exit 1; }; \
		grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' fuzz-work/$$name.log | tail -n 2; \
	done
.PHONY: fuzz-run
