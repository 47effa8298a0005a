/*
 * Short room messages (tabula(6), PLAY ON THIS HOST, "Messages"): what a
 * message may hold and how often one may be sent.  Messages are not
 * kept: they go to the room's people as they are sent.
 */
#ifndef TABULA_SERVER_CHAT_H
#define TABULA_SERVER_CHAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The longest message, in bytes. */
#define CHAT_MAX_BYTES 200
/* A person may send one message every CHAT_EVERY_MS ... */
#define CHAT_EVERY_MS 2000
/* ... and CHAT_BURST in a row. */
#define CHAT_BURST 3

/* One connection's allowance (a token bucket). */
struct chat_bucket {
	double tokens;
	int64_t refill_ms;
	bool started;
};

/* Whether text may be sent: 1 to CHAT_MAX_BYTES bytes of UTF-8 without
 * control characters (C0, DEL, C1, tabs) or direction controls (the
 * bidirectional embeddings, overrides, isolates and marks); false with
 * the reason. */
bool chat_text_ok(const char *text, char *err, size_t err_size);

/* Takes a message from the bucket at now; false when none is left (err
 * says how long to wait). */
bool chat_take(struct chat_bucket *b, int64_t now, char *err, size_t err_size);

#endif
