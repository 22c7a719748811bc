# Builds and installs the focusaudit command.
#
#   make                      release build
#   make install              installs $(PREFIX)/bin/focusaudit (PREFIX defaults to /usr/local)
#   make install PREFIX=~/.local
#   make uninstall
#   make version              prints the version the build reports (`focusaudit --version`)
#
# On Linux the Swift runtime is linked into the binary (--static-swift-stdlib), so the installed
# command runs without a Swift toolchain, needing only the system's libxml2 and libyaml. On macOS the
# Swift runtime is part of the system. DESTDIR is prepended to the install paths (for packagers).

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DESTDIR ?=
SWIFT ?= swift
CONFIGURATION ?= release

# The runtime is linked in for release builds on Linux (a debug build links Foundation's parts
# that do not link statically). The Swift toolchain links such a binary with all its functions
# exported, and the runtime searches that table of names from end to end as it starts:
# --no-export-dynamic leaves them out (docs/performance.md, "A small file, whole process").
# Where the machine's glibc and the toolchain's lld allow it, relative relocations are packed
# (Scripts/relr-link-flags.sh): the binary starts with 2 MB less resident and runs where glibc is
# 2.36 or later. Where lld can, the functions that typical runs execute are placed together
# (Scripts/link-order-flags.sh, Scripts/hot-symbols.txt): a small run keeps about 2 MB less of the
# executable resident.
ifeq ($(shell uname -s)-$(CONFIGURATION),Linux-release)
STATIC_FLAGS := --static-swift-stdlib -Xlinker --no-export-dynamic $(shell sh Scripts/relr-link-flags.sh) $(shell sh Scripts/link-order-flags.sh)
else
STATIC_FLAGS :=
endif

BUILD_FLAGS := --configuration $(CONFIGURATION) --product focusaudit $(STATIC_FLAGS)
BIN_PATH = $(shell $(SWIFT) build --configuration $(CONFIGURATION) $(STATIC_FLAGS) --show-bin-path)

.PHONY: all build install uninstall version

all: build

build:
	$(SWIFT) build $(BUILD_FLAGS)

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 "$(BIN_PATH)/focusaudit" "$(DESTDIR)$(BINDIR)/focusaudit"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/focusaudit"

version: build
	@"$(BIN_PATH)/focusaudit" --version
