# The room protocol's client end: a connection and what the server said
# (`tabula connect`, the terminal UI's lobby).
src_libtabula_a_SOURCES += \
	src/client/client.c src/client/client.h \
	src/client/view.c src/client/view.h
