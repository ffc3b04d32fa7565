/* Records which pages of the executable's code a run executes, in first-touch order, for
 * scripts/order-symbols. Loaded with LD_PRELOAD: the constructor maps the executable's code
 * PROT_NONE; each first execution of a page then faults, the handler writes the page's offset
 * as a link-time address (one decimal line) to $TEXT_PAGES_OUT and gives the page
 * back its R|X, so every page is reported once and the program runs on unchanged.
 * Build: cc -O2 -shared -fPIC -o text-pages.so scripts/text-pages.c
 * The Swift runtime's crash backtracer also wants SIGSEGV: run with SWIFT_BACKTRACE=enable=no.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static uintptr_t text_start, text_end, load_base;
static int out = -1;

static void on_fault(int sig, siginfo_t *info, void *context) {
    (void)sig; (void)context;
    uintptr_t address = (uintptr_t)info->si_addr;
    if (address < text_start || address >= text_end) {
        /* A real crash: fall back to the default action and let it happen again. */
        signal(SIGSEGV, SIG_DFL);
        return;
    }
    uintptr_t page = address & ~(uintptr_t)4095;
    char line[32];
    int n = 0;
    uintptr_t offset = page - load_base;
    char digits[24];
    int d = 0;
    do { digits[d++] = (char)('0' + offset % 10); offset /= 10; } while (offset);
    while (d) line[n++] = digits[--d];
    line[n++] = '\n';
    (void)!write(out, line, (size_t)n);
    mprotect((void *)page, 4096, PROT_READ | PROT_EXEC);
}

__attribute__((constructor)) static void start(void) {
    const char *path = getenv("TEXT_PAGES_OUT");
    if (!path) return;
    out = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
    if (out < 0) return;
    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0) return;
    exe[len] = 0;
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps) return;
    char line[8192];
    while (fgets(line, sizeof line, maps)) {
        unsigned long lo, hi, offset;
        char perms[8], file[4096] = "";
        if (sscanf(line, "%lx-%lx %7s %lx %*s %*s %4095s", &lo, &hi, perms, &offset, file) < 4 ||
            strcmp(file, exe) != 0) continue;
        if (offset == 0 && !load_base) load_base = lo;
        if (strcmp(perms, "r-xp") == 0) { text_start = lo; text_end = hi; }
    }
    fclose(maps);
    if (!text_start) return;
    static char alt[65536];
    stack_t stack = { .ss_sp = alt, .ss_size = sizeof alt };
    sigaltstack(&stack, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, NULL);
    mprotect((void *)text_start, text_end - text_start, PROT_NONE);
}
