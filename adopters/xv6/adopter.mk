# adopters/xv6/adopter.mk - xv6-public, MIT's x86 teaching kernel, with
# its interrupt code replaced by genirq (adopters/xv6/README.md):
#   make check-adopter-xv6   build it, run usertests under QEMU (TCG)
#   make run ADOPTER=xv6     boot it (Ctrl-P: processes and
#                            /proc/interrupts; Ctrl-Y: move the device
#                            lines to the next CPU)
# The tree is copied to build/adopters/xv6/src and patched there
# (xv6.patch); build.mk builds it with genirq's kit.
ADOPTERS	+= xv6
XV6		?= $(ADOPTERS_SHARED)/xv6-public
XV6_GLUE	:= $(abspath adopters/xv6)
XV6_OUT		:= $(abspath $(BUILD))/adopters/xv6
# xv6's own CFLAGS, given whole: without -Werror, on which Debian 12's
# gcc 12 stops (array-bounds in mp.c, infinite-recursion in sh.c).
XV6_CFLAGS	:= -fno-pic -static -fno-builtin -fno-strict-aliasing -O2 -Wall -MD -ggdb -m32 \
		   -fno-omit-frame-pointer -fno-stack-protector -fno-pie -no-pie
# Two sockets: QEMU (6.2 on) makes -smp 2 two cores of one socket, and
# SeaBIOS's MP table, where xv6 finds its CPUs, lists one CPU a socket.
XV6_QEMU	= qemu-system-i386 -accel tcg -display none -no-reboot -smp 2,sockets=2 -m 512 \
		  -drive file=$(XV6_OUT)/src/fs.img,index=1,media=disk,format=raw \
		  -drive file=$(XV6_OUT)/src/xv6.img,index=0,media=disk,format=raw
XV6_TIMEOUT	?= 900
XV6_MON		= $(XV6_OUT)/monitor.sock

# The patched tree and its images (shell code; the tree checked first).
xv6_build	= scripts/deps.sh cross qemu-x86 && \
		  { [ ! -d $(XV6_OUT)/src ] || chmod -R u+w $(XV6_OUT)/src; } && rm -rf $(XV6_OUT)/src && mkdir -p $(XV6_OUT) && cp -R '$(XV6)' $(XV6_OUT)/src && chmod -R u+w $(XV6_OUT)/src && \
		  patch -s -p1 -d $(XV6_OUT)/src < $(XV6_GLUE)/xv6.patch && \
		  { $(MAKE) --no-print-directory -j2 -C $(XV6_OUT)/src -f $(XV6_GLUE)/build.mk \
			GENIRQ_DIR=$(abspath .) XV6_GLUE=$(XV6_GLUE) TOOLPREFIX=i686-linux-gnu- \
			CFLAGS='$(XV6_CFLAGS)' xv6.img fs.img >$(XV6_OUT)/build.log 2>&1 || \
		  { tail -n 30 $(XV6_OUT)/build.log; echo "xv6: build failed ($(XV6_OUT)/build.log)"; exit 1; }; }

# A count in a row of the view: nonzero on CPU0, CPU1, either.
XV6_NZ		:= [1-9][0-9]*
XV6_N		:= [0-9]+

.PHONY: check-adopter-xv6 run-adopter-xv6
# Ctrl-Y moves IDE (xv6 routes it to the last CPU) to CPU0, the keyboard
# and COM1 to CPU1; usertests runs; a key is pressed on the PS/2
# keyboard meanwhile; Ctrl-P shows /proc/interrupts. Passes on usertests'
# verdict and a view where every device line counted, IDE and COM1 on
# both CPUs (before and after the move), the local timer on both.
check-adopter-xv6:
	$(Q)$(call adopter_tree,xv6,XV6,main.c); \
	$(xv6_build) && rm -f $(XV6_MON) && \
	{ $(HARNESS) --name adopter-xv6 --timeout $(XV6_TIMEOUT) --log $(XV6_OUT)/usertests.log \
		--ready '$$ ' --input '\x19' --then 'irq 4 -> cpu1: 0' 'usertests\n' \
		--then 'ALL TESTS PASSED' '\x10' --until '^ERR:.*\n' \
		--monitor $(XV6_MON) --monitor-after 'usertests starting' --monitor-cmd 'sendkey ret' \
		--expect '^ALL TESTS PASSED' \
		--expect '^ +1: +($(XV6_NZ) +$(XV6_N)|$(XV6_N) +$(XV6_NZ)) +IO-APIC +1-edge +kbd' \
		--expect '^ +4: +$(XV6_NZ) +$(XV6_NZ) +IO-APIC +4-edge +uart' \
		--expect '^ +14: +$(XV6_NZ) +$(XV6_NZ) +IO-APIC +14-edge +ide' \
		--expect '^LOC: +$(XV6_NZ) +$(XV6_NZ) +Local timer' \
		-- $(XV6_QEMU) -serial stdio -monitor unix:$(XV6_MON),server,nowait || \
	{ echo "adopter-xv6: to look at a hung guest: adopters/xv6/README.md, 'A hang in concreate'"; exit 1; }; } && \
	sed -n '/CPU0 *CPU1/,/^ERR/p' $(XV6_OUT)/usertests.log && \
	awk '/^LOC:/ { printf "adopter-xv6: guest time by local timer ticks (10 ms): CPU0 %d s, CPU1 %d s\n", $$2 / 100, $$3 / 100 }' \
		$(XV6_OUT)/usertests.log

# On a terminal: xv6's shell (Ctrl-A X quits QEMU). Without one: ls, the
# move and the view, printed as they run.
run-adopter-xv6:
	$(Q)$(call adopter_tree,xv6,XV6,main.c); \
	$(xv6_build) && if [ -t 0 ]; then $(XV6_QEMU) -serial mon:stdio; else \
	$(HARNESS) --name run-adopter-xv6 --tour --timeout 120 --ready '$$ ' --input 'ls\n' \
		--then 'zombie' '\x19' --then 'irq 4 -> cpu' 'echo moved\n' --then 'moved' '\x10' \
		--until '^ERR:.*\n' -- $(XV6_QEMU) -serial stdio; fi
