#!/bin/sh
# Writes the screens' key tables into the man page's key lists (each
# between its ".\" KEYS begin NAME" and ".\" KEYS end NAME" lines), as
# tabula --help-keys=mdoc prints them; ui-screens.test fails until they
# agree.  For maintainers, after a key table changed:
#
#     sh tests/tools/man-keys.sh src/tabula man/tabula.6
set -eu
tabula=$1
page=$2
keys=$(mktemp) || exit 1
new=$(mktemp) || exit 1
trap 'rm -f "$keys" "$new"' EXIT
"$tabula" --help-keys=mdoc >"$keys"
awk -v keys="$keys" '
/^\.\\" KEYS begin / {
	name = $NF
	found = 0
	while ((getline line < keys) > 0) {
		if (line == $0)
			found = 1
		if (found)
			print line
		if (found && line ~ /^\.\\" KEYS end /)
			break
	}
	close(keys)
	if (!found) {
		print "man-keys.sh: no table " name > "/dev/stderr"
		exit 1
	}
	skip = 1
	next
}
skip && /^\.\\" KEYS end / { skip = 0; next }
!skip { print }' "$page" >"$new"
cat "$new" >"$page"
