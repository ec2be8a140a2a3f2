/* viewer_run: one log the viewer shows (core.h: struct viewer_run), set
 * up before its log is opened, and freed. */
#include "core.h"

#include <stdio.h>
#include <string.h>

void viewer_run_init(const struct viewer *u, struct viewer_run *r, const char *path)
{
	memset(r, 0, sizeof *r);
	r->o = &u->o;
	r->run.path = path ? path : "";
	r->run.src.kind = SRC_FILE; /* mainloop_run makes it a stream's spool when it is one */
	snprintf(r->run.src.path, sizeof r->run.src.path, "%s", r->run.path);
	r->run.src.in = r->run.src.spool = r->run.src.wake[0] = r->run.src.wake[1] = -1;
	r->lv.ino = r->lv.wd = -1;
}

void viewer_run_free(struct viewer_run *r)
{
	/* the findings' thread reads the store: it ends first */
	if (r->doc.joinable) {
		r->doc.stop = 1;
		pthread_join(r->doc.th, NULL);
		r->doc.joinable = false;
	}
	doctor_free(&r->doc.d);
	r->doc.state = FINDINGS_NONE;
	skeleton_free(&r->sk);
	gcs_compact_free(&r->gcc);
	bool opened = r->run.opened;
	run_close(&r->run); /* what was built, the store, and the source with it */
	if (!opened)
		source_close(&r->run.src);
	r->loaded = 0;
}
