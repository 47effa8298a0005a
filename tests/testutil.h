/*
 * Helpers shared by the Check suites: finding test data (the directory in
 * $TABULA_TEST_DATA, set by `make check`) and reading it line by line.
 */
#ifndef TABULA_TESTS_TESTUTIL_H
#define TABULA_TESTS_TESTUTIL_H

#include <check.h>
#include <stdbool.h>
#include <stdio.h>

#include "core/record.h"

/* Opens tests/data/<name> for reading; NULL (with a message) if missing. */
FILE *testutil_open_data(const char *name);

/* Reads one whole line (any length) without its newline into a buffer the
 * caller frees; NULL at end of file. */
char *testutil_read_line(FILE *f);

/* Reads text as a record named name (the name its errors start with). */
bool testutil_record_read_text(const char *name, const char *text,
                               struct session *s, struct record_meta *meta,
                               char *err, size_t err_size);

/* The record of s as a malloc'd string (a failed write fails the test). */
char *testutil_record_write_text(const struct session *s,
                                 const struct record_meta *meta);

/* Removes the directory dir made by a test, and everything in it. */
void testutil_remove_tree(const char *dir);

/* Runs a suite (the runner frees it) and returns the process's exit
 * status: EXIT_SUCCESS when every test passed.  Test cases tagged with a
 * tag in $CK_EXCLUDE_TAGS are left out, and it says so. */
int testutil_run_suite(Suite *suite);

/* The tag of a test case that starts no thread: ThreadSanitizer has
 * nothing to check in it, so the ThreadSanitizer build leaves it out
 * (tests/local.mk); the plain, distcheck and ASan builds run it. */
#define TESTUTIL_SINGLE_THREAD "single-thread"

/* Tags tc as starting no thread (TESTUTIL_SINGLE_THREAD). */
void testutil_single_thread(TCase *tc);

#endif
