/*
 * Peer identities (see identity.h and tabula(6), PLAY ON THIS HOST).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server/identity.h"
#include "server/sha256.h"
#include "server/store.h"

/* sshd (session.c, ExposeAuthInfo) always makes its file here. */
static const char IDENTITY_AUTH_PREFIX[] = "/tmp/sshauth.";

/* The most of /proc/PID/environ read. */
enum { IDENTITY_ENVIRON_MAX = 256 * 1024 };

bool
identity_name_valid(const char *name)
{
	size_t n = strlen(name);
	if (n == 0 || n > IDENTITY_NAME_MAX || !isalpha((unsigned char)name[0]))
		return false;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)name[i];
		if (!(isalnum(c) || c == '_' || c == '-' || c == '.'))
			return false;
	}
	return true;
}

bool
identity_key_from_auth_info(const char *text, char *key, size_t size)
{
	const char *p = text;
	while (*p != '\0') {
		const char *end = strchr(p, '\n');
		size_t n = end != NULL ? (size_t)(end - p) : strlen(p);
		if (n > 10 && strncmp(p, "publickey ", 10) == 0) {
			/* "publickey TYPE BLOB [comment]": keep TYPE BLOB. */
			const char *type = p + 10;
			const char *sp = memchr(type, ' ', n - 10);
			if (sp != NULL) {
				const char *blob = sp + 1;
				size_t rest = n - (size_t)(blob - p);
				const char *sp2 = memchr(blob, ' ', rest);
				size_t len =
				        (size_t)((sp2 ? sp2 : p + n) - type);
				if (len + 1 <= size && blob < p + n) {
					memcpy(key, type, len);
					key[len] = '\0';
					return true;
				}
			}
		}
		p += n;
		if (*p == '\n')
			p++;
	}
	return false;
}

/* The value of IDENTITY_AUTH_VAR in process pid's initial environment. */
static bool
identity_auth_path(pid_t pid, char *path, size_t size, char *err,
                   size_t err_size)
{
	char proc[64];
	snprintf(proc, sizeof proc, "/proc/%ld/environ", (long)pid);
	int fd = open(proc, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, err_size, "%s: %s", proc, strerror(errno));
		return false;
	}
	char *env = malloc(IDENTITY_ENVIRON_MAX + 1);
	if (env == NULL) {
		close(fd);
		snprintf(err, err_size, "out of memory");
		return false;
	}
	size_t len = 0;
	ssize_t n;
	while (len < IDENTITY_ENVIRON_MAX &&
	       (n = read(fd, env + len, IDENTITY_ENVIRON_MAX - len)) > 0)
		len += (size_t)n;
	close(fd);
	env[len] = '\0';
	const size_t var_len = strlen(IDENTITY_AUTH_VAR);
	bool found = false;
	for (size_t i = 0; i < len;) {
		const char *e = env + i;
		size_t elen = strnlen(e, len - i);
		if (elen > var_len &&
		    strncmp(e, IDENTITY_AUTH_VAR, var_len) == 0 &&
		    e[var_len] == '=') {
			found = (size_t)snprintf(path, size, "%s",
			                         e + var_len + 1) < size;
			break;
		}
		i += elen + 1;
	}
	free(env);
	if (!found)
		snprintf(err, err_size,
		         "no %s in the session's environment (sshd needs "
		         "ExposeAuthInfo yes)",
		         IDENTITY_AUTH_VAR);
	return found;
}

bool
identity_key_of_process(pid_t pid, uid_t uid, char *key, size_t size, char *err,
                        size_t err_size)
{
	char path[512];
	if (!identity_auth_path(pid, path, sizeof path, err, err_size))
		return false;
	if (strncmp(path, IDENTITY_AUTH_PREFIX, strlen(IDENTITY_AUTH_PREFIX)) !=
	            0 ||
	    strchr(path + strlen(IDENTITY_AUTH_PREFIX), '/') != NULL) {
		snprintf(err, err_size, "%s: not an sshd auth-info file", path);
		return false;
	}
	struct stat st;
	if (lstat(path, &st) != 0) {
		snprintf(err, err_size, "%s: %s", path, strerror(errno));
		return false;
	}
	if (!S_ISREG(st.st_mode) || st.st_uid != uid || st.st_nlink != 1 ||
	    (st.st_mode & 077) != 0) {
		snprintf(err, err_size,
		         "%s: not a private file of the session's account",
		         path);
		return false;
	}
	char why[256];
	char *text = store_read(path, why, sizeof why);
	if (text == NULL) {
		snprintf(err, err_size, "%s", why);
		return false;
	}
	bool ok = identity_key_from_auth_info(text, key, size);
	free(text);
	if (!ok)
		snprintf(err, err_size, "%s: no public key (log in with a key)",
		         path);
	return ok;
}

bool
identity_of_peer(int fd, bool have_shared, uid_t shared_uid,
                 struct identity *id, char *err, size_t err_size)
{
	memset(id, 0, sizeof *id);
	struct ucred cred;
	socklen_t len = sizeof cred;
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0 ||
	    len != sizeof cred) {
		snprintf(err, err_size, "SO_PEERCRED: %s", strerror(errno));
		return false;
	}
	id->uid = cred.uid;
	id->pid = cred.pid;
	if (have_shared && cred.uid == shared_uid) {
		id->by_key = true;
		return identity_key_of_process(cred.pid, cred.uid, id->key,
		                               sizeof id->key, err, err_size);
	}
	struct passwd *pw = getpwuid(cred.uid);
	if (pw == NULL) {
		snprintf(err, err_size, "uid %ld has no account name",
		         (long)cred.uid);
		return false;
	}
	if (!identity_name_valid(pw->pw_name)) {
		snprintf(err, err_size,
		         "account name '%.32s' is not a valid player name",
		         pw->pw_name);
		return false;
	}
	snprintf(id->name, sizeof id->name, "%s", pw->pw_name);
	return true;
}

static const char IDENTITY_B64[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Decodes base64 text (padding allowed at the end) into out; the byte
 * count, or -1 when text is not base64 or does not fit. */
static long
identity_b64_decode(const char *text, uint8_t *out, size_t size)
{
	size_t n = 0, len = strlen(text);
	uint32_t acc = 0;
	int bits = 0;
	for (size_t i = 0; i < len; i++) {
		if (text[i] == '=') {
			if (len - i > 2)
				return -1;
			break;
		}
		const char *p = strchr(IDENTITY_B64, text[i]);
		if (p == NULL || text[i] == '\0')
			return -1;
		acc = acc << 6 | (uint32_t)(p - IDENTITY_B64);
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			if (n >= size)
				return -1;
			out[n++] = (uint8_t)(acc >> bits);
		}
	}
	return len % 4 == 0 ? (long)n : -1;
}

/* Base64 of data without padding, as OpenSSH prints fingerprints. */
static void
identity_b64_encode(const uint8_t *data, size_t len, char *out, size_t size)
{
	size_t o = 0;
	uint32_t acc = 0;
	int bits = 0;
	for (size_t i = 0; i < len; i++) {
		acc = acc << 8 | data[i];
		bits += 8;
		while (bits >= 6 && o + 1 < size) {
			bits -= 6;
			out[o++] = IDENTITY_B64[(acc >> bits) & 63];
		}
	}
	if (bits > 0 && o + 1 < size)
		out[o++] = IDENTITY_B64[(acc << (6 - bits)) & 63];
	out[o] = '\0';
}

void
identity_key_owner(const char *key, char *buf, size_t size)
{
	const char *blob = strchr(key, ' ');
	blob = blob != NULL ? blob + 1 : key;
	uint8_t raw[IDENTITY_KEY_MAX];
	uint8_t digest[SHA256_BYTES];
	long n = identity_b64_decode(blob, raw, sizeof raw);
	if (n > 0)
		sha256(raw, (size_t)n, digest);
	else
		sha256(blob, strlen(blob), digest);
	char b64[64];
	identity_b64_encode(digest, sizeof digest, b64, sizeof b64);
	snprintf(buf, size, "key:SHA256:%s", b64);
}

void
identity_owner(const struct identity *id, char *buf, size_t size)
{
	if (id->by_key)
		identity_key_owner(id->key, buf, size);
	else
		snprintf(buf, size, "uid:%lu", (unsigned long)id->uid);
}
