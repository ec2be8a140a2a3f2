# hectic - terminal timeline viewer for GHC eventlogs

.SUFFIXES:

# make builds a job per processor, unless told otherwise (make -j1, -jN on
# the command line or in MAKEFLAGS win): set in the first make only, so
# that the recursive ones (check's) share its jobs rather than each
# starting its own, and a -j1 reaches them. (make clean all: run them one
# after the other.)
ifeq ($(MAKELEVEL),0)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 1)
endif

PREFIX ?= /usr/local
MANPREFIX ?= $(PREFIX)/share/man
BINDIR ?= $(PREFIX)/bin
# where each shell looks for the completions a package installs
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
# (zsh: a package's, PREFIX /usr, in vendor-completions, a local install's in
# site-functions: each is in zsh's own fpath)
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/$(if $(filter /usr,$(PREFIX)),vendor-completions,site-functions)
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
ifeq ($(origin CC),default)
CC = cc
endif
PKG_CONFIG ?= pkg-config

VERSION := $(shell git describe --tags --always --dirty 2>/dev/null || echo 0.1)

WARN = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ifneq ($(WERROR)$(CI),)
WARN += -Werror
endif
OPT ?= -O2 -g

# V=1: the full command lines; otherwise one short line per file
ifeq ($(V),1)
Q_CC =
Q_LD =
else
Q_CC = @echo "  CC      $@";
Q_LD = @echo "  LD      $@";
endif

ifeq ($(SANITIZE),1)
BUILD ?= build-san
OPT = -O1 -g -fno-omit-frame-pointer
SANFLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all
export ASAN_OPTIONS = detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS = print_stacktrace=1:halt_on_error=1
else
BUILD ?= build
SANFLAGS =
endif

LIB_CFLAGS := $(shell $(PKG_CONFIG) --cflags ncursesw termkey 2>/dev/null)
LIB_LIBS := $(shell $(PKG_CONFIG) --libs ncursesw termkey 2>/dev/null)
CMOCKA_CFLAGS := $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)
TERMKEY_LIBS := $(shell $(PKG_CONFIG) --libs termkey 2>/dev/null)
# hectic sql (sql/, cli/cmd_sql*.c): SQLite, the program's and the viewer
# library's (the SQL pane)
SQLITE_CFLAGS := $(shell $(PKG_CONFIG) --cflags sqlite3 2>/dev/null)
SQLITE_LIBS := $(or $(shell $(PKG_CONFIG) --libs sqlite3 2>/dev/null),-lsqlite3)
# hectic push (cli/clickhouse.c): libcurl, for ClickHouse's HTTP
# interface; the program's alone, like SQLite
CURL_CFLAGS := $(shell $(PKG_CONFIG) --cflags libcurl 2>/dev/null)
CURL_LIBS := $(or $(shell $(PKG_CONFIG) --libs libcurl 2>/dev/null),-lcurl)

CFLAGS_ALL = -std=c11 -pthread -D_DEFAULT_SOURCE -I$(BUILD)/gen $(WARN) $(OPT) \
	$(SANFLAGS) -DHECTIC_VERSION=\"$(VERSION)\" $(CPPFLAGS) $(CFLAGS)
LDFLAGS_ALL = $(SANFLAGS) -pthread $(LDFLAGS)

PARSER_SRC = parser/header.c parser/event.c parser/layouts.c parser/render.c \
	parser/utf8.c parser/unicode_print.c
MODEL_SRC = $(sort $(wildcard model/*.c))
# what the commands and the terminal UI share, with no curses and no SQLite
# (the text and JSON writers, the messages): linked with the core
COMMON_SRC = $(sort $(wildcard common/*.c))
# the SQL engine (sql/): the registry's tables as SQLite's virtual tables,
# over a log it opens; hectic sql and push's, and the viewer's SQL pane's
SQL_SRC = $(sort $(wildcard sql/*.c))
# the terminal UI (viewer/): its main loop (mainloop.c, the one entry point
# the commands start it by); the rest is what the unit tests link of it:
# every view and panel (viewer/view_NAME.c), the core and the terminal
VIEW_SRC = $(sort $(wildcard viewer/view_*.c))
VIEWER_APP_SRC = viewer/mainloop.c
VIEWER_LIB_SRC = $(filter-out $(VIEWER_APP_SRC),$(sort $(wildcard viewer/*.c)))
VIEWER_SRC = $(VIEWER_APP_SRC) $(VIEWER_LIB_SRC)
# the commands (cli/): main() and the command table, the reports (report.c,
# report_FAMILY.c), show, run, diff, sql and push
CLI_SRC = $(sort $(wildcard cli/*.c))
KEYMAPS_SRC = keymaps/actions.c keymaps/keymaps.c keymaps/rc.c
CORE_SRC = $(PARSER_SRC) $(MODEL_SRC) $(KEYMAPS_SRC) $(COMMON_SRC)

CORE_OBJ = $(CORE_SRC:%.c=$(BUILD)/%.o)
VIEWER_OBJ = $(VIEWER_SRC:%.c=$(BUILD)/%.o)
SQL_OBJ = $(SQL_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ = $(CLI_SRC:%.c=$(BUILD)/%.o)
KEYMAPS_OBJ = $(KEYMAPS_SRC:%.c=$(BUILD)/%.o)
GEN_MAN = $(BUILD)/tools/gen-man-keys
GEN_COMP = $(BUILD)/tools/gen-completions
# the shell completions, generated from cli/commands.c (what --help prints)
COMPLETIONS = $(BUILD)/completions/hectic.bash $(BUILD)/completions/_hectic \
	$(BUILD)/completions/hectic.fish

# one per module: tests/unit/test_MODULE.c
UNIT_TESTS = $(sort $(patsubst tests/unit/%.c,%,$(wildcard tests/unit/test_*.c)))
UNIT_BIN = $(UNIT_TESTS:%=$(BUILD)/tests/%)
# the fuzz targets (tests/fuzz/fuzz_T.c), each also linked with a plain
# main() that replays files (tests/fuzz/replay.c): make check replays
# tests/fuzz/corpus and the fixtures with them
FUZZ_TARGETS = $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
REPLAY_BIN = $(FUZZ_TARGETS:%=$(BUILD)/tests/replay_%)

all: $(BUILD)/hectic hectic

hectic: $(BUILD)/hectic
	@if [ "$(BUILD)" = build ]; then ln -sf build/hectic hectic; fi

$(BUILD)/hectic: $(CORE_OBJ) $(SQL_OBJ) $(VIEWER_OBJ) $(CLI_OBJ)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $(CORE_OBJ) $(SQL_OBJ) $(VIEWER_OBJ) $(CLI_OBJ) $(LIB_LIBS) $(SQLITE_LIBS) $(CURL_LIBS)

# the views' registry: a line V(NAME) for each viewer/view_NAME.c, so that
# adding a view is its file (rewritten only when the list changes)
VIEWS_GEN = $(BUILD)/gen/views.gen.h
$(VIEWS_GEN): FORCE
	@mkdir -p $(dir $@)
	@for f in $(VIEW_SRC); do n=$${f#viewer/view_}; echo "V($${n%.c})"; done >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(BUILD)/viewer/views.o $(VIEWER_TESTS:%=$(BUILD)/tests/unit/%.o): $(VIEWS_GEN)
FORCE:

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(Q_CC)$(CC) $(CFLAGS_ALL) $(LIB_CFLAGS) $(SQLITE_CFLAGS) $(CURL_CFLAGS) $(CMOCKA_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $< $(CORE_OBJ) $(CMOCKA_LIBS)

$(BUILD)/tests/truncate: $(BUILD)/tests/unit/truncate.o $(CORE_OBJ)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $< $(CORE_OBJ) $(CMOCKA_LIBS)

# the viewer's tty-free parts
$(BUILD)/tests/test_layout: $(BUILD)/tests/unit/test_layout.o $(BUILD)/viewer/layout.o $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CMOCKA_LIBS)

$(BUILD)/tests/test_lane_view: $(BUILD)/tests/unit/test_lane_view.o $(BUILD)/viewer/lane_view.o \
	$(BUILD)/viewer/layout.o $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CMOCKA_LIBS)

# viewer/wrap.c: text fitted to a width, no terminal
$(BUILD)/tests/test_wrap: $(BUILD)/tests/unit/test_wrap.o $(BUILD)/viewer/wrap.o $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CMOCKA_LIBS)

# viewer/findings_text.c: the findings pane's rows and wrapped detail, no terminal
$(BUILD)/tests/test_findings_text: $(BUILD)/tests/unit/test_findings_text.o \
	$(BUILD)/viewer/findings_text.o $(BUILD)/viewer/wrap.o $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CMOCKA_LIBS)

$(BUILD)/tests/test_input: $(BUILD)/tests/unit/test_input.o $(BUILD)/viewer/input.o $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CMOCKA_LIBS) $(LIB_LIBS)

# the viewer's state, actions and panels, linked whole but for
# mainloop_run(): curses is linked, never started (and the SQL engine,
# sql/, that its SQL pane shares with hectic sql)
VIEWER_LIB_OBJ = $(VIEWER_LIB_SRC:%.c=$(BUILD)/%.o) $(SQL_OBJ)
# (the unit tests of viewer/ modules)
VIEWER_TESTS = test_view test_view_heap test_live test_session test_pane test_timeline test_core_runs
$(VIEWER_TESTS:%=$(BUILD)/tests/%): $(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(VIEWER_LIB_OBJ) $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CMOCKA_LIBS) $(LIB_LIBS) $(SQLITE_LIBS) $(CURL_LIBS)

# cli/report_hp.c (heap --hp), with the core (common/: the report text
# writer, warnx_)
$(BUILD)/tests/test_report_hp: $(BUILD)/tests/unit/test_report_hp.o $(BUILD)/cli/report_hp.o $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CMOCKA_LIBS)

# cli/report_heap.c (heap's text report) on crafted logs, with what
# report_hp's test links and the reports' tables (report_table.c)
$(BUILD)/tests/test_report_heap: $(BUILD)/tests/unit/test_report_heap.o $(BUILD)/cli/report_heap.o \
	$(BUILD)/cli/report_hp.o $(BUILD)/cli/report_speedscope.o $(BUILD)/cli/report_table.o $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CMOCKA_LIBS)

# cli/report_speedscope.c (profile --speedscope) on crafted logs, with
# the core (common/: warnx_, hectic_version, json.c)
$(BUILD)/tests/test_report_speedscope: $(BUILD)/tests/unit/test_report_speedscope.o \
	$(BUILD)/cli/report_speedscope.o $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CMOCKA_LIBS)

# viewer/profile_compare.c: the two runs' profiles matched, no curses
$(BUILD)/tests/test_profile_compare: $(BUILD)/tests/unit/test_profile_compare.o \
	$(BUILD)/viewer/profile_compare.o $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CMOCKA_LIBS)

# cli/diff_rows.c: hectic diff's table of figures, with model/intern.c's
# keyed hash
$(BUILD)/tests/test_diff_rows: $(BUILD)/tests/unit/test_diff_rows.o $(BUILD)/cli/diff_rows.o \
	$(BUILD)/model/intern.o
	@mkdir -p $(dir $@)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CMOCKA_LIBS)

# viewer/label_fit.c: labels shortened to stay distinct, alone
$(BUILD)/tests/test_label_fit: $(BUILD)/tests/unit/test_label_fit.o $(BUILD)/viewer/label_fit.o \
	$(BUILD)/parser/utf8.o $(BUILD)/parser/unicode_print.o $(BUILD)/parser/render.o $(BUILD)/parser/event.o \
	$(BUILD)/parser/layouts.o $(BUILD)/parser/header.o
	@mkdir -p $(dir $@)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^ $(CMOCKA_LIBS)

# checks every key name in the tables with libtermkey itself
$(BUILD)/tests/test_keymaps: $(BUILD)/tests/unit/test_keymaps.o $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $< $(CORE_OBJ) $(CMOCKA_LIBS) $(TERMKEY_LIBS)

$(BUILD)/tests/replay_%: $(BUILD)/tests/fuzz/replay.o $(BUILD)/tests/fuzz/fuzz_%.o $(CORE_OBJ)
	@mkdir -p $(dir $@)
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^

# replays a log into a FIFO, a socket, a growing file or a pipe (live tests)
$(BUILD)/tests/feed: $(BUILD)/tests/tools/feed.o
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^

# replays a flush-interval log flush by flush (tests/e2e/flush.sh)
$(BUILD)/tests/flushfeed: $(BUILD)/tests/tools/flushfeed.o
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^

# writes logs of many distinct span names (tests/spans.sh)
$(BUILD)/tests/spangen: $(BUILD)/tests/tools/spangen.o
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^

# ClickHouse 26 from chDB's libchdb.so as an HTTP server (tests/ch-lib.sh,
# HECTIC_CH=26): compiled and linked without $(SANFLAGS) even in SANITIZE=1
# builds, as it dlopens a 566 MB C++ library with an allocator of its own
# (not hectic's code; ASan under it would test chDB)
$(BUILD)/tests/chdb-server: tests/tools/chdb-server.c
	@mkdir -p $(dir $@)
	$(Q_LD)$(CC) -std=c11 -D_DEFAULT_SOURCE $(WARN) $(OPT) $(CPPFLAGS) $(CFLAGS) \
		-o $@ $< $(LDFLAGS) -ldl

# the command table (cli/commands.c) as the generators link it: built
# with -DHECTIC_GEN, its rows name no command's function and no report's
# ops (commands.c's RUN and OPS), so that a generator links the table,
# cli_help.c and keymaps/ alone, not the program
CMD_TABLE_GEN = $(BUILD)/tools/commands-gen.o
$(CMD_TABLE_GEN): cli/commands.c
	@mkdir -p $(dir $@)
	$(Q_CC)$(CC) $(CFLAGS_ALL) -DHECTIC_GEN $(LIB_CFLAGS) $(SQLITE_CFLAGS) $(CURL_CFLAGS) -MMD -MP -c -o $@ $<

# (the rc reader checks span regexes with model/regex_guard; the command
# table gives the man page's list of commands, and cli_help each
# command's usage line, whose options its SYNOPSIS holds)
$(GEN_MAN): $(BUILD)/tools/gen-man-keys.o $(CMD_TABLE_GEN) $(BUILD)/cli/cli_help.o $(KEYMAPS_OBJ) \
		$(BUILD)/model/regex_guard.o
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^

# the completions: the command table (and the keymap names)
$(GEN_COMP): $(BUILD)/tools/gen-completions.o $(CMD_TABLE_GEN) $(BUILD)/cli/cli_help.o $(KEYMAPS_OBJ) \
	$(BUILD)/model/regex_guard.o
	$(Q_LD)$(CC) $(LDFLAGS_ALL) -o $@ $^

$(BUILD)/completions/hectic.bash $(BUILD)/completions/_hectic $(BUILD)/completions/hectic.fish: \
	$(BUILD)/completions/%: $(GEN_COMP)
	@mkdir -p $(dir $@)
	$(if $(filter 1,$(V)),,@echo "  GEN     $@";)$(GEN_COMP) \
		$(if $(filter hectic.bash,$*),bash,$(if $(filter _hectic,$*),zsh,fish)) >$@.tmp
	@mv $@.tmp $@

completions: $(COMPLETIONS)

deps:
	@sh tools/deps.sh build

check-deps:
	@sh tools/deps.sh check

check: check-deps
	@$(MAKE) --no-print-directory unit-build
	@$(MAKE) --no-print-directory run-tests

unit-build: $(BUILD)/hectic $(UNIT_BIN) $(BUILD)/tests/truncate $(REPLAY_BIN) $(GEN_MAN) \
	$(BUILD)/tests/feed $(BUILD)/tests/flushfeed $(BUILD)/tests/spangen \
	$(BUILD)/tests/chdb-server $(COMPLETIONS)

# J: suites at once (default: one per core); T: only the suites whose
# name matches (shell globs: make check T='sql* push-26')
run-tests:
	@sh tests/run.sh $(if $(J),-j $(J)) $(BUILD) $(T)

lint-man:
	mandoc -T lint -W warning man/hectic.1

# the KEYS and rc option lists of the man page, from keymaps/ (and its
# commands checked against cli/commands.c's table)
man: $(GEN_MAN)
	@sh tools/update-man.sh $(GEN_MAN)

man-check: $(GEN_MAN)
	@sh tools/update-man.sh --check $(GEN_MAN)

run: deps
	@$(MAKE) --no-print-directory all
	$(BUILD)/hectic tests/fixtures/threaded.eventlog

fuzz:
	@sh tools/deps.sh fuzz
	@mkdir -p build-fuzz
	@for t in $(FUZZ_TARGETS); do \
		$(if $(filter 1,$(V)),set -x;,echo "  CLANG   build-fuzz/fuzz_$$t";) \
		clang -std=c11 -D_DEFAULT_SOURCE -g -O1 -fsanitize=fuzzer,address,undefined \
			-fno-sanitize-recover=all -o build-fuzz/fuzz_$$t tests/fuzz/fuzz_$$t.c $(CORE_SRC) || exit 1; \
	done
	@mkdir -p build-fuzz/corpus
	cp tests/fixtures/*.eventlog build-fuzz/corpus/ 2>/dev/null || true
	@# FUZZ_TARGET=parser|index (default: both, one after the other)
	@for t in $${FUZZ_TARGET:-$(FUZZ_TARGETS)}; do \
		build-fuzz/fuzz_$$t -max_total_time=$${FUZZ_SECONDS:-60} \
			-max_len=$${FUZZ_MAXLEN:-16384} -rss_limit_mb=2048 \
			build-fuzz/corpus tests/fuzz/corpus || exit 1; \
	done

bench: all
	@sh bench/bench.sh $(BUILD)/hectic

# hectic doctor's advice tried (issue 47): the problem programs built with
# the machine's GHC, run with and without the advice, the cost the finding
# named falling by its kind's margin in GHC's own +RTS -s; needs ghc (not
# part of make check, which reads the committed runs: tests/doctor.sh)
check-advice: all
	@HECTIC_DOCTOR_STRICT=1 sh bench/doctor.sh $(BUILD)/hectic

# the mutation runner (tools/mutate.sh, issue 45): each of
# tests/mutations.txt's bugs alone in a copy of the tree, against the
# suites tests/covers.txt maps its file to; not part of make check. M: only
# some (make mutate M='3 7 model/heap.c'), J: suites at once (default 2)
mutate:
	@sh tools/mutate.sh -j $(or $(J),2) $(M)

# a refactor that must change nothing a user sees (issue 46): REV's binary,
# built in a temporary folder, and this one run over every report, show and
# sql of every fixture and the viewer's panes at 80x24 and 160x50, one log
# and two, compared byte and cell for cell (tools/same-output.sh); not part
# of make check. OUT=DIR keeps what differs and every screen
same-output: $(BUILD)/hectic
	@sh tools/same-output.sh --rev '$(OLD)' $(BUILD)/hectic $(OUT)

# the walk of tests/e2e/walk.sh: every action in every pane and panel of
# an ASan+UBSan viewer on a generated log over 500 MB (cached as the
# bench's is); too slow for every make check, CI runs it (.ci/run)
WALK_BUILD = $(if $(filter command line,$(origin BUILD)),$(BUILD),build-san)
check-big: check-deps
	@$(MAKE) --no-print-directory SANITIZE=1 BUILD=$(WALK_BUILD) unit-build
	@sh tests/e2e/walk.sh $(WALK_BUILD)

# the binary, the man page and the completions, each where it is looked for
install: $(BUILD)/hectic $(COMPLETIONS)
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANPREFIX)/man1 $(DESTDIR)$(BASHCOMPDIR) \
		$(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	cp -f $(BUILD)/hectic $(DESTDIR)$(BINDIR)/hectic
	chmod 755 $(DESTDIR)$(BINDIR)/hectic
	cp -f man/hectic.1 $(DESTDIR)$(MANPREFIX)/man1/hectic.1
	chmod 644 $(DESTDIR)$(MANPREFIX)/man1/hectic.1
	cp -f $(BUILD)/completions/hectic.bash $(DESTDIR)$(BASHCOMPDIR)/hectic
	cp -f $(BUILD)/completions/_hectic $(DESTDIR)$(ZSHCOMPDIR)/_hectic
	cp -f $(BUILD)/completions/hectic.fish $(DESTDIR)$(FISHCOMPDIR)/hectic.fish
	chmod 644 $(DESTDIR)$(BASHCOMPDIR)/hectic $(DESTDIR)$(ZSHCOMPDIR)/_hectic \
		$(DESTDIR)$(FISHCOMPDIR)/hectic.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/hectic $(DESTDIR)$(MANPREFIX)/man1/hectic.1 \
		$(DESTDIR)$(BASHCOMPDIR)/hectic $(DESTDIR)$(ZSHCOMPDIR)/_hectic \
		$(DESTDIR)$(FISHCOMPDIR)/hectic.fish

clean:
	rm -rf build build-san build-fuzz hectic

.PHONY: FORCE all deps check-deps check unit-build run-tests check-advice lint-man man man-check run fuzz \
	bench mutate same-output check-big install uninstall clean completions

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
