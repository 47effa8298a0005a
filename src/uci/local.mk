# The engine protocol of `tabula engine`, a UCI/UGI dialect: the command
# table, go and its reports, the input of positions, perft and bench on a
# thread.
noinst_LIBRARIES += src/libuci.a
src_libuci_a_CPPFLAGS = -I$(top_builddir)/layers/uci $(TABULA_DEFS)
src_libuci_a_SOURCES = \
	src/uci/engine.c src/uci/engine.h \
	src/uci/engine-go.c src/uci/engine-go.h \
	src/uci/engine-input.c src/uci/engine-input.h \
	src/uci/engine-job.c src/uci/engine-job.h
