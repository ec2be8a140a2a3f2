/* table_ipe: the columns an info table's provenance gives (table.h:
 * table_ipe_value), shared by the heap and ticky tables' producers, below
 * the registry (table.c) that lists them. */
#include "table.h"

#include <string.h>

#include "ipe.h"

void table_ipe_value(const struct ipe *e, int k, bool desc, struct table_value *v)
{
	const char *cl;
	switch (k) {
	case 0: table_set_text(v, e->table, e->ntable); return;
	case 1:
		cl = e->closure_ok ? ipe_closure_name(e->closure) : NULL;
		if (cl)
			table_set_text(v, cl, strlen(cl));
		else if (desc)
			table_set_text(v, e->desc, e->ndesc);
		else
			table_set_null(v);
		return;
	case 2: table_set_text(v, e->type, e->ntype); return;
	case 3: table_set_text(v, e->label, e->nlabel); return;
	case 4: table_set_text(v, e->module, e->nmodule); return;
	case 5:
		if (ipe_has_src(e))
			table_set_text(v, e->src, e->nsrc);
		else
			table_set_null(v);
		return;
	default: table_set_null(v); return;
	}
}
