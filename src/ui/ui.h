/*
 * The terminal UI's entry point, called by main.c when the command line
 * names no command: no word (the menu), a game, a saved game or --resume.
 */
#ifndef TABULA_UI_UI_H
#define TABULA_UI_UI_H

#include <stdio.h>

/* Runs the UI with the whole command line; returns the exit status. */
int ui_main(int argc, char **argv);

/* Lists the UI's options, one a line with its help (tabula --help). */
void ui_print_options(FILE *out);

struct game_ops;
/* The same with the puzzle trainer on ops's puzzles on the game screen
 * (`tabula puzzle GAME`, trainer-main.c): the words are the UI's. */
int ui_main_puzzles(int argc, char **argv, const struct game_ops *ops);

#endif
