/*
 * Room messages' limits (see chat.h).  A message is shown on other
 * people's terminals, so anything a terminal could take as a command is
 * refused rather than cleaned.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "server/chat.h"

/* The length of the UTF-8 sequence at s that is printable (no C1
 * control), or 0. */
static size_t
chat_utf8_len(const unsigned char *s)
{
	if (s[0] < 0x80)
		return s[0] >= 0x20 && s[0] != 0x7f ? 1 : 0;
	size_t len = s[0] >= 0xf0 && s[0] <= 0xf4   ? 4
	             : s[0] >= 0xe0                 ? 3
	             : s[0] >= 0xc2 && s[0] <= 0xdf ? 2
	                                            : 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	}
	if (len == 2 && s[0] == 0xc2 && s[1] < 0xa0)
		return 0; /* U+0080..U+009F: C1 controls */
	return len;
}

bool
chat_text_ok(const char *text, char *err, size_t err_size)
{
	size_t n = strlen(text);
	if (n == 0 || n > CHAT_MAX_BYTES) {
		snprintf(err, err_size, "a message is 1 to %d bytes",
		         CHAT_MAX_BYTES);
		return false;
	}
	for (size_t i = 0; i < n;) {
		size_t len = chat_utf8_len((const unsigned char *)text + i);
		if (len == 0) {
			snprintf(err, err_size,
			         "a message holds no control characters "
			         "(byte %zu)",
			         i + 1);
			return false;
		}
		i += len;
	}
	return true;
}

bool
chat_take(struct chat_bucket *b, int64_t now, char *err, size_t err_size)
{
	if (!b->started) {
		b->started = true;
		b->tokens = CHAT_BURST;
		b->refill_ms = now;
	}
	b->tokens += (double)(now - b->refill_ms) / CHAT_EVERY_MS;
	b->refill_ms = now;
	if (b->tokens > CHAT_BURST)
		b->tokens = CHAT_BURST;
	if (b->tokens < 1.0) {
		snprintf(err, err_size,
		         "one message every %d seconds: wait %.1f s",
		         CHAT_EVERY_MS / 1000,
		         (1.0 - b->tokens) * CHAT_EVERY_MS / 1000.0);
		return false;
	}
	b->tokens -= 1.0;
	return true;
}
