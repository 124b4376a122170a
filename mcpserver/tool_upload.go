package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/pling-dev/pling/page"
)

// uploadSchema is the input schema of upload.
var uploadSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    ` + pageProp + `,
    "action": {"type": "string", "minLength": 1, "maxLength": 140, "description": "A listed action of kind upload (a file input), or its id such as attach@r3."},
    "record": {"type": "string", "minLength": 1, "maxLength": 200, "description": "For a file input inside a row: the record id."},
    "paths": {"type": "array", "minItems": 1, "maxItems": 32, "items": {"type": "string", "minLength": 1, "maxLength": 4096},
      "description": "Files to set, in order: absolute paths, or paths relative to the first upload root. Every path must resolve (symlinks followed) to a regular file inside an upload root. Several paths only for an input that takes several files."},
    "confirm": {"type": "boolean", "description": "The user explicitly confirmed this action (only for actions that need confirmation)."},
    "expected_revision": {"type": "string", "maxLength": 128, "description": "The revision of the observation the call is based on; a changed page refuses the call with STALE_REVISION."}
  },
  "required": ["action", "paths"],
  "additionalProperties": false
}`)

// uploadTool is upload, offered only with upload roots (toolList): files
// from the roots set on a file input.
func uploadTool(s *Server) (mcp.Tool, server.ToolHandlerFunc) {
	desc := "Set files on a file input of the observation (an action of kind upload; its accept and multiple are listed), as choosing them in the file dialog would, " +
		"then return the receipt and the fresh observation. Files come only from the upload roots: " + strings.Join(s.opts.UploadRoots, ", ") + "."
	t := coreTool("upload", desc, uploadSchema,
		hints("Upload files", false, true, true, false))
	return t, s.wrap(t.Name, t.RawInputSchema, s.handleUpload)
}

func (s *Server) handleUpload(ctx context.Context, c caller, req mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, error) {
	var paths []string
	raw, _ := args["paths"].([]any)
	for _, x := range raw {
		v, _ := x.(string)
		paths = append(paths, v)
	}
	files, err := checkUploadPaths(s.opts.UploadRoots, paths)
	if err != nil {
		return nil, err
	}
	p, err := s.pageFor(ctx, c, str(args, "page"))
	if err != nil {
		return nil, err
	}
	confirm, _ := args["confirm"].(bool)
	if s.opts.RefuseConfirmFlag {
		confirm = false
	}
	res, err := p.rt.Upload(ctx, page.UploadRequest{
		Action: str(args, "action"), Record: str(args, "record"), Paths: files,
		ExpectedRevision: str(args, "expected_revision"), Confirmed: confirm,
	})
	if err != nil {
		return nil, err
	}
	return s.pageResult(ctx, c, p, &res.Receipt, res.Observation, nil), nil
}

// checkUploadPaths resolves every path (relative ones against the first
// root), follows symlinks, and admits only regular files inside one of the
// roots (resolved too). It returns the resolved paths, which are what the
// browser reads. Code: INVALID_ARGUMENT, naming the argument, never a file
// outside the roots.
func checkUploadPaths(roots, paths []string) ([]string, error) {
	if len(roots) == 0 {
		return nil, invalid("upload: no upload roots are configured (browser.uploadRoots)")
	}
	var real []string
	for _, r := range roots {
		rr, err := filepath.EvalSymlinks(r)
		if err != nil {
			continue // a missing root admits nothing
		}
		if rr, err = filepath.Abs(rr); err == nil {
			real = append(real, rr)
		}
	}
	out := make([]string, 0, len(paths))
	for i, p := range paths {
		bad := func(why string) error {
			return invalid(fmt.Sprintf("upload: paths[%d] %s; files must lie inside the upload roots (%s)", i, why, strings.Join(roots, ", ")))
		}
		if strings.ContainsRune(p, 0) {
			return nil, bad("is not a valid path")
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(roots[0], p)
		}
		resolved, err := filepath.EvalSymlinks(filepath.Clean(p))
		if err != nil {
			// Whether a file exists is said only of paths inside a root:
			// elsewhere the answer must not reveal what the host holds.
			if !lexicallyWithin(roots, real, filepath.Clean(p)) {
				return nil, bad("is outside the upload roots")
			}
			if errors.Is(err, os.ErrNotExist) {
				return nil, bad("does not exist")
			}
			return nil, bad("cannot be resolved")
		}
		inside := false
		for _, r := range real {
			if within(r, resolved) {
				inside = true
				break
			}
		}
		if !inside {
			return nil, bad("is outside the upload roots (after resolving symlinks)")
		}
		st, err := os.Stat(resolved)
		if err != nil || !st.Mode().IsRegular() {
			return nil, bad("is not a regular file")
		}
		out = append(out, resolved)
	}
	return out, nil
}

// lexicallyWithin reports whether the cleaned path names a place inside one
// of the roots, as given or resolved, before any symlink is followed.
func lexicallyWithin(roots, real []string, path string) bool {
	for _, list := range [][]string{roots, real} {
		for _, r := range list {
			if abs, err := filepath.Abs(r); err == nil && within(filepath.Clean(abs), path) {
				return true
			}
		}
	}
	return false
}

// within reports whether path lies strictly inside dir (both resolved,
// absolute and clean).
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	if err != nil || rel == "." || filepath.IsAbs(rel) {
		return false
	}
	return rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
