/*
 * Room messages' limits (see chat.h).  A message is shown on other
 * people's terminals, so anything a terminal could take as a command is
 * refused rather than cleaned.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/text.h"
#include "server/chat.h"

/* The length of the character at s when it is printable (no C0, DEL or
 * C1 control, valid UTF-8), or 0. */
static size_t
chat_utf8_len(const unsigned char *s)
{
	if (s[0] < 0x80)
		return s[0] >= 0x20 && s[0] != 0x7f ? 1 : 0;
	return text_utf8_printable(s);
}

/* Whether the UTF-8 sequence s (of len bytes) is a direction control,
 * which would turn the rest of the line, or of the screen, around: the
 * embeddings and overrides U+202A-U+202E, the isolates U+2066-U+2069,
 * the marks U+200E, U+200F and U+061C. */
static bool
chat_bidi(const unsigned char *s, size_t len)
{
	if (len == 2)
		return s[0] == 0xd8 && s[1] == 0x9c;
	if (len != 3 || s[0] != 0xe2)
		return false;
	return (s[1] == 0x80 && ((s[2] >= 0xaa && s[2] <= 0xae) ||
	                         s[2] == 0x8e || s[2] == 0x8f)) ||
	       (s[1] == 0x81 && s[2] >= 0xa6 && s[2] <= 0xa9);
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
		if (chat_bidi((const unsigned char *)text + i, len)) {
			snprintf(err, err_size,
			         "a message holds no direction controls "
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
