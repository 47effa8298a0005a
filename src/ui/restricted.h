/*
 * The shared account's terminal UI (restricted.c; tabula(6), PLAY ON THIS
 * HOST, "The shared account").
 */
#ifndef TABULA_UI_RESTRICTED_H
#define TABULA_UI_RESTRICTED_H

#include <stdbool.h>
#include <stddef.h>

/* Whether sshd's environment says this is a session of the shared
 * account: SSH_USER_AUTH (ExposeAuthInfo, set for that account only in
 * the documented sshd_config) or SSH_ORIGINAL_COMMAND (a ForceCommand). */
bool ui_restricted_detect(void);

/* Gives this session's SSH key a state directory of its own: reads the
 * key from sshd's auth-info file as the room server does, makes
 * <state>/tabula/keys/<key>/ and points XDG_STATE_HOME there, so the
 * autosave, its history and the puzzles' progress are that key's alone.
 * False with a message when the key cannot be had. */
bool ui_restricted_state(char *err, size_t err_size);

#endif
