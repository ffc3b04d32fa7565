/* The reference for "start to first complete frame": what any curses program must do to show
 * one full screen. initscr, fill every cell of the screen (as the paywall's first frame does),
 * show it with one refresh, exit. The benchmark waits for the last row's text. */
#include <curses.h>
#include <locale.h>

int main(void) {
    setlocale(LC_ALL, "");
    initscr();
    for (int row = 0; row < LINES - 1; row++)
        for (int col = 0; col < COLS; col++)
            mvaddch(row, col, (chtype)('a' + (row + col) % 26));
    mvaddstr(LINES - 1, 0, "minimal curses: first frame");
    refresh();
    endwin();
    return 0;
}
