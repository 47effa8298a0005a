#!/bin/sh
# The review benchmark of tabula(6), REVIEW, "Measured" (not a test: it
# takes hours of CPU).  Plays, into DIR (kept: a second run reuses every
# game and every reference review it finds there), for GAME:
#   self/SEED   self-play of the default level, seeds 5401-5420, one game
#               each (two copies of one engine play a match's pair alike)
#   weak        the default level against level 2, 10 games, seed 6401
#   random      random against the default level, 10 games, seed 7401
#   fit/SEED    self-play, seeds 5501-5520, to fit the win-chance map on
# with random openings (Tetress, Infexion) or set-ups (TZAAR), then
# measures with `tabula review-bench` at the game's default settings:
#   DIR/NAME.pr      self 5401-54NN (PR_SELF, default 10) and weak against
#                    a review at ten times the nodes, on every marked move
#                    and SAMPLE percent (default 25) of the rest:
#                    agreement, with intervals
#   DIR/NAME.self    the 20 self-play games: marks, calibration on every
#                    third position, the start's chance, finishing
#   DIR/NAME.random  the random games: each player's accuracy and marks
# FIT=0 plays no fit games.  NAME is "new", or "old" for the review
# command OLD (e.g.
# "/path/to/tabula-0.2.1 review"), measured against the same references.
#
#   tests/tools/review-bench.sh GAME DIR [OLD]
set -eu
T=${TABULA:-src/tabula}
game=$1 dir=$2 old=${3:-}
case $game in
tzaar) level=9 setup=--random-setups ;;
*) level=7 setup="--openings 4" ;;
esac
mkdir -p "$dir"

# selfplay FIRST COUNT SUBDIR: one game per seed.
selfplay() {
	i=0
	while [ "$i" -lt "$2" ]; do
		s=$(($1 + i))
		[ -f "$dir/$3/$s/0001.rec" ] ||
			# shellcheck disable=SC2086
			"$T" match "$game" level=$level level=$level --games 1 \
				--seed "$s" $setup --record "$dir/$3/$s" >/dev/null
		i=$((i + 1))
	done
}
selfplay 5401 20 self
[ "${FIT:-1}" = 0 ] || selfplay 5501 20 fit
# shellcheck disable=SC2086
[ -d "$dir/weak" ] || "$T" match "$game" level=$level level=2 --games 10 \
	--seed 6401 $setup --record "$dir/weak" >/dev/null
random_setup=""
[ "$game" = tzaar ] && random_setup=--random-setups
# shellcheck disable=SC2086
[ -d "$dir/random" ] || "$T" match "$game" random level=$level --games 10 \
	--seed 7401 $random_setup --record "$dir/random" >/dev/null

# measure NAME [--reviewer COMMAND]
measure() {
	name=$1
	shift
	mkdir -p "$dir/reference"
	"$T" review-bench "$@" --factor 0 --calib-every 3 \
		"$dir"/self/*/0001.rec >"$dir/$name.self"
	"$T" review-bench "$@" --factor 0 "$dir"/random/*.rec \
		>"$dir/$name.random"
	pr=""
	i=0
	while [ "$i" -lt "${PR_SELF:-10}" ]; do
		pr="$pr $dir/self/$((5401 + i))/0001.rec"
		i=$((i + 1))
	done
	# shellcheck disable=SC2086
	"$T" review-bench "$@" --factor 10 --sample "${SAMPLE:-25}" \
		--keep "$dir/reference" $pr "$dir"/weak/*.rec >"$dir/$name.pr"
	for f in pr self random; do
		echo "== $game, $name.$f"
		sed -n '/^games /,$p' "$dir/$name.$f"
	done
}
measure new
if [ -n "$old" ]; then
	measure old --reviewer "$old"
fi
