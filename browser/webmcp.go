package browser

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/cdp/jsonv2"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/webmcp"
	"github.com/chromedp/chromedp"

	"github.com/pling-dev/pling/page"
)

// This file follows the WebMCP tools a tab's documents declare
// (document.modelContext.registerTool, <form toolname>) through CDP's
// WebMCP domain, and invokes them. A document's tools live as long as it:
// a navigation or reload of its frame (which sends no ToolsRemoved; the new
// document's tools come as a new ToolsAdded), the removal of its frame,
// and ToolsRemoved drop them.

// webmcpFeature is the Chromium feature behind document.modelContext.
const webmcpFeature = "WebMCP"

// polyfillScript invokes a tool of the MCP-B polyfill in the page
// (webmcp.js): the browser cannot see those.
//
//go:embed webmcp.js
var polyfillScript string

// formFillWait is how long an invocation of a declarative form without
// toolautosubmit is given to answer: it fills the form and, by design,
// never answers (the form's submit sends it).
const formFillWait = 400 * time.Millisecond

// maxEarly bounds the answers kept for invocations nobody waits for yet.
const maxEarly = 64

// toolsState is one tab's WebMCP tools and invocations.
type toolsState struct {
	mu     sync.Mutex
	main   cdp.FrameID
	seq    int
	tools  map[string]toolEntry // frame id + "\x00" + name
	frames map[cdp.FrameID]string
	parent map[cdp.FrameID]cdp.FrameID
	wait   map[string]chan *webmcp.EventToolResponded
	early  map[string]*webmcp.EventToolResponded
}

type toolEntry struct {
	seq  int
	tool page.WebMCPTool
}

// watchWebMCP starts following the tab's WebMCP events, in the order they
// arrive (a navigation before the new document's tools).
func watchWebMCP(tctx context.Context, main cdp.FrameID) *toolsState {
	st := &toolsState{main: main, tools: map[string]toolEntry{}, frames: map[cdp.FrameID]string{}, parent: map[cdp.FrameID]cdp.FrameID{},
		wait: map[string]chan *webmcp.EventToolResponded{}, early: map[string]*webmcp.EventToolResponded{}}
	_ = chromedp.Listen(tctx, st.on)
	return st
}

// on handles one event of the tab; it runs on chromedp's reading
// goroutine, so it only updates maps.
func (st *toolsState) on(ev any) {
	st.mu.Lock()
	defer st.mu.Unlock()
	switch e := ev.(type) {
	case *webmcp.EventToolsAdded:
		for _, t := range e.Tools {
			if t == nil {
				continue
			}
			st.seq++
			st.tools[string(t.FrameID)+"\x00"+t.Name] = toolEntry{seq: st.seq, tool: st.toolOf(t)}
		}
	case *webmcp.EventToolsRemoved:
		for _, t := range e.Tools {
			if t != nil {
				delete(st.tools, string(t.FrameID)+"\x00"+t.Name)
			}
		}
	case *cdppage.EventFrameAttached:
		st.parent[e.FrameID] = e.ParentFrameID
	case *cdppage.EventFrameNavigated:
		if e.Frame == nil {
			return
		}
		if e.Frame.ParentID == "" {
			// A new main document: every frame's document went with it.
			st.main = e.Frame.ID
			clear(st.tools)
			clear(st.parent)
			clear(st.frames)
		} else {
			st.parent[e.Frame.ID] = e.Frame.ParentID
			st.dropFrame(e.Frame.ID)
		}
		st.frames[e.Frame.ID] = e.Frame.URL
	case *cdppage.EventFrameDetached:
		if e.Reason == cdppage.FrameDetachedReasonRemove {
			st.dropFrame(e.FrameID)
			delete(st.frames, e.FrameID)
			delete(st.parent, e.FrameID)
		}
	case *webmcp.EventToolResponded:
		if ch, ok := st.wait[e.InvocationID]; ok {
			delete(st.wait, e.InvocationID)
			ch <- e // buffered: never blocks
			return
		}
		if len(st.early) >= maxEarly {
			clear(st.early)
		}
		st.early[e.InvocationID] = e
	}
}

// dropFrame forgets the tools of a frame's document and of the frames
// inside it (under st.mu).
func (st *toolsState) dropFrame(f cdp.FrameID) {
	for k, t := range st.tools {
		if st.within(cdp.FrameID(t.tool.Frame), f) {
			delete(st.tools, k)
		}
	}
}

// within reports whether frame is f or inside it (under st.mu).
func (st *toolsState) within(frame, f cdp.FrameID) bool {
	for hops := 0; frame != "" && hops < 16; hops++ {
		if frame == f {
			return true
		}
		frame = st.parent[frame]
	}
	return false
}

// toolOf is the page's view of a CDP tool (under st.mu).
func (st *toolsState) toolOf(t *webmcp.Tool) page.WebMCPTool {
	pt := page.WebMCPTool{Name: t.Name, Description: t.Description, Frame: string(t.FrameID), Form: t.BackendNodeID != 0}
	if len(t.InputSchema) > 0 {
		pt.InputSchema = json.RawMessage(t.InputSchema)
	}
	if a := t.Annotations; a != nil {
		pt.ReadOnly, pt.Untrusted, pt.Consequential, pt.Autosubmit = a.ReadOnly, a.UntrustedContent, a.Consequential, a.Autosubmit
	}
	if t.FrameID != st.main {
		pt.FrameURL = noFragment(st.frames[t.FrameID])
	}
	return pt
}

func noFragment(u string) string {
	if i := strings.IndexByte(u, '#'); i >= 0 {
		return u[:i]
	}
	return u
}

// WebMCPTools returns the WebMCP tools of the tab's current documents, in
// the order they were declared. The main document's come with an empty
// FrameURL.
func (s *Session) WebMCPTools() []page.WebMCPTool {
	st := s.webmcp
	if st == nil {
		return nil
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	entries := make([]toolEntry, 0, len(st.tools))
	for _, t := range st.tools {
		if t.tool.Frame == string(st.main) {
			t.tool.FrameURL = ""
		} else if t.tool.FrameURL == "" {
			t.tool.FrameURL = noFragment(st.frames[cdp.FrameID(t.tool.Frame)])
		}
		entries = append(entries, t)
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].seq < entries[j].seq })
	out := make([]page.WebMCPTool, len(entries))
	for i, e := range entries {
		out[i] = e.tool
	}
	return out
}

// InvokeWebMCP runs a WebMCP tool with input (a JSON object) and waits for
// its answer within Options.ActionTimeout; on timeout it cancels the
// invocation. A declarative form without toolautosubmit only fills its
// form: it answers "filled" after a moment instead of waiting. A polyfill's
// tool runs through the polyfill in the page.
func (s *Session) InvokeWebMCP(ctx context.Context, tool page.WebMCPTool, input json.RawMessage) (page.WebMCPResponse, error) {
	if tool.Polyfill {
		return s.invokePolyfill(ctx, tool, input)
	}
	st := s.webmcp
	if st == nil {
		return page.WebMCPResponse{}, errors.New("webmcp: not watched in this tab")
	}
	ch := make(chan *webmcp.EventToolResponded, 1)
	var id string
	err := s.run(ctx, s.b.opts.ActionTimeout, func(c context.Context) error {
		res, err := chromedp.Call(c, webmcp.InvokeTool, webmcp.InvokeToolParams{FrameID: cdp.FrameID(tool.Frame), ToolName: tool.Name, Input: jsonv2.Value(input)})
		if err != nil {
			return err
		}
		id = res.InvocationID
		st.mu.Lock()
		if e, ok := st.early[id]; ok {
			delete(st.early, id)
			ch <- e
		} else {
			st.wait[id] = ch
		}
		st.mu.Unlock()
		return nil
	})
	if err != nil {
		if strings.Contains(err.Error(), "not found") || strings.Contains(err.Error(), "No tool") {
			return page.WebMCPResponse{Status: "missing"}, nil
		}
		return page.WebMCPResponse{}, fmt.Errorf("webmcp invoke: %w", err)
	}
	limit := s.b.opts.ActionTimeout
	if tool.Form && !tool.Autosubmit {
		limit = formFillWait
	}
	t := time.NewTimer(limit)
	defer t.Stop()
	forget := func() {
		st.mu.Lock()
		delete(st.wait, id)
		st.mu.Unlock()
	}
	select {
	case e := <-ch:
		return responseOf(e), nil
	case <-t.C:
		forget()
		if tool.Form && !tool.Autosubmit {
			// Left pending: the form's own submit answers it later.
			return page.WebMCPResponse{Status: "filled"}, nil
		}
		s.cancelInvocation(ctx, id)
		return page.WebMCPResponse{Status: "timeout"}, nil
	case <-ctx.Done():
		forget()
		s.cancelInvocation(context.WithoutCancel(ctx), id)
		return page.WebMCPResponse{}, ctx.Err()
	}
}

// cancelInvocation asks the page to stop an invocation, briefly.
func (s *Session) cancelInvocation(ctx context.Context, id string) {
	_ = s.run(ctx, 2*time.Second, func(c context.Context) error {
		_, err := chromedp.Call(c, webmcp.CancelInvocation, webmcp.CancelInvocationParams{InvocationID: id})
		return err
	})
}

// responseOf maps a CDP answer to the page's.
func responseOf(e *webmcp.EventToolResponded) page.WebMCPResponse {
	r := page.WebMCPResponse{Output: json.RawMessage(e.Output)}
	switch e.Status {
	case webmcp.InvocationStatusCompleted:
		r.Status = "completed"
	case webmcp.InvocationStatusCanceled:
		r.Status = "canceled"
	default:
		r.Status = "error"
	}
	if r.Status != "completed" {
		r.Error = e.ErrorText
		if e.Exception != nil && e.Exception.Description != "" {
			// The first line: the message, not the page's stack.
			r.Error, _, _ = strings.Cut(e.Exception.Description, "\n")
		}
		if r.Error == "" && len(e.Output) > 0 {
			r.Error = string(e.Output)
		}
	}
	return r
}

// invokePolyfill runs a tool of the page's WebMCP polyfill in the page,
// within the action bound (the invocation is aborted on timeout).
func (s *Session) invokePolyfill(ctx context.Context, tool page.WebMCPTool, input json.RawMessage) (page.WebMCPResponse, error) {
	limit := s.b.opts.ActionTimeout - 500*time.Millisecond
	if limit < 500*time.Millisecond {
		limit = s.b.opts.ActionTimeout / 2
	}
	args := map[string]any{"name": tool.Name, "input": string(input), "timeout_ms": limit.Milliseconds()}
	if tool.Form && !tool.Autosubmit {
		args["fill_ms"] = formFillWait.Milliseconds()
	}
	var out page.WebMCPResponse
	if err := s.CallScript(page.WithWait(ctx, limit), polyfillScript, args, &out); err != nil {
		return page.WebMCPResponse{}, fmt.Errorf("webmcp polyfill invoke: %w", err)
	}
	return out, nil
}

// enableFeatures is the enable-features value of a launched browser:
// WebMCP plus whatever the operator enabled (browser.extraFlags), unless
// the operator disabled WebMCP.
func enableFeatures(extra map[string]any) string {
	var list []string
	if v, ok := extra["enable-features"].(string); ok && v != "" {
		list = strings.Split(v, ",")
	}
	if d, ok := extra["disable-features"].(string); ok {
		for _, f := range strings.Split(d, ",") {
			if strings.TrimSpace(f) == webmcpFeature {
				return strings.Join(list, ",")
			}
		}
	}
	for _, f := range list {
		if strings.TrimSpace(f) == webmcpFeature {
			return strings.Join(list, ",")
		}
	}
	return strings.Join(append(list, webmcpFeature), ",")
}

// disableFeatures merges the quiet flags' disable-features with the
// operator's.
func disableFeatures(quiet string, extra map[string]any) string {
	if d, ok := extra["disable-features"].(string); ok && d != "" {
		return quiet + "," + d
	}
	return quiet
}
