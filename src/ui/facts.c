/*
 * The deciding numbers of each game (see facts.h), counted from the
 * position string: its board field, then the side to move and the
 * counter or phase fields that follow.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/text.h"
#include "ui/facts.h"

/* The action limits of the rules (tabula(6), RULES). */
static const int UI_TETRESS_ACTIONS = 150;
static const int UI_INFEXION_ACTIONS = 343;

/* Splits "board side rest" in place into its first three words. */
static bool
ui_facts_fields(char *text, char **board, char **side, char **rest)
{
	char *left = text;
	*board = text_next_word(&left, " ");
	*side = text_next_word(&left, " ");
	*rest = text_next_word(&left, " ");
	return *board != NULL && *side != NULL && *rest != NULL;
}

static bool
ui_facts_tetress(char *fen, char *buf, size_t size)
{
	char *board, *side, *rest;
	if (!ui_facts_fields(fen, &board, &side, &rest))
		return false;
	int red = 0, blue = 0;
	for (const char *p = board; *p != '\0'; p++) {
		red += *p == 'r';
		blue += *p == 'b';
	}
	int played = atoi(rest);
	snprintf(buf, size, "tokens Red %d Blue %d\nactions left %d of %d", red,
	         blue, UI_TETRESS_ACTIONS - played, UI_TETRESS_ACTIONS);
	return true;
}

static bool
ui_facts_infexion(char *fen, char *buf, size_t size)
{
	char *board, *side, *rest;
	if (!ui_facts_fields(fen, &board, &side, &rest))
		return false;
	int power[2] = {0, 0};
	for (const char *p = board; *p != '\0'; p++) {
		if ((*p == 'r' || *p == 'b') && isdigit((unsigned char)p[1]))
			power[*p == 'b'] += atoi(p + 1);
	}
	int played = atoi(rest);
	snprintf(buf, size, "power Red %d Blue %d\nactions left %d of %d",
	         power[0], power[1], UI_INFEXION_ACTIONS - played,
	         UI_INFEXION_ACTIONS);
	return true;
}

static bool
ui_facts_tzaar(char *fen, char *buf, size_t size)
{
	char *board, *side, *phase;
	if (!ui_facts_fields(fen, &board, &side, &phase))
		return false;
	int stacks[2][3] = {{0}};
	for (const char *p = board; *p != '\0'; p++) {
		char c = *p;
		if (c >= 'A' && c <= 'C')
			stacks[0][c - 'A']++;
		else if (c >= 'a' && c <= 'c')
			stacks[1][c - 'a']++;
	}
	const char *due = strcmp(phase, "second") == 0
	                          ? "capture, stack or pass"
	                          : "capture";
	snprintf(buf, size,
	         "W Tzaar %d Tzarra %d Tott %d\nB Tzaar %d Tzarra %d Tott "
	         "%d\nnow: %s",
	         stacks[0][0], stacks[0][1], stacks[0][2], stacks[1][0],
	         stacks[1][1], stacks[1][2], due);
	return true;
}

bool
ui_facts(const char *game, const char *fen, char *buf, size_t size)
{
	static const struct {
		const char *game;
		bool (*facts)(char *fen, char *buf, size_t size);
	} table[] = {
	        {"tetress", ui_facts_tetress},
	        {"infexion", ui_facts_infexion},
	        {"tzaar", ui_facts_tzaar},
	};
	if (size > 0)
		buf[0] = '\0';
	char *copy = strdup(fen);
	if (copy == NULL)
		return false;
	bool ok = false;
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (strcmp(table[i].game, game) == 0)
			ok = table[i].facts(copy, buf, size);
	free(copy);
	if (!ok && size > 0)
		buf[0] = '\0';
	return ok;
}
