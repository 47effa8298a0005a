/*
 * Who plays a side (see who.h).
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/text.h"
#include "search/level.h"
#include "play/who.h"

/* One "key=value" of engine limits. */
static bool
who_limit(struct who *w, const char *word, char *err, size_t err_size)
{
	const char *eq = strchr(word, '=');
	int64_t v = 0;
	if (eq == NULL || !text_to_i64(eq + 1, 1, INT64_MAX, &v)) {
		snprintf(err, err_size, "'%s': want key=positive number", word);
		return false;
	}
	size_t klen = (size_t)(eq - word);
	if (klen == 5 && strncmp(word, "depth", klen) == 0 &&
	    v <= SEARCH_MAX_DEPTH)
		w->lim.depth = (int)v;
	else if (klen == 5 && strncmp(word, "nodes", klen) == 0)
		w->lim.nodes = (uint64_t)v;
	else if (klen == 8 && strncmp(word, "movetime", klen) == 0)
		w->lim.movetime_ms = v;
	else if (klen == 7 && strncmp(word, "multipv", klen) == 0 &&
	         v <= SEARCH_MAX_MULTIPV)
		w->lim.multipv = (int)v;
	else if (klen == 5 && strncmp(word, "level", klen) == 0 &&
	         v <= LEVEL_MAX)
		w->level = (int)v;
	else if (klen == 7 && strncmp(word, "threads", klen) == 0 &&
	         v <= SEARCH_MAX_THREADS)
		w->threads = (int)v;
	else if (klen == 5 && strncmp(word, "noise", klen) == 0 &&
	         v <= WHO_MAX_NOISE)
		w->lim.eval_noise = (int)v;
	else if (klen == 3 && strncmp(word, "elo", klen) == 0 &&
	         v <= WHO_MAX_ELO)
		w->elo = (int)v;
	else {
		snprintf(err, err_size, "'%s': unknown or out of range", word);
		return false;
	}
	return true;
}

/* "KEY=N[,KEY=N...]": at least one limit or a level. */
static bool
who_limits(struct who *w, const char *text, char *err, size_t err_size)
{
	char words[256];
	if (snprintf(words, sizeof words, "%s", text) >= (int)sizeof words) {
		snprintf(err, err_size, "'%.32s...': too long", text);
		return false;
	}
	char *rest = words, *word;
	while ((word = text_next_word(&rest, ",")) != NULL) {
		if (!who_limit(w, word, err, err_size))
			return false;
	}
	if (w->lim.depth == 0 && w->lim.nodes == 0 && w->lim.movetime_ms == 0 &&
	    w->level == 0 && w->elo == 0) {
		snprintf(err, err_size,
		         "'%s': want human, engine, engine:LEVEL, random, "
		         "greedy, exec:CMD, agent:DIR or engine limits",
		         text);
		return false;
	}
	/* A level plays the same game on any machine: one thread. */
	if ((w->level > 0 || w->elo > 0) && w->threads > 1) {
		snprintf(err, err_size, "'%s': a level searches on one thread",
		         text);
		return false;
	}
	return true;
}

/* "engine level N", "engine depth N", "engine movetime MS". */
static bool
who_engine_words(struct who *w, const char *text, char *err, size_t err_size)
{
	char what[16], number[32], extra[2];
	long v;
	int n = sscanf(text, "engine %15s %31s %1s", what, number, extra);
	if (n == 2 && strcmp(what, "level") == 0 &&
	    text_to_long(number, 1, LEVEL_MAX, &v)) {
		w->level = (int)v;
		return true;
	}
	if (n == 2 && strcmp(what, "depth") == 0 &&
	    text_to_long(number, 1, SEARCH_MAX_DEPTH, &v)) {
		w->lim.depth = (int)v;
		return true;
	}
	if (n == 2 && strcmp(what, "movetime") == 0 &&
	    text_to_long(number, 1, INT32_MAX, &v)) {
		w->lim.movetime_ms = v;
		return true;
	}
	snprintf(err, err_size,
	         "'%s': want engine level 1..%d, engine depth 1..%d or "
	         "engine movetime MS",
	         text, LEVEL_MAX, SEARCH_MAX_DEPTH);
	return false;
}

bool
who_parse(const char *text, int default_level, struct who *w, char *err,
          size_t err_size)
{
	memset(w, 0, sizeof *w);
	long v;
	if (strcasecmp(text, "human") == 0) {
		w->kind = WHO_HUMAN;
		return true;
	}
	if (strcasecmp(text, "random") == 0) {
		w->kind = WHO_RANDOM;
		return true;
	}
	if (strcasecmp(text, "greedy") == 0) {
		w->kind = WHO_GREEDY;
		return true;
	}
	if (strncmp(text, "exec:", 5) == 0) {
		w->kind = WHO_PROGRAM;
		w->command = text + 5;
		if (w->command[0] == '\0') {
			snprintf(err, err_size, "exec: wants a command");
			return false;
		}
		return true;
	}
	if (strncmp(text, "agent:", 6) == 0) {
		w->kind = WHO_AGENT;
		w->agent = text + 6;
		if (w->agent[0] == '\0') {
			snprintf(err, err_size,
			         "agent: wants a package directory");
			return false;
		}
		return true;
	}
	w->kind = WHO_ENGINE;
	if (strcasecmp(text, "engine") == 0) {
		w->level = default_level;
		return true;
	}
	if (strncmp(text, "engine:", 7) == 0) {
		if (text_to_long(text + 7, 1, LEVEL_MAX, &v)) {
			w->level = (int)v;
			return true;
		}
		snprintf(err, err_size, "'%s': the level is 1..%d", text,
		         LEVEL_MAX);
		return false;
	}
	if (strncmp(text, "engine ", 7) == 0)
		return who_engine_words(w, text, err, err_size);
	return who_limits(w, text, err, err_size);
}

void
who_format(const struct who *w, char *buf, size_t size)
{
	who_format_as(w, WHO_FORM_RECORD, buf, size);
}

void
who_format_as(const struct who *w, enum who_form form, char *buf, size_t size)
{
	switch (w->kind) {
	case WHO_OPEN:
		snprintf(buf, size, "open");
		break;
	case WHO_HUMAN:
		snprintf(buf, size, "human");
		break;
	case WHO_RANDOM:
		snprintf(buf, size, "random");
		break;
	case WHO_GREEDY:
		snprintf(buf, size, "greedy");
		break;
	case WHO_PROGRAM:
		snprintf(buf, size, "exec:%s", w->command);
		break;
	case WHO_AGENT:
		snprintf(buf, size, "agent:%s", w->agent);
		break;
	case WHO_ENGINE:
		if (w->level > 0)
			snprintf(buf, size,
			         form == WHO_FORM_SHORT ? "engine:%d"
			                                : "engine level %d",
			         w->level);
		else if (w->lim.depth > 0)
			snprintf(buf, size, "engine depth %d", w->lim.depth);
		else
			snprintf(buf, size, "engine movetime %" PRId64,
			         w->lim.movetime_ms);
		break;
	}
}
