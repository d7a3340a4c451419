# Thin wrapper: the two commands a designer needs are `make run` and `make test`; `make check` is the
# quick round for day-to-day work. Each installs the missing Debian packages its job needs first
# (scripts/install-deps.sh GROUP), then uses the CMake presets.
SCENARIO ?= scenarios/podball-default.toml

.PHONY: run check test build app deps deps-run deps-check deps-package asan asan-gcc clang cross-compiler clean screenshots fuzz fuzz-smoke install package package-test image deps-image \
        docs docs-reference format format-check anchor-box2d deps-anchor

# Seconds each fuzz target runs (scripts/fuzz.sh): `make test` gives each 20 s.
FUZZ_SECONDS ?= 600

deps:
	@bash scripts/install-deps.sh test
deps-run:
	@bash scripts/install-deps.sh run
deps-check:
	@bash scripts/install-deps.sh check
deps-package:
	@bash scripts/install-deps.sh package
deps-image:
	@bash scripts/install-deps.sh image
deps-anchor:
	@bash scripts/install-deps.sh anchor

# What the window needs, and nothing else: the program and its module host.
app: deps-run
	@cmake --preset release >/dev/null
	@cmake --build --preset release --target playbench playbench-module-host

run: app
	./build/release/playbench $(SCENARIO)

# Everything of the Release build: the program, the test suites, the example and test modules.
build: deps-check
	@cmake --preset release >/dev/null
	@cmake --build --preset release

# Day-to-day: the Release build and its quick suites (engine, ui, app: about a minute); the soak,
# the Slurm cluster, the package, the docs, the sanitizers and the fuzzers are `make test`'s.
check: build
	ctest --preset release -E '^(soak|slurm)$$'

# GCC 12 Release, then Clang 14 with ASan + UBSan (the second compiler and the sanitizers in one
# build: a third full build would cost CI a quarter of an hour), replays across the two, fuzzing.
test: deps format-check build
	ctest --preset release
	$(MAKE) --no-print-directory package-test
	$(MAKE) --no-print-directory docs
	$(MAKE) --no-print-directory asan
	$(MAKE) --no-print-directory cross-compiler
	$(MAKE) --no-print-directory fuzz-smoke

# The suite built with Debian's Clang 14 under AddressSanitizer + UndefinedBehaviorSanitizer.
asan: deps
	@cmake --preset asan >/dev/null
	@cmake --build --preset asan
	ctest --preset asan

# The same with GCC 12's sanitizers (not in `make test`).
asan-gcc: deps
	@cmake --preset asan-gcc >/dev/null
	@cmake --build --preset asan-gcc
	ctest --preset asan-gcc

# The suite built with Debian's Clang 14, Release (not in `make test`: `asan` builds with Clang).
clang: deps
	@cmake --preset clang >/dev/null
	@cmake --build --preset clang
	ctest --preset clang

# Replays recorded by the GCC build verify with the Clang build and the other way round (after
# `make build asan`; the script says so when a build is missing).
cross-compiler: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp bash scripts/cross-compiler-replays.sh build/release/playbench build/asan-clang/playbench

# libFuzzer targets (fuzz/, clang 14): a bounded smoke run in `make test`, a long one on demand
# (`make fuzz FUZZ_SECONDS=3600`; FUZZ_TARGETS=replay for one target).
fuzz-smoke: deps
	@bash scripts/fuzz.sh 20

fuzz: deps
	@bash scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# Installs the Release build under PREFIX (bin/playbench, share/playbench/..., the menu entry,
# icons, file types; see CMakeLists.txt's installation section). Root is needed for /usr/local.
PREFIX ?= /usr/local
install: app
	cmake --install build/release --prefix $(PREFIX)

# The Debian package: build/release/playbench_VERSION_amd64.deb (`sudo apt install ./build/release/playbench_*.deb`).
package: deps-package app
	cd build/release && cpack -G DEB

# The container image playbench:VERSION / playbench:latest from that package, for the cluster jobs
# in deploy/ (deploy/container/Containerfile, scripts/build-image.sh; docs/packaging.md#container-image).
image: deps-image package
	bash scripts/build-image.sh build/release

# The package unpacked into a temporary root and run from elsewhere, and its validators
# (scripts/package-test.sh): part of `make test`.
package-test: package
	bash scripts/package-test.sh build/release

# The documentation site (docs/, mkdocs.yml) into build/site: `mkdocs build --strict` fails on a link
# to a missing page; scripts/check-docs.py (after testing itself) on a missing page or #anchor
# anywhere in the site, in README.md, or cited as docs/PAGE.md#anchor in the code, and on code that
# cites what is not in the repository (notes or files beside the project, an issue by number, a
# README section by name). Part of `make test`.
docs: deps
	mkdocs build --strict --site-dir build/site
	python3 scripts/check-docs.py --self-test
	python3 scripts/check-docs.py build/site

# The generated reference pages, rewritten from the built program (tests/app/docs_reference_test.cpp
# fails when the committed ones differ): the parameter tables and every verb's options.
docs-reference: deps-run
	@cmake --preset release >/dev/null
	@cmake --build --preset release --target playbench
	./build/release/playbench params --markdown > build/release/params.md.tmp
	mv build/release/params.md.tmp docs/reference/params.md
	./build/release/playbench help --markdown > build/release/verbs.md.tmp
	mv build/release/verbs.md.tmp docs/reference/verbs.md

# The lab pictures in docs/, one per lab, from the current build (scripts/screenshots.sh).
screenshots: build
	bash scripts/screenshots.sh docs build/release/playbench

# One style (.clang-format, .editorconfig; docs/building.md#style): `make format` rewrites every C and
# C++ file git knows in place; `make format-check` (part of `make test`) names each file that differs.
format: deps
	@bash scripts/format.sh
format-check: deps
	@bash scripts/format.sh --check

# The Podball speed anchor (docs/benchmarks.md#podball): Podball's 5 vs 5 chaser scene in Box2D 2.4.1,
# timed on this machine, to set against `playbench bench podball`'s "5v5 chaser vs chaser" line.
# Outside CMake and `make test`: only this target needs Box2D. ANCHOR_ARGS: [STEPS] [ROUNDS] [CHASERS per team].
ANCHOR_ARGS ?= 200000 5 5
anchor-box2d: deps-anchor
	@mkdir -p build/anchor
	g++ -O2 -std=c++20 -o build/anchor/box2d_pods bench/box2d-anchor/box2d_pods.cpp -lbox2d
	./build/anchor/box2d_pods $(ANCHOR_ARGS)

clean:
	rm -rf build
