/* The reference for "start to first frame": initscr, draw one line, show it, exit. */
#include <curses.h>
#include <locale.h>

int main(void) {
    setlocale(LC_ALL, "");
    initscr();
    mvaddstr(0, 0, "minimal curses: first frame");
    refresh();
    endwin();
    return 0;
}
