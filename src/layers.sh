#!/bin/sh
# The layers' two guards (src/layers.txt says which folder may include
# which):
#   layers.sh farm TABLE SRCDIR OUTDIR
#     makes OUTDIR/FOLDER/ for every folder, holding links to the folders
#     of src/ it may include (itself and, in turn, what those may include),
#     so that FOLDER's library compiled with -I OUTDIR/FOLDER cannot find
#     a header of a folder above it;
#   layers.sh check TABLE SRCDIR
#     reads every #include "folder/..." line of SRCDIR/src and fails on one
#     that the table does not allow, or on a table whose folders do not
#     stand each above the folders it names.
set -u

die() {
	echo "layers.sh: $*" >&2
	exit 1
}

# The table's lines without comments, as "folder dep dep ...".
table() {
	sed -e 's/#.*//' -e 's/:/ /' "$1" | awk 'NF > 0'
}

# The folders FOLDER may include directly.
allowed() {
	table "$1" | awk -v f="$2" '$1 == f { for (i = 2; i <= NF; i++) print $i }'
}

# FOLDER and every folder it may include, directly or in turn.
closure() {
	seen=
	todo=$2
	while [ -n "$todo" ]; do
		next=
		for f in $todo; do
			case " $seen " in *" $f "*) continue ;; esac
			seen="$seen $f"
			next="$next $(allowed "$1" "$f" | tr '\n' ' ')"
		done
		todo=$(echo $next)
	done
	echo $seen
}

farm() {
	[ $# -eq 3 ] || die "usage: layers.sh farm TABLE SRCDIR OUTDIR"
	rm -rf "$3" || die "cannot remove $3"
	for folder in $(table "$1" | awk '{ print $1 }'); do
		[ "$folder" = main ] && continue
		mkdir -p "$3/$folder" || die "cannot make $3/$folder"
		for dep in $(closure "$1" "$folder"); do
			[ -d "$2/src/$dep" ] || die "$1: no folder src/$dep"
			ln -s "$2/src/$dep" "$3/$folder/$dep" ||
				die "cannot link $3/$folder/$dep"
		done
	done
}

# Fails when a folder of the table names one that is not on a line above it
# (which also rules out two folders that include each other).
check_order() {
	table "$1" | awk -v table="$1" '
		{
			for (i = 2; i <= NF; i++)
				if (!($i in above)) {
					printf "%s: %s may include %s, which is not on a line above it\n", table, $1, $i > "/dev/stderr"
					bad = 1
				}
			above[$1] = 1
		}
		END { exit bad }'
}

# Fails on each #include of a folder that the including file's folder may
# not include, and on a folder of src/ the table does not name.
check_includes() {
	status=0
	for dir in "$2"/src/*/; do
		folder=$(basename "$dir")
		[ -n "$(table "$1" | awk -v f="$folder" '$1 == f')" ] ||
			{ echo "$1: no line for src/$folder" >&2; status=1; }
	done
	wrong=$(for file in "$2"/src/*.c "$2"/src/*/*.[ch]; do
		folder=$(basename "$(dirname "$file")")
		[ "$folder" = src ] && folder=main
		ok=" $folder $(allowed "$1" "$folder" | tr '\n' ' ')"
		grep -n '^#[[:space:]]*include[[:space:]]*"[a-z]*/' "$file" |
			sed 's/^\([0-9]*\):[^"]*"\([a-z]*\)\/.*/\1 \2/' |
			while read -r line dep; do
				case "$ok " in
				*" $dep "*) ;;
				*) echo "${file#"$2"/}:$line: $folder may not include $dep/ (src/layers.txt)" ;;
				esac
			done
	done)
	[ -z "$wrong" ] || { echo "$wrong" >&2; status=1; }
	return $status
}

case "${1:-}" in
farm)
	shift
	farm "$@"
	;;
check)
	shift
	[ $# -eq 2 ] || die "usage: layers.sh check TABLE SRCDIR"
	check_order "$1" && check_includes "$1" "$2"
	;;
*)
	die "usage: layers.sh farm|check ..."
	;;
esac
