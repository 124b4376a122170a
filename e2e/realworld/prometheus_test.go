package realworld

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// prometheusBin is Debian's prometheus package (installed without its
// recommendations): a monitoring server whose classic UI is where a
// person asks it questions.
const prometheusBin = "/usr/bin/prometheus"

// pmKnownFailing lists the Prometheus tasks that fail today because of
// Pling, each with its reason; the test fails when one of them passes.
var pmKnownFailing = map[string]string{}

// pmAlertSummary is the summary of the alert the test's rule fires.
const pmAlertSummary = "The tide gauge sent nothing for 10 minutes"

// pmAnswers are what the agent read: a monitoring UI's tasks ask
// questions, and each answer is checked against Prometheus's own API.
type pmAnswers struct{ value, alert, health, version, retention string }

// pmTasks are an operator's questions to Prometheus, each answered from
// the UI and checked against its HTTP API.
func pmTasks() []wpTask {
	a := &pmAnswers{}
	return []wpTask{
		{"query_value", "/api/v1/query up{job=\"prometheus\"}", a.query, pmWant(&a.value, pmQueryValue)},
		{"firing_alert", "/api/v1/alerts: the alert's state and summary", a.firingAlert, pmWant(&a.alert, pmAlert)},
		{"target_health", "/api/v1/targets: the target's health", a.targetHealth, pmWant(&a.health, pmHealth)},
		{"build_version", "/api/v1/status/buildinfo: the version", a.buildVersion, pmWant(&a.version, pmVersion)},
		{"graph_range", "the query log: a range query of up over 6h", pmGraphRange, pmWantRangeQuery("up", 6*time.Hour)},
		{"retention_flag", "/api/v1/status/flags: storage.tsdb.retention.time", a.retentionFlag, pmWant(&a.retention, pmFlag("storage.tsdb.retention.time"))},
	}
}

// TestPrometheus runs Debian's Prometheus on a temporary data folder,
// scraping itself every second, with one alerting rule that fires, and
// asks it an operator's questions through `pling serve` in its classic
// UI: the value of a query (typed into its expression box, Execute), the
// firing alert's summary (its row expanded) and the target's health.
// Every answer is checked against Prometheus's own API.
func TestPrometheus(t *testing.T) {
	t.Parallel() // (each application runs on its own state and ports: doc.go)
	start := time.Now()
	if _, err := os.Stat(prometheusBin); err != nil {
		t.Fatalf("the Prometheus corpus needs Debian's prometheus package (make wordpress): %v", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 4*time.Minute)
	defer cancel()
	site, stop, err := startPrometheus(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	runSuite(ctx, t, start, site, "prometheus", pmTasks(), pmKnownFailing)
}

// startPrometheus writes a config (itself as the one target, every
// second) and a rule file in dir and serves Prometheus on a free loopback
// port once its first scrape is in and its alert fires; stop ends it.
func startPrometheus(ctx context.Context, dir string) (*wpSite, func(), error) {
	port, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	rules := filepath.Join(dir, "rules.yml")
	conf := "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n  query_log_file: " + filepath.Join(dir, pmQueryLog) + "\nrule_files: [" + rules + "]\n" +
		"scrape_configs:\n  - job_name: prometheus\n    static_configs:\n      - targets: [\"" + addr + "\"]\n"
	rule := "groups:\n  - name: harbour\n    rules:\n      - alert: TideGaugeSilent\n        expr: vector(1)\n" +
		"        labels: {severity: page}\n        annotations: {summary: \"" + pmAlertSummary + "\"}\n"
	for path, text := range map[string]string{filepath.Join(dir, "prometheus.yml"): conf, rules: rule} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return nil, nil, err
		}
	}
	cmd := exec.Command(prometheusBin, "--config.file="+filepath.Join(dir, "prometheus.yml"), "--storage.tsdb.path="+filepath.Join(dir, "data"),
		"--web.listen-address="+addr, "--web.console.templates=/usr/share/prometheus/web/templates",
		"--storage.tsdb.retention.time="+pmRetention)
	base := "http://" + addr
	logPath := filepath.Join(dir, "prometheus.log")
	stop, err := serveProcess(ctx, cmd, logPath, base+"/-/ready", "prometheus")
	if err != nil {
		return nil, nil, err
	}
	site := &wpSite{Base: base, phpLog: logPath}
	// the first scrape and the alert's first evaluation, so the UI has
	// something to show
	deadline := time.Now().Add(20 * time.Second)
	for {
		v, verr := pmQueryValue(ctx, site)
		al, aerr := pmAlert(ctx, site)
		if verr == nil && v != "" && aerr == nil && al != "" {
			return site, stop, nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			stop()
			return nil, nil, fmt.Errorf("prometheus has no sample or no firing alert after 20 s (%v, %v)", verr, aerr)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// pmAPI decodes one answer of Prometheus's HTTP API.
func pmAPI(ctx context.Context, w *wpSite, path string, into any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, w.Base+path, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(into)
}

// pmQueryValue is up{job="prometheus"}'s value, as the API answers it.
func pmQueryValue(ctx context.Context, w *wpSite) (string, error) {
	var r struct {
		Data struct {
			Result []struct {
				Value []any `json:"value"`
			} `json:"result"`
		} `json:"data"`
	}
	if err := pmAPI(ctx, w, `/api/v1/query?query=up%7Bjob%3D%22prometheus%22%7D`, &r); err != nil {
		return "", err
	}
	if len(r.Data.Result) != 1 || len(r.Data.Result[0].Value) != 2 {
		return "", nil
	}
	v, _ := r.Data.Result[0].Value[1].(string)
	return v, nil
}

// pmAlert is the firing alert's summary, as the API answers it.
func pmAlert(ctx context.Context, w *wpSite) (string, error) {
	var r struct {
		Data struct {
			Alerts []struct {
				State       string            `json:"state"`
				Annotations map[string]string `json:"annotations"`
			} `json:"alerts"`
		} `json:"data"`
	}
	if err := pmAPI(ctx, w, "/api/v1/alerts", &r); err != nil {
		return "", err
	}
	for _, a := range r.Data.Alerts {
		if a.State == "firing" {
			return a.Annotations["summary"], nil
		}
	}
	return "", nil
}

// pmHealth is the one target's health, as the API answers it.
func pmHealth(ctx context.Context, w *wpSite) (string, error) {
	var r struct {
		Data struct {
			ActiveTargets []struct {
				Health string `json:"health"`
			} `json:"activeTargets"`
		} `json:"data"`
	}
	if err := pmAPI(ctx, w, "/api/v1/targets", &r); err != nil {
		return "", err
	}
	if len(r.Data.ActiveTargets) != 1 {
		return "", fmt.Errorf("%d targets, want 1", len(r.Data.ActiveTargets))
	}
	return r.Data.ActiveTargets[0].Health, nil
}

// pmWant checks the agent's answer against the API's.
func pmWant(answer *string, api func(context.Context, *wpSite) (string, error)) func(context.Context, *wpSite) error {
	return func(ctx context.Context, w *wpSite) error {
		want, err := api(ctx, w)
		if err != nil {
			return err
		}
		if want == "" || !strings.EqualFold(strings.TrimSpace(*answer), want) {
			return fmt.Errorf("the agent read %q, Prometheus's API answers %q", *answer, want)
		}
		return nil
	}
}

// query: the graph page's expression box, the query, Execute; the
// result's record holds the value.
func (a *pmAnswers) query(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/classic/graph")
	if err != nil {
		return err
	}
	box, err := wpPick(ctx, s, obs, "type", `(?i)expression`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, box, "", map[string]any{"text": `up{job="prometheus"}`})
	if err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^execute`); err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, r.Body.Observation, `up{`)
	if err != nil {
		return err
	}
	for name, v := range rec.Fields {
		if strings.EqualFold(name, "value") {
			a.value = v
			return nil
		}
	}
	return fmt.Errorf("the result's record has no Value field: %v", rec.Fields)
}

// firingAlert: the alerts page, the firing alert's row expanded; its
// summary is read from what the row shows.
func (a *pmAnswers) firingAlert(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/classic/alerts")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, "TideGaugeSilent")
	if err != nil {
		return err
	}
	expand, err := wpPick(ctx, s, obs, "", `(?i)^expand`, true)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, expand, rec.ID, nil)
	if err != nil {
		return err
	}
	details, err := wpFind(ctx, s, r.Body.Observation, "summary:")
	if err != nil {
		return err
	}
	for _, v := range append([]string{details.Label}, pmFieldValues(details)...) {
		if _, after, ok := strings.Cut(v, "summary: "); ok {
			// the summary runs to the next section of the rule
			a.alert = strings.TrimSpace(strings.SplitN(after, " Labels ", 2)[0])
			a.alert = strings.TrimSuffix(a.alert, " …")
			return nil
		}
	}
	return fmt.Errorf("no summary in the expanded alert: %v", details.Fields)
}

// pmFieldValues are a record's field values.
func pmFieldValues(r *record) []string {
	var out []string
	for _, v := range r.Fields {
		out = append(out, v)
	}
	return out
}

// targetHealth: the targets page; the target's record says its state.
func (a *pmAnswers) targetHealth(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/classic/targets")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, "/metrics")
	if err != nil {
		return err
	}
	for name, v := range rec.Fields {
		if strings.EqualFold(name, "state") {
			a.health = v
			return nil
		}
	}
	return fmt.Errorf("the target's record has no State field: %v", rec.Fields)
}

// What the second set of tasks read and check.
const (
	// the query log Prometheus writes (its config's query_log_file),
	// beside its own log
	pmQueryLog = "queries.log"
	// how long it keeps data (a flag the test sets)
	pmRetention = "30d"
)

// pmVersion is the running Prometheus's version, as the API answers it.
func pmVersion(ctx context.Context, w *wpSite) (string, error) {
	var r struct {
		Data struct {
			Version string `json:"version"`
		} `json:"data"`
	}
	if err := pmAPI(ctx, w, "/api/v1/status/buildinfo", &r); err != nil {
		return "", err
	}
	return r.Data.Version, nil
}

// pmFlag is a command-line flag's value, as the API answers it.
func pmFlag(name string) func(context.Context, *wpSite) (string, error) {
	return func(ctx context.Context, w *wpSite) (string, error) {
		var r struct {
			Data map[string]string `json:"data"`
		}
		if err := pmAPI(ctx, w, "/api/v1/status/flags", &r); err != nil {
			return "", err
		}
		return r.Data[name], nil
	}
}

// buildVersion: the graph page's expression box, the start of a metric's
// name typed, the suggestion chosen (the box's autocomplete), Execute;
// the version label of the result's series is the answer.
func (a *pmAnswers) buildVersion(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/classic/graph")
	if err != nil {
		return err
	}
	box, err := wpPick(ctx, s, obs, "type", `(?i)expression`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, box, "", map[string]any{"text": "prometheus_build"})
	if err != nil {
		return err
	}
	// the suggestion appeared as an action named by its text
	opt, err := wpPick(ctx, s, r.Body.Observation, "", `^prometheus_build_info( |$)`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, opt, "", nil); err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^execute`); err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, r.Body.Observation, "prometheus_build_info{")
	if err != nil {
		return err
	}
	version := regexp.MustCompile(`\bversion="([^"]*)"`)
	text := func(r *record) string { return r.Label + " " + strings.Join(pmFieldValues(r), " ") }
	if m := version.FindStringSubmatch(text(rec)); m != nil {
		a.version = m[1]
		return nil
	}
	// a cut cell: the agent asks for the row with find, which returns
	// the records holding the words with their fields
	f, err := s.call(ctx, "observe", map[string]any{"find": map[string]any{"text": "prometheus_build_info version"}})
	if err != nil {
		return err
	}
	if f.Body.Observation != nil {
		for i := range f.Body.Observation.Records.Shown {
			if m := version.FindStringSubmatch(text(&f.Body.Observation.Records.Shown[i])); m != nil {
				a.version = m[1]
				return nil
			}
		}
	}
	return fmt.Errorf("the result's record names no version, found or shown: %s", clip(text(rec), 300))
}

// pmGraphRange: the graph page, the expression up, Execute, its Graph
// tab, then the range grown with its + button until the range field
// says 6h (1h, 2h, 6h: the page queries again at each step).
func pmGraphRange(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/classic/graph")
	if err != nil {
		return err
	}
	if obs, err = wpTypeFields(ctx, s, obs, []wpField{{`(?i)expression`, "up"}}); err != nil {
		return err
	}
	r, err := wpPress(ctx, s, obs, `(?i)^execute`)
	if err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^graph( |$)`); err != nil {
		return err
	}
	for i := 0; ; i++ {
		rng, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)range`, false)
		if err != nil {
			return err
		}
		if rng.Value != nil && rng.Value.Head == "6h" {
			return nil
		}
		if i == 4 {
			return fmt.Errorf("the range field says %v after %d presses of +", rng.Value, i)
		}
		if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)grow|increase|^\+`); err != nil {
			return err
		}
	}
}

// pmWantRangeQuery checks Prometheus's query log for a range query of
// expr spanning span.
func pmWantRangeQuery(expr string, span time.Duration) func(context.Context, *wpSite) error {
	return func(ctx context.Context, w *wpSite) error {
		path := filepath.Join(filepath.Dir(w.phpLog), pmQueryLog)
		var seen []string
		for end := time.Now().Add(5 * time.Second); ; {
			raw, err := os.ReadFile(path)
			if err != nil && !os.IsNotExist(err) {
				return err
			}
			seen = nil
			for _, line := range strings.Split(string(raw), "\n") {
				var q struct {
					Params struct {
						Query string    `json:"query"`
						Start time.Time `json:"start"`
						End   time.Time `json:"end"`
					} `json:"params"`
				}
				if json.Unmarshal([]byte(line), &q) != nil || q.Params.Query != expr || q.Params.Start.IsZero() {
					continue
				}
				d := q.Params.End.Sub(q.Params.Start)
				if d == span {
					return nil
				}
				seen = append(seen, d.String())
			}
			if time.Now().After(end) || ctx.Err() != nil {
				return fmt.Errorf("the query log has no range query of %s over %s (ranges of it: %v)", expr, span, seen)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
}

// retentionFlag: Status → Command-Line Flags; the flag's value where the
// observation shows it (its state), else in the page's text, read.
func (a *pmAnswers) retentionFlag(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/classic/graph")
	if err != nil {
		return err
	}
	r, err := wpPress(ctx, s, obs, `(?i)^status( |$)`)
	if err != nil {
		return err
	}
	link, args, err := pickLink(ctx, s, r.Body.Observation, `(?i)^"command-line flags"$`)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, link, "", args); err != nil {
		return err
	}
	const flag = "storage.tsdb.retention.time"
	if v, ok := r.Body.Observation.State[flag]; ok {
		a.retention = fmt.Sprint(v)
		return nil
	}
	// (the observation cut its state: the agent reads the page's text)
	read, err := s.call(ctx, "observe", map[string]any{"read": map[string]any{}})
	if err != nil {
		return err
	}
	m := regexp.MustCompile(regexp.QuoteMeta(flag) + ` \| ([^\\"]+)`).FindStringSubmatch(read.Text)
	if m == nil {
		return fmt.Errorf("the page's text has no %s: %s", flag, clip(read.Text, 200))
	}
	a.retention = strings.TrimSpace(m[1])
	return nil
}
