package realworld

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// The Debian packages the WordPress corpus runs on (the Makefile's
// `wordpress` target installs them): WordPress itself, its default theme,
// MariaDB's server and client, PHP's CLI (its built-in web server) and
// PHP's MySQL driver.
const (
	wpRoot      = "/usr/share/wordpress"
	wpTheme     = "/usr/share/wordpress/wp-content/themes/twentytwentythree"
	mariadbd    = "/usr/sbin/mariadbd"
	mariadbInst = "/usr/bin/mariadb-install-db"
	mariadbCli  = "/usr/bin/mariadb"
	phpBin      = "/usr/bin/php"
)

// The site's administrator, as the install makes it.
const (
	wpUser     = "admin"
	wpPassword = "correct-horse-battery-staple"
)

// wpSite is one WordPress: its own MariaDB (a temporary datadir, a
// loopback port and its own socket, never the system's instance) and PHP's
// built-in server over a temporary docroot.
type wpSite struct {
	Base   string // http://127.0.0.1:PORT
	DBPort int    // MariaDB's loopback port
	dir    string
	socket string
	db     *exec.Cmd
	php    *exec.Cmd
	dbLog  string
	phpLog string
}

// wpMissing lists what the corpus needs and this machine lacks: a missing
// package fails the test, never skips it.
func wpMissing() []string {
	var out []string
	for _, p := range []string{wpRoot + "/wp-load.php", wpTheme + "/style.css", mariadbd, mariadbInst, mariadbCli, phpBin} {
		if _, err := os.Stat(p); err != nil {
			out = append(out, p)
		}
	}
	if err := exec.Command(phpBin, "-r", "exit(function_exists('mysqli_connect') ? 0 : 1);").Run(); err != nil {
		out = append(out, "php's mysqli (php-mysql)")
	}
	return out
}

// freePort asks the kernel for a free loopback port.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// startWordPress starts MariaDB and PHP in dir, installs WordPress and
// seeds it (testdata/wordpress/seed.php). stop ends both servers.
func startWordPress(ctx context.Context, dir string) (*wpSite, error) {
	if m := wpMissing(); len(m) > 0 {
		return nil, fmt.Errorf("the WordPress corpus needs Debian's wordpress, wordpress-theme-twentytwentythree, mariadb-server, php-cli and php-mysql (make wordpress): missing %s", strings.Join(m, ", "))
	}
	w := &wpSite{dir: dir, socket: filepath.Join(dir, "db.sock"), dbLog: filepath.Join(dir, "mariadb.log"), phpLog: filepath.Join(dir, "php.log")}
	if err := w.startDB(ctx); err != nil {
		w.stop()
		return nil, err
	}
	if err := w.startPHP(ctx); err != nil {
		w.stop()
		return nil, err
	}
	seed, err := filepath.Abs("testdata/wordpress/seed.php")
	if err != nil {
		w.stop()
		return nil, err
	}
	if out, err := w.phpRun(ctx, seed); err != nil {
		w.stop()
		return nil, fmt.Errorf("install and seed WordPress: %w: %s", err, clip(out, 2000))
	}
	return w, nil
}

// startDB makes a datadir with mariadb-install-db and starts mariadbd on
// it with --no-defaults (no system option file is read), listening on
// 127.0.0.1 and on its own socket; it creates the site's database and user.
func (w *wpSite) startDB(ctx context.Context) error {
	data := filepath.Join(w.dir, "mysql")
	var user []string
	if os.Geteuid() == 0 {
		user = []string{"--user=root"} // mariadbd refuses root unless told
	}
	inst := exec.CommandContext(ctx, mariadbInst, append([]string{"--no-defaults", "--datadir=" + data,
		"--auth-root-authentication-method=normal", "--skip-test-db", "--skip-name-resolve"}, user...)...)
	if out, err := inst.CombinedOutput(); err != nil {
		return fmt.Errorf("mariadb-install-db: %w: %s", err, clip(string(out), 2000))
	}
	port, err := freePort()
	if err != nil {
		return err
	}
	logf, err := os.Create(w.dbLog)
	if err != nil {
		return err
	}
	defer logf.Close()
	w.db = exec.Command(mariadbd, append([]string{"--no-defaults", "--datadir=" + data,
		"--socket=" + w.socket, "--port=" + fmt.Sprint(port), "--bind-address=127.0.0.1",
		"--pid-file=" + filepath.Join(w.dir, "mariadb.pid"), "--skip-name-resolve", "--skip-log-bin",
		"--innodb-buffer-pool-size=32M", "--innodb-log-file-size=16M", "--innodb-flush-log-at-trx-commit=0",
		"--log-error=" + w.dbLog, "--tmpdir=" + w.dir}, user...)...)
	w.db.Stdout, w.db.Stderr = logf, logf
	w.db.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := w.db.Start(); err != nil {
		return fmt.Errorf("start mariadbd: %w", err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		if _, err := w.query(ctx, "SELECT 1"); err == nil {
			break
		}
		if time.Now().After(deadline) {
			raw, _ := os.ReadFile(w.dbLog)
			return fmt.Errorf("mariadbd did not answer on its socket in 60 s: %s", clip(string(raw), 2000))
		}
		time.Sleep(200 * time.Millisecond)
	}
	w.DBPort = port
	setup := "CREATE DATABASE wordpress; CREATE USER 'wp'@'127.0.0.1' IDENTIFIED BY 'wp-secret'; " +
		"GRANT ALL ON wordpress.* TO 'wp'@'127.0.0.1';"
	if _, err := w.query(ctx, setup); err != nil {
		return err
	}
	return w.writeConfig(port)
}

// query runs SQL through the mariadb client on the test's own socket, in
// the site's database once it exists, and returns the tab-separated rows.
func (w *wpSite) query(ctx context.Context, sql string) (string, error) {
	args := []string{"--no-defaults", "--socket=" + w.socket, "-u", "root", "-N", "-B", "-e", sql}
	if !strings.HasPrefix(sql, "SELECT 1") && !strings.HasPrefix(sql, "CREATE DATABASE") {
		args = append(args, "wordpress")
	}
	cmd := exec.CommandContext(ctx, mariadbCli, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("mariadb %q: %w: %s", clip(sql, 80), err, clip(errb.String(), 300))
	}
	return strings.TrimRight(out.String(), "\n"), nil
}

// writeConfig lays out the docroot: every entry of /usr/share/wordpress
// as a symlink, except wp-config.php (written here) and wp-content (a
// temporary directory holding a link to the Debian theme). A prepended
// file defines ABSPATH as the docroot: PHP resolves symlinks in __DIR__,
// so wp-admin's scripts would otherwise load Debian's wp-config.php, which
// reads /etc/wordpress.
func (w *wpSite) writeConfig(dbPort int) error {
	port, err := freePort()
	if err != nil {
		return err
	}
	w.Base = fmt.Sprintf("http://127.0.0.1:%d", port)
	root := filepath.Join(w.dir, "docroot")
	content := filepath.Join(root, "wp-content")
	for _, d := range []string{filepath.Join(content, "themes"), filepath.Join(content, "plugins"), filepath.Join(content, "uploads")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	entries, err := os.ReadDir(wpRoot)
	if err != nil {
		return err
	}
	for _, e := range entries {
		switch e.Name() {
		case "wp-config.php", "wp-content", ".htaccess":
			continue
		}
		if err := os.Symlink(filepath.Join(wpRoot, e.Name()), filepath.Join(root, e.Name())); err != nil {
			return err
		}
	}
	if err := os.Symlink(wpTheme, filepath.Join(content, "themes", "twentytwentythree")); err != nil {
		return err
	}
	prepend := fmt.Sprintf("<?php\nif (!defined('ABSPATH')) { define('ABSPATH', %q); }\n", root+"/")
	if err := os.WriteFile(filepath.Join(w.dir, "prepend.php"), []byte(prepend), 0o644); err != nil {
		return err
	}
	cfg := fmt.Sprintf(`<?php
// Written by the realworld test: the site's own database, URLs and content
// directory; nothing leaves 127.0.0.1.
define('DB_NAME', 'wordpress');
define('DB_USER', 'wp');
define('DB_PASSWORD', 'wp-secret');
define('DB_HOST', '127.0.0.1:%d');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
define('WP_HOME', %[2]q);
define('WP_SITEURL', %[2]q);
define('WP_CONTENT_DIR', %[3]q);
define('WP_CONTENT_URL', %[2]q . '/wp-content');
define('AUTH_KEY', 'realworld-auth'); define('SECURE_AUTH_KEY', 'realworld-secure');
define('LOGGED_IN_KEY', 'realworld-logged-in'); define('NONCE_KEY', 'realworld-nonce');
define('AUTH_SALT', 'realworld-auth-salt'); define('SECURE_AUTH_SALT', 'realworld-secure-salt');
define('LOGGED_IN_SALT', 'realworld-logged-in-salt'); define('NONCE_SALT', 'realworld-nonce-salt');
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('WP_DEFAULT_THEME', 'twentytwentythree');
define('CONCATENATE_SCRIPTS', false);
define('WP_DEBUG', false);
define('WP_DEBUG_DISPLAY', false);
$table_prefix = 'wp_';
require_once ABSPATH . 'wp-settings.php';
`, dbPort, w.Base, content)
	return os.WriteFile(filepath.Join(root, "wp-config.php"), []byte(cfg), 0o644)
}

// phpArgs are the PHP settings of both the server and the seed script.
func (w *wpSite) phpArgs() []string {
	return []string{"-d", "auto_prepend_file=" + filepath.Join(w.dir, "prepend.php"),
		"-d", "display_errors=0", "-d", "log_errors=1", "-d", "error_log=" + w.phpLog,
		"-d", "memory_limit=256M"}
}

// startPHP starts PHP's built-in server on the site's port, with a few
// workers: the block editor sends its REST requests in parallel.
func (w *wpSite) startPHP(ctx context.Context) error {
	addr := strings.TrimPrefix(w.Base, "http://")
	w.php = exec.Command(phpBin, append(w.phpArgs(), "-S", addr, "-t", filepath.Join(w.dir, "docroot"))...)
	w.php.Env = append(os.Environ(), "PHP_CLI_SERVER_WORKERS=4")
	logf, err := os.OpenFile(w.phpLog, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer logf.Close()
	w.php.Stdout, w.php.Stderr = logf, logf
	w.php.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := w.php.Start(); err != nil {
		return fmt.Errorf("start php -S: %w", err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(w.Base + "/readme.html")
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("php -S did not answer on %s: %w", addr, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// phpRun runs a PHP script in the site (ABSPATH set, the site's URL as
// its host).
func (w *wpSite) phpRun(ctx context.Context, script string) (string, error) {
	cmd := exec.CommandContext(ctx, phpBin, append(w.phpArgs(), script)...)
	cmd.Env = append(os.Environ(), "WP_ROOT="+filepath.Join(w.dir, "docroot"), "WP_BASE="+w.Base,
		"WP_ADMIN_USER="+wpUser, "WP_ADMIN_PASSWORD="+wpPassword)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// stop ends PHP and MariaDB (their process groups: PHP's workers too).
func (w *wpSite) stop() {
	for _, c := range []*exec.Cmd{w.php, w.db} {
		if c == nil || c.Process == nil {
			continue
		}
		_ = syscall.Kill(-c.Process.Pid, syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- c.Wait() }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			_ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
			<-done
		}
	}
}

// errLog is the tail of PHP's error log, for a failure's reason.
func (w *wpSite) errLog() string {
	raw, err := os.ReadFile(w.phpLog)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err.Error()
	}
	s := string(raw)
	if len(s) > 1500 {
		s = s[len(s)-1500:]
	}
	return s
}

// serveProcess starts cmd (a server of the corpus: PHP's built-in
// server, Syncthing) in its own process group, its output in logPath,
// and waits up to 30 s for probe to answer 200; stop ends the group.
// When it does not answer, the log's start says why.
func serveProcess(ctx context.Context, cmd *exec.Cmd, logPath, probe, what string) (stop func(), err error) {
	logf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", what, err)
	}
	stop = func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		_ = cmd.Wait()
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(probe)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return stop, nil
			}
			err = fmt.Errorf("status %s", resp.Status)
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			stop()
			raw, _ := os.ReadFile(logPath)
			return nil, fmt.Errorf("%s did not answer at %s: %w: %s", what, probe, err, clip(strings.TrimSpace(string(raw)), 1000))
		}
		time.Sleep(100 * time.Millisecond)
	}
}
