package realworld

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// jupyterBin is Debian's jupyter-notebook package (installed without its
// recommendations): the classic notebook, its kernel /usr/bin/python3's
// ipykernel.
const jupyterBin = "/usr/bin/jupyter-notebook"

// jpKnownFailing lists the Jupyter tasks that fail today because of
// Pling, each with its reason; the test fails when one of them passes.
var jpKnownFailing = map[string]string{}

// jpTasks are a notebook user's first steps, each checked in the
// notebook folder's files. They run in one browser session and share the
// notebook's tab (nb.page, the handle the first task is given).
func jpTasks(dir string) []wpTask {
	nb := &jpNotebook{}
	return []wpTask{
		{"new_notebook", "Untitled.ipynb in the notebook folder", nb.create, jpWantNotebook(filepath.Join(dir, "Untitled.ipynb"), "", "")},
		{"run_cell", "Untitled.ipynb: the cell's source and its output", nb.runCell, jpWantNotebook(filepath.Join(dir, "Untitled.ipynb"), "print(6*7)", "42\n")},
		{"rename", "harbour.ipynb (Untitled.ipynb gone)", nb.rename, jpWantRenamed(dir, "Untitled.ipynb", "harbour.ipynb")},
		{"markdown_cell", "harbour.ipynb: a markdown cell", nb.markdownCell, jpWantMarkdown(filepath.Join(dir, "harbour.ipynb"), "# Tides")},
		{"delete_file", "notes.txt gone, harbour.ipynb kept", jpDeleteFile, jpWantDeleted(dir, "notes.txt", "harbour.ipynb")},
	}
}

// TestJupyter runs Debian's Jupyter Notebook 6 on a temporary notebook
// folder (its config, data and runtime folders there too; no token, on
// loopback) and does a notebook user's first steps through `pling
// serve`: New → Python 3 (a tab the page opens), code typed into the
// cell (a CodeMirror 5 editor) and run, the notebook saved, then renamed
// by its title (a <span> jQuery makes clickable) in its dialog. Every
// outcome is checked in the notebook's file.
func TestJupyter(t *testing.T) {
	start := time.Now()
	if _, err := os.Stat(jupyterBin); err != nil {
		t.Fatalf("the Jupyter corpus needs Debian's jupyter-notebook package (make wordpress): %v", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 4*time.Minute)
	defer cancel()
	dir := t.TempDir()
	site, stop, err := startJupyter(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	runSuite(ctx, t, start, site, "jupyter", jpTasks(filepath.Join(dir, "notebooks")), jpKnownFailing)
}

// startJupyter serves a notebook folder in dir on a free loopback port,
// Jupyter's own folders in dir too; stop ends the server and its kernels.
func startJupyter(ctx context.Context, dir string) (*wpSite, func(), error) {
	nbDir, home := filepath.Join(dir, "notebooks"), filepath.Join(dir, "home")
	for _, d := range []string{nbDir, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, nil, err
		}
	}
	// (a file for the list's delete task)
	if err := os.WriteFile(filepath.Join(nbDir, "notes.txt"), []byte("tide tables\n"), 0o644); err != nil {
		return nil, nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	cmd := exec.Command(jupyterBin, "--no-browser", "--allow-root", "--ip=127.0.0.1", fmt.Sprintf("--port=%d", port),
		"--NotebookApp.token=", "--NotebookApp.password=", "--NotebookApp.port_retries=0", "--notebook-dir="+nbDir)
	cmd.Env = append(os.Environ(), "HOME="+home, "JUPYTER_CONFIG_DIR="+filepath.Join(home, "config"),
		"JUPYTER_DATA_DIR="+filepath.Join(home, "data"), "JUPYTER_RUNTIME_DIR="+filepath.Join(home, "runtime"), "IPYTHONDIR="+filepath.Join(home, "ipython"))
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	logPath := filepath.Join(dir, "jupyter.log")
	stop, err := serveProcess(ctx, cmd, logPath, base+"/tree", "jupyter-notebook")
	if err != nil {
		return nil, nil, err
	}
	return &wpSite{Base: base, phpLog: logPath}, stop, nil
}

// jpNotebook is the notebook's tab, which the tasks share.
type jpNotebook struct{ page string }

// act runs an action in the notebook's tab, failing on an error or a
// receipt that is not ok.
func (nb *jpNotebook) act(ctx context.Context, s *session, a *action, args map[string]any) (result, error) {
	req := map[string]any{"page": nb.page, "action": a.Name}
	if args != nil {
		req["args"] = args
	}
	r, err := s.call(ctx, "act", req)
	if err != nil {
		return r, err
	}
	if r.IsError || r.Body.Result == nil || !r.Body.Result.OK || r.Body.Observation == nil {
		return r, fmt.Errorf("act %s: %s", a.Name, firstLine(r.Text))
	}
	return r, nil
}

// observe is the notebook tab's observation.
func (nb *jpNotebook) observe(ctx context.Context, s *session) (*observation, error) {
	r, err := s.call(ctx, "observe", map[string]any{"page": nb.page})
	if err != nil {
		return nil, err
	}
	if r.IsError || r.Body.Observation == nil {
		return nil, fmt.Errorf("observe the notebook: %s", firstLine(r.Text))
	}
	return r.Body.Observation, nil
}

// pick is the notebook's first action of kind ("" for any) whose name or
// description matches re, in its first observation slice.
func (nb *jpNotebook) pick(obs *observation, kind, re string) (*action, error) {
	rx := regexp.MustCompile(re)
	for i := range obs.Actions {
		a := &obs.Actions[i]
		if (kind == "" || a.Kind == kind) && !a.RecordParam && rx.MatchString(a.Name+" "+a.Description) {
			return a, nil
		}
	}
	return nil, fmt.Errorf("no %s action like %s in the notebook (actions: %s)", kind, re, actionList(obs))
}

// create: the file list's New menu, Python 3; the receipt must hand over
// the tab the page opened, which shows the new notebook.
func (nb *jpNotebook) create(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/tree")
	if err != nil {
		return err
	}
	r, err := wpPress(ctx, s, obs, `(?i)^new`)
	if err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)python`); err != nil {
		return err
	}
	if len(r.Body.NewPages) != 1 {
		return fmt.Errorf("the receipt hands over %d tabs, want the notebook's: %s", len(r.Body.NewPages), clip(r.Text, 300))
	}
	nb.page = r.Body.NewPages[0]
	obs, err = nb.observe(ctx, s)
	if err != nil {
		return err
	}
	if !strings.HasPrefix(obs.Identity.Path, "/notebooks/") {
		return fmt.Errorf("the new tab shows %s, not a notebook", obs.Identity.Path)
	}
	return nil
}

// runCell: the notebook's cell (its one editor), code typed, Run, then
// Save and Checkpoint.
func (nb *jpNotebook) runCell(ctx context.Context, s *session, w *wpSite) error {
	obs, err := nb.observe(ctx, s)
	if err != nil {
		return err
	}
	cell, err := nb.pick(obs, "type", `.`)
	if err != nil {
		return err
	}
	r, err := nb.act(ctx, s, cell, map[string]any{"text": "print(6*7)"})
	if err != nil {
		return err
	}
	run, err := nb.pick(r.Body.Observation, "click", `(?i)^run( |$)`)
	if err != nil {
		return err
	}
	if r, err = nb.act(ctx, s, run, nil); err != nil {
		return err
	}
	return nb.save(ctx, s, r.Body.Observation)
}

// save presses the notebook's Save and Checkpoint in obs.
func (nb *jpNotebook) save(ctx context.Context, s *session, obs *observation) error {
	save, err := nb.pick(obs, "click", `(?i)^save`)
	if err != nil {
		return err
	}
	_, err = nb.act(ctx, s, save, nil)
	return err
}

// rename: the notebook's title (it opens the rename dialog), the new
// name, Rename.
func (nb *jpNotebook) rename(ctx context.Context, s *session, w *wpSite) error {
	obs, err := nb.observe(ctx, s)
	if err != nil {
		return err
	}
	title, err := nb.pick(obs, "click", `(?i)^untitled`)
	if err != nil {
		return err
	}
	r, err := nb.act(ctx, s, title, nil)
	if err != nil {
		return err
	}
	name, err := nb.pick(r.Body.Observation, "type", `(?i)name`)
	if err != nil {
		return err
	}
	if r, err = nb.act(ctx, s, name, map[string]any{"text": "harbour"}); err != nil {
		return err
	}
	ok, err := nb.pick(r.Body.Observation, "click", `(?i)^rename( |$)`)
	if err != nil {
		return err
	}
	_, err = nb.act(ctx, s, ok, nil)
	return err
}

// jpWantNotebook checks a notebook file: it exists and, when source is
// set, its first cell holds source with a stream output text.
func jpWantNotebook(path, source, output string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, _ *wpSite) error {
		var got string
		for i := 0; i < 30; i++ {
			raw, err := os.ReadFile(path)
			if err == nil {
				var nb struct {
					Cells []struct {
						Source  any `json:"source"`
						Outputs []struct {
							Text any `json:"text"`
						} `json:"outputs"`
					} `json:"cells"`
				}
				if err := json.Unmarshal(raw, &nb); err != nil {
					return fmt.Errorf("%s: %w", filepath.Base(path), err)
				}
				if source == "" {
					return nil
				}
				if len(nb.Cells) > 0 {
					c := nb.Cells[0]
					got = jpText(c.Source)
					if got == source && len(c.Outputs) > 0 && jpText(c.Outputs[0].Text) == output {
						return nil
					}
				}
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
		}
		return fmt.Errorf("%s: the first cell is %q with no output %q", filepath.Base(path), got, output)
	}
}

// jpText is a notebook's text field: a string or a list of lines.
func jpText(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case []any:
		var b strings.Builder
		for _, l := range t {
			s, _ := l.(string)
			b.WriteString(s)
		}
		return b.String()
	}
	return ""
}

// jpWantRenamed checks that the notebook file is there under its new name
// and gone under its old one.
// jpDeleteFile: in the file list (rows of divs, each with a checkbox:
// issue 18 pt 8) the row of notes.txt is selected, the toolbar's Delete
// that the selection shows is pressed, then the dialog's Delete.
func jpDeleteFile(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/tree")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, "notes.txt")
	if err != nil {
		return err
	}
	sel, err := wpPick(ctx, s, obs, "", `(?i)^(select|toggle)\b|checkbox`, true)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, sel, rec.ID, nil)
	if err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^(delete|trash)`); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^delete`)
	return err
}

// jpWantDeleted: gone is no longer in the notebook folder, kept still is.
func jpWantDeleted(dir, gone, kept string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, _ *wpSite) error {
		// (the server deletes when the dialog's request lands: up to 5 s)
		for end := time.Now().Add(5 * time.Second); ; {
			_, err := os.Stat(filepath.Join(dir, gone))
			if os.IsNotExist(err) {
				break
			}
			if time.Now().After(end) || ctx.Err() != nil {
				return fmt.Errorf("%s is still there", gone)
			}
			time.Sleep(100 * time.Millisecond)
		}
		if _, err := os.Stat(filepath.Join(dir, kept)); err != nil {
			return fmt.Errorf("%s is gone too: %w", kept, err)
		}
		return nil
	}
}

func jpWantRenamed(dir, old, name string) func(context.Context, *wpSite) error {
	return func(context.Context, *wpSite) error {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			return fmt.Errorf("no %s: %w", name, err)
		}
		if _, err := os.Stat(filepath.Join(dir, old)); err == nil {
			return fmt.Errorf("%s is still there", old)
		}
		return nil
	}
}

// markdownCell: a cell inserted below, its type Markdown, a heading typed
// into it (its editor, named for markup text now), Save.
func (nb *jpNotebook) markdownCell(ctx context.Context, s *session, w *wpSite) error {
	obs, err := nb.observe(ctx, s)
	if err != nil {
		return err
	}
	ins, err := nb.pick(obs, "click", `(?i)^insert_cell_below`)
	if err != nil {
		return err
	}
	r, err := nb.act(ctx, s, ins, nil)
	if err != nil {
		return err
	}
	kind, err := nb.pick(r.Body.Observation, "select", `(?i)cell.type`)
	if err != nil {
		return err
	}
	if r, err = nb.act(ctx, s, kind, map[string]any{"value": "Markdown"}); err != nil {
		return err
	}
	// (the cell that became Markdown says so in its name)
	cell, err := nb.pick(r.Body.Observation, "type", `(?i)markup|markdown`)
	if err != nil {
		return err
	}
	if r, err = nb.act(ctx, s, cell, map[string]any{"text": "# Tides"}); err != nil {
		return err
	}
	return nb.save(ctx, s, r.Body.Observation)
}

// jpWantMarkdown checks that the notebook at path has a markdown cell
// whose source is source (the server writes the file on save; a few
// tries).
func jpWantMarkdown(path, source string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, _ *wpSite) error {
		var cells []string
		for i := 0; i < 30; i++ {
			cells = nil
			raw, err := os.ReadFile(path)
			if err == nil {
				var nb struct {
					Cells []struct {
						Type   string `json:"cell_type"`
						Source any    `json:"source"`
					} `json:"cells"`
				}
				if err := json.Unmarshal(raw, &nb); err != nil {
					return fmt.Errorf("%s: %w", filepath.Base(path), err)
				}
				for _, c := range nb.Cells {
					if c.Type == "markdown" && jpText(c.Source) == source {
						return nil
					}
					cells = append(cells, c.Type+": "+jpText(c.Source))
				}
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
		}
		return fmt.Errorf("%s: no markdown cell %q (cells: %q)", filepath.Base(path), source, cells)
	}
}
