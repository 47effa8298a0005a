# The room server (`tabula serve`): the event loop (server.c), the
# connections (conn.c), the protocol's command table (cmd.c), the rooms
# (rooms.c; room.c one room's rules and files), the saves (saves.c), the
# engine seats (engines.c), ratings and pairing (rated.c, paired.c beside
# ratings.c, pairing.c), identities, accounts, room messages, state files.
noinst_LIBRARIES += src/libserver.a
src_libserver_a_CPPFLAGS = -I$(top_builddir)/layers/server $(TABULA_DEFS)
src_libserver_a_SOURCES = \
	src/server/accounts.c src/server/accounts.h \
	src/server/chat.c src/server/chat.h \
	src/server/cmd.c src/server/cmd.h \
	src/server/conn.c src/server/conn.h \
	src/server/engine-job.c src/server/engine-job.h \
	src/server/engines.c src/server/engines.h \
	src/server/glicko.c src/server/glicko.h \
	src/server/identity.c src/server/identity.h \
	src/server/paired.c src/server/paired.h \
	src/server/pairing.c src/server/pairing.h \
	src/server/rated.c src/server/rated.h \
	src/server/ratings.c src/server/ratings.h \
	src/server/room.c src/server/room.h \
	src/server/rooms.c src/server/rooms.h \
	src/server/saves.c src/server/saves.h \
	src/server/server.c src/server/server.h src/server/state.h \
	src/server/sha256.c src/server/sha256.h \
	src/server/store.c src/server/store.h
