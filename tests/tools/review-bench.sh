#!/bin/sh
# The review benchmark of tabula(6), "Win chance" (not a test): plays SELF
# games between two copies of the game's default level (seeds SEED,
# SEED + 1, ..., one game each) and
# WEAK of the default level against level 2 (seed SEED + 1000), with
# random openings or set-ups, into DIR (kept: a second run reuses them),
# then measures the reviews of all of them with `tabula
# review-bench`, for $TABULA and, when OLD is given, for the review command
# OLD (e.g. "/path/to/old/tabula review --movetime 500"), both against the
# same reference (ten times the default nodes).
#
#   [LEVEL=N] tests/tools/review-bench.sh GAME SELF WEAK SEED DIR [OLD]
set -eu
T=${TABULA:-src/tabula}
game=$1 self=$2 weak=$3 seed=$4 dir=$5 old=${6:-}
case $game in
tzaar) level=9 setup=--random-setups ;;
*) level=7 setup="--openings 4" ;;
esac
level=${LEVEL:-$level} # another level than the default
mkdir -p "$dir"
if [ ! -d "$dir/self" ]; then
	# One game per seed (SEED, SEED + 1, ...): two copies of one engine
	# would play a match's pair of games from one opening alike.
	i=0
	while [ "$i" -lt "$self" ]; do
		# shellcheck disable=SC2086
		"$T" match "$game" level=$level level=$level --games 1 \
			--seed $((seed + i)) $setup --record "$dir/self/$((seed + i))"
		i=$((i + 1))
	done
fi
if [ ! -d "$dir/weak" ]; then
	# shellcheck disable=SC2086
	"$T" match "$game" level=$level level=2 --games "$weak" \
		--seed $((seed + 1000)) $setup --record "$dir/weak"
fi
# measure LABEL [--reviewer COMMAND]: the self-play figures, those of the
# games against level 2, and precision and recall over both.
measure() {
	label=$1
	shift
	mkdir -p "$dir/reference"
	set -- --keep "$dir/reference" "$@"
	echo "== $game, $label: self-play"
	"$T" review-bench "$@" "$dir"/self/*/*.rec | tee "$dir/$label.self" |
		tail -n 6
	echo "== $game, $label: against level 2"
	"$T" review-bench "$@" "$dir"/weak/*.rec | tee "$dir/$label.weak" |
		tail -n 6
	# "... precision P% (A/B) recall R% (A/C)": sum A, B and C.
	cat "$dir/$label.self" "$dir/$label.weak" |
		sed -n 's/.*precision [0-9]*% (\([0-9]*\)\/\([0-9]*\)) recall [0-9]*% ([0-9]*\/\([0-9]*\)).*/\1 \2 \3/p' |
		awk '{ a += $1; b += $2; c += $3 }
		END { printf "== %s, all games: precision %.0f%% (%d/%d) recall %.0f%% (%d/%d)\n",
			"'"$label"'", b ? 100 * a / b : 100, a, b, c ? 100 * a / c : 100, a, c }'
}
measure new
if [ -n "$old" ]; then
	measure old --reviewer "$old"
fi
