package e2e

import (
	"encoding/json"
	"testing"

	"github.com/pling-dev/pling/agent"
)

// signupFields is the sign-up form of fixtures/pages/signup.html as an agent
// fills it: eight fields, then the submit button.
var signupFields = []map[string]any{
	{"action": "full_name", "text": "Ada Lovelace"},
	{"action": "email", "text": "ada@example.com"},
	{"action": "password", "text": "correct-horse-battery"},
	{"action": "age", "text": "36"},
	{"action": "country", "value": "Japan"},
	{"action": "pro", "checked": true},
	{"action": "send_me_the_newsletter", "checked": false},
	{"action": "i_accept_the_terms", "checked": true},
}

// actArgs turns a fill_form field into the act call that does the same.
func actArgs(f map[string]any) map[string]any {
	a := map[string]any{"action": f["action"]}
	switch {
	case f["text"] != nil:
		a["args"] = map[string]any{"text": f["text"]}
	case f["value"] != nil:
		a["args"] = map[string]any{"value": f["value"]}
	}
	return a
}

// BenchmarkSignupForm fills the sign-up form and submits it through the
// real binary over stdio, once with one fill_form call and once with one
// act per field (the checkbox and radio clicks chosen for the fresh page:
// newsletter starts checked, so it is clicked once to clear it). Reported:
// ns/op (wall, the fresh navigation excluded), calls, result-chars (the
// text content the model reads back), arg-chars (the arguments it writes),
// tokens (both, counted with o200k_base, agent.Counter's encoding for the
// gpt-5 family).
func BenchmarkSignupForm(b *testing.B) {
	for _, mode := range []string{"fill_form", "act_per_field"} {
		b.Run(mode, func(b *testing.B) {
			c, _ := stdioClient(b, nil, "--url", url("/signup"))
			counter := agent.NewCounter("gpt-5.4")
			var calls, resChars, argChars, tokens int
			run := func(name string, args map[string]any) {
				r := call(b, c, name, args)
				if r.IsError {
					b.Fatalf("%s failed: %s", name, r.Text)
				}
				raw, _ := json.Marshal(args)
				calls++
				resChars += len(r.Text)
				argChars += len(raw)
				tokens += counter.Count(r.Text) + counter.Count(string(raw))
			}
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				if r := call(b, c, "navigate", map[string]any{"url": url("/signup")}); r.IsError {
					b.Fatal(r.Text)
				}
				b.StartTimer()
				if mode == "fill_form" {
					fields := make([]any, len(signupFields))
					for j, f := range signupFields {
						fields[j] = f
					}
					run("fill_form", map[string]any{"fields": fields, "submit": "create_account"})
				} else {
					for _, f := range signupFields {
						run("act", actArgs(f))
					}
					run("act", map[string]any{"action": "create_account"})
				}
				b.StopTimer()
				r := call(b, c, "observe", map[string]any{})
				if got := state(r, "welcome"); got != "Ada (jp, pro)" {
					b.Fatalf("the form was not submitted as filled: welcome = %q", got)
				}
				b.StartTimer()
			}
			n := float64(b.N)
			b.ReportMetric(float64(calls)/n, "calls")
			b.ReportMetric(float64(resChars)/n, "result-chars")
			b.ReportMetric(float64(argChars)/n, "arg-chars")
			b.ReportMetric(float64(tokens)/n, "tokens")
		})
	}
}
