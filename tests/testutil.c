/*
 * Test-data access for the Check suites.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "testutil.h"

FILE *
testutil_open_data(const char *name)
{
	const char *dir = getenv("TABULA_TEST_DATA");
	if (dir == NULL)
		dir = "tests/data";
	size_t len = strlen(dir) + strlen(name) + 2;
	char *path = malloc(len);
	if (path == NULL)
		return NULL;
	snprintf(path, len, "%s/%s", dir, name);
	FILE *f = fopen(path, "r");
	if (f == NULL)
		fprintf(stderr, "cannot open test data %s\n", path);
	free(path);
	return f;
}

char *
testutil_read_line(FILE *f)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n = getline(&line, &cap, f);
	if (n < 0) {
		free(line);
		return NULL;
	}
	if (n > 0 && line[n - 1] == '\n')
		line[n - 1] = '\0';
	return line;
}

void
testutil_remove_tree(const char *dir)
{
	char cmd[4200];
	ck_assert_uint_lt(strlen(dir) + 10, sizeof cmd);
	ck_assert_ptr_null(strchr(dir, '\''));
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

int
testutil_run_suite(Suite *suite)
{
	const char *left_out = getenv("CK_EXCLUDE_TAGS");
	if (left_out != NULL && left_out[0] != '\0')
		printf("left out: the test cases tagged '%s'\n", left_out);
	SRunner *runner = srunner_create(suite);
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

bool
testutil_record_read_text(const char *name, const char *text, struct session *s,
                          struct record_meta *meta, char *err, size_t err_size)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	ck_assert_ptr_nonnull(f);
	bool ok = record_read(f, name, s, meta, err, err_size);
	fclose(f);
	return ok;
}

char *
testutil_record_write_text(const struct session *s,
                           const struct record_meta *meta)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(f);
	char err[256];
	ck_assert_msg(record_write(f, s, meta, err, sizeof err), "%s", err);
	fclose(f);
	return buf;
}

void
testutil_single_thread(TCase *tc)
{
	tcase_set_tags(tc, TESTUTIL_SINGLE_THREAD);
}
