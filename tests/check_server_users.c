/*
 * The room server with people who have their own accounts (tabula(6),
 * PLAY ON THIS HOST): each is the local user the kernel names.  Running a
 * peer as another user (nobody) needs root, so this program reports SKIP
 * (77) to `make check` when it cannot run, instead of passing untested.
 */
#include "config.h"

#include <check.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "client/client.h"
#include "roomtest.h"
#include "testutil.h"

/* People with their own accounts: each is the local user the kernel
 * names, so one cannot play the other's seat.  Needs root, to run a peer
 * as another user (nobody). */
START_TEST(test_local_users)
{
	struct passwd *nobody = getpwnam("nobody");
	ck_assert_ptr_nonnull(nobody);
	struct passwd *me = getpwuid(getuid());
	ck_assert_ptr_nonnull(me);
	char my_name[64];
	snprintf(my_name, sizeof my_name, "welcome %s", me->pw_name);
	struct rt_server sv;
	rt_server_init(&sv, false);
	ck_assert_int_eq(chmod(sv.dir, 0711),
	                 0); /* nobody reaches the socket */
	rt_server_start(&sv, NULL);
	struct rt_peer a, b;
	char line[NET_LINE_MAX + 1], code[8];
	rt_peer_start(&a, &sv, NULL);
	rt_peer_start_as(&b, &sv, nobody->pw_uid, nobody->pw_gid);
	rt_expect(&b, "welcome nobody", NULL);
	rt_send(&a, "ping");
	rt_send(&a, "create tetress");
	rt_expect(&a, "created ", line);
	snprintf(code, sizeof code, "%.4s", line + 8);
	rt_send(&b, "join %s", code);
	rt_expect(&b, "joined", line);
	ck_assert_str_eq(line + 12, "tetress 2");
	snprintf(my_name, sizeof my_name, "players %s %s nobody", code,
	         me->pw_name);
	rt_expect(&a, my_name, NULL);
	rt_send(&b, "move 0-0,0-1,0-2,0-3");
	rt_expect(&b, "error not your turn", NULL);
	rt_send(&a, "move 0-0,0-1,0-2,0-3");
	rt_expect(&b, "move ", NULL);
	rt_send(&a, "move 5-5,5-6,5-7,5-8");
	rt_expect(&a, "error not your turn", NULL);
	rt_peer_stop(&a, false);
	rt_peer_stop(&b, false);
	rt_server_clean(&sv);
}
END_TEST

static Suite *
users_suite(void)
{
	Suite *s = suite_create("server-users");
	TCase *tc = tcase_create("users");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_local_users);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	if (getuid() != 0 || getpwnam("nobody") == NULL) {
		printf("SKIP: needs root and a 'nobody' user\n");
		return 77;
	}
	signal(SIGPIPE, SIG_IGN);
	return testutil_run_suite(users_suite());
}
