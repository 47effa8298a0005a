"""A small referee for tabula's tests, written to the COMP30024 agent
interface as tabula(6) describes it ("Playing the course's referee"): each
agent in its own Python subprocess, pickled calls over that process's
stdin and stdout, Agent(color, **referee), action(**referee), then
update (Tetress) or turn (Infexion) to both agents after every action but
the last.  The rules are `tabula engine`'s ($TABULA), which judges the
legality of each action and the end of the game; the game is
$COURSE_GAME (tetress, the default, or infexion)."""
