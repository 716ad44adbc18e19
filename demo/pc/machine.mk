# demo/pc/machine.mk - QEMU's pc machine as both x86 ports boot it.
#
# $(call pc_qemu,ISA,EXTRA): TCG unless QEMU_ACCEL says otherwise (the
# host's /dev/kvm is not a working KVM), two edu devices sharing PIRQD
# (IRQ 11) with no NIC on that line, the PASS exit through port 0xf4
# (0x10: status 33), COM1 on the terminal. The ports add COM2 (0x2F8, IRQ
# 3) as `-serial null`: the kernel makes it interrupt itself (loopback,
# THRE).
pc_qemu = qemu-system-$(1) -accel $(X86_ACCEL) $(2) -kernel $(BUILD)/$(1)/kernel.elf -display none \
	  -serial stdio -monitor none -no-reboot -nic none \
	  -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
	  -device edu,addr=4 -device edu,addr=8
