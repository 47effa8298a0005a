/*
 * The game record reader: any bytes either load as a legal game or fail
 * with a message naming the file; a record that loads writes out and
 * reads back to the same moves.
 */
#include "config.h"

#include <stdio.h>

#include "core/record.h"
#include "fuzz.h"

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
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	FUZZ_ASSERT(out != NULL);
	FUZZ_ASSERT(record_write(out, &s, &meta, err, sizeof err));
	fclose(out);
	FILE *again = fmemopen(buf, len, "r");
	struct session back;
	struct record_meta meta_back;
	FUZZ_ASSERT(again != NULL);
	FUZZ_ASSERT(record_read(again, "again.rec", &back, &meta_back, err,
	                        sizeof err));
	fclose(again);
	FUZZ_ASSERT(back.ply == s.ply);
	for (size_t i = 0; i < s.ply; i++)
		FUZZ_ASSERT(back.moves[i] == s.moves[i]);
	session_free(&back);
	record_meta_free(&meta_back);
	session_free(&s);
	record_meta_free(&meta);
	free(buf);
	return 0;
}
