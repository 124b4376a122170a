package mcpserver

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// The bookkeeping of HTTP sessions: the live-session bound (reserved under
// one lock), what each Streamable HTTP session has in flight (so a session
// whose last stream closed ends after the grace), and the session ids.

// reserveSession takes a place for a session about to start, under the
// same lock the count is read with, so concurrent initializes cannot pass
// the bound together. release gives the place back once the session is
// registered (or failed).
func (s *Server) reserveSession(max int) (release func(), ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ids.count()+s.sseOpen+s.pending >= max {
		return nil, false
	}
	s.pending++
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			s.pending--
			s.mu.Unlock()
		})
	}, true
}

// sessionLimit refuses an initialize (or an SSE stream) beyond the live
// session bound: HTTP 503 with a JSON-RPC error a client can show.
func (s *Server) sessionLimit(w http.ResponseWriter, body []byte, max int) {
	s.log.Warn("http request refused", "category", "session_limit", "status", http.StatusServiceUnavailable)
	var req struct {
		ID json.RawMessage `json:"id"`
	}
	_ = json.Unmarshal(body, &req)
	id := json.RawMessage("null")
	if len(req.ID) > 0 {
		id = req.ID
	}
	msg := fmt.Sprintf("SESSION_LIMIT: this server already has %d live sessions (http.maxSessions); close one (DELETE /mcp) or retry after an idle one expires", max)
	raw, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": -32000, "message": msg}})
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Retry-After", "30")
	w.WriteHeader(http.StatusServiceUnavailable)
	_, _ = w.Write(raw)
}

// activity is what one Streamable HTTP session has in flight.
type activity struct {
	inFlight int    // requests being served, streams included
	streams  int    // open GET streams
	seq      uint64 // bumped at every request start and end
}

// beginRequest counts a request of a live session.
func (s *Server) beginRequest(id string, stream bool) bool {
	if !s.ids.live(id) {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.activity[id]
	if a == nil {
		a = &activity{}
		s.activity[id] = a
	}
	a.inFlight++
	if stream {
		a.streams++
	}
	a.seq++
	return true
}

// endRequest uncounts a request. When the session's last GET stream
// closes (the client went away, or reconnects) and nothing else is in
// flight, the session ends after grace unless a request arrives meanwhile.
func (s *Server) endRequest(id string, stream bool, grace time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.activity[id]
	if a == nil {
		return // the session already ended
	}
	a.inFlight--
	if stream {
		a.streams--
	}
	a.seq++
	if !stream || a.streams > 0 || a.inFlight > 0 {
		return
	}
	seq := a.seq
	s.afterFunc(grace, func() {
		s.mu.Lock()
		a := s.activity[id]
		quiet := a != nil && a.seq == seq
		s.mu.Unlock()
		if quiet {
			s.log.Info("session ended", "category", "stream_closed")
			_, _ = s.ids.Terminate(id)
		}
	})
}

// sessionIDs mints and tracks Streamable HTTP session ids: unknown and
// ended ids are refused (404, the client initializes again), and ending an
// id (DELETE, idle expiry) ends the session's pages at once.
type sessionIDs struct {
	mu    sync.Mutex
	ids   map[string]bool
	onEnd func(id string)
}

// Generate mints a new session id.
func (m *sessionIDs) Generate() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	id := "mcp-session-" + hex.EncodeToString(b)
	m.mu.Lock()
	m.ids[id] = true
	m.mu.Unlock()
	return id
}

// Validate refuses ids this server did not mint or already ended.
func (m *sessionIDs) Validate(id string) (bool, error) {
	if !m.live(id) {
		return false, errors.New("unknown session")
	}
	return false, nil
}

// Terminate ends an id at once and its session in the background.
func (m *sessionIDs) Terminate(id string) (bool, error) {
	m.mu.Lock()
	known := m.ids[id]
	delete(m.ids, id)
	m.mu.Unlock()
	if known && m.onEnd != nil {
		// The id is gone, so no new call gets in; closing the pages waits
		// for the session's running call, and mcp-go's one idle sweeper
		// must not wait with it while other sessions await their sweep.
		go m.onEnd(id)
	}
	return false, nil
}

func (m *sessionIDs) live(id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.ids[id]
}

func (m *sessionIDs) count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.ids)
}
