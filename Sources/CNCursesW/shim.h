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

// ---- Locale (TextWidth checks the codeset once before measuring) ----
#include <langinfo.h>
#include <string.h>
static inline int tb_codeset_is_utf8(void) {
    const char *cs = nl_langinfo(CODESET);
    return cs != 0 && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

// ---- Globals that Swift 6 rejects as mutable state (docs/terminal.md §1.1) ----
static inline WINDOW *tb_stdscr(void)           { return stdscr; }
static inline WINDOW *tb_curscr(void)           { return curscr; }
static inline int tb_lines(void)                { return LINES; }
static inline int tb_cols(void)                 { return COLS; }
static inline int tb_colors(void)               { return COLORS; }
static inline int tb_color_pairs(void)          { return COLOR_PAIRS; }

// ---- Attributes ----
static inline attr_t tb_a_normal(void)          { return A_NORMAL; }
static inline attr_t tb_a_bold(void)            { return A_BOLD; }
static inline attr_t tb_a_dim(void)             { return A_DIM; }
static inline attr_t tb_a_italic(void)          { return A_ITALIC; }
static inline attr_t tb_a_underline(void)       { return A_UNDERLINE; }
static inline attr_t tb_a_reverse(void)         { return A_REVERSE; }

// ---- Mouse masks: never hard-code, they depend on NCURSES_MOUSE_VERSION ----
static inline mmask_t tb_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t tb_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t tb_button_pressed(int b) {
    switch (b) { case 1: return BUTTON1_PRESSED; case 2: return BUTTON2_PRESSED;
                 case 3: return BUTTON3_PRESSED; case 4: return BUTTON4_PRESSED;
                 case 5: return BUTTON5_PRESSED; default: return 0; }
}
static inline mmask_t tb_button_released(int b) {
    switch (b) { case 1: return BUTTON1_RELEASED; case 2: return BUTTON2_RELEASED;
                 case 3: return BUTTON3_RELEASED; case 4: return BUTTON4_RELEASED;
                 case 5: return BUTTON5_RELEASED; default: return 0; }
}
static inline mmask_t tb_button_clicked(int b) {
    switch (b) { case 1: return BUTTON1_CLICKED; case 2: return BUTTON2_CLICKED;
                 case 3: return BUTTON3_CLICKED; default: return 0; }
}
static inline mmask_t tb_button_double_clicked(int b) {
    switch (b) { case 1: return BUTTON1_DOUBLE_CLICKED; case 2: return BUTTON2_DOUBLE_CLICKED;
                 case 3: return BUTTON3_DOUBLE_CLICKED; default: return 0; }
}
static inline mmask_t tb_button_triple_clicked(int b) {
    switch (b) { case 1: return BUTTON1_TRIPLE_CLICKED; case 2: return BUTTON2_TRIPLE_CLICKED;
                 case 3: return BUTTON3_TRIPLE_CLICKED; default: return 0; }
}

// ---- Key codes that are function-like macros ----
static inline int tb_key_f(int n)               { return KEY_F(n); }

// ---- Colour pairs beyond 32767 (ncurses 6.1) where the library has them ----
// Debian's ncursesw is 6.x; macOS's SDK ships ncurses 5.7, wide-character but without the
// extended-pair calls, so there pairs stay short (256 colours need far fewer than 32767 pairs).
#if defined(NCURSES_VERSION_MAJOR) && (NCURSES_VERSION_MAJOR > 6 || (NCURSES_VERSION_MAJOR == 6 && NCURSES_VERSION_MINOR >= 1))
static inline int tb_init_pair(int pair, int fg, int bg) { return init_extended_pair(pair, fg, bg); }
static inline int tb_setcchar(cchar_t *cc, const wchar_t *text, attr_t attrs, int pair) {
    return setcchar(cc, text, attrs, (short)(pair > 32767 ? 32767 : pair), &pair);
}
#else
static inline int tb_init_pair(int pair, int fg, int bg) {
    return pair > 32767 ? ERR : init_pair((short)pair, (short)fg, (short)bg);
}
static inline int tb_setcchar(cchar_t *cc, const wchar_t *text, attr_t attrs, int pair) {
    return setcchar(cc, text, attrs, (short)(pair > 32767 ? 32767 : pair), NULL);
}
#endif

// ---- Function-like macros over stdscr/windows ----
static inline int tb_mvwadd_wch(WINDOW *w, int y, int x, const cchar_t *c) { return mvwadd_wch(w, y, x, c); }
static inline int tb_mvwin_wch(WINDOW *w, int y, int x, cchar_t *c)        { return mvwin_wch(w, y, x, c); }


// ---- SIGWINCH also wakes the input wait (NcursesTerminal.readEvent, WakePipe) ----
// ncurses' own handler only sets a flag that the next wget_wch turns into KEY_RESIZE. The loop
// waits in poll(2) rather than in ncurses, so a resize arriving just before that wait would sit
// unseen until the next key; this handler runs ncurses' and then writes to the wake pipe.
// write(2) is async-signal-safe; errno is kept for the interrupted code.
// The state lives in a function-local static: a header's plain static globals are not emitted
// for Swift. Only NcursesTerminal.swift calls these, so its object file holds the one copy.
#include <errno.h>
#include <signal.h>
#include <unistd.h>
struct tb_winch_forwarding { int wake_fd; struct sigaction previous; };
static inline struct tb_winch_forwarding *tb_winch_state(void) {
    static struct tb_winch_forwarding state = { -1 };
    return &state;
}
static void tb_winch_forward(int signo) {
    int saved = errno;
    struct tb_winch_forwarding *state = tb_winch_state();
    if (!(state->previous.sa_flags & SA_SIGINFO) && state->previous.sa_handler != SIG_DFL &&
        state->previous.sa_handler != SIG_IGN) {
        state->previous.sa_handler(signo);
    }
    if (state->wake_fd >= 0) { char byte = 1; (void)!write(state->wake_fd, &byte, 1); }
    errno = saved;
}
static inline void tb_forward_winch_to(int fd) {
    struct tb_winch_forwarding *state = tb_winch_state();
    struct sigaction action;
    sigaction(SIGWINCH, NULL, &state->previous);
    memset(&action, 0, sizeof action);
    action.sa_handler = tb_winch_forward;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    state->wake_fd = fd;
    sigaction(SIGWINCH, &action, NULL);
}
static inline void tb_stop_forwarding_winch(void) {
    struct tb_winch_forwarding *state = tb_winch_state();
    sigaction(SIGWINCH, &state->previous, NULL);
    state->wake_fd = -1;
}
