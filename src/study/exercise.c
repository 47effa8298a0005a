/*
 * Exercises from the player's own games (study/exercise.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "study/exercise.h"
#include "study/review-job.h"

/* The review's table, as `tabula review` and the TUI's review have it, so
 * the marks practised are the marks they give. */
static const size_t EXERCISE_HASH_MB = 16;

bool
exercise_reviewed(const struct session *s, const struct record_meta *meta)
{
	for (size_t ply = 0; ply < s->ply && ply < meta->note_count; ply++)
		if (meta->notes[ply].review.present)
			return true;
	return false;
}

bool
exercise_review_all(const struct session *s, struct record_meta *meta,
                    char *err, size_t err_size)
{
	struct review_job *job =
	        review_job_new(EXERCISE_HASH_MB, 0, err, err_size);
	if (job == NULL)
		return false;
	struct review_limits lim = review_default_limits(s->ops);
	bool ok = review_job_start(job, s, 0, &lim, 0) != 0;
	if (ok)
		review_job_wait(job);
	for (size_t ply = 0; ok && ply < s->ply; ply++) {
		struct review_move m;
		ok = review_job_result(job, ply, &m) &&
		     review_annotate(meta, s, ply, &m);
	}
	review_job_free(job);
	if (!ok)
		snprintf(err, err_size, "out of memory while reviewing");
	return ok;
}

size_t
exercise_find(const struct session *s, const struct record_meta *meta,
              int player, struct exercise *out, size_t max)
{
	size_t n = 0;
	for (size_t ply = 0; ply < s->ply && ply < meta->note_count; ply++) {
		enum record_mark mark = meta->notes[ply].mark;
		const struct game_pos *pos = &s->positions[ply];
		if ((mark != MARK_MISTAKE && mark != MARK_BLUNDER) ||
		    s->ops->side_to_move(pos) != player)
			continue;
		if (n < max)
			out[n] = (struct exercise){.ply = ply,
			                           .pos = *pos,
			                           .played = s->moves[ply],
			                           .mark = mark};
		n++;
	}
	return n;
}

/* A session at pos with move played; false if out of memory or pos does
 * not read back. */
static bool
exercise_session(struct session *s, const struct game_ops *ops,
                 const struct game_pos *pos, game_move move, char *err,
                 size_t err_size)
{
	char fen[GAME_TEXT_MAX];
	ops->format_pos(pos, fen, sizeof fen);
	if (!session_init(s, ops, NULL)) {
		snprintf(err, err_size, "out of memory");
		return false;
	}
	if (!session_set_fen(s, fen, err, err_size) || !session_play(s, move)) {
		if (err[0] == '\0')
			snprintf(err, err_size, "out of memory");
		session_free(s);
		return false;
	}
	return true;
}

bool
exercise_judge(struct review *rv, const struct game_ops *ops,
               const struct game_pos *pos, game_move try,
               const atomic_bool *stop, struct exercise_verdict *out, char *err,
               size_t err_size)
{
	struct session s;
	err[0] = '\0';
	if (!exercise_session(&s, ops, pos, try, err, err_size))
		return false;
	struct review_limits lim = review_default_limits(ops);
	struct review_move m;
	bool ok = review_move(rv, &s, 0, &lim, stop, &m);
	session_free(&s);
	if (!ok) {
		snprintf(err, err_size, "the judge's search was stopped");
		return false;
	}
	memset(out, 0, sizeof *out);
	out->loss = m.loss;
	out->mark = review_classify(ops, m.loss);
	out->right = try == m.best ||
	             (out->mark != MARK_INACCURACY &&
	              out->mark != MARK_MISTAKE && out->mark != MARK_BLUNDER);
	out->best = m.best;
	out->line_len = m.reply_len;
	memcpy(out->line, m.reply, sizeof out->line);
	out->pv_len = m.pv_len;
	memcpy(out->pv, m.pv, sizeof out->pv);
	return true;
}
