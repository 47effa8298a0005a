/*
 * The game record reader: any bytes either load as a legal game or fail
 * with a message naming the file; a record that loads writes out and
 * reads back to the same moves, and one read from another program's
 * format (a LittleGolem file) does the same in that format, whose text
 * then writes back unchanged.
 */
#include "config.h"

#include <stdio.h>

#include "core/record-format.h"
#include "core/record.h"
#include "fuzz.h"

/* Writes s in fmt (NULL: a tabula record) into a new buffer; *len its
 * length. */
static char *
fuzz_write(const struct record_format *fmt, const struct session *s,
           const struct record_meta *meta, size_t *len)
{
	char *buf = NULL;
	char err[512];
	FILE *out = open_memstream(&buf, len);
	FUZZ_ASSERT(out != NULL);
	FUZZ_ASSERT(record_format_write(out, fmt, s, meta, err, sizeof err));
	fclose(out);
	return buf;
}

/* Reads text back and checks it holds s's moves; returns the meta read
 * (the caller frees it). */
static void
fuzz_read_back(const char *buf, size_t len, const struct session *s,
               struct record_meta *meta_back)
{
	FILE *again = fmemopen((void *)buf, len, "r");
	struct session back;
	char err[512];
	FUZZ_ASSERT(again != NULL);
	FUZZ_ASSERT(record_read(again, "again.rec", &back, meta_back, err,
	                        sizeof err));
	fclose(again);
	FUZZ_ASSERT(back.ply == s->ply);
	for (size_t i = 0; i < s->ply; i++)
		FUZZ_ASSERT(back.moves[i] == s->moves[i]);
	session_free(&back);
}

/* A record read from another format writes back to the same moves in
 * that format, and that text writes back unchanged. */
static void
fuzz_check_format(const struct session *s, const struct record_meta *meta)
{
	size_t len, len2;
	char *buf = fuzz_write(meta->format, s, meta, &len);
	struct record_meta meta_back;
	fuzz_read_back(buf, len, s, &meta_back);
	char *buf2 = fuzz_write(meta->format, s, &meta_back, &len2);
	FUZZ_ASSERT(len == len2 && memcmp(buf, buf2, len) == 0);
	record_meta_free(&meta_back);
	free(buf);
	free(buf2);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *in = fmemopen((void *)data, size ? size : 1, "r");
	if (in == NULL)
		return 0;
	if (size == 0)
		fgetc(in);
	struct session s;
	struct record_meta meta;
	char err[512];
	bool ok = record_read(in, "fuzz.rec", &s, &meta, err, sizeof err);
	fclose(in);
	if (!ok) {
		FUZZ_ASSERT(strncmp(err, "fuzz.rec:", 9) == 0);
		return 0;
	}
	size_t len;
	char *buf = fuzz_write(NULL, &s, &meta, &len);
	struct record_meta meta_back;
	fuzz_read_back(buf, len, &s, &meta_back);
	record_meta_free(&meta_back);
	if (meta.format != NULL)
		fuzz_check_format(&s, &meta);
	session_free(&s);
	record_meta_free(&meta);
	free(buf);
	return 0;
}
