/*
 * Every screen's key table, printed (see keylists.h).
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/text.h"
#include "ui/drill.h"
#include "ui/help.h"
#include "ui/keylists.h"
#include "ui/keys.h"
#include "ui/library.h"
#include "ui/lobby.h"
#include "ui/menu.h"
#include "ui/online.h"
#include "ui/room.h"
#include "ui/rules.h"
#include "ui/trainer.h"

/* In the order of the man page's Keys. */
static const struct ui_keytab *const UI_KEYLISTS[] = {
        &ui_keys_game,      &ui_room_keytab,    &ui_drill_keytab,
        &ui_trainer_keytab, &ui_menu_keytab,    &ui_library_keytab,
        &ui_lobby_keytab,   &ui_leaders_keytab, &ui_rules_keytab,
        &ui_help_keytab,
};

/* Prints one binding as text: the keys, then what they do. */
static void
ui_keylists_text(void *ctx, const char *keys, const char *what)
{
	FILE *out = ctx;
	char copy[64], joined[96] = "";
	snprintf(copy, sizeof copy, "%s", keys);
	size_t n = 0;
	char *rest = copy, *k;
	while ((k = text_next_word(&rest, " ")) != NULL && n < sizeof joined)
		n += (size_t)snprintf(joined + n, sizeof joined - n, "%s%s",
		                      n ? ", " : "", k);
	fprintf(out, "  %-18s %c%s\n", joined, toupper((unsigned char)what[0]),
	        what + 1);
}

/* Prints one binding as an mdoc list item. */
static void
ui_keylists_mdoc(void *ctx, const char *keys, const char *what)
{
	FILE *out = ctx;
	char copy[64];
	snprintf(copy, sizeof copy, "%s", keys);
	fputs(".It", out);
	/* \& keeps keys such as [ : ! from being read as punctuation. */
	const char *sep = "";
	char *rest = copy, *k;
	while ((k = text_next_word(&rest, " ")) != NULL) {
		fprintf(out, "%s Ic \\&%s", sep, k);
		sep = " ,";
	}
	fprintf(out, "\n%c%s.\n", toupper((unsigned char)what[0]), what + 1);
}

void
ui_keylists_print(FILE *out, bool mdoc)
{
	size_t n = sizeof UI_KEYLISTS / sizeof UI_KEYLISTS[0];
	for (size_t i = 0; i < n; i++) {
		const struct ui_keytab *t = UI_KEYLISTS[i];
		if (mdoc)
			fprintf(out, ".\\\" KEYS begin %s\n", t->name);
		else
			fprintf(out, "%s%s\n", i ? "\n" : "", t->title);
		ui_keytab_each(t, NULL,
		               mdoc ? ui_keylists_mdoc : ui_keylists_text, out);
		if (mdoc)
			fprintf(out, ".\\\" KEYS end %s\n", t->name);
	}
}
