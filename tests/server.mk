# The room server: Check suites that run the real `tabula serve` and
# `tabula connect` over a private Unix socket, and the 200-client load test.
if HAVE_CHECK
check_PROGRAMS += tests/check_server
TESTS += tests/check_server
tests_check_server_SOURCES = tests/check_server.c tests/roomtest.c \
	tests/roomtest.h $(TEST_UTIL)
tests_check_server_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_server_LDADD = $(TESTS_LINK_SERVER)
endif

# Local users (a peer runs as nobody): SKIP (77) unless run as root.
if HAVE_CHECK
check_PROGRAMS += tests/check_server_users
TESTS += tests/check_server_users
tests_check_server_users_SOURCES = tests/check_server_users.c \
	tests/roomtest.c tests/roomtest.h $(TEST_UTIL)
tests_check_server_users_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_server_users_LDADD = $(TESTS_LINK_SERVER)
endif

if HAVE_CHECK
check_PROGRAMS += tests/check_server_load
TESTS += tests/check_server_load
tests_check_server_load_SOURCES = tests/check_server_load.c tests/roomtest.c \
	tests/roomtest.h $(TEST_UTIL)
tests_check_server_load_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_server_load_LDADD = $(TESTS_LINK_SERVER)
endif

# Two SSH sessions through a real sshd started by the test.
TESTS += tests/ssh-e2e.test tests/serve-cli.test
EXTRA_DIST += tests/ssh-e2e.test tests/serve-cli.test

# A host people can trust (issue 40): failed saves, names, watching, files.
if HAVE_CHECK
check_PROGRAMS += tests/check_server_trust
TESTS += tests/check_server_trust
tests_check_server_trust_SOURCES = tests/check_server_trust.c \
	tests/roomtest.c tests/roomtest.h $(TEST_UTIL)
tests_check_server_trust_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_server_trust_LDADD = $(TESTS_LINK_SERVER)
endif

# Crash consistency: SIGKILL at random points, saves failing under a file
# size limit (TABULA_CRASH_POINTS=100 for the full run).
if HAVE_CHECK
check_PROGRAMS += tests/check_server_crash
TESTS += tests/check_server_crash
tests_check_server_crash_SOURCES = tests/check_server_crash.c \
	tests/roomtest.c tests/roomtest.h $(TEST_UTIL)
tests_check_server_crash_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_server_crash_LDADD = $(TESTS_LINK_SERVER)
endif

# Rooms worth coming back to (issue 45): ratings, pairing, messages.
if HAVE_CHECK
check_PROGRAMS += tests/check_server_rooms
TESTS += tests/check_server_rooms
tests_check_server_rooms_SOURCES = tests/check_server_rooms.c \
	tests/roomtest.c tests/roomtest.h $(TEST_UTIL)
tests_check_server_rooms_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_server_rooms_LDADD = $(TESTS_LINK_SERVER)
endif

# The last holes (issue 54): one key's connections, nameless ones, the
# state directory's lock, messages' length and direction controls.
if HAVE_CHECK
check_PROGRAMS += tests/check_server_holes
TESTS += tests/check_server_holes
tests_check_server_holes_SOURCES = tests/check_server_holes.c \
	tests/roomtest.c tests/roomtest.h $(TEST_UTIL)
tests_check_server_holes_CFLAGS = $(TESTS_COMPILE_FLAGS)
tests_check_server_holes_LDADD = $(TESTS_LINK_SERVER)
endif

# The systemd unit that make installs (issue 54): verified, and the one
# the man page shows.
TESTS += tests/systemd-unit.test
EXTRA_DIST += tests/systemd-unit.test
