/*
 * The terminal UI's entry point, called by main.c when the command line
 * names no command: no word (the menu), a game, a saved game or --resume.
 */
#ifndef TABULA_UI_UI_H
#define TABULA_UI_UI_H

/* Runs the UI with the whole command line; returns the exit status. */
int ui_main(int argc, char **argv);

#endif
