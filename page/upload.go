package page

import (
	"context"
	"strings"
)

// UploadRequest sets files on a file input of the observation.
type UploadRequest struct {
	// Action names a listed action of kind upload (or its id, name@record).
	Action string
	Record string
	// Paths are absolute, already resolved and checked against the upload
	// roots by the caller (the MCP layer owns that policy).
	Paths            []string
	ExpectedRevision string
	// Confirmed is true when the user confirmed (for confirm actions).
	Confirmed bool
}

// Upload runs the act pipeline (revision check, resolution against a fresh
// snapshot, the covered/disabled/confirm/handoff guards, settle, receipt)
// with an upload step: the browser sets the files as the file dialog
// would. Codes: those of Act, and INVALID_ARGUMENT when the action is not a
// file input or takes one file and gets several.
func (r *Runtime) Upload(ctx context.Context, req UploadRequest) (*ActResult, error) {
	if len(req.Paths) == 0 {
		return nil, &Error{Code: CodeInvalidArgument, Reason: "upload needs at least one path"}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.act(ctx, ActRequest{Action: req.Action, Record: req.Record, ExpectedRevision: req.ExpectedRevision, Confirmed: req.Confirmed}, actHow{files: req.Paths})
}

// uploadStep builds the step of a file input (ok true when either side is
// an upload: the action is a file input, or files were given). Files come
// only through Upload; act and page tools never reach a file input.
func uploadStep(a Action, key string, files []string) (Step, bool, error) {
	switch {
	case a.Kind != "upload" && files == nil:
		return Step{}, false, nil
	case a.Kind != "upload":
		return Step{}, true, &Error{Code: CodeInvalidArgument, Reason: a.Name + " is not a file input (kind " + a.Kind + "); upload takes an action of kind upload"}
	case files == nil:
		return Step{}, true, &Error{Code: CodeInvalidArgument, Reason: a.Name + " is a file input: set its files with the upload tool"}
	case len(files) > 1 && !a.Multiple:
		return Step{}, true, &Error{Code: CodeInvalidArgument, Reason: a.Name + " takes one file (the input has no multiple attribute)"}
	}
	return Step{Op: "upload", Key: key, Files: files}, true, nil
}

// uploadDescription describes a file input: what it accepts, one file or
// several.
func uploadDescription(label string, c Control) string {
	d := "Upload files to " + quoteLabel(label)
	var notes []string
	if c.Accept != "" {
		notes = append(notes, "accepts "+c.Accept)
	}
	if c.Multiple {
		notes = append(notes, "several files")
	} else {
		notes = append(notes, "one file")
	}
	return d + " (" + strings.Join(notes, "; ") + "; use the upload tool)"
}
