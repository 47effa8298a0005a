#!/bin/sh
# Makes the rules screen's text (ui/rules.h) from the man page, so the
# rules the terminal UI shows are the man page's own words (tabula(6),
# RULES): the page rendered by mandoc as plain ASCII, 77 columns of text,
# its RULES section cut into one list of lines per game (the section's
# subsections), written out as C.  The tarball carries the result, so a
# build from it needs no mandoc.
#
#     rules-gen.sh MANDOC PAGE > rules-text.c
set -eu
mandoc=$1
page=$2
if ! command -v "$mandoc" >/dev/null 2>&1; then
	echo "rules-gen.sh: no mandoc ('$mandoc') to render $page;" \
		"bootstrap installs it" >&2
	exit 1
fi
bs=$(printf '\b')
text=$("$mandoc" -T ascii -O width=82 "$page") || {
	echo "rules-gen.sh: $mandoc cannot render $page" >&2
	exit 1
}
# Overstrikes (bold, underline) out; the RULES section only.
printf '%s\n' "$text" | sed "s/.$bs//g" | awk '
function cstr(s) {
	gsub(/\\/, "\\\\", s)
	gsub(/"/, "\\\"", s)
	return "\"" s "\""
}
function close_game() {
	if (game == "")
		return
	# No empty lines at the end of a game.
	while (count > 0 && lines[count] == "")
		count--
	printf "static const char *const UI_RULES_%s[] = {\n", toupper(game)
	for (i = 1; i <= count; i++)
		printf "        %s,\n", cstr(lines[i])
	printf "};\n\n"
	names[++games] = game
	titles[games] = title
	sizes[games] = count
	count = 0
}
BEGIN {
	print "/* Made from man/tabula.6 by src/ui/rules-gen.sh: do not edit. */"
	print "/* clang-format off */"
	print "#include \"config.h\""
	print ""
	print "#include \"ui/rules.h\""
	print ""
}
/^RULES$/ { inside = 1; next }
inside && /^[A-Z]/ { inside = 0 }
!inside { next }
/^   [A-Z][A-Za-z]*$/ {
	close_game()
	title = substr($0, 4)
	game = tolower(title)
	next
}
game != "" {
	line = $0
	sub(/^     /, "", line)
	sub(/ +$/, "", line)
	if (line == "" && (count == 0 || lines[count] == ""))
		next
	lines[++count] = line
}
END {
	close_game()
	print "const struct ui_rules_text ui_rules_texts[] = {"
	for (g = 1; g <= games; g++)
		printf "        {\"%s\", \"%s\", UI_RULES_%s, %d},\n", names[g],
		    titles[g], toupper(names[g]), sizes[g]
	print "        {NULL, NULL, NULL, 0},"
	print "};"
}'
