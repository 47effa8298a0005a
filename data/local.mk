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

# The room server's systemd unit (tabula(6), "Deployment"), its ExecStart
# the installed program, installed where systemd looks for the units of
# /usr/local (make systemdunitdir=DIR puts it elsewhere).
systemdunitdir = $(prefix)/lib/systemd/system
systemdunit_DATA = data/tabula.service
EXTRA_DIST += data/tabula.service.in
CLEANFILES = data/tabula.service
data/tabula.service: $(srcdir)/data/tabula.service.in Makefile
	$(AM_V_GEN)$(MKDIR_P) data && \
		sed -e 's|@bindir[@]|$(bindir)|g' \
		$(srcdir)/data/tabula.service.in >$@.tmp && mv $@.tmp $@

# The installed program finds the installed puzzles and endgames (no
# TABULA_DATA_DIR).
installcheck-local:
	env -u TABULA_DATA_DIR $(DESTDIR)$(bindir)/tabula$(EXEEXT) \
		puzzles list tzaar | grep '^tzaar: [0-9]* puzzles in $(puzzlesdir)/tzaar.txt'
	env -u TABULA_DATA_DIR $(DESTDIR)$(bindir)/tabula$(EXEEXT) \
		bench --solver tzaar --nodes 1000 | \
		grep '^solver tzaar positions 120 proven'
	if command -v python3 >/dev/null 2>&1; then \
		PYTHONDONTWRITEBYTECODE=1 PYTHONPATH='$(DESTDIR)$(tabulapythondir)' \
			python3 -c \
			'import tabula_agent.standin' && \
		env -u TABULA_DATA_DIR PYTHONDONTWRITEBYTECODE=1 \
			$(DESTDIR)$(bindir)/tabula$(EXEEXT) match tetress random agent:/nonexistent 2>&1 | \
			grep -q 'not a Python package'; \
	fi

# The course's referee (tabula(6), "Playing the course's referee"): the
# tabula_agent package, which a student puts on PYTHONPATH, and the host
# that runs a student's agent for `tabula match ... agent:DIR`.
tabulapythondir = $(pkgdatadir)/python
dist_tabulapython_DATA = data/python/tabula_agent_host.py
tabulaagentdir = $(pkgdatadir)/python/tabula_agent
dist_tabulaagent_DATA = \
	data/python/tabula_agent/__init__.py \
	data/python/tabula_agent/actions.py \
	data/python/tabula_agent/agent.py \
	data/python/tabula_agent/clock.py \
	data/python/tabula_agent/engine.py \
	data/python/tabula_agent/settings.py \
	data/python/tabula_agent/standin.py

# Python leaves compiled copies beside the package once it has run there.
uninstall-local:
	rm -rf '$(DESTDIR)$(tabulapythondir)/__pycache__' \
		'$(DESTDIR)$(tabulaagentdir)/__pycache__'
