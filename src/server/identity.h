/*
 * Who is on the other end of a connection to the room server, from what the
 * server can check itself, never from what the client says (tabula(6),
 * PLAY ON THIS HOST, "Identity"):
 *
 *  - a person with their own account is the local user the kernel reports
 *    for the socket (SO_PEERCRED);
 *  - on the shared account (the one whose sshd ForceCommand runs tabula),
 *    a person is the SSH key they logged in with.  sshd's ExposeAuthInfo
 *    writes the key to a file and names it in SSH_USER_AUTH in the
 *    environment it gives the session; the server reads that variable
 *    from the connecting process's /proc/PID/environ (the PID again from
 *    SO_PEERCRED) and then the file, checking that it is a regular file
 *    owned by that account.  The client never sends its identity.
 */
#ifndef TABULA_SERVER_IDENTITY_H
#define TABULA_SERVER_IDENTITY_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* "TYPE BASE64" of an SSH public key. */
#define IDENTITY_KEY_MAX 2048

/* A display name: 1 to 16 letters, digits, '_', '-', '.' (a letter first). */
#define IDENTITY_NAME_MAX 16

/* "uid:N" or "key:SHA256:..." (the fingerprint of the key's blob). */
#define IDENTITY_OWNER_MAX 64

/* What the auth-info file of sshd names a session's key by. */
#define IDENTITY_AUTH_VAR "SSH_USER_AUTH"

struct identity {
	uid_t uid;
	pid_t pid;
	bool by_key;                      /* the shared account: a key */
	char key[IDENTITY_KEY_MAX];       /* by_key: "ssh-ed25519 AAAA..." */
	char name[IDENTITY_NAME_MAX + 1]; /* local login; "" until a key
	                                    account picks one */
};

/* Identifies the peer of the connected Unix socket fd.  Connections from
 * shared_uid (when have_shared) are identified by their SSH key; any
 * other by its local user.  False with a one-line reason when the peer
 * cannot be identified (then it must be refused). */
bool identity_of_peer(int fd, bool have_shared, uid_t shared_uid,
                      struct identity *id, char *err, size_t err_size);

/* The key in sshd's auth-info file named by process pid's environment;
 * the file must be a regular file owned by uid. */
bool identity_key_of_process(pid_t pid, uid_t uid, char *key, size_t size,
                             char *err, size_t err_size);

/* The first public key of an auth-info file's text ("publickey TYPE
 * BLOB" lines); false when it names none. */
bool identity_key_from_auth_info(const char *text, char *key, size_t size);

/* Who id is, whatever its name: "uid:N" for a local user, "key:SHA256:..."
 * for an SSH key (its fingerprint as `ssh-keygen -l` shows it; a blob that
 * is not base64 is hashed as text).  Seats belong to this, never to a
 * display name (tabula(6), PLAY ON THIS HOST, "Identity"). */
void identity_owner(const struct identity *id, char *buf, size_t size);

/* The owner string of SSH key ("TYPE BLOB"). */
void identity_key_owner(const char *key, char *buf, size_t size);

/* Whether name is a valid display name (see IDENTITY_NAME_MAX). */
bool identity_name_valid(const char *name);

#endif
