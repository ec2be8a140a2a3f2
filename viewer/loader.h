/* loader: opens and indexes the log off the main thread while the screen
 * shows its progress (q, Ctrl-C and Ctrl-Z still work), or on the calling
 * thread. */
#ifndef HECTIC_LOADER_H
#define HECTIC_LOADER_H

struct ui;

/* Opens the store and builds the tracks of u->o.path on this thread; sets
 * u->loaded (1, or -1 with u->err). Thread entry point: returns NULL. */
void *loader_run(void *u);

/* loader_run on a thread, drawing the progress frame until it is done;
 * quitting meanwhile ends the process (the loader may be deep in a scan).
 * Returns with u->loaded set. */
void loader_load(struct ui *u);

#endif
