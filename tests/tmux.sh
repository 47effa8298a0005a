# Sourced by the end-to-end tests of the terminal UI: a private tmux
# server (tmux -L) and a work directory of the test's own, both gone at
# exit, HOME, XDG_STATE_HOME and XDG_DATA_HOME inside it, and the steps the tests are
# made of: start a session, poll its screen for text with a time limit
# (TABULA_TMUX_TIMEOUT seconds, 60 by default), count named checks.
# Before sourcing, a test may set tmux_cleanup to a command run at exit
# (after the tmux server is gone).  Reports SKIP (77) without tmux.
if ! command -v tmux >/dev/null 2>&1; then
	echo "SKIP: tmux is not installed"
	exit 77
fi
work=$(mktemp -d) || exit 99
sock="tabula-test-$$"
tm() { tmux -L "$sock" -f /dev/null "$@"; }
tmux_cleanup_all() {
	tm kill-server >/dev/null 2>&1
	eval "${tmux_cleanup:-:}"
	rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$sock"
	rm -rf "$work"
}
trap tmux_cleanup_all EXIT
trap 'exit 1' INT TERM HUP
HOME="$work/home" XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data"
export HOME XDG_STATE_HOME XDG_DATA_HOME
unset TMUX
# A test run from an SSH session of a ForceCommand would make the UI the
# shared account's restricted one (tabula(6), "The shared account").
unset SSH_USER_AUTH SSH_ORIGINAL_COMMAND
mkdir -p "$HOME"
pass=0
fail=0
limit=${TABULA_TMUX_TIMEOUT:-60}
# One idle session keeps the tmux server up between the checks: when a
# check's program exits with the last session, the next new-session could
# reach the server while it is exiting.
tm new-session -d -s keep "sleep 3600"

# start SESSION COMMAND: a new 80x24 session running COMMAND.
start() {
	tm new-session -d -s "$1" -x 80 -y 24 "$2"
}

# wait_for SESSION PATTERN: polls the screen until PATTERN (grep) shows.
wait_for() {
	i=0
	while [ "$i" -lt $((limit * 10)) ]; do
		if tm capture-pane -p -t "$1" 2>/dev/null | grep -q -- "$2"; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	echo "timeout: '$2' did not show in $1; the screen was:"
	tm capture-pane -p -t "$1"
	return 1
}

# check NAME STEPS...: runs the steps (each a command) and counts the
# result; with tmux_stop_on_fail=1 the first failure ends the test.
check() {
	name=$1
	shift
	for step in "$@"; do
		if ! eval "$step"; then
			echo "FAIL: $name: $step"
			fail=$((fail + 1))
			if [ "${tmux_stop_on_fail:-0}" = 1 ]; then
				tmux_result
				exit 1
			fi
			return
		fi
	done
	echo "ok: $name"
	pass=$((pass + 1))
}

# tmux_result: the test's exit status from the checks counted.
tmux_result() {
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
