#!/bin/sh
# quiet-boot.sh TRANSCRIPT: does a `make run` transcript open as a quiet
# boot should? From the kernel's banner to the first prompt: at most
# BANNER_MAX lines of banner, then the self-tests' one summary line, then
# the prompt; nothing of QEMU's own between them. Says what is wrong.
BANNER_MAX=3
log=${1:?usage: quiet-boot.sh TRANSCRIPT}
awk -v max="$BANNER_MAX" '
	/^genirq demo kernel/ && !b	{ b = NR }
	/^genirq> / && b && !p		{ p = NR; exit }
	b				{ line[NR] = $0 }
	END {
		if (!b)	{ print "quiet-boot: no banner (genirq demo kernel ...)"; exit 1 }
		if (!p)	{ print "quiet-boot: no prompt after the banner"; exit 1 }
		if (line[p - 1] !~ /^boot self-tests: [0-9]+ passed/) {
			print "quiet-boot: the line before the prompt is not the summary: " line[p - 1]
			exit 1
		}
		if (p - 1 - b > max) {
			print "quiet-boot: " p - 1 - b " lines between the banner and the summary " \
			      "(at most " max " banner lines):"
			for (i = b; i < p; i++)
				print "  " line[i]
			exit 1
		}
	}' "$log"
