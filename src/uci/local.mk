# The engine protocol of `tabula engine`, a UCI/UGI dialect: the command
# table, go and its reports, the input of positions, perft and bench on a
# thread.
src_libtabula_a_SOURCES += \
	src/uci/engine.c src/uci/engine.h \
	src/uci/engine-go.c src/uci/engine-go.h \
	src/uci/engine-input.c src/uci/engine-input.h \
	src/uci/engine-job.c src/uci/engine-job.h
