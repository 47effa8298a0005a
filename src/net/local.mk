# The room protocol's lines on a stream socket, for both of its ends.
noinst_LIBRARIES += src/libnet.a
src_libnet_a_CPPFLAGS = -I$(top_builddir)/layers/net $(TABULA_DEFS)
src_libnet_a_SOURCES = \
	src/net/netline.c src/net/netline.h
