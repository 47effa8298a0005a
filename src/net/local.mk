# The room protocol's lines on a stream socket, for both of its ends.
src_libtabula_a_SOURCES += \
	src/net/netline.c src/net/netline.h
