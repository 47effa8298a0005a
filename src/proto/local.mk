src_libtabula_a_SOURCES += \
	src/proto/engine.c src/proto/engine.h \
	src/proto/engine-go.c src/proto/engine-go.h \
	src/proto/engine-input.c src/proto/engine-input.h \
	src/proto/engine-job.c src/proto/engine-job.h
