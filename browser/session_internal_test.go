package browser

import (
	"context"
	"errors"
	"os"
	"sync"
	"testing"
	"time"
)

func execPath() string {
	if p := os.Getenv("PLING_CHROMIUM"); p != "" {
		return p
	}
	return DebianChromiumPath
}

// A tab whose setup failed is not left registered with the browser (the
// interceptor would attribute requests to it), and its browser context is
// disposed.
func TestFailedSetupIsNotRegistered(t *testing.T) {
	b, err := Start(t.Context(), Options{ExecPath: execPath(), StartTimeout: 60 * time.Second})
	if err != nil {
		t.Fatalf("real Chromium is required: %v", err)
	}
	defer b.Close()
	boom := errors.New("tab setup failed")
	setupHook = func(*Session) error { return boom }
	defer func() { setupHook = func(*Session) error { return nil } }()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	if _, err := b.NewSession(ctx); !errors.Is(err, boom) {
		t.Fatalf("want the setup error, got %v", err)
	}
	b.mu.Lock()
	frames, contexts := len(b.frames), len(b.contexts)
	b.mu.Unlock()
	if frames != 0 || contexts != 0 {
		t.Errorf("failed session left registered: %d frames, %d contexts", frames, contexts)
	}
}

// Closing a tab while other goroutines use it is race-free (run with
// -race) and ends their calls with an error, not a hang.
func TestConcurrentCloseIsRaceFree(t *testing.T) {
	b, err := Start(t.Context(), Options{ExecPath: execPath(), StartTimeout: 60 * time.Second})
	if err != nil {
		t.Fatalf("real Chromium is required: %v", err)
	}
	defer b.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	s, err := b.NewSession(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.NewPage(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 20 {
				_ = s.Evaluate(ctx, "1", nil)
			}
		})
	}
	wg.Go(func() { s.Close() })
	wg.Go(func() { s.CloseSession() })
	wg.Wait()
	if err := s.Evaluate(ctx, "1", nil); !errors.Is(err, ErrClosed) {
		t.Errorf("evaluate after close: %v", err)
	}
	if err := p.Evaluate(ctx, "1", nil); err == nil {
		t.Errorf("the session's other page still works after CloseSession")
	}
}

// Iframes a page adds and removes leave the frame registry as it was: a
// long-lived page with coming and going widgets cannot grow it.
func TestRemovedFramesAreForgotten(t *testing.T) {
	b, err := Start(t.Context(), Options{ExecPath: execPath(), StartTimeout: 60 * time.Second})
	if err != nil {
		t.Fatalf("real Chromium is required: %v", err)
	}
	defer b.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	s, err := b.NewSession(ctx)
	if err != nil {
		t.Fatal(err)
	}
	before := b.frameCount()
	const add = `new Promise((done) => {
	  for (let i = 0; i < 30; i++) { const f = document.createElement("iframe"); f.srcdoc = "<p>" + i; document.body.appendChild(f); }
	  setTimeout(() => done(document.querySelectorAll("iframe").length), 300);
	})`
	var n int
	if err := s.Evaluate(ctx, add, &n); err != nil || n != 30 {
		t.Fatalf("adding iframes: %d, %v", n, err)
	}
	waitFor := func(what string, ok func(int) bool) {
		deadline := time.Now().Add(time.Minute)
		for !ok(b.frameCount()) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the registry holds %d frames (%d before)", what, b.frameCount(), before)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	waitFor("after adding", func(c int) bool { return c >= before+30 })
	if err := s.Evaluate(ctx, `document.querySelectorAll("iframe").forEach((f) => f.remove())`, nil); err != nil {
		t.Fatal(err)
	}
	waitFor("after removing", func(c int) bool { return c == before })
}
