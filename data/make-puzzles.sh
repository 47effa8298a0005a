#!/bin/sh
# Makes the puzzle sets of data/puzzles again (tabula(6), "The installed
# sets"): each game's deep puzzles (two moves of the solver or more) from
# runs of `tabula puzzles generate`, joined with every puzzle of the 0.1.0
# sets (the players' progress names their ids) and rated as one set by
# `tabula puzzles merge --rate`.  From the source tree:
#
#     data/make-puzzles.sh src/tabula OUTDIR
#
# writes OUTDIR/GAME.txt, to be copied over data/puzzles/GAME.txt, with the
# parts it joined beside them.  The runs go two at a time, each niced
# (the committed parts took minutes of processor time each: TZAAR's seed
# 101 made 100 puzzles in 75 s); a run's --count is the size its part had
# when it was stopped, so the same part comes out again.  The 0.1.0 sets
# are read from git (commit 58fc963).  The generator's games follow the
# engine's evaluation, so the same parts come out of the program as it was
# when they were made (commit 5c8c702); a later evaluation (0.2.0's
# Tetress and Infexion tempo) plays other games and finds other puzzles.
set -eu
T=${1:?usage: data/make-puzzles.sh TABULA OUTDIR}
out=${2:?usage: data/make-puzzles.sh TABULA OUTDIR}
mkdir -p "$out"

# gen GAME SEED COUNT OPTION...: one part, OUTDIR/GAME-SEED.txt.
gen() {
	game=$1 seed=$2 count=$3
	shift 3
	nice -n 10 "$T" puzzles generate "$game" --seed "$seed" --games 5000 \
		--count "$count" "$@" --output "$out/$game-$seed.txt"
}

TETRESS='--max-plies 3 --scan 12 --per-game 4 --budget 100000
	--min-moves 2 --variations 10 --winners --no-saves'
INFEXION='--max-plies 3 --scan 20 --per-game 8 --budget 100000
	--min-moves 2 --variations 40 --pairing 2 --winners --no-saves'
TZAAR='--max-plies 6 --scan 14 --per-game 4 --budget 300000
	--min-moves 2 --winners --no-saves'
# The parts: GAME SEED COUNT, two runs at a time.  TZAAR's seeds 101 and
# 102 draw nearly the same games (tabula(6), puzzles generate --seed): the
# later parts take seeds ten million apart.
PARTS='tetress 101 99
tetress 102 64
infexion 111 176
infexion 112 173
tzaar 101 139
tzaar 102 89
tzaar 10000000 49
tzaar 20000000 41
tzaar 30000000 49
tzaar 40000000 24
tzaar 50000000 31'

running=0
echo "$PARTS" | {
	while read -r game seed count; do
		case $game in
		tetress) opts=$TETRESS ;;
		infexion) opts=$INFEXION ;;
		*) opts=$TZAAR ;;
		esac
		# shellcheck disable=SC2086 # the options are words
		gen "$game" "$seed" "$count" $opts &
		running=$((running + 1))
		if [ "$running" -eq 2 ]; then
			wait
			running=0
		fi
	done
	wait
}

for game in tetress infexion tzaar; do
	git show "58fc963:data/puzzles/$game.txt" >"$out/$game-0.1.0.txt"
	parts=$(echo "$PARTS" | awk -v g="$game" -v d="$out" \
		'$1 == g { printf " %s/%s-%s.txt", d, g, $2 }')
	# shellcheck disable=SC2086 # the parts are words
	"$T" puzzles merge "$game" "$out/$game.txt" --rate \
		"$out/$game-0.1.0.txt" $parts
	"$T" puzzles check "$game" "$out/$game.txt"
	"$T" puzzles list "$game" "$out/$game.txt" --stats
done
