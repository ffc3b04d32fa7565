// The only header that sees ncurses (docs/terminal.md §1.1).
// SwiftPM drops pkg-config's -D flags, so the wide-character API must be switched on here.
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif

// glibc declares wcwidth only under _XOPEN_SOURCE; Glibc's module parsed <wchar.h> without it.
extern int wcwidth(wchar_t);

static inline int tb_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }
