# Thin wrapper: the two commands a designer needs are `make run` and `make test`.
# Both install missing Debian packages first (scripts/install-deps.sh), then use the CMake presets.
SCENARIO ?= scenarios/podball-default.toml

.PHONY: run test build deps asan clean screenshots

deps:
	@bash scripts/install-deps.sh

build: deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release

run: build
	./build/release/playbench $(SCENARIO)

test: build
	ctest --preset release
	$(MAKE) --no-print-directory asan

asan: deps
	@cmake --preset asan >/dev/null
	@cmake --build --preset asan
	ctest --preset asan

# The README's pictures, one per lab, from the current build (scripts/screenshots.sh).
screenshots: build
	bash scripts/screenshots.sh docs build/release/playbench

clean:
	rm -rf build
