#!/bin/sh
# Line coverage of src/ from the .gcda files of a --enable-coverage build
# after `make check`: one line per directory and the total, then whether
# the goals hold (90% overall, 80% for every directory).  Usage:
#   coverage.sh SRCDIR BUILDDIR
set -eu
src=$1 build=$2
if ! command -v gcovr >/dev/null 2>&1; then
	echo "coverage: gcovr is missing (Debian: apt-get install gcovr)" >&2
	exit 1
fi
csv=$(mktemp)
trap 'rm -f "$csv"' EXIT
gcovr --root "$src" --object-directory "$build" --filter "$src/src/" \
	--csv --output "$csv" "$build" >/dev/null
# filename,line_total,line_covered,... with paths relative to the root.
awk -F, 'NR > 1 {
	f = $1; sub(/^src\//, "", f)
	d = f; sub(/\/[^\/]*$/, "", d); if (d == f) d = "."
	total[d] += $2; covered[d] += $3; T += $2; C += $3
}
END {
	low = 0
	printf "%-10s %7s %7s %7s\n", "src/", "lines", "covered", "percent"
	n = 0
	for (d in total) names[++n] = d
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
		if (names[j] < names[i]) { t = names[i]; names[i] = names[j]; names[j] = t }
	for (i = 1; i <= n; i++) {
		d = names[i]; p = 100 * covered[d] / total[d]
		printf "%-10s %7d %7d %6.1f%%\n", d "/", total[d], covered[d], p
		if (p < 80) low++
	}
	p = T ? 100 * C / T : 0
	printf "%-10s %7d %7d %6.1f%%\n", "total", T, C, p
	printf "goal (>= 90%% overall, >= 80%% per directory): %s\n", \
		(p >= 90 && low == 0) ? "met" : "not met"
}' "$csv"
