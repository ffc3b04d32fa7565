// glibc's malloc tuning (<malloc.h>), which the Glibc module leaves out.
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

/// One malloc arena for all threads. glibc gives each thread that allocates an arena of its own,
/// and the store's, the clock's and the runtime's threads each kept a part-used one: 0.3 MB of a
/// paywall session's resident memory (BENCHMARKS.md, hardening item 8). Elsewhere, nothing.
static inline void tb_one_malloc_arena(void) {
#ifdef M_ARENA_MAX
    mallopt(M_ARENA_MAX, 1);
#endif
}
