package websearch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func TestOptionsValidate(t *testing.T) {
	t.Parallel()
	valid := DefaultOptions()
	valid.APIKey = testKey
	if err := valid.Validate(); err != nil {
		t.Fatalf("defaults with a key: %v", err)
	}
	tests := []struct {
		name string
		mod  func(*Options)
		want string // substring of the error
	}{
		{"no key", func(o *Options) { o.APIKey = "" }, "API key is required"},
		{"key with space", func(o *Options) { o.APIKey = "sk- x" }, "whitespace"},
		{"no model", func(o *Options) { o.Model = "" }, "model is required"},
		{"prefixed model", func(o *Options) { o.Model = "openai/gpt-5.4" }, "unprefixed"},
		{"model with space", func(o *Options) { o.Model = "gpt 5" }, "unprefixed"},
		{"zero calls", func(o *Options) { o.MaxCalls = 0 }, "max_calls"},
		{"huge calls", func(o *Options) { o.MaxCalls = 1 << 30 }, "max_calls"},
		{"zero sources", func(o *Options) { o.MaxSources = 0 }, "max_sources"},
		{"per call above aggregate", func(o *Options) { o.MaxSources = 50 }, "sources_per_call"},
		{"zero per call", func(o *Options) { o.SourcesPerCall = 0 }, "sources_per_call"},
		{"zero timeout", func(o *Options) { o.Timeout = 0 }, "timeout"},
		{"request timeout below timeout", func(o *Options) { o.RequestTimeout = time.Second }, "request_timeout"},
		{"tokens below floor", func(o *Options) { o.MaxOutputTokens = 15 }, "max_output_tokens"},
		{"utf16 ceiling at host cut", func(o *Options) { o.MaxResultUTF16 = 50000 }, "max_result_utf16"},
		{"tiny byte ceiling", func(o *Options) { o.MaxResultBytes = 100 }, "max_result_bytes"},
		{"base URL scheme", func(o *Options) { o.BaseURL = "ftp://x/v1" }, "base_url"},
		{"base URL credentials", func(o *Options) { o.BaseURL = "https://u:p@x/v1" }, "base_url"},
		{"base URL relative", func(o *Options) { o.BaseURL = "/v1" }, "base_url"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := valid
			tt.mod(&o)
			err := o.Validate()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Validate() = %v, want an error mentioning %q", err, tt.want)
			}
			if err != nil && strings.Contains(err.Error(), testKey) {
				t.Errorf("error leaks the key: %v", err)
			}
			if _, err := NewBridge(o); err == nil {
				t.Error("NewBridge accepted invalid options")
			}
		})
	}

	var zero Options
	err := zero.Validate()
	for _, field := range []string{"model", "max_calls", "max_sources", "timeout", "API key"} {
		if err == nil || !strings.Contains(err.Error(), field) {
			t.Errorf("zero Options: error %v does not report %s", err, field)
		}
	}
}

func TestOptionsStringRedactsKey(t *testing.T) {
	o := DefaultOptions()
	o.APIKey = testKey
	js, _ := json.Marshal(o)
	for _, s := range []string{fmt.Sprint(o), fmt.Sprintf("%+v", o), fmt.Sprintf("%v", &o), fmt.Sprintf("%#v", o), string(js)} {
		if strings.Contains(s, testKey) {
			t.Errorf("formatted options leak the key: %q", s)
		}
	}
	for _, s := range []string{fmt.Sprint(o), fmt.Sprintf("%+v", o), fmt.Sprintf("%v", &o)} {
		if strings.Contains(s, testKey) || !strings.Contains(s, "[redacted]") {
			t.Errorf("formatted options %q", s)
		}
	}
}

func TestDisclosure(t *testing.T) {
	d := Disclosure("gpt-5.4")
	for _, want := range []string{"separate OpenAI search model", `"gpt-5.4"`, "cost money", "public web",
		"not a zero-retention guarantee", "candidate", "not quotations", "has been read or verified", "192"} {
		if !strings.Contains(d, want) {
			t.Errorf("disclosure lacks %q:\n%s", want, d)
		}
	}
}

// TestLogPrivacy captures the bridge's log over a success and failures and
// checks it holds categories, timings, statuses and counts, and none of the
// query, notes, titles, URLs or the key.
func TestLogPrivacy(t *testing.T) {
	t.Parallel()
	const query = "confidential merger codename bluebird"
	sc := defaultScenario()
	sc.text = "secret notes mention " + testKey
	sc.citations = []cite{{"https://example.org/a", "Private Title"}}

	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	for _, serve := range []serveFunc{
		streamEvents(sc.events(), 0),
		httpError(429, `{"error":{"message":"Rate limit for `+query+`","type":"requests","code":"rate_limit_exceeded"}}`),
		streamEvents(sc.events()[:6], 0),
	} {
		f := newFake(t, serve)
		opts := f.options()
		opts.Logger = log
		_, _ = newSession(t, opts).Search(t.Context(), query, nil)
	}
	out := buf.String()
	for _, secret := range []string{query, "confidential", "secret notes", "Private Title", "example.org", testKey, "sk-pling", "Rate limit", "127.0.0.1"} {
		if strings.Contains(out, secret) {
			t.Errorf("log contains %q:\n%s", secret, out)
		}
	}
	for _, want := range []string{"category=ok", "category=http_4xx", "http_status=429", "category=receipt_missing", "elapsed_ms=", "sources=2", "subsystem=websearch"} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %q:\n%s", want, out)
		}
	}
}
