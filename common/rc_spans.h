/* rc_spans: the user's span rules, read from the hecticrc (rc_spans.c),
 * for the reports that pair spans and the SQL engine's spans table (the
 * viewer reads its rc file whole: mainloop.c). */
#ifndef HECTIC_RC_SPANS_H
#define HECTIC_RC_SPANS_H

#include <stdbool.h>

struct span_rules;

/* The spans' rules as `hectic spans` pairs with them: the rc file's span
 * lines, then the built-in pairs; false, having said why, when one does
 * not compile. rc_errors: also say the rc file's own errors. */
bool report_span_rules(struct span_rules *r, bool rc_errors);

#endif
