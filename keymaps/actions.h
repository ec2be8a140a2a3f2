/* actions: every user action, declared once.
 *
 * The X-macro below generates the action enum, the name table used by the
 * rc file (`bind KEY ACTION`), the help overlay and the key section of the
 * man page. Nothing about an action is written anywhere else. Never includes
 * curses or termkey. */
#ifndef HECTIC_ACTIONS_H
#define HECTIC_ACTIONS_H

#include <stdbool.h>

/* X(ID, "name", early, "help text"). early is 1 for the actions that work
 * while the log is still loading (they need only the run's extent, which
 * the block markers give at once); the others wait for the load. A help
 * text says what the action does and names no key: the help panel and the
 * man page show the keys beside it, from the keymap in use. */
#define ACTIONS(X)                                                                       \
	X(QUIT, "quit", 1, "quit hectic")                                                \
	X(SUSPEND, "suspend", 1, "suspend hectic to the shell (fg resumes it)")          \
	X(HELP, "help", 1, "show or hide this help")                                     \
	X(ZOOM_IN, "zoom-in", 1, "zoom in around the cursor")                            \
	X(ZOOM_OUT, "zoom-out", 1, "zoom out around the cursor")                         \
	X(ZOOM_FIT, "zoom-fit", 1, "zoom to fit the whole run")                          \
	X(LEFT, "left", 1, "move the cursor left by a column")                           \
	X(RIGHT, "right", 1, "move the cursor right by a column")                        \
	X(PAGE_LEFT, "page-left", 1, "move the view left by a screen")                   \
	X(PAGE_RIGHT, "page-right", 1, "move the view right by a screen")                \
	X(GO_START, "go-start", 1, "go to the start of the run")                         \
	X(GO_END, "go-end", 1, "go to the end of the run")                               \
	X(GOTO_TIME, "go-to-time", 1, "go to a time: 1.5s, or +20ms / -5ms from the cursor") \
	X(MARK, "mark", 1, "start or end an interval at the cursor")                     \
	X(ZOOM_MARK, "zoom-mark", 1, "zoom to the marked interval")                      \
	X(NEXT_GC, "next-gc", 0, "go to the next GC")                                    \
	X(PREV_GC, "prev-gc", 0, "go to the previous GC")                                \
	X(NEXT_MAJOR_GC, "next-major-gc", 0, "go to the next major GC")                  \
	X(PREV_MAJOR_GC, "prev-major-gc", 0, "go to the previous major GC")              \
	X(PAUSE_LIST, "pause-list", 0, "list the longest GC pauses (two logs: both runs', with their run)")                     \
	X(FILTERS, "filters", 0, "choose the event classes of the event list")           \
	X(TOGGLE_FILTERS, "toggle-filters", 0, "turn all event list filters off or on")  \
	X(TOGGLE_TIMES, "toggle-times", 0, "event list times: the ruler's unit or ns (as show)") \
	X(SEARCH, "search", 0, "search markers, messages and thread labels (regex)")     \
	X(SEARCH_NEXT, "search-next", 0, "go to the next match")                         \
	X(SEARCH_PREV, "search-prev", 0, "go to the previous match")                     \
	X(THREADS, "threads", 0, "threads with the window's running time, runs and caps; choosing one goes to its first run") \
	X(STATS, "stats", 0, "statistics of the marked interval")                        \
	X(BOOKMARK, "bookmark", 0, "set a bookmark at the cursor (on one: clear it)")    \
	X(BOOKMARKS, "bookmarks", 0, "list the bookmarks, with the time between them; choosing one goes to it") \
	X(LIST_THREAD, "list-thread", 0, "the event list: only the selected event's thread (again: all)") \
	X(LIST_CAP, "list-cap", 0, "the event list: only the selected event's capability (again: all)") \
	X(EVENT_DETAIL, "event-detail", 0, "every field of the event list's selected event") \
	X(SPARKS_VIEW, "sparks-view", 0, "show the sparks under the lanes: created, converted, fizzled... per column, each capability's pool (again: the event list)") \
	X(THREAD_ROWS, "thread-rows", 0, "show one row per thread under the lanes (again: the event list)") \
	X(SPANS, "spans", 0, "the user's phases (START/STOP name): count, total, percentiles; choosing a name goes to its slowest span") \
	X(HEAP_VIEW, "heap-view", 0, "show the heap profile under the lanes (again: the event list)") \
	X(PROFILE_VIEW, "profile-view", 0, "show the cost-centre profile under the lanes (again: the event list)") \
	X(GC_HISTOGRAM, "gc-histogram", 0, "show the window's GC pauses under the lanes: a histogram per generation (two logs: both runs' figures and histograms) (again: the event list)") \
	X(SQL, "sql", 0, "type an SQL query over the log (the tables of hectic sql); its rows show in the SQL pane") \
	X(SQL_PANE, "sql-pane", 0, "show the last SQL query's rows under the lanes; with a time column, select goes to a row's time and search-next and search-prev step through them (again: the event list)") \
	X(TICKY_VIEW, "ticky-view", 0, "show the ticky-ticky counters under the lanes: the window's sums and the selected counter's rate (again: the event list)") \
	X(FINDINGS, "findings", 0, "show what hectic doctor finds wrong with the run under the lanes, worst first, with its evidence, advice and RTS flags; select goes to a finding's interval and marks it, search-next and search-prev step through them (again: the event list)") \
	X(OTHER_RUN, "other-run", 0, "with two logs open: the event list and the panes show the other run") \
	X(PANE_MODE, "pane-mode", 0, "heap: normalised or absolute; profile: tree or flat list; threads: only those matching the search; GC histogram with two logs: the figures with the histogram, or the histogram alone") \
	X(PANE_SORT, "pane-sort", 0, "heap: rank bands by area or peak; profile: sort by inherited, individual or name; threads: by creation, running time or label; ticky: by definition, entries, alloc, alloc'd or name") \
	X(PANE_SCOPE, "pane-scope", 0, "profile: the whole run, the marked interval or the window in view; threads: all or those alive in the window") \
	X(PANE_CAP, "pane-cap", 0, "profile: all capabilities, or the next one")         \
	X(TOGGLE_BUILTIN, "toggle-builtin", 0, "profile: show or hide the RTS's own cost centres (GC, IDLE, SYSTEM)") \
	X(HIGHLIGHT, "highlight", 0, "heap: highlight the band; profile: mark its ticks on the lanes; threads: mark the thread's runs on the lanes (cancel clears)") \
	X(EXPAND_ALL, "expand-all", 0, "profile: expand or collapse the whole tree")     \
	X(PANE_MORE, "pane-more", 0, "heap: draw one more band on its own (one fewer in other)") \
	X(PANE_FEWER, "pane-fewer", 0, "heap: draw one band fewer on its own (one more in other)") \
	X(UP, "up", 0, "move up in the event list or a panel")                           \
	X(DOWN, "down", 0, "move down in the event list or a panel")                     \
	X(PAGE_UP, "page-up", 0, "move up a page in the event list or a panel")          \
	X(PAGE_DOWN, "page-down", 0, "move down a page in the event list or a panel")    \
	X(LANES_UP, "lanes-up", 1, "scroll the capability lanes up")                     \
	X(LANES_DOWN, "lanes-down", 1, "scroll the capability lanes down")               \
	X(LANES_TALLER, "lanes-taller", 1, "draw the capability lanes a row taller (at most 8 rows each)") \
	X(LANES_SHORTER, "lanes-shorter", 1, "draw the capability lanes a row shorter (at least 1 row each)") \
	X(SELECT, "select", 0, "choose the highlighted item")                            \
	X(CANCEL, "cancel", 1, "close the panel, or clear the mark")                     \
	X(REDRAW, "redraw", 1, "redraw the screen, and nothing else: every panel, pane, prompt, selection, mark and message stays")

enum action {
	ACT_NONE,
#define X(id, name, early, help) ACT_##id,
	ACTIONS(X)
#undef X
	ACT_COUNT
};

/* The line editor of the prompts (search, go to time): a key bound to one
 * of these edits, and any other printable key is text. They are not
 * actions of the rc file. X(ID, "name", "help text") */
#define PROMPT_ACTIONS(X)                                                         \
	X(ACCEPT, "accept", "run what was typed")                                 \
	X(CANCEL, "cancel", "close the prompt")                                   \
	X(BACKSPACE, "backspace", "delete the character before the cursor")       \
	X(DELETE, "delete", "delete the character at the cursor")                 \
	X(LEFT, "left", "move back a character")                                  \
	X(RIGHT, "right", "move forward a character")                             \
	X(HOME, "home", "move to the start")                                      \
	X(END, "end", "move to the end")                                          \
	X(WORD_LEFT, "word-left", "move back a word")                             \
	X(WORD_RIGHT, "word-right", "move forward a word")                        \
	X(KILL_END, "kill-end", "delete to the end")                              \
	X(KILL_START, "kill-start", "delete to the start")                        \
	X(KILL_WORD, "kill-word", "delete the word before the cursor")         \
	X(HISTORY_PREV, "history-prev", "the SQL prompt: the query before in its history") \
	X(HISTORY_NEXT, "history-next", "the SQL prompt: the query after in its history")

enum prompt_action {
	PA_NONE,
#define X(id, name, help) PA_##id,
	PROMPT_ACTIONS(X)
#undef X
	PA_COUNT
};

/* The prompt action's name and help text; "" for PA_NONE. */
const char *prompt_action_name(enum prompt_action a);
const char *prompt_action_help(enum prompt_action a);

/* True when the action works while the log loads (the table's early). */
bool action_early(enum action a);

/* The action's rc-file name and its help text; "" for ACT_NONE. */
const char *action_name(enum action a);
const char *action_help(enum action a);

/* The action with this name, or ACT_NONE. */
enum action action_by_name(const char *name);

#endif
