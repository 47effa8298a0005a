# The room server (`tabula serve`), its line protocol and its client end
# (`tabula connect`, the TUI's lobby).
src_libtabula_a_SOURCES += \
	src/net/netline.c src/net/netline.h \
	src/client/client.c src/client/client.h \
	src/client/view.c src/client/view.h \
	src/server/accounts.c src/server/accounts.h \
	src/server/engine-job.c src/server/engine-job.h \
	src/server/workers.c src/server/workers.h \
	src/server/identity.c src/server/identity.h \
	src/server/room.c src/server/room.h \
	src/server/server.c src/server/server.h \
	src/server/store.c src/server/store.h \
	src/cli/serve-cmd.c
