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
	return DefaultExecPath
}

// A tab whose setup failed is not left registered with the browser (the
// guard would attribute requests to it), and its browser context is
// disposed.
func TestFailedSetupIsNotRegistered(t *testing.T) {
	b, err := Start(t.Context(), Options{ExecPath: execPath(), StartTimeout: 60 * time.Second})
	if err != nil {
		t.Fatalf("real Chromium is required: %v", err)
	}
	defer b.Close()
	boom := errors.New("guard setup failed")
	guardHook = func(*Session) error { return boom }
	defer func() { guardHook = func(*Session) error { return nil } }()
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
