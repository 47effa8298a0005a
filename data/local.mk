# The data (tabula(6), PUZZLES and FILES): puzzles, example games and
# endgame positions for `tabula bench --solver`,
# installed under $(pkgdatadir) and found there by the program
# (core/datadir.h), or in the source tree's data/ when it runs uninstalled.
puzzlesdir = $(pkgdatadir)/puzzles
dist_puzzles_DATA = \
	data/puzzles/infexion.txt \
	data/puzzles/tetress.txt \
	data/puzzles/tzaar.txt
endgamesdir = $(pkgdatadir)/endgames
dist_endgames_DATA = data/endgames/tzaar.txt
examplesdir = $(pkgdatadir)/games
dist_examples_DATA = \
	data/games/infexion-1.rec data/games/infexion-2.rec \
	data/games/infexion-3.rec \
	data/games/tetress-1.rec data/games/tetress-2.rec \
	data/games/tetress-3.rec \
	data/games/tzaar-1.rec data/games/tzaar-2.rec data/games/tzaar-3.rec
dist_pkgdata_DATA += data/README
# How the puzzle sets were made (tabula(6), "The installed sets").
EXTRA_DIST += data/make-puzzles.sh

# The installed program finds the installed puzzles and endgames (no
# TABULA_DATA_DIR).
installcheck-local:
	env -u TABULA_DATA_DIR $(DESTDIR)$(bindir)/tabula$(EXEEXT) \
		puzzles list tzaar | grep '^tzaar: [0-9]* puzzles in $(puzzlesdir)/tzaar.txt'
	env -u TABULA_DATA_DIR $(DESTDIR)$(bindir)/tabula$(EXEEXT) \
		bench --solver tzaar --nodes 1000 | \
		grep '^solver tzaar positions 120 proven'
