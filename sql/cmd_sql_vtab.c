/* cmd_sql_vtab: the registry's tables (model/table.h) as SQLite virtual
 * tables (https://www.sqlite.org/vtab.html), and the connection's safety.
 *
 * Each table is an eponymous-only module: it exists in every connection
 * under its own name, reads the open log through its producer, and copies
 * nothing. xBestIndex claims the constraints the producer applies exactly
 * (table_def.by): a range or an equality on the time column, an equality
 * on the capability, the class or the event type, or an IN list of them
 * (taken all at once: sqlite3_vtab_in, so that the rows stay in time
 * order), and EXPLAIN QUERY PLAN names them (idxStr). The rows the
 * producer gives are those SQLite's comparison keeps, by the same rules
 * (model/pushdown.c: a REAL, a number as text, a blob, NULL, a text with a
 * NUL); a class only under the BINARY collation. SQLite leaves a condition
 * to the producer (omit) when its value is a literal, whose comparison is
 * sure (a number as text is read as its number, a class's text under the
 * collation xBestIndex is told); otherwise (a subquery, an expression, an
 * IN list) the producer gives the rows any reading of the value could keep
 * (a class under any collation), and SQLite checks each again. An ORDER
 * BY the
 * time column ascending is the producer's own order: consumed, so that a
 * LIMIT stops the scan early.
 *
 * With two logs, the second's tables are in schema b and the first's in
 * main and a: an eponymous table exists in main alone, so a and b are
 * in-memory databases attached before the connection is locked, each
 * holding a CREATE VIRTUAL TABLE per table whose argument names its log
 * (gcs(1)); the module's xCreate is its xConnect, which keeps the
 * eponymous tables of main. */
#include "sql.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../model/pushdown.h"
#include "../model/table.h"
#include "../common/say.h"

/* The constraints xBestIndex claims, in idxNum's bits; their values come
 * in argv in this order, one each (a bound that repeats is claimed once:
 * SQLite checks the others). */
enum { K_EQ, K_GT, K_GE, K_LT, K_LE, K_CAP, K_CLASS, K_TYPE, K_N };
static const char *const k_text[K_N] = { "=?", ">?", ">=?", "<?", "<=?", "=?", "=?", "=?" };
/* idxNum: bit k for a claimed kind, bit K_N + k when its value is an IN
 * list, bit 2 K_N + k when SQLite leaves it to us (omit: the rows are
 * surely SQLite's) */
#define K_IN(k) (1 << (K_N + (k)))
#define K_SURE(k) (1 << (2 * K_N + (k)))
static const enum pd_op k_op[K_CAP] = { PD_EQ, PD_GT, PD_GE, PD_LT, PD_LE };

struct vtab {
	sqlite3_vtab base;
	const struct table_def *t;
	struct sql_data *d;
};

struct vcur {
	sqlite3_vtab_cursor base;
	struct table_cursor *c;
	bool eof, empty;
	sqlite3_int64 rowid;
	int32_t *caps;   /* an IN list's values */
	uint16_t *types; /* a type's or an IN list's */
	size_t ncaps, ntypes;
};

/* A module's aux: its table and the logs. */
struct vaux {
	const struct table_def *t;
	struct sql_data *d;
	int nd;
};

static int v_connect(sqlite3 *db, void *aux_, int argc, const char *const *argv,
		     sqlite3_vtab **out, char **err)
{
	const struct vaux *aux = aux_;
	const struct table_def *t = aux->t;
	/* argv[3]: the log's index (CREATE VIRTUAL TABLE b.t USING t(1));
	 * none: the first (main's eponymous table) */
	int log = argc > 3 ? atoi(argv[3]) : 0;
	if (log < 0 || log >= aux->nd) {
		*err = sqlite3_mprintf("%s: no log %s", t->name, argv[3]);
		return SQLITE_ERROR;
	}
	char *decl = sqlite3_mprintf("CREATE TABLE x(");
	for (size_t i = 0; decl && i < t->ncols; i++) {
		char *next = sqlite3_mprintf("%s%s\"%w\" %s", decl, i ? ", " : "", t->cols[i].name,
					     table_type_name(t->cols[i].type));
		sqlite3_free(decl);
		decl = next;
	}
	char *full = decl ? sqlite3_mprintf("%s)", decl) : NULL;
	sqlite3_free(decl);
	struct sql_data *d = &aux->d[log];
	/* its CREATE TABLE is checked as a statement's would be: allowed */
	if (d->auth)
		d->auth->declaring = true;
	int rc = full ? sqlite3_declare_vtab(db, full) : SQLITE_NOMEM;
	if (d->auth)
		d->auth->declaring = false;
	sqlite3_free(full);
	if (rc != SQLITE_OK)
		return rc;
	struct vtab *v = sqlite3_malloc(sizeof *v);
	if (!v)
		return SQLITE_NOMEM;
	memset(v, 0, sizeof *v);
	v->t = t;
	v->d = d;
	*out = &v->base;
	return SQLITE_OK;
}

static int v_disconnect(sqlite3_vtab *base)
{
	sqlite3_free(base);
	return SQLITE_OK;
}

/* The kind of usable constraint i the table applies, or -1. */
static int claim(const struct table_def *t, sqlite3_index_info *info, int i)
{
	int col = info->aConstraint[i].iColumn;
	unsigned char op = info->aConstraint[i].op;
	if ((t->by & TABLE_BY_TIME) && col == t->time_col) {
		switch (op) {
		case SQLITE_INDEX_CONSTRAINT_EQ: return K_EQ;
		case SQLITE_INDEX_CONSTRAINT_GT: return K_GT;
		case SQLITE_INDEX_CONSTRAINT_GE: return K_GE;
		case SQLITE_INDEX_CONSTRAINT_LT: return K_LT;
		case SQLITE_INDEX_CONSTRAINT_LE: return K_LE;
		default: return -1;
		}
	}
	if ((t->by & TABLE_BY_CAP) && col == t->cap_col && op == SQLITE_INDEX_CONSTRAINT_EQ)
		return K_CAP;
	/* a text compared under BINARY alone (not 'GC' COLLATE NOCASE) */
	if ((t->by & TABLE_BY_CLASS) && col == t->class_col && op == SQLITE_INDEX_CONSTRAINT_EQ &&
	    !sqlite3_stricmp(sqlite3_vtab_collation(info, i), "BINARY"))
		return K_CLASS;
	if ((t->by & TABLE_BY_TYPE) && col == t->type_col && op == SQLITE_INDEX_CONSTRAINT_EQ)
		return K_TYPE;
	return -1;
}

static int v_best_index(sqlite3_vtab *base, sqlite3_index_info *info)
{
	const struct table_def *t = ((struct vtab *)base)->t;
	int which[K_N];
	for (int k = 0; k < K_N; k++)
		which[k] = -1;
	for (int i = 0; i < info->nConstraint; i++) {
		const struct sqlite3_index_constraint *c = &info->aConstraint[i];
		int k = c->usable ? claim(t, info, i) : -1;
		if (k >= 0 && which[k] < 0)
			which[k] = i;
	}
	int argv = 0, mask = 0;
	double cost = 1e6;
	char *str = sqlite3_mprintf("%s", "");
	for (int k = 0; k < K_N && str; k++) {
		if (which[k] < 0)
			continue;
		mask |= 1 << k;
		info->aConstraintUsage[which[k]].argvIndex = ++argv;
		bool in = k >= K_CAP && sqlite3_vtab_in(info, which[k], 1);
		if (in)
			mask |= K_IN(k);
		/* a literal (an IN list has none here), compared as SQLite
		 * reads it (a class: under the collation claim saw, that of
		 * an = with a value): the producer's rows are SQLite's */
		sqlite3_value *lit = NULL;
		if (sqlite3_vtab_rhs_value(info, which[k], &lit) == SQLITE_OK && lit) {
			info->aConstraintUsage[which[k]].omit = 1;
			mask |= K_SURE(k);
		}
		cost /= k == K_EQ ? 1000 : k <= K_LE ? 10 : k == K_CAP ? 4 : k == K_CLASS ? 8 : 50;
		const char *col = t->cols[k == K_CAP ? t->cap_col : k == K_CLASS ? t->class_col
						      : k == K_TYPE  ? t->type_col
								     : t->time_col].name;
		char *next = sqlite3_mprintf("%s%s%s%s", str, *str ? " " : "", col,
					     in ? " IN(?)" : k_text[k]);
		sqlite3_free(str);
		str = next;
	}
	if (!str)
		return SQLITE_NOMEM;
	info->idxNum = mask;
	info->idxStr = str;
	info->needToFreeIdxStr = 1;
	info->estimatedCost = cost;
	info->estimatedRows = (sqlite3_int64)cost;
	/* the rows come in time order */
	if (t->time_col >= 0 && info->nOrderBy == 1 && info->aOrderBy[0].iColumn == t->time_col &&
	    !info->aOrderBy[0].desc)
		info->orderByConsumed = 1;
	return SQLITE_OK;
}

static int v_open(sqlite3_vtab *base, sqlite3_vtab_cursor **out)
{
	(void)base;
	struct vcur *c = sqlite3_malloc(sizeof *c);
	if (!c)
		return SQLITE_NOMEM;
	memset(c, 0, sizeof *c);
	*out = &c->base;
	return SQLITE_OK;
}

static int v_close(sqlite3_vtab_cursor *base)
{
	struct vcur *c = (struct vcur *)base;
	table_close(c->c);
	sqlite3_free(c->caps);
	sqlite3_free(c->types);
	sqlite3_free(c);
	return SQLITE_OK;
}

/* *l narrowed to [lo, hi] (inclusive); false when empty. */
static bool narrow(struct table_limits *l, uint64_t lo, uint64_t hi)
{
	if (lo > l->lo)
		l->lo = lo;
	if (hi < l->hi)
		l->hi = hi;
	return l->lo <= l->hi;
}

/* v as model/pushdown.c describes it: a text read with SQLite's own
 * numeric affinity (on a copy: the argument stays as it is). SQLite's
 * error, or SQLITE_OK. */
static int pd_read(sqlite3_value *v, struct pd_value *out)
{
	*out = (struct pd_value){ .kind = PD_NULL };
	switch (sqlite3_value_type(v)) {
	case SQLITE_INTEGER: out->kind = PD_INT, out->i = sqlite3_value_int64(v); return SQLITE_OK;
	case SQLITE_FLOAT: out->kind = PD_REAL, out->f = sqlite3_value_double(v); return SQLITE_OK;
	case SQLITE_BLOB: out->kind = PD_BLOB; return SQLITE_OK;
	case SQLITE_TEXT: break;
	default: return SQLITE_OK;
	}
	sqlite3_value *x = sqlite3_value_dup(v);
	if (!x)
		return SQLITE_NOMEM;
	switch (sqlite3_value_numeric_type(x)) {
	case SQLITE_INTEGER: *out = (struct pd_value){ PD_INT, sqlite3_value_int64(x), 0, true }; break;
	case SQLITE_FLOAT: *out = (struct pd_value){ PD_REAL, 0, sqlite3_value_double(x), true }; break;
	default: out->kind = PD_TEXT; break;
	}
	sqlite3_value_free(x);
	return SQLITE_OK;
}

/* The integers in [min, max] that `column op v` keeps (op: kind k, an
 * equality or a bound), as SQLite compares them (when sure; else all that
 * any reading of v keeps), into [*lo, *hi]: false when none, or on
 * SQLite's error in *err. */
static bool value_range(int k, sqlite3_value *v, bool sure, int64_t min, int64_t max,
			int64_t *lo, int64_t *hi, int *err)
{
	struct pd_value x;
	if ((*err = pd_read(v, &x)) != SQLITE_OK)
		return false;
	return pushdown_int_range(k_op[k], &x, sure, lo, hi) &&
	       pushdown_clamp(lo, hi, min, max);
}

/* A bound of kind k on the time column (never negative): *l narrowed so
 * that its rows are those the bound keeps (a lower bound leaves the upper
 * end open: UINT64_MAX, no window). False: no row can, or SQLite's error
 * in *err. */
static bool bound(struct table_limits *l, int k, sqlite3_value *v, bool sure, int *err)
{
	int64_t lo, hi;
	if (!value_range(k, v, sure, 0, INT64_MAX, &lo, &hi, err))
		return false;
	bool open = (k == K_GT || k == K_GE) && hi == INT64_MAX;
	return narrow(l, (uint64_t)lo, open ? UINT64_MAX : (uint64_t)hi);
}

/* The class v names, byte for byte when sure (0: none; a number, a blob
 * or NULL names none: no class name reads as a number). */
static class_set class_of_value(sqlite3_value *v, bool sure)
{
	if (sqlite3_value_type(v) != SQLITE_TEXT)
		return 0;
	const unsigned char *p = sqlite3_value_text(v);
	return p ? pushdown_class(p, (size_t)sqlite3_value_bytes(v), sure) : 0;
}

/* Adds x to an array of values of size sz (*n of them so far, grown at
 * each power of two): false when out of memory. */
static bool vtab_push(void **arr, size_t *n, size_t sz, const void *x)
{
	if ((*n & (*n - 1)) == 0) { /* 0, 1, 2, 4...: grow to twice */
		void *p = sqlite3_realloc64(*arr, (*n ? 2 * *n : 1) * sz);
		if (!p)
			return false;
		*arr = p;
	}
	memcpy((char *)*arr + *n * sz, x, sz);
	(*n)++;
	return true;
}

/* A capability, class or type constraint (k) of value v, an IN list when
 * in (read surely when sure), into *l and c's lists. False: no row, or
 * SQLite's error in *err (out of memory). */
static bool limit_set(struct vcur *c, struct table_limits *l, int k, bool in, bool sure,
		      sqlite3_value *v, int *err)
{
	sqlite3_value *x = v;
	int rc = in ? sqlite3_vtab_in_first(v, &x) : SQLITE_OK;
	class_set cl = 0;
	c->ncaps = c->ntypes = 0;
	for (; rc == SQLITE_OK; rc = in ? sqlite3_vtab_in_next(v, &x) : SQLITE_DONE) {
		/* (an equality: one integer, lo = hi, or none) */
		int64_t lo, hi;
		if (k == K_CLASS) {
			cl |= class_of_value(x, sure);
		} else if (k == K_CAP && value_range(K_EQ, x, sure, 0, INT32_MAX, &lo, &hi, err)) {
			int32_t cap = (int32_t)lo;
			if (!vtab_push((void **)&c->caps, &c->ncaps, sizeof cap, &cap))
				return !(*err = SQLITE_NOMEM);
		} else if (k == K_TYPE && value_range(K_EQ, x, sure, 0, UINT16_MAX, &lo, &hi, err)) {
			uint16_t t = (uint16_t)lo;
			if (!vtab_push((void **)&c->types, &c->ntypes, sizeof t, &t))
				return !(*err = SQLITE_NOMEM);
		}
		if (*err != SQLITE_OK)
			return false;
	}
	if (rc != SQLITE_DONE) {
		*err = rc;
		return false;
	}
	if (k == K_CLASS)
		l->classes = cl;
	else if (k == K_CAP)
		l->caps = c->caps, l->ncaps = c->ncaps;
	else
		l->types = c->types, l->ntypes = c->ntypes;
	return k == K_CLASS ? cl != 0 : k == K_CAP ? c->ncaps > 0 : c->ntypes > 0;
}

/* The limits of idxNum's constraints with their values; false: no row,
 * or SQLite's error in *err. */
static bool limits(struct vcur *c, struct table_limits *l, int mask, int argc,
		   sqlite3_value **argv, int *err)
{
	int a = 0;
	*l = TABLE_LIMITS_NONE;
	for (int k = 0; k < K_N && a < argc; k++) {
		if (!(mask & 1 << k))
			continue;
		sqlite3_value *v = argv[a++];
		bool sure = (mask & K_SURE(k)) != 0;
		if (k >= K_CAP) {
			if (!limit_set(c, l, k, (mask & K_IN(k)) != 0, sure, v, err))
				return false;
		} else if (!bound(l, k, v, sure, err)) {
			return false;
		}
	}
	return true;
}

static int v_filter(sqlite3_vtab_cursor *base, int idx, const char *str, int argc,
		    sqlite3_value **argv)
{
	(void)str;
	struct vcur *c = (struct vcur *)base;
	struct vtab *v = (struct vtab *)base->pVtab;
	struct sql_data *d = v->d;
	table_close(c->c);
	c->c = NULL;
	c->rowid = 0;
	struct table_limits l;
	int err = SQLITE_OK;
	c->empty = !limits(c, &l, idx, argc, argv, &err);
	c->eof = c->empty;
	if (err != SQLITE_OK)
		return err;
	if (c->empty)
		return SQLITE_OK;
	const struct store *s = sql_log_store(d, v->t, &l);
	if (!s) {
		sqlite3_free(v->base.zErrMsg);
		v->base.zErrMsg = sqlite3_mprintf("%s: the log cannot be read", d->path);
		return SQLITE_ERROR;
	}
	if (!sql_derived_ready(d, v->t->needs))
		return SQLITE_NOMEM;
	struct table_data td = sql_table_data(d);
	td.s = s;
	if (!(c->c = table_open(v->t, &td, &l)))
		return SQLITE_NOMEM;
	c->eof = !table_next(c->c);
	d->rows += !c->eof;
	return c->c->stopped ? SQLITE_INTERRUPT : c->c->failed ? SQLITE_NOMEM : SQLITE_OK;
}

static int v_next(sqlite3_vtab_cursor *base)
{
	struct vcur *c = (struct vcur *)base;
	c->eof = !table_next(c->c);
	c->rowid++;
	((struct vtab *)base->pVtab)->d->rows += !c->eof;
	return c->c->stopped ? SQLITE_INTERRUPT : c->c->failed ? SQLITE_NOMEM : SQLITE_OK;
}

static int v_eof(sqlite3_vtab_cursor *base)
{
	return ((struct vcur *)base)->eof;
}

static int v_column(sqlite3_vtab_cursor *base, sqlite3_context *ctx, int col)
{
	struct vcur *c = (struct vcur *)base;
	struct table_value v;
	table_value(c->c, (size_t)col, &v);
	switch (v.kind) {
	case TV_NULL: sqlite3_result_null(ctx); break;
	case TV_INT: sqlite3_result_int64(ctx, v.i); break;
	case TV_REAL: sqlite3_result_double(ctx, v.f); break;
	case TV_TEXT:
		sqlite3_result_text64(ctx, (const char *)v.p, v.n, SQLITE_TRANSIENT, SQLITE_UTF8);
		break;
	}
	return SQLITE_OK;
}

static int v_rowid(sqlite3_vtab_cursor *base, sqlite3_int64 *out)
{
	*out = ((struct vcur *)base)->rowid;
	return SQLITE_OK;
}

static const sqlite3_module module = {
	.iVersion = 0,
	.xCreate = v_connect, /* eponymous, and created in a and b */
	.xConnect = v_connect,
	.xBestIndex = v_best_index,
	.xDisconnect = v_disconnect,
	.xDestroy = v_disconnect,
	.xOpen = v_open,
	.xClose = v_close,
	.xFilter = v_filter,
	.xNext = v_next,
	.xEof = v_eof,
	.xColumn = v_column,
	.xRowid = v_rowid,
};

/* Schemas a and b, each with every table over its log. */
static bool attach_logs(sqlite3 *db, char *why, size_t n)
{
	static const char *const schemas[] = { "a", "b" };
	for (int k = 0; k < 2; k++) {
		char *sql = sqlite3_mprintf("ATTACH ':memory:' AS %s", schemas[k]);
		for (size_t i = 0; sql && i < table_ndefs; i++) {
			char *next = sqlite3_mprintf("%s; CREATE VIRTUAL TABLE %s.\"%w\" USING \"%w\"(%d)",
						     sql, schemas[k], table_defs[i]->name,
						     table_defs[i]->name, k);
			sqlite3_free(sql);
			sql = next;
		}
		char *err = NULL;
		int rc = sql ? sqlite3_exec(db, sql, NULL, NULL, &err) : SQLITE_NOMEM;
		sqlite3_free(sql);
		if (rc != SQLITE_OK) {
			snprintf(why, n, "sqlite: %s", err ? err : sqlite3_errstr(rc));
			sqlite3_free(err);
			return false;
		}
	}
	return true;
}

bool sql_vtab_register(sqlite3 *db, struct sql_data *d, int nd, char *err, size_t n)
{
	/* each module's aux (static: one connection a process) */
	static struct vaux aux[64];
	for (size_t i = 0; i < table_ndefs && i < 64; i++) {
		aux[i] = (struct vaux){ table_defs[i], d, nd };
		if (sqlite3_create_module_v2(db, table_defs[i]->name, &module, &aux[i], NULL) !=
		    SQLITE_OK) {
			snprintf(err, n, "sqlite: %s", sqlite3_errmsg(db));
			return false;
		}
	}
	return nd < 2 || attach_logs(db, err, n);
}

sqlite3 *sql_connect(struct sql_data *d, int nd, struct sql_auth *a, int (*progress)(void *),
		     void *ctx, char *err, size_t n)
{
	sqlite3 *db = NULL;
	/* (two logs: writable until schemas a and b are made) */
	int flags = nd > 1 ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY;
	if (sqlite3_open_v2(":memory:", &db, flags, NULL) != SQLITE_OK) {
		snprintf(err, n, "sqlite: %s", db ? sqlite3_errmsg(db) : "out of memory");
		sqlite3_close(db);
		return NULL;
	}
	a->d = d;
	a->nd = nd;
	if (!sql_vtab_register(db, d, nd, err, n)) {
		sqlite3_close(db);
		return NULL;
	}
	sql_safety(db, a);
	sqlite3_progress_handler(db, 1000, progress, ctx);
	return db;
}

/* ---- safety ---- */

/* PRAGMAs that only read, whatever their argument. */
static const char *const pragma_ok[] = { "table_info", "table_xinfo", "table_list",
					 "function_list", "module_list", "pragma_list",
					 "compile_options", NULL };

static bool pragma_reads(const char *name)
{
	for (size_t i = 0; name && pragma_ok[i]; i++)
		if (!sqlite3_stricmp(name, pragma_ok[i]))
			return true;
	return false;
}

static const char *auth_action_name(int action, const char *table)
{
	/* a CREATE, DROP or ALTER writes the schema's table first */
	if ((action == SQLITE_INSERT || action == SQLITE_UPDATE || action == SQLITE_DELETE) &&
	    table && !strncmp(table, "sqlite_", 7))
		return "changing the schema (CREATE, DROP, ALTER)";
	switch (action) {
	case SQLITE_ATTACH: return "ATTACH";
	case SQLITE_DETACH: return "DETACH";
	case SQLITE_PRAGMA: return "this PRAGMA";
	case SQLITE_INSERT: return "INSERT";
	case SQLITE_UPDATE: return "UPDATE";
	case SQLITE_DELETE: return "DELETE";
	case SQLITE_TRANSACTION: return "a transaction";
	case SQLITE_SAVEPOINT: return "a savepoint";
	case SQLITE_ALTER_TABLE: return "ALTER TABLE";
	case SQLITE_ANALYZE: return "ANALYZE";
	case SQLITE_REINDEX: return "REINDEX";
	default: return "CREATE or DROP";
	}
}

static int authorize(void *ctx, int action, const char *a1, const char *a2, const char *db,
		     const char *trigger)
{
	(void)trigger;
	struct sql_auth *a = ctx;
	if (a->declaring) /* a table's own declaration (v_connect) */
		return SQLITE_OK;
	if (!a->first)
		a->first = action;
	switch (action) {
	case SQLITE_SELECT:
	case SQLITE_RECURSIVE: return SQLITE_OK;
	case SQLITE_READ: {
		const struct table_def *t = a1 ? table_find(a1) : NULL;
		int log = db && !sqlite3_stricmp(db, "b") ? 1 : 0;
		if (t && t->needs == TABLE_NEEDS_TRACKS && log < a->nd)
			a->d[log].need_tracks = true;
		if (t != &table_events && log < a->nd)
			a->d[log].reads_other = true;
		return SQLITE_OK;
	}
	case SQLITE_FUNCTION:
		/* (fts3_tokenizer('simple') gives a pointer into the library) */
		if (a2 && (!sqlite3_stricmp(a2, "load_extension") ||
			   !sqlite3_stricmp(a2, "fts3_tokenizer")))
			break;
		return SQLITE_OK;
	case SQLITE_PRAGMA:
		if (pragma_reads(a1))
			return SQLITE_OK;
		break;
	case SQLITE_UPDATE:
		/* A SELECT from a table-valued PRAGMA (pragma_table_info('gcs'))
		 * declares its eponymous table, which SQLite authorizes as an
		 * UPDATE of the schema's table. Such PRAGMAs have no side effect,
		 * and a statement that writes begins with its write, never with
		 * SQLITE_SELECT. */
		if (a->first == SQLITE_SELECT && a1 && !strcmp(a1, "sqlite_master") &&
		    db && !strcmp(db, "main"))
			return SQLITE_OK;
		break;
	default: break;
	}
	if (!*a->why) /* the first refusal says why */
		snprintf(a->why, sizeof a->why, "%s refused: hectic sql only reads",
			 action == SQLITE_FUNCTION ? a2 : auth_action_name(action, a1));
	return SQLITE_DENY;
}

void sql_auth_begin(struct sql_auth *a)
{
	a->why[0] = 0;
	a->first = 0;
}

void sql_safety(sqlite3 *db, struct sql_auth *a)
{
	int on;
	/* (a connection of two logs was writable until its schemas a and b
	 * were made) */
	sqlite3_exec(db, "PRAGMA query_only = 1", NULL, NULL, NULL);
	/* a sort, a DISTINCT, a temporary table in SQLite's heap, under its
	 * limit, never in files of /var/tmp (no PRAGMA can set it back) */
	sqlite3_exec(db, "PRAGMA temp_store = MEMORY", NULL, NULL, NULL);
	sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, &on);
	sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, &on);
	sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, &on);
	sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, &on);
	sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, &on);
	sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER, 0, &on);
	sqlite3_enable_load_extension(db, 0);
	/* no database past a and b: ATTACH, and VACUUM INTO (which attaches
	 * its file), fail even past the authorizer */
	sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
	for (int i = 0; i < a->nd; i++)
		a->d[i].auth = a;
	sqlite3_set_authorizer(db, authorize, a);
}
