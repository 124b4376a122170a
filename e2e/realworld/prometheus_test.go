package realworld

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
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
type pmAnswers struct{ value, alert, health string }

// pmTasks are an operator's questions to Prometheus, each answered from
// the UI and checked against its HTTP API.
func pmTasks() []wpTask {
	a := &pmAnswers{}
	return []wpTask{
		{"query_value", "/api/v1/query up{job=\"prometheus\"}", a.query, pmWant(&a.value, pmQueryValue)},
		{"firing_alert", "/api/v1/alerts: the alert's state and summary", a.firingAlert, pmWant(&a.alert, pmAlert)},
		{"target_health", "/api/v1/targets: the target's health", a.targetHealth, pmWant(&a.health, pmHealth)},
	}
}

// TestPrometheus runs Debian's Prometheus on a temporary data folder,
// scraping itself every second, with one alerting rule that fires, and
// asks it an operator's questions through `pling serve` in its classic
// UI: the value of a query (typed into its expression box, Execute), the
// firing alert's summary (its row expanded) and the target's health.
// Every answer is checked against Prometheus's own API.
func TestPrometheus(t *testing.T) {
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
	conf := "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nrule_files: [" + rules + "]\n" +
		"scrape_configs:\n  - job_name: prometheus\n    static_configs:\n      - targets: [\"" + addr + "\"]\n"
	rule := "groups:\n  - name: harbour\n    rules:\n      - alert: TideGaugeSilent\n        expr: vector(1)\n" +
		"        labels: {severity: page}\n        annotations: {summary: \"" + pmAlertSummary + "\"}\n"
	for path, text := range map[string]string{filepath.Join(dir, "prometheus.yml"): conf, rules: rule} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return nil, nil, err
		}
	}
	cmd := exec.Command(prometheusBin, "--config.file="+filepath.Join(dir, "prometheus.yml"), "--storage.tsdb.path="+filepath.Join(dir, "data"),
		"--web.listen-address="+addr, "--web.console.templates=/usr/share/prometheus/web/templates")
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
