// Loads profile files into speedscope itself (the `speedscope` npm package's
// own dist/release, served from 127.0.0.1) in headless Chromium, driven by
// puppeteer-core, and prints what speedscope shows of each, for
// tests/speedscope-browser.sh to compare with the file.
//
// Usage: node speedscope-read.cjs NODE_MODULES CHROMIUM OUTDIR FILE...
//
// How the state is read back (speedscope draws its flame graphs on a canvas,
// so not from there):
// - The page is opened as speedscope's own URL `index.html#profileURL=
//   /profiles/K/NAME&view=sandwich`, the way a person shares a profile.
// - The profiles: the toolbar's profile list (the dropdown of the "NAME
//   (i/N)" title, a DOM table: one `tr[title=NAME]` per profile); with one
//   profile there is no list and the title is the name. Each profile is
//   chosen as a person does, by the mouse-up on its row, and the toolbar
//   must then say "(i/N)".
// - The frames: the sandwich view's table (DOM: Total, Self, Symbol Name
//   per frame, one row per frame of the profile). Its list is virtual (only
//   the rows in view are in the DOM): the spacer's height is 20 px a row and
//   the rows' translateY is 20 px times the first row's index, so the table
//   is scrolled a page at a time until every index was seen.
// - The total weight: speedscope's own Export (the toolbar's "Export" tab,
//   clicked; Chromium saves the download to OUTDIR/K/): speedscope writes
//   its model of every profile as an evented profile whose endValue is the
//   profile's getTotalWeight(), the "total" of speedscope's model, and its
//   unit.
// Prints lines of tab-separated fields (names with \\, \t, \n, \r and
// other control characters as \xNN escaped):
//   file K PATH
//   error K TEXT                       speedscope did not show the file
//   profile K I NAME UNIT TOTAL ROWS   TOTAL: the export's endValue - startValue;
//                                      ROWS: the table's row count
//   frame K I NAME TOTAL SELF PREC     a table row, its Total and Self as
//                                      shown, read back into the profile's unit,
//                                      PREC the display's rounding (0: exact)
// With SPEEDSCOPE_SHOTS=DIR, a screenshot of each file's first profile,
// DIR/K.png. Exit status 0 when every file was read (an `error` line is
// still a read), 1 on a failure of the harness itself.
'use strict';
const path = require('path');
const http = require('http');
const fs = require('fs');

const [mods, chromium, outdir, ...files] = process.argv.slice(2);
if (!files.length) {
	console.error('usage: node speedscope-read.cjs NODE_MODULES CHROMIUM OUTDIR FILE...');
	process.exit(2);
}
const puppeteer = require(path.join(mods, 'puppeteer-core'));
const root = path.join(mods, 'speedscope', 'dist', 'release');
const ROW = 20; // px: the sandwich table's row height (its items' size)
const TIMEOUT = 20000;

const esc = (s) => String(s).replace(/[\x00-\x1f\x7f\\]/g, (c) =>
	({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] || `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
// numbers to 15 digits: no float noise (0.1 + 0.2) in the output
const num = (x) => (typeof x === 'number' ? Number(x.toPrecision(15)) : x);
const out = (...f) => process.stdout.write(f.map((x) => esc(num(x))).join('\t') + '\n');

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
	'.json': 'application/json', '.png': 'image/png', '.ico': 'image/x-icon', '.woff2': 'font/woff2' };

// speedscope's files under /, the profiles under /profiles/K/NAME
function serve(req, res) {
	let p;
	try {
		const u = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
		const m = /^\/profiles\/(\d+)\/[^/]*$/.exec(u);
		if (m) p = files[Number(m[1])];
		else {
			p = path.join(root, path.normalize(u === '/' ? '/index.html' : u));
			if (!p.startsWith(root + path.sep)) p = undefined;
		}
	} catch (e) {
		p = undefined;
	}
	if (!p) {
		res.writeHead(404);
		res.end();
		return;
	}
	fs.readFile(p, (err, data) => {
		if (err) {
			res.writeHead(404);
			res.end();
			return;
		}
		res.writeHead(200, { 'Content-Type': types[path.extname(p)] || 'application/octet-stream' });
		res.end(data);
	});
}

// a value as speedscope's formatters show it (lib/value-formatters.ts):
// "1,234" (none: toLocaleString, en-US), "1.23ms" (time: toFixed(2) in
// s/ms/µs/ns, "M:SS" from a minute), "1.23 KB" (bytes), back into the unit
// with the display's rounding as PREC
const timeScale = { nanoseconds: 1e-9, microseconds: 1e-6, milliseconds: 1e-3, seconds: 1 };
const suffix = { s: 1, ms: 1e-3, 'µs': 1e-6, ns: 1e-9 };
function parseShown(text, unit) {
	const t = text.replace(/\s*\([^)]*\)\s*$/, '').trim(); // "7 (70%)": the value
	let m;
	if (unit in timeScale) {
		const k = 1 / timeScale[unit];
		if ((m = /^(-?)(\d+):(\d\d)$/.exec(t)))
			return [(m[1] ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * k, 1 * k];
		if ((m = /^(-?\d+\.\d+)(s|ms|µs|ns)$/.exec(t))) return [Number(m[1]) * suffix[m[2]] * k, 0.005 * suffix[m[2]] * k];
	} else if (unit === 'bytes') {
		const mult = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };
		if ((m = /^(-?\d+(?:\.\d+)?) (B|KB|MB|GB)$/.exec(t))) return [Number(m[1]) * mult[m[2]], (m[2] === 'B' ? 0.5 : 0.005) * mult[m[2]]];
	} else if ((m = /^-?[\d,]+(\.\d+)?$/.exec(t))) {
		return [Number(t.replace(/,/g, '')), m[1] ? 0.0005 : 0];
	}
	throw new Error(`cannot read the shown value '${text}' (unit ${unit})`);
}

// in the page: the toolbar title "NAME (i/N)" or "NAME", and the profile list
function toolbar() {
	const rows = [...document.querySelectorAll('tr[title]')].filter((r) => r.cells.length === 3);
	const th = [...document.querySelectorAll('th')].find((e) => e.textContent === 'Symbol Name');
	return { list: rows.map((r) => r.title), table: !!th, text: document.body.innerText.slice(0, 2000) };
}

// in the page: the sandwich table's rows in the DOM, with their indexes
function tableRows() {
	const th = [...document.querySelectorAll('th')].find((e) => e.textContent === 'Symbol Name');
	if (!th) return null;
	const view = th.closest('table').nextElementSibling;
	const spacer = view && view.firstElementChild;
	const shift = spacer && spacer.firstElementChild;
	if (!shift) return null;
	const m = /translateY\((-?[\d.]+)px\)/.exec(shift.style.transform || 'translateY(0px)');
	const rows = [...shift.querySelectorAll('tr')].filter((r) => r.cells.length === 3);
	return {
		height: parseFloat(spacer.style.height),
		first: m ? parseFloat(m[1]) : NaN,
		view: view.clientHeight,
		rows: rows.map((r) => [r.cells[0].firstChild.textContent, r.cells[1].firstChild.textContent, r.cells[2].textContent]),
	};
}

async function readTable(page) {
	const seen = new Map();
	let n = null;
	for (let step = 0; step < 100000; step++) {
		const t = await page.evaluate(tableRows);
		if (!t) throw new Error('no sandwich table');
		n = Math.round(t.height / ROW);
		if (!t.rows.length && n) {
			await new Promise((r) => setTimeout(r, 50));
			continue;
		}
		const first = Math.round(t.first / ROW);
		t.rows.forEach((r, j) => seen.set(first + j, r));
		let next = 0;
		while (seen.has(next)) next++;
		if (next >= n) break;
		const top = next * ROW;
		await page.evaluate((top) => {
			const th = [...document.querySelectorAll('th')].find((e) => e.textContent === 'Symbol Name');
			th.closest('table').nextElementSibling.scrollTop = top;
		}, top);
		await page.waitForFunction(
			(want) => {
				const th = [...document.querySelectorAll('th')].find((e) => e.textContent === 'Symbol Name');
				const shift = th.closest('table').nextElementSibling.firstElementChild.firstElementChild;
				const m = /translateY\((-?[\d.]+)px\)/.exec(shift.style.transform);
				return m && Math.round(parseFloat(m[1]) / 20) <= want && shift.querySelectorAll('tr').length > 0 &&
					Math.round(parseFloat(m[1]) / 20) + shift.querySelectorAll('tr').length > want;
			},
			{ timeout: TIMEOUT },
			next,
		);
	}
	const rows = [];
	for (let i = 0; i < n; i++) rows.push(seen.get(i));
	return rows;
}

async function exportModel(page, dir) {
	fs.mkdirSync(dir, { recursive: true });
	const cdp = await page.createCDPSession();
	await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir });
	const clicked = await page.evaluate(() => {
		const tab = [...document.querySelectorAll('div')].find((d) => d.childElementCount === 1 &&
			d.firstElementChild.tagName === 'SPAN' && d.lastChild.textContent === 'Export');
		if (tab) tab.click();
		return !!tab;
	});
	if (!clicked) throw new Error('no Export tab in speedscope\'s toolbar');
	const end = Date.now() + TIMEOUT;
	for (;;) {
		const done = fs.readdirSync(dir).filter((f) => f.endsWith('.speedscope.json'));
		if (done.length) {
			// Chromium renames the .crdownload when it is complete, but
			// under load the file has been seen under its name before its
			// bytes were all there (an empty or cut JSON once in about
			// ten runs): read it again until it parses or time is up
			try {
				return JSON.parse(fs.readFileSync(path.join(dir, done[0]), 'utf8'));
			} catch (e) {
				if (!(e instanceof SyntaxError) || Date.now() > end) throw e;
			}
		}
		if (Date.now() > end) throw new Error('speedscope\'s export did not arrive');
		await new Promise((r) => setTimeout(r, 50));
	}
}

async function readFile(browser, port, k) {
	const page = await browser.newPage();
	const problems = [];
	let saidNo;
	const no = new Promise((r) => (saidNo = r));
	page.on('dialog', async (d) => {
		problems.push(`dialog: ${d.message()}`);
		await d.dismiss();
		saidNo();
	});
	page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
	page.on('console', (m) => {
		if (m.type() === 'error' || /Failed to load format|Unrecognized/.test(m.text())) problems.push(`console: ${m.text()}`);
	});
	await page.setViewport({ width: 1400, height: 1200 });
	const url = `/profiles/${k}/${encodeURIComponent(path.basename(files[k]))}`;
	await page.goto(`http://127.0.0.1:${port}/index.html#profileURL=${encodeURIComponent(url)}&view=sandwich`);
	// loaded: the sandwich table is there, or speedscope said it could not
	// (speedscope says "Unrecognized format!" in an alert, and leaves the
	// landing page)
	const shown = page.waitForFunction(
		() => [...document.querySelectorAll('th')].some((e) => e.textContent === 'Symbol Name') ||
			/Something went wrong/.test(document.body.innerText),
		{ timeout: TIMEOUT },
	);
	shown.catch(() => {}); // (still waiting when the page closes after an alert)
	try {
		await Promise.race([no, shown]);
	} catch (e) {
		problems.push(`no profile shown after ${TIMEOUT / 1000} s`);
	}
	const tb = await page.evaluate(toolbar);
	if (!tb.table || problems.length) {
		out('error', k, (problems.join('; ') || 'no profile shown') + ` (page: ${tb.text.replace(/\s+/g, ' ').slice(0, 100)})`);
		await page.close();
		return;
	}
	if (process.env.SPEEDSCOPE_SHOTS) await page.screenshot({ path: path.join(process.env.SPEEDSCOPE_SHOTS, `${k}.png`) });
	const model = await exportModel(page, path.join(outdir, String(k)));
	const n = tb.list.length || 1;
	if (model.profiles.length !== n) {
		out('error', k, `the toolbar lists ${n} profiles, speedscope's export ${model.profiles.length}`);
		await page.close();
		return;
	}
	for (let i = 0; i < n; i++) {
		if (tb.list.length) {
			// choose profile i as a person does: mouse-up on its row of the list
			await page.evaluate((i) => {
				const rows = [...document.querySelectorAll('tr[title]')].filter((r) => r.cells.length === 3);
				rows.find((r) => r.cells[0].textContent === String(i + 1))
					.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
			}, i);
			await page.waitForFunction((want) => document.body.innerText.includes(want), { timeout: TIMEOUT }, `(${i + 1}/${n})`);
		}
		const p = model.profiles[i];
		const name = tb.list.length ? tb.list[i] : p.name;
		if (name !== p.name) throw new Error(`file ${k} profile ${i}: the list says '${name}', the export '${p.name}'`);
		const rows = await readTable(page);
		out('profile', k, i, name, p.unit, p.endValue - p.startValue, rows.length);
		for (const [total, self, fname] of rows) {
			const [tv, tp] = parseShown(total, p.unit);
			const [sv, sp] = parseShown(self, p.unit);
			out('frame', k, i, fname, tv, sv, Math.max(tp, sp));
		}
	}
	await page.close();
}

async function main() {
	const server = http.createServer(serve);
	await new Promise((r) => server.listen(0, '127.0.0.1', r));
	const port = server.address().port;
	const browser = await puppeteer.launch({
		executablePath: chromium,
		headless: true,
		// root has no sandbox; speedscope needs WebGL, which headless
		// Chromium gives only on SwiftShader, behind this flag
		args: ['--no-sandbox', '--enable-unsafe-swiftshader', '--lang=en-US'],
		env: { ...process.env, LANG: 'en_US.UTF-8', LANGUAGE: 'en_US' },
	});
	try {
		for (let k = 0; k < files.length; k++) {
			out('file', k, files[k]);
			await readFile(browser, port, k);
		}
	} finally {
		await browser.close();
		server.close();
	}
}

main().catch((e) => {
	console.error(`speedscope-read: ${e.stack || e}`);
	process.exit(1);
});
