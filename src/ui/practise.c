/*
 * Practising the mistakes of a record file (ui/practise.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/record.h"
#include "study/exercise.h"
#include "ui/app.h"
#include "ui/drill.h"
#include "ui/practise.h"

/* The player a record's tags name as a person: player 2 when only it is
 * "human", else player 1. */
static int
practise_player(const struct record_meta *meta)
{
	bool p1 = strncmp(meta->player1, "human", 5) == 0;
	bool p2 = strncmp(meta->player2, "human", 5) == 0;
	return p2 && !p1 ? 1 : 0;
}

bool
ui_practise_file(struct ui_app *app, const char *path, int player,
                 bool quit_at_end, char *err, size_t err_size)
{
	struct session s;
	struct record_meta meta;
	if (!record_load(path, &s, &meta, err, err_size))
		return false;
	bool ok = true;
	if (s.ops->players != 2) {
		snprintf(err, err_size,
		         "%s: %s has no opponent to make mistakes against",
		         path, s.ops->title);
		ok = false;
	}
	if (ok && !exercise_reviewed(&s, &meta))
		ok = exercise_review_all(&s, &meta, err, err_size);
	if (ok)
		ok = ui_drill_start(app, &s, &meta,
		                    player >= 0 ? player
		                                : practise_player(&meta),
		                    path, quit_at_end, err, err_size);
	session_free(&s);
	record_meta_free(&meta);
	return ok;
}
