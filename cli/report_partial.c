/* report_partial: a report whose figures are short, a list it prints
 * from having stopped at the memory budget (issue 43): said on standard
 * error, at the head of its text, and in its exit status (EXIT_PARTIAL). */
#include <stdio.h>

#include "cli.h"
#include "report.h"

void report_partial(struct report_ctx *c, const char *what)
{
	if (c->partial)
		return;
	c->partial = true;
	snprintf(c->partial_what, sizeof c->partial_what, "%s", what);
	warnx_("%s: %s stopped at the memory budget (5%% of the file plus 10 MB): the "
	       "figures from them are short (exit status %d)",
	       c->o.path, what, EXIT_PARTIAL);
}

void report_partial_note(const struct report_ctx *c, FILE *f)
{
	if (c->partial)
		fprintf(f, "PARTIAL: %s stopped at the memory budget; the figures from them are "
			   "short\n\n", c->partial_what);
}
