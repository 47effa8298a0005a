# The room server (`tabula serve`): the event loop, rooms, identities,
# accounts, ratings, pairing, room messages, the worker pools for engine
# seats and saves, state files.
noinst_LIBRARIES += src/libserver.a
src_libserver_a_CPPFLAGS = -I$(top_builddir)/layers/server $(TABULA_DEFS)
src_libserver_a_SOURCES = \
	src/server/accounts.c src/server/accounts.h \
	src/server/chat.c src/server/chat.h \
	src/server/engine-job.c src/server/engine-job.h \
	src/server/glicko.c src/server/glicko.h \
	src/server/identity.c src/server/identity.h \
	src/server/pairing.c src/server/pairing.h \
	src/server/ratings.c src/server/ratings.h \
	src/server/room.c src/server/room.h \
	src/server/server.c src/server/server.h \
	src/server/sha256.c src/server/sha256.h \
	src/server/store.c src/server/store.h
