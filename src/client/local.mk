# The room protocol's client end: a connection and what the server said
# (`tabula connect`, the terminal UI's lobby).
noinst_LIBRARIES += src/libclient.a
src_libclient_a_CPPFLAGS = -I$(top_builddir)/layers/client $(TABULA_DEFS)
src_libclient_a_SOURCES = \
	src/client/client.c src/client/client.h \
	src/client/view.c src/client/view.h
