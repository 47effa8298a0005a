/*
 * Where the installed data lives (tabula(6), FILES): the puzzle files and
 * the example games.  In order: the directory named by $TABULA_DATA_DIR;
 * the source tree's data/ when the program runs from its build tree,
 * uninstalled; $(pkgdatadir) where `make install` put it.
 */
#ifndef TABULA_CORE_DATADIR_H
#define TABULA_CORE_DATADIR_H

#include <stdbool.h>
#include <stddef.h>

/* The data directory: the first of the places above that exists; false
 * with the places tried in err when none does. */
bool datadir_find(char *buf, size_t size, char *err, size_t err_size);

/* The path of rel (e.g. "puzzles/tzaar.txt") under the data directory;
 * false with the reason in err. */
bool datadir_path(const char *rel, char *buf, size_t size, char *err,
                  size_t err_size);

#endif
