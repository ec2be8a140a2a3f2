# Exit 0 when a man page as man formats it (its text) has a NAME heading
# and the line under it names hectic ("     hectic — terminal ..."); 1
# otherwise: no NAME heading, nothing under it, or another name there.
# No `exit` in a rule: awk runs END after one, and END's status would win.
# tools/deb-check.sh reads the page man shows in the chroot with it;
# tests/man-name.sh checks it on good and broken pages.
# Usage: awk -f tools/man-name.awk FILE
state == 1 { named = /^ +hectic [^ ]/; state = 2 }
state == 0 && /^NAME$/ { state = 1 }
END { exit !named }
