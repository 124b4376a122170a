# Pling: `make demo` runs the main job on the embedded demo page, `make test`
# runs every test. Both install Debian's Chromium first when it is missing
# (as root, with apt-get); nothing here downloads a browser of its own.
GO       ?= go
CHROMIUM ?= /usr/bin/chromium
# Debian's headless shell (package chromium-headless-shell): the same
# Chromium build without the full browser's UI, started faster; the tests
# run Pling on both (see docs/PERFORMANCE.md).
HEADLESS_SHELL ?= /usr/lib/chromium/chromium-headless-shell
export PATH := $(PATH):/usr/local/go/bin
# GoReleaser runs by version from the Go module proxy (not a dependency of
# the module): built once into the build cache, ~4 min the first time on a
# 2-core machine, ~15 s when cached.
GORELEASER ?= $(GO) run github.com/goreleaser/goreleaser/v2@v2.15.1

.PHONY: all build demo test bench bench-peers fuzz chromium npm wordpress lint generate-check realworld soak dist goreleaser-check

all: build

chromium:
	@if [ ! -x "$(CHROMIUM)" ] || [ ! -x "$(HEADLESS_SHELL)" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian's chromium and chromium-headless-shell (apt-get)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null; \
	  else \
	    echo "Chromium is missing at $(CHROMIUM) or $(HEADLESS_SHELL): run 'sudo apt-get install -y chromium chromium-headless-shell'" >&2; exit 1; \
	  fi; \
	fi
	@$(CHROMIUM) --version 2>/dev/null | tail -n 1

# The real-world corpus (e2e/realworld) installs its pages from the npm
# registry at test time: Debian's nodejs and npm, when missing.
npm:
	@if ! command -v npm >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian's nodejs and npm (apt-get)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; \
	  else \
	    echo "npm is missing: run 'sudo apt-get install -y nodejs npm'" >&2; exit 1; \
	  fi; \
	fi
	@npm --version

# The WordPress corpus (e2e/realworld/wordpress_test.go) runs Debian's
# WordPress and its default theme on its own MariaDB (started by the test in
# a temporary datadir, never the system's instance) and PHP's built-in
# server: those packages, when missing. The Adminer corpus
# (e2e/realworld/adminer_test.go) runs Debian's Adminer over that MariaDB;
# the MediaWiki corpus (e2e/realworld/mediawiki_test.go) installs Debian's
# MediaWiki over SQLite in a temporary directory; the phpMyAdmin corpus
# (e2e/realworld/phpmyadmin_test.go) serves Debian's phpMyAdmin over the
# test's MariaDB, its settings in a temporary directory (the package is
# told not to configure a database of its own: debconf-set-selections);
# the Syncthing corpus (e2e/realworld/syncthing_test.go) runs Debian's
# syncthing in a temporary home, off every network but loopback; the
# DokuWiki corpus (e2e/realworld/dokuwiki_test.go) serves Debian's
# dokuwiki over a copy of its settings and a data folder of the test's.
# The Jupyter corpus (e2e/realworld/jupyter_test.go) runs Debian's
# classic notebook on a temporary folder, the Prometheus corpus
# (e2e/realworld/prometheus_test.go) Debian's prometheus on a temporary
# data folder: both installed without their recommendations (the
# notebook's kernel, python3-ipykernel, is a dependency).
LEAN_PKGS = jupyter-notebook prometheus
WORDPRESS_PKGS = wordpress wordpress-theme-twentytwentythree mariadb-server mariadb-client php-cli php-mysql adminer mediawiki php-sqlite3 phpmyadmin syncthing dokuwiki
wordpress:
	@if [ ! -f /usr/share/wordpress/wp-load.php ] || [ ! -f /usr/share/wordpress/wp-content/themes/twentytwentythree/style.css ] || \
	    [ ! -f /usr/share/adminer/adminer.php ] || [ ! -f /var/lib/mediawiki/index.php ] || [ ! -f /usr/share/phpmyadmin/index.php ] || [ ! -x /usr/bin/syncthing ] || [ ! -f /usr/share/dokuwiki/doku.php ] || [ ! -x /usr/bin/jupyter-notebook ] || [ ! -x /usr/bin/prometheus ] || \
	    ! php -r 'exit(in_array("sqlite", PDO::getAvailableDrivers()) ? 0 : 1);' >/dev/null 2>&1 || \
	    [ ! -x /usr/sbin/mariadbd ] || [ ! -x /usr/bin/mariadb-install-db ] || [ ! -x /usr/bin/mariadb ] || \
	    ! php -r 'exit(function_exists("mysqli_connect") ? 0 : 1);' >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian's $(WORDPRESS_PKGS) (apt-get)"; \
	    printf 'phpmyadmin phpmyadmin/dbconfig-install boolean false\nphpmyadmin phpmyadmin/reconfigure-webserver multiselect\n' | debconf-set-selections; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(WORDPRESS_PKGS) >/dev/null && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(LEAN_PKGS) >/dev/null; \
	  else \
	    echo "the WordPress corpus needs Debian packages: run 'sudo apt-get install -y $(WORDPRESS_PKGS) && sudo apt-get install -y --no-install-recommends $(LEAN_PKGS)'" >&2; exit 1; \
	  fi; \
	fi
	@dpkg-query -W -f='$${Package} $${Version}\n' wordpress mariadb-server php-cli adminer mediawiki phpmyadmin syncthing dokuwiki jupyter-notebook prometheus 2>/dev/null || true

build:
	$(GO) build -buildvcs=auto -o bin/pling ./cmd/pling

demo: chromium build
	./bin/pling demo

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

test: chromium npm wordpress lint generate-check goreleaser-check
	$(GO) test -race -count=1 -timeout 30m ./...

# The committed bundles of in-page JavaScript (*.gen.js, written by
# internal/jsbundle/jsgen from the ES modules beside them) are what
# `go generate` makes of today's sources.
generate-check:
	$(GO) generate ./...
	@out=$$(git status --porcelain -- '*.gen.js'); \
	  if [ -n "$$out" ]; then echo "go generate changed the committed bundles (run go generate ./... and commit):"; echo "$$out"; git diff --stat -- '*.gen.js'; exit 1; fi

# The release configuration is valid for this GoReleaser.
goreleaser-check:
	GOFLAGS= $(GORELEASER) check

# A release in snapshot mode, into dist/: archives for linux, darwin and
# windows on amd64 and arm64 (CGO_ENABLED=0, version and revision stamped as
# `pling version` prints them), one .mcpb per platform, the checksums of
# both, and server.json for the MCP registry (.goreleaser.yaml).
dist:
	GOFLAGS= $(GORELEASER) release --snapshot --clean
	$(GO) run ./internal/dist/packer serverjson -dist dist

# The soak (issue 10 pt 9): 1,000 MCP sessions opened and closed one after
# another against `pling serve --http`; pling's RSS and goroutines after a
# GC stay within 10 % of an early checkpoint and no Chromium process is left
# (`make test` runs the same test with 60 sessions). About 40 minutes on a
# loaded 2-core machine; figures in docs/OPERATIONS.md.
soak: chromium
	PLING_SOAK_SESSIONS=1000 $(GO) test -count=1 -v -run '^TestHTTPSessionChurn$$' -timeout 180m ./e2e

bench: chromium npm wordpress
	$(GO) test -run '^$$' -bench . -benchmem -count 1 -timeout 30m ./...

# Pling beside Playwright MCP and Chrome DevTools MCP on this machine, in
# one run (docs/PERFORMANCE.md): the peers are installed from the npm
# registry into the build cache the first time; each runs Debian's Chromium.
bench-peers: chromium npm
	$(GO) test -run '^$$' -bench BenchmarkPeers -benchtime 5x -timeout 30m ./e2e

# Short fuzzing of every fuzz target; the corpora live in testdata/fuzz.
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg 2>/dev/null | grep '^Fuzz'); do \
	    echo "fuzz $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime 10s -fuzzminimizetime 5s $$pkg || exit 1; \
	  done; \
	done

# The real-world corpus alone (it also runs in `make test`): one line per
# app, and the per-app Markdown table in bin/realworld/ for docs/REALWORLD.md.
# Needs npm and the npm registry (the packages are installed at test time).
realworld: chromium npm wordpress
	@mkdir -p bin/realworld
	REALWORLD_REPORT_DIR=$(CURDIR)/bin/realworld $(GO) test -count=1 -v -timeout 30m ./e2e/realworld
