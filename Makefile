# Build, test and install maplint. Needs only the Swift toolchain.

PREFIX ?= /usr/local
SWIFT ?= swift
FUZZ_SECONDS ?= 60
# bench-smoke checks that the harness works; debug reuses the test build, so it is quick.
SMOKE_CONFIG ?= debug
# On Linux, release builds link the Swift runtime and Foundation statically, as the artifact
# bundle does: the dynamic loader has fewer libraries to map and bind at each start, and
# `make release`, `make bench` and `make artifactbundle` share one build (the flag changes every
# compile command, so alternating with a dynamic build would rebuild everything each time).
RELEASE_FLAGS ?= $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib)

.PHONY: help build test release install clean fuzz bench bench-smoke format lint report-check artifactbundle \
	plugin-check artifactbundle-check pre-commit-check action-check

help:
	@echo "Targets:"
	@echo "  build    debug build (swift build)"
	@echo "  test     run the test suite (swift test)"
	@echo "  release  optimised build (swift build -c release; on Linux with --static-swift-stdlib)"
	@echo "  install  release build of the maplint product only, copied stripped to \$$(PREFIX)/bin (PREFIX=$(PREFIX))"
	@echo "  fuzz     build the libFuzzer targets and run each for FUZZ_SECONDS (default 60)"
	@echo "  bench    release build, synthetic manifests up to 1M items, timing report (slow)"
	@echo "  bench-smoke  the same on the smallest manifests only (SMOKE_CONFIG=debug|release, default debug)"
	@echo "  artifactbundle  release build packed as maplint.artifactbundle.zip (+ .sha256), for .binaryTarget"
	@echo "  plugin-check    build Examples/PluginSample with the plugins (maplint from source), check the output"
	@echo "  artifactbundle-check  the same checks with the plugins on the artifact bundle's maplint"
	@echo "  pre-commit-check  check .pre-commit-hooks.yaml with pre-commit (pip install pre-commit)"
	@echo "  action-check  run the GitHub Action's steps (action.yml) here, a local build standing in for a release"
	@echo "  format   format Sources, Tests and Benchmarks in place (swift format, .swift-format)"
	@echo "  lint     check formatting, style and function lengths without changing files (fails on any finding)"
	@echo "  report-check  render the HTML report of each fixture in headless Chromium; screenshots in .build-report/"
	@echo "  clean    remove build products"

build:
	$(SWIFT) build

test:
	$(SWIFT) test

release:
	$(SWIFT) build -c release $(RELEASE_FLAGS)

# Only the maplint product (not the fuzz and bench executables, nor the plugins' copy of the tool),
# installed without its debug information.
install:
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product maplint
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 "$$($(SWIFT) build -c release $(RELEASE_FLAGS) --show-bin-path)/maplint" "$(DESTDIR)$(PREFIX)/bin/maplint"
	strip "$(DESTDIR)$(PREFIX)/bin/maplint"

fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) Scripts/fuzz.sh

bench:
	RELEASE_FLAGS="$(RELEASE_FLAGS)" Scripts/bench.sh

bench-smoke:
	BENCH_CONFIG=$(SMOKE_CONFIG) Scripts/bench.sh --smoke --runs 3

artifactbundle:
	SWIFT="$(SWIFT)" Scripts/artifactbundle.sh

plugin-check:
	SWIFT="$(SWIFT)" Scripts/plugin-check.sh

artifactbundle-check: artifactbundle
	SWIFT="$(SWIFT)" Scripts/artifactbundle-check.sh maplint.artifactbundle.zip

pre-commit-check:
	Scripts/pre-commit-check.sh

action-check:
	SWIFT="$(SWIFT)" Scripts/action-check.sh

FORMAT_PATHS = Package.swift Sources Tests Benchmarks Plugins Examples Scripts/SourceCheck

report-check:
	Scripts/report-check.sh

format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMAT_PATHS)

# Then the checks swift format does not make (Scripts/SourceCheck): no function body in Sources
# longer than 60 lines, but the exceptions of Scripts/SourceCheck/long-functions.txt; no `package`
# declaration that no other target (the benchmarks included) uses, but those of package-access.txt.
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMAT_PATHS)
	$(SWIFT) run --quiet maplint-source-check --exceptions Scripts/SourceCheck/long-functions.txt \
	  --access-exceptions Scripts/SourceCheck/package-access.txt --reading Benchmarks Sources Scripts/SourceCheck

clean:
	$(SWIFT) package clean
	rm -rf .build .build-fuzz .build-bench .build-report maplint.artifactbundle.zip maplint.artifactbundle.zip.sha256
