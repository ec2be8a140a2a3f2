// What speedscope should show of a file, computed from the file alone (plain
// JSON.parse, no speedscope code), in speedscope-read.cjs's line format, for
// tests/speedscope-browser.sh to compare with what speedscope did show.
//
// Usage: node expect.cjs speedscope|trace K FILE
//
// speedscope (speedscope's own file format, sampled profiles):
//   profile K I NAME UNIT TOTAL ROWS   TOTAL: the sum of the weights (speedscope
//                                      takes the larger of that and
//                                      endValue - startValue: the file's
//                                      endValue must not say more); ROWS: the
//                                      frames its samples use
//   frame K I NAME TOTAL SELF 0        TOTAL: the weight of the samples with the
//                                      frame anywhere on their stack (once per
//                                      sample), SELF: with it on top
// trace (Chrome Trace Event Format, as speedscope's trace-event importer
// reads it): a profile per (pid, tid) of the B, E and X events, in the order
// of the zero-padded "pid:tid", named "PROCESS (pid P), THREAD (tid T)" from
// the process_name and thread_name metadata (or the parts there are); its
// frames are the events' names, each followed by " " and JSON.stringify(args)
// when the event has args
//   profile K I NAME microseconds SPAN ROWS   SPAN: the last end (ts, or
//                                             ts + dur) minus the first ts
//   frame K I NAME TOTAL SELF 0        on a track of X events none of which
//                                      is inside another (within 1 ns): the
//                                      sum of the frame's durations, as both
//                                      its Total and Self
//   frame K I NAME - - -               on another track (nested slices, B/E)
// X events on one track that overlap without nesting are an error (exit 1).
'use strict';
const fs = require('fs');

const [kind, k, file] = process.argv.slice(2);
const esc = (s) => String(s).replace(/[\x00-\x1f\x7f\\]/g, (c) =>
	({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] || `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
// numbers to 15 digits: no float noise (0.1 + 0.2) in the output
const num = (x) => (typeof x === 'number' ? Number(x.toPrecision(15)) : x);
const out = (...f) => process.stdout.write(f.map((x) => esc(num(x))).join('\t') + '\n');
let d;

function speedscope() {
	const frames = d.shared.frames;
	d.profiles.forEach((p, i) => {
		if (p.type !== 'sampled') throw new Error(`profile ${i}: type ${p.type}, not sampled`);
		if (p.samples.length !== p.weights.length) throw new Error(`profile ${i}: ${p.samples.length} samples, ${p.weights.length} weights`);
		const total = new Map();
		const self = new Map();
		let sum = 0;
		p.samples.forEach((stack, j) => {
			const w = p.weights[j];
			sum += w;
			for (const f of new Set(stack)) total.set(f, (total.get(f) || 0) + w);
			if (stack.length) self.set(stack[stack.length - 1], (self.get(stack[stack.length - 1]) || 0) + w);
		});
		out('profile', k, i, p.name, p.unit, sum, total.size);
		for (const [f, t] of total) {
			if (!frames[f]) throw new Error(`profile ${i}: frame ${f} not in shared.frames`);
			out('frame', k, i, frames[f].name, t, self.get(f) || 0, 0);
		}
	});
}

function trace() {
	const events = Array.isArray(d) ? d : d.traceEvents;
	const pname = new Map();
	const tname = new Map();
	for (const e of events) {
		if (e.ph === 'M' && e.name === 'process_name' && e.args && e.args.name) pname.set(Number(e.pid), e.args.name);
		if (e.ph === 'M' && e.name === 'thread_name' && e.args && e.args.name) tname.set(`${Number(e.pid)}:${Number(e.tid)}`, e.args.name);
	}
	const pad = (n) => String(n).padStart(10, '0');
	const tracks = new Map();
	for (const e of events) {
		if (e.ph !== 'B' && e.ph !== 'E' && e.ph !== 'X') continue;
		const pid = Number(e.pid);
		const tid = Number(e.tid);
		const key = `${pad(pid)}:${pad(tid)}`;
		if (!tracks.has(key)) tracks.set(key, { pid, tid, first: Infinity, last: -Infinity, names: new Map(), slices: [], flat: true });
		const t = tracks.get(key);
		const end = e.ph === 'X' ? e.ts + (e.dur ?? e.tdur ?? 0) : e.ts;
		t.first = Math.min(t.first, e.ts);
		t.last = Math.max(t.last, end);
		const name = `${e.name || '(unnamed)'}` + (e.args ? ` ${JSON.stringify(e.args)}` : '');
		t.names.set(name, (t.names.get(name) || 0) + (end - e.ts));
		if (e.ph === 'X') t.slices.push([e.ts, end]);
		else t.flat = false;
	}
	// the format's X events on a track nest, or speedscope (and Perfetto)
	// draw them wrong: one that starts inside another and ends after it is
	// an error of the file
	for (const t of tracks.values()) {
		t.slices.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
		const open = [];
		for (const [s, e] of t.slices) {
			while (open.length && open[open.length - 1] <= s + 0.001) open.pop();
			if (open.length) {
				t.flat = false;
				if (e > open[open.length - 1] + 0.001)
					throw new Error(`pid ${t.pid} tid ${t.tid}: the slice ${s} to ${e} overlaps one ending at ${open[open.length - 1]} without nesting in it`);
			}
			open.push(e);
		}
	}
	[...tracks.keys()].sort().forEach((key, i) => {
		const t = tracks.get(key);
		const p = pname.get(t.pid);
		const th = tname.get(`${t.pid}:${t.tid}`);
		const name = p != null && th != null ? `${p} (pid ${t.pid}), ${th} (tid ${t.tid})`
			: p != null ? `${p} (pid ${t.pid}, tid ${t.tid})`
				: th != null ? `${th} (pid ${t.pid}, tid ${t.tid})` : `pid ${t.pid}, tid ${t.tid}`;
		out('profile', k, i, name, 'microseconds', t.last - t.first, t.names.size);
		for (const [n, w] of t.names) {
			if (t.flat) out('frame', k, i, n, w, w, 0);
			else out('frame', k, i, n, '-', '-', '-');
		}
	});
}

try {
	d = JSON.parse(fs.readFileSync(file, 'utf8'));
	if (kind === 'speedscope') speedscope();
	else if (kind === 'trace') trace();
	else throw new Error(`unknown kind ${kind}`);
} catch (e) {
	console.error(`expect.cjs: ${file}: ${e.message}`);
	process.exit(1);
}
