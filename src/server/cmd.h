/*
 * The room server's protocol commands (tabula(6), PLAY ON THIS HOST,
 * "Protocol"): one table, cmd.c's, of each command's name, usage, the
 * number of words it takes, whether it needs a name or a seat, and its
 * handler, as tmux's cmd_entry does; the handlers of the lobby and the
 * rooms are in cmd.c, those of ratings and pairing beside them (rated.c,
 * paired.c).
 */
#ifndef TABULA_SERVER_CMD_H
#define TABULA_SERVER_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct conn;
struct server;

/* What a handler is given. */
struct cmd_args {
	char **words; /* words[0] is the command */
	int n;
	const char *rest;  /* the line after the command's word */
	const char *usage; /* the entry's, for "error usage: ..." */
};

/* Carries out one line from c. */
void cmd_line(struct server *sv, struct conn *c, char *line);

#endif
