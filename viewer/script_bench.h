/* bench: `hectic --bench=SCRIPT FILE`, or with two files A B (the two-run
 * viewer's, B loaded beside A). Loads the log, then runs a key
 * script (keys separated by spaces; "/regex" searches) against an
 * invisible 200x50 screen, and prints the first frame's time and the
 * redraw times per key. */
#ifndef HECTIC_BENCH_H
#define HECTIC_BENCH_H

struct viewer;

/* Returns the exit status. */
int script_bench_run(struct viewer *u);

#endif
