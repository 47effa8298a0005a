# The course's referee: tabula_agent under a test referee, and agent
# packages in `tabula match` (tests/agent.test; needs python3, else SKIP).
TESTS += tests/agent.test
EXTRA_DIST += tests/agent.test tests/data/agent-units.py \
	tests/data/course/referee/__init__.py \
	tests/data/course/referee/__main__.py \
	tests/data/course/referee/agentproc.py \
	tests/data/course/referee/game.py \
	tests/data/agents/random_agent/__init__.py \
	tests/data/agents/random_agent/program.py \
	tests/data/agents/crash_agent/__init__.py \
	tests/data/agents/crash_agent/program.py
