/* The findings of each run (findings.h): doctor_run on a thread, or as a
 * busy step for a log still followed, and the status line's word of their
 * warnings. */
#include "findings.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core.h"
#include "loader.h"
#include "term.h"

bool findings_ready(const struct viewer_run *r)
{
	return __atomic_load_n(&r->doc.state, __ATOMIC_ACQUIRE) == FINDINGS_READY;
}

/* doctor_run over the whole of r's log, into r->doc.d. */
static void doctor_make(struct viewer_run *r)
{
	doctor_run(&r->run.s, &r->run.tr, 0, UINT64_MAX, &r->doc.stop, &r->doc.d);
}

static void *doctor_thread(void *arg)
{
	struct viewer_run *r = arg;
	doctor_make(r);
	__atomic_store_n(&r->doc.state, FINDINGS_READY, __ATOMIC_RELEASE);
	term_wake(); /* the main loop says them at once */
	return NULL;
}

/* r's findings begun on their thread (or made here when no thread can be). */
static void start(struct viewer_run *r)
{
	doctor_free(&r->doc.d);
	r->doc.so_far = false;
	r->doc.said = false;
	r->doc.at_open = false;
	r->doc.reloads = r->lv.reloads;
	__atomic_store_n(&r->doc.state, FINDINGS_RUNNING, __ATOMIC_RELEASE);
	r->doc.joinable = pthread_create(&r->doc.th, NULL, doctor_thread, r) == 0;
	if (!r->doc.joinable)
		doctor_thread(r);
}

/* What the status line says of r's warnings, after sep, into b (n bytes):
 * nothing when it has none. */
static void say_warnings(const struct viewer *u, const struct viewer_run *r, char *b, size_t n)
{
	const struct doctor *d = &r->doc.d;
	size_t warns = 0;
	for (size_t i = 0; i < d->n; i++)
		warns += finding_warns(&d->f[i]);
	if (!warns)
		return;
	size_t k = strlen(b);
	char more[48] = "";
	if (warns > 1)
		snprintf(more, sizeof more, ", %zu more warning%s", warns - 1, warns > 2 ? "s" : "");
	snprintf(b + k, n - k, "%s%s%s%s costs %.0f%% of the run%s", k ? "; " : "",
		 u->other ? (r == &u->runs[0] ? "A" : "B") : "", u->other ? ": " : "",
		 doctor_kind_name(d->f[0].kind), 100.0 * d->f[0].cost, more);
}

/* When the log was opened (findings_begin, live_now_ms), and whether a key
 * or the mouse was taken since (findings_key). */
static uint64_t opened_ms;
static bool keyed;

void findings_key(void)
{
	keyed = true;
}

/* Findings begun at the open that are ready once the user has taken the
 * screen on, but sooner than FINDINGS_LATE_MS after the open, are not
 * said: the screen the keys made stays as a fresh open's would (whose
 * first frame would have said them, and its next key cleared it); later
 * ones are news, and said. */
static bool quiet(const struct viewer_doctor *dc)
{
	return dc->at_open && keyed && live_now_ms() - opened_ms < FINDINGS_LATE_MS;
}

/* The runs' warnings not said yet said, once: as the message, or after the
 * one there (a load's PARTIAL, a run's end), which is not lost; when it
 * has no room, at a later frame. True when said. */
static bool say_all(struct viewer *u)
{
	char said[300] = "", m[400];
	bool due = false;
	for (int i = 0; i < (u->other ? 2 : 1); i++) {
		const struct viewer_doctor *dc = &u->runs[i].doc;
		if (findings_ready(&u->runs[i]) && !dc->said && !dc->so_far) {
			due = true;
			if (!quiet(dc))
				say_warnings(u, &u->runs[i], said, sizeof said);
		}
	}
	if (!due)
		return false;
	snprintf(m, sizeof m, "doctor: %s (%s: the findings)", said, core_key_for(u, ACT_FINDINGS));
	if (*said && u->msg[0] && !u->msg_hint) {
		char was[sizeof u->msg];
		snprintf(was, sizeof was, "%s", u->msg);
		if (strlen(was) + 2 + strlen(m) >= sizeof u->msg)
			return false;
		core_say(u, "%s; %s", was, m);
	} else if (*said) {
		core_say(u, "%s", m);
	}
	for (int i = 0; i < (u->other ? 2 : 1); i++)
		if (findings_ready(&u->runs[i]) && !u->runs[i].doc.so_far)
			u->runs[i].doc.said = true;
	return true;
}

bool findings_poll(struct viewer *u)
{
	if (!u->ready)
		return false;
	bool again = false;
	for (int i = 0; i < (u->other ? 2 : 1); i++) {
		struct viewer_run *r = &u->runs[i];
		struct viewer_doctor *dc = &r->doc;
		int st = __atomic_load_n(&dc->state, __ATOMIC_ACQUIRE);
		if (st == FINDINGS_READY && dc->joinable) {
			pthread_join(dc->th, NULL);
			dc->joinable = false;
		}
		/* those of a log followed, once it is whole (or no longer
		 * followed): made again, of all of it */
		if (st == FINDINGS_READY && dc->so_far && !r->lv.follow)
			st = FINDINGS_NONE;
		if (st == FINDINGS_NONE && r->loaded == 1 && !r->lv.follow) {
			start(r);
			again = true;
		}
	}
	return say_all(u) || again;
}

static void make_job(void *arg)
{
	doctor_make(arg);
}

void findings_now(struct viewer *u, struct viewer_run *r)
{
	struct viewer_doctor *dc = &r->doc;
	int st = __atomic_load_n(&dc->state, __ATOMIC_ACQUIRE);
	if (st == FINDINGS_RUNNING || !r->lv.follow ||
	    (st == FINDINGS_READY && dc->reloads == r->lv.reloads))
		return;
	doctor_free(&dc->d);
	busy_run(u, "reading the log for its findings", make_job, r);
	dc->so_far = true;
	dc->reloads = r->lv.reloads;
	__atomic_store_n(&dc->state, FINDINGS_READY, __ATOMIC_RELEASE);
}

void findings_begin(struct viewer *u)
{
	opened_ms = live_now_ms();
	keyed = false;
	findings_poll(u);
	for (int i = 0; i < (u->other ? 2 : 1); i++)
		u->runs[i].doc.at_open = true;
	for (int ms = 0; ms < FINDINGS_WAIT_MS; ms += 2) {
		bool all = true;
		for (int i = 0; i < (u->other ? 2 : 1); i++)
			all &= __atomic_load_n(&u->runs[i].doc.state, __ATOMIC_ACQUIRE) != FINDINGS_RUNNING;
		if (all)
			break;
		nanosleep(&(struct timespec){ 0, 2000000 }, NULL);
	}
	findings_poll(u);
}
