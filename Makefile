# Build, test and install maplint. Needs only the Swift toolchain.

PREFIX ?= /usr/local
SWIFT ?= swift
FUZZ_SECONDS ?= 60

.PHONY: help build test release install clean fuzz

help:
	@echo "Targets:"
	@echo "  build    debug build (swift build)"
	@echo "  test     run the test suite (swift test)"
	@echo "  release  optimised build (swift build -c release)"
	@echo "  install  release build, then copy maplint to \$$(PREFIX)/bin (PREFIX=$(PREFIX))"
	@echo "  fuzz     build the libFuzzer targets and run each for FUZZ_SECONDS (default 60)"
	@echo "  clean    remove build products"

build:
	$(SWIFT) build

test:
	$(SWIFT) test

release:
	$(SWIFT) build -c release

install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/maplint" "$(DESTDIR)$(PREFIX)/bin/maplint"

fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) Scripts/fuzz.sh

clean:
	$(SWIFT) package clean
	rm -rf .build .build-fuzz
