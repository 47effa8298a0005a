/*
 * The shared account's terminal UI (tabula(6), PLAY ON THIS HOST, "The
 * shared account").  On the account whose sshd ForceCommand runs tabula,
 * everyone is the same local user and only their SSH key tells them
 * apart, and nothing typed may reach a file or a program: the UI offers
 * no file prompts and takes no paths (ui.c, keys.c and menu.c ask
 * app->opt.restricted), and each key keeps its games in a directory of
 * its own, found here.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server/identity.h"
#include "ui/restricted.h"

bool
ui_restricted_detect(void)
{
	return getenv(IDENTITY_AUTH_VAR) != NULL ||
	       getenv("SSH_ORIGINAL_COMMAND") != NULL;
}

/* Makes dir (one level) private to the account, or finds it there. */
static bool
ui_restricted_mkdir(const char *dir, char *err, size_t err_size)
{
	struct stat st;
	if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
		snprintf(err, err_size, "%s: %s", dir, strerror(errno));
		return false;
	}
	if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		snprintf(err, err_size, "%s: not a directory", dir);
		return false;
	}
	return true;
}

/* Appends "/" and the key's fingerprint to dir, as the room server names
 * the key's owner ("SHA256:" and the base64 digest, its '/' written '_':
 * base64 has no '_'), and makes that directory; one key, one directory. */
static bool
ui_restricted_key_dir(char *dir, size_t size, const char *key, char *err,
                      size_t err_size)
{
	char owner[IDENTITY_OWNER_MAX];
	identity_key_owner(key, owner, sizeof owner);
	const char *print = strchr(owner, ':') + 1; /* past "key:" */
	size_t len = strlen(dir);
	if (len + 1 + strlen(print) + 1 > size) {
		snprintf(err, err_size,
		         "the state directory's path is too long");
		return false;
	}
	dir[len++] = '/';
	for (const char *p = print; *p != '\0'; p++)
		dir[len++] = *p == '/' ? '_' : *p;
	dir[len] = '\0';
	return ui_restricted_mkdir(dir, err, err_size);
}

bool
ui_restricted_state(char *err, size_t err_size)
{
	char key[IDENTITY_KEY_MAX], why[512], dir[800];
	if (!identity_key_of_process(getpid(), getuid(), key, sizeof key, why,
	                             sizeof why)) {
		snprintf(err, err_size, "the shared account: %s", why);
		return false;
	}
	const char *base = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	int n = base != NULL && base[0] == '/'
	                ? snprintf(dir, sizeof dir, "%s/tabula", base)
	        : home != NULL && home[0] == '/'
	                ? snprintf(dir, sizeof dir, "%s/.local/state/tabula",
	                           home)
	                : -1;
	if (n < 0 || (size_t)n + 6 >= sizeof dir) {
		snprintf(err, err_size,
		         "the shared account: no state directory "
		         "(HOME is not set)");
		return false;
	}
	strcat(dir, "/keys");
	/* The parents may be missing on a fresh account. */
	char parent[800];
	for (char *s = strchr(dir + 1, '/'); s != NULL;
	     s = strchr(s + 1, '/')) {
		snprintf(parent, sizeof parent, "%.*s", (int)(s - dir), dir);
		if (mkdir(parent, 0700) != 0 && errno != EEXIST) {
			snprintf(err, err_size, "%s: %s", parent,
			         strerror(errno));
			return false;
		}
	}
	if (!ui_restricted_mkdir(dir, err, err_size) ||
	    !ui_restricted_key_dir(dir, sizeof dir, key, err, err_size))
		return false;
	/* The key's data too: its library of games (and puzzle progress). */
	if (setenv("XDG_STATE_HOME", dir, 1) != 0 ||
	    setenv("XDG_DATA_HOME", dir, 1) != 0) {
		snprintf(err, err_size, "setenv: %s", strerror(errno));
		return false;
	}
	return true;
}
