#!/bin/sh
# The exact repros of issue 40 ("a host people can trust"), server and
# protocol parts, for an independent check: each prints "ok: ..." when the
# promise holds and "FAIL: ..." when it does not.  Usage:
#   sh tests/tools/issue40-repros.sh [path/to/tabula]
# Runs on loopback Unix sockets in a private directory, as the user who
# runs it (the SSH keys are played by fake sshd auth-info files, as in
# tests/roomtest.c); nothing outside that directory is touched.
set -u
T=${1:-${TABULA:-src/tabula}}
work=$(mktemp -d) || exit 99
pids=""
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	wait 2>/dev/null
	[ -n "${KEEP:-}" ] && echo "kept $work" || rm -rf "$work"; rm -f /tmp/sshauth.issue40.*
}
trap cleanup EXIT
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

# serve NAME [OPTIONS...]: a server on $work/NAME.sock, state $work/NAME.
serve() {
	name=$1
	shift
	rm -f "$work/$name.sock" # a killed server's, stale
	"$T" serve --socket "$work/$name.sock" --state "$work/$name" \
		--shared-user "$(id -un)" "$@" 2>>"$work/$name.log" &
	server=$!
	pids="$pids $server"
	i=0
	while [ ! -S "$work/$name.sock" ] && [ $i -lt 200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
}
# as KEY SOCKET: tabula connect as the SSH key KEY (stdin: the lines).
as() {
	auth=/tmp/sshauth.issue40.$1
	printf 'publickey ssh-ed25519 %s\n' "$1" >"$auth"
	chmod 600 "$auth"
	SSH_USER_AUTH=$auth timeout 60 "$T" connect --socket "$2"
}

# 7. The engine protocol: perft then a command that waits for it.
start=$(date +%s)
printf 'perft 32\nd\n' | timeout 30 "$T" engine >"$work/perft" 2>&1
end=$(date +%s)
if grep -q 'perft 32 stopped' "$work/perft" && [ $((end - start)) -lt 10 ]; then
	ok "7. perft 32 then d: tabula engine ends ($((end - start)) s)"
else
	bad "7. perft 32 then d: $((end - start)) s: $(head -c 200 "$work/perft")"
fi

# 6. An accounts file over 64 KiB (150 RSA-3072-sized keys).
mkdir -p "$work/keys" && chmod 700 "$work/keys"
awk 'BEGIN { for (i = 0; i < 150; i++) { s = ""; while (length(s) < 540)
	s = s "ABCDEFGHIJ"; printf "user%d ssh-rsa AAAA%04d%s\n", i, i, s } }' \
	>"$work/keys/accounts"
serve keys
if [ -S "$work/keys.sock" ]; then
	ok "6. a server with $(wc -c <"$work/keys/accounts") bytes of accounts starts"
else
	bad "6. 150 keys: $(tail -n 1 "$work/keys.log")"
fi

# 9. name root, a local user's name; 4. watching one's own room.
sock=$work/keys.sock
printf 'name root\nname %s\nname mallory\ncreate tzaar\n' "$(id -un)" |
	as AAAAissue40mallory "$sock" >"$work/names"
if [ "$(grep -c "is taken" "$work/names")" -eq 2 ]; then
	ok "9. 'name root' and 'name $(id -un)' refused for a key"
else
	bad "9. names: $(cat "$work/names")"
fi
code=$(sed -n 's/^created \([A-Z]*\)$/\1/p' "$work/names")
printf 'watch %s\n' "$code" | as AAAAissue40mallory "$sock" >"$work/watch"
if grep -q "error you play in room" "$work/watch"; then
	ok "4. a player cannot watch their own room"
else
	bad "4. watch: $(cat "$work/watch")"
fi

# 9. Resigning before an opponent joins.
printf 'create tetress\nresign\n' | as AAAAissue40mallory "$sock" >"$work/resign"
if grep -q '^over [A-Z]* \* abandoned' "$work/resign"; then
	ok "9. resigning alone abandons the room (no 0-1)"
else
	bad "9. resign alone: $(grep over "$work/resign")"
fi

# 9. connect and the rate limit; dropped means status 1.
awk 'BEGIN { for (i = 0; i < 100; i++) print "ping" }' |
	as AAAAissue40mallory "$sock" >"$work/pings"
st=$?
if [ "$(grep -c '^pong$' "$work/pings")" -eq 100 ] && [ $st -eq 0 ]; then
	ok "9. 100 pings: 100 pongs, status 0"
else
	bad "9. 100 pings: $(grep -c '^pong$' "$work/pings") pongs, status $st"
fi
awk 'BEGIN { for (i = 0; i < 12; i++) print "frobnicate" }' |
	as AAAAissue40mallory "$sock" >/dev/null 2>&1
st=$?
[ $st -eq 1 ] && ok "9. a dropped connect exits 1" ||
	bad "9. a dropped connect exits $st"

# 2. A move whose save fails (the record replaced by a link), kill -9.
serve moves
sock=$work/moves.sock
mkfifo "$work/a.in" "$work/b.in"
as AAAAissue40alice "$sock" <"$work/a.in" >"$work/a.out" &
pa=$!
as AAAAissue40bob "$sock" <"$work/b.in" >"$work/b.out" &
pb=$!
pids="$pids $pa $pb"
exec 3>"$work/a.in" 4>"$work/b.in"
echo 'name alice' >&3
echo 'name bob' >&4
sleep 0.5
echo 'create tetress' >&3
sleep 0.5
code=$(sed -n 's/^created \([A-Z]*\)$/\1/p' "$work/a.out")
echo "join $code" >&4
sleep 0.5
echo 'move 0-0,0-1,0-2,0-3' >&3
sleep 0.5
rec=$work/moves/rooms/$code.rec
cp "$rec" "$work/real.rec"
rm "$rec" && ln -s "$work/real.rec" "$rec"
echo 'move 5-5,5-6,5-7,5-8' >&4
sleep 0.5
kill -9 "$server"
exec 3>&- 4>&-
wait "$pa" "$pb" 2>/dev/null
if grep -q '^error cannot save' "$work/b.out" &&
	! grep -q "^move $code 2 " "$work/a.out"; then
	ok "2. the unsaved move is refused and nobody else sees it"
else
	bad "2. a: $(grep move "$work/a.out") b: $(grep -e move -e error "$work/b.out")"
fi
rm "$rec" && cp "$work/real.rec" "$rec"
serve moves
printf 'join %s\n' "$code" | as AAAAissue40bob "$sock" >"$work/again"
if grep -q "^synced $code 1$" "$work/again"; then
	ok "2. after kill -9 the room is at the last saved ply (1)"
else
	bad "2. after the restart: $(grep synced "$work/again")"
fi

# 5. One user floods: 39 level-10 rooms created and resigned; another
# user's level-1 engine answers.
serve flood --max-rooms 40
sock=$work/flood.sock
{
	echo 'name flooder'
	i=0
	while [ $i -lt 39 ]; do
		echo 'create tzaar seat=2 engine=10'
		echo resign
		i=$((i + 1))
	done
} | as AAAAissue40flooder "$sock" >"$work/flood.out"
start=$(date +%s)
{ echo 'name victim'; echo 'create tetress seat=2 engine=1'; sleep 20; } |
	as AAAAissue40victim "$sock" >"$work/victim.out" &
victim=$!
pids="$pids $victim"
i=0
while ! grep -q '^move ' "$work/victim.out" && [ $i -lt 200 ]; do
	sleep 0.1
	i=$((i + 1))
done
end=$(date +%s)
kill "$victim" 2>/dev/null
if grep -q '^move ' "$work/victim.out"; then
	ok "5. after the flood another user's level-1 engine answered in $((end - start)) s"
else
	bad "5. no answer in 20 s: $(tail -n 3 "$work/victim.out")"
fi

# 5. SIGTERM while a level-10 search runs.
{ echo 'create tzaar seat=2 engine=10'; sleep 5; } |
	as AAAAissue40flooder "$sock" >/dev/null &
pids="$pids $!"
sleep 1
start=$(date +%s)
kill -TERM "$server"
wait "$server" 2>/dev/null
end=$(date +%s)
[ $((end - start)) -le 2 ] &&
	ok "5. SIGTERM ended the server in $((end - start)) s" ||
	bad "5. SIGTERM took $((end - start)) s"

# 9. The state directory's owner and mode; review's output.
mkdir -m 777 "$work/open"
chmod 777 "$work/open"
"$T" serve --socket "$work/open.sock" --state "$work/open" 2>"$work/open.err" &
p=$!
pids="$pids $p"
sleep 1
if grep -q 'not trusted' "$work/open.err"; then
	ok "9. a 0777 state directory is refused"
else
	bad "9. 0777 state directory: $(cat "$work/open.err")"
	kill $p 2>/dev/null
fi
printf '# tabula record 1\n[Game "tzaar"]\n\n1. A5xA4 *\n' >"$work/g.rec"
start=$(date +%s)
timeout 60 "$T" review "$work/g.rec" --depth 60 --output "$work" \
	>/dev/null 2>"$work/review.err"
end=$(date +%s)
if grep -q 'is a directory' "$work/review.err" && [ $((end - start)) -lt 5 ]; then
	ok "9. review --output DIR refused at once"
else
	bad "9. review --output DIR: $((end - start)) s: $(cat "$work/review.err")"
fi

echo "$fails failed"
[ $fails -eq 0 ]
