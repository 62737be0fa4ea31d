# Build, test and install maplint. Needs only the Swift toolchain.

PREFIX ?= /usr/local
SWIFT ?= swift

.PHONY: help build test release install clean

help:
	@echo "Targets:"
	@echo "  build    debug build (swift build)"
	@echo "  test     run the test suite (swift test)"
	@echo "  release  optimised build (swift build -c release)"
	@echo "  install  release build, then copy maplint to \$$(PREFIX)/bin (PREFIX=$(PREFIX))"
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

clean:
	$(SWIFT) package clean
	rm -rf .build
