# The puzzle trainer's screen and its own terminal loop (`tabula puzzle`).
src_tabula_SOURCES += src/ui/trainer.c src/ui/trainer.h \
	src/ui/trainer-main.c
