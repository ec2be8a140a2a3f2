/* rc_spans: the user's span rules, read from the hecticrc (its span
 * lines; its other lines are the viewer's), for the reports that pair
 * spans and the SQL engine's spans table. */
#include "rc_spans.h"

#include <stddef.h>

#include "../keymaps/rc.h"
#include "../model/spans.h"
#include "say.h"

bool report_span_rules(struct span_rules *r, bool rc_errors)
{
	struct rc conf;
	rc_init(&conf);
	rc_load_default(&conf, NULL, NULL);
	for (size_t i = 0; rc_errors && i < conf.nerrors; i++)
		warnx_("%s: %s", conf.path ? conf.path : "hecticrc", conf.errors[i]);
	char err[200];
	bool ok = span_rules_user(r, conf.span_start, conf.span_stop, conf.nspans, err, sizeof err);
	rc_free(&conf);
	if (!ok)
		warnx_("%s", err);
	return ok;
}
