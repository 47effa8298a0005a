/*
 * The exit statuses every command and the terminal UI return (tabula(6),
 * EXIT STATUS).  They live in the core so that any layer may return them
 * without reaching up into the command-line layer.
 */
#ifndef TABULA_CORE_EXIT_H
#define TABULA_CORE_EXIT_H

enum tabula_exit {
	EXIT_OK = 0,
	EXIT_FAILURE_RUN =
	        1,     /* the command ran and failed: bad file, bad input */
	EXIT_USAGE = 2 /* the command line was wrong */
};

#endif
