/* table_heap: the profiles GHC writes into the log, from the heap the
 * caller built (table_data.h: heap_build_ticks). heap: a row per census
 * and band, the columns of `hectic heap --tsv` (a -hi band's provenance
 * from its IPE event); profile: the time profile's call tree as the .prof
 * has it, the columns of `hectic profile --tsv`. The reports write their
 * --tsv rows from these producers. A band's name is given in pieces
 * (table_piece: it can be megabytes) and made whole only for table_value,
 * in the cursor. */
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cctree.h"
#include "heap.h"

/* ---- heap ---- */

enum { HP_TIME, HP_BAND, HP_BYTES, HP_TABLE, HP_CLOSURE, HP_TYPE, HP_LABEL, HP_MODULE, HP_SRC };

static const struct table_col hp_cols[] = {
	[HP_TIME] = { "time", TABLE_INT, "ns", "the census's time (its HEAP_PROF_SAMPLE_BEGIN)",
		      .instant = true },
	[HP_BAND] = { "band", TABLE_TEXT, "",
		      "the band's name as GHC's .hp names it (a stack: its labels innermost "
		      "first, joined by /)",
		      .pieces = true },
	[HP_BYTES] = { "bytes", TABLE_INT, "bytes", "the band's live bytes at the census" },
	[HP_TABLE] = { "table", TABLE_TEXT, "",
		       "a -hi band's info table name (NULL: no IPE event for it)" },
	[HP_CLOSURE] = { "closure", TABLE_TEXT, "", "its closure type (NULL: no IPE event)" },
	[HP_TYPE] = { "type", TABLE_TEXT, "", "its Haskell type (NULL: no IPE event)" },
	[HP_LABEL] = { "label", TABLE_TEXT, "", "its label (NULL: no IPE event)" },
	[HP_MODULE] = { "module", TABLE_TEXT, "", "its module (NULL: no IPE event)" },
	[HP_SRC] = { "src", TABLE_TEXT, "",
		     "its source location (NULL: no IPE event, or none in it)" },
};

struct band_ipe { /* a band's provenance, resolved once */
	signed char k; /* -1 not yet, else heap_band_ipe's answer */
	struct ipe e;
};

struct hp_cursor {
	struct table_cursor base;
	const struct heap *h;
	const struct store *s;
	uint64_t hi;
	size_t k, i; /* the current census, and its current sample + 1 (0: none yet) */
	bool at;     /* on a row */
	/* a band named on several lines of one census (the .hp sums them) is
	 * one row, at its first line, of their sum: by band, the census
	 * summed (its index + 1), the sum and its first line there */
	size_t *in;
	uint64_t *sum;
	uint32_t *first;
	struct band_ipe *ipe; /* by band, for a -hi profile; NULL for another */
	struct heap_name_walk w;
	uint8_t *name; /* the band's name made whole, for table_value */
	size_t nname, cname;
	bool named; /* name holds the current row's */
};

static void hp_close(struct table_cursor *base)
{
	struct hp_cursor *c = (struct hp_cursor *)base;
	free(c->ipe);
	free(c->in);
	free(c->sum);
	free(c->first);
	free(c->name);
	free(c);
}

static struct table_cursor *hp_open(const struct table_data *d, const struct table_limits *l)
{
	const struct heap *h = d->h;
	struct hp_cursor *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->h = h;
	c->s = d->s;
	c->hi = l->hi;
	c->k = heap_census_from(h, l->lo); /* (the censuses are by time) */
	size_t nb = h->nbands ? h->nbands : 1;
	c->in = calloc(nb, sizeof *c->in);
	c->sum = calloc(nb, sizeof *c->sum);
	c->first = calloc(nb, sizeof *c->first);
	if (!c->in || !c->sum || !c->first) {
		hp_close(&c->base);
		return NULL;
	}
	if (h->breakdown == HEAP_BY_INFO_TABLE) {
		c->ipe = calloc(h->nbands ? h->nbands : 1, sizeof *c->ipe);
		if (!c->ipe) {
			hp_close(&c->base);
			return NULL;
		}
		for (size_t b = 0; b < h->nbands; b++)
			c->ipe[b].k = -1;
	}
	return &c->base;
}

/* Census k's bands summed into c (in, sum, first). */
static void hp_sum_census(struct hp_cursor *c, size_t k)
{
	const struct census *cs = &c->h->censuses[k];
	for (size_t i = 0; i < cs->n; i++) {
		const struct census_sample *x = &c->h->samples[cs->first + i];
		if (c->in[x->band] != k + 1) {
			c->in[x->band] = k + 1;
			c->sum[x->band] = 0;
			c->first[x->band] = (uint32_t)i;
		}
		c->sum[x->band] += x->bytes;
	}
}

static bool hp_next(struct table_cursor *base)
{
	struct hp_cursor *c = (struct hp_cursor *)base;
	const struct heap *h = c->h;
	c->named = false;
	while (c->k < h->ncensuses && h->censuses[c->k].time <= c->hi) {
		const struct census *cs = &h->censuses[c->k];
		if (c->i == 0)
			hp_sum_census(c, c->k);
		while (c->i < cs->n) {
			c->i++;
			/* (a band's later lines in the census: summed at its first) */
			if (c->first[h->samples[cs->first + c->i - 1].band] == c->i - 1)
				return true;
		}
		c->k++;
		c->i = 0;
	}
	return false;
}

static const struct census_sample *hp_sample(const struct hp_cursor *c)
{
	return &c->h->samples[c->h->censuses[c->k].first + c->i - 1];
}

/* The current band's provenance, or NULL. */
static const struct ipe *hp_ipe(struct hp_cursor *c)
{
	if (!c->ipe)
		return NULL;
	uint32_t b = hp_sample(c)->band;
	struct band_ipe *bi = &c->ipe[b];
	if (bi->k < 0) {
		uint64_t addr;
		bi->k = (signed char)heap_band_ipe(c->h, c->s, b, &addr, &bi->e);
	}
	return bi->k == 2 ? &bi->e : NULL;
}

static bool hp_piece(struct table_cursor *base, size_t col, bool first, const uint8_t **p,
		     size_t *n)
{
	struct hp_cursor *c = (struct hp_cursor *)base;
	if (col != HP_BAND)
		return false;
	if (first)
		heap_name_begin(&c->w, c->h, hp_sample(c)->band);
	return heap_name_next(&c->w, p, n);
}

/* The band's name made whole in the cursor; false when out of memory. */
static bool hp_name(struct hp_cursor *c)
{
	const uint8_t *p;
	size_t n;
	if (c->named)
		return true;
	c->nname = 0;
	for (bool first = true; hp_piece(&c->base, HP_BAND, first, &p, &n); first = false) {
		if (c->nname + n > c->cname) {
			size_t cap = (c->nname + n) * 2;
			uint8_t *q = realloc(c->name, cap);
			if (!q)
				return false;
			c->name = q;
			c->cname = cap;
		}
		memcpy(c->name + c->nname, p, n);
		c->nname += n;
	}
	c->named = true;
	return true;
}

/* A text from the file: never NULL, even when empty. */
static void hp_value(struct table_cursor *base, size_t col, struct table_value *v)
{
	struct hp_cursor *c = (struct hp_cursor *)base;
	const struct ipe *e = col >= HP_TABLE ? hp_ipe(c) : NULL;
	switch (col) {
	case HP_TIME: table_set_int(v, (int64_t)c->h->censuses[c->k].time); return;
	case HP_BAND:
		if (hp_name(c)) {
			table_set_text(v, c->nname ? c->name : (const uint8_t *)"", c->nname);
		} else {
			base->failed = true;
			table_set_null(v);
		}
		return;
	case HP_BYTES: table_set_int(v, (int64_t)c->sum[hp_sample(c)->band]); return;
	default: break;
	}
	if (!e) {
		table_set_null(v);
		return;
	}
	/* (a census band's closure type, where the IPE entry names none: its
	 * description, as heap --tsv prints it) */
	table_ipe_value(e, (int)col - HP_TABLE, true, v);
}

const struct table_def table_heap = {
	.name = "heap",
	.doc = "The heap profile, a row per census and band (a band named on several lines of "
	       "a census: their sum, as the .hp has it), as hectic heap --tsv lists them.",
	.cols = hp_cols,
	.ncols = sizeof hp_cols / sizeof hp_cols[0],
	.needs = TABLE_NEEDS_HEAP,
	.by = TABLE_BY_TIME,
	.time_col = HP_TIME,
	.cap_col = -1,
	.class_col = -1,
	.open = hp_open,
	.next = hp_next,
	.value = hp_value,
	.close = hp_close,
	.piece = hp_piece,
};

/* ---- profile ---- */

enum { PF_DEPTH, PF_CC, PF_MODULE, PF_SRC, PF_TICKS, PF_INHERITED };

static const struct table_col pf_cols[] = {
	[PF_DEPTH] = { "depth", TABLE_INT, "", "the node's depth in the call tree (MAIN: 0)" },
	[PF_CC] = { "cost_centre", TABLE_TEXT, "",
		    "its cost centre's label (MAIN for the root, <cc N> for an id the log "
		    "does not define)" },
	[PF_MODULE] = { "module", TABLE_TEXT, "", "the cost centre's module" },
	[PF_SRC] = { "src", TABLE_TEXT, "", "the cost centre's source location" },
	[PF_TICKS] = { "ticks", TABLE_INT, "", "ticks with exactly this stack (individual)" },
	[PF_INHERITED] = { "inherited_ticks", TABLE_INT, "",
			   "ticks with this stack as a prefix, its own included" },
};

struct pf_cursor {
	struct table_cursor base;
	const struct heap *h;
	const struct cctree *t;
	struct cctree own; /* built over the window, when no tree was handed */
	bool built;
	uint32_t *rows; /* the nodes in the .prof's order */
	size_t n, i;    /* rows, and the current one + 1 */
	char tmp[24];
};

static void pf_close(struct table_cursor *base)
{
	struct pf_cursor *c = (struct pf_cursor *)base;
	if (c->built)
		cctree_free(&c->own);
	free(c->rows);
	free(c);
}

static struct table_cursor *pf_open(const struct table_data *d, const struct table_limits *l)
{
	struct pf_cursor *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->h = d->h;
	c->t = d->cct;
	if (!c->t) {
		struct cctree_opts o = { .from = l->lo, .to = l->hi, .cap = -1 };
		if (!(c->built = cctree_build(&c->own, d->h, d->s, &o))) {
			pf_close(&c->base);
			return NULL;
		}
		c->t = &c->own;
	}
	c->n = cctree_rows(c->t, NULL, NULL, 0);
	c->rows = malloc((c->n ? c->n : 1) * sizeof *c->rows);
	if (!c->rows) {
		pf_close(&c->base);
		return NULL;
	}
	cctree_rows(c->t, NULL, c->rows, c->n);
	return &c->base;
}

/* The root, and the nodes with ticks under them (the .prof's rows). */
static bool pf_next(struct table_cursor *base)
{
	struct pf_cursor *c = (struct pf_cursor *)base;
	while (c->i < c->n) {
		const struct cc_node *x = &c->t->nodes[c->rows[c->i++]];
		if (x->inherited || c->i == 1)
			return true;
	}
	return false;
}

static void pf_value(struct table_cursor *base, size_t col, struct table_value *v)
{
	struct pf_cursor *c = (struct pf_cursor *)base;
	const struct cc_node *x = &c->t->nodes[c->rows[c->i - 1]];
	const struct cost_centre *cc = x->cc == CCT_NONE ? NULL : heap_cc(c->h, x->cc);
	const char *p = NULL;
	switch (col) {
	case PF_DEPTH: table_set_int(v, x->depth); return;
	case PF_TICKS: table_set_int(v, (int64_t)x->self); return;
	case PF_INHERITED: table_set_int(v, (int64_t)x->inherited); return;
	case PF_CC:
		if (cc) {
			table_set_text(v, cc->label, cc->nlabel);
			return;
		}
		if (x->cc == CCT_NONE) {
			p = "MAIN";
		} else {
			snprintf(c->tmp, sizeof c->tmp, "<cc %u>", x->cc);
			p = c->tmp;
		}
		break;
	case PF_MODULE:
		if (cc) {
			table_set_text(v, cc->module, cc->nmodule);
			return;
		}
		p = x->cc == CCT_NONE ? "MAIN" : "?";
		break;
	case PF_SRC:
		if (cc) {
			table_set_text(v, cc->srcloc, cc->nsrcloc);
			return;
		}
		p = x->cc == CCT_NONE ? "<built-in>" : "?";
		break;
	default: table_set_null(v); return;
	}
	table_set_text(v, p, strlen(p));
}

const struct table_def table_profile = {
	.name = "profile",
	.doc = "The time profile's call tree in the .prof's order, a row per stack with ticks, "
	       "as hectic profile --tsv lists them.",
	.cols = pf_cols,
	.ncols = sizeof pf_cols / sizeof pf_cols[0],
	.needs = TABLE_NEEDS_HEAP,
	.by = TABLE_WINDOW,
	.time_col = -1,
	.cap_col = -1,
	.class_col = -1,
	.open = pf_open,
	.next = pf_next,
	.value = pf_value,
	.close = pf_close,
};
