/*
 * Compiler hints with portable fallbacks: they help warnings, never change
 * meaning, and vanish on compilers that lack them.
 */
#ifndef TABULA_CORE_ATTRS_H
#define TABULA_CORE_ATTRS_H

#if defined(__GNUC__) || defined(__clang__)
#define TABULA_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define TABULA_PRINTF(fmt, args)
#endif

#endif
