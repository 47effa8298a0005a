src_libtabula_a_SOURCES += \
	src/proto/engine.c src/proto/engine.h
